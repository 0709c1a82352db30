"""Every alien power's use in words (cli/power_words): each alien that offers uses has
words for each of them, and the words fit every use the engine offers in real games."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bots import RandomBot
from cli.power_words import ARG_KINDS, OPTIONS, spec_words, use_words
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


def test_the_person_reads_each_power_use_in_words() -> None:
    """A local game of the plain client's seat 0 (the Trader, whose use has words) played
    by bots until that seat may use its power: the numbered list and 'help power' say
    what each `power ...` does, as use_words says it."""
    import io

    from bots import HeuristicBot
    from cli.client import LocalSession
    from cli.commands import command_table
    from cli.textplay import PlainClient

    for k in range(20):
        seed = game_seed("power-words-client", k)
        g = LocalGame(engine.Config(3, aliens=("trader", "oracle", "zombie"), max_turns=6),
                      seed, [HeuristicBot(seed + bytes([j])) for j in range(3)])
        while g.state.outcome is None:
            p = engine.pending(g.state)
            if p.chance is None and p.seats and p.seats[0] == 0:
                table = command_table(g.state, 0, g.source.knowledge[0])
                uses = sorted(c for c in table if c.startswith("power"))
                if uses:
                    break
            g.step()
        else:
            continue
        out = io.StringIO()
        client = PlainClient(LocalSession(g, 0), inp=io.StringIO(), out=out)
        client.table = table
        client._list(all_of_them=True)
        a = table[uses[0]][0]
        assert isinstance(a, engine.UsePower)
        words = use_words(g.state, 0, a.option, a.args, g.source.knowledge[0])
        assert words.endswith("(trader)") and spec_words(
            g.state, 0, a.option, a.args, g.source.knowledge[0]) is not None, words
        assert f"{uses[0]}  ({words})" in out.getvalue(), out.getvalue()
        client.handle_line("help power")
        assert f"Now: {uses[0]}: {words}" in out.getvalue(), out.getvalue()
        return
    pytest.fail("the Trader was never offered its power in 20 games")


def test_the_aliens_to_choose_from_say_what_their_powers_do() -> None:
    """Each seat dealt two aliens to choose from: the list names each with its power's
    summary, not the bare name alone."""
    import io

    from bots import HeuristicBot
    from cli.client import LocalSession
    from cli.commands import command_table
    from cli.power_words import alien_words
    from cli.textplay import PlainClient

    seed = game_seed("power-words-choose", 0)
    g = LocalGame(engine.Config(3, aliens=("choose",) * 3), seed,
                  [HeuristicBot(seed + bytes([j])) for j in range(3)])
    for _ in range(500):
        p = engine.pending(g.state)
        if p.chance is None and p.seats and p.seats[0] == 0:
            table = command_table(g.state, 0, g.source.knowledge[0])
            keeps = sorted(c for c in table if c.startswith("keep "))
            if keeps:
                break
        g.step()
    else:
        pytest.fail("seat 0 was never asked to choose its alien")
    assert len(keeps) == 2, keeps
    out = io.StringIO()
    client = PlainClient(LocalSession(g, 0), inp=io.StringIO(), out=out)
    client.table = table
    client._list(all_of_them=True)
    for cmd in keeps:
        summary = alien_words(cmd.split()[1])
        assert summary and f"{cmd}  ({summary})" in out.getvalue(), out.getvalue()
