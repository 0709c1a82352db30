"""Messages at a terminal break between words, never inside a word, a path or a flag:
`cosmic resume` alone (which names the newest journals, those of finished games marked
so) at 80 columns, and argparse's own errors (`--flares` with `--aliens`) in a narrow
terminal. Piped, the same messages stay one line each."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from _journey import COSMIC, cosmic
from _tmux import Terminal
from cli.cmd_demo import prepare
from node.journal_file import JournalFile
from protocol.genesis import Genesis

# The width is the terminal's own: a COLUMNS (or LINES) this test runner exports would
# override it (shutil.get_terminal_size reads them first); a shell does not export them.
AS_A_TERMINAL = ["env", "-u", "COLUMNS", "-u", "LINES"]


def _rows(term: Terminal) -> list[str]:
    term.wait_for(lambda s: "[exit status" in s, timeout=60)
    return [row.rstrip() for row in term.screen(history=True).splitlines()]


def test_resume_alone_names_whole_paths_and_marks_finished_games(tmp_path: Path) -> None:
    home = Path(tempfile.mkdtemp(prefix="cw", dir="/tmp"))  # paths short enough for a row
    try:
        made = cosmic("demo", "--players", "2", "--max-turns", "1", "--seed", "w", "--dir",
                      "played", "--quiet", home=home, timeout=120)
        assert made.returncode == 0, made.stdout + made.stderr
        over = home / "games" / "20261128-181500" / "seat-0.journal"
        over.parent.mkdir(parents=True)
        shutil.copy(home / "played" / "seat-0.journal", over)
        going = home / "games" / "20261128-181733" / "seat-0.journal"  # newest
        gpath, _ = prepare(2, "going", going.parent)
        JournalFile.create(going, Genesis.decode(gpath.read_bytes())).close()

        piped = cosmic("resume", home=home, timeout=60)
        assert piped.returncode == 2
        assert piped.stderr.count("\n") == 1, piped.stderr  # one line: nobody's width
        assert f"{going}, {over} (finished)" in piped.stderr, piped.stderr

        with Terminal([*AS_A_TERMINAL, str(COSMIC), "resume"], tmp_path, width=80,
                      env={"COSMIC_HOME": str(home)}) as term:
            rows = _rows(term)
        assert all(len(row) < 80 for row in rows), rows
        words = {w for row in rows for w in row.split()}
        assert {str(going) + ",", str(over), "`cosmic", "DIR/seat-N.journal`;"} <= words, rows
        assert "(finished)" in " ".join(rows).split(str(over), 1)[1], rows
        assert "(finished)" not in " ".join(rows).split(str(over), 1)[0], rows
    finally:
        shutil.rmtree(home, ignore_errors=True)


def test_an_argparse_error_breaks_between_words(tmp_path: Path, home: Path) -> None:
    args = ["demo", "--flares", "--aliens", "random", "--dir", "x"]
    piped = cosmic(*args, home=home, timeout=60)
    said = piped.stderr.splitlines()[-1]
    assert piped.returncode == 2 and said.startswith("cosmic demo: error: --flares"), said
    with Terminal([*AS_A_TERMINAL, str(COSMIC), *args], tmp_path, width=72,
                  env={"COSMIC_HOME": str(home)}) as term:
        rows = _rows(term)
    start = next(i for i, row in enumerate(rows) if row.startswith("cosmic demo: error:"))
    shown = rows[start:rows.index("[exit status 2]")]
    assert len(shown) > 1 and all(len(row) < 72 for row in shown), shown
    assert " ".join(" ".join(shown).split()) == said, shown  # every word whole, in order
    assert [w for row in shown for w in row.split()] == said.split(), shown
