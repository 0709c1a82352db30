"""`cosmic play --game worlds`: a person plays the map game against bots, in plain text
(the full-screen client: tests/test_cli_tmux.py). Moves are the action text form with
names (`home Q`, `move A F A 2`, `select force7`); help lists what is legal; a bad line
is refused with the closest legal commands and changes nothing."""

from __future__ import annotations

import re
import subprocess
import threading
import time
from pathlib import Path

from _journey import COSMIC, HOSTING, cosmic, cosmic_env
from _ports import free_port

ENTRY = re.compile(r"^\s+(\d+)\. (.+)$")
HOW_MANY = re.compile(r"how many tokens \(([\d, ]+)\)")


CELL = re.compile(r"(?<![A-Za-z])([A-Z])([A-Z.])(\d+)")


def _pick(entries: list[tuple[str, str]], cells: dict[str, tuple[str, int]]) -> str:
    """A person's habit: put a force card face down, attack, move onto a world another
    player holds (as the board shows: the controller's initial, the tokens), else go on."""
    for want in ("select force", "select none", "attack "):
        for number, command in entries:
            if command.startswith(want):
                return number
    raids = [(c.split()[4].isdigit(), c.split()[4], n) for n, c in entries  # groups first
             if c.startswith("move ")
             and cells.get(c.split()[2], (".", 0))[0] not in (".", "R")]
    if raids:
        return min(raids)[2]
    for want in ("done", "draw"):
        for number, command in entries:
            if command.startswith(want):
                return number
    return entries[0][0] if entries else "1"


