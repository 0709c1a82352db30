"""A cheater inside the table: seat 1 holds its real key and is in the genesis, but runs
modified code. Its envelopes are signed and chained like an honest seat's; what it signs
is not what the rules or the card protocol allow. Cores pass envelopes in memory with
real signatures and the real card protocol (tests/test_node_core.py's way), so each
attack is cheap; tests/test_integrity_flood.py and _fork.py do the same with processes.

For every attack: each honest core names seat 1 and never an honest seat, takes nothing
of the attack (its record and state are what an honest game gives), keeps going, and its
journal verifies (or, for a game the cheater stalls, verifies as far as it goes, naming
no one falsely)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import cosmic as engine
from bots import HeuristicBot
from node.core import CHAT_BURST, WINDOW, NodeCore
from node.verify import verify_journal
from protocol import canonical
from engine.cosmic.actions import ACTION_KINDS
from protocol.errors import RemoteProtocolError
from protocol.envelope import ENVELOPE_VERSION, Envelope, open_envelope, seal
from protocol.game import GAME_KINDS, action_body, make_genesis, verify_journal_bytes
from protocol.journal import journal_bytes
from protocol.keys import SigningKey

CHEAT = 1
HONEST = (0, 2)
# What the cheater does with each envelope its honest core makes: the envelopes to send
# in its place, in order (the envelope itself to stay honest; [] to withhold it).
Tamper = Callable[[NodeCore, Envelope], list[bytes]]


def _table(turns: int = 1, salt: bytes = b"\x07" * 32,
           ) -> tuple[list[NodeCore], list[list[bytes]]]:
    keys = [SigningKey.from_seed(bytes([i + 1]) * 32) for i in range(3)]
    g = make_genesis(engine.Config(3, max_turns=turns), [(f"p{i}", k.public)
                                                         for i, k in enumerate(keys)],
                     mode="network", salt=salt)
    written: list[list[bytes]] = [[], [], []]
    cores = [NodeCore(g, i, keys[i], secret_seed=bytes([i + 9]) * 32,
                      append=written[i].append) for i in range(3)]
    return cores, written


def _play(cores: list[NodeCore], tamper: Tamper, limit: int = 3000,
          between: Callable[[], None] = lambda: None) -> None:
    """Play until every honest core is done or nothing moves any more (a stall);
    `between` runs at every round."""
    bots = [HeuristicBot(bytes([i])) for i in range(3)]
    g = cores[0].genesis
    quiet = 0
    for _ in range(limit):
        if all(cores[s].done for s in HONEST):
            return
        moved = False
        for i, c in enumerate(cores):
            moved |= c.pump()
            if c.my_turn():
                c.act(bots[i].choose(c.state, i, c.knowledge))
                moved = True
        for i, c in enumerate(cores):
            for raw in c.outbox():
                moved = True
                mail = [raw]
                if i == CHEAT:
                    mail = tamper(c, open_envelope(raw, g, GAME_KINDS))
                for m in mail:
                    own = _author(m, g)
                    for j, d in enumerate(cores):
                        if j != i and not (j == CHEAT == own):  # it ignores its own
                            d.offer(m)
                            d.pump()  # each lie is judged before the truth comes
        sizes = [len(c.record) for c in cores]
        between()
        moved |= sizes != [len(c.record) for c in cores]
        quiet = 0 if moved else quiet + 1
        if quiet > 3:
            return
    raise AssertionError("the game neither ended nor stalled")


def _author(raw: bytes, g: Any) -> int | None:
    try:
        return open_envelope(raw, g, GAME_KINDS, check_signature=False).author
    except RemoteProtocolError:
        return None  # a body no one takes


def _resign(core: NodeCore, env: Envelope, kind: str, body: canonical.Value) -> bytes:
    """Another body at env's place in the cheater's chain, signed with its real key."""
    _, raw = seal(core.genesis, core.key, env.author, env.seq, env.prev, env.state_hash,
                  kind, body, kinds=GAME_KINDS, view=env.view)
    return raw


def _named_only_the_cheater(cores: list[NodeCore], check: str) -> None:
    for s in HONEST:
        blames = cores[s].blames
        assert any(b.author == CHEAT and b.check == check for b in blames), (s, blames)
        assert not [b for b in blames if b.author in HONEST], (s, blames)


def _finished_clean(cores: list[NodeCore], written: list[list[bytes]]) -> None:
    """Each honest core finished and audited the game; its journal holds what it took
    (nothing refused) and verifies; both hold the same envelopes."""
    g = cores[0].genesis
    for s in HONEST:
        assert cores[s].done and not cores[s].halted, s
        assert written[s] == cores[s].record
        verdict = verify_journal_bytes(journal_bytes(g, written[s]))
        assert verdict.audited and verdict.awaited is None
    assert set(written[0]) == set(written[2])


def _once(kind: str, lie: Callable[[NodeCore, Envelope], bytes | None]) -> Tamper:
    """A tamper that sends a lie at the place of the cheater's first envelope of `kind`
    (when `lie` gives one), then the true envelope."""
    done: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        if done or env.kind != kind:
            return [env.raw]
        bad = lie(core, env)
        if bad is None:
            return [env.raw]
        done.append(bad)
        return [bad, env.raw]
    tamper.done = done  # type: ignore[attr-defined]
    return tamper


def _flip_last(b: bytes) -> bytes:
    return b[:-1] + bytes([b[-1] ^ 1])


def test_a_card_share_with_a_bad_proof_is_refused_and_the_true_one_taken() -> None:
    cores, written = _table()

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        op, shares, proof = env.body
        return _resign(core, env, env.kind, [op, shares, _flip_last(proof)])
    tamper = _once("cards.shares", lie)
    _play(cores, tamper)
    assert tamper.done  # type: ignore[attr-defined]
    _named_only_the_cheater(cores, "share-proof")
    _finished_clean(cores, written)


def _raw(core: NodeCore, env: Envelope, kind: str, body: canonical.Value) -> bytes:
    """Like _resign, but signed as is: seal() would refuse such a body (so would a peer)."""
    g = core.genesis
    signed = canonical.encode([ENVELOPE_VERSION, g.game_id, env.author, g.seats[env.author].key,
                               env.seq, env.prev, env.state_hash, kind, body,
                               env.view.encode()])
    return signed + core.key.sign(signed)


def _action_lie(make: Callable[[NodeCore, Envelope], bytes | None]) -> Tamper:
    return _once("action", make)


def test_an_illegal_action_with_a_valid_signature_changes_nothing() -> None:
    cores, written = _table()

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        if core.state.turns < 1:
            return None
        wrong = ACTION_KINDS["endturn"](CHEAT)  # not what the game waits for
        return _resign(core, env, "action", action_body(wrong))
    tamper = _action_lie(lie)
    _play(cores, tamper)
    assert tamper.done  # type: ignore[attr-defined]
    _named_only_the_cheater(cores, "illegal")
    _finished_clean(cores, written)


def test_an_action_signed_for_another_seats_turn_is_refused() -> None:
    """The cheater signs, at its own turn, an action in the name of the seat after it
    (the envelope's author is the cheater; the action's seat another)."""
    cores, written = _table()

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        data = list(env.body[0])
        data[1] = (CHEAT + 1) % 3  # [kind, seat, ...]
        return _raw(core, env, "action", [data, env.body[1]])
    tamper = _action_lie(lie)
    _play(cores, tamper)
    assert tamper.done  # type: ignore[attr-defined]
    _named_only_the_cheater(cores, "schema")
    _finished_clean(cores, written)


def test_a_chat_with_terminal_escapes_is_refused_before_anyone_reads_it() -> None:
    cores, written = _table()
    cores[CHEAT].say("hello")

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        return _raw(core, env, "chat", [-1, "\x1b]0;owned\x07\x1b[2J\rfake: gg\u202e"])
    tamper = _once("chat", lie)
    _play(cores, tamper)
    assert tamper.done  # type: ignore[attr-defined]
    _named_only_the_cheater(cores, "schema")
    for s in HONEST:
        heard = [e for e in cores[s].events if e[0] == "chat"]
        assert heard == [("chat", CHEAT, -1, "hello")], heard
    _finished_clean(cores, written)


def test_a_reveal_that_does_not_open_its_commitment_is_refused() -> None:
    cores, written = _table()

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        op, faces, shares, proof, facedown = env.body
        if facedown is None:
            return None
        handle, nonce = facedown
        return _resign(core, env, env.kind, [op, faces, shares, proof,
                                             [handle, _flip_last(nonce)]])
    tamper = _once("cards.open", lie)
    _play(cores, tamper)
    assert tamper.done  # type: ignore[attr-defined]
    _named_only_the_cheater(cores, "commitment")
    _finished_clean(cores, written)


def test_shares_of_another_card_are_refused() -> None:
    """The cheater answers a draw with the (valid, proven) shares it gave for an earlier
    one, signed at its new place."""
    cores, written = _table()
    earlier: list[Envelope] = []

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        old = next((e for e in earlier if len(e.body[1]) == len(env.body[1])
                    and e.body[1] != env.body[1]), None)
        earlier.append(env)
        if old is None:
            return None
        return _resign(core, env, env.kind, [env.body[0], old.body[1], old.body[2]])
    done: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        if done or env.kind != "cards.shares":
            return [env.raw]
        bad = lie(core, env)
        if bad is None:
            return [env.raw]
        done.append(bad)
        return [bad, env.raw]
    _play(cores, tamper)
    assert done
    _named_only_the_cheater(cores, "share-proof")
    _finished_clean(cores, written)


def test_envelopes_of_another_game_and_old_seqs_name_no_one_and_change_nothing() -> None:
    """The cheater replays its own envelopes of an earlier game (same keys, same seats)
    and, throughout, its own earlier envelopes of this game: nothing is taken from them,
    nobody is named (anyone could replay them), the game goes on."""
    old, _ = _table(salt=b"\x08" * 32)
    _play(old, lambda core, env: [env.raw])
    assert old[0].done
    replays = [r for r in old[CHEAT].record
               if open_envelope(r, old[0].genesis, GAME_KINDS).author == CHEAT]
    cores, written = _table()
    sent: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        mail = [replays[len(sent) % len(replays)], *sent[-3:], env.raw]
        sent.append(env.raw)
        return mail
    _play(cores, tamper)
    for s in HONEST:
        assert not [b for b in cores[s].blames if b.author is not None], cores[s].blames
        assert any(b.check == "game-id" for b in cores[s].blames), cores[s].blames
    _finished_clean(cores, written)


def _stalled_on_the_cheater(cores: list[NodeCore], written: list[list[bytes]]) -> None:
    """Every honest core waits for the cheater (the game says whom), blames no one, and
    its journal verifies as far as it goes."""
    g = cores[0].genesis
    for s in HONEST:
        c = cores[s]
        assert not c.done and not c.halted
        p = c.pending()
        awaited = c.cards.waiting_for() if not c.cards.cards.idle else (
            p.seats[0] if p.chance is None and p.seats else None)
        assert awaited == CHEAT, (s, awaited, c.cards.waiting_for(), p)
        assert not [b for b in c.blames if b.author is not None], (s, c.blames)
        assert written[s] == c.record
        # `cosmic verify` of the journal: a game in progress, stopped on the cheater
        result = verify_journal(journal_bytes(g, written[s]), parallel=False)
        assert result.error is None and result.incomplete, (result.error, result.incomplete)
        assert result.awaited == CHEAT, result.awaited


def test_a_seat_that_withholds_its_card_shares_is_the_one_awaited() -> None:
    cores, written = _table()
    withheld: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        if withheld or (env.kind == "cards.shares" and core.state.turns >= 1):
            withheld.append(env.raw)  # this one, and all that chain after it
            return []
        return [env.raw]
    _play(cores, tamper)
    assert withheld
    _stalled_on_the_cheater(cores, written)


def test_a_false_view_makes_its_author_the_one_awaited() -> None:
    """The cheater's chat names envelopes of seat 0 that do not exist (a view the others
    cannot check): it waits for ever, the cheater's chain with it, nobody is named."""
    cores, written = _table()
    cores[CHEAT].say("look at this")

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        seqs = list(env.view.seqs)
        seqs[0] += 10_000
        view = type(env.view)(tuple(seqs), bytes(32))
        _, raw = seal(core.genesis, core.key, env.author, env.seq, env.prev,
                      env.state_hash, env.kind, env.body, kinds=GAME_KINDS, view=view)
        return raw
    sent: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        if sent or env.kind == "chat":  # the lie in place of the chat; the rest after it
            sent.append(env.raw)
            return [lie(core, env)] if len(sent) == 1 else [env.raw]
        return [env.raw]
    _play(cores, tamper)
    assert sent
    _stalled_on_the_cheater(cores, written)


