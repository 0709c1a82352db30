"""`cosmic replay JOURNAL` in a real terminal (tmux), as a person steps through a game:
at every position visited, what the viewer's screen shows (board, side pane, log, status
line) is checked against what `cosmic replay JOURNAL --to N --json` prints for that N."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from _journal_games import short_game
from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal
from protocol.journal import parse_journal

WIDTH, HEIGHT = 110, 32


def _replay_json(journal: Path, n: int, home: Path) -> dict[str, Any]:
    r = cosmic("replay", str(journal), "--to", str(n), "--json", home=home)
    assert r.returncode == 0, r.stderr
    data: dict[str, Any] = json.loads(r.stdout)
    assert data["records"] == n
    return data


def _panes(screen: str) -> tuple[list[str], list[str], list[str], str]:
    """The screen cut into the board (left of '|'), the side pane (right of it), the log
    (between the rule and the status line) and the status line."""
    rows = screen.splitlines()
    rule = next(i for i, r in enumerate(rows) if r == "-" * WIDTH)
    board = [r.split("|", 1)[0].rstrip() for r in rows[:rule]]
    side = [r.split("|", 1)[1].rstrip() for r in rows[:rule] if "|" in r]
    status = next(r for r in rows[rule + 1:] if r.startswith(" short.journal "))
    log = [r.rstrip() for r in rows[rule + 1:rows.index(status)] if r.strip()]
    return board, side, log, status


def _check(screen: str, data: dict[str, Any], colours: list[str]) -> None:
    """The viewer at position N shows what `replay --to N --json` says of that position."""
    board, side, log, status = _panes(screen)
    n, total, summary = data["records"], data["of"], data["summary"]
    over = summary["outcome"]

    where = "game over" if over else f"turn {summary['turn']}"
    assert status.startswith(f" short.journal {n}/{total} | {where} | "), status

    assert side[0] == f"Record {n} of {total}", side
    assert f"hash {data['public_hash'][:16]}" in side, (side, data["public_hash"])
    pending = data["pending"]
    if not pending["over"]:
        who = ", ".join(colours[x] for x in pending["seats"] if x >= 0) or "the cards"
        assert f"waiting: {who} ({'/'.join(pending['kinds'])})" in side, (side, pending)

    if over:
        winners = ", ".join(over["winners"]) or "nobody"
        assert board[0].startswith(f"Game over: {winners} won ("), board  # why, in words
    else:
        assert board[0].startswith(
            f"Turn {summary['turn']}: {summary['offense'] or '-'}; {summary['phase'].replace('_', ' ')} ("), board
    for colour in colours:  # col hnd wrp, then the seat's ships on its home planets
        row = next(r for r in board if re.fullmatch(rf"{colour} +[\d ]+", r))
        numbers = [int(x) for x in row.split()[1:]]
        home = [summary["planets"][f"{colour}.{i}"].get(colour, 0) for i in range(1, 6)]
        assert numbers == [summary["foreign_colonies"][colour], summary["hand_sizes"][colour],
                           summary["warp"][colour], *home], (row, summary)
    assert (f"deck {summary['deck']} discard {len(summary['discard'])} "
            f"destiny {summary['destiny_deck']}") in board, board

    if n == 0:
        assert log == ["(the game as dealt: no record yet)"], log
        return
    last = data["last"][-1]  # the record that led here: marked '>' in the log
    assert last["record"] == n - 1
    told = f"{colours[last['author']]}: {last['said']}"  # the action in words
    assert "=" not in last["said"] and last["said"] != last["action"], last
    pane = " ".join(" ".join(side).split())  # the side pane wraps long words
    assert f"#{last['record']} {told}" in pane, (side, last)
    current = [r for r in log if r.startswith(">")]
    assert re.fullmatch(rf">\s*{last['record']}\s+{re.escape(told)}", current[0]), current
    shown = [r[1:].strip() for r in current[1:]]
    # every event under it, but the one that says just what its line says (not twice)
    same = f"{colours[last['author']]} {last['said']}"
    assert all(e in shown for e in last["events"] if e != same), (shown, last["events"])
    assert same not in shown, shown


def _hands(side: list[str]) -> dict[str, list[str]]:
    """The side pane's hands, one list of short card labels per colour (wrapped rows
    continue with a leading space)."""
    start = side.index("Hands (A attack, N negotiate):")
    rows: list[str] = []
    for line in side[start + 1:]:
        if line.startswith(" ") and rows:
            rows[-1] += line
        elif line:
            rows.append(line)
    return {r.split(":")[0]: r.split(": ", 1)[1].split() for r in rows}


def test_the_replay_viewer_in_a_real_terminal(tmp_path: Path, home: Path) -> None:
    journal = tmp_path / "short.journal"
    journal.write_bytes(short_game().journal)
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path, width=WIDTH,
                  height=HEIGHT, env=cosmic_env(home)) as term:

        def at(n: int) -> str:
            return term.wait_for(lambda s: f" short.journal {n}/84 |" in s
                                 and f"Record {n} of 84" in s)

        genesis = parse_journal(journal.read_bytes()).genesis
        colours = [genesis.seats[i].colour for i in range(genesis.n_seats)]  # seat order
        _check(at(0), _replay_json(journal, 0, home), colours)
        # One record at a time, by each key that steps forward: n, Right, Enter.
        for n, key in ((1, "n"), (2, "Right"), (3, "Enter")):
            term.press(key)
            _check(at(n), _replay_json(journal, n, home), colours)
        term.type("40")  # a jump: N then Enter
        screen = at(40)
        data = _replay_json(journal, 40, home)
        _check(screen, data, colours)
        term.press("h")  # every hand (a local game: its seed is public)
        screen = term.wait_for("Hands (A attack, N negotiate):")
        hands = _hands(_panes(screen)[1])
        assert {c: len(h) for c, h in hands.items()} == data["summary"]["hand_sizes"]
        assert all("?" not in h for h in hands.values()), hands
        term.press("h")
        term.press("Left")
        _check(at(39), _replay_json(journal, 39, home), colours)
        term.press("End")
        last = _replay_json(journal, 84, home)
        assert last["summary"]["outcome"] is not None  # the game's end is shown as such
        _check(at(84), last, colours)
        term.press("q")
        term.wait_for(lambda s: term.exited() is not None)
        assert term.exited() == 0
