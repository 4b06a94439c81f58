// Tafl-Kompendium board: game records in the reader's hands — the size bound checked before a
// paste or a file goes to the engine, the file names and types of an export, the numbers of a
// refusal written in the page's language (no DOM, no engine; unit-tested with `node --test`,
// tests/js/records.test.mjs). Reading and writing the records is the engine's
// (tafl_core/records.py, bridge commands export_record / import_record), which checks the
// bound again and parses strictly; this module never reads a record's content.

/** The longest record the engine reads, in characters (code points): tafl_core.limits
 *  MAX_GAME_RECORD_CHARS (tests/tafl_core/test_analysis_bridge.py holds the two equal). */
export const RECORD_MAX_CHARS = 2_000_000;

/** UTF-8 needs at most 4 bytes a character: a file larger than this cannot be within the bound
 *  and is refused before it is read. */
export const RECORD_MAX_FILE_BYTES = 4 * RECORD_MAX_CHARS;

/** The export formats: bridge export_record `format`, file extension, MIME type. OpenTafl's
 *  own saved games end in `.otg` (OpenTafl saved-games/). */
export const RECORD_FORMATS = Object.freeze({
  opentafl: { ext: "otg", mime: "text/plain;charset=utf-8" },
  text: { ext: "txt", mime: "text/plain;charset=utf-8" },
});

/** What the file chooser offers. */
export const RECORD_ACCEPT = ".otg,.txt,text/plain";

/** The number of code points in `text`, counting stops once past `limit` (JavaScript's length
 *  counts UTF-16 units, Python's len code points: a character outside the BMP is one). */
