"""A refused lie is kept as evidence: an honest node writes every envelope it refused
for a proven fault (its author's signature holds) into its journal, once, as an evidence
record at the place it refused it; `cosmic verify` judges each on its own and names the
seat that signed it, or says it proves nothing against anyone. Real signatures, the real
card protocol, real journal bytes (tests/_evidence_games.py plays the cores)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from _journal_games import short_game
from _evidence_games import (
    CHEAT, HONEST, LIES, Table, key, lying_game, named, play, raw_signed, resign, table,
)
from cli.cmd_verify import evidence_text, result_data
from node.core import EVIDENCE_BYTES, EVIDENCE_KEEP, NodeCore, secret_seed_for
from node.runner import NodeOptions, NodeRunner
from node.verify import VerifyResult, verify_journal
from protocol.envelope import Envelope, open_envelope, seal
from protocol.game import GAME_KINDS
from protocol.journal import encode_evidence, encode_header, encode_record, parse_journal


@pytest.fixture(scope="module")
def lied() -> Table:
    return lying_game()


@pytest.fixture(scope="module")
def quiet() -> Table:
    """A game without lies (seat 1 chats once)."""
    t = table()
    t.cores[CHEAT].say("hi")
    play(t, [])
    return t



def _verified_with(t: Table, envelopes: list[bytes], before: list[list[bytes]]) -> VerifyResult:
    """The game's journal with evidence records `before[i]` ahead of envelope i (and
    `before[len(envelopes)]` after the last), verified serially; it must be complete."""
    data = encode_header(t.genesis) + b"".join(
        b"".join(map(encode_evidence, before[i])) + (encode_record(envelopes[i])
                                                     if i < len(envelopes) else b"")
        for i in range(len(envelopes) + 1))
    result = verify_journal(data, parallel=False)
    assert result.complete
    return result

def test_each_refused_lie_is_kept_once_and_verify_names_its_signer(lied: Table) -> None:
    for s in HONEST:
        core = lied.cores[s]
        assert core.done and not core.halted
        journal = parse_journal(lied.journal(s))
        assert journal.records == core.record  # the game is the envelope records alone
        kept = [e.data for e in journal.evidence]
        assert sorted(kept) == sorted(raw for _, raw in lied.lies)  # each once
        result = verify_journal(lied.journal(s), parallel=False)
        assert result.complete and result.error is None
        assert result.verdict is not None and len(result.verdict.evidence) == len(LIES)
        assert Counter(f.check for f in result.evidence) == Counter(n for n, _, _ in LIES)
        for f, entry in zip(result.evidence, journal.evidence):
            assert f.record == entry.index and f.author == CHEAT and f.proven
            lie = open_envelope(entry.data, lied.genesis, GAME_KINDS, check_signature=False) \
                if f.check != "schema" else None
            if lie is not None:
                assert f.seq == lie.seq
        data = result_data(result)
        assert data["ok"] and data["exit"] == 0
        illegal = next(e for e in data["evidence"] if e["check"] == "illegal")
        assert illegal["proven"] and illegal["author"] == CHEAT
        assert illegal["text"].startswith(f"record {illegal['record']}: seat 1 p1 (")
        assert f"signed an illegal move at its seq {illegal['seq']}: " in illegal["text"]
        assert illegal["text"].endswith("; kept as evidence")


def test_a_tampered_evidence_record_proves_nothing_against_anyone(lied: Table) -> None:
    """One bit flipped in each evidence record (its signature, or a byte it covers):
    the journal still verifies, and no record names a seat."""
    for flip in (lambda b: b[:-1] + bytes([b[-1] ^ 1]), lambda b: b[:60] + bytes([b[60] ^ 4])
                 + b[61:]):
        result = verify_journal(lied.journal(0, change=flip), parallel=False)
        assert result.complete
        assert len(result.evidence) == len(LIES)
        for f in result.evidence:
            assert not f.proven and f.author is None, f
            words = evidence_text(f, lied.genesis)
            assert "proves nothing against anyone" in words
            assert "seat 1 p1" not in words and "kept as evidence" not in words
        assert not any(e["proven"] for e in result_data(result)["evidence"])


def test_a_lie_moved_from_its_place_proves_nothing_or_proves_a_fork(lied: Table) -> None:
    """The illegal move's bytes put first in the journal prove nothing (not its author's
    next envelope there); put after the true envelope of its seq, they prove what they
    are: a second signed version of it."""
    lie = named(lied, "illegal")
    envelopes = [raw for t, raw in lied.written[0] if t == "e"]
    truth = next(i for i, raw in enumerate(envelopes) if _place(lied, raw) == _place(lied, lie))
    g = lied.genesis
    early = encode_header(g) + encode_evidence(lie) + b"".join(map(encode_record, envelopes))
    (f,) = verify_journal(early, parallel=False).evidence
    assert not f.proven and f.check == "seq-gap"
    late = (encode_header(g) + b"".join(map(encode_record, envelopes[:truth + 1]))
            + encode_evidence(lie) + b"".join(map(encode_record, envelopes[truth + 1:])))
    result = verify_journal(late, parallel=False)
    assert result.complete
    (f,) = result.evidence
    assert f.proven and f.author == CHEAT and f.check == "equivocation"


def _place(t: Table, raw: bytes) -> tuple[int, int]:
    env = open_envelope(raw, t.genesis, GAME_KINDS)
    return env.author, env.seq


def test_no_honest_envelope_kept_as_evidence_anywhere_names_its_author(quiet: Table) -> None:
    """Every envelope of a game without lies, put as evidence at every place from just
    after its author's previous envelope to just after itself: none names anyone (legal
    there, not due, a view the game does not hold there, or the game's own)."""
    t = quiet
    envelopes = [raw for kind, raw in t.written[0] if kind == "e"]
    before: list[list[bytes]] = [[] for _ in range(len(envelopes) + 1)]
    previous: dict[int, int] = {}
    for q, raw in enumerate(envelopes):
        author = open_envelope(raw, t.genesis, GAME_KINDS).author
        for p in range(previous.get(author, -1) + 1, q + 2):
            before[p].append(raw)
        previous[author] = q
    result = _verified_with(t, envelopes, before)
    checks = Counter(f.check for f in result.evidence)
    assert len(result.evidence) == sum(map(len, before)) > 3 * len(envelopes)
    assert not [f for f in result.evidence if f.proven], checks
    assert checks["legal"] >= len(envelopes) - 1  # each at its own place (but the chat)


