"""Playing one's own seat of a networked game, shared by play, host, join and resume."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from node.discovery import local_address
from node.journal_file import read_key_file, write_key_file
from node.lobby import parse_peer
from node.runner import NodeOptions, NodeRunner
from protocol.genesis import Genesis
from protocol.keys import SigningKey

from .textplay import TextPlayer

__all__ = ["cosmic_home", "player_key", "play_seat", "lan_options"]


def cosmic_home() -> Path:
    return Path(os.environ.get("COSMIC_HOME", Path.home() / ".cosmic"))


def player_key(path: Path | None) -> SigningKey:
    """The player's key: the given file, or ~/.cosmic/key (made on first use, 0600)."""
    path = path or cosmic_home() / "key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_key_file(path, SigningKey.generate())
        print(f"A new player key was made in {path} (readable only by you).")
    return read_key_file(path)


def lan_options(port: int, target: str, peers: list[str], listen: str = "",
                **more: Any) -> NodeOptions:
    """Node options for a game across machines: the mesh listens on this machine's
    address toward the others (the first peer's host, else the beacon target), not on
    loopback, so that players elsewhere can dial what our card says."""
    toward = parse_peer(peers[0], port)[0] if peers else target
    here = listen or local_address(toward)
    return NodeOptions(bind=f"tcp://{here}:0", hello_bind=f"tcp://{here}:0",
                       discovery_port=port, discovery_target=target, discovery_bind=listen,
                       **more)


def play_seat(genesis: Genesis, seat: int, key: SigningKey, journal: Path,
              opts: NodeOptions, *, screen: bool, bot: Any = None) -> int:
    """Play this seat to the end: a bot, the full-screen client, or plain text."""
    colors = [s.colour for s in genesis.seats]
    if bot is not None:
        return NodeRunner(genesis, seat, key, journal, opts, bot.choose,
                          progress=sys.stdout).run()
    if screen:
        import asyncio

        from .app import ClientApp, NetworkSession
        if not opts.window_s:
            opts.window_s = 60.0  # an absent person passes at card windows after a minute
        runner = NodeRunner(genesis, seat, key, journal, opts)
        app = ClientApp(NetworkSession(runner), title=f"cosmic - you are {colors[seat]}")
        if runner.resumed:
            app.say(f"Resumed from {journal} ({runner.resumed} records); catching up.")
        app.say(f"You are {colors[seat]}. Five foreign colonies win. Type 'help'; Tab "
                "completes what is legal now; 'say TEXT' chats.")
        try:
            asyncio.run(app.run())
        finally:
            runner.close()
        state = runner.core.state
    else:
        human = TextPlayer(sys.stdin, sys.stdout)
        runner = NodeRunner(genesis, seat, key, journal, opts, human.choose)
        human.say(f"You are {colors[seat]}. Five foreign colonies win; 'help' helps.")
        try:
            runner.run()
        except EOFError:
            human.say("Game left unfinished; `cosmic resume` picks it up again.")
        state = runner.core.state
    out = state.outcome
    print("Game over: " + (", ".join(colors[w] for w in out.winners) or "nobody") + " won."
          if out else "Game left unfinished.")
    print(f"Your journal: {journal} (check it: cosmic verify {journal})")
    return 0
