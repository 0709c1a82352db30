"""`--colour` takes a colour in any case, as the colour prompt does: `cosmic join --colour
Red` asks for red (it stopped with "invalid choice: 'Red' (choose from '', 'red', ...)",
an empty choice listed first), and a word that is no colour is refused with the colours
alone.

Ann hosts a game for two taking blue; Bob joins with `--colour Red` in a terminal and
is seated red, and answers no to the game (Ann agreed to it with `--yes`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting, lan_table
from _tmux import Terminal


def test_a_colour_in_capitals_is_that_colour(tmp_path: Path) -> None:
    homes, lan = lan_table(tmp_path, "ann", "bob")
    ann = subprocess.Popen([str(COSMIC), "host", "--players", "2", "--name", "ann",
                            "--colour", "BLUE", "--plain", "--yes", "--timeout", "40",
                            *lan],
                           env=cosmic_env(homes["ann"]), cwd=homes["ann"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    join = [str(COSMIC), "join", "--name", "bob", "--colour", "Red", "--timeout", "30", *lan]
    try:
        said = hosting(ann)
        assert "ann's game for 2" in said and "Traceback" not in said, said
        with Terminal(join, tmp_path, env=cosmic_env(homes["bob"]), width=160) as bob:
            screen = bob.wait_for("Play this game?", timeout=30)
            assert "red bob (key" in screen and "blue ann (key" in screen, screen
            bob.type("n")
            bob.wait_for(lambda s: bob.exited() is not None, timeout=30)
        ann.terminate()
        ann.communicate(timeout=30)
    finally:
        if ann.poll() is None:
            ann.kill()


def test_a_word_that_is_no_colour_is_refused_with_the_colours(home: Path) -> None:
    done = cosmic("join", "--colour", "Mauve", "--list", home=home, timeout=30)
    assert done.returncode == 2, done
    assert "invalid choice: 'mauve' (choose from 'red', 'blue'," in done.stderr, done.stderr
