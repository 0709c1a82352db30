"""What `cosmic resume JOURNAL` needs beside the journal: how this seat's node was run.

A journal holds the game; it does not hold how to reach the others again. So when a
seat's node starts, it writes `seat-N.resume.json` next to `seat-N.journal`: the seat,
the key file, the discovery port and addresses, direct peers, how long a person's node
waits (for an answer at a card window, for seats gone), and for a game against bots
(`cosmic play`) the command that runs each bot's node. Nothing in it is secret (the
key stays in its own 0600 file; this names only its path), and nothing in it is trusted
for the game: a resumed node still checks every envelope against the genesis.
The file is replaced atomically, so a crash leaves the old or the new one, never half.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from .journal_file import write_file_atomic
from .runner import NodeOptions

__all__ = ["ResumeInfo", "resume_path"]

VERSION = 1
_PATHS = ("--genesis", "--key", "--journal")  # a bot's files, in its game's folder


def resume_path(journal: Path) -> Path:
    """seat-0.journal -> seat-0.resume.json (same folder)."""
    return journal.with_name(journal.stem + ".resume.json")


@dataclass
class ResumeInfo:
    seat: int
    key: str = ""  # the key file's path ("" : not known; resume asks for --key)
    started_by: str = ""  # play, host, join, demo
    bind: str = "tcp://127.0.0.1:0"  # the mesh and hello addresses (port 0: any free)
    hello_bind: str | None = "tcp://127.0.0.1:0"
    discovery_port: int | None = None
    discovery_target: str = "255.255.255.255"
    discovery_bind: str = ""
    beacon_to: list[str] = field(default_factory=list)
    peers: list[str] = field(default_factory=list)
    bots: list[list[str]] = field(default_factory=list)  # play: `cosmic node` arguments
    # How long a person's node waits for seats gone, once all have been here (play's
    # --patience, the bots' own; 0: for ever).
    patience_s: float = 0.0
    window_s: float = 0.0  # a person silent this long at a card window passes (0: the default)
    turn_s: float = 0.0  # ... at another decision of theirs, the node plays for them (0: never)

    @classmethod
    def from_options(cls, seat: int, opts: NodeOptions, **more: Any) -> ResumeInfo:
        """What to write for a node started with these options."""
        return cls(seat=seat, bind=_any_port(opts.bind),
                   hello_bind=_any_port(opts.hello_bind) if opts.hello_bind else None,
                   discovery_port=opts.discovery_port,
                   discovery_target=opts.discovery_target,
                   discovery_bind=opts.discovery_bind, beacon_to=list(opts.beacon_to),
                   peers=list(opts.peers), window_s=opts.window_s, turn_s=opts.turn_s,
                   **more)

    def options(self) -> NodeOptions:
        """Node options that reach the same peers the same way."""
        return NodeOptions(bind=self.bind, hello_bind=self.hello_bind,
                           discovery_port=self.discovery_port,
                           discovery_target=self.discovery_target,
                           discovery_bind=self.discovery_bind,
                           beacon_to=list(self.beacon_to), peers=list(self.peers),
                           window_s=self.window_s, turn_s=self.turn_s)

    def patience(self) -> float:
        """How long the person's node of this seat waits for seats gone (0: for ever):
        patience_s, else for a `play` game whose file was written before it was kept, the
        bots' own --patience (play gives the person's node and the bots the same)."""
        if self.patience_s or not self.bots:
            return self.patience_s
        for argv in self.bots:
            if "--patience" in argv[:-1]:
                try:
                    return max(0.0, float(argv[argv.index("--patience") + 1]))
                except ValueError:
                    break
        return 0.0

    def moved(self, folder: Path) -> ResumeInfo:
        """This info for a `play` game whose folder was moved (or copied) to `folder`:
        the paths in it that were in the game's old folder (the bots' genesis, keys and
        journals, this seat's key) are taken in the new one. Unchanged when it was not
        moved, or for a game of host and join (no bots: their key is the player's own)."""
        olds = {Path(argv[argv.index("--journal") + 1]).parent for argv in self.bots
                if "--journal" in argv[:-1]}
        if len(olds) != 1 or (old := olds.pop()) == folder:
            return self

        def there(value: str) -> str:
            path = Path(value)
            return str(folder / path.relative_to(old)) if path.is_relative_to(old) else value

        def bot(argv: list[str]) -> list[str]:
            return [there(a) if k and argv[k - 1] in _PATHS else a for k, a in enumerate(argv)]
        return replace(self, key=there(self.key) if self.key else self.key,
                       bots=[bot(argv) for argv in self.bots])

    def save(self, journal: Path) -> Path:
        data = json.dumps({"version": VERSION, **asdict(self)}, indent=1, sort_keys=True)
        return write_file_atomic(resume_path(journal), data.encode() + b"\n")

    @classmethod
    def load(cls, journal: Path) -> ResumeInfo | None:
        """The info beside a journal; None if there is none. Raises ValueError (naming
        the file) if it is there but unreadable."""
        path = resume_path(journal)
        try:
            raw = json.loads(path.read_text())
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            raise ValueError(f"{path}: {exc}") from None
        if not isinstance(raw, dict) or raw.pop("version", None) != VERSION:
            raise ValueError(f"{path}: not a resume file of this version")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(raw) - known)
        if unknown:
            raise ValueError(f"{path}: unknown fields {unknown}")
        try:
            info = cls(**raw)
        except TypeError as exc:
            raise ValueError(f"{path}: {exc}") from None
        if type(info.seat) is not int or not isinstance(info.bots, list) or not all(
                isinstance(x, (int, float)) and x >= 0
                for x in (info.patience_s, info.window_s, info.turn_s)):
            raise ValueError(f"{path}: malformed")
        return info


def _any_port(endpoint: str | None) -> str:
    """tcp://HOST:PORT -> tcp://HOST:0: a restarted node binds a fresh port (its card
    tells the peers where)."""
    if not endpoint:
        return ""
    head, _, _ = endpoint.rpartition(":")
    return f"{head}:0" if head.startswith("tcp://") else endpoint