def test_a_flood_of_lies_is_kept_up_to_the_cap_per_seat() -> None:
    """Seat 1 floods seat 0 with distinct signed lies (each a chat no seat may sign), each
    offered twice, and forged ones: seat 0 keeps EVIDENCE_KEEP of them, once each, and no
    forgery; lies large enough to reach EVIDENCE_BYTES first stop there."""
    t = table()
    honest, cheat = t.cores[0], t.cores[CHEAT]
    cheat.say("hello")
    (truth,) = cheat.outbox()
    env = open_envelope(truth, t.genesis, GAME_KINDS)
    lies = [raw_signed(cheat, env, "chat", [-1, f"\x1b[2J lie {i}"]) for i in range(40)]
    for raw in lies + lies:
        honest.offer(raw)
        forged = raw[:-1] + bytes([raw[-1] ^ 1])
        honest.offer(forged)
    assert honest.kept == lies[:EVIDENCE_KEEP]
    assert honest.evidence_over[CHEAT] == 40 - EVIDENCE_KEEP
    assert [raw for kind, raw in t.written[0] if kind == "x"] == honest.kept
    journal = encode_header(t.genesis) + b"".join(encode_evidence(r) for r in honest.kept)
    found = verify_journal(journal, parallel=False).evidence
    assert len(found) == EVIDENCE_KEEP and all(f.author == CHEAT for f in found)

    t = table()
    honest, cheat = t.cores[0], t.cores[CHEAT]
    big = [raw_signed(cheat, env, "chat", [-1, f"{i}" + "x" * 200_000]) for i in range(10)]
    for raw in big:
        honest.offer(raw)
    assert 0 < len(honest.kept) < 10
    assert sum(map(len, honest.kept)) <= EVIDENCE_BYTES
    assert honest.evidence_over[CHEAT] == 10 - len(honest.kept)


