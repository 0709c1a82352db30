"""Benchmark of journal verification against its floor: one JSON line on stdout.

Plays a full five-player game of random bots (local mode, fixed seed), records its
signed journal, then times in the same run, alternating, `runs` times each:

    verify_s  node.verify.verify_journal on the journal's bytes: framing, every
              envelope opened (canonical, schema, game id, key), every chain link, the
              engine replay with its state hashes, commitments and face checks, the
              claims audit - and every signature (unless --serial, a forked worker
              makes the envelopes' opening checks, then signatures, beside the replay)
    floor_s   the same number of bare Ed25519 verifications (pyca `cryptography`, keys
              loaded once) of the same envelopes' signed bytes, in one process
    floor_fastest_s  the same bare verifications with the fastest binding we have,
              libsodium through PyNaCl (nacl.bindings.crypto_sign_open), one core

and prints the medians with ratio = verify_s / floor_s (goal: <= 1.25) and
ratio_fastest = verify_s / floor_fastest_s (goal: <= 1.0: the whole verification in no
more time than one core needs for the bare signatures). ratio_fastest_paired is the
median of the per-round ratios (each round times the three back to back, so a busy
machine slows both sides of a ratio alike). Timings are wall time.

verify_s is the figure of a process that has verified before, as the floors are of a
warm process (library loaded, keys loaded): its worker process (node.verify: forked by
the first parallel verification, it serves every later one) is already running. What
a fresh process pays, each median of `runs` fresh processes (python -c, the modules
imported, the game's too, nothing verified yet):

    verify_cold_s       its first verify_journal: the worker started, and every cache
                        the engine and the protocol fill on first use filled
                        (ratio_fastest_cold = verify_cold_s / floor_fastest_s)
    verify_first_par_s  its first parallel verify_journal after one serial one: the
                        caches warm, the worker started (the fork and the copy-on-write
                        faults it brings)

The breakdown, timed in the same rounds (medians):

    replay_s     every check but the signatures, in this process alone (read_journal
                 with the signatures deferred): the engine replay and the opening checks
    sigs_s       the signature checks as the verifier makes them (node.verify's
                 checker), one core
    ideal_s      (replay_s + sigs_s) / 2: two cores sharing that work with no overhead

The same work split as the parallel path splits it (each alone, one core, medians):

    parse_s          parse_journal of the bytes (this process, before its replay)
    opening_s        the opening checks of every envelope (check_opening: open_envelope
                     but its signature), which the worker makes before its signatures
    replay_opened_s  the replay as the parallel path makes it: every record taken as
                     opened (the worker's word: only its envelope built), no signature
    work_s           parse_s + opening_s + replay_opened_s + sigs_s: the work of a
                     parallel verification but its hand-over; work_s / 2 (half_s) is its
                     time on two cores that share it perfectly and never slow each other
                     (ratio_half = half_s / floor_fastest_s: what the split alone allows)
    par_replay_s in a parallel verification, the time from its start until the replay
                 has read the last record (then this process verifies from the back)
    worker_share the fraction of the signatures the worker verified
    cpu_s        the CPU time a parallel verification takes on both cores: this
                 process's (median) plus its worker's (the mean over the rounds: the
                 kernel counts it in 10 ms ticks). On a loaded machine, where the wall
                 times mostly measure the other jobs, this is the figure to compare
                 (against floor_fastest_cpu_s, the bare checks' CPU time)
    ratio_cpu    cpu_s / floor_fastest_cpu_s: the verification's work on one core
                 against the bare checks' (verify_s uses two cores, the floors one)

Usage: python bench/journal.py [--json] [--runs 7] [--seed bench] [--serial] [--no-cold]

--network [--turns 60] [--tree DIR]: a five-seat networked game instead (NodeCores in
memory: real signatures and card protocol, random bots, seeded), built in this process
(about 20 to 40 s), its seat-0 journal timed, `runs` rounds:

    verify_serial_s, verify_parallel_s   verify_journal, warm (the worker started)
    cpu_serial_s, cpu_parallel_s         their CPU time (the parallel one: this
                                         process's plus its worker's, per round)
    cpu_main_parallel_s                  the parallel one's CPU in this process alone:
                                         on a loaded machine, where wall times measure
                                         the other jobs, the figure of the critical path
                                         (the replay) to compare
    floor_proofs_s  the group operations a serial verification makes (libsodium's
                    variable-base and fixed-base multiplications and point checks,
                    counted by protocol.crypto.group), made bare, one core (and
                    floor_proofs_cpu_s, its CPU time)
    ops             those counts

With --tree DIR (another source tree, e.g. a detached worktree of main), a process of
DIR's code verifies the same bytes in the same rounds, interleaved (`other_*` figures,
and ratio_* = this tree's / DIR's).
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
from collections.abc import Callable
from pathlib import Path

# Run as a script, this directory comes first on sys.path, and bench/engine.py would
# shadow the engine package: put the repository there instead.
_HERE = Path(__file__).resolve().parent
if sys.path and Path(sys.path[0] or ".").resolve() == _HERE:
    sys.path[0] = str(_HERE.parent)

import nacl.bindings as nb  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey  # noqa: E402

from engine import cosmic as engine  # noqa: E402
from bots import RandomBot  # noqa: E402
from node.local import LocalGame, game_seed  # noqa: E402
from node.records import record_local_game  # noqa: E402
from node.verify import (  # noqa: E402
    ParallelSignatures, SignatureChecker, verify_journal, worker_pid,
)
from protocol.envelope import KindRegistry, check_opening  # noqa: E402
from protocol.game import GAME_KINDS, VerifyVisitor, read_journal  # noqa: E402
from protocol.journal import JournalContents, parse_journal  # noqa: E402


def make_journal(seed: str, seats: int = 5) -> bytes:
    s = game_seed(seed, 0)
    game = LocalGame(engine.Config(seats), s, [RandomBot(s + bytes([k])) for k in range(seats)])
    game.run()
    return record_local_game(game)


def floor_once(raws: list[bytes], keys: list[Ed25519PublicKey]) -> float:
    t0 = time.perf_counter()
    for raw in raws:
        keys[raw[36]].verify(raw[-64:], raw[:-64])  # author index at its fixed position
    return time.perf_counter() - t0


def floor_fastest_once(raws: list[bytes], keys: list[bytes]) -> float:
    """Bare libsodium checks (PyNaCl's binding takes the signature and message joined)."""
    t0 = time.perf_counter()
    for raw in raws:
        nb.crypto_sign_open(raw[-64:] + raw[:-64], keys[raw[36]])
    return time.perf_counter() - t0


def verify_once(data: bytes, parallel: bool, cpu: list[float] | None = None) -> float:
    c0 = time.process_time()
    t0 = time.perf_counter()
    result = verify_journal(data, parallel=parallel)
    elapsed = time.perf_counter() - t0
    if cpu is not None:
        cpu.append(time.process_time() - c0)
    if result.error is not None or result.verdict is None:
        raise SystemExit(f"the benchmark journal does not verify: {result.error}")
    return elapsed


def worker_cpu() -> float:
    """The CPU time this process's verify worker has used so far (0 without one)."""
    pid = worker_pid()
    if pid is None:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu(f: Callable[[], object]) -> float:
    """The CPU time of f() (this thread)."""
    t0 = time.thread_time()
    f()
    return time.thread_time() - t0


class _Deferred:
    """Signatures taken as good, no record opened ahead: read_journal makes every check
    but the signatures (timing only; never for a verdict)."""

    def first_failure(self, upto: int) -> int | None:
        return None

    def opened(self, record: int, kinds: KindRegistry) -> bool:
        return False


def replay_once(contents: JournalContents) -> float:
    t0 = time.perf_counter()
    read_journal(contents, VerifyVisitor(strict=True), signatures=_Deferred())
    return time.perf_counter() - t0


class _Opened(_Deferred):
    """Every record taken as opened (timing only): the replay as the parallel path makes
    it once the worker has made the opening checks."""

    def opened(self, record: int, kinds: KindRegistry) -> bool:
        return True


def replay_opened_once(contents: JournalContents) -> float:
    t0 = time.perf_counter()
    read_journal(contents, VerifyVisitor(strict=True), signatures=_Opened())
    return time.perf_counter() - t0


def parse_once(data: bytes) -> float:
    t0 = time.perf_counter()
    parse_journal(data)
    return time.perf_counter() - t0


def opening_once(contents: JournalContents) -> float:
    genesis, raws = contents.genesis, contents.records
    t0 = time.perf_counter()
    for raw in raws:
        check_opening(raw, genesis, GAME_KINDS)
    return time.perf_counter() - t0


def sigs_once(raws: list[bytes]) -> float:
    check = SignatureChecker()
    t0 = time.perf_counter()
    if not all([check(raw) for raw in raws]):
        raise SystemExit("a signature of the benchmark journal does not verify")
    return time.perf_counter() - t0


class _Timed(ParallelSignatures):
    """ParallelSignatures that notes when the replay first asks for the verdict."""

    replayed_at = 0.0

    def first_failure(self, upto: int) -> int | None:
        if not self.replayed_at:
            self.replayed_at = time.perf_counter()
        return super().first_failure(upto)


def split_once(data: bytes) -> tuple[float, float]:
    """One parallel verification as verify_journal makes it: the time until the replay
    is done, and the worker's share of the signatures."""
    t0 = time.perf_counter()
    contents = parse_journal(data)
    signatures = _Timed(contents)
    try:
        read_journal(contents, VerifyVisitor(strict=True), signatures=signatures)
    finally:
        signatures.close()
    return signatures.replayed_at - t0, signatures.worker_signatures / len(contents.records)


_FRESH = """
import sys, time
from engine.games import load
from node.verify import verify_journal
load("cosmic")  # the modules imported (and compiled, where no bytecode is kept)
data = open(sys.argv[1], "rb").read()
parallel = sys.argv[2] == "parallel"
if sys.argv[3] == "warm":
    verify_journal(data, parallel=False)
t0 = time.perf_counter()
result = verify_journal(data, parallel=parallel)
elapsed = time.perf_counter() - t0
assert result.error is None and result.verdict is not None, result.error
print(elapsed)
"""


def fresh_once(path: str, parallel: bool, warm: bool) -> float:
    """The time of the first (warm: first parallel) verify_journal of a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _FRESH, path, "parallel" if parallel else "serial",
         "warm" if warm else "cold"],
        cwd=_HERE.parent, capture_output=True, text=True, check=True, timeout=300)
    return float(done.stdout)


def make_network_journal(seed: str, turns: int, seats: int = 5) -> bytes:
    """Seat 0's journal of a networked game of random bots, every seat's NodeCore in this
    process (real signatures, card protocol and its proofs)."""
    import hashlib

    from node.core import NodeCore, secret_seed_for
    from protocol.game import make_genesis
    from protocol.journal import encode_header, encode_record
    from protocol.keys import SigningKey

    tag = seed.encode()
    keys = [SigningKey.from_seed(hashlib.sha256(tag + bytes([i])).digest())
            for i in range(seats)]
    genesis = make_genesis(engine.Config(seats, max_turns=turns),
                           [(f"p{i}", k.public) for i, k in enumerate(keys)],
                           mode="network", salt=hashlib.sha256(tag).digest())
    written: list[bytes] = []
    cores = [NodeCore(genesis, i, keys[i], secret_seed=secret_seed_for(keys[i], genesis),
                      append=written.append if i == 0 else (lambda raw: None),
                      keep=lambda raw: None) for i in range(seats)]
    bots = [RandomBot(tag + bytes([i])) for i in range(seats)]
    quiet = 0
    while not all(c.done for c in cores):
        moved = False
        for i, c in enumerate(cores):
            moved |= c.pump()
            if c.my_turn():
                c.act(bots[i].choose(c.state, i, c.knowledge))
                moved = True
        for i, c in enumerate(cores):
            for raw in c.outbox():
                moved = True
                for j, d in enumerate(cores):
                    if j != i:
                        d.offer(raw)
        quiet = 0 if moved else quiet + 1
        if quiet > 3:
            raise SystemExit("the benchmark's networked game stalled")
    return encode_header(genesis) + b"".join(encode_record(r) for r in written)


def floor_proofs_once(mul: int, base: int, check: int) -> float:
    """mul variable-base and base fixed-base multiplications and check point validations,
    bare libsodium calls (PyNaCl's cffi module), one core."""
    from nacl._sodium import ffi, lib

    from protocol.crypto.group import GENERATOR

    out = ffi.new("unsigned char[]", 32)
    n = (2**252 + 12345).to_bytes(32, "little")
    t0 = time.perf_counter()
    for _ in range(mul):
        lib.crypto_scalarmult_ed25519_noclamp(out, n, GENERATOR)
    for _ in range(base):
        lib.crypto_scalarmult_ed25519_base_noclamp(out, n)
    for _ in range(check):
        lib.crypto_core_ed25519_is_valid_point(GENERATOR)
    return time.perf_counter() - t0


_OTHER = """
import os, sys, time
sys.path.insert(0, os.getcwd())
from node.verify import verify_journal, worker_pid
data = open(sys.argv[1], "rb").read()

def worker_cpu():
    pid = worker_pid()
    if pid is None:
        return 0.0
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

for line in sys.stdin:
    parallel = line.strip() == "parallel"
    w0, c0, t0 = worker_cpu(), time.process_time(), time.perf_counter()
    result = verify_journal(data, parallel=parallel)
    wall, main = time.perf_counter() - t0, time.process_time() - c0
    assert result.error is None and result.verdict is not None, result.error
    print(wall, main + worker_cpu() - w0, main, flush=True)
"""


def network_main(args: argparse.Namespace) -> None:
    from protocol.crypto import group

    t0 = time.perf_counter()
    data = make_network_journal(args.seed, args.turns)
    built = time.perf_counter() - t0
    entries = len(parse_journal(data).entries)
    group.reset_op_counts()
    verify_once(data, False)
    ops = group.op_counts()
    verify_once(data, True)  # warm: the worker started
    other = None
    with tempfile.NamedTemporaryFile(suffix=".journal") as f:
        f.write(data)
        f.flush()
        if args.tree:
            other = subprocess.Popen([sys.executable, "-c", _OTHER, f.name], cwd=args.tree,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

        def ask(mode: str) -> tuple[float, float, float]:
            assert other is not None and other.stdin is not None and other.stdout is not None
            other.stdin.write(mode + "\n")
            other.stdin.flush()
            wall, cpu, main = other.stdout.readline().split()
            return float(wall), float(cpu), float(main)
        if other is not None:
            ask("serial")
            ask("parallel")
        times: dict[str, list[float]] = {}
        try:
            for _ in range(args.runs):
                for mode in ("serial", "parallel"):
                    cpu: list[float] = []
                    before = worker_cpu()
                    times.setdefault(f"verify_{mode}_s", []).append(
                        verify_once(data, mode == "parallel", cpu))
                    times.setdefault(f"cpu_{mode}_s", []).append(cpu[0] + worker_cpu() - before)
                    if mode == "parallel":
                        times.setdefault("cpu_main_parallel_s", []).append(cpu[0])
                    if other is not None:
                        wall, spent, main = ask(mode)
                        times.setdefault(f"other_verify_{mode}_s", []).append(wall)
                        times.setdefault(f"other_cpu_{mode}_s", []).append(spent)
                        if mode == "parallel":
                            times.setdefault("other_cpu_main_parallel_s", []).append(main)
                times.setdefault("floor_proofs_s", []).append(floor_proofs_once(*ops))
                times.setdefault("floor_proofs_cpu_s", []).append(
                    thread_cpu(lambda: floor_proofs_once(*ops)))
        finally:
            if other is not None and other.stdin is not None:
                other.stdin.close()
                other.wait(timeout=60)
    out: dict[str, object] = {"entries": entries, "bytes": len(data), "build_s": round(built, 1)}
    for name, values in times.items():
        out[name] = round(statistics.median(values), 4)
    if other is not None:
        for name in ("verify_serial_s", "verify_parallel_s", "cpu_serial_s", "cpu_parallel_s",
                     "cpu_main_parallel_s"):
            out["ratio_" + name[:-2]] = round(statistics.median(
                a / b for a, b in zip(times[name], times["other_" + name])), 3)
    out |= {"ops": ops._asdict(), "mode": "network", "runs": args.runs,
            "cpus": os.cpu_count(), "load": os.getloadavg()[0]}
    print(json.dumps(out))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="one JSON line (the default)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--serial", action="store_true", help="verify in one process")
    parser.add_argument("--no-cold", action="store_true",
                        help="leave out the fresh processes (verify_cold_s, verify_first_par_s)")
    parser.add_argument("--network", action="store_true",
                        help="a five-seat networked game (card protocol and proofs)")
    parser.add_argument("--turns", type=int, default=60, help="--network: the turn limit")
    parser.add_argument("--tree", default=None,
                        help="--network: another source tree to time alongside (A/B)")
    args = parser.parse_args()
    if args.network:
        network_main(args)
        return

    data = make_journal(args.seed)
    contents = parse_journal(data)
    raws = contents.records
    keys = [Ed25519PublicKey.from_public_bytes(s.key) for s in contents.genesis.seats]
    raw_keys = [s.key for s in contents.genesis.seats]
    verify_once(data, not args.serial)  # warm up: imports, caches, the first fork
    floor_fastest_once(raws, raw_keys)
    floors, fastest, verifies = [], [], []
    replays, sigs, par_replays, shares = [], [], [], []
    parses, openings, replays_opened = [], [], []
    main_cpu: list[float] = []
    fastest_cpu: list[float] = []
    worker_spent = 0.0
    for _ in range(args.runs):
        floors.append(floor_once(raws, keys))
        fastest.append(floor_fastest_once(raws, raw_keys))
        fastest_cpu.append(thread_cpu(lambda: floor_fastest_once(raws, raw_keys)))
        before = worker_cpu()
        verifies.append(verify_once(data, not args.serial, main_cpu))
        worker_spent += worker_cpu() - before
        replays.append(replay_once(contents))
        sigs.append(sigs_once(raws))
        parses.append(parse_once(data))
        openings.append(opening_once(contents))
        replays_opened.append(replay_opened_once(contents))
        if not args.serial:
            par_replay, share = split_once(data)
            par_replays.append(par_replay)
            shares.append(share)
    cold: dict[str, float] = {}
    if not args.no_cold:
        colds, firsts = [], []
        with tempfile.NamedTemporaryFile(suffix=".journal") as f:
            f.write(data)
            f.flush()
            for _ in range(args.runs):
                colds.append(fresh_once(f.name, not args.serial, warm=False))
                firsts.append(fresh_once(f.name, not args.serial, warm=True))
        cold = {"verify_cold_s": round(statistics.median(colds), 4),
                "ratio_fastest_cold": round(statistics.median(colds)
                                            / statistics.median(fastest), 3),
                "verify_first_par_s": round(statistics.median(firsts), 4)}
    floor_s, verify_s = statistics.median(floors), statistics.median(verifies)
    fastest_s = statistics.median(fastest)
    paired = statistics.median(v / f for v, f in zip(verifies, fastest))
    replay_s, sigs_s = statistics.median(replays), statistics.median(sigs)
    work_s = sum(statistics.median(x) for x in (parses, openings, replays_opened, sigs))
    parts = {"parse_s": round(statistics.median(parses), 5),
             "opening_s": round(statistics.median(openings), 4),
             "replay_opened_s": round(statistics.median(replays_opened), 4),
             "work_s": round(work_s, 4), "half_s": round(work_s / 2, 4),
             "ratio_half": round(work_s / 2 / fastest_s, 3)}
    split = {"par_replay_s": round(statistics.median(par_replays), 4),
             "worker_share": round(statistics.median(shares), 3)} if shares else {}
    cpu_s = statistics.median(main_cpu) + worker_spent / args.runs
    split |= {"cpu_s": round(cpu_s, 4),
              "floor_fastest_cpu_s": round(statistics.median(fastest_cpu), 4),
              "ratio_cpu": round(cpu_s / statistics.median(fastest_cpu), 3)}
    print(json.dumps({
        "entries": len(raws), "verify_s": round(verify_s, 4), "floor_s": round(floor_s, 4),
        "ratio": round(verify_s / floor_s, 3),
        "floor_fastest_s": round(fastest_s, 4),
        "ratio_fastest": round(verify_s / fastest_s, 3),
        "ratio_fastest_paired": round(paired, 3),
        "replay_s": round(replay_s, 4), "sigs_s": round(sigs_s, 4),
        "ideal_s": round((replay_s + sigs_s) / 2, 4), **parts, **split, **cold,
        "mode": "serial" if args.serial else "parallel",
        "runs": args.runs, "bytes": len(data), "cpus": os.cpu_count(),
    }))


if __name__ == "__main__":
    main()
