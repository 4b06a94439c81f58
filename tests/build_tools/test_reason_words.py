"""The site words every refusal of the engine in German and English (build_tools/labels.py,
REASON_TEMPLATES and REASON_FORMS; notes/CONTRACTS.md "Reasons"): a template per Reason code in
both languages, whose placeholders name parameters the engine gives for that code and whose
forms have a word for every value the engine may give."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_tools.labels import LANGS, REASON_FORMS, REASON_TEMPLATES, reason_words
from tafl_core.reasons import PARAMS, Reason
from tafl_core.rulekeys import ALL_RULE_KEYS

PLACEHOLDER = re.compile(r"\{([a-z_]+)(?:\|([a-z_]+))?\}")
#: The values the engine gives for parameters of a closed set (tafl_core.reasons docstring).
DOMAINS = {
    "piece": ("attacker", "defender", "king", "commander", "knight"),
    "over": ("attacker", "defender", "king", "commander", "knight"),
    "owner": ("attackers", "defenders"),
    "to_move": ("attackers", "defenders"),
    "rule": tuple(ALL_RULE_KEYS),
}
SPECIAL = {"may_not_pass": ("throne", "corner", "camp"), "may_not_stand": ("throne", "corner", "camp"),
           "may_not_stop": ("throne", "corner", "camp", "square")}
#: Words of the engine's English that never appear in German text.
ENGLISH = re.compile(r"\b(the|may|is|are|not|only|must|move|piece|square|position|row|king|jump|captures?)\b")


def render(template: str, params: dict, forms: dict) -> str:
    """The template with its placeholders filled, as the board's wordReason does (contract §3)."""
    def one(m):
        value = params.get(m.group(1), m.group(1))
        if m.group(2):
            return str(forms.get(m.group(2), {}).get(str(value), value))
        return str(value)
    return PLACEHOLDER.sub(one, template)


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_code_has_a_template(lang):
    assert set(REASON_TEMPLATES[lang]) == {str(code) for code in Reason}
    assert all(REASON_TEMPLATES[lang].values())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", list(Reason))
def test_placeholders_name_the_codes_params_and_known_forms(lang, code):
    template = REASON_TEMPLATES[lang][str(code)]
    assert "{{" not in template and "}}" not in template
    assert template.count("{") == template.count("}") == len(PLACEHOLDER.findall(template))
    for name, form in PLACEHOLDER.findall(template):
        assert name in PARAMS[code], f"{lang} {code}: {{{name}}} is no parameter of the code"
        if form:
            assert form in REASON_FORMS[lang], f"{lang} {code}: unknown form {form}"
            values = SPECIAL.get(str(code)) if name == "special" else DOMAINS.get(name)
            assert values, f"{lang} {code}: a form on the open parameter {name}"
            missing = [v for v in values if v not in REASON_FORMS[lang][form]]
            assert not missing, f"{lang} {code}: form {form} has no word for {missing}"


@pytest.mark.parametrize("code", list(Reason))
def test_german_words_are_german(code):
    params = {name: DOMAINS.get(name, ("e5",))[0] for name in PARAMS[code]}
    if "special" in params:
        params["special"] = "throne"
    text = render(REASON_TEMPLATES["de"][str(code)], params, REASON_FORMS["de"])
    assert "{" not in text
    assert not ENGLISH.search(text), text


def test_a_worded_refusal_reads_as_a_sentence():
    de = reason_words("de")
    text = render(de["templates"]["not_your_piece"], {"square": "f5", "owner": "defenders", "to_move": "attackers"},
                  de["forms"])
    assert text == "die Figur auf f5 gehört den Verteidigern, am Zug sind die Angreifer"
    en = reason_words("en")
    assert render(en["templates"]["may_not_stop"], {"piece": "attacker", "special": "corner", "square": "a1"},
                  en["forms"]) == "an attacker may not stop on the corner square a1"


@pytest.mark.parametrize("lang", LANGS)
def test_every_capture_reason_has_the_site_s_words(lang):
    """The engine's capture reasons (tafl_core.reasons.CaptureReason) and the site's names of
    them (labels.CAPTURE_REASON_NAMES) are the same set of codes."""
    from build_tools.labels import CAPTURE_REASON_NAMES
    from tafl_core.reasons import CaptureReason
    assert set(CAPTURE_REASON_NAMES[lang]) == {str(r) for r in CaptureReason}


def test_every_result_reason_has_the_board_s_words_in_both_languages():
    """The board words a game's end from ``reason`` in docs/assets/board/words.js, once per
    language; its keys are the engine's result reasons (tafl_core.reasons.ResultReason)."""
    from tafl_core.reasons import ResultReason
    text = (Path(__file__).resolve().parents[2] / "docs" / "assets" / "board" / "words.js").read_text(encoding="utf-8")
    blocks = re.findall(r"\n    reason: \{(.*?)\n    \},", text, re.DOTALL)
    assert len(blocks) == 2
    for block in blocks:
        assert set(re.findall(r"([a-z_]+): \"", block)) == {str(r) for r in ResultReason}
