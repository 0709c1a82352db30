"""The full-screen client: board, hand, log, alerts and a prompt, built in one place.

Layout (top to bottom): the board (left) beside your hand (right); the log of what
happened, newest last, scrollable with PageUp/PageDown; one status line saying whose
decision it is; the prompt, completing exactly the commands that are legal now. In
Cosmic the board and the hand get every row they need (ten seats too), the log the rest;
a refusal takes only its own rows, wrapped between words.

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

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.completion import Completer, Completion, WordCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
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
NBSP = "\u00a0"  # glues the words of a command together when a refusal is wrapped


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


class _SizedControl(FormattedTextControl):
    """Text made for the width its window gets in this very frame (`make(width)`), so a
    panel wraps its own lines between words. When that width changes, the screen is
    drawn once more: the heights, reckoned before the widths were known, follow."""

    def __init__(self, make: Callable[[int], StyleAndTextTuples]) -> None:
        self.width = 0
        super().__init__(lambda: make(self.width or 20))

    def create_content(self, width: int, height: int | None) -> Any:
        if width != self.width:
            self.width = width
            self._fragment_cache.clear()
            get_app().invalidate()
        return super().create_content(width, height)


class FittedControl(FormattedTextControl):
    """Text made for the very size its window gets in this frame (`make(width, height)`):
    a log's newest rows, exactly as many as are shown; a pane wrapped between words at
    its own width. (Sized by the frame before, a log whose window had just shrunk, as
    when a refusal takes rows under it, lost its newest rows below the window's bottom,
    and a pane whose width changed was drawn once wrapped for the old one.)"""

    def __init__(self, make: Callable[[int, int], StyleAndTextTuples]) -> None:
        self.size = (80, 8)
        super().__init__(lambda: make(*self.size))

    def create_content(self, width: int, height: int | None) -> Any:
        size = (width, max(1, height or 1))
        if size != self.size:
            self.size = size
            self._fragment_cache.clear()
        return super().create_content(width, height)


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
        board = Window(_SizedControl(lambda width: self._board()), wrap_lines=True,
                       width=self._board_width if cosmic else None,
                       height=D(min=1, preferred=12) if cosmic else D(min=12, preferred=19))
        self.board_window = board
        hand = Window(_SizedControl(self._hand),
                      width=self._hand_width if cosmic else D(min=14, max=20),
                      wrap_lines=True)
        self.hand_window = hand
        log = Window(FittedControl(self._log), wrap_lines=False,
                     height=D(min=1 if cosmic else 3, preferred=3))  # and the rest
        self.log_window = log
        status = Window(FormattedTextControl(self._status), height=1, style="class:status")
        refused = Window(FormattedTextControl(lambda: [("class:refused",
                                                        "\n".join(self._refused_rows()))]),
                         height=lambda: D.exact(len(self._refused_rows())), wrap_lines=False)
        body = FloatContainer(
            HSplit([VSplit([board, Window(width=1, char="|"), hand],
                           height=self._top_height if cosmic else None),
                    Window(height=1, char="-"), log, refused, status, self.input]),
            floats=[Float(xcursor=True, ycursor=True,
                          content=CompletionsMenu(max_height=12, scroll_offset=1))])
        kb = KeyBindings()

        @kb.add("c-c")
        @kb.add("c-q")
        def _quit(event: Any) -> None:
            event.app.exit(result="quit")

        @kb.add("c-d", filter=Condition(lambda: not self.input.text))
        def _end(event: Any) -> None:  # end of input, as in a shell: 'quit' (it asks again)
            self.handle_line("quit")

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

    # -- sizes (Cosmic) ----------------------------------------------------------------------
    # The board and the hand take the rows they need (ten seats and a long hand included),
    # the log the rest (3 rows first; in a tiny terminal 1, the board 3, and the prompt
    # stays); a refusal takes the rows it needs, none when
    # there is none. The board gets its widest line first, the hand the rest: a narrow
    # terminal wraps the hand (short labels, wrapped between words), not the board's
    # columns.

    def _width_of(self, window: Window | None, default: int) -> int:
        control = window.content if window is not None else None
        width = control.width if isinstance(control, _SizedControl) else 0
        return width or default

    def _board_lines(self) -> list[str]:
        board: str = self.ui.screen_board(self.session.state, self.session.knowledge())
        return board.splitlines()

    def _board_width(self) -> D:
        widest = max((len(line) for line in self._board_lines()), default=20)
        return D(min=20, preferred=widest, max=widest)

    def _hand_width(self) -> D:
        return D(min=14, preferred=14)  # and the rest

    def _top_height(self) -> D:
        board_w = self._width_of(getattr(self, "board_window", None), 46)
        hand_w = self._width_of(getattr(self, "hand_window", None), 20)
        rows = sum(max(1, -(-len(line) // board_w)) for line in self._board_lines())
        hand = sum(len(self._wrapped(text, hand_w)) for _, text in self._hand_items())
        need = max(rows, hand, 6)
        return D(min=3, preferred=need, max=need)  # a tiny terminal still shows a prompt

    def _refused_rows(self) -> list[str]:
        """The refusal, wrapped at word boundaries (a command is never cut in two unless
        it is longer than the line), at most 6 rows."""
        if not self.refused:
            return []
        try:
            width = self.app.output.get_size().columns
        except Exception:
            width = 80
        head, found, listed = self.refused.partition("Closest: ")
        text = self.refused
        if found:  # each command listed is kept whole, the first beside "Closest:"
            listed, paren, note = listed.partition(" (")  # what is asked now, in words
            text = head + "Closest:" + NBSP + ", ".join(
                c.replace(" ", NBSP) for c in listed.split(", ")) + paren + note
        return [row.replace(NBSP, " ")
                for row in self._wrapped(text, max(20, width))[:6]]

    @staticmethod
    def _wrapped(text: str, width: int) -> list[str]:
        return textwrap.wrap(text, max(4, width), subsequent_indent="  ",
                             break_on_hyphens=False) or [""]

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

    def _hand_items(self) -> list[tuple[str, str]]:
        """The hand panel's lines (style, text): the aliens dealt to choose from, then the
        hand, `*` marking what can be played now."""
        s, seat = self.session.state, self.session.seat
        kn = self.session.knowledge()
        out: list[tuple[str, str]] = []
        # Aliens or techs dealt to choose from: what each one does.
        for kind, heading in (("keep", "Aliens"), ("keeptech", "Techs")):
            offered = sorted(cmd for cmd, (a, _) in self.table.items() if a.KIND == kind)
            if offered and self.ui.COSMIC:
                out.append(("class:alert", f"{heading} dealt to you (keep one):"))
                for cmd in offered:
                    words = self.command_words(cmd)
                    out.append(("class:playable", f"* {cmd.split()[-1]}"
                                + (f": {words}" if words else "")))
        out.append(("class:alert", f"Your hand ({s.config.colors[seat]})"))
        playable = {h for _, (a, h) in self.table.items() if h is not None}
        kinds = ("play",) if self.ui.COSMIC else ("play", "second", "reveal")
        playable |= {getattr(a, "handle") for _, (a, _) in self.table.items()
                     if a.KIND in kinds}
        if not self.ui.COSMIC:  # the map game: cards it may discard now too
            playable |= {h for _, (a, _) in self.table.items() if a.KIND == "discard"
                         for h, _f in getattr(a, "cards")}
        for can, label in self.ui.hand(s, kn, playable):
            out.append(("class:playable" if can else "", f"{'*' if can else ' '} {label}"))
        out.append(("class:dim", "* playable now"))
        return out

    def _hand(self, width: int) -> StyleAndTextTuples:
        if not self.ui.COSMIC:
            return [(style, text + "\n") for style, text in self._hand_items()]
        return [(style, row + "\n") for style, text in self._hand_items()
                for row in self._wrapped(text, width)]

    def _log(self, width: int, height: int) -> StyleAndTextTuples:
        """The newest lines that fit the log's window (scrolled up by PageUp), long lines
        wrapped (help and chat must be readable in 80 columns), continued rows indented."""
        width = max(20, width)
        rows: list[str] = []
        for line in reversed(self.log[:len(self.log) - self.log_offset]):
            rows[:0] = self._wrapped(line, width)  # (a path is not cut at its hyphens)
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
