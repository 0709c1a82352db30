"""The log on a player's own screen speaks to them, made so at the words' source
(cli/you_words.py): seeded bot games, Cosmic with aliens, flares, technology, hidden
powers, teams and ten seats, and the map game with its races' powers, each event read by
every seat and by a spectator, each action a seat takes said to that seat.

On a seat's screen its own colour never names it (a planet, "red.1", and a destiny
card, "destiny red", keep theirs); every "you" has the verb that goes with it, and so do
the verbs a sentence about the reader goes on with ("you show 3 card(s), discard them");
what differs from the spectator's line is only the words for the reader. A spectator's
line (no seat: replays, verify) has no "you", and a seat reads the same line as the
spectator where the event does not concern it."""

from __future__ import annotations

import difflib
import re
from typing import Any

import pytest

from bots import RandomBot
from bots.worlds import HeuristicWorldsBot, RandomWorldsBot
from cli.game_ui import for_rules
from cli.you_words import second_person
from engine import cosmic as engine
from engine import games
from node.local import LocalGame, game_seed

# Words a spectator's line may hold that speak to someone: a question put in quotes (the
# Seeker's "do you hold ...?") and the hint of the hidden powers' deal.
ASKED = re.compile(r"(do you hold|will you play) [^?]*\?|'turnup' turns yours up")
# Words that end a clause's first word in "s" but are no verb of the reader.
NOT_VERBS = {"its", "this", "as", "is", "was", "has", "does", "ships", "cards", "tokens",
             "yours", "his", "plus", "totals", "us", "alliances", "winners", "dice",
             "worlds", "powers", "artifacts", "aliens", "events", "always"}


def _colour_word(colour: str) -> re.Pattern[str]:
    """The colour as a seat's name: not a planet ("red.1"), not a destiny card."""
    return re.compile(rf"(?<![\w.])(?<!destiny ){colour}(?![\w]|\.\w)")


def _agrees(line: str) -> str | None:
    """What is wrong with the reader's verbs in `line`, or None: a "you" followed by a
    verb of the third person ("you gives"), or a sentence about the reader going on with
    one after a comma, a colon or "and" ("you conjure: discards ...")."""
    text = ASKED.sub("", line)
    if re.search(r"\ba you\b|\byou's\b|\byour(?=[,:;)]|$)", text):
        return "'you' where a name or a possessive goes"
    for m in re.finditer(r"\byou (\w+)", text):
        if second_person(m.group(1)) != m.group(1) and m.group(1) not in ("was",):
            return f"'you {m.group(1)}'"
    if re.match(r"you ", text):
        for clause in re.split(r", |: |; | and ", text)[1:]:
            word = clause.split(" ", 1)[0]
            if word.endswith("s") and word not in NOT_VERBS and "'" not in word and \
                    second_person(word) != word and not word[:1].isdigit():
                return f"a later verb '{word}'"
    return None


# One substitution of the reader's words for a spectator's (the spectator's words, the
# reader's): a seat's name, its possessive, a pronoun or a verb that agrees with it.
def _fair(theirs: str, yours: str, colour: str) -> bool:
    t, y = theirs.split(), yours.split()
    if len(t) == len(y) == 1:
        a, b = t[0].strip(",:;()."), y[0].strip(",:;().")
        return (a, b) in {(colour, "you"), (f"{colour}'s", "your"), ("its", "your"),
                          ("it", "you"), (colour, "yours"), (f"{colour}'s", "yours"),
                          ("theirs", "yours")} or (a != b and second_person(a) == b)
    # a verb of two words ("has used" -> "have used"), or words next to each other
    return all(_fair(a, b, colour) for a, b in zip(t, y)) and len(t) == len(y)


def _check_line(theirs: str, yours: str | None, colour: str, where: Any) -> None:
    assert yours is not None
    named = _colour_word(colour)
    assert not named.search(yours), (where, yours)
    wrong = _agrees(yours)
    assert wrong is None, (where, wrong, yours)
    if not named.search(theirs):  # not the reader's event: the spectator's words
        assert yours == theirs, (where, theirs, yours)
        return
    # "a red token" is "a token of yours" to red (the map game's tokens)
    a, b = theirs.split(), re.sub(r"a token of yours(?= born)", f"a {colour} token",
                                  yours).split()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        assert op == "replace" and _fair(" ".join(a[i1:i2]), " ".join(b[j1:j2]), colour), \
            (where, theirs, yours, a[i1:i2], b[j1:j2])


def _spectator(line: str | None, where: Any) -> None:
    assert line is not None
    assert not re.search(r"\byou(r|rs)?\b", ASKED.sub("", line)), (where, line)


