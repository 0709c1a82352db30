"""Errors of the worlds engine: one base, two kinds (cannot parse vs not allowed now)."""

from __future__ import annotations

__all__ = ["EngineError", "ActionParseError", "IllegalAction"]


class EngineError(Exception):
    """Base of every error the worlds engine raises on bad input."""


class ActionParseError(EngineError):
    """The data or text is not a worlds action at all."""


class IllegalAction(EngineError):
    """A well-formed action the rules do not allow now; names the phase, step and reason.
    The state it was applied to is left untouched."""

    def __init__(self, phase: str, step: str, action: str, reason: str) -> None:
        self.phase, self.step, self.action, self.reason = phase, step, action, reason
        super().__init__(f"{phase}/{step}: {action}: {reason}")

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str, str, str]]:
        return (IllegalAction, (self.phase, self.step, self.action, self.reason))
