"""A bot asked, not waited for (node/thinker.py): ask() returns at once, the node's
thread goes on (here: it does work of its own while the bot thinks), the answer comes
when the thinker's descriptor is readable; a close() with a question out drops it, and
a thinker asked again after close() answers again. Real threads, a real pipe."""

from __future__ import annotations

import select
import threading
import time

from node.thinker import SWITCH_S, Thinker


def test_the_caller_goes_on_while_the_bot_thinks_and_hears_when_it_answered() -> None:
    go = threading.Event()

    def controller(state: int, seat: int, knowledge: dict[str, int]) -> int:
        go.wait(10)  # thinks until the caller lets it answer
        knowledge["picked"] = state  # what a bot names in what it was given
        return state + seat

    thinker = Thinker(controller)
    given: dict[str, int] = {}
    try:
        thinker.ask(40, 2, given)
        assert thinker.asked and thinker.answer() is None  # thinking: nothing waits
        assert select.select([thinker.fileno()], [], [], 0.2)[0] == []
        done_meanwhile = sum(range(1000))  # the caller's own work, meanwhile
        go.set()
        assert select.select([thinker.fileno()], [], [], 10)[0] == [thinker.fileno()]
        assert thinker.answer() == (True, 42)
        assert not thinker.asked and given == {"picked": 40} and done_meanwhile == 499500
        assert select.select([thinker.fileno()], [], [], 0)[0] == []  # its byte was read
        assert thinker.cpu_s >= 0.0
    finally:
        thinker.close()


def test_an_error_is_the_answer_and_close_drops_a_question_out() -> None:
    started = threading.Event()

    def controller(n: int) -> int:
        if n < 0:
            raise ValueError("no move")
        started.set()
        time.sleep(0.3)
        return n

    thinker = Thinker(controller)
    try:
        thinker.ask(-1)
        select.select([thinker.fileno()], [], [], 10)
        ok, error = thinker.answer() or (True, None)
        assert not ok and isinstance(error, ValueError)
        thinker.ask(5)
        assert started.wait(10)
        thinker.close()  # while it thinks: the question is dropped
        assert not thinker.asked and thinker.answer() is None
        assert thinker(7) == 7  # asked again: a new thread answers
    finally:
        thinker.close()


def test_a_thinking_bot_gives_up_the_interpreter_often() -> None:
    import sys

    before = sys.getswitchinterval()
    thinker = Thinker(lambda: 1)
    try:
        assert thinker() == 1
        assert sys.getswitchinterval() <= SWITCH_S
    finally:
        thinker.close()
        sys.setswitchinterval(before)
