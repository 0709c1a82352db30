"""The full-screen client: board, hand, log, alerts and a prompt, built in one place.

Layout (top to bottom): the board (left) beside your hand (right); the log of what
happened, newest last, scrollable with PageUp/PageDown; one status line saying whose
decision it is; the prompt, completing exactly the commands that are legal now.

The game runs as an asyncio task next to the application. A `Session` feeds it: it says
what the engine waits for and applies actions (a local game here; the networked node
offers the same surface). When the decision is yours, the task waits on a future that
the prompt's accept handler resolves. Where you hold nothing playable the client passes
for you; "stops" (e.g. `stop reveal reinforcement`) choose where you are asked at all.
"""

from __future__ import annotations

import asyncio
import os
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

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

import engine
from engine import cards as C

from .commands import HELP, command_table, normalise
from .render import board_text, card_label, describe_event

__all__ = ["Session", "LocalSession", "NetworkSession", "ClientApp", "Stops", "STYLE"]

STYLE = Style.from_dict({
    "status": "reverse", "alert": "bold", "board": "", "hand": "", "refused": "bold",
    "red": "ansired", "blue": "ansiblue", "yellow": "ansiyellow", "green": "ansigreen",
    "purple": "ansimagenta", "orange": "#ff8700", "black": "ansibrightblack",
    "white": "ansiwhite", "brown": "#875f00", "pink": "#ff87af",
    "playable": "bold", "dim": "ansibrightblack",
})


class Session(Protocol):
    """What the client needs from a game, local or networked."""

    state: engine.GameState
    seat: int

    def knowledge(self) -> engine.Knowledge: ...
    async def advance(self) -> list[tuple[Any, ...]]:
        """Apply everything that does not need this seat (bots, peers, the card source);
        return the events. Returns when this seat must decide or the game is over."""
        ...
    async def act(self, action: engine.Action) -> list[tuple[Any, ...]]:
        """Send this seat's action; raises engine.IllegalAction if refused."""
        ...


@dataclass
class LocalSession:
    """A local game: this seat is the person, the other controllers are bots."""

    game: Any  # node.local.LocalGame
    seat: int
    delay: float = 0.0  # seconds between bot moves, so a person can follow

    @property
    def state(self) -> engine.GameState:
        return self.game.state

    def knowledge(self) -> engine.Knowledge:
        return self.game.source.knowledge[self.seat]

    async def advance(self) -> list[tuple[Any, ...]]:
        events: list[tuple[Any, ...]] = []
        while self.game.state.outcome is None:
            p = engine.pending(self.game.state)
            if p.chance is None and self.seat in p.seats[:1]:
                break
            events += self.game.step()
            if self.delay and p.chance is None:
                await asyncio.sleep(self.delay)
        return events

    async def act(self, action: engine.Action) -> list[tuple[Any, ...]]:
        return self.game.step(action)


@dataclass
class Stops:
    """Where to be asked even though a client could pass for you.

    Windows where your hand holds nothing playable are always passed. Where it does,
    you are asked if a stop matches (window name or "*", and card kind, card name or
    "*"); powers that offer something always ask.
    """

    rules: set[tuple[str, str]] = field(default_factory=lambda: {
        ("reveal", "reinforcement"), ("*", "artifact")})

    def wants(self, window: str, cards: list[C.CardInfo]) -> bool:
        for w, what in self.rules:
            if w not in ("*", window):
                continue
            for c in cards:
                if what in ("*", c.kind, c.name):
                    return True
        return False


class _LegalCompleter(Completer):
    def __init__(self, table: Callable[[], dict[str, Any]]) -> None:
        self.table = table
        self.words = WordCompleter(sorted(HELP) + ["help", "quit", "stops", "stop",
                                                   "unstop", "board", "hand"])

    def get_completions(self, document: Document, complete_event: Any):  # type: ignore[no-untyped-def]
        typed = normalise(document.text_before_cursor)
        if not typed and not complete_event.completion_requested:
            return  # an empty line shows choices only on Tab
        seen = 0
        for cmd in sorted(self.table()):
            if cmd.startswith(typed):
                yield Completion(cmd, start_position=-len(document.text_before_cursor))
                seen += 1
                if seen >= 200:
                    return


