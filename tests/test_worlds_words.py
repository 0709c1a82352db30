"""Race powers of the map game in words (cli/worlds_words.py): every race that takes a
Power action has its words, every legal use over whole bot games reads as words (no raw
numbers), and a few known positions read as the race modules document their arguments."""

from __future__ import annotations

import re
from pathlib import Path

from bots.worlds import HeuristicWorldsBot, RandomWorldsBot
from cli.worlds_render import describe_event
from cli.worlds_words import POWER_WORDS, action_words, power_command, power_words
from engine import games
from engine.worlds import actions as A
from engine.worlds.data import RACES, race_id
from node.local import LocalGame, game_seed

RULES = games.load("worlds")
RACES_DIR = Path(__file__).resolve().parent.parent / "engine" / "worlds" / "races"


def _power_races() -> set[str]:
    """The races whose module offers a Power action (an options hook, or a step of its own
    that asks for one), and the Invisible Beings (engine/worlds/unseen.py)."""
    out = {"invisible_beings"}
    for f in sorted(RACES_DIR.glob("*.py")):
        text = f.read_text()
        if f.name != "__init__.py" and re.search(r"Power\(|def \w+_options\(|"
                                                 r"def redirect_targets\(|\(CopyingRace\)",
                                                 text):
            out.add(f.stem)
    return out


def test_every_race_with_a_power_has_its_words() -> None:
    races = _power_races()
    assert set(POWER_WORDS) == races, (sorted(races - set(POWER_WORDS)),
                                       sorted(set(POWER_WORDS) - races))


def _game(i: int, bot: type) -> LocalGame:
    seed = game_seed("power-words", i)
    pool = sorted(POWER_WORDS)  # every world's race has a power to use
    config = RULES.config_from(RULES.COLOURS[:3], (), {"max_turns": 30, "races": pool})
    return LocalGame(config, seed, [bot(seed + bytes([k])) for k in range(3)], rules=RULES)


def test_every_legal_power_reads_as_words_over_bot_games() -> None:
    seen: set[str] = set()
    for i, bot in enumerate((HeuristicWorldsBot, RandomWorldsBot, HeuristicWorldsBot)):
        game = _game(i, bot)
        while RULES.outcome(game.state) is None:
            p = RULES.pending(game.state)
            if p.chance is None:
                s, seat = game.state, p.seats[0]
                kn = game.source.knowledge[seat]
                for a in RULES.legal_actions(s, seat, kn):
                    if not isinstance(a, A.Power):
                        continue
                    key = RACES[a.race].key
                    words = power_words(s, a.race, a.args, kn.faces)
                    assert not words.startswith("arguments"), (key, a.args)
                    assert not re.search(r"\b\d+,\d+\b|seat \d|race \d", words), words
                    command = power_command(s, a.race, a.args, kn.faces)
                    assert command.startswith(f"power {key.replace('_', '-')}")
                    if a.args and POWER_WORDS[key][0] not in ("count", "order"):
                        assert "," not in command or key in ("worldship", "space_pilgrims"), command
                    seen.add(key)
            game.step()
    assert len(seen) >= 20, sorted(seen)


def test_known_words() -> None:
    game = _game(0, HeuristicWorldsBot)
    while game.state.native[0] < 0 or game.state.pos[5] < 0:  # world A explored, F placed
        game.step()
    s = game.state
    race_a = RACES[s.native[0]].name
    assassins = race_id("assassins")
    assert power_words(s, assassins, (5, 1, 0)) == \
        f"kills a blue token born on A ({race_a}) on F"
    assert power_command(s, assassins, (5, 1, 0)) == "power assassins F blue A"
    worldship = race_id("worldship")
    assert power_words(s, worldship, (1, 34)) == "moves B to column 3, row 4"
    assert power_command(s, worldship, (1, 34)) == "power worldship B 3,4"
    order = race_id("temporaneans")
    assert power_words(s, order, (2, 0, 1)) == "sets the turn order: yellow, red, blue"
    # A card given is named only when its face is known to the reader.
    foundation = race_id("foundation")
    assert power_words(s, foundation, (2, 999)) == "gives a card to yellow"
    assert power_words(s, foundation, (2, 999), {999: 0}).startswith("gives force ")
    # Arguments the words do not expect: the raw numbers, never an exception.
    assert power_words(s, assassins, (5,)) == "arguments 5"
    # The event and the replay's action text carry the words.
    assert describe_event(s, ("power", 0, assassins, [5, 1, 0])) == \
        f"red uses the power of the Assassins: kills a blue token born on A ({race_a}) on F"
    assert action_words(s, A.Power(0, assassins, (5, 1, 0))) == \
        f"uses the power of the Assassins: kills a blue token born on A ({race_a}) on F"
    assert action_words(s, A.Move(0, 0, 5, 0, 2)) == \
        f"moves 2 tokens born on A ({race_a}) from A to F"


def test_player_lines_count_in_words() -> None:
    """Each player's line under the map says '1 world', '1 token', '1 card' and '2
    worlds' and so on: over a whole game both forms come up, and every one agrees with
    its number."""
    from cli.worlds_render import board_text

    g = _game(7, HeuristicWorldsBot)
    forms: set[str] = set()
    while g.state.outcome is None:
        g.step()
        for line in board_text(g.state).splitlines():
            m = re.fullmatch(r" *[a-z]+: (\d+) (worlds?), (\d+) (tokens?), (\d+) (cards?)"
                             r"(, \d+ in deep space)?", line)
            if m is None:
                continue
            for n, noun in zip(m.group(1, 3, 5), m.group(2, 4, 6)):
                assert noun.endswith("s") == (n != "1"), line
                forms.add(noun)
    assert {"world", "worlds", "token", "tokens", "cards"} <= forms, forms
