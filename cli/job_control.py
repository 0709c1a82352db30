"""The full-screen clients (the game's, cli/app.py; the replay viewer's, cli/replay_app.py)
stopped from the shell and continued: Ctrl-Z then `fg`, or `kill -STOP` then `kill -CONT`.

A stopped program cannot act (SIGSTOP cannot be caught), and while it is stopped the shell
takes the terminal back: it puts it in its own (cooked, echoing) mode and prints its lines
("[1]+ Stopped ...", its prompt) over the screen. So the work is done on SIGCONT: the
terminal goes back to raw mode and the whole screen is drawn again, from nothing, without
waiting for a key. The raw mode entered here is left by the application's own at its exit
(prompt_toolkit's `Application.run_async` restores the modes it found at its start).

Ctrl-Z itself reaches a raw terminal as a key, not as a signal: it is bound to
prompt_toolkit's `suspend_to_background`, which stops the process group as the shell's
Ctrl-Z does, and redraws when it is continued.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prompt_toolkit.key_binding import KeyBindings

__all__ = ["bind_suspend", "redrawn_on_continue", "continued"]


def bind_suspend(kb: KeyBindings) -> None:
    """Ctrl-Z stops the client (its prompt_toolkit KeyBindings `kb`) as it stops any
    program in a shell (`fg` brings it back)."""
    # (prompt_toolkit only here: `cosmic replay --json` reads cli/replay_app without it)
    from prompt_toolkit.utils import suspend_to_background_supported
    if not suspend_to_background_supported():  # (Windows has no job control)
        return

    def _suspend(event: Any) -> None:
        event.app.suspend_to_background()
    kb.add("c-z")(_suspend)


def continued(app: Any) -> None:
    """After a stop: the terminal in raw mode again, the screen drawn again whole."""
    from prompt_toolkit.input.vt100 import raw_mode
    try:
        fileno = app.input.fileno()
    except (AttributeError, NotImplementedError, ValueError):  # (no terminal: nothing to do)
        return
    raw_mode(fileno).__enter__()  # (left by the application's own raw mode at its exit)
    # Forget what was drawn: the shell wrote over it. Leaving the alternate screen and
    # entering it again on the next frame clears it and puts the cursor home.
    app.renderer.reset(leave_alternate_screen=True)
    app.invalidate()


@contextmanager
def redrawn_on_continue(app: Any) -> Iterator[None]:
    """While in this block (around `app.run_async()`), SIGCONT redraws `app` (`continued`).
    Where the loop cannot take the signal (not the main thread, no SIGCONT), nothing is
    done."""
    sig = getattr(signal, "SIGCONT", None)
    loop = asyncio.get_running_loop()
    try:
        if sig is not None:
            loop.add_signal_handler(sig, continued, app)
    except (NotImplementedError, RuntimeError, ValueError):
        sig = None
    try:
        yield
    finally:
        if sig is not None:
            loop.remove_signal_handler(sig)