def test_a_flood_of_valid_chat_is_taken_at_the_budgets_pace() -> None:
    """The cheater sends 300 valid, signed chats at once mid-game. Each honest core (with
    the chat budget its runner gives it) takes at most CHAT_BURST of them at once, keeps
    at most a window of the rest, and takes more only as time passes or the game moves;
    the game still ends, every chat in both honest records, and both journals verify."""
    cores, written = _table()
    for c in cores:
        c.limit_chat()
    flooded: list[bool] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        if not flooded and core.state.turns >= 1 and env.kind == "action":
            flooded.append(True)
            for i in range(300):
                core.say(f"spam {i} " + "x" * 400)
            flood = core.outbox()
            for s in HONEST:
                cores[s].offer(env.raw)
                cores[s].pump()
                before = len(cores[s].record)
                for raw in flood:
                    cores[s].offer(raw)
                cores[s].pump()
                taken = len(cores[s].record) - before
                assert 0 < taken <= CHAT_BURST, (s, taken)
                waiting = [k for k in cores[s]._inbox if k[0] == CHEAT]
                assert len(waiting) <= WINDOW
            return []  # delivered
        return [env.raw]

    def catch_up() -> None:  # as the runner does: time passes, peers send what we lack
        for s in HONEST:
            cores[s].chat_time(0.5)
            for raw in cores[CHEAT].missing_for(cores[s].have())[:200]:
                cores[s].offer(raw)
    _play(cores, tamper, between=catch_up)
    assert flooded
    for s in HONEST:
        spam = [e for e in cores[s].events if e[0] == "chat" and e[1] == CHEAT]
        assert len(spam) == 300
    _finished_clean(cores, written)


