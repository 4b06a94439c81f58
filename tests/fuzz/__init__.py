"""Standing fuzz suite: the command line and the engine's invariants under hostile
and random input. Budget: FUZZ_EXAMPLES (see tests/fuzz/budget.py and notes/tests.md)."""