class ClientApp:
    """The application for one seat of one session."""

    def __init__(self, session: Session, *, title: str = "cosmic",
                 color: bool | None = None) -> None:
        self.session = session
        self.title = title
        self.log: list[str] = []
        self.status = "starting..."
        self.refused = ""
        self.stops = Stops()
        self.table: dict[str, tuple[engine.Action, int | None]] = {}
        self.waiting: asyncio.Future[str] | None = None
        self.log_offset = 0  # lines scrolled up from the newest
        if color is None:
            color = not os.environ.get("NO_COLOR")
        self.color = color
        self.history = InMemoryHistory()
        self.input = TextArea(
            height=1, prompt="> ", multiline=False, wrap_lines=False,
            completer=_LegalCompleter(lambda: self.table), history=self.history,
            accept_handler=self._accept, complete_while_typing=True)
        self.app = self._build()

    # -- building --------------------------------------------------------------------------

    def _build(self) -> Application[Any]:
        board = Window(FormattedTextControl(self._board), wrap_lines=True,
                       height=D(min=6, preferred=12))
        hand = Window(FormattedTextControl(self._hand), width=D(min=20, preferred=34),
                      wrap_lines=True)
        log = Window(FormattedTextControl(self._log), wrap_lines=False, height=D(min=3))
        self.log_window = log
        status = Window(FormattedTextControl(self._status), height=1, style="class:status")
        refused = Window(FormattedTextControl(lambda: [("class:refused", self.refused)]),
                         height=D(min=0, max=3), wrap_lines=True)
        body = FloatContainer(
            HSplit([VSplit([board, Window(width=1, char="|"), hand]),
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
        for line in board_text(s).splitlines():
            style = ""
            for c in s.config.colors:
                if line.strip().startswith(c + " ") and self.color:
                    style = f"class:{c}"
            out.append((style, line + "\n"))
        return out

    def _hand(self) -> StyleAndTextTuples:
        s, seat = self.session.state, self.session.seat
        kn = self.session.knowledge()
        out: StyleAndTextTuples = [("class:alert", f"Your hand ({s.config.colors[seat]})\n")]
        playable = {h for _, (a, h) in self.table.items() if h is not None}
        playable |= {a.handle for _, (a, _) in self.table.items() if isinstance(a, engine.Play)}
        for h in s.hands[seat]:
            face = kn.faces.get(h, s.faces.get(h))
            mark = "*" if h in playable else " "
            down = " (face down)" if h == kn.selected and s.enc is not None and \
                seat in s.enc.selected else ""
            out.append(("class:playable" if mark == "*" else "",
                        f"{mark} {card_label(face)}{down}\n"))
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
            import time
            left = max(0, int(deadline - time.monotonic()))
            text = f" deal: {left} s left |" + text
        return [("class:status", text)]

    # -- input -----------------------------------------------------------------------------

    def _accept(self, buff: Any) -> bool:
        text = buff.text.strip()
        if not text:
            return False
        self.refused = ""
        word = text.split()[0].lower()
        if word in ("quit", "exit"):
            self.app.exit(result="quit")
        elif word == "help":
            self._help(text)
        elif word in ("stops", "stop", "unstop"):
            self._stops(text)
        elif word in ("say", "tell"):
            self._chat(text)
        elif self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(text)
        else:
            self.refused = "Not your decision now: " + self.status
        return False  # clear the input line

    def _help(self, text: str) -> None:
        parts = text.split()
        if len(parts) > 1 and parts[1] in HELP:
            self.say(HELP[parts[1]])
            return
        legal = sorted({cmd.split()[0] for cmd in self.table})
        self.say("Commands now: " + (", ".join(legal) or "none (waiting)") +
                 ". 'help COMMAND' explains one; Tab completes; 'stops' lists where you "
                 "are asked; PageUp/PageDown scroll the log; 'quit' leaves.")

    def _stops(self, text: str) -> None:
        parts = text.split()
        if parts[0] == "stops" or len(parts) < 2:
            rules = ", ".join(f"{w} {k}" for w, k in sorted(self.stops.rules)) or "none"
            self.say(f"Stops (window card): {rules}. 'stop reveal reinforcement', "
                     "'unstop * artifact', 'stop * *' to be asked everywhere.")
            return
        rule = (parts[1], parts[2] if len(parts) > 2 else "*")
        if parts[0] == "stop":
            self.stops.rules.add(rule)
        else:
            self.stops.rules.discard(rule)
        self.say(f"{parts[0]} {rule[0]} {rule[1]}: done")

    def _chat(self, text: str) -> None:
        """say TEXT (to everyone) or tell COLOUR TEXT: signed chat, in every journal."""
        send = getattr(self.session, "say", None)
        if send is None:
            self.refused = "Chat needs other people: this is a game against bots."
            return
        parts = text.split(maxsplit=2 if text.startswith("tell") else 1)
        colors = self.session.state.config.colors
        to = -1
        if parts[0] == "tell":
            if len(parts) < 3 or parts[1] not in colors:
                self.refused = "tell COLOUR TEXT"
                return
            to, body = colors.index(parts[1]), parts[2]
        else:
            body = parts[1] if len(parts) > 1 else ""
        if not body:
            self.refused = "say TEXT"
            return
        try:
            self._events(send(body[:500], to) or [])
        except Exception as exc:  # a message the protocol refuses (e.g. control characters)
            self.refused = f"not sent: {exc}"
        self.app.invalidate()

    def say(self, line: str) -> None:
        self.log.append(line)
        self.log_offset = 0
        self.app.invalidate()

    # -- the game loop ---------------------------------------------------------------------

    def _events(self, events: list[tuple[Any, ...]]) -> None:
        s = self.session.state
        for ev in events:
            if ev[0] in ("draw", "shuffled", "select", "delivered"):
                continue
            if ev[0] == "chat":
                to = f" to {s.config.colors[ev[2]]}" if ev[2] >= 0 else ""
                self.log.append(f"[{s.config.colors[ev[1]]}{to}] {ev[3]}")
            elif ev[0] == "blame":
                who = s.config.colors[ev[1]] if ev[1] is not None else "an unknown sender"
                self.log.append(f"!! {who} broke the protocol ({ev[2]}): {ev[3]}")
            elif ev[0] == "audit":
                self.log.append("end-of-game audit: every hidden claim held" if ev[1]
                                else "end-of-game audit: a false claim was found")
            else:
                self.log.append(describe_event(s, ev))
        self.log_offset = 0

    def _auto_pass(self) -> engine.Action | None:
        """Pass for the person where nothing playable is held or no stop asks."""
        s = self.session.state
        actions = [a for a, _ in self.table.values()]
        if not actions or s.step()[0] != "window":
            return None
        passes = [a for a in actions if isinstance(a, engine.Pass)]
        if not passes:
            return None  # a mandatory power: must choose
        if any(isinstance(a, engine.UsePower) for a in actions):
            return None
        plays = [C.CATALOGUE[a.card] for a in actions if isinstance(a, engine.Play)]
        if plays and self.stops.wants(s.step()[1], plays):
            return None
        return passes[0]

    async def run_game(self) -> None:
        try:
            while True:
                self._events(await self.session.advance())
                self.status = self._waiting_text()
                s = self.session.state
                finished = getattr(self.session, "finished", lambda: s.outcome is not None)
                if s.outcome is not None and not finished():
                    self.status = "game over: the end-of-game reveal and audit are under way"
                    self.table = {}
                    self.app.invalidate()
                    await asyncio.sleep(0.05)
                    continue
                if s.outcome is not None:
                    winners = ", ".join(s.config.colors[w] for w in s.outcome.winners)
                    self.status = f"game over: {winners or 'nobody'} won ({s.outcome.reason})"
                    self.table = {}
                    self.app.invalidate()
                    return
                seat = self.session.seat
                self.table = command_table(s, seat, self.session.knowledge())
                if not self.table:  # not our decision yet: keep following the game
                    self.app.invalidate()
                    continue
                auto = self._auto_pass()
                if auto is None and len(self.table) == 1:  # a forced move: just make it
                    (cmd, (auto, handle)), = self.table.items()
                    if handle is not None:
                        self.session.knowledge().selected = handle
                    self.log.append(f"(you: {cmd})")
                if auto is not None:
                    self._events(await self.session.act(auto))
                    continue
                where = s.step()
                label = f"{where[1]} window" if where[0] == "window" else where[0]
                self.status = f"YOUR DECISION ({s.phase}: {label}) - Tab shows choices"
                self.app.invalidate()
                await self._decide()
        except Exception as exc:  # shown, never a silent crash of the screen
            self.status = f"error: {exc}"
            self.app.invalidate()
            raise

    def _waiting_text(self) -> str:
        """Whom the game waits for now, and which peers have gone quiet."""
        s = self.session.state
        p = engine.pending(s)
        colors = s.config.colors
        if p.over:
            return "game over"
        if p.chance is not None or s.phase == "setup":
            text = "setting up the decks (card protocol)" if s.phase == "setup" else \
                f"waiting for the card protocol ({p.chance.kind if p.chance else p.step})"
            progress = getattr(self.session, "card_progress", None)
            if progress is not None:  # networked: how far it got, and whose turn it is
                taken, awaited = progress()
                text += f": {taken} messages"
                if awaited is not None and 0 <= awaited < len(colors):
                    text += f", next from {colors[awaited]}"
        else:
            who = ", ".join(colors[x] for x in p.seats if 0 <= x < len(colors)) or "?"
            text = f"waiting for {who} ({p.phase})"
        away = getattr(self.session, "away", lambda: [])()
        if away:
            text += "; away: " + ", ".join(colors[x] for x in away)
        return text

    async def _decide(self) -> None:
        while True:
            self.waiting = asyncio.get_running_loop().create_future()
            text = await self.waiting
            entry = self.table.get(normalise(text))
            if entry is None:
                legal = sorted(self.table)
                sample = ", ".join(legal[:6]) + (" ..." if len(legal) > 6 else "")
                self.refused = f"'{text}' is not legal now. Legal: {sample}"
                self.app.invalidate()
                continue
            action, handle = entry
            if handle is not None:
                self.session.knowledge().selected = handle
            try:
                self._events(await self.session.act(action))
            except engine.IllegalAction as exc:
                self.refused = f"refused: {exc.reason}"
                self.app.invalidate()
                continue
            self.status = self._waiting_text()
            self.app.invalidate()
            return

    async def _tick_clock(self) -> None:
        """Keep a networked node alive while the person thinks (heartbeats, catch-up,
        peers' card work) and the deal countdown moving."""
        idle = getattr(self.session, "idle", None)
        n = 0
        while True:
            await asyncio.sleep(0.1)
            n += 1
            if idle is not None and self.waiting is not None and not self.waiting.done():
                idle()
            if n % 10 == 0 and getattr(self.session, "deal_deadline", lambda: None)():
                self.app.invalidate()

    async def run(self) -> str:
        clock = asyncio.ensure_future(self._tick_clock())
        task = asyncio.ensure_future(self.run_game())
        try:
            result = await self.app.run_async()
        finally:
            task.cancel()
            clock.cancel()
        return str(result or "")


class NetworkSession:
    """A seat of a networked game: the node runs in this process, ticked by the client's
    event loop; the other seats are peers on the mesh."""

    def __init__(self, runner: Any) -> None:  # node.runner.NodeRunner
        self.runner = runner
        self.seat = runner.seat

    @property
    def state(self) -> engine.GameState:
        return self.runner.core.state

    def knowledge(self) -> engine.Knowledge:
        return self.runner.core.knowledge

    def _drain(self) -> list[tuple[Any, ...]]:
        events, self.runner.core.events = self.runner.core.events, []
        return events

    async def advance(self) -> list[tuple[Any, ...]]:
        events: list[tuple[Any, ...]] = []
        taken = len(self.runner.core.record)
        while True:
            self.runner.tick(0)
            events += self._drain()
            core = self.runner.core
            if core.my_turn() or core.done:
                return events
            if events or len(core.record) != taken:
                return events  # show progress as it comes (the deck setup has no events)
            await asyncio.sleep(0.01)

    def card_progress(self) -> tuple[int, int | None]:
        """Envelopes taken so far, and the seat whose card message comes next (or None)."""
        core = self.runner.core
        return len(core.record), core.cards.waiting_for()

    async def act(self, action: engine.Action) -> list[tuple[Any, ...]]:
        self.runner.core.act(action)
        self.runner.tick(0)
        return self._drain()

    def finished(self) -> bool:
        return bool(self.runner.core.done)

    def deal_deadline(self) -> float | None:
        """The one-minute deal timer, when a deal is under way (both players see it)."""
        return self.runner.deal_deadline()  # type: ignore[no-any-return]

    def away(self) -> list[int]:
        return self.runner.away_seats()  # type: ignore[no-any-return]

    def idle(self) -> None:
        """Tick the node while this seat's person decides (nothing of ours is due)."""
        self.runner.tick(0)

    def say(self, text: str, to: int = -1) -> list[tuple[Any, ...]]:
        self.runner.core.say(text, to)
        self.runner.tick(0)
        return self._drain()
