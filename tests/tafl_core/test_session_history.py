"""The bridge session's history work grows linearly with the game's length: ``goto`` takes
back or replays each ply once with O(1) bookkeeping, and ``state`` builds a history entry only
for moves it has not reported yet (counted, not timed)."""

from __future__ import annotations

import pytest

from tafl_core.bridge import Session
from tafl_core.game import Game

from .helpers import REPO

# Tawlbwrdd (Bell) ignores repetition and has no rule for a blocked side: a piece of each side
# moving to and fro is a legal game of any length.
TEXT = (REPO / "variants_src" / "tawlbwrdd-bell" / "rules.toml").read_text(encoding="utf-8")


def long_session(plies: int) -> Session:
    s = Session(TEXT)
    g = s.game
    first = []
    for _ in range(2):
        m = sorted(g.move_codes())[0]
        first.append(m)
        g.play_code(m)
    back = [((m & 1023) << 10) | (m >> 10) for m in first]
    cycle = back + first
    for i in range(plies - 2):
        assert g.play_code(cycle[i % 4]) is None
    assert g.ply == plies
    return s


class Counter:
    def __init__(self, monkeypatch, cls, name):
        self.n = 0
        original = getattr(cls, name)
        counter = self

        if isinstance(original, property):
            def getter(obj):
                counter.n += 1
                return original.fget(obj)
            monkeypatch.setattr(cls, name, property(getter))
        else:
            def wrapped(*a, **k):
                counter.n += 1
                return original(*a, **k)
            monkeypatch.setattr(cls, name, wrapped)


@pytest.mark.parametrize("plies", [40, 400])
def test_goto_is_one_step_a_ply(monkeypatch, plies):
    s = long_session(plies)
    s.state()
    lists = Counter(monkeypatch, Game, "moves_played")
    undos = Counter(monkeypatch, Game, "undo")
    redos = Counter(monkeypatch, Game, "redo")
    st = s.goto(0)
    assert st["cursor"] == 0 and len(st["future"]) == plies
    assert undos.n == plies and lists.n <= 2   # the history list is built once, by state()
    st = s.goto(plies)
    assert st["cursor"] == plies and redos.n == plies and lists.n <= 4


def test_state_builds_entries_only_for_new_moves(monkeypatch):
    s = long_session(300)
    built = Counter(monkeypatch, Session, "_played_dict")
    s.state()
    assert built.n == 300
    s.state()
    assert built.n == 300
    s.game.play_code(sorted(s.game.move_codes())[0])
    st = s.state()
    assert built.n == 301 and len(st["history"]) == 301
    s.undo()
    s.undo()
    assert built.n == 301 and len(s.state()["history"]) == 299
