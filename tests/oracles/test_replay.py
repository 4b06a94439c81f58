"""Copenhagen Hnefatafl and Brandubh replayed against 2,277 real games (shared/oracles,
aagenielsen.dk records): every comparable game replays with every move legal, the same set of
captured squares on every move, and the same winner wherever the game ended on the board."""

from __future__ import annotations

import pytest

from .replay import FILES, ORACLES, REPO, replay_file


@pytest.mark.slow   # every game of both files: `make test` runs it, `make test-fast` leaves it out
@pytest.mark.parametrize("name", sorted(FILES))
def test_oracle_replay(name, capsys):
    filename, slug = FILES[name]
    if not (ORACLES / filename).exists():
        pytest.skip("../shared/oracles is not beside this checkout (third-party data; only on developer and CI machines)")
    report = replay_file(name)
    with capsys.disabled():
        print("\n" + "\n".join(report.lines()))
    assert report.failures == []
    # skips only for the documented reasons (shared/oracles/README.md)
    assert set(report.skipped) <= {"timeout ends the game", "repetition the site did not enforce"}
    assert report.compared > 0.8 * report.games