def test_a_stale_view_is_taken_or_refused_alike_by_nodes_and_the_verifier() -> None:
    """The cheater signs an action with a view it bound earlier (true then, stale now:
    it had taken more since). Whatever the nodes do with it, the verifier of their
    journals agrees: a journal an honest node wrote never fails on an envelope it took,
    and no honest seat is named."""
    cores, written = _table()
    cheat = cores[CHEAT]
    real_view = cheat.ledger.view
    seen: list[Any] = []
    used: list[Any] = []

    def stale_view(author: int) -> Any:
        now = real_view(author)
        if not used and cheat.state.turns >= 1 and cheat.my_turn():
            old = next((v for v in seen if v.seqs != now.seqs and any(v.seqs)), None)
            if old is not None:
                used.append((old, now))
                return old
        seen.append(now)
        return now
    cheat.ledger.view = stale_view  # type: ignore[method-assign]
    _play(cores, lambda core, env: [env.raw])
    assert used
    for s in HONEST:
        assert not [b for b in cores[s].blames if b.author in HONEST], cores[s].blames
        assert cores[s].done  # taken: a stale view proves nothing checkable
        verify_journal_bytes(journal_bytes(cores[0].genesis, written[s]))


def test_a_lie_and_its_truth_halt_every_honest_node_whatever_each_saw_first() -> None:
    """The cheater sends an illegal action and then the true one at the same seq. Seat 0
    judges the lie before the truth comes (refused: illegal, the truth taken); seat 2
    gets both in one batch (two signed versions of one waiting envelope: equivocation).
    Seat 2 sends both versions to every peer; seat 0, which had refused the lie, must
    take them as the proof they are: both honest nodes end halted, naming the cheater,
    neither waiting on the other. (Seat 0 refused the lie for good: without this, it
    ignored it when it came back as proof, went on, and waited for seat 2 for ever.)"""
    cores, written = _table()
    x, y = cores[0], cores[2]
    sent: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        if sent or env.kind != "action" or core.state.turns < 1:
            return [env.raw]
        lie = _resign(core, env, "action", action_body(ACTION_KINDS["endturn"](CHEAT)))
        sent.append(lie)
        x.offer(lie)
        x.pump()
        x.offer(env.raw)
        x.pump()
        y.offer(lie)
        y.offer(env.raw)
        y.pump()
        return []
    _play(cores, tamper)
    assert sent
    assert any(b.check == "illegal" and b.author == CHEAT for b in x.blames), x.blames
    for c in (x, y):
        assert c.halted, (c.seat, c.blames)
        assert any(b.author == CHEAT and b.check == "equivocation" for b in c.blames)
        assert not [b for b in c.blames if b.author in HONEST], c.blames
        (ev,) = c.evidence
        assert ev.author == CHEAT
        result = verify_journal(journal_bytes(c.genesis, written[c.seat]), parallel=False)
        if c.ledger.get(CHEAT, ev.seq) is not None:  # took one: the other follows it
            assert result.error is not None and result.error.check == "equivocation"
            assert getattr(result.error, "author", None) == CHEAT
        else:  # took neither: a game that stops on the cheater
            assert result.error is None and result.awaited == CHEAT, result
    assert x.ledger.get(CHEAT, ev.seq) is not None  # the case this test is about


