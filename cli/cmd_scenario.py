"""`cosmic scenario run FILE [--json]`: play a scenario file and check what it expects.

A file's `game` key names its game: "cosmic" (the default) or "worlds" (the map game;
its position keys and commands: docs/worlds-rules.md, Scenarios)."""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from engine import cosmic as engine
from engine.cosmic.scenario import ScenarioError, run_scenario

from .render import board_text, public_summary


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("scenario", help="run rule scenarios (docs/scenarios.md)")
    ssub = p.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = ssub.add_parser("run", help="play a scenario file and check its expectations")
    run.add_argument("files", nargs="+", type=Path, metavar="FILE")
    run.add_argument("--json", action="store_true", help="print the result as JSON")
    run.set_defaults(func=_run)
    return p


def _game(text: str) -> str:
    """The game a scenario names ("cosmic" when it names none, or is not TOML: the
    reader then says what is wrong)."""
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
        print(f"== {path}: {res.title}")
        print(worlds_board(res.state))
        verdict = "ok" if res.ok else "FAILED"
        print(f"{verdict}: {res.checks} expectation(s) checked, {len(res.failures)} failed")
        for f in res.failures:
            print(f"  - {f}")
    return 0 if res.ok else 1


def _run(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{path}: cannot read: {exc}", file=sys.stderr)
            return 2
        if _game(text) == "worlds":
            code = _run_worlds(path, text, args.json)
            if code == 2:
                return 2
            status = max(status, code)
            continue
        try:
            res = run_scenario(text)
        except ScenarioError as exc:
            print(f"{path}: bad scenario: {exc}", file=sys.stderr)
            return 2
        if not res.ok:
            status = 1
        if args.json:
            print(json.dumps({
                "file": str(path), "title": res.title, "ok": res.ok, "checks": res.checks,
                "failures": res.failures, "commands": res.log,
                "state": public_summary(res.state),
                "public_hash": engine.public_hash(res.state).hex(),
            }, sort_keys=True))
            continue
        print(f"== {path}: {res.title}")
        print(board_text(res.state))
        verdict = "ok" if res.ok else "FAILED"
        print(f"{verdict}: {res.checks} expectation(s) checked, {len(res.failures)} failed")
        for f in res.failures:
            print(f"  - {f}")
    return status