def test_a_node_resumes_on_a_journal_with_evidence_and_still_refuses_the_lies(
        lied: Table, tmp_path: Path) -> None:
    """A node restarted on seat 0's journal (what `cosmic resume` runs) restores the game
    and its evidence, writes nothing again, and still refuses every lie offered again:
    none is taken or kept twice; a signed lie beside the true envelope of its seq is
    proof of equivocation, as it is to a node that never stopped
    (test_integrity_inside: a lie and its truth halt every honest node)."""
    path = tmp_path / "seat-0.journal"
    data = lied.journal(0)
    path.write_bytes(data)
    runner = NodeRunner(lied.genesis, 0, key(0), path,
                        NodeOptions(hello_bind=None, linger_s=0.0))
    try:
        core = runner.core
        assert core.record == lied.cores[0].record and core.done and not core.halted
        assert sorted(core.kept) == sorted(raw for _, raw in lied.lies)
        assert path.read_bytes() == data  # nothing written again
        for _, raw in lied.lies:
            core.offer(raw)
        core.pump()
        assert core.record == lied.cores[0].record
        assert sorted(core.kept) == sorted(raw for _, raw in lied.lies)
        assert core.halted and {b.author for b in core.blames} == {CHEAT}
    finally:
        runner.close()
    after = parse_journal(path.read_bytes())
    assert [e.data for e in after.evidence] == [e.data for e in parse_journal(data).evidence]
    result = verify_journal(path, parallel=False)
    assert result.error is not None and result.error.check == "equivocation"
    assert getattr(result.error, "author", None) == CHEAT
    assert len(result.evidence) == len(LIES) and all(f.author == CHEAT for f in result.evidence)


def test_an_action_with_an_older_view_put_before_its_turn_proves_nothing(quiet: Table) -> None:
    """Seat 1's true actions, each signed again with the view of its previous envelope (a
    stale view proves nothing: nodes take it when it is due) and put as evidence just
    after that envelope, before the game waits for seat 1: not due there, so nothing is
    proven, though the move is not legal there; at its own place it is legal."""
    t = quiet
    envelopes = [raw for kind, raw in t.written[0] if kind == "e"]
    opened = [open_envelope(raw, t.genesis, GAME_KINDS) for raw in envelopes]
    before: list[list[bytes]] = [[] for _ in range(len(envelopes) + 1)]
    last = None
    for q, env in enumerate(opened):
        if env.author != CHEAT:
            continue
        if last is not None and env.kind == "action" and opened[last].view != env.view:
            _, stale = seal(t.genesis, key(CHEAT), CHEAT, env.seq, env.prev, env.state_hash,
                            env.kind, env.body, kinds=GAME_KINDS, view=opened[last].view)
            before[last + 1].append(stale)
            before[q].append(stale)
        last = q
    result = _verified_with(t, envelopes, before)
    checks = Counter(f.check for f in result.evidence)
    assert not [f for f in result.evidence if f.proven], checks
    assert checks["not-due"] >= 1 and checks["legal"] >= 1, checks


def test_card_messages_with_a_flipped_bit_are_kept_and_proven_as_the_node_found() -> None:
    """Seat 1 sends card messages with one bit flipped in a proof, a point, a ciphertext
    or a nonce (tests/test_integrity_inside.py's attack), when every honest node can
    judge them: each honest node keeps each, and verify proves each against seat 1 with
    the check the node found."""
    import random

    from test_integrity_inside import UNCHECKABLE, _fits, _flip_one
    rng = random.Random(7)
    t = table(turns=2)

    def lie(core: NodeCore, env: Envelope) -> bytes | None:
        due = all(t.cores[s].cards.waiting_for() == CHEAT
                  and t.cores[s].ledger.last_seq(CHEAT) == env.seq - 1 for s in HONEST)
        body = _flip_one(env.body, rng) if due else None
        if body is None:
            return None
        return (resign(core, env, env.kind, body) if _fits(core, env, body)
                else raw_signed(core, env, env.kind, body))
    kinds = [k for k in GAME_KINDS.names() if k.startswith("cards.") and k not in UNCHECKABLE]
    play(t, [("flip", k, lie) for _ in range(3) for k in kinds])
    assert len(t.lies) >= 6, len(t.lies)
    for s in HONEST:
        core = t.cores[s]
        assert core.done and sorted(core.kept) == sorted(raw for _, raw in t.lies)
        result = verify_journal(t.journal(s), parallel=False)
        assert result.complete
        assert all(f.author == CHEAT for f in result.evidence), result.evidence
        assert Counter(f.check for f in result.evidence) == Counter(
            b.check for b in core.blames), (result.evidence, core.blames)


