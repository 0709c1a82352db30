"""The one-row input line under a full screen ("> " and what is typed), for the game's
client and the replay's alike.

prompt_toolkit scrolls a one-row input sideways to keep the cursor in sight, and never
scrolls it back while the cursor stays in sight: after a line longer than the row, the
emptied input stayed scrolled by the prompt's width, and "> " was gone for the rest of
the game (a person saw neither the prompt nor, at first, what they typed). Here the
input scrolls only as far as the cursor needs, from nothing, at every frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import get_app
from prompt_toolkit.utils import get_cwidth
from prompt_toolkit.widgets import TextArea

PROMPT = "> "


def prompt_line(accept: Callable[[Any], bool], **options: Any) -> TextArea:
    """A one-row TextArea with the prompt; `accept` handles Enter; `options` go to the
    TextArea (completer, history, ...)."""
    line = TextArea(height=1, prompt=PROMPT, multiline=False, wrap_lines=False,
                    accept_handler=accept, **options)

    def scroll(window: Any) -> int:  # (the line spans the screen's width)
        width = int(get_app().output.get_size().columns)
        buffer = line.buffer
        cursor = get_cwidth(PROMPT) + get_cwidth(buffer.text[:buffer.cursor_position])
        return max(0, cursor + 1 - max(1, width))

    line.window.get_horizontal_scroll = scroll
    return line