COSMIC = [
    ("random aliens", engine.Config(5, aliens=("?",) * 5)),
    ("flares", engine.Config(4, flares=True)),
    ("technology", engine.Config(4, aliens=("?",) * 4, technology=True)),
    ("two players", engine.Config(2, aliens=("?", "?"), two_player=True)),
    ("teams", engine.Config(4, aliens=("?",) * 4, teams=True)),
    ("hidden, rotating", engine.Config(5, aliens=("?",) * 5, hidden_powers=True,
                                       rotating_powers=True)),
    ("ten seats", engine.Config(10, aliens=("?",) * 10)),
]


def _walk(g: LocalGame, ui: Any, over: Any, limit: int) -> dict[str, int]:
    """Play `g` for up to `limit` actions, checking every line each seat and a spectator
    read; how many lines named the reader, by the event's kind."""
    colours = g.state.config.colors
    seen: dict[str, int] = {}
    for _ in range(limit):
        if over(g.state):
            break
        before, a = g.state, g.next_action()
        if 0 <= a.seat < len(colours) and a.KIND not in ("shuffled", "delivered"):
            theirs = f"{colours[a.seat]} {ui.action_words(before, a)}"
            said = ui.action_sentence(before, a, a.seat)
            if a.KIND != "power":  # (a power's use is told by its alien: "your Oracle ...")
                _check_line(theirs, said, colours[a.seat], a.format())
            assert not _colour_word(colours[a.seat]).search(said), said
            assert _agrees(said) is None, said
        for ev in g.step(a):
            spectator = ui.log_line(g.state, ev, None)
            if spectator is None:
                continue
            _spectator(spectator, ev)
            assert spectator == ui.event_words(g.state, ev), ev  # a replay's words
            for seat, colour in enumerate(colours):
                yours = ui.log_line(g.state, ev, seat)
                if ev[0] == "alien" and ev[1] == seat:  # its hint after the words
                    yours = str(yours).split(" ('info ")[0]
                _check_line(spectator, yours, colour, ev)
                if yours != spectator:
                    seen[ev[0]] = seen.get(ev[0], 0) + 1
    return seen


@pytest.mark.parametrize("name,config", COSMIC, ids=[c[0] for c in COSMIC])
def test_a_cosmic_log_speaks_to_each_reader(name: str, config: Any) -> None:
    ui = for_rules(games.load("cosmic"))
    seed = game_seed(f"you-words-{name}", 0)
    g = LocalGame(config, seed, [RandomBot(seed + bytes([k])) for k in range(config.seats)])
    seen = _walk(g, ui, lambda s: s.outcome is not None, 900)
    assert {"turn", "launch"} <= set(seen), seen  # "your turn begins", "you aim ..."


WORLDS = [(3, 25, RandomWorldsBot), (4, 14, HeuristicWorldsBot), (6, 10, RandomWorldsBot)]


@pytest.mark.parametrize("seats,turns,bot", WORLDS, ids=[f"{w[0]} seats" for w in WORLDS])
def test_a_map_game_log_speaks_to_each_reader(seats: int, turns: int, bot: type) -> None:
    """The map game with every race that has a power in the pile: "you use the power of
    the Gatherers: gather ..."."""
    from cli.worlds_words import POWER_WORDS
    rules = games.load("worlds")
    ui = for_rules(rules)
    config = rules.config_from(rules.COLOURS[:seats], (),
                               {"max_turns": turns, "races": sorted(POWER_WORDS)})
    seed = game_seed(f"you-words-worlds-{seats}", 0)
    g = LocalGame(config, seed, [bot(seed + bytes([k])) for k in range(seats)], rules=rules)
    seen = _walk(g, ui, lambda s: rules.outcome(s) is not None, 4000)
    assert {"turn", "moved", "power"} <= set(seen), seen


def test_the_checks_catch_what_they_look_for() -> None:
    """The checks above fail on the faults of words rewritten after they were made."""
    assert _agrees("you use the power of the Slavers: keeps a blue token") is not None
    assert _agrees("you conjure: discards cards for ships from the warp") is not None
    assert _agrees("red gives a card to you") is None
    assert _agrees("you show 3 card(s), discard them, draw eight") is None
    for wrong in ("you gives 2 card(s) to blue", "you is now the defense", "you has no cards"):
        assert _agrees(wrong) is not None
    assert _agrees("blue kills a you token born on A") is not None
    assert _agrees("one of your leaves the warp instead") is None  # (beyond the checks)
    with pytest.raises(AssertionError):  # more than the reader's words changed
        _check_line("red discards the oracle power", "you discard the sun power", "red", "x")
    with pytest.raises(AssertionError):  # the reader named by colour
        _check_line("blue invites red, green", "blue invites red, green", "red", "x")
    _check_line("red draws destiny red, its own colour: it draws again",
                "you draw destiny red, your own colour: you draw again", "red", "draw")
