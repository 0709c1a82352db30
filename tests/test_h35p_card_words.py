"""Card names as a person reads them: spoken ("mobius tubes", never "mobius_tubes") in the
hand, the log, `info`, the replays; a flare this game never plays marked "(held only)";
a command typed with a card named as the hand names it is the command it lists."""

from __future__ import annotations

from bots import HeuristicBot
from cli.commands import command_table, lookup
from cli.game_ui import CosmicUI, held_only
from cli.info import info
from cli.options import FLARES_HELP
from cli.render import card_label
from cli.textplay import GLUE, _listed_whole
from engine import cosmic as engine
from engine import games
from engine.cosmic import cards as C
from engine.cosmic.flares import FLARE_EFFECTS
from node.local import LocalGame, game_seed


def test_every_card_label_is_spoken() -> None:
    for face, card in enumerate(C.CATALOGUE):
        said = card_label(face)
        assert "_" not in said, said
        assert said == card.label().replace("_", " ")
    mobius = next(f for f, c in enumerate(C.CATALOGUE) if c.name == "mobius_tubes")
    assert card_label(mobius) == "artifact mobius tubes"
    # the replay viewer's short hands keep one word a card (they are listed with spaces)
    ui = CosmicUI(games.load("cosmic"))
    assert ui.short_card(mobius) == "mobius-tubes"


def test_only_the_flares_never_played_are_held_only() -> None:
    flares = [(f, c) for f, c in enumerate(C.CATALOGUE) if c.kind == "flare"]
    assert len(flares) > 40
    played = [c.name for f, c in flares if not held_only(f)]
    assert sorted(played) == sorted(FLARE_EFFECTS) == ["amoeba", "filch_classic", "kamikaze"]
    ghoul = next(f for f, c in flares if c.name == "ghoul")
    assert held_only(ghoul) == " (held only)"
    assert held_only(None) == "" and held_only(C.card_by_name("attack", value=6)[0]) == ""
    assert "held only" in FLARES_HELP and "Amoeba, Kamikaze and Filch" in FLARES_HELP


def test_a_plain_hand_keeps_each_card_whole_with_its_mark() -> None:
    """The plain hand glues each card's words so a row breaks only between cards; a mark
    in brackets stays with its card (it was cut off the list as a refusal's note)."""
    hand = "attack 08, flare ghoul (held only), artifact cosmic zap"
    assert _listed_whole(hand).split(", ") == [
        "attack" + GLUE + "08", GLUE.join(["flare", "ghoul", "(held", "only)"]),
        GLUE.join(["artifact", "cosmic", "zap"])]


def test_info_lists_names_spoken() -> None:
    g = LocalGame(engine.Config(3), game_seed("h35p-info", 0),
                  [HeuristicBot(bytes([k])) for k in range(3)])
    said = info(g.state, "nothing such")
    assert "mobius tubes" in said and "_" not in said, said


def test_a_card_named_as_the_hand_names_it_is_its_command() -> None:
    """`play cosmic zap ...` is `play cosmic_zap ...`; both are taken."""
    seed = game_seed("h35p-spoken", 0)
    for k in range(40):
        g = LocalGame(engine.Config(3), game_seed("h35p-spoken", k),
                      [HeuristicBot(seed + bytes([j])) for j in range(3)])
        for _ in range(400):
            if g.rules.pending(g.state).over:
                break
            for seat in range(3):
                table = command_table(g.state, seat, g.source.knowledge[seat])
                named = [c for c in table if "_" in c or "flare-" in c]
                for cmd in named:
                    spoken = cmd.replace("_", " ").replace("flare-", "flare ")
                    assert lookup(table, spoken, g.state, seat) == table[cmd], cmd
                    assert lookup(table, cmd, g.state, seat) == table[cmd], cmd
                if named:
                    return
            g.step()
    raise AssertionError("no command named a card of two words in 40 games")
