"""``python -m tafl_core engine`` and its pipes: a host that stops reading the engine's output,
and a host that floods the engine with lines while it thinks."""

from __future__ import annotations

import subprocess
import sys
import time

from tafl_core.cli_common import EXIT_BROKEN_PIPE
from tafl_core.limits import MAX_ENGINE_QUEUE

from .helpers import REPO
from .test_engine_protocol import BRANDUB, GUARD_SECONDS, Host

# OpenTafl's Alea Evangelii (core rules): a 19x19 board, on which no search ends within seconds.
ALEA_19 = ("dim:19 name:Alea_Evangelii_(core_rules) atkf:y tfr:w cenh: start:/2t2t7t2t2/19/t4t7t4t/7t1t1t7/"
           "6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/"
           "4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/")


def test_a_host_that_stops_reading_ends_the_engine_cleanly():
    """The reader of the engine's output closes it: the engine's next writes fail, and it exits
    with the command line's code for a vanished reader, never by a signal (SIGABRT: an
    interpreter shutting down while the input thread is inside a read)."""
    proc = subprocess.Popen([sys.executable, "-m", "tafl_core", "engine", "--depth", "1"], cwd=REPO,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline() == b"hello\n"
        proc.stdout.close()
        proc.stdin.write(("rules " + BRANDUB + "\n" + "play attackers\nfrobnicate\n" * 5).encode("ascii"))
        proc.stdin.flush()
        code = proc.wait(timeout=GUARD_SECONDS)
        err = proc.stderr.read().decode("utf-8", "replace")
        assert code == EXIT_BROKEN_PIPE, (code, err)
        assert err == ""
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_lines_beyond_the_queue_bound_while_the_engine_thinks_are_refused():
    """While the engine thinks (a 3-second move on 19x19), the host sends three times the
    bound of waiting lines: every line is answered once, each one beyond the bound at once by
    'error 0' naming the bound, the waiting ones after the move; the engine then says goodbye."""
    flood = 3 * MAX_ENGINE_QUEUE
    h = Host("--seconds", "3")
    try:
        h.expect("simple-moves")
        h.send("rules " + ALEA_19)
        h.send("play attackers")
        time.sleep(1.0)   # the engine is thinking (its move takes 3 seconds of wall time)
        h.proc.stdin.write("frobnicate\n" * flood)
        h.proc.stdin.flush()
        h.send("goodbye")
        assert h.proc.wait(timeout=GUARD_SECONDS) == 0
        out = []
        while (line := h.lines.get(timeout=GUARD_SECONDS)) is not None:
            out.append(line)
        refused = [ln for ln in out if ln.startswith(f"error 0 {MAX_ENGINE_QUEUE} commands are waiting")]
        answered = [ln for ln in out if ln == "error 0 unknown command frobnicate"]
        assert len(refused) + len(answered) == flood
        # the waiting lines: the bound, and the line the engine took before its search began
        assert len(answered) <= MAX_ENGINE_QUEUE + 1 and refused
        assert any(ln.startswith("move ") for ln in out)
    finally:
        if h.proc.poll() is None:
            h.proc.kill()
            h.proc.wait()
