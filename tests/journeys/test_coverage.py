"""A net that can't be forgotten: every subcommand of `cosmic`, and every flag of each,
is used by at least one journey.

How a use is recognised: in the journey files, a call or a list whose string literals
start with the subcommand's name (`cosmic("verify", ...)`, `[str(COSMIC), "play", ...]`)
uses that subcommand and every `--flag` literal that follows in it. A flag given through
a variable does not count: write it out where the journey runs it.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

from cli.main import build_parser

HERE = Path(__file__).resolve().parent


def _commands(parser: argparse.ArgumentParser | None = None, prefix: str = ""
              ) -> dict[str, set[str]]:
    """Each subcommand ("scenario run" for a nested one) -> its long flags."""
    parser = parser or build_parser()
    out: dict[str, set[str]] = {}
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for name, p in action.choices.items():
            full = f"{prefix}{name}"
            nested = _commands(p, full + " ")
            if nested:
                out.update(nested)
                continue
            out[full] = {next(o for o in a.option_strings if o.startswith("--"))
                         for a in p._actions if not isinstance(a, argparse._HelpAction)
                         and any(o.startswith("--") for o in a.option_strings)}
    return out


def _strings(node: ast.AST) -> list[str]:
    """The string literals inside a node, in source order."""
    found = [n for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return [n.value for n in sorted(found, key=lambda n: (n.lineno, n.col_offset))]


def _used() -> dict[str, set[str]]:
    used: dict[str, set[str]] = {}
    commands = _commands()
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, (ast.Call, ast.List)):
                continue
            parts = node.args if isinstance(node, ast.Call) else node.elts
            strings = [s for part in parts for s in _strings(part)]
            for n in (2, 1):  # "scenario run ..." before "scenario ..."
                name = " ".join(strings[:n])
                if len(strings) >= n and name in commands:
                    used.setdefault(name, set()).update(
                        s for s in strings[n:] if s.startswith("--"))
                    break
    return used


def test_every_subcommand_and_flag_has_a_journey() -> None:
    commands, used = _commands(), _used()
    missing = [f"cosmic {name}" for name in sorted(commands) if name not in used]
    missing += [f"cosmic {name} {flag}" for name in sorted(commands)
                for flag in sorted(commands[name] - used.get(name, set()))]
    assert not missing, "no journey uses: " + ", ".join(missing)


def test_the_walker_sees_what_it_should() -> None:
    """The walker itself: it finds the parser's flags and the journeys' uses."""
    commands = _commands()
    assert "--journal-dir" in commands["simulate"] and "--help" not in commands["simulate"]
    assert "--journal-dir" in _used()["simulate"]
