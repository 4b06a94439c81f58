"""The fuzz suite's budget: ``FUZZ_EXAMPLES`` (environment) sets the number of examples of every
hypothesis test in tests/fuzz; without it each test uses its own small default, so that the
whole suite stays within about a minute of ``make test``. A deeper pass::

    FUZZ_EXAMPLES=2000 .venv/bin/python -m pytest -q tests/fuzz

No test here is timed (``deadline=None``): a slow example is no failure.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings


def examples(default: int) -> int:
    """Number of examples for one test: ``FUZZ_EXAMPLES`` when set (a positive integer), else
    ``default``.

    Raises:
        ValueError: FUZZ_EXAMPLES is set but is not a positive integer.
    """
    raw = os.environ.get("FUZZ_EXAMPLES", "").strip()
    if not raw:
        return default
    n = int(raw)
    if n < 1:
        raise ValueError(f"FUZZ_EXAMPLES must be a positive integer, not {raw!r}")
    return n


def fuzz_settings(default: int) -> settings:
    """hypothesis settings for a fuzz test: :func:`examples` examples, no deadline, and none
    of the health checks that only say an example is slow or large; the same examples every run
    under mutation testing."""
    # Under mutation testing (mutmut sets MUTANT_UNDER_TEST) every run draws the same examples,
    # so that a mutant is killed or not by the same inputs each time.
    return settings(max_examples=examples(default), deadline=None, derandomize=bool(os.environ.get("MUTANT_UNDER_TEST")),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example])