export function codePoints(text, limit = Infinity) {
  const s = String(text);
  if (s.length <= limit) { // only surrogate pairs make the two counts differ
    let pairs = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { pairs++; i++; }
      }
    }
    return s.length - pairs;
  }
  let n = 0;
  for (let i = 0; i < s.length && n <= limit; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** Why the text `text` is not sent to the engine, as the engine would say it ({code, params},
 *  worded by reasons.js), or null: not text, empty, or longer than RECORD_MAX_CHARS. */
export function checkRecordText(text) {
  if (typeof text !== "string" || !text.trim()) return { code: "game_record_empty", params: {} };
  if (codePoints(text, RECORD_MAX_CHARS) > RECORD_MAX_CHARS) return { code: "game_record_too_long", params: { max: RECORD_MAX_CHARS } };
  return null;
}

/** Why a file of `bytes` bytes is not read at all (too large for the bound even in the
 *  densest encoding), or null. */
export function checkRecordFileSize(bytes) {
  return Number.isFinite(bytes) && bytes >= 0 && bytes <= RECORD_MAX_FILE_BYTES
    ? null : { code: "game_record_too_long", params: { max: RECORD_MAX_CHARS } };
}

/** The file name of an exported record: `<variant slug>-<yyyy-mm-dd>.<ext>` (the reader's local
 *  day; a slug that is not one becomes `game`). */
export function recordFileName(slug, format, date = new Date()) {
  const f = RECORD_FORMATS[format] || RECORD_FORMATS.opentafl;
  const name = typeof slug === "string" && /^[a-z0-9-]{1,64}$/.test(slug) ? slug : "game";
  const pad = (n) => String(n).padStart(2, "0");
  return `${name}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.${f.ext}`;
}

/** `reason` with its number params (`max`, a bound) written as the page's language writes
 *  numbers (2.000.000 / 2,000,000); the reason itself is left as it was. */
export function localReason(reason, lang) {
  if (!reason || typeof reason !== "object" || !reason.params || typeof reason.params !== "object") return reason;
  const params = { ...reason.params };
  if (Number.isInteger(params.max)) params.max = params.max.toLocaleString(lang === "en" ? "en-GB" : "de-DE");
  return { ...reason, params };
}

/**
 * A rule's value in the site's words, as build_tools/labels.py value_name words it (the words
 * come from board-data `names.values`, labels.value_words; tests/build_tools/
 * test_record_value_words.py holds the two equal): a list joined with ", " (an empty list of
 * piece kinds "niemand"/"nobody", of squares "keine"/"none"), a boolean yes/no, a known value
 * by its name, anything else (squares, numbers) as written. Without a table (`V` missing) the
 * value as written.
 */
export function valueName(V, key, value) {
  const table = V && typeof V === "object" && V.keys && typeof V.keys === "object" ? V : null;
  if (Array.isArray(value)) {
    if (!value.length) {
      if (!table) return "—";
      return (Array.isArray(table.square_lists) && table.square_lists.includes(key)) ? table.no_squares : table.none;
    }
    return value.map((x) => valueName(V, key, x)).join(", ");
  }
  const text = typeof value === "boolean" ? (value ? "True" : "False") : value === null || value === undefined ? "" : String(value);
  if (!table) return text;
  const own = Object.prototype.hasOwnProperty.call(table.keys, key) ? table.keys[key] : null;
  if (own && Object.prototype.hasOwnProperty.call(own, text)) return own[text];
  const any = table.keys["*"] || {};
  return Object.prototype.hasOwnProperty.call(any, text) ? any[text] : text;
}

/** A rule's name in the page's language (`ruleNames` {key: name}, board-data reasons.forms.rule),
 *  else the key. */
function ruleName(ruleNames, key) {
  return ruleNames && typeof ruleNames[key] === "string" ? ruleNames[key] : key;
}

/**
 * What the panel says of an OpenTafl export, from the `export_record` answer's `opentafl`
 * `o` (notes/CONTRACTS.md: {rules, differ: [{key, site, opentafl}], why}) in the words `T`
 * (words.js), rule names `ruleNames` and value words `V` (valueName): null where OpenTafl opens
 * the record under the site's own rules; the rules written otherwise where it opens it under
 * its nearest rules; why no OpenTafl file can be made otherwise.
 */
export function exportOpenTaflNote(T, o, ruleNames = {}, V = null) {
  if (!o || typeof o !== "object") return null;
  const differ = Array.isArray(o.differ) ? o.differ.filter((d) => d && typeof d.key === "string") : [];
  const list = differ.map((d) => T.opentaflRuleDiff(ruleName(ruleNames, d.key), valueName(V, d.key, d.site),
    valueName(V, d.key, d.opentafl))).join("; ");
  if (o.rules === true) return list ? T.opentaflNearest(list) : null;
  const why = o.why && typeof o.why === "object" ? o.why : {};
  let text;
  if (why.code === "board_size" && Number.isInteger(why.size) && Number.isInteger(why.max)) text = T.opentaflWhy.board_size(why.size, why.max);
  else if (why.code === "moves" && Number.isInteger(why.ply)) text = T.opentaflWhy.moves(why.ply, String(why.move || ""), list);
  else text = T.opentaflWhy.rules;
  return T.opentaflNone(text);
}

/**
 * What an `import_record` answer `r` says beyond its moves (notes/CONTRACTS.md "Worker
 * protocol"), in the words `T` (words.js STRINGS), rule names from `ruleNames` {key: name}
 * (board-data reasons.forms.rule; the key where it has none) and values in the words `V`
 * (board-data names.values, valueName): {result, rules, switch, comments}. `result` the record's result and termination, or null; `rules` how the record's
 * `[rules:…]` tag differs from the page's, or null; `switch` {key: value} to offer (the
 * engine's, only when every assumption it turns, `switchKeys` (the answer's
 * `rules.assumptions`), is one of `switchable`, the assumptions the reader may switch), or
 * null; `comments` Map ply -> text (plain text: shown as text, never markup).
 * Malformed parts count as absent.
 */
export function importNotes(T, r, ruleNames = {}, switchable = [], V = null) {
  const out = { result: null, rules: null, switch: null, switchKeys: null, comments: new Map() };
  if (!r || typeof r !== "object") return out;
  const res = r.result;
  if (res && typeof res === "object") {
    const outcome = res.draw === true ? "draw" : res.winner === "attackers" || res.winner === "defenders" ? res.winner : "open";
    const term = typeof res.termination === "string" && res.termination.trim() ? res.termination.trim() : null;
    if (outcome !== "open" || term) out.result = T.recordResult(T.recordOutcome[outcome], term);
  }
  const rules = r.rules;
  if (rules && typeof rules === "object") {
    const differ = Array.isArray(rules.differ) ? rules.differ.filter((d) => d && typeof d.key === "string") : [];
    const parts = differ.map((d) => T.recordRuleDiff(ruleName(ruleNames, d.key), valueName(V, d.key, d.record),
      valueName(V, d.key, d.page)));
    if (rules.readable === false) out.rules = T.recordRulesUnreadable + (parts.length ? " " + T.recordRulesDiffer(parts.join("; ")) : "");
    else if (parts.length) out.rules = T.recordRulesDiffer(parts.join("; "));
    const sw = rules.switch;
    // the assumptions whose alternatives make the switch (one alternative may set several rules)
    const keys = Array.isArray(rules.assumptions) && rules.assumptions.length ? rules.assumptions.map(String)
      : sw && typeof sw === "object" ? Object.keys(sw) : [];
    if (sw && typeof sw === "object" && !Array.isArray(sw) && keys.length
        && keys.every((k) => switchable.includes(k))) {
      out.switch = { ...sw };
      out.switchKeys = keys;
    }
  }
  for (const c of Array.isArray(r.comments) ? r.comments : []) {
    if (c && Number.isInteger(c.ply) && c.ply >= 0 && typeof c.text === "string") out.comments.set(c.ply, c.text);
  }
  return out;
}
