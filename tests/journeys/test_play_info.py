"""`info` about a flare in the hand, as a player asks it: a flare we implement says what
its wild and super sides do; a flare whose text our documents lack says that it is never
played (it listed every name known instead, as if the flare did not exist)."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_info_about_flares(home: Path) -> None:
    r = cosmic("play", "--local", "--plain", "--players", "3", "--flares", "--seed", "i",
               home=home, timeout=60,
               stdin="info flare kamikaze\ninfo flare wastrel\ninfo flare_amoeba\nquit\nquit\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Flare of the kamikaze: wild (any other player: as a main player, once cards " \
           "are chosen, send up to four ships" in out, out[-2000:]
    assert "super (the kamikaze itself: as the offense with ships in the warp" in out
    assert "Flare of the wastrel: our rule documents print no text for it, so it is never " \
           "played here" in out, out[-2000:]
    assert "Flare of the amoeba: wild (any other player: as a main player" in out
    assert "No alien, artifact, flare or tech called" not in out


def test_help_about_a_command_that_does_not_exist(home: Path) -> None:
    """`help nonsense` says there is no such command and names those there are (it
    answered with the general help as if asked nothing)."""
    r = cosmic("play", "--local", "--plain", "--players", "3", "--seed", "h", home=home,
               timeout=60, stdin="help nonsense\nhelp launch\nquit\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "No command 'nonsense' to explain. The commands: abandon, accept, ally," in r.stdout
    assert "launch PLANET N: N ships, chosen to keep your colonies" in r.stdout