def test_evidence_in_a_local_game_is_judged_and_said_to_prove_nothing_of_a_player() -> None:
    """A local game's keys come from its public seed: a signed illegal move kept there is
    judged like any other, and verify adds that it proves nothing of a player. Evidence
    after a record that fails is not reported (it stood on a game that does not hold),
    even when the failure is found after it was judged (signatures checked in parallel)."""
    rec = short_game()
    k = next(i for i in range(len(rec.raws) // 2, len(rec.raws))
             if rec.envelopes[i].kind == "action" and rec.envelopes[i].author >= 0)

    def illegal(fields: list[object]) -> None:
        body = fields[8]
        assert isinstance(body, list) and isinstance(body[0], list)
        fields[8] = [["endturn", body[0][1]], b""]
    lie = rec.resign(k, illegal)
    framed = [encode_record(r) for r in rec.raws]
    journal = encode_header(rec.genesis) + b"".join(framed[:k]) + encode_evidence(lie) \
        + b"".join(framed[k:])
    result = verify_journal(journal, parallel=False)
    assert result.error is None
    (f,) = result.evidence
    assert f.proven and f.author == rec.envelopes[k].author and f.check == "illegal"
    assert evidence_text(f, rec.genesis).endswith(
        "kept as evidence (a local game: its keys are public, so it proves nothing of a player)")
    forged = encode_record(rec.raws[k - 1][:-1] + bytes([rec.raws[k - 1][-1] ^ 1]))
    broken = encode_header(rec.genesis) + b"".join(framed[:k - 1]) + forged \
        + encode_evidence(lie) + b"".join(framed[k:])
    for parallel in (False, True):  # (in parallel the bad signature is met after it)
        result = verify_journal(broken, parallel=parallel)
        assert result.error is not None and result.error.check == "signature"
        assert not result.evidence


def test_a_node_restarted_mid_game_on_its_evidence_plays_on_to_a_journal_that_verifies(
        ) -> None:
    """Seat 0's node stops once every lie is told, mid-game, and starts again from its
    journal as a runner does (evidence read back, envelopes taken again, nothing
    written twice); the lies come again; the game goes on to its end and seat 0's
    journal verifies, each lie kept once and named."""
    t = table(turns=2)
    t.cores[CHEAT].say("hello")
    play(t, LIES, until=lambda: len(t.lies) == len(LIES))
    assert len(t.lies) == len(LIES) and not t.cores[0].state.outcome
    old = t.cores[0]
    kept = [raw for kind, raw in t.written[0] if kind == "x"]
    records = [raw for kind, raw in t.written[0] if kind == "e"]
    assert records == old.record and sorted(kept) == sorted(raw for _, raw in t.lies)
    again = len(records)

    def append(raw: bytes) -> None:  # the runner's: what restore takes again is there
        nonlocal again
        if again:
            again -= 1
            return
        t.written[0].append(("e", raw))
    core = NodeCore(t.genesis, 0, key(0), secret_seed=secret_seed_for(key(0), t.genesis),
                    append=append, keep=lambda raw: t.written[0].append(("x", raw)))
    core.remember_evidence(kept)
    core.restore(records)
    assert core.record == records and again == 0 and not core.halted
    t.cores[0] = core
    for name, raw in t.lies:
        if name == "schema":  # refused for good, as before the restart
            core.offer(raw)
    core.pump()
    assert core.record == records and sorted(core.kept) == sorted(kept)
    play(t, [])
    assert core.done and not core.halted
    result = verify_journal(t.journal(0), parallel=False)
    assert result.complete
    assert sorted(f.check for f in result.evidence) == sorted(n for n, _, _ in LIES)
    assert all(f.author == CHEAT for f in result.evidence)
