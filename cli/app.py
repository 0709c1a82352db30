"""The full-screen client: board, hand, log, alerts and a prompt, built in one place.

Layout (top to bottom): the board (left) beside your hand (right); the log of what
happened, newest last, scrollable with PageUp/PageDown; one status line saying whose
decision it is; the prompt, completing exactly the commands that are legal now.

The game runs as an asyncio task next to the application. A `Session` feeds it: it says
what the engine waits for and applies actions (a local game here; the networked node
offers the same surface). When the decision is yours, the task waits on a future that
the prompt's accept handler resolves. The client passes
for you at card windows that are not your "stops" (e.g. `stop destiny`), whatever your
hand holds (cli/client.py).
"""

from __future__ import annotations

import asyncio
import os
import textwrap
import time
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.completion import Completer, Completion, WordCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import Float, FloatContainer, HSplit, Layout, VSplit, Window
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension as D
from prompt_toolkit.output.color_depth import ColorDepth
from prompt_toolkit.styles import Style
from prompt_toolkit.widgets import TextArea


from .client import LocalSession, NetworkSession, SeatClient, Session, Stops

__all__ = ["Session", "LocalSession", "NetworkSession", "ClientApp", "Stops", "STYLE"]

STYLE = Style.from_dict({
    "status": "reverse", "alert": "bold", "board": "", "hand": "", "refused": "bold",
    "red": "ansired", "blue": "ansiblue", "yellow": "ansiyellow", "green": "ansigreen",
    "purple": "ansimagenta", "orange": "#ff8700", "black": "ansibrightblack",
    "white": "ansiwhite", "brown": "#875f00", "pink": "#ff87af",
    "playable": "bold", "dim": "ansibrightblack",
})


class _LegalCompleter(Completer):
    def __init__(self, table: Callable[[], dict[str, Any]], help_words: Any,
                 normalise: Callable[[str], str],
                 words: Callable[[str], str | None] = lambda cmd: None) -> None:
        self.table = table
        self.normalise = normalise
        self.command_words = words
        self.words = WordCompleter(sorted(help_words) + ["help", "quit", "stops", "stop",
                                                         "unstop", "board", "hand"])

    def get_completions(self, document: Document, complete_event: Any):  # type: ignore[no-untyped-def]
        typed = self.normalise(document.text_before_cursor)
        if not typed and not complete_event.completion_requested:
            return  # an empty line shows choices only on Tab
        seen = 0
        for cmd in sorted(self.table()):
            if cmd.startswith(typed):
                yield Completion(cmd, start_position=-len(document.text_before_cursor),
                                 display_meta=self.command_words(cmd) or "")
                seen += 1
                if seen >= 200:
                    return


