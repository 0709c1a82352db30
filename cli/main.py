"""The `cosmic` command: one subcommand per module under cli/.

Each command module defines `add_parser(subparsers)` returning its parser, and sets
`func` (taking the parsed args, returning an exit code) as the parser's default.

A run imports only the module of the subcommand it names (when its first word is one):
`cosmic verify J` never loads the full-screen client or the sockets. Each command module
imports at its top only what its parser needs (argparse, the cheap constants of
cli/options.py and cli/botopts.py); the engine, the bots, the crypto and ZeroMQ are
imported by the functions that use them, so `cosmic --help` and `cosmic SUB --help`
load none of them (tests/test_cli_startup.py).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

__all__ = ["main"]

# Modules that register subcommands, in the order `cosmic --help` lists them.
COMMANDS = ("play", "host", "join", "resume", "simulate", "scenario", "verify", "replay",
            "campaign", "keygen", "demo", "node")
# A command whose module must import much at its top keeps its parser in a module of its
# own, whose `func` imports the command's module when it runs.
PARSERS = {"replay": "cli.replay_args"}


class Parser(argparse.ArgumentParser):
    """argparse's parser whose errors break between words at the terminal's width (a
    flag, a path, a `quoted command` kept whole), as the commands' own messages do; each
    subcommand's parser is one too (argparse makes them of the top one's class)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _said(f"{self.prog}: error: {message}") + "\n")


def _said(text: str) -> str:
    from .cmd_host import to_stderr  # (when an error is said: --help imports no engine)
    return to_stderr(text)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The `cosmic` parser with every subcommand, or with only the one named `only` (a
    run that names it needs no other: its help, usage line and errors are the same)."""
    parser = Parser(
        prog="cosmic", description="Peer-to-peer, verifiable Cosmic Encounter.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS if only is None else (only,):
        where = PARSERS.get(name, f"cli.cmd_{name}")
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as exc:
            if exc.name != where:
                raise
            continue  # a command whose module is not there yet is simply not offered
        module.add_parser(sub)
    return parser


def _parser_of(parser: argparse.ArgumentParser, args: argparse.Namespace
               ) -> argparse.ArgumentParser | None:
    """The parser of the (innermost) subcommand that was given (None: no subcommand)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser | None = action.choices.get(
                getattr(args, action.dest, None) or "")
            return (_parser_of(found, args) or found) if found is not None else None
    return None


def _usage_error(parser: argparse.ArgumentParser, args: argparse.Namespace,
                 message: str) -> int:
    """An unknown flag or an impossible value, said as argparse says it, by the given
    subcommand's parser (its own usage line, `cosmic CMD: error: ...`); exit status 2,
    returned (main is called in-process too)."""
    said = _parser_of(parser, args) or parser
    said.print_usage(sys.stderr)
    print(_said(f"{said.prog}: error: {message}"), file=sys.stderr)
    return 2


# Options whose value may start with "-": `--aliens -,zombie,?` (a seat with no alien
# first), `--races -gifted,-hive` (races left out). argparse took such a value for a flag
# ("expected one argument"); glued to its option (`--aliens=-,zombie,?`) it is a value.
DASHED_VALUES = ("--aliens", "--races")


def _glued(argv: list[str]) -> list[str]:
    """argv with each DASHED_VALUES option followed by a value that starts with one "-"
    (and is not -h) joined to it by "="."""
    out: list[str] = []
    for arg in argv:
        if (out and out[-1] in DASHED_VALUES and arg.startswith("-")
                and not arg.startswith("--") and arg not in ("-h",)):
            out[-1] += "=" + arg
        else:
            out.append(arg)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = _glued(sys.argv[1:] if argv is None else argv)
    # The top-level parser takes no option but --help, so a first word that names a
    # command is that command; anything else (--help, nothing, a typo) needs them all.
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        return _usage_error(parser, args, f"unrecognized arguments: {' '.join(unknown)}")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from .options import UsageError
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:
        return _usage_error(parser, args, str(exc))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
