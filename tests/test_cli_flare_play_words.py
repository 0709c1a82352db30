"""A flare's play with its targets, listed to the player choosing it, says what it does
("play flare-kamikaze 5 1": which ships go to the warp, for how many cards) in the
client's words for the command, as an alien power's use does."""

from __future__ import annotations

from bots import HeuristicBot
from cli.client import LocalSession, SeatClient
from engine import cosmic as engine
from node.local import LocalGame, game_seed


def test_a_flare_play_with_targets_is_listed_in_words() -> None:
    said: dict[str, str | None] = {}
    for n in range(12):
        s0 = game_seed(f"flare-play-words-{n}", 0)
        g = LocalGame(engine.Config(3, flares=True), s0,
                      [HeuristicBot(s0 + bytes([k])) for k in range(3)])
        client = SeatClient(LocalSession(g, 0))
        for _ in range(2500):
            s = g.state
            p = g.rules.pending(s)
            if s.outcome is not None or not (p.chance or p.seats):
                break
            if p.chance is None and p.seats[:1] == (0,):
                client.table = client.ui.table(s, 0, client.session.knowledge())
                for cmd, (a, _) in client.table.items():
                    if isinstance(a, engine.Play) and a.args and cmd.startswith("play flare"):
                        said[cmd] = client.command_words(cmd)
            g.step()
        if len(said) >= 3:
            break
    assert said, "no flare play with targets was offered in 12 seeded games"
    for cmd, words in said.items():
        assert words, (cmd, said)
        assert not any(ch.isdigit() for ch in words.split("(")[0].split(":")[0]), said
