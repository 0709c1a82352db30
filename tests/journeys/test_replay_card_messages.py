"""A networked game's journal is mostly card-protocol messages (keys, shuffles, shares, the
end-of-game secrets): replaying one, a person reads what each does, in words beside its
kind (`card protocol: shuffles cards, with a proof (cards.shuffle)`), in `--to N` text and
on the `--html` page; never a bare `(not an action)`. On the page, a turn box holding no
number leaves the position where it is (it used to jump to the game's end)."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import cosmic
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


def test_card_messages_are_told_in_words(home: Path) -> None:
    r = cosmic("demo", "--players", "3", "--seed", "4", "--dir", "g", "--max-turns", "2",
               "--quiet", home=home, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    journal = home / "g" / "seat-1.journal"
    seen: set[str] = set()
    total = int(re.search(r"(\d+) records", r.stdout).group(1))  # type: ignore[union-attr]
    for to in range(8, total + 8, 8):  # every record once, in --to N's last records
        out = cosmic("replay", str(journal), "--to", str(min(to, total)), home=home)
        assert out.returncode == 0, out.stderr
        assert "(not an action)" not in out.stdout, out.stdout
        for kind in re.findall(r"^ +\d+ +[a-z]+: card protocol: .* \((cards\.[a-z-]+)\)$",
                               out.stdout, re.M):
            line = next(x for x in out.stdout.splitlines() if x.endswith(f"({kind})"))
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
