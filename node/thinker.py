"""A bot's thinking beside its node's protocol work, never in its way.

Bots that sit at a table as nodes often share one machine with other nodes: `cosmic play`
(and so `make play`) runs each bot as a node process beside the person's, as `cosmic demo`
and a resume that restarts bots do. A node's takes are what every seat waits for; a bot's
choice is only what its own seat waits for. So the controller runs in a thread of its own:

- **Asked, not waited for** (`ask`, then `answer` once `fileno()` is readable): the node
  goes on taking what arrives while its bot thinks. It once waited for each answer, and
  an envelope that came meanwhile (another seat's pass in a window every seat answers)
  waited too, for as long as the bot thought: every seat waits for the last one's take.
  The node judges whether an answer still fits: one made for a position the game has
  left is thrown away and the bot asked again (node/runner.py).
- **At a lower priority** (Linux: the thread's nice value, THINK_NICE): when the cores
  are contended the other nodes' takes and the person's screen run first; when they are
  not, nothing changes.
- **Giving up the interpreter often** (SWITCH_S): while the bot's Python runs, the
  node's thread needs the interpreter lock to take a message that came, and by default
  waits up to 5 ms for it.

Invariants: one question at a time (ask() while one is out is a programming error); what
the controller returns or raises is what answer() gives; where the priority cannot be
lowered the thread runs at the caller's; close() ends the thread (a daemon thread, so an
exit never waits on it). `cpu_s` sums the thread's CPU time spent thinking. A plain call
(`thinker(*args)`) asks and waits, for callers with nothing else to do.
"""

from __future__ import annotations

import os
import queue
import select
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["Thinker", "THINK_NICE", "SWITCH_S"]

# How much lower: the kernel gives a nice-10 thread about a tenth of the share of a
# nice-0 one when both want a core, and all it wants when the cores are free.
THINK_NICE = 10
# The interpreter's switch interval while a bot may think: a node's thread waits at most
# about this long for the lock a thinking bot holds.
SWITCH_S = 0.0002

_STOP = object()


class _Run:
    """One thread's questions, answers and descriptor pair (a byte per answer): its own,
    so that a thread still thinking after close() gave up on it can touch nothing of
    the next one's, nor a descriptor number used again by then."""

    def __init__(self) -> None:
        self.asks: queue.SimpleQueue[object] = queue.SimpleQueue()
        self.answers: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        self.read, self.write = os.pipe()
        os.set_blocking(self.read, False)
        self.closed = False  # by the thread, when it ends (or by close() once it has)
        self.lock = threading.Lock()

    def close(self) -> None:
        with self.lock:
            if not self.closed:
                self.closed = True
                os.close(self.read)
                os.close(self.write)


class Thinker:
    """`controller(*args)`, computed in a lower-priority thread: ask() it, then take the
    answer() when fileno() is readable."""

    def __init__(self, controller: Callable[..., Any]) -> None:
        self.controller = controller
        self._thread: threading.Thread | None = None
        self._run: _Run | None = None
        self.asked = False  # a question is out (its answer not yet taken)
        self.lowered = False  # the thread's priority was lowered (False until it runs)
        self.cpu_s = 0.0  # the thread's CPU seconds spent in the controller

    def fileno(self) -> int:
        """Readable once an answer waits (the thread's descriptor: made by the first
        ask(), closed by close())."""
        if self._run is None:
            raise RuntimeError("nothing asked yet")
        return self._run.read

    def ask(self, *args: Any) -> None:
        """Start computing controller(*args); its answer comes later (answer())."""
        if self.asked:
            raise RuntimeError("a question is already out")
        if self._run is None:
            sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_S))
            self._run = _Run()
            self._thread = threading.Thread(target=self._work, args=(self._run,),
                                            name="bot-thinking", daemon=True)
            self._thread.start()
        self.asked = True
        self._run.asks.put(args)

    def answer(self) -> tuple[bool, Any] | None:
        """(True, what the controller returned) or (False, what it raised), once it has
        answered the question out; None while it thinks (never waits)."""
        if not self.asked or self._run is None:
            return None
        try:
            got = self._run.answers.get_nowait()
        except queue.Empty:
            return None
        return self._took(self._run, got)

    def __call__(self, *args: Any) -> Any:
        """Ask and wait for the answer: the controller's value, or its error raised."""
        self.ask(*args)
        assert self._run is not None
        ok, value = self._took(self._run, self._run.answers.get())
        if not ok:
            raise value
        return value

    def _took(self, run: _Run, got: tuple[bool, Any]) -> tuple[bool, Any]:
        """The answer taken: its byte read too (written just after it), the question
        closed."""
        select.select([run.read], [], [], 5.0)
        try:
            os.read(run.read, 1)
        except BlockingIOError:
            pass
        self.asked = False
        return got

    def _work(self, run: _Run) -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), THINK_NICE)
            self.lowered = True
        except (AttributeError, OSError):
            pass  # not Linux, or not allowed: think at the caller's priority
        try:
            while True:
                args = run.asks.get()
                if args is _STOP:
                    return
                assert isinstance(args, tuple)
                t0 = time.thread_time()
                try:
                    got: tuple[bool, Any] = (True, self.controller(*args))
                except BaseException as exc:  # noqa: BLE001 (handed to the asker)
                    got = (False, exc)
                self.cpu_s += time.thread_time() - t0
                with run.lock:
                    if run.closed:
                        return
                    run.answers.put(got)
                    os.write(run.write, b"\x01")
        finally:
            run.close()

    def close(self) -> None:
        """End the thread and close its descriptors (a question out is dropped with
        it); the thinker can be asked again after, in a new thread. A thread still
        thinking after 5 s is left to end by itself (a daemon thread)."""
        run, thread = self._run, self._thread
        self._run = self._thread = None
        self.asked = False
        if run is None or thread is None:
            return
        run.asks.put(_STOP)
        thread.join(5)
        if not thread.is_alive():
            run.close()
