"""`cosmic scenario run FILE [--json]`: play a scenario file and check what it expects."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine import cosmic as engine
from engine.cosmic.scenario import ScenarioError, run_scenario

from .render import board_text, public_summary


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("scenario", help="run rule scenarios (docs/scenarios.md)")
    ssub = p.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = ssub.add_parser("run", help="play a scenario file and check its expectations")
    run.add_argument("files", nargs="+", type=Path, metavar="FILE")
    run.add_argument("--json", action="store_true", help="print the result as JSON")
    run.set_defaults(func=_run)
    return p


def _run(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            res = run_scenario(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{path}: cannot read: {exc}", file=sys.stderr)
            return 2
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
