"""A flag a subcommand does not have: that subcommand's own usage and error line (exit
status 2), so the person sees the flags it does take, not cosmic's list of commands."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic


def test_an_unknown_flag_is_named_by_its_subcommand(home: Path) -> None:
    for words in (["play"], ["host"], ["join"], ["resume"], ["simulate"], ["verify", "x"],
                  ["replay", "x"], ["campaign", "show", "x"], ["keygen"], ["demo"],
                  ["scenario", "run", "x"]):
        r = cosmic(*words, "--no-such-flag", home=home, timeout=30)
        said = " ".join(w for w in words if w != "x" and w != "show")
        assert r.returncode == 2, (words, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr
        lines = r.stderr.strip().splitlines()
        assert lines[-1] == f"cosmic {said}: error: unrecognized arguments: --no-such-flag", \
            (words, r.stderr)
        assert lines[0].startswith(f"usage: cosmic {said} "), (words, r.stderr)
    assert not (home / "games").exists()  # nothing was started


def test_play_refuses_negative_waits(home: Path) -> None:
    """--answer-seconds -1 passed for the person at every window without asking, and
    --patience -3 sent the bots away at once: both are refused before anything starts."""
    for flag, value in (("--answer-seconds", "-1"), ("--answer-seconds", "0"),
                        ("--patience", "-3")):
        r = cosmic("play", flag, value, "--plain", home=home, stdin="", timeout=30)
        assert r.returncode == 2, (flag, r.stdout, r.stderr)
        assert "--patience: 0 seconds or more" in r.stderr and "Traceback" not in r.stderr
    assert not (home / "games").exists()


def test_a_missing_file_is_said_in_words(home: Path) -> None:
    """verify and replay of a path that is not there (or a folder): the reason in words,
    not Python's '[Errno 2] ...' with the path said twice."""
    for words in (["verify"], ["replay"]):
        r = cosmic(*words, str(home / "nope.journal"), home=home)
        assert r.returncode == 2, r
        assert r.stderr.strip() == f"{home / 'nope.journal'}: CANNOT READ: No such file " \
                                   "or directory", r.stderr
        d = cosmic(*words, str(home), home=home)
        said = ("a folder, not a journal: it holds no journal (*.journal)"  # and what
                if words == ["verify"] else "Is a directory")  # to type instead
        assert d.stderr.strip() == f"{home}: CANNOT READ: {said}", d.stderr


def test_an_impossible_value_is_said_as_its_subcommands_usage_error(home: Path) -> None:
    """A flag's value that cannot be (too many seats, an alien that does not exist, a
    negative record): the same form as an unknown flag, whichever command took it."""
    for words, why in ((["demo", "--players", "11"], "--players must be between 2 and 10"),
                       (["simulate", "--games", "0"], "--games must be at least 1"),
                       (["host", "--players", "1"], "--players must be between 2 and 10"),
                       (["play", "--players", "2", "--aliens", "zombie,nosuchalien", "--plain"],
                        "nosuchalien"),
                       (["replay", "x", "--to", "-1"], "--to must be 0 or more")):
        r = cosmic(*words, home=home, stdin="", timeout=30)
        said = " ".join(words[:1])
        assert r.returncode == 2, (words, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr
        lines = r.stderr.strip().splitlines()
        assert lines[0].startswith(f"usage: cosmic {said} "), (words, r.stderr)
        assert lines[-1].startswith(f"cosmic {said}: error: ") and why in lines[-1], \
            (words, r.stderr)
    assert not (home / "games").exists()  # nothing was started
