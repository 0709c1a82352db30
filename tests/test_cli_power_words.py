"""Every alien power's use in words (cli/power_words): each alien that offers uses has
words for each of them, and the words fit every use the engine offers in real games."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from bots import HeuristicBot, RandomBot
from cli.client import LocalSession
from cli.commands import command_table
from cli.power_words import (ARG_KINDS, OPTIONS, TOLD, alien_words, spec_words, told_words,
                             use_words)
from cli.textplay import PlainClient
from engine import cosmic as engine
from engine.cosmic.powers import ALIENS
from node.local import LocalGame, game_seed

# The aliens whose sheet offers uses at windows (`options`): the ones a person chooses.
OFFERING = sorted(name for name, a in ALIENS.items()
                  if a.windows and a.options.__name__ != "<lambda>")


def test_every_alien_that_offers_uses_has_words_for_them() -> None:
    missing = [name for name in OFFERING if not OPTIONS.get(name)]
    assert not missing, f"no words for the uses of: {missing}"


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_each_spec_is_well_formed(name: str) -> None:
    assert name in ALIENS, f"{name} is no alien"
    for option, (words, kinds) in OPTIONS[name].items():
        assert type(option) is int and words and words == words.strip(), (name, option)
        assert words.count("{}") == len(kinds), (name, option, words, kinds)
        assert not re.search(r"\{[^}]", words), (name, option, words)  # only bare {}
        for k in kinds:
            assert all(part in ARG_KINDS for part in k.rstrip("*").split(",")), (name, k)
            assert "," not in k or k.endswith("*"), (name, option, k)  # pairs: the rest
        assert all(not k.endswith("*") for k in kinds[:-1]), (name, option, kinds)


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_each_use_is_also_told_in_the_third_person(name: str) -> None:
    """A replay tells each use the chooser is offered (TOLD): the same options, the same
    arguments, and no word addressed to the reader."""
    assert set(TOLD.get(name, {})) == set(OPTIONS[name]), name
    for option, told in TOLD[name].items():
        assert told == told.strip() and not re.search(r"\{[^}]", told), (name, option)
        assert told.count("{}") == len(OPTIONS[name][option][1]), (name, option, told)
        outside = re.sub(r'"[^"]*"', "", told)  # a question asked is quoted as said
        assert not re.search(r"\byou(r|rs)?\b", outside, re.I), (name, option, told)


def test_a_use_is_told_with_its_power_own_or_lent() -> None:
    s = engine.new_game(engine.Config(3, aliens=("null", "oracle", "trader")))
    assert told_words(s, 0, 0, [2, 0]) == \
        "the Null stops yellow using the trader power for this encounter"
    assert told_words(s, 1, 0, []) == ("the Oracle makes its opponent show its encounter "
                                       "card before choosing its own")
    # arguments that fit no words: the power's summary, never the option's number
    assert told_words(s, 0, 0, [2]) == "the Null uses its power: " + str(alien_words("null"))
    assert told_words(s, 1, 5, [1]) == "the Oracle uses its power: " + str(
        alien_words("oracle"))


def test_the_flares_the_engine_plays_have_words_for_each_side() -> None:
    """Every flare effect the engine registers (engine/cosmic/flares.py) has words for the
    sides it has; a card that is no flare has none."""
    from cli.power_words import told_flare
    from cli.power_words.flares import FLARE_TOLD
    from engine.cosmic.flares import FLARE_EFFECTS
    for name, flare in FLARE_EFFECTS.items():
        for which, effect in (("wild", flare.wild), ("super", flare.super)):
            if effect is not None:
                assert FLARE_TOLD.get((name, which)), (name, which)
    s = engine.new_game(engine.Config(3))
    attack = next(c.id for c in engine.cards.CATALOGUE if c.kind == "attack")
    assert told_flare(s, 0, attack, ()) is None


class _Watcher:
    """A random bot that, at each of its decisions, puts every power use it is offered
    into words first."""

    def __init__(self, seed: bytes, seen: dict[str, set[int]], bad: list[Any]) -> None:
        self.bot = RandomBot(seed)
        self.seen, self.bad = seen, bad

    def choose(self, s: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        for a in engine.legal_actions(s, seat, kn):
            if isinstance(a, engine.UsePower):
                name = s.aliens[seat]
                words = spec_words(s, seat, a.option, a.args, kn)
                if words is None:
                    self.bad.append((name, a.option, a.args, s.step()[0]))
                else:
                    self.seen.setdefault(name, set()).add(a.option)
                assert use_words(s, seat, a.option, a.args, kn)  # never empty, never raises
                told = told_words(s, seat, a.option, a.args)
                assert told.startswith(("the ", "with the ", "uses the ")), told
                assert "{" not in told, told
        return self.bot.choose(s, seat, kn)


def test_the_words_fit_every_use_offered_in_games() -> None:
    """Games with every alien in turn (five a game, three rounds in other seats and
    seeds): every use any seat is offered has words that take its arguments."""
    seen: dict[str, set[int]] = {}
    bad: list[Any] = []
    names = [n for n in OFFERING if n in OPTIONS]
    for rnd in range(3):
        order = names[rnd:] + names[:rnd]
        for g in range(0, len(order), 5):
            aliens = tuple(order[g:g + 5])
            if len(aliens) < 5:
                aliens += tuple(order[:5 - len(aliens)])
            if len(set(aliens)) < 5:
                continue
            config = engine.Config(5, aliens=aliens, max_turns=8)
            seed = game_seed(f"power-words-{rnd}", g)
            watchers = [_Watcher(seed + bytes([k]), seen, bad) for k in range(5)]
            LocalGame(config, seed, watchers).run()
    assert not bad, f"uses without fitting words: {bad[:20]}"
    assert len(seen) >= len(names) // 2, f"too few aliens used their powers: {sorted(seen)}"


def _asked(label: str, config: engine.Config, word: str, games: int = 20
           ) -> tuple[LocalGame, dict[str, Any], list[str], Any, io.StringIO]:
    """Local games of heuristic bots (seed label, k) until seat 0 is offered commands
    starting with `word`: the game, its command table, those commands, and the plain
    client of seat 0 that has listed them (and its output)."""
    for k in range(games):
        seed = game_seed(label, k)
        g = LocalGame(config, seed, [HeuristicBot(seed + bytes([j])) for j in range(3)])
        while g.state.outcome is None:
            p = engine.pending(g.state)
            if p.chance is None and p.seats and p.seats[0] == 0:
                table = command_table(g.state, 0, g.source.knowledge[0])
                found = sorted(c for c in table if c.startswith(word))
                if found:
                    out = io.StringIO()
                    client = PlainClient(LocalSession(g, 0), inp=io.StringIO(), out=out)
                    client.table = table
                    client._list(all_of_them=True)
                    return g, table, found, client, out
            g.step()
    pytest.fail(f"seat 0 was never offered '{word}' in {games} games")


def test_the_person_reads_each_power_use_in_words() -> None:
    """A local game of the plain client's seat 0 (the Trader, whose use has words) played
    by bots until that seat may use its power: the numbered list and 'help power' say
    what each `power ...` does, as use_words says it."""
    g, table, uses, client, out = _asked(
        "power-words-client", engine.Config(3, aliens=("trader", "oracle", "zombie"),
                                            max_turns=6), "power")
    a = table[uses[0]][0]
    assert isinstance(a, engine.UsePower)
    words = use_words(g.state, 0, a.option, a.args, g.source.knowledge[0])
    assert words.endswith("(trader)") and spec_words(
        g.state, 0, a.option, a.args, g.source.knowledge[0]) is not None, words
    assert f"{uses[0]}  ({words})" in out.getvalue(), out.getvalue()
    client.handle_line("help power")
    assert f"Now: {uses[0]}: {words}" in out.getvalue(), out.getvalue()


def test_the_aliens_to_choose_from_say_what_their_powers_do() -> None:
    """Each seat dealt two aliens to choose from: the list names each with its power's
    summary, not the bare name alone."""
    _, _, keeps, _, out = _asked("power-words-choose", engine.Config(3, aliens=("choose",) * 3),
                                 "keep ", games=1)
    assert len(keeps) == 2, keeps
    for cmd in keeps:
        summary = alien_words(cmd.split()[1])
        assert summary and f"{cmd}  ({summary})" in out.getvalue(), out.getvalue()


def test_the_seekers_questions_are_asked_in_words() -> None:
    """Each question the engine's Seeker may ask is read as a question, from the engine's
    own table (a new question there is worded without a change here)."""
    from engine.cosmic.aliens.seeker import QUESTIONS
    s = engine.new_game(engine.Config(3, aliens=("seeker", "", "")))
    words = [spec_words(s, 0, 0, [1, q]) for q in range(len(QUESTIONS))]
    assert words[3] == ("ask blue: do you hold a reinforcement? (it must answer truly; an "
                        "answer about its card binds)")
    assert words[7] == ("ask blue: will you play a negotiate? (it must answer truly; an "
                        "answer about its card binds)")
    assert words[0] == ("ask blue: do you hold an attack? (it must answer truly; an "
                        "answer about its card binds)")  # "an" before a vowel
    assert len(set(words)) == len(QUESTIONS) and all(w and "?" in w for w in words)


def test_the_nulls_use_names_the_power_it_stops() -> None:
    """The Null names a seat and the K-th power it uses (engine.cosmic.powers.powers_of):
    the words name that power, and a number outside the list stays a number."""
    from engine.cosmic.powers import powers_of
    s = engine.new_game(engine.Config(3, aliens=("null", "oracle", "trader")))
    assert list(powers_of(s, 2)) == ["trader"]
    assert spec_words(s, 0, 0, [2, 0]) == "stop yellow using the trader power for this encounter"
    assert spec_words(s, 0, 0, [1, 0]) == "stop blue using the oracle power for this encounter"
    assert spec_words(s, 0, 0, [1, 3]) == "stop blue using 3 for this encounter"


def test_the_chaos_names_the_hands_and_piles_it_mixes() -> None:
    """The Chaos mixes two of: a player's hand (by seat), the deck (-1), the discard pile
    (-2); each is named as what it is, without a legend repeated in every option."""
    s = engine.new_game(engine.Config(3, aliens=("chaos", "", "")))
    assert spec_words(s, 0, 0, [1, -1]) == "shuffle blue's hand and the deck together"
    assert spec_words(s, 0, 0, [-1, -2]) == "shuffle the deck and the discard pile together"
    assert told_words(s, 0, 0, [0, 2]) == \
        "the Chaos shuffles red's hand and yellow's hand together"


def test_the_rot_names_who_loses_a_card() -> None:
    """The Rot names, one card at a time, whose hand loses a card at random: each choice
    reads differently (they read alike, as the power's summary, before)."""
    s = engine.new_game(engine.Config(3, aliens=("rot", "", "")))
    blue, yellow = spec_words(s, 0, 1, [1]), spec_words(s, 0, 1, [2])
    assert blue == "make blue lose a card at random (it goes face up to the discard pile)"
    assert yellow is not None and "yellow" in yellow and blue != yellow
    assert told_words(s, 0, 1, [2]) == \
        "the Rot makes yellow lose a card at random, face up to the discard pile"
