"""What a `cosmic` run imports before it does anything (cli/main.py).

The installed `cosmic` is run with Python's own import log (PYTHONPROFILEIMPORTTIME: one
stderr line per module a process imports by an import statement; a module loaded by
importlib.import_module is not named, but what it imports is): `cosmic --help`, which builds every
subcommand's parser, must import no engine, bot, crypto library, ZeroMQ or
prompt_toolkit, and `cosmic verify JOURNAL` and `cosmic replay --json JOURNAL` no bot,
ZeroMQ or prompt_toolkit (the replay viewer's screen is built only in a terminal). The
parsers show a few values copied from the packages they would otherwise import (the
variants, the colours, the bots, the beacons' port): each is held here to its source.
Speed itself is measured by bench/startup.py, never asserted.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

COSMIC = Path(sys.executable).parent / "cosmic"


def _imported(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run the installed `cosmic ARGS` with the import log on; its modules' names."""
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1", NO_COLOR="1")
    r = subprocess.run([str(COSMIC), *args], env=env, capture_output=True, text=True,
                       timeout=60)
    names = {line.rsplit("|", 1)[1].strip() for line in r.stderr.splitlines()
             if line.startswith("import time:") and "|" in line}
    return r, names


def _under(names: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(n for n in names if n.split(".")[0] in packages
                  or any(n == p or n.startswith(p + ".") for p in packages))


def test_help_imports_no_engine_crypto_or_sockets() -> None:
    r, names = _imported("--help")
    assert r.returncode == 0 and "COMMAND" in r.stdout, r.stderr[-2000:]
    assert {"cli.main", "cli.options", "cli.botopts", "engine.games"} <= names  # the parsers'
    heavy = ("prompt_toolkit", "zmq", "nacl", "cryptography", "msgpack", "bots", "node",
             "engine.cosmic", "engine.worlds", "protocol.game", "protocol.keys")
    assert _under(names, heavy) == []


def test_verify_and_replay_import_no_bot_or_screen(tmp_path: Path) -> None:
    made = subprocess.run([str(COSMIC), "simulate", "--games", "1", "--players", "2",
                           "--max-turns", "1", "--seed", "startup", "--journal-dir",
                           str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    journal = next(tmp_path.glob("*.journal"))
    r, names = _imported("verify", str(journal))
    assert r.returncode == 0 and ": OK" in r.stdout, (r.stdout, r.stderr[-2000:])
    assert "node.verify" in names and _under(names, ("engine.cosmic",))  # it did verify
    assert _under(names, ("prompt_toolkit", "zmq", "bots", "engine.worlds")) == []
    r, names = _imported("replay", "--json", str(journal))
    assert r.returncode == 0 and '"public_hash"' in r.stdout, (r.stdout, r.stderr[-2000:])
    assert "cli.replay_app" in names  # the words of its records
    assert _under(names, ("prompt_toolkit", "zmq", "bots", "engine.worlds")) == []


def test_the_parsers_copies_match_their_sources() -> None:
    import bots
    import engine.cosmic
    import node.discovery
    from cli import botopts, options

    assert options.VARIANTS == engine.cosmic.VARIANTS
    assert options.COLORS == engine.cosmic.COLORS
    assert options.DEFAULT_PORT == node.discovery.DEFAULT_PORT
    assert botopts.BOT_KINDS == bots.BOT_KINDS
    assert botopts.DEFAULT_BUDGET_S == bots.DEFAULT_BUDGET_S
