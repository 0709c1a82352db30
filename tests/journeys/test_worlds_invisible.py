"""A person plays the Invisible Beings (`cosmic play --game worlds --races ...`): the
client shows their secret page (only to them), lists the pages one token's move
reaches, takes any page they write (`page K:1,A:2`), refuses a page the tokens cannot
reach or that holds another number of tokens (saying why, changing nothing), and takes
`done` at the end of the migration as keeping the page. `--races` names the pile."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env

PILE = ("invisible-beings,tachyons,plebs,hive,breeders,searchers,politicians,strategists,"
        "foundation")
PAGE_LINE = re.compile(r"^Your unseen tokens \(your secret page, only you see it\): (.+)$")
ENTRY = re.compile(r"^\s+(\d+)\. (.+)$")


class Person:
    """The plain client on pipes: lines in, lines out."""

    def __init__(self, home: Path, seed: int) -> None:
        self.proc = subprocess.Popen(
            [str(COSMIC), "play", "--game", "worlds", "--local", "--players", "2",
             "--plain", "--seed", str(seed), "--races", PILE],
            env=cosmic_env(home), cwd=home, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.seen: list[str] = []

    def say(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, pattern: str, timeout: float = 60) -> list[str]:
        """Lines up to the next one matching `pattern` (or the next prompt: 'Type a')."""
        assert self.proc.stdout is not None
        deadline, got = time.monotonic() + timeout, []
        for line in self.proc.stdout:
            got.append(line.rstrip("\n"))
            self.seen.append(line)
            if re.search(pattern, line):
                return got
            assert time.monotonic() < deadline, "".join(self.seen[-40:])
        raise AssertionError("cosmic ended:\n" + "".join(self.seen[-40:]))

    def decision(self) -> list[str]:
        return self.until(r"^Type a number or a command")

    def close(self) -> None:
        try:
            self.say("quit")
            self.say("quit")
        except BrokenPipeError:
            pass
        self.proc.kill()
        self.proc.wait()


def _entries(lines: list[str]) -> list[str]:
    return [m.group(2).strip() for m in map(ENTRY.match, lines) if m]


def _keeping(home: Path) -> Person:
    """A game where the person is dealt the Invisible Beings (seeds in order) and keeps
    them."""
    for seed in range(1, 13):
        p = Person(home, seed)
        p.decision()
        p.say("1")  # a homeworld
        offered = _entries(p.decision())
        if "keep invisible-beings" in offered:
            p.say("keep invisible-beings")
            return p
        p.close()
    raise AssertionError("no seed in 12 dealt the person the Invisible Beings")


def test_a_person_writes_the_invisible_beings_secret_page(tmp_path: Path) -> None:
    p = _keeping(tmp_path)
    try:
        # Play on (discarding down, ending phases) until the migration's conceal step.
        for _ in range(40):
            lines = p.decision()
            options = _entries(lines)
            if "conceal" in options:
                break
            p.say("done" if "done" in options else "draw" if "draw" in options else "1")
        else:
            raise AssertionError("no conceal step in 40 decisions")
        page = next(m.group(1) for m in map(PAGE_LINE.match, lines) if m)
        held = {w: int(k) for w, k in re.findall(r"([A-Z]) (\d+)", page)}
        assert sum(held.values()) >= 1, page
        moves = [o for o in options if o.startswith("page ")]
        assert moves, options  # the pages one token's move reaches are listed

        # A page the tokens cannot reach, or with another number of tokens: refused,
        # with the reason, and the decision is still open.
        far = max("ABCDEFGHIJKLMNOPQRSTUVWXYZ", key=lambda w: f"page {w}:1" not in moves
                  and w not in held)
        p.say(f"page {far}:{sum(held.values())}")
        assert "cannot get from" in p.until(r"^!! ")[-1]
        p.say(f"page {next(iter(held))}:{sum(held.values()) + 1}")
        assert "not " + str(sum(held.values()) + 1) in p.until(r"^!! ")[-1]
        p.say("page Q:x")
        assert "is not WORLD:COUNT" in p.until(r"^!! ")[-1]

        # A listed page, typed as words (lower case is fine): it becomes the page.
        chosen = moves[0].split(" ", 1)[1]
        p.say(f"page {chosen.lower()}")
        lines = p.until(PAGE_LINE.pattern)
        shown = PAGE_LINE.match(lines[-1])
        assert shown is not None
        want = ", ".join(f"{w} {k}" for w, k in re.findall(r"([A-Z]):(\d+)", chosen))
        assert shown.group(1) == want
    finally:
        p.close()


def test_races_names_the_pile_and_refuses_what_is_not_one(tmp_path: Path) -> None:
    out = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1",
                 "--seed", "4", "--races", PILE, home=tmp_path)
    assert out.returncode == 0 and re.search(r"game 1: \w+ \(worlds\)", out.stdout), out
    bad = cosmic("simulate", "--game", "worlds", "--players", "2", "--races",
                 "invisible-beings,tachyon", home=tmp_path)
    assert bad.returncode != 0 and "did you mean tachyons" in bad.stderr + bad.stdout
    small = cosmic("simulate", "--game", "worlds", "--players", "3", "--races", "hive,plebs",
                   home=tmp_path)
    assert small.returncode != 0 and "at least 13 races" in small.stderr + small.stdout
    cos = cosmic("simulate", "--players", "2", "--races", "hive", home=tmp_path)
    assert cos.returncode != 0 and "--races: the map game's" in cos.stderr + cos.stdout
