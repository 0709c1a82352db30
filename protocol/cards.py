# The card protocol, one seat's side: mental poker after Barnett & Smart ("Mental Poker
# Revisited", 2003), with no dealer. Sans-IO: envelopes in, message bodies out.
#
# How it works (docs/security.md says why it is safe):
# - Every seat registers an ElGamal key share X_i = x_i G (commit first, then publish with
#   a Schnorr proof bound to the game and seat); the deck is encrypted under Y = sum X_i.
# - A deck starts as the public trivial encryption of its faces; every seat in turn
#   permutes and re-masks it with a Terelius-Wikstrom proof that every node checks
#   before the next seat goes on. Output i becomes the engine's handle i.
# - A handle's current ciphertext collects published decryption shares x_i c1, each batch
#   with a Chaum-Pedersen proof. A card in a seat's hand always has the shares of every
#   other seat and never its holder's: a private draw is "everyone but the holder
#   publishes", a public reveal of a held card is "the holder publishes the last one".
# - A card that changes hands is re-masked by its new holder (with proof) first, so the
#   old shares open nothing; a random take is a proven shuffle of the holder's hand,
#   then the taker picks positions, then the others re-publish their shares for the
#   cards the holder keeps.
#
# Invariants: those of CardRecord (protocol/cards_record.py): operations one at a time in
# a fixed message order, every check before any change, blame on the signed author.
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from protocol import canonical
from protocol.cards_record import (
    Body, CardRecord, Facedown, Operation, ShowRecord, current_verdicts, handle_bytes, reblame,
)
from protocol.cards_wire import (
    BEACON_COMMIT, BEACON_REVEAL, FACEDOWN, KEY, KEY_COMMIT, OPEN, PICK, REMASK, SECRET,
    SHARES, SHOW, SHUFFLE, BoxError, blame, box_key, context, open_box, seal_box,
    x25519_private, x25519_public,
)
from protocol.commit import Beacon, beacon_contribution, check_reveal, make_commitment
from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.crypto.proofs import (
    DleqProof, KeyProof, ProofError, check_key_share, prove_key_share, prove_remask,
    verify_key_share, verify_remask,
)
from protocol.crypto.shuffle import (
    ShuffleProof, random_permutation, shuffle_digest, shuffle_with, verify_shuffle,
    verify_shuffle_raw,
)
from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError

__all__ = ["CardSeat", "Operation", "Facedown", "NO_CARD"]

# The handle a face-down commitment names when the seat has nothing to hide (a game whose
# rules let a seat show no card when it holds none: the map game's force card). Its
# opening shows no face; the game records a claim the end-of-game audit checks.
NO_CARD = -1

_KEY_PURPOSE = "cards.key"


