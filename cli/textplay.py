"""Plain text: the same client as the full screen (cli/client.py), one line at a time.

For pipes, scripts, screen readers and terminals without cursor control. It prints the
same log as the full-screen client as it happens, a line `-- STATUS` whenever whom we
wait for changes, and, when the decision is yours, the board, your hand and the legal
commands numbered. It accepts what the full screen accepts (commands, `help`, `stops`,
`say`, `tell`, `quit`), plus a number from the list, `board`, `hand` and `all`.

In a terminal each line is broken between words at its width, continued rows indented
(a card of the hand, a listed command, a path kept whole); on a pipe or in a file the
lines are written whole, for a script or a screen reader.

The end is said once, as the last line ("Game over: yellow won (5 foreign colonies)."),
after the log's last words on it (everyone's colonies, the journal): the program ends by
itself, so the full screen's status "...; 'quit' leaves" is not printed, nor a refusal of
an answer typed ahead that came too late.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import threading
from collections import deque
from typing import Any, TextIO

from .client import SeatClient, Session
from .rows import GLUE, wrap_words

__all__ = ["PlainClient"]

LIMIT = 30  # commands listed one by one; more are grouped by what they aim at
FOLLOW_WAKE_S = 0.1  # once the input has ended: how often to look whether to stop
# The card protocol's progress in a status ("waiting for the card protocol (cards turned
# up; 1 of 2 messages, next from blue)"; the setup's "setting up: dealing blue 8 cards
# (card protocol 3/6, next from yellow)"): a count that moves on is no news to print a
# line for; the next step is.
_PROGRESS = re.compile(r"; (\d+ of \d+ messages, )?next from [a-z]+(?=\))|; \d+ of \d+ "
                       r"messages(?=\))| \(card protocol \d+/\d+(, next from [a-z]+)?\)"
                       r"| for \d+ (s|min)(?=;|$)")  # (how long a seat took: no news)
QUIT_LEAVES = "; 'quit' leaves"  # the full screen's way out, said in its status
# Lines for the client, not the game: answered at once, never held for a decision.
CLIENT_WORDS = ("quit", "exit", "help", "?", "say", "tell", "stops", "stop", "unstop",
                "info", "discards", "board", "map", "hand")


class PlainClient(SeatClient):
    """One seat's client on a plain text stream."""

    HELP_KEYS = "a number picks from the list; 'all', 'board' (or 'map') and 'hand' show them; "

    def __init__(self, session: Session, inp: TextIO | None = None,
                 out: TextIO | None = None) -> None:
        super().__init__(session)
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        self._printed = 0  # log lines written so far
        self._shown_status = ""
        self._shown_refused = ""
        self._numbered: list[str] = []  # what a number typed stands for
        self._group = ""  # a group of ship choices picked by number: ask which ships
        # Piped input (a script) says its answers ahead: each waits for the next decision.
        # A person at a terminal is told instead that it is not their decision now.
        self._ahead: deque[str] | None = None if _isatty(self.inp) else deque()
        self._the_end = ""  # the last line, once the game is over (end_words)

    # -- output ------------------------------------------------------------------------------

    def _write(self, text: str, indent: str = "  ", whole: tuple[str, ...] = ()) -> None:
        """Write `text`, each of its lines broken between words at the terminal's width,
        continued rows indented by `indent` more than the line (a command, a card, a path
        kept whole: cli/client.wrap_words); as it is (GLUE made spaces) on a pipe."""
        width = self._width()
        rows = []
        for line in text.split("\n"):
            if width and len(line) > width:
                lead = line[:len(line) - len(line.lstrip(" "))]
                rows += wrap_words(line, width, lead + indent, whole)
            else:
                rows.append(line.replace(GLUE, " "))
        try:
            self.out.write("\n".join(rows) + "\n")
            self.out.flush()
        except (BrokenPipeError, ValueError):
            pass  # nobody reads any more; the game goes on

    def _width(self) -> int:
        """The columns to fill: the terminal's less one (a row as wide as the terminal
        leaves some of them a blank row); 0 when the output is no terminal."""
        if not _isatty(self.out):
            return 0
        try:
            return max(20, os.get_terminal_size(self.out.fileno()).columns - 1)
        except (AttributeError, OSError, ValueError):
            return 79

    def invalidate(self) -> None:
        for line in self.log[self._printed:]:
            self._write("   " + line)
        self._printed = len(self.log)
        if self.refused and self.refused != self._shown_refused:
            self._write("!! " + _listed_whole(self.refused, closest=True,
                                              room=self._width() - 3), indent="   ")
        self._shown_refused = self.refused
        if self.status != self._shown_status:
            news = _PROGRESS.sub("", self.status) != _PROGRESS.sub("", self._shown_status)
            self._shown_status = self.status
            if news and not self._ended() and not self.status.removeprefix(
                    "setting up: ").startswith(("waiting for you (",
                                                "waiting for the card source (")):
                # (the first is said in passing, just before YOUR DECISION or a choice the
                # client made for you, which say it: a line apart it only repeated them;
                # a local game's card source answers at once: its wait is no news)
                # (a stopped node ends the plain client by itself: no 'quit' to type)
                self._write(f"-- {self.status.removesuffix(QUIT_LEAVES)}", indent="   ")

    def _ended(self) -> bool:
        """The game is over and nothing is awaited any more (networked: the end-of-game
        audit, whose status is still printed): the last line says the rest."""
        return self.session.state.outcome is not None and (
            self.over() or self.status == self.waiting_text())

    def end_words(self) -> list[str]:
        """The log's words on the end without its headline ("GAME OVER: ..."), which is
        kept for the very last line, in the words the command's own ending uses."""
        words = super().end_words()
        self._the_end = "Game over: " + words[0].partition(": ")[2]
        return words[1:]

    def ask(self) -> None:
        s = self.session.state
        self.invalidate()
        self._write("")
        self._write(self._board_text())
        if self.ui.COSMIC:  # (the map game's board has the player's own lines)
            self._write(f"Your hand ({s.config.colors[self.session.seat]}): "
                        + _listed_whole(self.hand_words()))
        self._list(all_of_them=False)
        example = self._count_example() if self.ui.COSMIC \
            else "'move A B A 2' moves 2 tokens born on A from A to B"
        self._write("Type a number or a command ('all' lists every command"
                    + (f"; {example}" if example else "") + "), 'help' or 'quit'.")
        if self._ahead:
            asyncio.get_running_loop().call_soon(self._feed)

    def _board_text(self) -> str:
        """The board; in Cosmic its lists (ships in colonies) wrapped at the terminal's
        width (up to the full screen's widest), not at the 46 columns a pipe gets, and
        its verdict on one line (no hand beside it: `_write` breaks it at the terminal's
        width, a pipe's reader as it likes)."""
        s, kn = self.session.state, self.session.knowledge()
        width = self._width()
        if self.ui.COSMIC:
            from .render import board_text
            return board_text(s, kn, min(width, 72) if width > 46 else 46,
                              whole_verdict=True)
        return str(self.ui.board(s, kn))

    def _ship_counts(self, prefix: str) -> list[int]:
        """How many ships the choices of a group (`launch blue.1`, `ally red`) send."""
        return sorted({sum(k for _, k in getattr(a, "ships", ()))
                       for c, (a, _) in self.table.items() if c.startswith(prefix + " ")})

    def _count_example(self) -> str:
        """How to choose ships by a count, with a group offered now (`launch yellow.1 3`,
        `ally blue 2`); "" when this decision has no choice of ships."""
        group = next((c.rpartition(" ")[0] for c in self.table
                      if ":" in c.rpartition(" ")[2] and " " in c), "")
        if not group:
            return ""
        counts = self._ship_counts(group)
        n = 3 if 3 in counts else counts[-1]
        return f"'{group} {n}' sends {n} ship{'s' if n != 1 else ''}, chosen for you"

    def _how_many(self, group: str) -> str:
        """The question after a group of ship (or token) choices was picked."""
        counts = self._ship_counts(group) if self.ui.COSMIC else sorted(
            {getattr(a, "count", 0) for c, (a, _) in self.table.items()
             if c.startswith(group + " ")})
        if not self.ui.COSMIC:
            return f"{group}: how many tokens ({', '.join(map(str, counts))})?"
        ships = next((c.rpartition(" ")[2] for c in self.table
                      if c.startswith(group + " ")), "")  # a legal choice
        return (f"{group}: how many ships ({', '.join(map(str, counts))})? "
                f"Or name them, e.g. {ships}")

    def _feed(self) -> None:
        """Answer the open decision with the answers said ahead, one at a time, until
        one closes it (a group of ships takes two: the group, then how many)."""
        if self._ahead and self.waiting is not None and not self.waiting.done():
            self.handle_line(self._ahead.popleft())
            asyncio.get_running_loop().call_soon(self._feed)

    def _list(self, all_of_them: bool) -> None:
        commands = list(self.table)
        entries: list[tuple[str, str]] = []  # (shown, what a number stands for)
        if len(commands) <= LIMIT or all_of_them:
            entries = [(c, c) for c in commands]
        else:
            groups: dict[str, list[str]] = {}
            for c in commands:
                head, _, last = c.rpartition(" ")
                grouped = ":" in last if self.ui.COSMIC else c.startswith("move ")
                key = head if head and grouped else c
                if self.ui.COSMIC and c.startswith("propose "):
                    key = "propose"  # a deal's terms: typed, not read out one by one
                groups.setdefault(key, []).append(c)
            for key, members in groups.items():
                if len(members) == 1:
                    entries.append((members[0], members[0]))
                elif key == "propose":
                    entries.append((f"propose A B P Q (terms of your own: {len(members)} "
                                    f"ways; e.g. {self._proposal(members)})", key))
                else:
                    entries.append((f"{key} SHIPS (choose the ships: {len(members)} ways)"
                                    if self.ui.COSMIC else
                                    f"{key} COUNT (1 to {len(members)} tokens)", key))
        self._numbered = [what for _, what in entries]
        for i, (shown, what) in enumerate(entries, 1):
            words = self.command_words(what)
            example = shown.partition("; e.g. ")[2].removesuffix(")")  # (a proposal)
            row = f"  {i:>3}. {shown}" + (f"  ({words})" if words else "")
            lead = len(row) - len(row.lstrip(" "))  # continued under the command
            self._write(row, indent=" " * (7 - lead), whole=(shown.partition(" (")[0], example))

    def _proposal(self, members: list[str]) -> str:
        """A proposal to show as an example: a card at most each way and a colony."""
        def plain(c: str) -> bool:
            w = c.split()
            return w[1] in ("0", "1") and w[2] in ("0", "1") and w[1:3] != ["0", "0"] \
                and w[3:5] != ["-", "-"]
        return next((c for c in members if plain(c)), members[-1])

    # -- input -------------------------------------------------------------------------------

    def handle_line(self, text: str) -> None:
        word = text.strip().lower()
        if self.over() and (word.split() or [""])[0] not in CLIENT_WORDS:
            return  # an answer said ahead, left over: the game and the program end
        deciding = self.waiting is not None and not self.waiting.done()
        if (self._ahead is not None and not deciding and not self.over()
                and (word.split() or [""])[0] not in CLIENT_WORDS):
            self._ahead.append(text)  # a scripted answer for the next decision
            return
        group, self._group = self._group, ""
        if group and self.table and (word.isdigit() or ":" in word):
            text = f"{group} {word}"  # the ships of the group picked before
            found = self.ui.lookup(self.table, text, self.session.state, self.session.seat)
            if isinstance(found, str):  # not one of its choices: the question stands
                self._group = group
                self.refused = f"'{word}' is not one of the choices. {self._how_many(group)}"
                self._shown_refused = ""  # said again, however often it is typed
                self.invalidate()
                return
        elif word.isdigit() and self.table:
            n = int(word)
            if not 1 <= n <= len(self._numbered):
                self.refused = f"{n} is not on the list (1 to {len(self._numbered)})"
                self.invalidate()
                return
            text = self._numbered[n - 1]
            if text == "propose" and text not in self.table:  # terms: typed in full
                offers = [c for c in self.table if c.startswith("propose ")]
                self._write("propose A B P Q: the offense gives A cards, the defense B; the "
                            "offense settles a colony on planet P, the defense on Q ('-': "
                            f"none). Type it, e.g. {self._proposal(offers)}")
                return
            if text not in self.table:  # a group: ask which ships (tokens: how many)
                counts = self._ship_counts(text) if self.ui.COSMIC else sorted(
                    {getattr(a, "count", 0) for c, (a, _) in self.table.items()
                     if c.startswith(text + " ")})
                if len(counts) == 1:  # one count only: nothing to ask, the ships that
                    text = f"{text} {counts[0]}"  # keep the most at home are chosen
                else:
                    self._group = text
                    self._write(self._how_many(text))
                    return
            else:  # what the number stood for, as a count is said ("... means: ..."): a
                # choice the game's log tells only in part ("you keep your alien") is heard
                self.log.append(f"{n} means: {text}")
        elif word in ("board", "map"):  # (the map game's board is its map)
            self._write(self._board_text())
            return
        elif word == "hand":
            self._write(f"Your hand: {_listed_whole(self.hand_words())}")
            return
        elif word == "all" and self.table:
            self._list(all_of_them=True)
            return
        super().handle_line(text)

    async def run(self) -> str:
        """Play until the game is over ("over": its end said, as the last line) or the
        person leaves ("quit"; also when the input ends)."""
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str | None] = asyncio.Queue()

        def read() -> None:  # a thread: a blocking readline works on any stream
            while True:
                try:
                    line = self.inp.readline()
                except (OSError, ValueError):
                    line = ""
                try:
                    loop.call_soon_threadsafe(lines.put_nowait, line or None)
                except RuntimeError:
                    return  # the game has ended and its loop with it
                if not line:
                    return

        threading.Thread(target=read, name="stdin", daemon=True).start()
        follow = asyncio.ensure_future(self.follow())
        game = asyncio.ensure_future(self.run_game())
        try:
            ended = False  # the input is over; answers said ahead may still be held
            while not game.done() and not self.quit:
                if ended and not self._ahead:
                    if self.waiting is not None and not self.waiting.done():
                        self.leave()  # a decision nobody is left to answer
                        break
                    await asyncio.wait({game}, timeout=FOLLOW_WAKE_S)
                    continue
                if ended:
                    await asyncio.wait({game}, timeout=FOLLOW_WAKE_S)
                    continue
                get: asyncio.Future[Any] = asyncio.ensure_future(lines.get())
                await asyncio.wait({get, game}, return_when=asyncio.FIRST_COMPLETED)
                if not get.done():
                    get.cancel()
                    continue
                line = get.result()
                if line is None:
                    ended = True
                    continue
                self.handle_line(line)
            if game.done():
                game.result()  # an error in the game loop is the command's error
        finally:
            game.cancel()
            follow.cancel()
        self.invalidate()
        if self.over() and self._the_end:
            self._write(self._the_end)
            return "over"
        return "quit"


def _listed_whole(text: str, closest: bool = False, room: int = 0) -> str:
    """A list's entries glued (GLUE) so that a row breaks only between them: the cards
    of a hand ("artifact cosmic zap"); with `closest`, the commands a refusal lists after
    "Closest: " up to what is asked in words (a refusal without them as it is), the
    first on the row of "Closest:" when the two fit in `room` columns."""
    head, found, listed = text.partition("Closest: ") if closest else ("", "", text)
    if closest and not found:
        return text
    # (a refusal's note in brackets after its list; a hand's card has its own: "flare
    # ghoul (held only)")
    listed, paren, note = listed.partition(" (") if closest else (listed, "", "")
    items = listed.split(", ")
    if found and len(found + items[0]) + 1 <= room:
        found = found.replace(" ", GLUE)
    return head + found + ", ".join(item.replace(" ", GLUE) for item in items) \
        + paren + note


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
