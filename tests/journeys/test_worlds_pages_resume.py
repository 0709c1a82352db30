"""kill -9 of the map-game seat that holds a secret page (the Invisible Beings' unseen
tokens), mid-game, then `cosmic resume` of its journal: the seat comes back with nothing
but its journal (its page salts derive from its key share, so it finds its page again
from its own commitments), opens its counts when asked, the game ends, and every
journal verifies (every page opened and audited) and holds the same bytes.

The nodes are started as `cosmic demo --game worlds` starts them, with a genesis whose
race pile is nine races (the fewest two seats may have), the Invisible Beings among
them, so that a seat keeps them in most seeded games; seeds are tried in a fixed order
until one deals them to a seat that commits a page. A seed whose seats kept other races
is left as soon as its setup is over (read from seat 0's journal as `cosmic replay`
reads it), not played on."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env
from cli.cmd_demo import LOOPBACK_BROADCAST, free_udp_port, prepare
from cli.replay_app import settle_chance
from engine import games
from engine.worlds.unseen import UNSEEN_RACE
from protocol.envelope import open_envelope
from protocol.errors import JournalError
from protocol.game import GAME_KINDS, GameVerifier
from protocol.genesis import Genesis
from protocol.journal import RECORD_ENVELOPE, parse_journal
from test_play_network import until

RULES = games.load("worlds")
POOL = ["invisible_beings", "tachyons", "plebs", "hive", "breeders", "searchers",
        "politicians", "strategists", "foundation"]


def _start(game: Path, seed: str) -> tuple[Genesis, list[subprocess.Popen[bytes]]]:
    config = RULES.config_from(RULES.COLOURS[:2], (), {"max_turns": 16, "races": POOL})
    gpath, keys = prepare(2, seed, game, config=config, rules=RULES)
    port = free_udp_port()
    procs = []
    for seat in range(2):
        procs.append(subprocess.Popen(
            [str(COSMIC), "node", "--genesis", str(gpath), "--key", str(keys[seat]),
             "--seat", str(seat), "--journal", str(game / f"seat-{seat}.journal"),
             "--bot", "random", "--bot-seed", seed, "--discovery-port", str(port),
             "--discovery-target", LOOPBACK_BROADCAST],
            env=cosmic_env(game.parent), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL))
    return Genesis.decode(gpath.read_bytes()), procs


def _kinds(genesis: Genesis, journal: Path) -> list[tuple[int, str, list[object]]]:
    if not journal.exists():
        return []
    try:
        records = parse_journal(journal.read_bytes()).records
    except JournalError as exc:
        if exc.index is None:  # the node is still writing the header: nothing yet
            return []
        raise
    out = []
    for raw in records:
        env = open_envelope(raw, genesis, GAME_KINDS)
        out.append((env.author, env.kind, env.body))
    return out


class _Setup:
    """Follows a growing journal record by record (verified, the chance facts settled as
    `cosmic replay` settles them) until the setup is over; then `kept` says whether a
    seat kept the Invisible Beings (its homeworld's native race)."""

    def __init__(self, genesis: Genesis, journal: Path) -> None:
        self.verifier = GameVerifier(genesis)
        self.journal = journal
        self.fed = 0
        self.kept: bool | None = None

    def follow(self) -> bool | None:
        if self.kept is not None or not self.journal.exists():
            return self.kept
        try:
            entries = parse_journal(self.journal.read_bytes()).entries
        except JournalError as exc:
            if exc.index is None:  # the node is still writing the header
                return None
            raise
        v = self.verifier
        for entry in entries[self.fed:]:
            self.fed += 1
            if entry.type != RECORD_ENVELOPE:  # evidence: no move of the game
                continue
            v.feed(entry.data, entry.index)
            settle_chance(v, entry.index)
            # The homeworlds (the only worlds held during the setup) take their kept
            # races as natives together, at the setup's end.
            natives = [r for r, seat in zip(v.state.native, v.state.control) if seat >= 0]
            if len(natives) == v.genesis.n_seats and min(natives) >= 0:
                self.kept = UNSEEN_RACE in natives
                break
        return self.kept


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
        p.wait(timeout=30)


def test_kill_the_seat_holding_a_secret_page_and_resume_it(tmp_path: Path, home: Path) -> None:
    for k in range(8):
        game = tmp_path / f"game{k}"
        genesis, procs = _start(game, f"pages{k}")
        try:
            journal0 = game / "seat-0.journal"
            setup = _Setup(genesis, journal0)

            def page_or_done() -> str | None:
                if setup.follow() is False:
                    return "none"  # the setup is over and no seat kept them
                kinds = _kinds(genesis, journal0)
                if any(kind == "cards.page" for _, kind, _ in kinds):
                    return "page"
                if any(kind == "cards.secret" for _, kind, _ in kinds) or len(kinds) > 260:
                    return "none"  # over, or well into the game: nobody kept them
                return None

            if until("a page or the game's end", page_or_done, timeout=180) != "page":
                continue
            holder = next(a for a, kind, _ in _kinds(genesis, journal0) if kind == "cards.page")
            journal = game / f"seat-{holder}.journal"
            os.kill(procs[holder].pid, signal.SIGKILL)
            procs[holder].wait(timeout=30)
            kept = journal.read_bytes()
            back = cosmic("resume", str(journal), "--bot", "--plain", home=home, timeout=300)
            assert back.returncode == 0, back.stdout[-2000:] + back.stderr[-2000:]
            assert "Game over:" in back.stdout
            procs[1 - holder].wait(timeout=120)
        finally:
            _stop(procs)
        assert journal.read_bytes().startswith(kept[:len(kept) // 2])  # nothing taken back
        # The resumed seat went on with its page: it committed new ones (each must follow
        # from the one it recovered, or the audit below fails) and answered openings.
        before = len(parse_journal(kept).records)
        later = _kinds(genesis, journal)[before:]
        assert any(a == holder and kind == "cards.page" for a, kind, _ in later), later
        assert len({(game / f"seat-{s}.journal").read_bytes() for s in range(2)}) == 1
        # Byte for byte one file: one verification holds for both seats' copies.
        v = cosmic("verify", str(journal), home=home)
        assert v.returncode == 0 and f"{journal}: OK" in v.stdout, v.stdout + v.stderr
        assert "claims audit" in v.stdout
        return
    raise AssertionError("no seeded game in 8 dealt the Invisible Beings to a seat")
