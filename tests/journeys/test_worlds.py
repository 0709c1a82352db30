"""The second game, as a person reaches it: `cosmic simulate --game worlds` plays the map
game of rules 003 with bots; its journals verify and replay with the same commands as
Cosmic's."""

from __future__ import annotations

import json
from pathlib import Path

from _journey import cosmic


def test_worlds_bot_games_have_winners_and_are_reproducible(home: Path) -> None:
    # (seed w5: won on worlds in 32 turns, 0.7 s of a core a run; seed w took 94 turns
    # and 6 s)
    first = cosmic("simulate", "--game", "worlds", "--players", "3", "--games", "1",
                   "--seed", "w5", "--bots", "heuristic", home=home)
    assert first.returncode == 0, first.stderr
    assert first.stdout.count("(worlds) after") == 1, first.stdout  # won on worlds
    assert "wins: " in first.stdout, first.stdout
    again = cosmic("simulate", "--game", "worlds", "--players", "3", "--games", "1",
                   "--seed", "w5", "--bots", "heuristic", home=home)
    assert again.stdout == first.stdout
    js = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1",
                "--bots", "random,heuristic", "--max-turns", "20", "--json", home=home)
    doc = json.loads(js.stdout)
    assert doc["summary"]["game"] == "worlds" and doc["summary"]["bots"] == ["random",
                                                                             "heuristic"]


def test_worlds_journals_verify_and_replay(home: Path) -> None:
    run = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1",
                 "--seed", "j", "--bots", "heuristic", "--journal-dir", "wj", home=home)
    assert run.returncode == 0, run.stderr
    (journal,) = sorted((home / "wj").glob("*.journal"))
    verify = cosmic("verify", str(journal), home=home)
    assert verify.returncode == 0, verify.stderr
    assert ": OK" in verify.stdout and "worlds-engine/1" in verify.stdout
    assert "won by" in verify.stdout and "commitments" in verify.stdout
    replay = cosmic("replay", str(journal), "--plain", home=home)
    assert replay.returncode == 0, replay.stderr
    assert "20 worlds" in replay.stdout and "last records:" in replay.stdout
    early = cosmic("replay", str(journal), "--to", "40", "--json", home=home)
    doc = json.loads(early.stdout)
    assert doc["game"] == "worlds" and doc["records"] == 40
    html = cosmic("replay", str(journal), "--html", str(home / "page.html"), home=home)
    assert html.returncode == 0 and (home / "page.html").stat().st_size > 0, html.stderr
    # A changed byte in the middle is found, named, and nothing else is claimed.
    data = bytearray(journal.read_bytes())
    data[len(data) // 2] ^= 1
    bad = home / "bad.journal"
    bad.write_bytes(bytes(data))
    broken = cosmic("verify", str(bad), home=home)
    assert broken.returncode == 1 and "FAILED" in broken.stdout + broken.stderr


def test_worlds_refuses_cosmic_options_clearly(home: Path) -> None:
    r = cosmic("simulate", "--game", "worlds", "--aliens", "random", home=home)
    assert r.returncode == 2 and "Cosmic's options; worlds has none" in r.stderr
    r = cosmic("simulate", "--game", "worlds", "--players", "8", home=home)
    assert r.returncode == 2 and "between 2 and 6 for worlds" in r.stderr
    r = cosmic("simulate", "--game", "worlds", "--bots", "search", home=home)
    assert r.returncode == 2 and "--bots" in r.stderr
    r = cosmic("simulate", "--game", "chess", home=home)
    assert r.returncode == 2 and "invalid choice" in r.stderr


# 13 races, the fewest three seats may have: the races with secrets or new kinds of
# move (the Invisible Beings' pages, deep space, copies, gifts) come up often.
PILE = ("invisible-beings,space-pilgrims,emulators,copycats,gifted,worldship,tachyons,plebs,"
        "hive,breeders,searchers,spies,foundation")


def test_a_networked_worlds_game_verifies_from_every_journal(home: Path) -> None:
    """Three node processes play the map game over the real mesh with the card protocol
    (hands, race chits and face-down force cards hidden; dice from the beacon); every
    seat's journal verifies on its own, proofs and audit included."""
    run = cosmic("demo", "--game", "worlds", "--players", "3", "--seed", "net",
                 "--max-turns", "10", "--dir", "wd", "--quiet", "--races", PILE, home=home,
                 timeout=300)
    assert run.returncode == 0, run.stderr
    assert "won (the turn limit was reached)" in run.stdout or "won (20 worlds)" in run.stdout
    ids = set()
    for seat in range(3):
        v = cosmic("verify", str(home / "wd" / f"seat-{seat}.journal"), home=home)
        assert v.returncode == 0, (seat, v.stdout, v.stderr)
        assert "network, worlds-engine/1" in v.stdout
        assert "card protocol proofs" in v.stdout and "claims audit" in v.stdout
        ids.add(v.stdout.split("\n  game")[1].split()[0])
    assert len(ids) == 1  # one game, seen the same by all three
    bad = cosmic("demo", "--game", "worlds", "--players", "7", "--dir", "wd7", home=home)
    assert bad.returncode == 2 and "between 2 and 6 for worlds" in bad.stderr
    bad = cosmic("demo", "--game", "worlds", "--bot", "search", "--dir", "wd8", home=home)
    assert bad.returncode == 2 and "the map game has the bots random, heuristic" in bad.stderr


def test_worlds_scenarios_run_from_the_command_line(home: Path) -> None:
    """`cosmic scenario run` reads a file's `game` key: the map game's scenarios run with
    the same command (and a wrong expectation is a failure, exit 1)."""
    root = Path(__file__).resolve().parents[1] / "scenarios" / "worlds"
    ok = cosmic("scenario", "run", str(root / "event_supernova.toml"), home=home)
    assert ok.returncode == 0, ok.stderr
    assert "ok:" in ok.stdout and "worlds," in ok.stdout  # the map game's board
    text = (root / "event_supernova.toml").read_text()
    assert 'game = "worlds"' in text
    wrong = home / "wrong.toml"  # the same play, a wrong expectation
    wrong.write_text(text.replace('"control.B" = 1', '"control.B" = 2'))
    bad = cosmic("scenario", "run", str(wrong), home=home)
    assert bad.returncode == 1 and "FAILED" in bad.stdout and "control.B" in bad.stdout
    other = home / "other.toml"
    other.write_text(text.replace('game = "worlds"', 'game = "chess"'))
    refused = cosmic("scenario", "run", str(other), home=home)
    assert refused.returncode == 2 and "bad scenario" in refused.stderr


def test_kill_a_worlds_seat_and_resume_it(tmp_path: Path, home: Path) -> None:
    """kill -9 of a bot seat mid-game of the map game, then `cosmic resume` of its
    journal: the seat comes back with nothing but its journal (its card secrets derive
    from its key), the game ends, and every journal verifies and holds the same bytes."""
    from test_kill_resume import kill_a_seat_and_resume_it

    game = kill_a_seat_and_resume_it(tmp_path, home, "--game", "worlds", "--seed", "kill",
                                     "--max-turns", "12")
    v = cosmic("verify", str(game / "seat-1.journal"), home=home)
    assert "worlds-engine/1" in v.stdout