def test_a_seat_that_withholds_its_key_share_at_the_end_is_the_one_awaited() -> None:
    """The game is over, but the cheater never publishes its key share, so no one can
    audit its hidden claims: every honest node waits for it, and the journal says the
    audit is missing and whose share it waits for. The refusal is itself the evidence."""
    cores, written = _table()
    withheld: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        if withheld or env.kind == "cards.secret":
            withheld.append(env.raw)
            return []
        return [env.raw]
    _play(cores, tamper)
    assert withheld
    g = cores[0].genesis
    for s in HONEST:
        c = cores[s]
        assert c.state.outcome and not c.done and c.cards.waiting_for() == CHEAT
        assert not c.blames, c.blames
        result = verify_journal(journal_bytes(g, written[s]), parallel=False)
        assert result.error is None and "audit is missing" in (result.incomplete or "")
        assert result.awaited == CHEAT


def test_an_engine_failure_on_a_signed_action_names_its_author_not_our_crash() -> None:
    """Should the engine ever fail (raise anything but IllegalAction) on an action a seat
    signed, an honest node judges it as the verifier does: illegal, named on its author,
    nothing taken; it does not crash. (The engine has no such bug we know of, so one is
    planted for the lie alone, on the honest nodes.)"""
    cores, written = _table()
    planted = ACTION_KINDS["endturn"](CHEAT)

    class Planted:  # the game's rules (a shared module: not patched), but for one action
        def __init__(self, rules: Any) -> None:
            self.rules = rules

        def __getattr__(self, name: str) -> Any:
            return getattr(self.rules, name)

        def apply(self, state: Any, action: Any) -> Any:
            if action == planted:
                raise KeyError("a planted engine bug")
            return self.rules.apply(state, action)
    for s in HONEST:
        cores[s].rules = Planted(cores[s].rules)  # type: ignore[assignment]

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        if core.state.turns < 1:
            return None
        return _resign(core, env, "action", action_body(planted))
    tamper = _action_lie(lie)
    _play(cores, tamper)
    assert tamper.done  # type: ignore[attr-defined]
    _named_only_the_cheater(cores, "illegal")
    assert all(any("engine failed" in b.message for b in cores[s].blames) for s in HONEST)
    _finished_clean(cores, written)


