"""`cosmic play --local --plain` as the Fate: at the start the game asks it to arrange the
destiny deck, and the list names every card offered (`power 1 85  (put destiny wild (now
1st from the top) next, ...)`), each reading differently, never the alien's summary
alone; once a card is placed, the list that follows starts one place further down."""

from __future__ import annotations

import re
from pathlib import Path

from _journey import answer, lines_of, plain_game

from cli.power_words import alien_words

ITEM = re.compile(r"^ +(\d+)\. power 1 (\d+)  \((.*)\)$")
CARD = re.compile(r"^put destiny ([a-z_ ]+) \(now (\d+)(?:st|nd|rd|th) from the top\) next, "
                  r"from the top down \(fate\)$")


def test_the_fate_is_offered_each_destiny_card_by_name(home: Path) -> None:
    proc = plain_game(home, "fate-words", 3, "--aliens", "fate,warlock,queue")
    seen: list[str] = []
    lists: list[list[tuple[str, str]]] = [[]]  # each list of uses shown: (number, words)
    try:
        for line in lines_of(proc, seen, 60):
            if (m := ITEM.match(line)) is not None:
                lists[-1].append((m.group(1), m.group(3)))
            elif line.startswith("Type a number") and lists[-1]:
                if len(lists) == 1:
                    answer(proc, lists[0][0][0])  # place the top card first
                    lists.append([])
                else:
                    answer(proc, "quit", "quit")
                    break
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "\n".join(seen)
    assert "Traceback" not in out, out[-3000:]
    assert len(lists) == 2 and lists[1], "the Fate was never asked twice\n" + out[-3000:]
    summary = str(alien_words("fate"))
    for k, shown in enumerate(lists):
        words = [w for _, w in shown]
        assert len(set(words)) == len(words), words  # two cards of a colour told apart
        places = []
        for w in words:
            assert summary not in w, w
            m = CARD.match(w)
            assert m is not None, w
            places.append(int(m.group(2)))
        # from the top down, starting below the cards placed so far
        assert places == list(range(k + 1, k + 1 + len(places))), places
    assert len(lists[1]) == len(lists[0]) - 1