class ClientApp(SeatClient):
    """The full-screen face of one seat's client (the game loop is SeatClient's)."""

    HELP_KEYS = "Tab completes; PageUp/PageDown scroll the log; "

    def __init__(self, session: Session, *, title: str = "cosmic",
                 color: bool | None = None) -> None:
        super().__init__(session)
        self.title = title
        self.log_offset = 0  # lines scrolled up from the newest
        if color is None:
            color = not os.environ.get("NO_COLOR")
        self.color = color
        self.history = InMemoryHistory()
        self.input = TextArea(
            height=1, prompt="> ", multiline=False, wrap_lines=False,
            completer=_LegalCompleter(lambda: self.table, self.ui.HELP, self.ui.normalise,
                                      self.command_words),
            history=self.history,
            accept_handler=self._accept, complete_while_typing=True)
        self.app = self._build()

    # -- building --------------------------------------------------------------------------

    def _build(self) -> Application[Any]:
        cosmic = self.ui.COSMIC  # the map game: a wider, taller board, short card names
        board = Window(FormattedTextControl(self._board), wrap_lines=True,
                       height=D(min=6, preferred=12) if cosmic else D(min=12, preferred=19))
        hand = Window(FormattedTextControl(self._hand),
                      width=D(min=20, preferred=34) if cosmic else D(min=14, max=20),
                      wrap_lines=True)
        log = Window(FormattedTextControl(self._log), wrap_lines=False,
                     height=D(min=3) if cosmic else D(min=3, preferred=3))
        self.log_window = log
        status = Window(FormattedTextControl(self._status), height=1, style="class:status")
        refused = Window(FormattedTextControl(lambda: [("class:refused", self.refused)]),
                         height=D(min=0, max=3), wrap_lines=True)
        body = FloatContainer(
            HSplit([VSplit([board, Window(width=1, char="|"), hand],
                           height=None if cosmic else D(min=12, preferred=19)),
                    Window(height=1, char="-"), log, refused, status, self.input]),
            floats=[Float(xcursor=True, ycursor=True,
                          content=CompletionsMenu(max_height=12, scroll_offset=1))])
        kb = KeyBindings()

        @kb.add("c-c")
        @kb.add("c-q")
        def _quit(event: Any) -> None:
            event.app.exit(result="quit")

        @kb.add("pageup")
        def _up(event: Any) -> None:
            self.log_offset = min(self.log_offset + 5, max(0, len(self.log) - 1))

        @kb.add("pagedown")
        def _down(event: Any) -> None:
            self.log_offset = max(0, self.log_offset - 5)

        return Application(
            layout=Layout(body, focused_element=self.input), key_bindings=kb,
            style=STYLE if self.color else Style([]), full_screen=True, mouse_support=False,
            color_depth=None if self.color else ColorDepth.DEPTH_1_BIT)

    # -- rendering -------------------------------------------------------------------------

    def _board(self) -> StyleAndTextTuples:
        s = self.session.state
        out: StyleAndTextTuples = []
        for line in self.ui.screen_board(s, self.session.knowledge()).splitlines():
            style = ""
            for c in s.config.colors:
                if line.strip().startswith(c + " ") and self.color:
                    style = f"class:{c}"
            out.append((style, line + "\n"))
        return out

    def _hand(self) -> StyleAndTextTuples:
        s, seat = self.session.state, self.session.seat
        kn = self.session.knowledge()
        out: StyleAndTextTuples = []
        keeps = sorted(cmd for cmd, (a, _) in self.table.items() if a.KIND == "keep")
        if keeps and self.ui.COSMIC:  # aliens dealt to choose from: what each one does
            out.append(("class:alert", "Aliens dealt to you (keep one):\n"))
            for cmd in keeps:
                words = self.command_words(cmd)
                out.append(("class:playable", f"* {cmd.split()[-1]}"
                            + (f": {words}" if words else "") + "\n"))
        out.append(("class:alert", f"Your hand ({s.config.colors[seat]})\n"))
        playable = {h for _, (a, h) in self.table.items() if h is not None}
        kinds = ("play",) if self.ui.COSMIC else ("play", "second", "reveal")
        playable |= {getattr(a, "handle") for _, (a, _) in self.table.items()
                     if a.KIND in kinds}
        if not self.ui.COSMIC:  # the map game: cards it may discard now too
            playable |= {h for _, (a, _) in self.table.items() if a.KIND == "discard"
                         for h, _f in getattr(a, "cards")}
        for can, label in self.ui.hand(s, kn, playable):
            mark = "*" if can else " "
            out.append(("class:playable" if can else "", f"{mark} {label}\n"))
        out.append(("class:dim", "* playable now\n"))
        return out

    def _log(self) -> StyleAndTextTuples:
        """The newest lines that fit (scrolled up by PageUp), long lines wrapped (help
        and chat must be readable in 80 columns), continued rows indented."""
        info = getattr(self, "log_window", None) and self.log_window.render_info
        height = info.window_height if info else 8
        width = max(20, info.window_width if info else 80)
        rows: list[str] = []
        for line in reversed(self.log[:len(self.log) - self.log_offset]):
            rows[:0] = textwrap.wrap(line, width, subsequent_indent="  ") or [""]
            if len(rows) >= height:
                break
        return [("", "\n".join(rows[-height:]))]

    def _status(self) -> StyleAndTextTuples:
        # Most urgent first: a narrow terminal cuts the end of the line, not the deal's
        # countdown or what you are asked.
        text = f" {self.status} | {self.title} "
        deadline = getattr(self.session, "deal_deadline", lambda: None)()
        if deadline is not None:
            left = max(0, int(deadline - time.monotonic()))
            text = f" deal: {left} s left |" + text
        return [("class:status", text)]

    # -- input and the loop ------------------------------------------------------------------

    def _accept(self, buff: Any) -> bool:
        self.handle_line(buff.text)
        return False  # clear the input line

    def invalidate(self) -> None:
        app = getattr(self, "app", None)  # None while the constructor builds it
        if app is not None:
            app.invalidate()

    def say(self, line: str) -> None:
        self.log_offset = 0
        super().say(line)

    def leave(self) -> None:
        super().leave()
        self.app.exit(result="quit")

    async def run(self) -> str:
        follow = asyncio.ensure_future(self.follow())
        task = asyncio.ensure_future(self.run_game())
        try:
            result = await self.app.run_async()
        finally:
            task.cancel()
            follow.cancel()
        return str(result or "")
