"""`cosmic verify` as a person reads it in a terminal of 80 columns, and as a dispute
settler gives it a finished game's journals, which are one file byte for byte.

At a terminal a result's long rows ("checked ..." lists every check; the journals'
agreement names the game and what they share) were cut by the terminal mid-word ("g/ame
id"); they are broken between words, continued under the row's value. To a pipe the
text is as before (a reader there wraps as it likes). The same bytes under several names
are verified once: the result is the bytes' alone."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

import cli.cmd_verify as cmd_verify
import node.verify
from _journey import COSMIC, cosmic
from _tmux import Terminal


@pytest.fixture
def game(home: Path) -> Path:
    r = cosmic("demo", "--players", "2", "--seed", "rows", "--dir", "game", "--max-turns",
               "1", "--quiet", home=home, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return home / "game"


def test_verify_rows_break_between_words_at_80_columns(tmp_path: Path, home: Path,
                                                      game: Path) -> None:
    piped = cosmic("verify", "seat-0.journal", "seat-1.journal", home=home, cwd=game)
    assert piped.returncode == 0, piped.stdout + piped.stderr
    long_rows = [r for r in piped.stdout.splitlines() if len(r) > 79]
    assert any(r.startswith("  checked   ") for r in long_rows), piped.stdout
    command = (f"cd {shlex.quote(str(game))} && exec {shlex.quote(str(COSMIC))} verify "
               "seat-0.journal seat-1.journal")
    with Terminal(["sh", "-c", command], tmp_path, width=80, height=50,
                  env={"COSMIC_HOME": str(home), "NO_COLOR": "1"}) as term:
        term.wait_for("[exit status", timeout=60)
        screen = term.screen(history=True)
    rows = [r.rstrip() for r in screen.splitlines()]
    rows = rows[:next(i for i, r in enumerate(rows) if r.startswith("[exit status"))]
    assert all(len(r) < 80 for r in rows), screen
    # The words of the piped text, in order, and none cut in two.
    assert " ".join(" ".join(rows).split()) == " ".join(piped.stdout.split()), screen
    checked = next(i for i, r in enumerate(rows) if r.startswith("  checked   "))
    assert rows[checked + 1].startswith(" " * 12) and rows[checked + 1][12] != " ", screen


def test_the_same_bytes_are_verified_once(game: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(game / "seat-0.journal", game / "copy.journal")
    real = node.verify.verify_journal
    calls: list[int] = []

    def counted(*args: object, **kw: object) -> node.verify.VerifyResult:
        calls.append(1)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(node.verify, "verify_journal", counted)
    names = [game / "seat-0.journal", game / "seat-1.journal", game / "copy.journal"]
    parser = cmd_verify.argparse.ArgumentParser()
    sub = parser.add_subparsers()
    cmd_verify.add_parser(sub)
    args = parser.parse_args(["verify", *map(str, names)])
    assert cmd_verify.run(args) == 0
    out = capsys.readouterr().out
    assert len(calls) == 1, "one file's bytes, verified more than once"
    for name in names:  # each still has its own result, under its own name
        assert f"{name}: OK" in out, out
    assert "AGREE: 3 journals" in out, out
