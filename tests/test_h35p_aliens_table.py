"""docs/aliens.md: every alien the engine has is a row of the aliens' table itself. The
test beside the scenarios (tests/test_scenarios.py) took any line of the page that opens
like a row ("| Name |"), so eleven rows written below the "## Flares" heading, outside the
table (a Markdown table ends at its first line that is not a row), still counted."""

from __future__ import annotations

from pathlib import Path

from engine.cosmic.aliens import names

DOC = Path(__file__).resolve().parent.parent / "docs" / "aliens.md"
HEADER = "| name | lamp | summary | text followed | choices |"


def _table_rows(text: str) -> list[str]:
    """The first cells of the table under HEADER, down to its first line that is not a
    row (where Markdown ends the table)."""
    lines = text.splitlines()
    start = lines.index(HEADER) + 2  # (after the header's rule, |---|...)
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1].strip())
    return rows


def test_every_alien_is_a_row_of_the_aliens_table() -> None:
    rows = [r.lower().replace("-", "_").replace(" ", "_") for r in _table_rows(DOC.read_text())]
    assert [n for n in names() if n not in rows] == []
    assert sorted(rows) == sorted(names())  # each once, and none the engine lacks


def test_no_row_outside_the_table() -> None:
    text = DOC.read_text()
    inside = len(_table_rows(text))
    anywhere = sum(1 for line in text.splitlines() if line.startswith("| ")
                   and not line.startswith(HEADER))
    assert anywhere == inside
