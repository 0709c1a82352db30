"""The closest legal commands a refusal lists, kept to two rows of an 80-column terminal
(cli/commands.py for Cosmic, cli/worlds_commands.py for the map game): a long list of
ships ran to three or four wrapped rows, and the question under it scrolled away.

Invariants: the nearest command is always shown, whatever its length; the count of the
rest is of every legal command not shown (all of them: '?' lists them); the words are a
pure function of the arguments.
"""

from __future__ import annotations

__all__ = ["closest_words", "REFUSAL_CHARS"]

# A refusal is read in the rows above the prompt: with its closest commands it keeps to
# two rows of an 80-column terminal, each command kept whole on a row (as cli/app.py
# wraps it), continued rows indented by two.
WIDTH, ROWS = 80, 2


def _rows(units: list[str], width: int = WIDTH) -> int:
    """How many rows these unbreakable pieces take, wrapped at spaces."""
    rows, used = 1, 0
    for unit in units:
        if used and used + 1 + len(unit) > width:
            rows, used = rows + 1, 2 + len(unit)
        else:
            used += (1 if used else 0) + len(unit)
    return rows


def _said(head: str, shown: list[str], rest: int, tail: str) -> tuple[str, list[str]]:
    items = shown + ([f"and {rest} more"] if rest > 0 else [])
    listed = [c + ("," if i < len(items) - 1 else "") for i, c in enumerate(items)]
    listed[0] = "Closest: " + listed[0]
    text = head + ". Closest: " + ", ".join(items) + tail
    return text, (head + ".").split(" ") + listed + tail.split()


def closest_words(head: str, close: list[str], legal: int, tail: str = "") -> str:
    """"HEAD. Closest: A, B, and N more TAIL": the commands of `close` (nearest first)
    that keep the whole to ROWS rows of WIDTH columns, and how many of the `legal` ones
    are not shown ('?' lists them all); the nearest is always shown."""
    shown = close[:1]
    for cmd in close[1:]:
        _, units = _said(head, shown + [cmd], legal - len(shown) - 1, tail)
        if _rows(units) > ROWS:
            break
        shown.append(cmd)
    return _said(head, shown, legal - len(shown), tail)[0]