def _play(args: list[str], home: Path, until: re.Pattern[str], first: list[str],
          timeout: float = 240, hosting: threading.Event | None = None) -> tuple[int, str]:
    """Run cosmic; type `first` at the first decision, then answer each decision with
    _pick until `until` shows, then quit twice (`hosting` is set once a host announces
    its game). Returns (exit status, all output)."""
    proc = subprocess.Popen([str(COSMIC), *args], env=cosmic_env(home), cwd=home,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []
    entries: list[tuple[str, str]] = []
    cells: dict[str, tuple[str, int]] = {}
    quitting = False
    deadline = time.monotonic() + timeout

    def say(line: str) -> None:
        try:
            assert proc.stdin is not None
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        except BrokenPipeError:
            pass
    try:
        for line in proc.stdout:
            seen.append(line)
            assert time.monotonic() < deadline, "".join(seen[-60:])
            if hosting is not None and HOSTING in line:
                hosting.set()
            if quitting:
                continue
            if until.search(line):
                quitting = True
                say("quit")
                say("quit")
                continue
            if re.match(r"^ ?\d  ", line):  # a row of the map
                cells.update((w, (c, int(k))) for w, c, k in CELL.findall(line))
            m = ENTRY.match(line)
            if m:
                entries.append((m.group(1), m.group(2).strip()))
            asked = HOW_MANY.search(line)
            if asked:
                say(asked.group(1).split(", ")[-1])  # all of them
            elif line.startswith("Type a number"):
                for typed in first:
                    say(typed)
                first = []
                say(_pick(entries, cells))
                entries = []
        return proc.wait(timeout=60), "".join(seen)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_play_the_map_game_in_plain_text(home: Path) -> None:
    """Local: the board with the races, your hand and tokens; help; a refused line; a
    homeworld by name; a force card put face down and shown; then a clean quit."""
    code, out = _play(["play", "--game", "worlds", "--local", "--plain", "--players", "3",
                       "--seed", "person"], home, re.compile(r"you show force \d+"),
                      ["help", "?", "move Q Z Q 9", "home Q", "help move"])
    assert code == 0 and "Traceback" not in out, out[-3000:]
    assert "You are red against 2 bots" in out and "Control 20 of the 26 worlds" in out
    assert "-- YOUR DECISION (setup: home)" in out and "    1. home A" in out
    assert re.search(r"Legal now: home A, home B, .*'help COMMAND' explains one", out)
    assert "'move Q Z Q 9' is not legal now. Closest: home " in out  # nothing changed:
    assert "you make Q your homeworld" in out  # the next line was still this decision's
    assert "move FROM TO ORIGIN COUNT" in out  # help move
    assert re.search(r"^\s+\d+\. keep [a-z-]+$", out, re.M)
    assert "Races: " in out and re.search(r"Your hand \(red\): (force \d+|[a-z_]+)", out)
    assert re.search(r"Your tokens \(world count \(born on:count\)\): Q 1 \(Q:1\)", out)
    assert re.search(r"^\s+\d+\. select force\d+$", out, re.M)
    assert re.search(r"Conflict on [A-Z]: \w+ attacks \w+", out)
    assert "Game left unfinished." in out.splitlines()[-1]


def test_play_the_map_game_networked_and_refuse_cosmic_options(tmp_path: Path,
                                                               home: Path) -> None:
    """Networked: the bots are node processes; the person's moves go through the card
    protocol; quitting leaves a journal to resume (the bots leave after --patience).
    Cosmic's options are refused."""
    game = tmp_path / "game"
    code, out = _play(["play", "--game", "worlds", "--plain", "--players", "2", "--seed",
                       "net", "--dir", str(game), "--bot", "random", "--patience", "3"], home,
                      re.compile(r"you show (force \d+|no force)"), [])
    assert code == 0 and "Traceback" not in out, out[-3000:]
    assert "2 players, first to control 20 worlds" in out
    # a force card put face down by the person: committed, then opened, by the protocol
    assert re.search(r"^\s+\d+\. select (force\d+|none)$", out, re.M), out[-3000:]
    assert re.search(r"you show (force \d+|no force)", out), out[-3000:]
    assert "-- YOUR DECISION (setup: home)" in out and "you make " in out
    assert f"cosmic resume {game / 'seat-0.journal'}" in out
    v = cosmic("verify", "--partial", str(game / "seat-0.journal"), home=home)
    assert v.returncode == 0 and "worlds-engine/1" in v.stdout, v.stdout + v.stderr
    assert "card protocol proofs" in v.stdout and "commitments" in v.stdout
    for bad, words in ((["--aliens", "random"], "Cosmic's options; worlds has none"),
                       (["--variant", "four_planets"], "Cosmic's options"),
                       (["--flares"], "Cosmic's options"),
                       (["--players", "7"], "2..6 for worlds"),
                       (["--bot", "search"], "the map game has the bots random, heuristic")):
        r = cosmic("play", "--game", "worlds", "--local", "--plain", *bad, home=home)
        assert r.returncode == 2 and words in r.stderr, (bad, r.stderr)


PILE = ("invisible-beings,tachyons,plebs,hive,breeders,searchers,politicians,strategists,"
        "foundation")


def test_host_the_map_game_and_a_joiner_learns_it_from_the_lobby(tmp_path: Path) -> None:
    """ann hosts the map game and plays it in plain text; bob's `cosmic join` names no
    game but finds it in the lobby id, and lets a bot play his seat. A joiner asking for
    Cosmic's options is told this lobby is the map game; Cosmic's options and bots are
    refused to a worlds host."""
    port = str(free_port())
    homes = [tmp_path / n for n in ("ann", "bob", "cy")]
    for h in homes:
        h.mkdir()
    started: list[subprocess.Popen[str]] = []
    checks: dict[str, subprocess.CompletedProcess[str]] = {}

    announced = threading.Event()

    def others() -> None:
        # the host announces first (join looks for two seconds; a fixed 1.5 s was too
        # short for a loaded machine)
        assert announced.wait(60), "the host did not announce its game"
        checks["cosmic"] = cosmic("join", "--variant", "four_planets", "--port", port,
                                  "--target", "127.255.255.255", "--yes", home=homes[2],
                                  timeout=60)
        started.append(subprocess.Popen(
            [str(COSMIC), "join", "--name", "bob", "--bot", "--yes", "--plain", "--port",
             port, "--target", "127.255.255.255", "--timeout", "60", "--dir",
             str(homes[1] / "game")], env=cosmic_env(homes[1]), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    helper = threading.Thread(target=others)
    helper.start()
    try:
        code, out = _play(["host", "--game", "worlds", "--players", "2", "--name", "ann",
                           "--races", PILE,
                           "--colour", "green", "--port", port, "--target", "127.255.255.255",
                           "--yes", "--plain", "--timeout", "60", "--dir",
                           str(homes[0] / "game")], homes[0],
                          re.compile(r"you move \d+ token"), [], hosting=announced)
        helper.join(60)
    finally:
        for p in started:
            p.kill()
    assert code == 0 and "Traceback" not in out, out[-3000:]
    # the host's announcement, and the pile the joiner learned from the lobby id alone
    assert "the map game: 2 players, first to control 20 worlds; 9 races in the pile" in out
    assert "-- YOUR DECISION (setup: home)" in out and "you make " in out
    # ann moved onto bob's worlds and quit, or stayed home and bob's bot won
    assert "Game left unfinished." in out or "Game over: red won" in out, out[-3000:]
    bob = started[0].communicate(timeout=30)[0]
    assert "first to control 20 worlds; 9 races in the pile" in bob and "A bot plays" in bob, \
        bob[-2000:]
    names = {"Invisible Beings", "Tachyons", "Plebs", "The Hive", "Breeders", "Searchers",
             "Politicians", "Strategists", "Foundation"}
    found = set(re.findall(r"is explored: (.+?) live there", out + bob))
    assert found and found <= names, found  # only races of the pile were dealt
    refused = checks["cosmic"]
    assert refused.returncode == 1 and "none of Cosmic's options" in refused.stderr, refused
    for bad, words in ((["--flares"], "Cosmic's options"),
                       (["--players", "8"], "between 2 and 6 for worlds"),
                       (["--colour", "pink"], "the map game's colours are"),
                       (["--bot", "search"], "the map game has the bots")):
        r = cosmic("host", "--game", "worlds", *bad, "--port", port, home=homes[2])
        assert r.returncode == 2 and words in r.stderr, (bad, r.stderr)