def _flip_one(body: Any, rng: Any) -> Any:
    """body with one bit flipped in one of its byte strings (None if it holds none)."""
    paths: list[tuple[int, ...]] = []

    def walk(v: Any, at: tuple[int, ...]) -> None:
        if isinstance(v, bytes) and v:
            paths.append(at)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, at + (i,))
    walk(body, ())
    if not paths:
        return None
    at = paths[rng.randrange(len(paths))]

    def rebuild(v: Any, rest: tuple[int, ...]) -> Any:
        if not rest:
            b = bytearray(v)
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            return bytes(b)
        return [rebuild(x, rest[1:]) if i == rest[0] else x for i, x in enumerate(v)]
    return rebuild(body, at)


# Commitments: any 32 bytes are one (taken; opened later, where a lie is caught).
UNCHECKABLE = ("cards.key-commit", "cards.beacon-commit", "cards.facedown")


def test_card_messages_with_a_flipped_bit_are_refused_and_named_never_a_crash() -> None:
    """Before each of its first card messages the cheater sends a version with one bit
    flipped in a proof, a point, a ciphertext or a nonce, signed, at a time every honest
    node can judge it: each names the cheater, never crashes, never names an honest seat,
    and takes the true message after it."""
    import random
    rng = random.Random(7)
    cores, written = _table(turns=2)
    lies: list[bytes] = []

    def tamper(core: NodeCore, env: Envelope) -> list[bytes]:
        due = all(cores[s].cards.waiting_for() == CHEAT
                  and cores[s].ledger.last_seq(CHEAT) == env.seq - 1 for s in HONEST)
        if (not env.kind.startswith("cards.") or env.kind in UNCHECKABLE or len(lies) >= 30
                or not due):
            return [env.raw]  # (a lie that must wait, then its truth: equivocation)
        body = _flip_one(env.body, rng)
        if body is None:
            return [env.raw]
        lies.append(_resign(core, env, env.kind, body) if _fits(core, env, body)
                    else _raw(core, env, env.kind, body))
        return [lies[-1], env.raw]
    _play(cores, tamper)
    assert len(lies) >= 8, len(lies)  # every kind of card message judged, some twice
    for s in HONEST:
        c = cores[s]
        assert c.blames and all(b.author == CHEAT for b in c.blames), c.blames
    _finished_clean(cores, written)


def _fits(core: NodeCore, env: Envelope, body: Any) -> bool:
    try:
        _resign(core, env, env.kind, body)
        return True
    except Exception:
        return False
