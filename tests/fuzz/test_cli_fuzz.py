"""Fuzzing the command line in-process (``tafl_core.cli.main``, standard streams captured):
random arguments, position files and rules files as bytes. Whatever the input, a call ends in
exit 0 with nothing on standard error, or in exit 2 with exactly one line ``error: …`` on
standard error and nothing on standard output (notes/engine.md, "Command line"); never a traceback
and never exit 3 (``cli_common.EXIT_INTERNAL``, a fault of tafl_core).

Budget: tests/fuzz/budget.py (``FUZZ_EXAMPLES``)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given, strategies as st

from .budget import fuzz_settings
from .harness import RULES_BYTES, SLUGS, check, with_short_bench

# Too long for `make test-fast` (under a minute in all); runs in `make test`.
pytestmark = pytest.mark.slow

#: Brandubh's start (variants_src/brandubh/rules.toml) as a diagram and as an OpenTafl record.
BRANDUBH_DIAGRAM = (b"7 . . . A . . .\n6 . . . A . . .\n5 . . . D . . .\n4 A A D K D A A\n3 . . . D . . .\n"
                    b"2 . . . A . . .\n1 . . . A . . .\n  A B C D E F G\n")
BRANDUBH_OTN = b"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"


# -- arguments ----------------------------------------------------------------------------------

TOKENS = ["play", "moves", "bench", "--variant", "--position", "--to-move", "--json", "--from", "--seconds",
          "--seed", "-", "--", "-h", "attackers", "defenders", "nobody", "e5", "d4", "a1", "y25", "z9", "e0",
          "d1-c1", "d1-d3", "e1-e5", "a1-a2", "end", "END", "d1^d3", "d1=d3", "d1-d3xd4", "e1-e5+",
          "nan", "inf", "-1", "0", "1e308", "9" * 5000, "x" * 300, "variants_src", "variants_src/brandubh",
          "/", "/dev/null", "/dev/zero", ".", "..", "\x00", "\ud800", "e\u00b2", "\u0663", *SLUGS]

argument_lists = st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=12)), max_size=10)


@fuzz_settings(300)
@given(argv=argument_lists)
@example(argv=["moves", "--variant", "\x00"])
@example(argv=["play", "--variant", "brandubh", "--position", "/dev/zero"])
@example(argv=["play", "--variant", "/dev/zero"])
@example(argv=["moves", "--variant", "brandubh", "--from", "\u0663\u0663"])
@example(argv=["bench", "--variant", "brandubh", "--seed", "9" * 5000])
def test_any_arguments(argv):
    check(with_short_bench(argv))


@fuzz_settings(200)
@given(cmd=st.sampled_from(["play", "moves"]), slug=st.sampled_from(SLUGS), to_move=st.sampled_from([None, "attackers", "defenders"]),
       json_out=st.booleans(),
       moves=st.lists(st.one_of(st.sampled_from(TOKENS[16:34]),
                                st.from_regex(r"[a-z][0-9]{1,2}[-^=]?[a-z][0-9]{1,2}(x[a-z][0-9]{1,2})?", fullmatch=True)),
                      max_size=8))
def test_moves_on_every_variant(cmd, slug, to_move, json_out, moves):
    """Well-formed commands with random moves: illegal ones are answers (exit 0), malformed or
    off-board ones exit 2; text-only variants (board = false) exit 2."""
    argv = [cmd, "--variant", slug, *(["--to-move", to_move] if to_move else []), *(["--json"] if json_out else []), "--", *moves]
    check(argv)


# -- position files and standard input ----------------------------------------------------------

def _mutated(base: bytes):
    """Bytes like ``base`` with a few random edits (replace, insert, delete)."""
    edit = st.tuples(st.sampled_from(["replace", "insert", "delete"]), st.integers(0, len(base)),
                     st.binary(min_size=1, max_size=6) | st.sampled_from([b"9" * 5000, b"\n", b"K", b"/", b"  ", b"\xff"]))

    def apply(edits):
        data = bytearray(base)
        for op, at, chunk in edits:
            at = min(at, len(data))
            if op == "replace":
                data[at:at + len(chunk)] = chunk
            elif op == "insert":
                data[at:at] = chunk
            else:
                del data[at:at + len(chunk)]
        return bytes(data)

    return st.lists(edit, min_size=1, max_size=4).map(apply)


position_bytes = st.one_of(st.binary(max_size=200), _mutated(BRANDUBH_DIAGRAM), _mutated(BRANDUBH_OTN),
                           st.text(alphabet="./tTKcNn0123456789", max_size=80).map(lambda s: s.encode()))


@fuzz_settings(300)
@given(data=position_bytes, via_stdin=st.booleans(), json_out=st.booleans())
@example(data=b"7" * 5000 + b" . . . A . . .\n", via_stdin=False, json_out=False)
@example(data=b"\xef\xbb\xbf" + BRANDUBH_OTN, via_stdin=True, json_out=True)
@example(data=b"/" + b"9" * 5000 + b"/", via_stdin=True, json_out=False)
def test_position_files(data, via_stdin, json_out):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "position.txt"
        path.write_bytes(data)
        argv = ["moves", "--variant", "brandubh", "--position", "-" if via_stdin else str(path)] + (["--json"] if json_out else [])
        code, _, err = check(argv, stdin=data)
        if code == 2 and not via_stdin:
            assert str(path) in err, err     # the message names the file


# -- rules files --------------------------------------------------------------------------------

def _nested(depth: int, kind: str) -> str:
    return ("[" * depth + "1" + "]" * depth) if kind == "array" else ("{a = " * depth + "1" + "}" * depth)


_toml_scalars = st.one_of(
    st.integers(-10**6, 10**6).map(str), st.sampled_from(["inf", "nan", "-0.0", "1e999", "true", "false", "1979-05-27",
                                                          "07:32:00", "1979-05-27T07:32:00Z"]),
    st.sampled_from(["yes", "no", "corners", "edge", "attackers", "defenders", "king", "attacker", "defender", "a1",
                     "e5", "none", "off", "on", "2x2", "single", "", "\u0000"]).map(lambda v: f'"{v}"'),
    st.text(max_size=8).map(lambda v: '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'),
)
toml_values = st.recursive(_toml_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
    st.dictionaries(st.sampled_from(["de", "en", "value", "a", "escape", "throne"]), inner, max_size=3)
    .map(lambda d: "{" + ", ".join(f"{k} = {v}" for k, v in d.items()) + "}")), max_leaves=8)
_RULE_KEYS = sorted({line.split(".", 1)[1].rstrip("]") for line in RULES_BYTES["berserk-hnefatafl"].decode().splitlines()
                     if line.startswith("[rules.")} | {"one_step", "camp_stop", "camp_hostile", "camps", "no_such_rule"})


def _with_value(slug: str, key: str, field: str, value: str) -> bytes:
    """``slug``'s rules file with ``field`` of rule ``key`` set to the TOML ``value`` (the rule
    table added at the end when the file has none)."""
    text = RULES_BYTES[slug].decode()
    header = f"[rules.{key}]\n"
    if header not in text:
        return (text + f"\n{header}{field} = {value}\n").encode()
    head, tail = text.split(header, 1)
    body, sep, rest = tail.partition("\n[")
    lines = [line for line in body.split("\n") if not line.startswith(field + " ")]
    return (head + header + f"{field} = {value}\n" + "\n".join(lines) + sep + rest).encode()


rules_bytes = st.one_of(
    st.builds(_with_value, st.sampled_from(SLUGS), st.sampled_from(_RULE_KEYS),
              st.sampled_from(["value", "value", "alternative", "ref", "assumed", "note", "note.de"]), toml_values),
    st.sampled_from(SLUGS).flatmap(lambda slug: _mutated(RULES_BYTES[slug])),
    st.binary(max_size=300),
    st.builds(lambda depth, kind: RULES_BYTES["brandubh"].replace(b'value = "corners"', f"value = {_nested(depth, kind)}".encode()),
              st.integers(0, 3000), st.sampled_from(["array", "table"])),
    st.builds(lambda digits, hexa: RULES_BYTES["brandubh"].replace(b"value = 3", b"value = " + (b"0x" + b"f" * digits if hexa else b"9" * digits)),
              st.integers(1, 6000), st.booleans()),
    st.builds(lambda digits: RULES_BYTES["brandubh"].replace(b"\n7 . . . A", b"\n" + b"7" * digits + b" . . . A"),
              st.integers(1, 6000)),
)


@fuzz_settings(300)
@given(data=rules_bytes, as_folder=st.booleans())
@example(data=b"\x89PNG\r\n\x1a\n" + bytes(range(256)), as_folder=False)
@example(data=b"\xef\xbb\xbf" + RULES_BYTES["brandubh"], as_folder=True)
@example(data=b"[rules]\nx = 1979-05-27T07:32:00Z\n", as_folder=False)
@example(data=RULES_BYTES["brandubh"].replace(b'value = "corners"', b"value = 1979-05-27"), as_folder=False)
@example(data=RULES_BYTES["brandubh"].replace(b'value = "corners"', b"value = inf"), as_folder=False)
@example(data=RULES_BYTES["brandubh"].replace(b'value = "corners"', b'value = "\\ud800"'), as_folder=False)
def test_rules_files(data, as_folder):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rules.toml"
        path.write_bytes(data)
        code, _, err = check(["moves", "--variant", tmp if as_folder else str(path), "--json"])
        if code == 2:
            assert str(path) in err, err     # the message names the file
