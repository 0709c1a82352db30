"""A bot's thinking at a lower priority than its node's protocol work.

Bots that sit at a table as nodes often share one machine with other nodes: `cosmic play`
(and so `make play`) runs each bot as a node process beside the person's, as `cosmic demo`
and a resume that restarts bots do. A node's takes are what every seat
waits for; a bot's choice is only what its own seat waits for. So the controller runs in a
thread of its own whose scheduling priority is lowered once (Linux: a thread's nice value,
THINK_NICE), and the node's thread waits for its answer: when the cores are contended the
other nodes' takes and the person's screen run first, and when they are not, nothing
changes (the thread is as fast as the caller). bench/network.py measured it.

Invariants: one call at a time (the caller waits for each answer, so the controller never
runs beside the node's own thread); what the controller returns or raises is what the
call returns or raises; where the priority cannot be lowered the thread runs at the
caller's; close() ends the thread (it is a daemon thread, so an exit never waits on it).
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["Thinker", "THINK_NICE"]

# How much lower: the kernel gives a nice-10 thread about a tenth of the share of a
# nice-0 one when both want a core, and all it wants when the cores are free.
THINK_NICE = 10

_STOP = object()


class Thinker:
    """`thinker(*args)` is `controller(*args)`, computed in a lower-priority thread."""

    def __init__(self, controller: Callable[..., Any]) -> None:
        self.controller = controller
        self._asks: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._answers: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.lowered = False  # the thread's priority was lowered (False until it runs)

    def __call__(self, *args: Any) -> Any:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="bot-thinking",
                                            daemon=True)
            self._thread.start()
        self._asks.put(args)
        ok, value = self._answers.get()
        if not ok:
            raise value
        return value

    def _work(self) -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), THINK_NICE)
            self.lowered = True
        except (AttributeError, OSError):
            pass  # not Linux, or not allowed: think at the caller's priority
        while True:
            args = self._asks.get()
            if args is _STOP:
                return
            assert isinstance(args, tuple)
            try:
                self._answers.put((True, self.controller(*args)))
            except BaseException as exc:  # noqa: BLE001 (handed to the caller, raised there)
                self._answers.put((False, exc))

    def close(self) -> None:
        if self._thread is not None:
            self._asks.put(_STOP)
            self._thread.join(5)
            self._thread = None