class CardSeat(CardRecord):
    """One seat's side of the card protocol of one game (sans-IO): begin_* an operation
    on every node, then pass its messages (waiting_for / produce / receive)."""

    # --- keys -----------------------------------------------------------------------------

    def begin_keys(self) -> Operation:
        """Key registration: every seat commits to its key share, then publishes it."""
        return self._begin("keys", [self._each(KEY_COMMIT), self._each(KEY)])

    def _make_keys(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        payload = g.base_mul(self._x) + x25519_public(self._xkey)
        if kind == KEY_COMMIT:
            digest, nonce = make_commitment(self.game_id, self.seat, _KEY_PURPOSE, payload, rng)
            op.data["nonce"] = nonce
            return [op.number, digest]
        proof = prove_key_share(self._x, self._ctx(op, self.seat, "key"), rng)
        return [op.number, op.data["nonce"], payload[:32], payload[32:], proof.to_bytes()]

    def _take_keys(self, op: Operation, env: Envelope, own: bool) -> None:
        commits: dict[int, bytes] = op.data.setdefault("commits", {})
        if env.kind == KEY_COMMIT:
            commits[env.author] = env.body[1]
            return
        _, nonce, key, xpub, proof = env.body
        if not own:
            reblame(env, lambda: check_reveal(self.game_id, env.author, _KEY_PURPOSE,
                                               commits[env.author], nonce, key + xpub))
            point = self._points(env, key, 1, False)[0]
            try:
                verify_key_share(point, KeyProof.from_bytes(proof),
                                 self._ctx(op, env.author, "key"))
            except ProofError as e:
                raise blame("key-proof", e.reason, env) from None
            try:
                box_key(self._xkey, xpub, self.game_id, 0, env.author, self.seat)
            except BoxError as e:
                raise blame("point", f"X25519 key: {e}", env) from None
        self.keys[env.author] = g.Point(key)
        self.xkeys[env.author] = xpub

    def _end_keys(self, op: Operation) -> None:
        self.joint = eg.joint_key([k for k in self.keys if k is not None])

    # --- shuffles of a deck ---------------------------------------------------------------

    def begin_shuffle(self, handles: Sequence[int], faces: Sequence[int],
                      carry: Sequence[int] = ()) -> Operation:
        """A new deck: the public faces plus the carried hidden cards, shuffled by every
        seat in turn; output i becomes handles[i]."""
        if len(handles) != len(faces) + len(carry):
            raise LocalProtocolError("schema", "one handle per card of the new deck")
        if self.joint is None:
            raise LocalProtocolError("too-early", "the keys are not registered yet")
        deck = eg.open_deck(self.joint, faces) + [self.cts[h] for h in carry]
        return self._begin("shuffle", [[(s, SHUFFLE)] for s in range(self.n)] if handles else [],
                           handles=tuple(handles), deck=deck)

    def _make_shuffle(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        assert self.joint is not None
        perm = random_permutation(len(op.data["deck"]), rng)
        out, proof = shuffle_with(self.joint, op.data["deck"], perm,
                                  self._ctx(op, self.seat, op.name), rng)
        op.data["perm"] = perm
        return [op.number, eg.encode_ciphertexts(out), proof.to_bytes()]

    def _take_shuffle(self, op: Operation, env: Envelope, own: bool) -> None:
        deck: list[eg.Ciphertext] = op.data["deck"]
        if own:
            op.data["deck"] = self._ciphertexts(env, env.body[1], len(deck), True)
        else:
            op.data["deck"] = self._checked_shuffle(op, env, deck)

    def _checked_shuffle(self, op: Operation, env: Envelope,
                         deck: list[eg.Ciphertext]) -> list[eg.Ciphertext]:
        """A peer's shuffle of deck, checked: its outputs. Taken as checked when the
        verdicts in force (proof_verdicts) hold this very check (the same digest of key,
        input, output, proof and context); else checked with each point validated once,
        by the proof's multiplications (verify_shuffle_raw); only if that fails, checked
        the slow way, which raises the error it always has: "point" for a point that is
        none (outputs first, then the proof's), "shuffle-proof" for the rest."""
        assert self.joint is not None
        ctx = self._ctx(op, env.author, op.name)
        data, raw = env.body[1], env.body[2]
        verdicts = current_verdicts()
        if (verdicts is not None and type(data) is bytes and type(raw) is bytes
                and len(data) == 64 * len(deck)
                and verdicts.shuffle_verified(shuffle_digest(self.joint, deck, data, raw, ctx))):
            return self._ciphertexts(env, data, len(deck), True)
        try:
            return verify_shuffle_raw(self.joint, deck, data, raw, ctx)
        except ProofError:
            pass
        out = self._ciphertexts(env, data, len(deck), False)
        try:
            proof = ShuffleProof.from_bytes(raw, size=len(deck))
        except ProofError as e:
            check = "point" if isinstance(e.__cause__, g.GroupError) else "shuffle-proof"
            raise blame(check, e.reason, env) from None
        try:
            verify_shuffle(self.joint, deck, out, proof, ctx)
        except ProofError as e:
            raise blame("shuffle-proof", e.reason, env) from None
        return out

    def _end_shuffle(self, op: Operation) -> None:
        for h, ct in zip(op.data["handles"], op.data["deck"]):
            self._set_ct(h, ct)

    # --- private draw: open cards to one seat ---------------------------------------------

    def begin_deliver(self, seat: int, handles: Sequence[int]) -> Operation:
        """Open these cards to `seat` only: it re-masks any card that was opened to someone
        before, then every other seat publishes its shares; the seat adds its own."""
        hs = [h for h in dict.fromkeys(handles) if h not in self.opened]
        remask = any(self.shares[h] for h in hs)
        phases = ([[(seat, REMASK)]] if remask else []) + ([self._each(SHARES, seat)] if hs else [])
        return self._begin("deliver", phases, seat=seat, handles=hs, all=tuple(handles))

    def _make_deliver(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        hs = op.data["handles"]
        if kind == SHARES:
            return self._make_shares(op, hs, rng)
        assert self.joint is not None
        outs, proofs = [], []
        for h in hs:
            r = g.random_scalar(rng)
            out = eg.remask(self.joint, self.cts[h], r)
            outs.append(out)
            proofs.append(prove_remask(self.joint, self.cts[h], out, r,
                                       self._ctx(op, self.seat, "remask"), rng).to_bytes())
        return [op.number, eg.encode_ciphertexts(outs), proofs]

    def _take_deliver(self, op: Operation, env: Envelope, own: bool) -> None:
        hs = op.data["handles"]
        if env.kind == SHARES:
            self._record_shares(env.author, hs, self._check_shares(op, env, hs, env.body[1],
                                                                   env.body[2], own))
            return
        outs = self._ciphertexts(env, env.body[1], len(hs), own)
        if not own:
            assert self.joint is not None
            ctx = self._ctx(op, env.author, "remask")
            for h, out, raw in zip(hs, outs, env.body[2]):
                try:
                    verify_remask(self.joint, self.cts[h], out, DleqProof.from_bytes(raw), ctx)
                except ProofError as e:
                    raise blame("remask-proof", f"card {h}: {e.reason}", env) from None
        for h, out in zip(hs, outs):
            self._set_ct(h, out)

    def _end_deliver(self, op: Operation) -> None:
        if op.data["seat"] != self.seat:
            return
        for h in op.data["all"]:
            if h in self.opened:  # public already: nothing to open, but now ours to know
                self.known[h] = self.opened[h]
        for h in op.data["handles"]:
            face = self._open_with(h, [eg.decryption_share(self._x, self.cts[h])])
            if face is None:  # every share and shuffle verified: only a local fault is left
                raise LocalProtocolError("face", f"card {h} opens to no known face")
            self.known[h] = face

    # --- public reveal --------------------------------------------------------------------

    def begin_reveal(self, handles: Sequence[int]) -> Operation:
        """Make these faces public: each seat publishes the shares it has not yet
        published (all of them for a deck card, the holder's for a held one)."""
        hs = [h for h in dict.fromkeys(handles) if h not in self.opened]
        owed = {s: [h for h in hs if s not in self.shares[h]] for s in range(self.n)}
        return self._begin("reveal", [[(s, SHARES) for s in range(self.n) if owed[s]]],
                           handles=tuple(handles), owed=owed)

    def _make_reveal(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        return self._make_shares(op, op.data["owed"][self.seat], rng)

    def _take_reveal(self, op: Operation, env: Envelope, own: bool) -> None:
        hs = op.data["owed"][env.author]
        self._record_shares(env.author, hs, self._check_shares(op, env, hs, env.body[1],
                                                               env.body[2], own))

    def _end_reveal(self, op: Operation) -> None:
        for h in op.data["handles"]:
            if h not in self.opened:
                face = self._open_with(h)
                if face is None:
                    raise LocalProtocolError("face", f"card {h} opens to no known face")
                self.opened[h] = face
        op.result = tuple((h, self.opened[h]) for h in op.data["handles"])

    # --- a random take from a hand --------------------------------------------------------

    def begin_hand_shuffle(self, holder: int, old: Sequence[int], new: Sequence[int],
                           taker: int | None, take: int) -> Operation:
        """The holder shuffles its hand with a proof; the taker then picks `take`
        positions, which become new[:take] (the rest, in order, new[take:]); every seat
        but the holder re-publishes its shares for the cards the holder keeps."""
        if len(old) != len(new) or not 0 <= take <= len(old) or (taker is None and take):
            raise LocalProtocolError("schema", "a hand shuffle maps each old handle to a new one")
        phases: list[list[tuple[int, str]]] = [[(holder, SHUFFLE)]] if old else []
        if taker is not None and old:
            phases.append([(taker, PICK)])
        if len(old) > take:
            phases.append(self._each(SHARES, holder))
        return self._begin("hand", phases, holder=holder, old=tuple(old), new=tuple(new),
                           taker=taker, take=take, deck=[self.cts[h] for h in old])

    def _make_hand(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        if kind == SHUFFLE:
            return self._make_shuffle(op, kind, rng)
        if kind == PICK:
            positions = sorted(random_permutation(len(op.data["old"]), rng)[: op.data["take"]])
            return [op.number, positions]
        return self._make_shares(op, op.data["new"][op.data["take"]:], rng)

    def _take_hand(self, op: Operation, env: Envelope, own: bool) -> None:
        new, take = op.data["new"], op.data["take"]
        if env.kind == SHUFFLE:
            self._take_shuffle(op, env, own)
            if op.data["taker"] is None:
                self._assign_hand(op, [])
        elif env.kind == PICK:
            positions = env.body[1]
            if len(positions) != take or any(p >= len(new) for p in positions):
                raise blame("pick", f"expected {take} distinct positions below {len(new)}", env)
            self._assign_hand(op, positions)
        else:
            kept = new[take:]
            self._record_shares(env.author, kept, self._check_shares(op, env, kept, env.body[1],
                                                                     env.body[2], own))

    def _assign_hand(self, op: Operation, positions: Sequence[int]) -> None:
        rest = [i for i in range(len(op.data["new"])) if i not in set(positions)]
        order = list(positions) + rest
        out, old = op.data["deck"], op.data["old"]
        for h, i in zip(op.data["new"], order):
            self._set_ct(h, out[i])
            if op.data["holder"] == self.seat:  # we shuffled: out[i] is old[perm[i]]
                was = old[op.data["perm"][i]]  # a card of ours, or one face up (returned)
                face = self.known.get(was, self.opened.get(was))
                if face is not None:
                    self.known[h] = face

    # --- a seat opens its own cards (a play, a reveal, a shown hand) ----------------------

    def begin_open(self, author: int, cards: Sequence[tuple[int, int]] = (),
                   facedown: int | None = None) -> Operation:
        """A seat makes cards of its hand public with the last share (and opens its
        face-down commitment for `facedown`). Others begin it with no arguments when the
        message arrives; the message says which cards."""
        return self._begin("open", [[(author, OPEN)]], facedown=facedown,
                           cards=[(h, f) for h, f in cards if h not in self.opened])

    def _make_open(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        cards = op.data["cards"]
        body: Body = [op.number, [list(c) for c in cards], b"", None, None]
        if cards:
            body[2:4] = self._make_shares(op, [h for h, _ in cards], rng)[1:]
        fd = op.data["facedown"]
        if fd is not None:
            mine = [(o, hn) for o, hn in self._mine.items() if hn[0] == fd]
            if not mine:
                raise LocalProtocolError("commitment", f"card {fd} was not put face down")
            body[4] = [fd, mine[-1][1][1]]
        return body

    def _recall_open(self, op: Operation, env: Envelope) -> None:
        """The cards our recorded open names, and the face-down card it reveals."""
        op.data["cards"] = [(h, f) for h, f in env.body[1]]
        op.data["facedown"] = None if env.body[4] is None else env.body[4][0]

    def _take_open(self, op: Operation, env: Envelope, own: bool) -> None:
        _, cards, data, proof, fd = env.body
        hs = [h for h, _ in cards]
        for h in hs:
            if h not in self.cts or h in self.opened or set(self.shares[h]) != (
                    set(range(self.n)) - {env.author}):
                raise blame("face", f"card {h} is not a hidden card of seat {env.author}", env)
        shares = self._check_shares(op, env, hs, data, proof or b"", own) if hs else []
        faces = {}
        for (h, claimed), share in zip(cards, shares):
            face = self._open_with(h, [share])
            if face != claimed:
                raise blame("face", f"card {h} is not card {claimed}", env)
            faces[h] = face
        pending = None
        if fd is not None:
            pending = self._check_facedown(env, fd[0], fd[1])
        self._record_shares(env.author, hs, shares)
        self.opened.update(faces)
        if pending is not None:
            pending.handle = fd[0]
        op.result = tuple(faces.items())
        op.data["revealed"] = None if fd is None else fd[0]

    def _check_facedown(self, env: Envelope, handle: int, nonce: bytes) -> Facedown:
        """The author's open face-down commitment that (handle, nonce) opens."""
        mine = [f for f in self.facedowns if f.seat == env.author and f.handle is None]
        if not mine:
            raise blame("commitment", "no face-down card to reveal", env)
        f = mine[-1]
        reblame(env, lambda: check_reveal(self.game_id, env.author, f"cards.facedown/{f.op}",
                                           f.digest, nonce, handle_bytes(handle)))
        if handle not in f.hand and handle != NO_CARD:
            raise blame("commitment", f"card {handle} was not in the hand", env)
        return f

    # --- face-down cards: commit to the handle --------------------------------------------

    def begin_facedown(self, author: int, hand: Sequence[int],
                       handle: int | None = None) -> Operation:
        """A seat commits to the handle it puts face down (ours: `handle`)."""
        return self._begin("facedown", [[(author, FACEDOWN)]], hand=tuple(hand), handle=handle)

    def _make_facedown(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        handle = op.data["handle"]
        if handle not in op.data["hand"] and handle != NO_CARD:
            raise LocalProtocolError("commitment", f"card {handle} is not in our hand")
        digest, nonce = self._facedown_commitment(op, handle, rng)
        self._mine[op.number] = (handle, nonce)
        return [op.number, digest]

    def _facedown_commitment(self, op: Operation, handle: int,
                             rng: g.Rng) -> tuple[bytes, bytes]:
        """(digest, nonce) of our commitment to `handle`; a derived nonce is bound to the
        handle, so two commitments of one operation never share a nonce."""
        return make_commitment(self.game_id, self.seat, f"cards.facedown/{op.number}",
                               handle_bytes(handle), rng.derive(handle_bytes(handle)))

    def _recall_facedown(self, op: Operation, env: Envelope) -> None:
        """The handle our recorded commitment binds: the card of the hand whose derived
        commitment it is. Raises LocalProtocolError if none."""
        for h in (*op.data["hand"], NO_CARD):
            if self._facedown_commitment(op, h, self._rng(op, op.pos))[0] == env.body[1]:
                op.data["handle"] = h
                return
        raise LocalProtocolError("secret-seed", "our face-down commitment binds no card "
                                 "of the hand")

    def own_facedown(self) -> int | None:
        """The handle of our face-down card not yet revealed (committed to in the record),
        or None."""
        for f in reversed(self.facedowns):
            if f.seat == self.seat and f.handle is None and f.op in self._mine:
                return self._mine[f.op][0]
        return None

    def _take_facedown(self, op: Operation, env: Envelope, own: bool) -> None:
        self.facedowns.append(Facedown(env.author, op.number, env.body[1], op.data["hand"]))

    # --- showing cards to one seat only ---------------------------------------------------

    def begin_show(self, author: int, to: int, handles: Sequence[int]) -> Operation:
        """A seat shows cards of its hand to one other seat: its shares, in a box only
        that seat can open (and everyone, once key shares are published at the end)."""
        return self.begin_show_many(to, [(author, handles)])

    def begin_show_many(self, to: int,
                        parts: Sequence[tuple[int, Sequence[int]]]) -> Operation:
        """Several seats show cards of their hands to one other seat `to` in one
        operation (parts: (holder, handles)): each holder sends its own box, in seat
        order. A holder with no cards sends nothing; with none at all, it is done at once."""
        by: dict[int, tuple[int, ...]] = {}
        for author, hs in parts:
            if not 0 <= author < self.n or author == to or not 0 <= to < self.n:
                raise LocalProtocolError("schema", f"seat {author} cannot show cards to {to}")
            by[author] = tuple(dict.fromkeys(by.get(author, ()) + tuple(hs)))
        by = {a: hs for a, hs in sorted(by.items()) if hs}
        return self._begin("show", [[(a, SHOW) for a in by]] if by else [], to=to, parts=by)

    def _show_aad(self, op_number: int, author: int, to: int, handles: Sequence[int]) -> bytes:
        return (context(self.game_id, op_number, author, "show")
                + canonical.encode([to, list(handles)]))

    def _make_show(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        to, hs = op.data["to"], op.data["parts"][self.seat]
        _, shares, proof = self._make_shares(op, hs, rng)
        peer = self.xkeys[to]
        assert peer is not None
        key = box_key(self._xkey, peer, self.game_id, op.number, self.seat, to, hs)
        box = seal_box(key, self._show_aad(op.number, self.seat, to, hs), shares + proof)
        return [op.number, to, list(hs), box]

    def _take_show(self, op: Operation, env: Envelope, own: bool) -> None:
        _, to, hs, box = env.body
        if (to, tuple(hs)) != (op.data["to"], op.data["parts"][env.author]):
            raise blame("schema", "not the cards and seat this show was for", env)
        for h in hs:
            if h not in self.cts or set(self.shares[h]) != set(range(self.n)) - {env.author}:
                raise blame("face", f"card {h} is not a hidden card of seat {env.author}", env)
        show = ShowRecord(env, [self.cts[h] for h in hs],
                          [list(self.shares[h].values()) for h in hs])
        if to == self.seat and not own:
            self.known.update(zip(hs, self._open_show(show, self._xkey, env.author)))
        self.shows.append(show)

    def _open_show(self, show: ShowRecord, own_key: Any, other: int) -> list[int]:
        """Open a show box with one end's X25519 key (the recipient's, or the sender's
        after the game) and check the shares inside: the faces. Raises RemoteProtocolError."""
        env = show.env
        number, to, hs, box = env.body
        peer = self.xkeys[other]
        assert peer is not None
        try:
            key = box_key(own_key, peer, self.game_id, number, env.author, to, hs)
            plain = open_box(key, self._show_aad(number, env.author, to, hs), box)
        except BoxError as e:
            raise blame("box", str(e), env) from None
        shares = self._verify_shares(number, env, show.cts, plain[:-64], plain[-64:], False)
        out = []
        for ct, public, s in zip(show.cts, show.public, shares):
            face = self._lookup.get(eg.unmask(ct, public + [s]))
            if face is None:
                raise blame("share-proof", "a card shown opens to no card", env)
            out.append(face)
        return out

    # --- the public random beacon ---------------------------------------------------------

    def begin_beacon(self) -> Operation:
        """A public random value: every seat commits to 32 random bytes, then reveals."""
        beacon = Beacon(self.game_id, range(self.n), f"cards.beacon/{self.op + 1}")
        return self._begin("beacon", [self._each(BEACON_COMMIT), self._each(BEACON_REVEAL)],
                           beacon=beacon)

    def _make_beacon(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        if kind == BEACON_COMMIT:
            value, nonce, digest = beacon_contribution(self.game_id, self.seat,
                                                       op.data["beacon"].purpose, rng)
            op.data["mine"] = (value, nonce)
            return [op.number, digest]
        value, nonce = op.data["mine"]
        return [op.number, nonce, value]

    def _take_beacon(self, op: Operation, env: Envelope, own: bool) -> None:
        b: Beacon = op.data["beacon"]
        if env.kind == BEACON_COMMIT:
            reblame(env, lambda: b.add_commit(env.author, env.body[1], seq=env.seq))
        else:
            reblame(env, lambda: b.add_reveal(env.author, env.body[1], env.body[2], seq=env.seq))

    def _end_beacon(self, op: Operation) -> None:
        op.result = op.data["beacon"].value

    # --- end of game: key shares and the audit --------------------------------------------

    def begin_end(self) -> Operation:
        """Every seat publishes its secret key share and opens its face-down commitments."""
        return self._begin("end", [self._each(SECRET)])

    def _make_end(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        openings = [[o, h, nonce] for o, (h, nonce) in sorted(self._mine.items())
                    if any(f.op == o and f.handle is None for f in self.facedowns)]
        return [op.number, g.encode_scalar(self._x), openings]

    def _take_end(self, op: Operation, env: Envelope, own: bool) -> None:
        _, raw, openings = env.body
        key = self.keys[env.author]
        assert key is not None
        try:
            x = g.decode_scalar(raw)
            check_key_share(x, key)
        except (g.GroupError, ProofError) as e:
            raise blame("key-share", str(e), env) from None
        if x25519_public(x25519_private(x, self.game_id, env.author)) != self.xkeys[env.author]:
            raise blame("key-share", "the X25519 key was not derived from the key share", env)
        unopened = {f.op: f for f in self.facedowns if f.seat == env.author and f.handle is None}
        given = {o: (h, nonce) for o, h, nonce in openings}
        if len(given) != len(openings) or set(given) != set(unopened):  # each once
            raise blame("commitment", "every face-down card left must be opened, and only those",
                        env)
        for o, (h, nonce) in given.items():
            f = unopened[o]
            reblame(env, lambda: check_reveal(self.game_id, env.author, f"cards.facedown/{o}",
                                               f.digest, nonce, handle_bytes(h)))
            if h not in f.hand and h != NO_CARD:
                raise blame("commitment", f"card {h} was not in the hand", env)
        for o, (h, _) in given.items():
            unopened[o].handle = h
        self.secrets[env.author] = x

    def audit(self) -> dict[int, int]:
        """The true face of every handle ever dealt, from the published key shares; also
        re-checks every card shown to one seat. Raises RemoteProtocolError, or
        LocalProtocolError before every key share is in."""
        if any(x is None for x in self.secrets):
            raise LocalProtocolError("too-early", "the audit needs every seat's key share")
        total = sum(x for x in self.secrets if x is not None) % g.ORDER
        faces: dict[int, int] = {}
        for h, ct in sorted(self.cts.items()):
            face = self._lookup.get(g.sub(ct.c2, g.mul(total, ct.c1)))
            if face is None or self.opened.get(h, face) != face:
                raise RemoteProtocolError("face", f"card {h} does not open to its face")
            faces[h] = face
        for show in self.shows:
            sender, to = show.env.author, show.env.body[1]
            secret = self.secrets[sender]
            assert secret is not None
            seen = self._open_show(show, x25519_private(secret, self.game_id, sender), to)
            if [faces[h] for h in show.env.body[2]] != seen:
                raise blame("face", "a card shown does not match the audit", show.env)
        return faces
