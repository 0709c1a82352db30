"""`cosmic scenario run FILE|DIR ... [--json]`: play scenario files and check what they
expect. A folder stands for every `*.toml` file under it, in sorted order. Every file is
run even when one fails or cannot be read; the exit code is the worst of them (2 a bad or
unreadable file, 1 a failed expectation, 0 all held), and with more than one file a last
line counts them.

A file's `game` key names its game: "cosmic" (the default) or "worlds" (the map game;
its position keys and commands: docs/worlds-rules.md, Scenarios)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("scenario", help="run rule scenarios (docs/scenarios.md)")
    ssub = p.add_subparsers(dest="scenario_command", metavar="ACTION")
    p.set_defaults(func=_no_action)  # (an action named sets its own func)
    run = ssub.add_parser("run", help="play a scenario file and check its expectations")
    run.add_argument("files", nargs="+", type=Path, metavar="FILE",
                     help="a scenario file, or a folder: every *.toml file under it")
    run.add_argument("--json", action="store_true", help="print the result as JSON")
    run.set_defaults(func=_run)
    return p


def _no_action(args: argparse.Namespace) -> int:
    """`cosmic scenario` alone: name the action there is (exit status 2, as argparse)."""
    from .options import UsageError
    raise UsageError("name the action: run (`cosmic scenario run FILE...` plays each "
                     "scenario file and checks its expectations)")


def _game(text: str) -> str:
    """The game a scenario names ("cosmic" when it names none, or is not TOML: the
    reader then says what is wrong)."""
    import tomllib

    try:
        game = tomllib.loads(text).get("game", "cosmic")
    except tomllib.TOMLDecodeError:
        return "cosmic"
    return game if isinstance(game, str) else "cosmic"


def _run_worlds(path: Path, text: str, as_json: bool) -> int:
    """A worlds scenario: 0 ok, 1 failed, 2 a bad file."""
    from engine.worlds import public_hash as worlds_hash
    from engine.worlds.scenario import ScenarioError as WorldsError
    from engine.worlds.scenario import load_scenario, run_scenario as run_worlds

    from .worlds_render import board_text as worlds_board, summary

    try:
        res = run_worlds(load_scenario(text))
    except WorldsError as exc:
        print(f"{path}: bad scenario: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps({
            "file": str(path), "game": "worlds", "title": res.title, "ok": res.ok,
            "checks": res.checks, "failures": res.failures, "state": summary(res.state),
            "public_hash": worlds_hash(res.state).hex(),
        }, sort_keys=True))
    else:
        _report(path, res.title, worlds_board(res.state), res.checks, res.failures)
    return 0 if res.ok else 1


def _files(paths: list[Path]) -> list[Path] | str:
    """The scenario files named: a folder's *.toml files (sorted, sub-folders too) in its
    place; an error message for a folder that holds none."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.rglob("*.toml"))
            if not found:
                return f"{path}: no scenario files (*.toml) in this folder"
            out += found
        else:
            out.append(path)
    return out


def _run(args: argparse.Namespace) -> int:
    files = _files(args.files)
    if isinstance(files, str):
        print(files, file=sys.stderr)
        return 2
    codes = [_run_one(path, args.json) for path in files]
    if len(files) > 1 and not args.json:
        failed = [str(p) for p, c in zip(files, codes) if c == 1]
        bad = [str(p) for p, c in zip(files, codes) if c == 2]
        if not failed and not bad:
            print(f"{len(files)} scenarios: every expectation held")
        else:
            parts = ([f"{len(failed)} FAILED ({', '.join(failed)})"] if failed else []) + (
                [f"{len(bad)} could not be run ({', '.join(bad)})"] if bad else [])
            print(f"{len(files)} scenarios: {'; '.join(parts)}")
    return max(codes)


def _run_one(path: Path, as_json: bool) -> int:
    """One file: 0 ok, 1 an expectation failed, 2 a bad or unreadable file."""
    from engine import cosmic as engine
    from engine.cosmic.scenario import ScenarioError, run_scenario

    from .render import board_text, public_summary

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{path}: cannot read: {exc}", file=sys.stderr)
        return 2
    if _game(text) == "worlds":
        return _run_worlds(path, text, as_json)
    try:
        res = run_scenario(text)
    except ScenarioError as exc:
        print(f"{path}: bad scenario: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps({
            "file": str(path), "title": res.title, "ok": res.ok, "checks": res.checks,
            "failures": res.failures, "commands": res.log,
            "state": public_summary(res.state),
            "public_hash": engine.public_hash(res.state).hex(),
        }, sort_keys=True))
        return 0 if res.ok else 1
    _report(path, res.title, board_text(res.state), res.checks, res.failures)
    return 0 if res.ok else 1


def _report(path: Path, title: str, board: str, checks: int, failures: list[str]) -> None:
    """A scenario's result as text: its title, the board, the verdict, each failure."""
    print(f"== {path}: {title}")
    print(board)
    verdict = "FAILED" if failures else "ok"
    print(f"{verdict}: {checks} expectation(s) checked, {len(failures)} failed")
    for f in failures:
        print(f"  - {f}")
