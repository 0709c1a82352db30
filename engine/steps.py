"""The step machine both games share: a step's handler, the seat-decision handler, and
the table handlers are registered in.

A step is a tuple `(name, *args)` on a state's stack (engine.stack: top last). Its
handler, registered by name in its game's table, says:
- `auto(s, st)`: do what needs no input; True if the stack changed (progress);
- `actors(s, st)`: the seats who must act now (public information only);
- `options(s, st, seat, kn)`: the legal actions of one seat, in a fixed order;
- `accept(s, st, a)`: check an action and carry it out on `s` (a private clone);
- `chance(s, st)`: for a step the card source answers, what it must supply.
A step lists the action kinds it takes (`kinds`); anything else is refused with the
phase and step named. Invariant: `accept` refuses through `refuse` (IllegalAction) before
it changes anything it cannot finish, and the game's `apply` throws the clone away, so a
refused action changes nothing. Each game subclasses these with its own state, action,
knowledge and chance types (engine.cosmic.steps, engine.worlds.steps).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, NoReturn, Protocol, TypeVar

from .errors import IllegalAction
from .stack import Stacked, Step_t, pop

__all__ = ["Step", "SeatStep", "registrar", "refuse"]


class _Action(Protocol):
    def format(self) -> str: ...


S = TypeVar("S", bound=Stacked)
A = TypeVar("A", bound=_Action)
H = TypeVar("H", bound="Step[Any, Any]")


class Step(Generic[S, A]):
    """The handler of one kind of step: by default it does nothing on its own, waits
    for no one and takes no action."""

    name = ""
    phase = ""
    kinds: tuple[str, ...] = ()
    simultaneous = False

    def phase_of(self, st: Step_t) -> str:
        """The phase this step belongs to (Cosmic's windows take the one they open in)."""
        return self.phase

    def auto(self, s: S, st: Step_t) -> bool:
        return False

    def actors(self, s: S, st: Step_t) -> tuple[int, ...]:
        return ()

    def options(self, s: S, st: Step_t, seat: int, kn: Any) -> Sequence[A]:
        return ()

    def accept(self, s: S, st: Step_t, a: A) -> None:
        refuse(self, st, a, "nothing to do at this step")

    def chance(self, s: S, st: Step_t) -> Any:
        """What the card source must supply here (the game's Chance), or None."""
        return None


class SeatStep(Step[S, A]):
    """A decision of the seat named in the step (`st[1]`). When `needed` says there is
    nothing to decide, the step goes away without asking."""

    def needed(self, s: S, st: Step_t) -> bool:
        return True

    def auto(self, s: S, st: Step_t) -> bool:
        if self.needed(s, st):
            return False
        pop(s)
        return True

    def actors(self, s: S, st: Step_t) -> tuple[int, ...]:
        return (st[1],)


def registrar(table: dict[str, H]) -> Callable[[type[H]], type[H]]:
    """The class decorator that puts one handler of each decorated class in `table`,
    under the class's step name (a name registered twice is an error)."""
    def register(cls: type[H]) -> type[H]:
        if cls.name in table:
            raise ValueError(f"step {cls.name!r} registered twice")
        table[cls.name] = cls()
        return cls
    return register


def refuse(handler: Step[Any, Any] | None, st: Step_t, a: _Action | None,
           reason: str) -> NoReturn:
    """Raise the IllegalAction that names the phase and step `st` (its handler, None
    when unknown), the action refused (None: none) and why."""
    raise IllegalAction(handler.phase_of(st) if handler else "?", st[0],
                        a.format() if a else "-", reason)
