"""The one-row input line under a full screen ("> " and what is typed), for the game's
client and the replay's alike.

prompt_toolkit scrolls a one-row input sideways to keep the cursor in sight, and never
scrolls it back while the cursor stays in sight: after a line longer than the row, the
emptied input stayed scrolled by the prompt's width, and "> " was gone for the rest of
the game (a person saw neither the prompt nor, at first, what they typed). Here the
input scrolls only as far as the cursor needs, from nothing, at every frame.

With a completer, its menu answers the keys as a shell's does: Tab completes the part
every entry shares ("k" becomes "keep " when each entry starts so), and once nothing is
shared it moves through the entries (Shift-Tab back), each put on the line as it is
reached; Enter or Right takes the entry reached and closes the menu (a second Enter
runs the line). prompt_toolkit's own Tab took the first entry at once, even where the
entries shared more than was typed; and Enter ran what the menu had put on the line.
"""

from __future__ import annotations

from collections.abc import Callable
from os.path import commonprefix
from typing import Any

from prompt_toolkit.application import get_app
from prompt_toolkit.buffer import Buffer, CompletionState
from prompt_toolkit.completion import CompleteEvent, Completion
from prompt_toolkit.filters import Condition, completion_is_selected
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.utils import get_cwidth
from prompt_toolkit.widgets import TextArea

PROMPT = "> "


def prompt_line(accept: Callable[[Any], bool], **options: Any) -> TextArea:
    """A one-row TextArea with the prompt; `accept` handles Enter; `options` go to the
    TextArea (completer, history, ...); with a completer, Tab, Shift-Tab, Enter and Right
    work its menu (`menu_keys`)."""
    line = TextArea(height=1, prompt=PROMPT, multiline=False, wrap_lines=False,
                    accept_handler=accept, **options)

    def scroll(window: Any) -> int:  # (the line spans the screen's width)
        width = int(get_app().output.get_size().columns)
        buffer = line.buffer
        cursor = get_cwidth(PROMPT) + get_cwidth(buffer.text[:buffer.cursor_position])
        return max(0, cursor + 1 - max(1, width))

    line.window.get_horizontal_scroll = scroll
    if options.get("completer") is not None:
        line.control.key_bindings = menu_keys()  # (the line's own: before the app's)
    return line


def complete_tab(buffer: Buffer) -> None:
    """Tab at a line with a completer. An entry reached: the next one (after the last:
    back to what was typed). Else, of the entries for what is typed (the menu's, or
    asked for now): put in the part they all share beyond what is typed, and show the
    rest; with nothing more shared, show them, or, were they shown already, reach the
    first. All at once, never in the background: a second Tab pressed at once finds the
    menu the first one made."""
    state = buffer.complete_state
    if state is not None and state.complete_index is not None:
        buffer.complete_next()
        return
    shown = state is not None and bool(state.completions)
    entries = list(state.completions) if state is not None and shown else list(
        buffer.completer.get_completions(buffer.document,
                                         CompleteEvent(completion_requested=True)))
    # What the line would read before the cursor with each entry taken (an entry may
    # replace what is typed: "K" completes to "keep ..."); the part they all share.
    before = buffer.document.text_before_cursor
    texts = [before[:len(before) + c.start_position] + c.text for c in entries]
    shared = commonprefix(texts) if entries else ""
    if len(shared) > len(before):
        buffer.delete_before_cursor(len(before))
        buffer.insert_text(shared, fire_event=False)  # (no menu made in the background)
        entries = [Completion(text, -len(shared), display=c.display,
                              display_meta=c.display_meta)
                   for text, c in zip(texts, entries)]
        shown = False
    if len(entries) == 1 and texts[0] == buffer.document.text_before_cursor:
        entries = []  # (the one entry is on the line: nothing left to show)
    if not entries:
        buffer.complete_state = None
        return
    buffer.complete_state = CompletionState(buffer.document, entries)
    if shown:
        buffer.complete_next()


def menu_keys() -> KeyBindings:
    """The keys of a completion menu on a prompt line (see the module's comment)."""
    kb = KeyBindings()

    @kb.add("tab")
    def _tab(event: Any) -> None:
        complete_tab(event.current_buffer)

    @kb.add("s-tab", filter=Condition(lambda: get_app().current_buffer.complete_state
                                      is not None))
    def _back(event: Any) -> None:
        event.current_buffer.complete_previous()

    @kb.add("enter", filter=completion_is_selected)
    @kb.add("right", filter=completion_is_selected)
    def _take(event: Any) -> None:  # the entry is on the line already: keep it there
        event.current_buffer.complete_state = None

    return kb
