"""Errors of the engine: one base, two kinds (cannot parse vs not allowed now)."""

from __future__ import annotations

__all__ = ["EngineError", "ActionParseError", "IllegalAction"]


class EngineError(Exception):
    """Base of every error the engine raises on bad input."""


class ActionParseError(EngineError):
    """The data or text is not an action at all."""


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow now.

    The message names the phase, the step and the rule; `state` is left untouched.
    """

    def __init__(self, phase: str, step: str, action: str, reason: str) -> None:
        self.phase, self.step, self.action, self.reason = phase, step, action, reason
        super().__init__(f"{phase}/{step}: {action}: {reason}")

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str, str, str]]:
        # Rebuilt from its four parts (a worker process sends it back whole, so a test
        # that plays games in a pool reports the refusal instead of a broken pool).
        return (IllegalAction, (self.phase, self.step, self.action, self.reason))
