"""`info NAME` in the client: a name that is both an alien and a flare (every alien has
one) tells both, so a player holding the Amoeba's flare who types `info amoeba` learns
what the flare does, not only the alien; `info flare NAME` tells the flare alone."""

from __future__ import annotations

from cli.info import info
from engine import cosmic as engine


def test_an_aliens_name_tells_its_flare_too() -> None:
    s = engine.new_game(engine.Config(3))
    both = info(s, "amoeba")
    assert both.startswith("The amoeba (") and "Its flare: Flare of the amoeba: wild" in both
    flare = info(s, "flare amoeba")
    assert flare.startswith("Flare of the amoeba: wild") and "lamp" not in flare
    held = info(s, "zombie")  # a flare our rule documents give no text: held, never played
    assert held.startswith("The zombie (") and "Its flare is only held" in held
    assert info(s, "flare_zombie").startswith("Flare of the zombie: our rule documents")
    assert info(s, "nothing").startswith("No alien, artifact, flare or tech called")


def test_every_artifact_of_the_catalogue_has_words() -> None:
    """`info glitch` in a classic-artifacts game once answered 'No alien, artifact ...'."""
    from engine.cosmic import cards as C

    s = engine.new_game(engine.Config(3, classic_artifacts=True))
    for name in sorted({c.name for c in C.CATALOGUE if c.kind == "artifact"}):
        words = info(s, name)
        assert not words.startswith("No alien"), name
