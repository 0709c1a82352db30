"""Journeys: each documented command and flag used the way a person uses it.

Every journey runs the installed `cosmic` (the console script beside this Python) in a
subprocess, with its own COSMIC_HOME, and checks what the person sees: the exit status,
what is printed, the files left behind. Full-screen journeys run in tmux (tests/_tmux.py).
`test_coverage.py` fails when a subcommand or flag of `cosmic` has no journey using it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent.parent
for where in (TESTS, TESTS / "journeys"):
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))  # tests/_tmux.py, tests/journeys/_journey.py


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A fresh COSMIC_HOME (keys, games) for one journey."""
    h = tmp_path / "home"
    h.mkdir()
    return h
