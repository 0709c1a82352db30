"""A bot's thinking (node/thinker.py): the controller's answer, or its error, comes back to
the caller as from a plain call; it is computed in another thread, whose priority alone is
lowered; close() ends that thread. NodeRunner thinks through one for its controller (every networked
game of bots in the suite goes through it)."""

from __future__ import annotations

import os
import threading

import pytest

from node.thinker import THINK_NICE, Thinker


def test_the_answer_and_the_error_are_the_controllers() -> None:
    seen: list[tuple[int, int, int]] = []

    def controller(state: int, seat: int, knowledge: int) -> int:
        seen.append((threading.get_native_id(),
                     os.getpriority(os.PRIO_PROCESS, threading.get_native_id()),
                     state + seat + knowledge))
        if state < 0:
            raise ValueError("no move from a negative state")
        return state * 100 + seat * 10 + knowledge

    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    thinker = Thinker(controller)
    try:
        assert thinker(1, 2, 3) == 123
        assert thinker(4, 0, 1) == 401
        with pytest.raises(ValueError, match="negative state"):
            thinker(-1, 0, 0)
        assert thinker(0, 0, 7) == 7  # still answering after an error
    finally:
        thinker.close()
    assert [x[2] for x in seen] == [6, 5, -1, 7]
    assert len({x[0] for x in seen}) == 1  # one thread, not this one
    assert seen[0][0] != threading.get_native_id()
    assert thinker.lowered
    assert {x[1] for x in seen} == {min(19, mine + THINK_NICE)}
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == mine


def test_close_ends_the_thread() -> None:
    threads: list[threading.Thread] = []

    def controller(*args: int) -> int:
        threads.append(threading.current_thread())
        return len(args)

    thinker = Thinker(controller)
    assert thinker(1, 2, 3) == 3
    assert threads[0].name == "bot-thinking" and threads[0].is_alive()
    thinker.close()
    assert not threads[0].is_alive()
    thinker.close()  # twice is harmless
    assert thinker(1) == 1  # and it can think again, in a new thread
    assert threads[1] is not threads[0] and threads[1].is_alive()
    thinker.close()
    assert not threads[1].is_alive()
