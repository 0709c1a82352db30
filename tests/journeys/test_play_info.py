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
