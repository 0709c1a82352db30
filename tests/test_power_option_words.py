"""The uses an alien's own step asks for (the Fate's arrangement, the Vacuum's victims,
the Healer's heal, ...) read in words on the player's screen: each `power ...` command
the client lists says what its arguments are (a destiny card by its name, a player by
its colour, a count of ships or cards), and no two uses of one decision read the same.

Seeded local games of random bots with these aliens in play; at each decision of a seat
holding one of them, the command table the client shows (cli/commands.py command_table)
and each command's words as the client gives them (use_words)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bots import RandomBot
from cli.commands import command_table
from cli.power_words import spec_words, told_sentence, told_words, use_words
from cli.render import planet_name
from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.powers import acting_power
from node.local import LocalGame, game_seed

Args = tuple[int, ...]
Check = Callable[[engine.GameState, int, Args, engine.Knowledge], list[str]]


def _colour(s: engine.GameState, seat: int) -> str:
    return s.config.colors[seat]


def _n(count: int, what: str) -> str:
    return f"{count} {what}{'' if count == 1 else 's'}"


def _fate(s: engine.GameState, seat: int, a: Args, kn: engine.Knowledge) -> list[str]:
    (h,) = a
    deck = s.destiny_deck
    nth = len(deck) - deck.index(h)  # the top of the deck is its end
    return [C.CATALOGUE[kn.faces[h]].label().replace("_", " "), f"now {nth}", "from the top"]


def _vacuum(s: engine.GameState, seat: int, a: Args, kn: engine.Knowledge) -> list[str]:
    return [f"{_colour(s, v)} loses {n}" for v, n in zip(a[::2], a[1::2]) if n]


# What the words of each alien's use must name, from its arguments (see the engine's
# alien modules for the arguments: engine/cosmic/aliens/NAME.py).
EXPECT: dict[str, Check] = {
    "fate": _fate,
    "vacuum": _vacuum,
    "ghoul": lambda s, seat, a, kn: [f"bring {_n(a[0], 'ship')} back",
                                     f"draw {_n(a[1] - a[0], 'card')}"],
    "healer": lambda s, seat, a, kn: [f"heal {_colour(s, a[0])}'s {_n(a[1], 'ship')}"],
    "paragon": lambda s, seat, a, kn: [_colour(s, a[0]), planet_name(s, a[1])],
    "piranha": lambda s, seat, a, kn: [f"{_colour(s, a[0])}'s ships on "
                                       f"{planet_name(s, a[1])}"],
    "queue": lambda s, seat, a, kn: [f"next turn to {_colour(s, a[0])}"],
    "sting": lambda s, seat, a, kn: [f"make {_colour(s, a[0])} lose {_n(a[1], 'ship')}"],
    "warlock": lambda s, seat, a, kn: [f"draw {_n(a[0], 'card')}"],
    "will": lambda s, seat, a, kn: [f"encounter {_colour(s, a[0])}"],
    "disease": lambda s, seat, a, kn: [f"from {planet_name(s, a[0])}",
                                       _n(a[1], "ship"), f"to {planet_name(s, a[2])}"],
    "collector": lambda s, seat, a, kn: ["draw one more card"],
    "xenomorph": lambda s, seat, a, kn: ["trade your current power"],
    "insect": lambda s, seat, a, kn: [f"have {_colour(s, a[0])}"],
    # a window's use whose two choices could read alike (two copies of a card revealed)
    "fido": lambda s, seat, a, kn: [f"fetch {C.CATALOGUE[a[0]].label().replace('_', ' ')} (",
                                    "'s card)", f"offer it to {_colour(s, a[1])}"],
}

# The steps that ask for those uses (engine/cosmic/aliens: each step's name).
STEPS = {"fate_arrange": "fate", "plunder": "ghoul", "heal": "healer",
         "paragon_target": "paragon", "devour": "piranha", "queue_next": "queue",
         "sting": "sting", "vacuum": "vacuum", "warlock": "warlock", "will_choose": "will",
         "spread": "disease", "collect": "collector", "xenomorph_trade": "xenomorph",
         "insect_will": "insect"}

WINDOW = ("fido",)  # the aliens of EXPECT whose uses come at windows

# Games in which those aliens are offered their uses, with the steps that offer them.
GAMES = [
    (("fate", "ghoul", "healer", "paragon", "piranha"), 4),
    (("queue", "sting", "vacuum", "warlock", "will"), 1),
    (("collector", "disease", "xenomorph", "insect", "will"), 3),
    (("fido", "warlock", "queue"), 3),
]


def _walk(aliens: tuple[str, ...], games: int) -> dict[str, int]:
    """Play seeded games with `aliens` until each has been offered a use; check the words
    of every use offered on the way. How many decisions of each were checked."""
    checked: dict[str, int] = {}
    for k in range(games):
        seed = game_seed("power-option-words", k)
        g = LocalGame(engine.Config(len(aliens), aliens=aliens, max_turns=12), seed,
                      [RandomBot(seed + bytes([j])) for j in range(len(aliens))])
        while g.state.outcome is None and not set(aliens) <= set(checked):
            p = engine.pending(g.state)
            for seat in (p.seats if p.chance is None else ()):
                name = _check_decision(g.state, seat, g.source.knowledge[seat])
                if name:
                    checked[name] = checked.get(name, 0) + 1
            g.step()
        if set(aliens) <= set(checked):
            break
    return checked


def _check_decision(s: engine.GameState, seat: int, kn: engine.Knowledge) -> str:
    """Check the words of the uses `seat` is offered now; the alien whose uses they are
    ("" for none)."""
    st = s.step()
    name = STEPS.get(st[0], "")
    if st[0] == "window" and acting_power(s, seat) in WINDOW:
        name = acting_power(s, seat)
    elif not name or st[1] != seat:
        return ""
    table = command_table(s, seat, kn)
    uses = {cmd: a for cmd, (a, _) in table.items() if isinstance(a, engine.UsePower)}
    said: dict[str, str] = {}
    for cmd, a in sorted(uses.items()):
        assert isinstance(a, engine.UsePower)
        words = use_words(s, seat, a.option, a.args, kn)
        assert words.endswith(f" ({name})"), (cmd, words)
        assert spec_words(s, seat, a.option, a.args, kn) is not None, (cmd, words)
        for part in EXPECT[name](s, seat, tuple(a.args), kn):
            assert part in words, f"{cmd}: {words!r} does not say {part!r}"
        assert words not in said, f"{cmd} and {said.get(words)} both read {words!r}"
        said[words] = cmd
        # told after use: third person in a replay, second person to the chooser
        told = told_words(s, seat, a.option, a.args)
        assert "uses its power" not in told and "{" not in told, told  # (not the summary)
        mine = told_sentence(s, seat, a.option, a.args, viewer=seat)
        assert mine.startswith("your "), mine
    return name if uses else ""


@pytest.mark.parametrize("aliens,games", GAMES, ids=[g[0][0] for g in GAMES])
def test_each_use_of_a_step_power_names_what_its_arguments_mean(
        aliens: tuple[str, ...], games: int) -> None:
    checked = _walk(aliens, games)
    assert set(aliens) <= set(checked), f"never offered a use: {set(aliens) - set(checked)}"


def test_the_fate_reads_each_destiny_card_by_name_and_place() -> None:
    """The Fate's arrangement at setup: each card of the deck is offered by its name and
    where it lies, two cards of one colour told apart by their places; a replay tells the
    place but never the face, and the Fate's own log says it in the second person."""
    seed = game_seed("power-option-words-fate", 0)
    aliens = ("fate", "warlock", "queue")
    g = LocalGame(engine.Config(3, aliens=aliens), seed,
                  [RandomBot(seed + bytes([j])) for j in range(3)])
    while g.state.step()[0] != "fate_arrange":
        g.step()
    s, kn = g.state, g.source.knowledge[0]
    uses = [a for a, _ in command_table(s, 0, kn).values() if isinstance(a, engine.UsePower)]
    assert len(uses) == len(s.destiny_deck) > 2
    words = [use_words(s, 0, a.option, a.args, kn) for a in uses]
    assert words[0] == (f"put {C.CATALOGUE[kn.faces[uses[0].args[0]]].label().replace('_', ' ')} (now 1st from "
                        "the top) next, from the top down (fate)")
    assert len(set(words)) == len(words)
    told = told_words(s, 0, uses[1].option, uses[1].args)
    assert told == ("the Fate puts a destiny card (now 2nd from the top) next, "
                    "from the top down"), told
    assert told_sentence(s, 0, uses[1].option, uses[1].args, viewer=0).startswith(
        "your Fate puts ")


