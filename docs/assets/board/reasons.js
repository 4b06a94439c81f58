// Tafl-Kompendium board: the engine's refusals in the page's words (no DOM; unit-tested with
// `node --test`, tests/js/reasons.test.mjs). The engine gives a refusal as data, `reason`
// {code, params} (tafl_core/reasons.py), and the page gives the words, board-data `reasons`
// {templates: {code: template}, forms: {form: {value: word}}} (build_tools/labels.py
// reason_words). No engine text is read here.
//
// Template syntax: `{name}` is the param's value as given; `{name|form}` is forms[form][value]
// (e.g. `{piece|nom}` -> "ein Angreifer"); a missing form or word falls back to the raw value,
// a missing param to nothing. Nothing else is special. One pass over the template.

/** The words of one param value: forms[form][value] where `form` names a table that has it,
 *  else the value itself. */
function formOf(forms, form, value) {
  const table = form && forms && typeof forms === "object" ? forms[form] : null;
  const word = table && typeof table === "object" && Object.hasOwn(table, String(value)) ? table[String(value)] : null;
  return typeof word === "string" ? word : String(value);
}

/**
 * `template` with its placeholders filled from `params` ({name: string|number}) and `forms`.
 * An unclosed "{" stays as text. Linear in the template's length.
 */
export function fillTemplate(template, params = {}, forms = {}) {
  const t = String(template);
  let out = "";
  let i = 0;
  while (i < t.length) {
    const open = t.indexOf("{", i);
    if (open < 0) { out += t.slice(i); break; }
    const close = t.indexOf("}", open + 1);
    if (close < 0) { out += t.slice(i); break; }
    out += t.slice(i, open);
    const inner = t.slice(open + 1, close);
    const bar = inner.indexOf("|");
    const name = bar < 0 ? inner : inner.slice(0, bar);
    const form = bar < 0 ? null : inner.slice(bar + 1);
    const value = params && Object.hasOwn(params, name) ? params[name] : null;
    if (value !== null && value !== undefined) out += formOf(forms, form, value);
    i = close + 1;
  }
  return out;
}

/**
 * A refusal `reason` ({code, params}, from the bridge) in the page's words, from board-data
 * `reasons` ({templates, forms}); null when there is no reason or no template for its code
 * (the caller then says the refusal without a why, or the engine's own sentence).
 */
export function wordReason(reason, words) {
  if (!reason || typeof reason !== "object" || typeof reason.code !== "string") return null;
  const templates = words && typeof words === "object" ? words.templates : null;
  const template = templates && Object.hasOwn(templates, reason.code) ? templates[reason.code] : null;
  if (typeof template !== "string") return null;
  const params = reason.params && typeof reason.params === "object" ? reason.params : {};
  return fillTemplate(template, params, words.forms || {});
}
