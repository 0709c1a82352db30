"""Technology (rules 000 and 001, Technology): the techs a seat does not keep go face up
to the tech discard pile, and once their faces are public the engine says which they are
(event "tech_discarded"), so the log and `cosmic replay --plain` name them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bots import RandomBot
from cli.render import describe_event
from cli.replay_app import build_timeline
from engine import cosmic as engine
from engine.cosmic import cards as C
from node.local import LocalGame, game_seed
from node.records import record_local_game
from protocol.journal import parse_journal


def _tech_game() -> LocalGame:
    seed = game_seed("tech-discarded", 0)
    cfg = engine.Config(3, technology=True, max_turns=1)
    return LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(3)])


def _words(face: int) -> str:
    return "the " + C.CATALOGUE[face].name.replace("_", " ")


def test_the_discarded_techs_are_named_once_face_up() -> None:
    """Every tech the setup put on the discard pile is named by one event, after its
    face is public, in the order of the pile; the log's words name each."""
    g = _tech_game()
    named: list[int] = []
    while g.state.outcome is None and g.state.turns < 1:
        for ev in g.step():
            if ev[0] != "tech_discarded":
                continue
            s, seat, faces = g.state, ev[1], ev[2]
            assert all(f in s.faces.values() for f in faces)  # public by now
            assert describe_event(s, ev) == (f"{s.config.colors[seat]} discards face up: "
                                             + ", ".join(_words(f) for f in faces))
            named += faces
    pile = [g.state.faces[h] for h in g.state.extra["tech_discard"]]
    assert named and named == pile


def test_replay_plain_names_the_discarded_techs(tmp_path: Path) -> None:
    """The installed `cosmic replay --plain --to N`, just after the record whose facts
    turn the discarded techs up, names them as the log does."""
    g = _tech_game()
    g.run()
    path = tmp_path / "tech.journal"
    data = record_local_game(g)
    path.write_bytes(data)
    tl = build_timeline(parse_journal(data), "tech.journal", parallel=False)
    step = next(st for st in tl.steps if any("discards face up" in e for e in st.events))
    line = next(e for e in step.events if "discards face up" in e)
    cosmic = Path(sys.executable).with_name("cosmic")
    r = subprocess.run([str(cosmic), "replay", "--plain", "--to", str(step.record + 1), str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert line in r.stdout and "the " in line.split("discards face up: ")[1]
