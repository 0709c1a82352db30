"""Benchmark of the network floor: one JSON line on stdout.

zmq_rtt_p50_ms is a bare DEALER -> ROUTER -> DEALER round trip on loopback between
this process and an echo process (the same script with --echo), with a 256-byte
payload: the median of `rounds` strictly sequential round trips after `warmup` more.
It is measured with CurveZMQ on (as the mesh runs) and off (reported as *_plain),
each against its own echo process. No ZAP handler: admission costs nothing per message.

The game level (without --rtt-only): five node processes with bots play a networked
game on loopback (`cosmic node`, as `cosmic demo` starts them), each logging when it
takes each action envelope (CLOCK_MONOTONIC is shared by the processes). An action's
latency runs from its author taking it (sealed and journaled: its signing moment) to the
last of the five nodes taking it. Reported: action_p50_ms / action_p99_ms, the medians
of its two parts at each receiving node (transit_p50_ms: author's take to arrival;
take_p50_ms: arrival to take, i.e. checks, fsync and engine), ratio =
action_p50_ms / zmq_rtt_p50_ms (goal <= 10), first_encounter_s (start of the five
processes to the first encounter, read from seat 0's progress lines; after it they are
only drained in bulk, so this process does not wake for each one while the nodes
work) and each node's peak memory (peak_rss_mb).

The fair floor (without --rtt-only), measured in the same run: five minimal processes
(this script with --floor-node) on the same Curve mesh (node.transport.Mesh, only the
seats' Curve keys admitted) doing only what any node must for an action: the author signs
an envelope-sized message (Ed25519) and appends it to its journal file with fsync, then
sends it to the four others; each receiver verifies the signature, appends with fsync,
and takes it; no engine, no checks beyond the signature. They take turns as the game's
actors do (the next author acts once it has taken the previous action), and log the same
way, so floor_p50_ms / floor_p99_ms are measured exactly as action_p50_ms, and
ratio_to_floor = action_p50_ms / floor_p50_ms (goal <= 1.5). A receiver that gets an action
before the one it follows keeps it until that one comes (as a node's inbox does), so a
quicker connection never stalls the floor. CPU per envelope: each process's own CPU time
(user + system, time.process_time, logged with each take) from the first action it took
to its last, over the envelopes it took in between (node_cpu_us_per_envelope,
floor_cpu_us_per_envelope: one per seat; a node's includes its bot choosing and the card
protocol's work during play, not the card setup before the first action).

The floor decides nothing, and a bot's choosing is not work a node must do (a person's
node waits for the person instead): node_bot_cpu_us_per_envelope is the part of a node's
CPU that its bot spent choosing (timed around each call), node_cpu_without_bot_* the
rest, and cpu_ratio_to_floor_without_bot = node_cpu_without_bot_us / floor_cpu_us is the
CPU figure to compare with the floor (cpu_ratio_to_floor keeps the bot in).

Runs: the machine's load drifts, and with five processes on a few cores the latency
follows it. So the game is played --runs times (default 3), each between two floor runs
(floor, game, floor, game, ..., floor; each floor run has half of --floor-actions), and
each game is compared with the two floor runs around it pooled. Every figure is then the
median over runs of that run's figure (the *_us figures a run's median over seats; the
per-seat lists each seat's median over runs), and per_run lists the main ones run by run.
ratio (to the raw Curve round trip) stays for comparison. Both sides check signatures
with protocol.keys.verify (libsodium first).

--profile DIR runs each node under cProfile counting its main thread's CPU time
(time.thread_time: the process's clock charged the bot's thread and zmq's I/O thread to
whatever the main thread was waiting in, a queue's get or a len()), from its first action
taken to its exit, and writes DIR/node-SEAT.prof for the first game
(DIR/run-R/node-SEAT.prof for game R; read them with pstats); the figures of that run
are inflated by the profiler.

--sample DIR samples each node's main thread instead (Linux): a POSIX timer on that
thread's own CPU clock interrupts it (the kernel checks such timers at its clock tick, so
about every 4 ms of its CPU), and the Python stack it is in is charged with the thread's
CPU time since the last sample, from its first action taken to the game's outcome (the
span its CPU per envelope is read over). The other threads and processes are not
charged to it, and a C call is charged to the Python function that made it. Some 60
samples a node a game: read several games together (--runs). It writes
DIR/node-SEAT.txt (collapsed stacks, "f1;f2;...;fn MICROSECONDS", the form flame graph
tools read) and DIR/node-SEAT.threads (CPU seconds of every thread over the span: the
main one, the bot's, zmq's I/O thread; the wall time; the envelopes taken). Sampling
costs little (a stack walk a sample), so that run's figures stand.

Usage: python bench/network.py [--json] [--rtt-only] [--runs 3] [--turns 6] [--rounds 2000]
                               [--floor-actions 300] [--profile DIR | --sample DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from pathlib import Path

# Run as a script from anywhere: the project root first (bench/engine.py would shadow
# the engine package otherwise).
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import zmq  # noqa: E402

from node.curve import CurveKeys  # noqa: E402
from protocol.journal import RECORD_ENVELOPE, parse_journal  # noqa: E402

PAYLOAD = 256  # about an action envelope


def _echo(curve: bool) -> None:
    """Echo process: bind a ROUTER on a free loopback port, print its endpoint and
    Curve public key (hex, or "-"), echo every message until stdin closes."""
    ctx = zmq.Context()
    router = ctx.socket(zmq.ROUTER)
    router.linger = 0
    keys = CurveKeys.generate() if curve else None
    if keys is not None:
        router.curve_server = True
        router.curve_secretkey = keys.secret
        router.curve_publickey = keys.public
    port = router.bind_to_random_port("tcp://127.0.0.1")
    print(f"tcp://127.0.0.1:{port} {keys.public.hex() if keys else '-'}", flush=True)
    poller = zmq.Poller()
    poller.register(router, zmq.POLLIN)
    poller.register(sys.stdin, zmq.POLLIN)
    while True:
        ready = dict(poller.poll())
        if router in ready:
            router.send_multipart(router.recv_multipart())
        if sys.stdin in ready:
            if not sys.stdin.readline():
                break
    ctx.destroy(linger=0)


def _floor_node() -> None:
    """One floor process (see the module comment): reads its setup as a JSON line on
    stdin, prints its endpoint, reads the peers' endpoints, runs, writes its timing file."""
    from node.transport import Mesh, Message, PeerBack
    from protocol.keys import SigningKey, verify

    setup = json.loads(sys.stdin.readline())
    n, seat, actions = setup["n"], setup["seat"], setup["actions"]
    key = SigningKey.from_seed(bytes.fromhex(setup["seed"]))
    publics = [bytes.fromhex(k) for k in setup["publics"]]
    curves = [bytes.fromhex(k) for k in setup["curves"]]
    mine = CurveKeys.from_seed(bytes.fromhex(setup["curve_seed"]))
    mesh = Mesh(publics[seat], curve=mine,
                allowed={publics[k]: curves[k] for k in range(n) if k != seat})
    print(mesh.endpoint, flush=True)
    endpoints = json.loads(sys.stdin.readline())
    for k in range(n):
        if k != seat:
            mesh.add_peer(publics[k], endpoints[k], curves[k])
    journal = os.open(setup["journal"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    log: list[str] = []
    heard: set[bytes] = set()
    taken = -1

    def append(raw: bytes) -> None:
        os.write(journal, len(raw).to_bytes(4, "big") + raw)
        os.fsync(journal)

    def take(raw: bytes, came: float) -> None:
        nonlocal taken
        append(raw)
        taken = int.from_bytes(raw[:8], "big")
        log.append(f"{raw[8]} {taken} {time.monotonic():.6f} {came:.6f} "
                   f"{time.process_time():.6f}")

    def author(k: int) -> None:
        nonlocal taken
        body = k.to_bytes(8, "big") + bytes([seat]) + bytes(PAYLOAD - 73)
        raw = body + key.sign(body)
        # As a node logs its own action: taken once sealed, then journaled, then sent.
        taken = k
        log.append(f"{seat} {k} {time.monotonic():.6f} 0.0 {time.process_time():.6f}")
        append(raw)
        mesh.broadcast([raw])

    early: dict[int, tuple[bytes, float]] = {}
    deadline = time.monotonic() + 180
    started = False
    while taken < actions - 1 and time.monotonic() < deadline:
        for ev in mesh.poll(20):
            if isinstance(ev, PeerBack):
                heard.add(ev.peer)
            if not isinstance(ev, Message) or len(ev.frames) != 1:
                continue
            came = time.monotonic()
            raw = ev.frames[0]
            if len(raw) < 73 or raw[8] >= n or not verify(publics[raw[8]], raw[-64:],
                                                          raw[:-64]):
                continue
            k = int.from_bytes(raw[:8], "big")
            if k <= taken:
                continue
            # One that comes before the one it follows (another sender's connection was
            # quicker) waits, as a node's inbox keeps it; otherwise the mesh would stall.
            early[k] = (raw, came)
            while taken + 1 in early:
                take(*early.pop(taken + 1))
                if (taken + 1) % n == seat and taken + 1 < actions:
                    author(taken + 1)
        if seat == 0 and not started and len(heard) == n - 1:
            started = True  # every peer's heartbeat has come: the mesh is up
            time.sleep(0.5)  # and the others have heard one another by now
            author(0)
    end = time.monotonic() + 1.0  # linger: the others may still need our last send
    while time.monotonic() < end:
        mesh.poll(100)
    mesh.close()
    os.close(journal)
    with open(setup["timing"], "w") as f:
        f.write("\n".join(log) + "\n")


def _profiled_node(out: str, argv: list[str]) -> int:
    """`cosmic node argv` under cProfile counting the main thread's CPU time, from the
    node's first action taken to the end of its run: about the span its CPU per envelope
    is read over (the end-of-game reveal and audit follow it), written to `out`."""
    import cProfile

    from cli.main import main as cosmic
    from node.runner import NodeRunner

    prof = cProfile.Profile(time.thread_time)
    took = NodeRunner._took

    def first_action(self: NodeRunner, env: object) -> None:
        took(self, env)
        if getattr(env, "kind", None) == "action" and not started:
            started.append(True)
            prof.enable()

    started: list[bool] = []
    NodeRunner._took = first_action  # type: ignore[method-assign]
    try:
        return cosmic(argv)
    finally:
        prof.disable()
        prof.dump_stats(out)


SAMPLE_PERIOD_S = 0.001  # asked for; the kernel's tick makes it coarser (see above)


def _thread_cpu() -> dict[str, float]:
    """CPU seconds (user + system) of each of this process's threads, by "name tid"."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            stat = Path(f"/proc/self/task/{tid}/stat").read_text()
            name = Path(f"/proc/self/task/{tid}/comm").read_text().strip()
        except OSError:
            continue  # ended meanwhile
        fields = stat[stat.rindex(")") + 2:].split()
        out[f"{name} {tid}"] = (int(fields[11]) + int(fields[12])) / tick
    return out


def _sampled_node(out: str, argv: list[str]) -> int:
    """`cosmic node argv` with its main thread sampled (see the module comment)."""
    import ctypes
    import signal
    import threading

    from cli.main import main as cosmic
    from node.runner import NodeRunner

    libc = ctypes.CDLL(None, use_errno=True)

    class SigEvent(ctypes.Structure):  # struct sigevent (Linux), SIGEV_THREAD_ID
        _fields_ = [("value", ctypes.c_void_p), ("signo", ctypes.c_int),
                    ("notify", ctypes.c_int), ("tid", ctypes.c_int),
                    ("pad", ctypes.c_int * 11)]

    class Spec(ctypes.Structure):  # struct itimerspec
        _fields_ = [("interval_s", ctypes.c_long), ("interval_ns", ctypes.c_long),
                    ("value_s", ctypes.c_long), ("value_ns", ctypes.c_long)]

    timer = ctypes.c_void_p()
    stacks: dict[str, float] = {}  # CPU seconds by stack
    span: dict[str, object] = {}
    last = [0.0]  # the main thread's CPU time at the last sample

    def arm(period_s: float) -> None:
        ns = int(period_s * 1e9)
        if libc.timer_settime(timer, 0, ctypes.byref(Spec(0, ns, 0, ns)), None) != 0:
            raise OSError(ctypes.get_errno(), "timer_settime")

    def sample(signum: int, frame: object) -> None:
        now = time.thread_time()  # (the handler runs in the main thread)
        spent, last[0] = now - last[0], now
        names = []
        f = frame
        while f is not None:
            code = f.f_code  # type: ignore[attr-defined]
            names.append(f"{code.co_name} ({Path(code.co_filename).name}:"
                         f"{code.co_firstlineno})")
            f = f.f_back  # type: ignore[attr-defined]
        key = ";".join(reversed(names))
        stacks[key] = stacks.get(key, 0.0) + spent

    took = NodeRunner._took

    def watch(self: NodeRunner, env: object) -> None:
        took(self, env)
        if not span and getattr(env, "kind", None) == "action":
            span.update(cpu=_thread_cpu(), wall=time.monotonic(), at=len(self.core.record))
            clock = time.pthread_getcpuclockid(threading.main_thread().ident or 0)
            event = SigEvent(None, signal.SIGPROF, 4, threading.get_native_id())
            if libc.timer_create(clock, ctypes.byref(event), ctypes.byref(timer)) != 0:
                raise OSError(ctypes.get_errno(), "timer_create")
            signal.signal(signal.SIGPROF, sample)
            last[0] = time.thread_time()
            arm(SAMPLE_PERIOD_S)
        elif span and "end" not in span and self.core.state.outcome:
            arm(0)
            span.update(end=_thread_cpu(), wall=time.monotonic() - float(str(span["wall"])),
                        envelopes=len(self.core.record) - int(str(span["at"])))

    NodeRunner._took = watch  # type: ignore[method-assign]
    try:
        return cosmic(argv)
    finally:
        if span and "end" not in span:
            arm(0)
        Path(out).write_text("".join(f"{k} {round(v * 1e6)}\n" for k, v in stacks.items()))
        if "end" in span:
            start, end = span["cpu"], span["end"]
            assert isinstance(start, dict) and isinstance(end, dict)
            Path(out).with_suffix(".threads").write_text(
                f"wall_s {float(str(span['wall'])):.3f} envelopes {span['envelopes']}\n"
                + "".join(f"{k} cpu_s {end[k] - start[k]:.3f}\n" for k in end if k in start))


def _cpu_span(timing: str, field: int = 4) -> float:
    """A process's CPU seconds (user + system, its own clock) from its first action taken
    to its last, read from its timing lines (the fifth field; a node's sixth is the part
    its controller, the bot, spent)."""
    cpu = [float(line.split()[field]) for line in timing.splitlines()
           if line and not line.startswith("maxrss_kb")]
    return cpu[-1] - cpu[0] if cpu else 0.0


def _latencies(timings: list[str], seats: int) -> dict[str, list[float]]:
    """From the timing files' lines (author seq taken came): per-action latencies and the
    transit and take parts at each receiver, in ms."""
    taken: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for text in timings:
        for line in text.splitlines():
            parts = line.split()
            if not parts or parts[0] == "maxrss_kb":
                continue
            taken.setdefault((int(parts[0]), int(parts[1])), []).append(
                (float(parts[2]), float(parts[3])))
    whole = [sorted(ts) for ts in taken.values() if len(ts) == seats]
    return {
        "lat": sorted((ts[-1][0] - ts[0][0]) * 1000 for ts in whole),
        "transit": sorted((came - ts[0][0]) * 1000 for ts in whole for _, came in ts[1:]
                          if came),
        "work": sorted((t - came) * 1000 for ts in whole for t, came in ts[1:] if came),
    }


def _envelopes_in_window(journal: bytes) -> int:
    """The envelopes a node took after its first action and up to its last: the span its
    CPU is read over. Keys, shuffles and the first deal come before the first action;
    dividing the span's CPU by them too would flatter the node."""
    from protocol.envelope import open_envelope
    from protocol.game import ACTION_KIND, GAME_KINDS

    contents = parse_journal(journal)
    kinds = [open_envelope(e.data, contents.genesis, GAME_KINDS, check_signature=False).kind
             for e in contents.entries if e.type == RECORD_ENVELOPE]
    actions = [i for i, k in enumerate(kinds) if k == ACTION_KIND]
    return actions[-1] - actions[0] if actions else 0


def floor_run(seats: int = 5, actions: int = 150
              ) -> tuple[dict[str, list[float]], list[tuple[float, int]]]:
    """One run of the floor: `seats` minimal processes on the Curve mesh (see the module
    comment). Its latencies (as _latencies gives them) and each process's CPU seconds
    over the span of the takes with the envelopes it took."""
    import secrets
    import tempfile

    from protocol.keys import SigningKey

    seeds = [secrets.token_bytes(32) for _ in range(seats)]
    publics = [SigningKey.from_seed(x).public.hex() for x in seeds]
    curve_seeds = [secrets.token_bytes(32) for _ in range(seats)]
    curves = [CurveKeys.from_seed(x).public.hex() for x in curve_seeds]
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        procs = [subprocess.Popen([sys.executable, __file__, "--floor-node"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  cwd=ROOT) for _ in range(seats)]
        cpu: list[float] = []
        try:
            endpoints = []
            for s, p in enumerate(procs):
                assert p.stdin is not None and p.stdout is not None
                p.stdin.write(json.dumps({
                    "n": seats, "seat": s, "actions": actions, "seed": seeds[s].hex(),
                    "publics": publics, "curves": curves, "curve_seed": curve_seeds[s].hex(),
                    "journal": str(d / f"floor-{s}.journal"),
                    "timing": str(d / f"floor-{s}.txt")}) + "\n")
                p.stdin.flush()
            for p in procs:
                assert p.stdout is not None
                endpoints.append(p.stdout.readline().strip())
            for p in procs:
                assert p.stdin is not None
                p.stdin.write(json.dumps(endpoints) + "\n")
                p.stdin.close()
            for p in procs:
                p.wait(timeout=300)
        finally:
            for p in procs:
                if p.returncode is None:
                    p.kill()
                    p.wait()
        timings = [(d / f"floor-{s}.txt").read_text() for s in range(seats)]
    # From the first take to the last, a process takes every envelope but the first.
    return _latencies(timings, seats), [(_cpu_span(t), len(t.splitlines()) - 1)
                                        for t in timings]


def floor_report(runs: list[tuple[dict[str, list[float]], list[tuple[float, int]]]]
                 ) -> dict[str, object]:
    """The floor's figures over its runs pooled (one before the game, one after: a machine
    whose load drifts during the run weighs on both sides of the ratios alike)."""
    parts = {k: sorted(x for r in runs for x in r[0][k]) for k in ("lat", "transit", "work")}
    lat = parts["lat"]
    seats = len(runs[0][1])
    per_env = [round(sum(r[1][s][0] for r in runs) / max(1, sum(r[1][s][1] for r in runs))
                     * 1e6) for s in range(seats)]
    return {
        "floor_actions": len(lat),
        "floor_p50_ms": round(statistics.median(lat), 3) if lat else None,
        "floor_p99_ms": round(_p(lat, 0.99), 3) if lat else None,
        "floor_transit_p50_ms": (round(statistics.median(parts["transit"]), 3)
                                 if parts["transit"] else None),
        "floor_take_p50_ms": (round(statistics.median(parts["work"]), 3)
                              if parts["work"] else None),
        "floor_cpu_us_per_envelope": per_env,
    }


def rtt_samples_ms(curve: bool = True, rounds: int = 2000, warmup: int = 200) -> list[float]:
    """Round-trip times in ms of `rounds` sequential DEALER/ROUTER echoes (after warmup)."""
    proc = subprocess.Popen(
        [sys.executable, __file__, "--echo", "curve" if curve else "plain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    ctx = zmq.Context()
    try:
        assert proc.stdout is not None
        endpoint, server_key = proc.stdout.readline().split()
        dealer = ctx.socket(zmq.DEALER)
        dealer.linger = 0
        if curve:
            mine = CurveKeys.generate()
            dealer.curve_secretkey = mine.secret
            dealer.curve_publickey = mine.public
            dealer.curve_serverkey = bytes.fromhex(server_key)
        dealer.connect(endpoint)
        payload = bytes(PAYLOAD)
        samples: list[float] = []
        for i in range(warmup + rounds):
            t0 = time.perf_counter()
            dealer.send(payload)
            dealer.recv()
            if i >= warmup:
                samples.append((time.perf_counter() - t0) * 1000)
        return samples
    finally:
        ctx.destroy(linger=0)
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _p(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def zmq_rtt_p50_ms(curve: bool = True, rounds: int = 2000, warmup: int = 200) -> float:
    """Median loopback DEALER/ROUTER round trip in ms (Curve on unless curve=False)."""
    return statistics.median(rtt_samples_ms(curve, rounds, warmup))


def rtt_report(rounds: int = 2000, warmup: int = 200) -> dict[str, float | int]:
    """The floor with Curve on and off, rounded to microseconds."""
    on = rtt_samples_ms(True, rounds, warmup)
    off = rtt_samples_ms(False, rounds, warmup)
    return {
        "zmq_rtt_p50_ms": round(statistics.median(on), 3),
        "zmq_rtt_p99_ms": round(_p(on, 0.99), 3),
        "zmq_rtt_p50_ms_plain": round(statistics.median(off), 3),
        "zmq_rtt_p99_ms_plain": round(_p(off, 0.99), 3),
        "rtt_rounds": rounds,
        "rtt_payload_bytes": PAYLOAD,
    }


def game_report(seats: int = 5, turns: int = 6, profile: Path | None = None,
                sample: bool = False) -> dict[str, object]:
    """Latency of actions through five real node processes (see the module comment)."""
    import tempfile
    from pathlib import Path

    from cli.cmd_demo import LOOPBACK_BROADCAST, free_udp_port, prepare

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        gpath, keys = prepare(seats, "bench-network", d, turns)
        port = free_udp_port()
        load = os.getloadavg()[0]  # the machine's load as the game starts (see per_run)
        t0 = time.monotonic()
        procs = [subprocess.Popen(
            [sys.executable]
            + ([__file__, "--sample-node" if sample else "--profile-node",
                str(profile / (f"node-{s}.txt" if sample else f"node-{s}.prof"))] if profile
               else ["-m", "cli.main"])
            + ["node", "--genesis", str(gpath), "--key",
             str(keys[s]), "--seat", str(s), "--journal", str(d / f"seat-{s}.journal"),
             "--bot-seed", "bench", "--discovery-port", str(port), "--discovery-target",
             LOOPBACK_BROADCAST, "--timing", str(d / f"t{s}.txt")]
            + (["--progress"] if s == 0 else []),
            stdout=subprocess.PIPE if s == 0 else subprocess.DEVNULL, text=True, cwd=ROOT)
            for s in range(seats)]
        first = None
        assert procs[0].stdout is not None
        for line in procs[0].stdout:
            if '"encounters": 1' in line:
                first = time.monotonic() - t0
                break
        # The rest of seat 0's progress is only drained (its pipe must not fill), a few
        # times a second in bulk: read line by line, this process woke for every state
        # of the game, on the same cores, just as the nodes take each action.
        fd = procs[0].stdout.fileno()
        os.set_blocking(fd, False)
        while procs[0].poll() is None:
            time.sleep(0.2)
            try:
                while os.read(fd, 1 << 16):
                    pass
            except BlockingIOError:
                pass
        procs[0].stdout.close()
        for p in procs:
            p.wait(timeout=300)
        rss = []
        timings = []
        envelopes = []
        for s in range(seats):
            text = (d / f"t{s}.txt").read_text()
            timings.append(text)
            rss += [round(int(line.split()[1]) / 1024, 1) for line in text.splitlines()
                    if line.startswith("maxrss_kb")]
            envelopes.append(_envelopes_in_window((d / f"seat-{s}.journal").read_bytes()))
    # Where the time goes, per receiving node: from the author's take to the envelope's
    # arrival there (sockets and scheduling), and from arrival to its take (checks,
    # fsync, engine).
    parts = _latencies(timings, seats)
    lat, transit, work = parts["lat"], parts["transit"], parts["work"]
    cpu = [_cpu_span(t) for t in timings]
    bot = [_cpu_span(t, 5) for t in timings]
    return {
        "seats": seats, "actions": len(lat),
        "node_cpu_us_per_envelope": [round(c / max(1, e) * 1e6) for c, e in zip(cpu, envelopes)],
        "node_bot_cpu_us_per_envelope": [round(b / max(1, e) * 1e6)
                                         for b, e in zip(bot, envelopes)],
        "envelopes": envelopes,
        "action_p50_ms": round(statistics.median(lat), 3) if lat else None,
        "action_p99_ms": round(_p(lat, 0.99), 3) if lat else None,
        "transit_p50_ms": round(statistics.median(transit), 3) if transit else None,
        "take_p50_ms": round(statistics.median(work), 3) if work else None,
        "first_encounter_s": round(first, 2) if first is not None else None,
        "peak_rss_mb": rss,
        "load_avg_1m": round(load, 2),
    }


# Figures of one game and its two floor runs (one number each), summarised over runs by
# their median; the per-seat lists are each seat's median over runs.
_RUN_FIGURES = (
    "ratio_to_floor", "action_p50_ms", "floor_p50_ms", "action_p99_ms", "floor_p99_ms",
    "transit_p50_ms", "take_p50_ms", "floor_transit_p50_ms", "floor_take_p50_ms",
    "node_cpu_us", "node_bot_cpu_us", "node_cpu_without_bot_us", "floor_cpu_us",
    "cpu_ratio_to_floor", "cpu_ratio_to_floor_without_bot", "first_encounter_s",
)
_SEAT_FIGURES = (
    "node_cpu_us_per_envelope", "node_bot_cpu_us_per_envelope",
    "node_cpu_without_bot_us_per_envelope", "floor_cpu_us_per_envelope", "envelopes",
)
# Shown run by run too (how much they swing with the load).
_PER_RUN = ("ratio_to_floor", "cpu_ratio_to_floor_without_bot", "node_cpu_without_bot_us",
            "node_bot_cpu_us", "floor_cpu_us", "action_p50_ms", "floor_p50_ms", "load_avg_1m")


def paired_report(game: dict[str, object],
                  floors: list[tuple[dict[str, list[float]], list[tuple[float, int]]]]
                  ) -> dict[str, object]:
    """One game's figures against the floor runs just before and after it (pooled)."""
    out: dict[str, object] = {**game, **floor_report(floors)}
    p50, floor = out.get("action_p50_ms"), out.get("floor_p50_ms")
    if isinstance(p50, float) and isinstance(floor, float) and floor > 0:
        out["ratio_to_floor"] = round(p50 / floor, 2)
    node = game["node_cpu_us_per_envelope"]
    bot = game["node_bot_cpu_us_per_envelope"]
    floor_cpu = out["floor_cpu_us_per_envelope"]
    assert isinstance(node, list) and isinstance(bot, list) and isinstance(floor_cpu, list)
    # The bot's choosing is not what a node must do (the floor decides nothing): shown
    # apart, and taken out of the node's figure it is compared by.
    out["node_cpu_without_bot_us_per_envelope"] = [n - b for n, b in zip(node, bot)]
    out["node_cpu_us"] = statistics.median(node)
    out["node_bot_cpu_us"] = statistics.median(bot)
    out["node_cpu_without_bot_us"] = statistics.median(n - b for n, b in zip(node, bot))
    out["floor_cpu_us"] = statistics.median(floor_cpu)
    if out["floor_cpu_us"]:
        out["cpu_ratio_to_floor"] = round(out["node_cpu_us"] / out["floor_cpu_us"], 2)
        out["cpu_ratio_to_floor_without_bot"] = round(
            out["node_cpu_without_bot_us"] / out["floor_cpu_us"], 2)
    return out


def summary(runs: list[dict[str, object]], rtt_ms: float) -> dict[str, object]:
    """The medians over runs (see _RUN_FIGURES), and some figures run by run."""
    def med(values: list[object]) -> float | None:
        xs = [float(v) for v in values if isinstance(v, (int, float))]
        return round(statistics.median(xs), 3) if xs else None

    out: dict[str, object] = {"runs": len(runs), "seats": runs[0]["seats"],
                              "actions": sum(int(str(r["actions"])) for r in runs)}
    for key in _RUN_FIGURES:
        out[key] = med([r.get(key) for r in runs])
    for key in _SEAT_FIGURES:
        lists = [r[key] for r in runs if isinstance(r.get(key), list)]
        out[key] = [round(statistics.median(seat)) for seat in zip(*lists)]
    rss = [r["peak_rss_mb"] for r in runs if isinstance(r.get("peak_rss_mb"), list)]
    out["peak_rss_mb"] = [max(seat) for seat in zip(*rss)]
    out["per_run"] = {key: [r.get(key) for r in runs] for key in _PER_RUN}
    p50 = out["action_p50_ms"]
    if isinstance(p50, float) and rtt_ms > 0:
        out["ratio"] = round(p50 / rtt_ms, 2)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--json", action="store_true", help="one JSON line (the default output)")
    ap.add_argument("--rtt-only", action="store_true", help="only the bare zmq round trip")
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--turns", type=int, default=6, help="turns of the measured game")
    ap.add_argument("--floor-actions", type=int, default=300,
                    help="actions of the floor's five minimal processes")
    ap.add_argument("--runs", type=int, default=3,
                    help="games played (each between two floor runs); figures are "
                         "medians over them")
    ap.add_argument("--profile", type=Path, metavar="DIR",
                    help="run each node under cProfile, writing DIR/node-SEAT.prof "
                         "(its figures are then inflated by the profiler)")
    ap.add_argument("--sample", type=Path, metavar="DIR",
                    help="sample each node's main thread by its CPU time, writing "
                         "DIR/node-SEAT.txt and .threads (see above)")
    ap.add_argument("--echo", choices=("curve", "plain"), help=argparse.SUPPRESS)
    ap.add_argument("--floor-node", action="store_true", help=argparse.SUPPRESS)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--profile-node"]:  # --profile-node OUT, then `cosmic`'s arguments
        sys.exit(_profiled_node(argv[1], argv[2:]))
    if argv[:1] == ["--sample-node"]:  # --sample-node OUT, then `cosmic`'s arguments
        sys.exit(_sampled_node(argv[1], argv[2:]))
    args = ap.parse_args(argv)
    if args.profile is not None and args.sample is not None:
        ap.error("--profile or --sample, not both")
    if args.echo:
        _echo(args.echo == "curve")
        return
    if args.floor_node:
        _floor_node()
        return
    report: dict[str, object] = dict(rtt_report(args.rounds, args.warmup))
    if not args.rtt_only:
        # floor, game, floor, game, ..., floor: each game is paired with the floor runs
        # just before and just after it.
        half = args.floor_actions // 2
        floors = [floor_run(5, half)]
        runs = []
        for r in range(args.runs):
            profile = None
            where = args.profile if args.profile is not None else args.sample
            if where is not None:
                profile = where if r == 0 else where / f"run-{r + 1}"
                profile.mkdir(parents=True, exist_ok=True)
            game = game_report(5, args.turns, profile, sample=args.sample is not None)
            floors.append(floor_run(5, args.floor_actions - half))
            runs.append(paired_report(game, floors[-2:]))
        report.update(summary(runs, float(report["zmq_rtt_p50_ms"])))
        report["floor_actions"] = sum(len(f[0]["lat"]) for f in floors)
    print(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
