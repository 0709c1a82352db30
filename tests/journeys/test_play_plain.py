"""`cosmic play --plain`: the same game in plain text, for pipes, scripts and screen
readers. Answers typed ahead wait for the next decision; the log is the full screen's."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env

COUNTS = re.compile(r"how many ships \((\d+)")


def answer_as_asked(args: list[str], home: Path, timeout: float = 240) -> tuple[int, str]:
    """Run cosmic with a person's habit on a pipe: at each decision the first choice; when
    asked how many ships, the first count offered. Returns (exit status, all output)."""
    proc = subprocess.Popen([str(COSMIC), *args], env=cosmic_env(home), cwd=home,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    seen = []
    deadline = time.monotonic() + timeout
    try:
        for line in proc.stdout:
            seen.append(line)
            assert time.monotonic() < deadline, "".join(seen[-40:])
            asked = COUNTS.search(line)
            reply = asked.group(1) if asked else "1" if line.startswith("Type a number") \
                else None
            if reply is not None:
                try:
                    proc.stdin.write(reply + "\n")
                    proc.stdin.flush()
                except BrokenPipeError:
                    pass
        return proc.wait(timeout=30), "".join(seen)
    finally:
        if proc.poll() is None:
            proc.kill()


def test_local_plain_game_to_the_end(home: Path) -> None:
    """Every decision answered with '1' (a group of ship choices then asks how many:
    '1' again); the game ends, and the person saw the board, the choices and the log."""
    r = cosmic("play", "--local", "--plain", "--players", "3", "--seed", "7", home=home,
               stdin="1\n" * 3000, timeout=180)
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout
    assert "Traceback" not in out + r.stderr
    assert "-- YOUR DECISION (" in out and "Your hand (red):" in out
    assert "how many ships" in out  # a grouped ship choice was asked, not crashed on
    for words in ("invites", "reveals", "winner(s):"):  # the same log as the full screen
        assert words in out, words
    # the end in words, said once and last: who won and why, after everyone's foreign
    # colonies (it was said four times: the log, two statuses and the command's last line)
    assert re.fullmatch(r"Game over: \w+( \(you\))? won \(5 foreign colonies\)\.",
                        out.splitlines()[-1]), out[-800:]
    assert len(re.findall("game over", out, re.I)) == 1, out[-800:]
    assert "'quit' leaves" not in out[-800:]  # the program ends by itself
    assert "-- waiting for you (" not in out  # said in passing, then YOUR DECISION again
    assert re.search(r"Foreign colonies: red \d, blue \d, yellow \d\.", out)


def test_local_plain_variant_seat_and_players(home: Path) -> None:
    r = cosmic("play", "--local", "--plain", "--players", "2", "--seat", "1", "--variant",
               "four_planets", "--seed", "v", home=home, timeout=60,
               stdin="info plague\ninfo red\ndiscards\n?\nquit\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "You are blue against 1 bot (seed" in r.stdout
    assert "Four foreign colonies win." in r.stdout  # not five: four planets
    assert "Type 'quit' again to leave it (a local game ends)." in r.stdout
    assert "Plague: at any card window" in r.stdout  # info, in our words
    assert "red plays without an alien power." in r.stdout
    assert "The discard pile is empty." in r.stdout
    assert "Commands now: " in r.stdout and "not legal" not in r.stdout  # '?' is help
    assert "home planets 1-4" in r.stdout or "Game left unfinished." in r.stdout


def test_networked_plain_game_shows_the_log_and_verifies(tmp_path: Path, home: Path) -> None:
    game = tmp_path / "game"
    code, out = answer_as_asked(["play", "--plain", "--players", "3", "--seed", "plain",
                                 "--dir", str(game)], home)
    assert code == 0, out[-3000:]
    assert "Traceback" not in out
    assert "setting up: registering the keys (card protocol" in out
    for words in ("reveals", "winner(s):", "end-of-game audit: every hidden claim held"):
        assert words in out, words
    journal = game / "seat-0.journal"
    assert re.fullmatch(r"Game over: \w+( \(you\))? won \(.+\)\.", out.splitlines()[-1]), out[-800:]
    assert len(re.findall("game over:", out, re.I)) == 1, out[-800:]  # said once, last
    assert out.count(f"cosmic verify {journal}") == 1, out[-800:]
    assert f"cosmic replay {journal}" in out  # the end says how to see it again, too
    v = cosmic("verify", str(journal), home=home)
    assert v.returncode == 0 and ": OK" in v.stdout, v.stdout + v.stderr
    r = cosmic("replay", str(journal), "--to", "40", home=home)
    assert r.returncode == 0 and "Turn " in r.stdout, r.stdout + r.stderr


CHOICE = re.compile(r"^\s+(\d+)\. (keeptech|research|complete|usetech) ")


def test_local_plain_game_with_technology(home: Path) -> None:
    """A person in plain text under --variant technology: dealt two techs, keeps one
    (`keeptech`), researches at every regroup moment it can, completes a tech when the
    ships suffice and uses it when asked; the board shows its techs. Any other question
    gets the first choice (and "1" where a count is asked)."""
    proc = subprocess.Popen([str(COSMIC), "play", "--local", "--plain", "--players", "3",
                             "--variant", "technology", "--seed", "tech"],
                            env=cosmic_env(home), cwd=home, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []
    best: dict[str, str] = {}  # this decision's tech choices: kind -> its number
    deadline = time.monotonic() + 240
    try:
        for line in proc.stdout:
            seen.append(line)
            assert time.monotonic() < deadline, "".join(seen[-40:])
            m = CHOICE.match(line)
            if m:
                best.setdefault(m.group(2), m.group(1))
            asked = COUNTS.search(line)
            reply = None
            if asked:
                reply = asked.group(1)
            elif line.startswith("Type a number"):
                reply = next((best[k] for k in ("complete", "usetech", "keeptech", "research")
                              if k in best), "1")
                best = {}
            if reply is not None:
                try:
                    proc.stdin.write(reply + "\n")
                    proc.stdin.flush()
                except BrokenPipeError:
                    pass
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "".join(seen)
    assert code == 0 and "Traceback" not in out, out[-3000:]
    # each tech offered says what it does
    assert re.search(r"^\s+\d+\. keeptech (enigma-device|warpspace-key)(#2)?  \(Discard it: "
                     r".*\(research \d.*\)\)$", out, re.M), out[-3000:]
    assert "you keep a tech face down and discard 1" in out  # (you are red)
    assert re.search(r"you move a ship from red\.\d onto a tech \(\d researching\)", out)
    # red's own face-down tech by name, for its eyes only (rule 001: it may look at it)
    assert re.search(r"tech red: \((enigma device|warpspace key)\) ships [1-9]", out), \
        out[-3000:]
    assert "you complete the " in out, out[-3000:]
    assert "Game over:" in out.splitlines()[-1]
