"""`cosmic replay` stepping: the timeline equals `--to N` at every record, the screen's
plain functions, and the full-screen viewer driven through prompt_toolkit's pipe input."""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine import cosmic as engine
from engine.cosmic import cards as C
from _journal_games import other_hash, short_game
from cli.cmd_replay import ReplayVisitor, replay_text
from cli.render import board_text
from cli.replay_app import (
    ReplayApp, Timeline, build_timeline, fault_text, log_lines, parse_command, short_label, side_text,
    status_text, stderr_progress,
)
from protocol.game import read_journal
from protocol.journal import parse_journal

ROOT = Path(__file__).resolve().parent.parent

RIGHT, LEFT, PGDN, PGUP, HOME, END = "\x1b[C", "\x1b[D", "\x1b[6~", "\x1b[5~", "\x1b[H", "\x1b[F"


def _timeline(journal: bytes | None = None) -> Timeline:
    data = journal if journal is not None else short_game().journal
    return build_timeline(parse_journal(data), "short.journal", parallel=False)


def _bad_journal() -> bytes:
    rec = short_game()
    raws = list(rec.raws)
    raws[30] = rec.resign(30, lambda f: f.__setitem__(6, other_hash()))
    return rec.rebuild(raws)


def _to(n: int | None) -> ReplayVisitor:
    return read_journal(parse_journal(short_game().journal), ReplayVisitor(n))


def test_every_position_is_what_replay_to_n_shows() -> None:
    tl = _timeline()
    assert tl.error is None and tl.total == 84 and tl.last == 84
    for n in range(tl.total + 1):
        v = _to(None if n == tl.total else n)
        assert v.state is not None
        assert engine.public_hash(tl.states[n]) == engine.public_hash(v.state), n
        # (the text replay's board has no hand beside it: its verdict on one line)
        assert board_text(tl.states[n], whole_verdict=True) in replay_text("x", v, tl.total)


def test_commands_move_as_documented() -> None:
    tl = _timeline()
    starts = tl.encounter_starts()
    assert len(starts) >= 2
    assert parse_command("", 3, tl) == 4 and parse_command("n", 84, tl) == 84
    assert parse_command("p", 0, tl) == 0 and parse_command("p", 5, tl) == 4
    assert parse_command("g 17", 0, tl) == 17 and parse_command("17", 0, tl) == 17
    assert parse_command("g17", 0, tl) == 17 and parse_command("goto9", 0, tl) == 9
    assert parse_command("e", 0, tl) == starts[0]
    assert parse_command("e", starts[0], tl) == starts[1]
    assert parse_command("E", starts[1] + 1, tl) == starts[1]
    assert parse_command("E", starts[0], tl) == 0
    assert parse_command("end", 0, tl) == 84 and parse_command("start", 9, tl) == 0
    assert parse_command("q", 0, tl) == "quit" and parse_command("h", 0, tl) == "hands"
    assert str(parse_command("99", 0, tl)).startswith("error: the journal has 84")
    assert str(parse_command("fly", 0, tl)).startswith("error: unknown command")


def test_screen_text() -> None:
    tl = _timeline()
    k = tl.encounter_starts()[1]
    side = side_text(tl, k, hands=False)
    assert side.startswith(f"Record {k} of 84") and "Hands:" not in side
    step = tl.steps[k - 1]
    assert f"#{step.record} " in side  # the record's words, wrapped to the pane
    assert " ".join(step.text.split()) in " ".join(side.split()), (step.text, side)
    shown = side_text(tl, k, hands=True, width=30)
    assert "Hands (A attack, N negotiate):" in shown
    assert max(len(x) for x in shown.splitlines()) <= 30
    s = tl.states[k]
    rows: list[str] = []
    for line in shown.splitlines()[2:]:  # continuation lines start with a space
        if line.startswith(" "):
            rows[-1] += line
        else:
            rows.append(line)
    assert [r.split(":")[0] for r in rows] == list(tl.colors)
    for seat, row in enumerate(rows):  # every hand, every card by name
        cards = row.split(": ", 1)[1].split()
        assert len(cards) == len(s.hands[seat]) and "?" not in cards
    assert short_label(C.card_by_name("attack", value=6)[0]) == "A06"
    log = log_lines(tl, k, height=6)
    assert len(log) <= 6 and log[-1].startswith(">")
    assert any(line.startswith(f">{k - 1:>5}") for line in log)
    assert log_lines(tl, 0) == ["(the game as dealt: no record yet)"]
    assert status_text(tl, k, False).startswith(f" short.journal {k}/84 | turn ")
    assert fault_text(tl) == ""


def test_a_fault_ends_the_timeline_at_its_record() -> None:
    tl = _timeline(_bad_journal())
    assert tl.error is not None and tl.error.check == "state-hash"
    assert tl.last == 30 and len(tl.steps) == 30
    assert "record 30 (state-hash check)" in fault_text(tl)
    v = _to(30)
    assert engine.public_hash(tl.states[30]) == engine.public_hash(v.state)  # type: ignore[arg-type]
    app = ReplayApp(tl, color=False)
    assert app.pos == 30  # opens where the fault is


def test_progress_on_stderr() -> None:
    assert stderr_progress(10) is None
    out = io.StringIO()
    tick = stderr_progress(400, out)
    assert tick is not None
    for n in range(400):
        tick(n)
    text = out.getvalue()
    assert "verifying 400 records... 0%" in text and text.endswith("... 100%\n")


class _Small(DummyOutput):
    def get_size(self) -> Size:
        return Size(rows=24, columns=80)


