"""The full-screen client: board, hand, log, alerts and a prompt, built in one place.

Layout (top to bottom): the board (left) beside your hand (right); the log of what
happened, newest last, scrollable with PageUp/PageDown; the status line saying whose
decision it is (never cut: the title goes first, then it wraps); the prompt, completing
exactly the commands that are legal now (many: the next word of each first; a choice of
ships: its counts first). In Cosmic the board and the hand get the rows
they need before the log, which keeps a quarter of the rows on 22 rows or more (6 of 24)
as far as the board's lines whole leave it (2 at least; at the end of the game the words
on the end, whole); a hand short of rows shows a card held twice on one row ("negotiate
x2"); when a terminal is still too short for them (ten seats with colonies everywhere, a
long hand), their last row says how many rows are below and F2 (or typing 'board')
pages them. The board's lists are wrapped at the columns the hand leaves it.
A refusal takes only its own rows, wrapped between words.

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
import re
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

from .client import TURN_SHOWN_S, LocalSession, NetworkSession, SeatClient, Session, Stops
from .job_control import bind_suspend, redrawn_on_continue
from .rows import wrap_words
from .prompt_line import prompt_line

__all__ = ["Session", "LocalSession", "NetworkSession", "ClientApp", "Stops", "STYLE"]

STYLE = Style.from_dict({
    "status": "reverse", "alert": "bold", "board": "", "hand": "", "refused": "bold",
    "red": "ansired", "blue": "ansiblue", "yellow": "ansiyellow", "green": "ansigreen",
    "purple": "ansimagenta", "orange": "#ff8700", "black": "ansibrightblack",
    "white": "ansiwhite", "brown": "#875f00", "pink": "#ff87af",
    "playable": "bold", "dim": "ansibrightblack",
})
NBSP = "\u00a0"  # glues the words of a command together when a refusal is wrapped
BREAK = "\u200b"  # where a command too long for a row may be broken (after its commas)


def wrap_at(text: str, width: int) -> list[str]:
    """`text` in rows of `width` at most, continued rows indented by two, broken at its
    spaces or at a BREAK (which shows nothing); a piece longer than a row is cut."""
    rows: list[str] = []
    row = ""
    for piece in re.split(f"( |{BREAK})", text):
        if piece in (" ", BREAK):
            row += piece
            continue
        if row.strip(" " + BREAK) and len((row + piece).replace(BREAK, "")) > width:
            rows.append(row.replace(BREAK, "").rstrip())
            row = "  "
        row += piece
        while len(row.replace(BREAK, "")) > width:  # a piece longer than a row: cut
            flat = row.replace(BREAK, "")
            rows.append(flat[:width])
            row = "  " + flat[width:]
    rows.append(row.replace(BREAK, "").rstrip())
    return [r for r in rows if r.strip()] or [""]


def _merged(cards: list[tuple[bool, str]]) -> list[tuple[bool, str]]:
    """A hand's (playable, label) rows with the copies of a card on the row of its first
    ("negotiate x3"): the hand on fewer rows when the terminal is short of them."""
    counts: dict[tuple[bool, str], int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return [(can, label if n == 1 else f"{label} x{n}") for (can, label), n in counts.items()]


class _LegalCompleter(Completer):
    def __init__(self, table: Callable[[], dict[str, Any]], help_words: Any,
                 normalise: Callable[[str], str],
                 words: Callable[[str], str | None] = lambda cmd: None) -> None:
        self.table = table
        self.normalise = normalise
        self.command_words = words
        self.words = WordCompleter(sorted(help_words) + ["help", "quit", "stops", "stop",
                                                         "unstop", "board", "map", "hand"])

    def get_completions(self, document: Document, complete_event: Any):  # type: ignore[no-untyped-def]
        typed = self.normalise(document.text_before_cursor)
        if not typed and not complete_event.completion_requested:
            return  # an empty line shows choices only on Tab
        table = self.table()
        start = -len(document.text_before_cursor)
        matches = [cmd for cmd in sorted(table) if cmd.startswith(typed)]
        if len(matches) > 12:  # many: first the next word of each (a menu to read)
            units: dict[str, int] = {}
            for cmd in matches:
                cut = cmd.find(" ", len(typed) + 1)
                unit = cmd[:cut + 1] if cut >= 0 else cmd
                units[unit] = units.get(unit, 0) + 1
            if 1 < len(units) < len(matches):  # (else each is a whole command)
                for unit, n in units.items():
                    yield Completion(unit, start_position=start, display_meta=(
                        f"{n} choices" if n > 1 else self.command_words(unit) or ""))
                return
            counts = sorted({sum(k for _, k in getattr(table[c][0], "ships", ()))
                             for c in matches})
            group = matches[0].rpartition(" ")[0]
            if all(c.rpartition(" ")[0] == group and ":" in c.rpartition(" ")[2]
                   for c in matches) and counts and counts[0] > 0:
                for n in counts:  # a choice of ships: by its count first
                    yield Completion(f"{group} {n}", start_position=start,
                                     display_meta=f"{n} ship{'s' if n != 1 else ''}, "
                                                  "chosen for you")
        for cmd in matches[:200]:
            yield Completion(cmd, start_position=start,
                             display_meta=self.command_words(cmd) or "")


class _PagedControl(FormattedTextControl):
    """A panel's rows made for the very width and height its window gets in this frame
    (`make(width)`: its lines, wrapped between words at that width), shown from the row
    `offset()` on when they do not all fit, with a last row that says how many are below
    and which key shows them. When the width changes the screen is drawn once more: the
    heights, reckoned before the widths were known, follow."""

    def __init__(self, make: Callable[[int], StyleAndTextTuples],
                 offset: Callable[[], int] = lambda: 0) -> None:
        self.width, self.height = 0, 0
        self.make, self.offset = make, offset
        super().__init__(self._page)

    def rows(self) -> StyleAndTextTuples:
        """Every row of the panel at its width (a line longer than it cut in rows)."""
        width = max(4, self.width or 20)
        out: StyleAndTextTuples = []
        for style, text, *_ in self.make(width):
            for line in text.rstrip("\n").split("\n"):
                out += [(style, line[i:i + width]) for i in range(0, max(1, len(line)), width)]
        return out

    def cut(self) -> bool:
        """Its rows do not all fit its window (it is paged)."""
        return 0 < self.height < len(self.rows())

    def hidden(self) -> int:
        """How many of its rows are below the window (0: it all fits)."""
        rows = len(self.rows())
        if self.height <= 0 or rows <= self.height:
            return 0
        page = max(1, self.height - 1)
        return max(0, rows - self.start(rows, page) - page)

    def start(self, rows: int, page: int) -> int:
        return min(self.offset(), max(0, rows - page))

    def _page(self) -> StyleAndTextTuples:
        rows = self.rows()
        if self.height <= 0 or len(rows) <= self.height:
            return [(style, text + "\n") for style, text, *_ in rows]
        page = max(1, self.height - 1)
        first = self.start(len(rows), page)
        shown = rows[first:first + page]
        below = len(rows) - first - page
        marks = ([f"-- {below} more row{'s' if below != 1 else ''}: F2 or 'board' --",
                  f"-- {below} more: F2 --", "F2: more"] if below > 0 else
                 ["-- F2 or 'board': back to the top --", "-- F2: the top --", "F2: top"])
        mark = next((m for m in marks if len(m) <= self.width), marks[-1])
        out: StyleAndTextTuples = [(style, text + "\n") for style, text, *_ in shown]
        return out + [("class:dim", mark)]

    def create_content(self, width: int, height: int | None) -> Any:
        self._fragment_cache.clear()  # (kept a frame, it would be the other size's)
        if height is None:  # asked for its preferred height: all of its rows
            saved = self.width, self.height
            self.width, self.height = width, 0
            try:
                return super().create_content(width, height)
            finally:
                self.width, self.height = saved
                self._fragment_cache.clear()
        if width != self.width:
            get_app().invalidate()
        self.width, self.height = width, height
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

    HELP_KEYS = ("Tab completes (again: the next choice; Shift-Tab: back; Enter takes it "
                 "into the line); PageUp/PageDown scroll the log; F2 (or 'board') pages "
                 "the board and hand when they do not fit; ")

    def __init__(self, session: Session, *, title: str = "cosmic",
                 color: bool | None = None) -> None:
        super().__init__(session)
        self.title = title
        self.log_offset = 0  # lines scrolled up from the newest
        self.top_offset = 0  # rows of the board and the hand paged down (F2)
        self._frame_memo: dict[str, tuple[Any, Any]] = {}
        if color is None:
            color = not os.environ.get("NO_COLOR")
        self.color = color
        self.history = InMemoryHistory()
        self.input = prompt_line(
            self._accept, completer=_LegalCompleter(lambda: self.table, self.ui.HELP,
                                                    self.ui.normalise, self.command_words),
            history=self.history, complete_while_typing=True)
        self.app = self._build()

    # -- building --------------------------------------------------------------------------

    def _build(self) -> Application[Any]:
        cosmic = self.ui.COSMIC  # the map game: a wider, taller board, short card names
        board = Window(_PagedControl(self._board, lambda: self.top_offset),
                       width=self._board_width if cosmic else None,
                       height=D(min=1, preferred=12) if cosmic else D(min=12, preferred=19))
        self.board_window = board
        hand = Window(_PagedControl(self._hand, lambda: self.top_offset),
                      width=self._hand_width if cosmic else D(min=14, max=20))
        self.hand_window = hand
        log = Window(FittedControl(self._log), wrap_lines=False,
                     height=self._log_height if cosmic else D(min=3, preferred=3))
        self.log_window = log  # (and the rest)
        status = Window(FormattedTextControl(
            lambda: [("class:status", "\n".join(self._status_rows()))]),
            height=lambda: D.exact(len(self._status_rows())), style="class:status")
        refused = Window(FormattedTextControl(lambda: [("class:refused",
                                                        "\n".join(self._refused_rows()))]),
                         height=lambda: D.exact(len(self._refused_rows())), wrap_lines=False)
        body = FloatContainer(
            HSplit([VSplit([board, Window(width=1, char="|"), hand],
                           height=self._top_height if cosmic else None),
                    Window(FormattedTextControl(lambda: self.rule_row(self._columns())),
                           height=1, char="-"),
                    log, refused, status, self.input]),
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

        @kb.add("f2")
        def _page(event: Any) -> None:
            self.page_top()
        bind_suspend(kb)  # Ctrl-Z stops it, `fg` brings it back (cli/job_control.py)

        return Application(
            layout=Layout(body, focused_element=self.input), key_bindings=kb,
            style=STYLE if self.color else Style([]), full_screen=True, mouse_support=False,
            color_depth=None if self.color else ColorDepth.DEPTH_1_BIT)

    # -- sizes (Cosmic) ----------------------------------------------------------------------
    # The board and the hand take the rows they need (ten seats and a long hand included)
    # before the log, which keeps its share (a quarter of 22 rows or more, as far as the
    # board's lines whole leave it, 2 at least; else 1; the board 3 at least, and the
    # prompt stays) and gets the rest; at the end of the game the log first shows
    # the words on the end. A refusal takes the rows it needs, none when there is none;
    # the status line one unless it cannot fit. The board gets its widest line first (its
    # lists wrapped at the columns the hand leaves it, up to BOARD_WRAP), the hand the rest.

    BOARD_WRAP = 72  # the widest a board's list is wrapped, however wide the terminal

    def _columns(self) -> int:
        try:
            return int(self.app.output.get_size().columns)
        except Exception:
            return 80

    def _rows(self) -> int:
        try:
            return int(self.app.output.get_size().rows)
        except Exception:
            return 24

    def _width_of(self, window: Window | None, default: int) -> int:
        control = window.content if window is not None else None
        width = control.width if isinstance(control, _PagedControl) else 0
        return width or default

    def _board_wrap(self) -> int:
        """The columns the board's lists are wrapped at: what the hand leaves (its longest
        card, 24 columns at most: an alien's words wrap), 46 to BOARD_WRAP."""
        hand = max((len(text) for _, text in self._this_frame(
            "hand", self._make_hand_items)), default=14)
        return max(46, min(self.BOARD_WRAP, self._columns() - 1 - max(14, min(24, hand))))

    def _board_lines(self) -> list[str]:
        """The board's lines; when they are more than the rows the board can get, less
        its deck line and aliens' key (`_keys_aside`: the hand's panel shows them)."""
        lines: list[str] = self._this_frame("board", lambda: self._make_board(
            self._keys_aside()))
        return lines

    def _make_board(self, keys_aside: bool) -> list[str]:
        width = self._board_wrap() if self.ui.COSMIC else \
            self._width_of(self.board_window if hasattr(self, "board_window") else None, 59)
        return str(self.ui.screen_board(self.session.state, self.session.knowledge(),
                                        width, not keys_aside)).splitlines()

    def _keys_aside(self) -> bool:
        """The board is short of rows (ten seats on 24 rows): its deck line and aliens'
        key go beside it, under the hand, where there are rows to spare."""
        aside: bool = self._this_frame("aside", lambda: self.ui.COSMIC and len(
            self._make_board(False)) > self._top_room())
        return aside

    def _top_room(self) -> int:
        """The rows the board and the hand can get: all but the log's least, the
        separator, a refusal, the status and the prompt."""
        return self._rows() - 2 - len(self._refused_rows()) - len(self._status_rows()) \
            - self._log_least()

    def _this_frame(self, name: str, make: Callable[[], Any]) -> Any:
        """`make()`, made once a frame (the sizes of a frame ask for the board and the
        hand several times; the game and the terminal stand still while it is drawn)."""
        key = (name, self.app.render_counter, self._columns(), self.session.state.serial,
               id(self.table))
        if self._frame_memo.get(name, (None,))[0] != key:
            self._frame_memo[name] = (key, make())
        return self._frame_memo[name][1]

    def _board_width(self) -> D:
        widest = max((len(line) for line in self._board_lines()), default=20)
        return D(min=20, preferred=widest, max=widest)

    def _hand_width(self) -> D:
        return D(min=14, preferred=14)  # and the rest

    def _top_need(self) -> int:
        """The rows the board and the hand need to be shown whole."""
        board_w = self._width_of(getattr(self, "board_window", None), 46)
        hand_w = self._width_of(getattr(self, "hand_window", None), 20)
        rows = sum(max(1, -(-len(line) // board_w)) for line in self._board_lines())
        hand = sum(len(self._wrapped(text, hand_w)) for _, text in self._hand_items())
        return max(rows, hand, 6)

    def _top_height(self) -> D:
        need = self._top_need()
        return D(min=3, preferred=need, max=need)  # a tiny terminal still shows a prompt

    def _log_share(self) -> int:
        """The log's fair share of the rows: a quarter of them on 22 rows or more (6 of
        24: the game's last events, not 2 rows under a long hand), 1 on fewer."""
        rows = self._rows()
        return max(2, rows // 4) if rows >= 22 else 1

    def _log_least(self) -> int:
        """The log's rows at least: its share (`_log_share`) as far as the board's lines
        whole leave it (2 at least; the hand pages, F2, rather than the board); at the
        end of the game, the words on the end whole (the board gives up rows for them,
        keeping 3)."""
        least = self._log_share()
        if least > 2:
            room = self._rows() - 2 - len(self._refused_rows()) - len(self._status_rows())
            board: int = self._this_frame("board whole", lambda: len(self._make_board(False)))
            least = max(2, min(least, room - max(3, board)))
        if self.session.state.outcome is not None and self.over():
            room = self._rows() - 2 - len(self._refused_rows()) - len(self._status_rows())
            end = sum(len(self._log_rows(line, max(20, self._columns())))
                      for line in self.end_words())
            least = max(least, min(end, room - 3))
        return least

    def _log_height(self) -> D:
        """The log's rows: its least, more once the board and the hand have theirs (3
        first, then the rest)."""
        least = self._log_least()
        room = self._rows() - 2 - len(self._refused_rows()) - len(self._status_rows())
        return D(min=least, preferred=max(least, min(3, room - self._top_need())))

    def page_top(self) -> None:
        """The next rows of the board and the hand when they do not fit (F2, 'board'):
        a page down, and after the last page back to the top."""
        controls = [w.content for w in (self.board_window, self.hand_window)]
        if any(isinstance(c, _PagedControl) and c.hidden() for c in controls):
            self.top_offset += max(1, max(c.height for c in controls
                                          if isinstance(c, _PagedControl)) - 1)
        else:
            self.top_offset = 0
        self.invalidate()

    def _refused_rows(self) -> list[str]:
        """The refusal, wrapped at word boundaries (a command is never cut in two unless
        it is longer than the line), at most 6 rows."""
        if not self.refused:
            return []
        try:
            width = self.app.output.get_size().columns
        except Exception:
            width = 80
        width = max(20, width)
        head, found, listed = self.refused.partition("Closest: ")
        text = self.refused
        if found:  # each command listed is kept whole, the first beside "Closest:" when
            # they fit a row together; only one longer than a row (giving nine cards) is
            # broken, after a comma of its own: a command that would fit a row never is
            listed, paren, note = listed.partition(" (")  # what is asked now, in words
            commands = listed.split(", ")
            room = width - 2  # a continued row is indented by two

            def glued(c: str) -> str:
                whole = c.replace(" ", NBSP)
                return whole if len(c) <= room else whole.replace(",", "," + BREAK)

            first = "Closest:" + (NBSP if len("Closest: " + commands[0]) <= room else " ")
            text = head + first + ", ".join(glued(c) for c in commands) + paren + note
        return [row.replace(NBSP, " ") for row in wrap_at(text, width)[:6]]

    @staticmethod
    def _wrapped(text: str, width: int) -> list[str]:
        return textwrap.wrap(text, max(4, width), subsequent_indent="  ",
                             break_on_hyphens=False) or [""]

    # -- rendering -------------------------------------------------------------------------

    def _board(self, width: int) -> StyleAndTextTuples:
        s = self.session.state
        out: StyleAndTextTuples = []
        for line in self._board_lines():
            style = ""
            for c in s.config.colors:
                if line.strip().startswith(c + " ") and self.color:
                    style = f"class:{c}"
            # a line wider than the pane (the map game's lists) wraps between words,
            # between the entries of a list ("O Space Pilgrims" kept whole) when it can
            head, colon, items = line.partition(": ")
            if colon and ", " in items:
                line = head + colon + ", ".join(i.replace(" ", NBSP) for i in items.split(", "))
            rows = [line] if len(line) <= width else self._wrapped(line, width)
            rows = [row.replace(NBSP, " ") for row in rows]
            out.append((style, "\n".join(rows) + "\n"))
        return out

    def _hand_items(self) -> list[tuple[str, str]]:
        """The hand panel's lines (style, text): the aliens dealt to choose from, then the
        hand, `*` marking what can be played now."""
        items: list[tuple[str, str]] = self._this_frame("hand", self._make_hand_items)
        if self._keys_aside():  # the board's last lines, when it is short of rows
            s, kn = self.session.state, self.session.knowledge()
            items = items + [("", "")] + [("", key) for key in self.ui.board_keys(s, kn)]
        return items

    def _make_hand_items(self) -> list[tuple[str, str]]:
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
        cards = self.ui.hand(s, kn, playable)
        room = self._rows() - 2 - len(self._refused_rows()) - len(self._status_rows()) \
            - self._log_share() - len(out) - 1
        if len(cards) > room:  # short of rows: a card held twice on one row ("x2")
            cards = _merged(cards)
        for can, label in cards:
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
        wrapped (help and chat must be readable in 80 columns), continued rows indented;
        the newest at the bottom, just above the status line, on a tall terminal too."""
        width = max(20, width)
        rows: list[str] = []
        for line in reversed(self.log[:len(self.log) - self.log_offset]):
            rows[:0] = self._log_rows(line, width)
            if len(rows) >= height:
                break
        rows = rows[-height:]
        return [("", "\n" * (height - len(rows)) + "\n".join(rows))]

    @staticmethod
    def _log_rows(line: str, width: int) -> list[str]:
        """A line of the log in rows between words (cli/client.wrap_words: a command
        with the words that introduce it, "(check it: cosmic verify PATH", on one row);
        a path longer than a row cut in pieces rather than lost past the window's edge."""
        rows: list[str] = []
        for row in wrap_words(line, width):
            while len(row) > width:
                rows.append(row[:width])
                row = "  " + row[width:]
            rows.append(row)
        return rows

    def rule_row(self, width: int) -> str:
        """The rule between the board and the log, naming your colour and what wins (the
        greeting that said it scrolls away under the bots' first moves): cut to `width`."""
        s = self.session.state
        goal = self.ui.short_goal(s.config)
        text = f"-- you are {s.config.colors[self.session.seat]}; {goal} "
        return (text + "-" * max(0, width - len(text)))[:width]

    def _status_rows(self) -> list[str]:
        """The status line, whole: the most urgent first (the deal's countdown, what you
        are asked), the title last and dropped when it does not fit; a decision's list of
        commands is shortened to fit ('help' lists them all); anything else still too long
        (the end of a game with many winners) wraps onto more rows."""
        width = max(20, self._columns())
        deadline = getattr(self.session, "deal_deadline", lambda: None)()
        head = "" if deadline is None else \
            f" deal: {max(0, int(deadline - time.monotonic()))} s left |"
        turn = getattr(self.session, "turn_deadline", lambda: None)() \
            if self.waiting is not None and not self.waiting.done() else None
        if turn is not None and turn - time.monotonic() <= TURN_SHOWN_S:
            head += f" {max(0, int(turn - time.monotonic()))} s to answer |"
        text = f"{head} {self.status}"
        if len(f"{text} | {self.title} ") <= width:
            return [f"{text} | {self.title} "]
        asked, colon, kinds = text.partition("): ")
        if len(text) > width and "YOUR DECISION (" in asked and colon:
            listed = [k for k in kinds.removesuffix(" ...").split(", ") if k]
            while listed and len(f"{asked}{colon}{', '.join(listed)} ...") > width:
                listed.pop()
            if listed:
                text = f"{asked}{colon}{', '.join(listed)} ..."
        if len(text) <= width:
            return [text]
        return textwrap.wrap(text, width, subsequent_indent="   ",
                             break_on_hyphens=False) or [""]

    # -- input and the loop ------------------------------------------------------------------

    def _accept(self, buff: Any) -> bool:
        self.handle_line(buff.text)
        return False  # clear the input line

    def handle_line(self, text: str) -> None:
        """'board' or 'hand' typed: the next rows of the two panels (as F2), never an
        answer to the game (the plain client prints them instead). A line typed shows
        the log's newest lines again (scrolled up, it hid what the line did)."""
        self.log_offset = 0
        word = text.strip().lower()
        if word in ("board", "map", "hand"):  # (a refusal on screen stays)
            cut = any(isinstance(w.content, _PagedControl) and w.content.cut()
                      for w in (self.board_window, self.hand_window))
            self.page_top()
            if word == "hand":  # its cards in the log too, whatever the pane shows
                self.say(f"Your hand (top right): {self.hand_words()}.")
            elif not cut:
                self.say(("The map" if not self.ui.COSMIC else "The board")
                         + " and your hand are all shown above ('board' or F2 pages them "
                         "when the terminal is too short for them).")
            return
        super().handle_line(text)

    def ask(self) -> None:
        self.top_offset = 0  # a question: the board's top (the encounter) in sight,
        self.log_offset = 0  # and what just happened

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
            with redrawn_on_continue(self.app):  # (after Ctrl-Z and fg, kill -STOP and -CONT)
                result = await self.app.run_async()
        finally:
            task.cancel()
            follow.cancel()
        return str(result or "")
