"""`cosmic keygen [--out PATH] [--force]`: make a player's Ed25519 key file.

The file is created readable only by its owner (mode 0600) and never overwritten
without --force. Default path: $COSMIC_HOME/key, else ~/.cosmic/key (where host and join look).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("keygen", help="make your Ed25519 key file (your identity at a table)",
                       description="Write a new Ed25519 key file readable only by you and "
                       "print its public key fingerprint.")
    p.add_argument("--out", type=Path, metavar="PATH", default=None,
                   help="where to write it (default: $COSMIC_HOME/key, else "
                   "~/.cosmic/key, the key host and join use)")
    p.add_argument("--force", action="store_true", help="replace an existing key file")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    from node.journal_file import default_key_path, write_key_file
    from protocol.keys import SigningKey, fingerprint

    from .options import os_why

    path = args.out if args.out is not None else default_key_path()
    key = SigningKey.generate()
    try:
        write_key_file(path, key, force=args.force)
    except FileExistsError as exc:
        if path.is_file():
            print(f"cosmic keygen: {path} exists; keeping it (use --force to replace it)",
                  file=sys.stderr)
            return 1
        print(f"cosmic keygen: cannot write {path}: {os_why(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cosmic keygen: cannot write {path}: {os_why(exc)}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    print(f"public key  {key.public.hex()}")
    print(f"fingerprint {fingerprint(key.public)}")
    return 0
