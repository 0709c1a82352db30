"""The controller interface shared by bots, the CLI and the node: whatever picks a seat's
next action. It names no game: a controller of Cosmic takes Cosmic's state and knowledge,
one of the map game takes that game's; the node and the CLI hold any of them
(`AnyController`)."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

S = TypeVar("S", contravariant=True)
K = TypeVar("K", contravariant=True)
A = TypeVar("A", covariant=True)


class Controller(Protocol[S, K, A]):
    def choose(self, state: S, seat: int, kn: K) -> A:
        """Pick one of the seat's legal actions. For a Select, also put the chosen handle
        in `kn.selected` (the secret the protocol commits to)."""
        ...


AnyController = Controller[Any, Any, Any]
