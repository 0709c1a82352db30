"""A networked game's journal is mostly card-protocol messages (keys, shuffles, shares, the
end-of-game secrets): replaying one, a person reads what each does, in words beside its
kind (`card protocol: shuffles cards, with a proof (cards.shuffle)`), in `--to N` text and
on the `--html` page; never a bare `(not an action)`. On the page, a turn box holding no
number leaves the position where it is (it used to jump to the game's end)."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import cosmic
from cli.cmd_replay import ReplayVisitor, replay_text
from node.verify import read_journal_parallel
from protocol.journal import parse_journal
from test_replay_html import READ, Browser

# Each kind a Cosmic network game sends, and what it is said to do.
SAID = {
    "cards.key-commit": "commits to its card key",
    "cards.key": "shows its card key, with a proof",
    "cards.shuffle": "shuffles cards, with a proof",
    "cards.shares": "sends its decryption shares, with a proof",
    "cards.beacon-commit": "commits to its part of a shared random draw",
    "cards.beacon-reveal": "reveals its part of a shared random draw",
    "cards.secret": "shares its card secret for the end-of-game audit",
    "cards.facedown": "commits to a face-down card",
    "cards.open": "opens the cards it shows, with a proof",
    "cards.pick": "picks cards from a deck by position",
    "cards.remask": "re-masks cards, with proofs",
    "cards.show": "shows cards to one other seat, sealed for it",
}
# Sent in every game (the others as the game goes).
ALWAYS = ("cards.key-commit", "cards.key", "cards.shuffle", "cards.shares",
          "cards.beacon-commit", "cards.beacon-reveal", "cards.secret")


class _EveryEighth(ReplayVisitor):
    """`cosmic replay`'s own visitor (cli/cmd_replay.py) read once through the whole
    journal, keeping at every eighth record the text that `--to N` prints there: a run
    stopped at N shows the position and the last records the visitor holds then, and at
    the end what it shows after the last record (a run of the command costs about 0.5 s:
    starting, and checking the first shuffles' proofs again)."""

    def __init__(self, path: str, total: int) -> None:
        super().__init__()
        self.path, self.total = path, total
        self.texts: dict[int, str] = {}

    def stop(self, records: int) -> bool:
        if records and records % 8 == 0:
            self.to = records
            self.texts[records] = replay_text(self.path, self, self.total) + "\n"
            self.to = None
        return super().stop(records)


def _every_eighth(journal: Path, total: int) -> dict[int, str]:
    contents = parse_journal(journal.read_bytes())
    assert len(contents.entries) == total and contents.torn is None
    v = read_journal_parallel(contents, _EveryEighth(str(journal), total))
    assert v.error is None and v.over, v.error
    v.to = total
    v.texts[total] = replay_text(str(journal), v, total) + "\n"
    return v.texts


def test_card_messages_are_told_in_words(home: Path) -> None:
    r = cosmic("demo", "--players", "3", "--seed", "4", "--dir", "g", "--max-turns", "2",
               "--quiet", home=home, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    journal = home / "g" / "seat-1.journal"
    seen: set[str] = set()
    total = int(re.search(r"(\d+) records", r.stdout).group(1))  # type: ignore[union-attr]
    ends = [min(to, total) for to in range(8, total + 8, 8)]
    # What `cosmic replay --to N` prints at every N of ends, read in one pass; the
    # installed command is run at the first N and at the last, and prints the same.
    shown = _every_eighth(journal, total)
    for to in ends:  # every record once, in --to N's last records
        if to in (ends[0], ends[-1]):
            ran = cosmic("replay", str(journal), "--to", str(to), home=home)
            assert ran.returncode == 0, ran.stderr
            assert ran.stdout == shown[to], (ran.stdout, shown[to])
        out = shown[to]
        assert "(not an action)" not in out, out
        for kind in re.findall(r"^ +\d+ +[a-z]+: card protocol: .* \((cards\.[a-z-]+)\)$",
                               out, re.M):
            line = next(x for x in out.splitlines() if x.endswith(f"({kind})"))
            assert kind in SAID and line.endswith(f"card protocol: {SAID[kind]} ({kind})"), line
            seen.add(kind)
    assert set(ALWAYS) <= seen, sorted(set(ALWAYS) - seen)

    page = home / "g.html"
    made = cosmic("replay", str(journal), "--html", str(page), home=home)
    assert made.returncode == 0, made.stdout + made.stderr
    b = Browser(home)
    try:
        b.open(page.resolve().as_uri() + "#record=1")
        head = b.eval(READ)["head"]
        assert head == f"record 0, red: card protocol: {SAID['cards.key-commit']} " \
                       "(cards.key-commit)", head
        for typed in ("", "abc"):  # no number: the page stays where it is
            b.eval(f"document.getElementById('turn').value = {typed!r}")
            b.eval("document.getElementById('goturn').click()")
            assert b.eval(READ)["position"] == 1, typed
        b.eval("document.getElementById('turn').value = '1'")
        b.eval("document.getElementById('goturn').click()")
        assert b.eval(READ)["position"] > 1  # a number still goes to that turn
    finally:
        b.close()