def _drive(tl: Timeline, script: list[str], probe: Callable[[ReplayApp], object],
           color: bool = True) -> list[object]:
    """Send each keystroke group to a viewer; probe it after each; quit at the end."""
    seen: list[object] = []
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=_Small()):
        app = ReplayApp(tl, color=color)

        async def go() -> None:
            task = asyncio.ensure_future(app.run())
            await asyncio.sleep(0.05)
            for keys in script:
                pipe.send_text(keys)
                await asyncio.sleep(0.05)
                seen.append(probe(app))
            pipe.send_text("q")
            assert await asyncio.wait_for(task, 10) == "quit"

        asyncio.run(go())
    return seen


def test_viewer_steps_jumps_and_shows_hands() -> None:
    tl = _timeline()
    starts = tl.encounter_starts()
    script = ["n", RIGHT, "\r", LEFT, "p", "g 40\r", "12\r", "e", PGDN, PGUP, END, HOME,
              "h", "x\r"]
    seen = _drive(tl, script, lambda a: (a.pos, a.hands, a.note))
    pos = [p for p, _, _ in seen]
    after_e = tl.next_encounter(12)
    assert pos[:7] == [1, 2, 3, 2, 1, 40, 12]
    assert pos[7] == after_e and pos[8] == tl.next_encounter(after_e)
    assert pos[9] == tl.previous_encounter(pos[8]) and pos[9] in starts
    assert pos[10] == 84 and pos[11] == 0
    assert seen[12][1] is True  # h shows every hand (a local game: the seed is public)
    assert seen[13][2].startswith("unknown command 'x'")  # typed and entered
    # the screen shows what `cosmic replay --to 40` shows
    v = _to(40)
    assert board_text(tl.states[40]) in replay_text("x", v, 84)


def test_viewer_says_hands_cannot_be_shown_before_the_reveal() -> None:
    tl = _timeline()
    tl.faces = None  # as a network game before every seat's key share
    seen = _drive(tl, ["h"], lambda a: (a.hands, status_text(a.tl, a.pos, a.hands, a.note)),
                  color=False)
    hands, status = seen[0]  # type: ignore[misc]
    assert hands is False and "hands can't be shown: the game was not revealed" in status


def test_cli_keeps_plain_output_without_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "short.journal"
    path.write_bytes(short_game().journal)
    r = subprocess.run([sys.executable, "-m", "cli.main", "replay", "--to", "40", str(path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    tl = _timeline()
    assert board_text(tl.states[40]) in r.stdout
    assert f"after 40 of 84 records (public hash {engine.public_hash(tl.states[40]).hex()[:16]})" \
        in r.stdout
    r = subprocess.run([sys.executable, "-m", "cli.main", "replay", str(path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "after 84 of 84 records" in r.stdout  # no terminal: plain


def test_the_plain_replay_tells_each_record_as_the_viewer_does() -> None:
    """`replay --to N` and the viewer say the same of every record of a game with alien
    powers: the action's words, then its events and those of the card source's facts that
    follow it (answered before the next record, whose author saw them), without an
    event that only repeats the action's line. The plain replay once printed a power's
    use twice and named no fact drawn after a record."""
    from bots import RandomBot
    from _journal_games import record
    from node.local import LocalGame, game_seed

    seed = game_seed("replay-words", 0)
    config = engine.Config(4, aliens=("?",) * 4, max_turns=8)
    game = LocalGame(config, seed, [RandomBot(seed + bytes([k])) for k in range(4)])
    game.run()
    data = record(game).journal
    tl = build_timeline(parse_journal(data), "aliens.journal", parallel=False)
    assert tl.error is None
    steps = {s.record: s for s in tl.steps}
    powers = repeats = 0
    for n in range(1, tl.total + 1, 5):
        v = read_journal(parse_journal(data), ReplayVisitor(n, last=5))
        for record_no, _author, action, chat, events, said in v.last:
            step = steps[record_no]
            assert (said, tuple(events)) == (step.text, step.events), record_no
            line = f"{config.colors[_author]} {said}"
            repeats += line in events
            powers += action is not None and any(e.endswith(" power") for e in events)
    assert repeats == 0 and powers > 0


def test_a_journal_that_fails_a_check_is_shown_up_to_its_fault(tmp_path: Path) -> None:
    """`replay --plain` and `--json` on a journal with a bad signature at record 30 show
    the position before it (as the viewer and the page do), then fail in verify's words,
    which blame no seat for a record its signature does not cover. They printed nothing
    on stdout, and an error in other words."""
    path = tmp_path / "bad.journal"
    path.write_bytes(_bad_journal())
    tl = _timeline(_bad_journal())
    assert tl.last == 30
    for flag in ("--plain", "--json"):
        r = subprocess.run([sys.executable, "-m", "cli.main", "replay", flag, str(path)],
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert r.returncode == 1, r.stderr
        assert "FAILED: record 30 (" in r.stderr and "failed check" in r.stderr, r.stderr
        if flag == "--plain":
            assert "after 30 of 84 records" in r.stdout and board_text(tl.states[30]) in r.stdout
        else:
            import json
            data = json.loads(r.stdout)
            assert (data["records"], data["of"]) == (30, 84)
            assert data["public_hash"] == engine.public_hash(tl.states[30]).hex()


def test_the_viewers_board_wraps_between_words() -> None:
    """A board line longer than its pane breaks at spaces, the continued rows indented
    (the window's own wrapping cut words: 'gre|en 5'); the status line wraps the same
    way (cli/app wrap_at)."""
    tl = _timeline()
    with create_app_session(output=DummyOutput()):
        app = ReplayApp(tl, color=False)
    app.pos = 40
    s = tl.states[40]
    want = tl.words().replay_board(s).split()
    for width in (24, 31, 47):
        rows = "".join(text for _, text in app._board(width, 40)).splitlines()
        assert all(len(r) <= width for r in rows if " " in r.strip()), (width, rows)
        assert " ".join(rows).split() == want  # no word cut in two