def test_the_vacuum_and_the_healer_are_told_to_each_reader() -> None:
    """The log after a use names the seats as each reader reads them: "you lose" on the
    victim's own screen, the colour on the others'."""
    s = engine.new_game(engine.Config(3, aliens=("vacuum", "healer", "")))
    assert use_words(s, 0, 0, (1, 2, 2, 0)) == \
        "take others' ships along to the warp: blue loses 2 (vacuum)"
    assert told_sentence(s, 0, 0, (1, 2, 2, 1), viewer=1) == \
        "red's Vacuum takes others' ships along to the warp: you lose 2, yellow loses 1"
    assert told_sentence(s, 0, 0, (1, 2, 2, 1), viewer=0) == \
        "your Vacuum takes others' ships along to the warp: blue loses 2, yellow loses 1"
    assert told_sentence(s, 1, 0, (0, 3), viewer=0) == ("blue's Healer heals your 3 ships, "
                                                        "back from the warp to their "
                                                        "colonies, and draws a card")
    assert told_words(s, 1, 0, (2, 1)) == ("the Healer heals yellow's 1 ship, back from the "
                                           "warp to their colonies, and draws a card")


def test_a_flare_play_has_words_for_the_player_choosing_it() -> None:
    """A flare's play with arguments (`play flare-kamikaze 5 1`) in words for its chooser,
    its side and what the arguments are, as cli/client.py may list it."""
    from cli.power_words import flare_words

    def flare(name: str) -> int:
        return next(i for i, c in enumerate(C.CATALOGUE) if c.kind == "flare" and c.name == name)
    s = engine.new_game(engine.Config(3, aliens=("amoeba", "", "")))
    assert flare_words(s, 1, flare("kamikaze"), (5, 1)) == (
        "wild: send ships from your colonies to the warp, 3 more to your side's total for "
        "each (blue.1: 1 ship)")
    assert flare_words(s, 1, flare("amoeba"), (0, 5, 2)) == \
        "wild: add ships to the encounter from your colonies (blue.1: 2 ships)"
    attack = next(c.id for c in C.CATALOGUE if c.kind == "attack")
    assert flare_words(s, 1, attack, ()) is None


def test_every_step_that_asks_for_a_use_has_words_for_its_alien() -> None:
    """Each engine step that offers `power ...` outside the windows (and the reveal, whose
    uses are the acting power's) belongs to an alien with words for its uses: a new such
    step without words fails here, before a player meets its bare numbers."""
    import engine.cosmic.aliens  # noqa: F401  (registers the aliens' steps)
    from cli.power_words import OPTIONS, STEP_POWERS
    from engine.cosmic.steps import STEPS as ENGINE_STEPS
    asking = sorted(n for n, st in ENGINE_STEPS.items()
                    if "power" in getattr(st, "kinds", ()) and n not in ("window", "reveal"))
    assert len(asking) >= len(STEPS), asking
    for name in asking:
        alien = STEP_POWERS.get(name) or getattr(ENGINE_STEPS[name], "power", "")
        assert alien and OPTIONS.get(alien), f"step {name}: no words for its uses ({alien!r})"
