"""Benchmark of `cosmic`'s start-up against its floor: one JSON line on stdout.

Times fresh processes, wall clock, the median of `--runs` of each (default 15), all in
interleaved rounds (each round runs every command and every floor once, so a busy
machine slows both sides of a ratio alike):

    help         cosmic --help (every subcommand's parser built)
    play_help    cosmic play --help
    verify       cosmic verify JOURNAL: a three-seat local game of a few turns,
                 made in setup by `cosmic simulate --journal-dir`
    replay_json  cosmic replay --json JOURNAL (the same journal)

against floors measured in the same rounds with the same interpreter:

    floor_bare_s  python -c pass
    floor_libs_s  python importing the libraries verify and replay need: msgpack,
                  libsodium (nacl.bindings) and pyca's Ed25519 (cryptography)

and prints each command's median (`*_s`), its ratio to the bare floor
(`*_ratio_bare`), and for verify and replay the ratio to the libraries' floor
(`*_ratio_libs`); `*_over_floor_ms` is the median minus its floor (bare for the help
commands, libraries' for verify and replay): what the command itself adds.

Every process runs with a bytecode cache (PYTHONDONTWRITEBYTECODE is dropped from its
environment, as on a person's machine); one warm-up round first fills it.

`cosmic` is the one installed beside this Python (the console script), or with --tree
DIR the `cli` package of that source tree run by this Python (the same entry point, for
an A/B against another commit in its own worktree: the same interpreter, the same
libraries).

Usage: python bench/startup.py [--json] [--runs 15] [--tree DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LIBS = ("import msgpack, nacl.bindings\n"
        "from cryptography.hazmat.primitives.asymmetric import ed25519")
ENTRY = "import sys\nfrom cli.main import main\nsys.exit(main())"


def _env(tree: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONPYCACHEPREFIX",
                        "PYTHONPROFILEIMPORTTIME")}
    env["NO_COLOR"] = "1"
    if tree:
        env["PYTHONPATH"] = tree  # found before the editable install's finder
    return env


def _cosmic(tree: str | None) -> list[str]:
    if tree:
        return [sys.executable, "-c", ENTRY]
    return [str(Path(sys.executable).parent / "cosmic")]


def _time(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    took = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stderr.decode()[-2000:]}")
    return took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="(the output is always JSON)")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--tree", default=None, help="a source tree whose cli to run")
    args = ap.parse_args()
    tree = str(Path(args.tree).resolve()) if args.tree else None
    env, cosmic = _env(tree), _cosmic(tree)
    with tempfile.TemporaryDirectory(prefix="cosmic-startup-") as tmp:
        made = subprocess.run([*cosmic, "simulate", "--games", "1", "--players", "3",
                               "--max-turns", "3", "--seed", "startup", "--journal-dir",
                               tmp], env=env, cwd=tmp, capture_output=True, text=True)
        if made.returncode != 0:
            raise SystemExit(f"setup: {made.stderr[-2000:]}")
        journal = str(next(Path(tmp).glob("*.journal")))
        runs = {
            "floor_bare": [sys.executable, "-c", "pass"],
            "floor_libs": [sys.executable, "-c", LIBS],
            "help": [*cosmic, "--help"],
            "play_help": [*cosmic, "play", "--help"],
            "verify": [*cosmic, "verify", journal],
            "replay_json": [*cosmic, "replay", "--json", journal],
        }
        times: dict[str, list[float]] = {name: [] for name in runs}
        for name, cmd in runs.items():  # the warm-up round: bytecode written
            _time(cmd, env, tmp)
        for _ in range(args.runs):
            for name, cmd in runs.items():
                times[name].append(_time(cmd, env, tmp))
    med = {name: statistics.median(t) for name, t in times.items()}
    out: dict[str, object] = {"runs": args.runs, "tree": tree or "installed",
                              "python": sys.version.split()[0]}
    out["floor_bare_s"] = round(med["floor_bare"], 4)
    out["floor_libs_s"] = round(med["floor_libs"], 4)
    for name in ("help", "play_help", "verify", "replay_json"):
        out[f"{name}_s"] = round(med[name], 4)
        out[f"{name}_ratio_bare"] = round(med[name] / med["floor_bare"], 2)
        floor = med["floor_bare"]
        if name in ("verify", "replay_json"):
            out[f"{name}_ratio_libs"] = round(med[name] / med["floor_libs"], 2)
            floor = med["floor_libs"]
        out[f"{name}_over_floor_ms"] = round((med[name] - floor) * 1000, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    # Run as a script, this directory comes first on sys.path, and bench/engine.py would
    # shadow the engine package; this script imports none of the project, so no fix-up.
    main()
