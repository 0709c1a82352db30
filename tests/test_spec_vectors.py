"""The test vectors of docs/card-protocol.md, recomputed from the document's description
with code of our own (hashlib, hmac, msgpack, PyNaCl's libsodium bindings, a pure-Python
Elligator 2 and edwards25519, a transcript written here), and compared with the hex in
the document and with what the project's code (protocol/) gives. The hex is read out of
the markdown, so the document, this independent reading of it and the code cannot drift
apart unnoticed."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import nacl.bindings as nb
import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "card-protocol.md"

# --- the document's vectors ---------------------------------------------------------------


def _parse_vectors(text: str) -> dict[str, str]:
    """name -> value (hex with its continuation lines joined, or decimal words)."""
    out: dict[str, str] = {}
    for block in re.findall(r"^```vectors\n(.*?)^```", text, re.S | re.M):
        name = None
        for line in block.splitlines():
            if not line.strip():
                continue
            if line[0].isspace():
                assert name is not None, f"continuation without a name: {line!r}"
                out[name] += " " + line.strip()
                continue
            name, _, value = line.partition(" ")
            assert name not in out, f"vector {name} given twice"
            out[name] = value.strip()
    return out


VECTORS = _parse_vectors(DOC.read_text("utf-8"))


def hx(name: str) -> bytes:
    """A hex vector of the document."""
    value = VECTORS[name].replace(" ", "")
    assert re.fullmatch(r"(?:[0-9a-f]{2})+", value), f"{name} is not hex"
    return bytes.fromhex(value)


def dec(name: str) -> list[int]:
    """A vector of decimal numbers."""
    return [int(w) for w in VECTORS[name].split()]


# --- edwards25519 and Elligator 2, in Python integers (independent of libsodium) ------------

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, -1, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
MONT_A = 486662


def _inv(a: int) -> int:
    return pow(a, P - 2, P)  # 0 -> 0, as libsodium


def _is_square(a: int) -> bool:
    return pow(a, (P - 1) // 2, P) in (0, 1)


def _sqrt(a: int) -> int:
    r = pow(a, (P + 3) // 8, P)
    if r * r % P != a % P:
        r = r * SQRT_M1 % P
    assert r * r % P == a % P, "no square root"
    return r


def _ed_add(p1: tuple[int, int], p2: tuple[int, int]) -> tuple[int, int]:
    (x1, y1), (x2, y2) = p1, p2
    t = D * x1 * x2 * y1 * y2 % P
    return ((x1 * y2 + y1 * x2) * _inv(1 + t) % P, (y1 * y2 + x1 * x2) * _inv(1 - t) % P)


def _ed_encode(pt: tuple[int, int]) -> bytes:
    x, y = pt
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _ed_decode(b: bytes) -> tuple[int, int]:
    v = int.from_bytes(b, "little")
    y, sign = v & ((1 << 255) - 1), v >> 255
    x = _sqrt((y * y - 1) * _inv(D * y * y + 1) % P)
    return ((P - x) % P if (x & 1) != sign else x, y)


def elligator2(r: bytes) -> tuple[int, int]:
    """E2 of docs/card-protocol.md section 3, as an affine point."""
    sign = r[31] >> 7
    t = int.from_bytes(r[:31] + bytes([r[31] & 0x7F]), "little") % P
    u1 = -MONT_A * _inv(1 + 2 * t * t) % P
    g = (u1**3 + MONT_A * u1 * u1 + u1) % P
    u = u1 if _is_square(g) else (-u1 - MONT_A) % P
    v = _sqrt((u**3 + MONT_A * u * u + u) % P)
    y = (u - 1) * _inv(u + 1) % P
    x = _sqrt(-486664 % P) * u * _inv(v) % P
    if (x & 1) != sign:
        x = (P - x) % P
    assert (-x * x + y * y - 1 - D * x * x * y * y) % P == 0, "not on the curve"
    pt = (x, y)
    for _ in range(3):
        pt = _ed_add(pt, pt)
    return pt


def _lp8(b: bytes) -> bytes:
    return len(b).to_bytes(8, "big") + b


def _lp4(b: bytes) -> bytes:
    return len(b).to_bytes(4, "big") + b


def h2g(domain: bytes, data: bytes) -> bytes:
    prefix = _lp8(b"cosmic/crypto/hash-to-group/v1") + _lp8(domain) + _lp8(data)
    d = hashlib.sha512(prefix + bytes(4)).digest()  # counter 0 (the loop never goes on here)
    out = _ed_encode(_ed_add(elligator2(d[:32]), elligator2(d[32:])))
    assert nb.crypto_core_ed25519_is_valid_point(out)
    return out


def face(i: int) -> bytes:
    return h2g(b"cosmic/crypto/card-face/v1", i.to_bytes(4, "big"))


def gen(i: int) -> bytes:
    return h2g(b"cosmic/crypto/shuffle-generators/v1", i.to_bytes(4, "big"))


# --- group operations through libsodium's byte interface ------------------------------------

G = bytes.fromhex("58" + "66" * 31)
IDENTITY = b"\x01" + bytes(31)


def sc(s: int) -> bytes:
    return (s % L).to_bytes(32, "little")


def mul(s: int, p: bytes) -> bytes:
    return IDENTITY if s % L == 0 else nb.crypto_scalarmult_ed25519_noclamp(sc(s), p)


def base(s: int) -> bytes:
    return IDENTITY if s % L == 0 else nb.crypto_scalarmult_ed25519_base_noclamp(sc(s))


def add(*ps: bytes) -> bytes:
    acc = ps[0]
    for p in ps[1:]:
        acc = nb.crypto_core_ed25519_add(acc, p)
    return acc


def sub(p: bytes, q: bytes) -> bytes:
    return nb.crypto_core_ed25519_sub(p, q)


def lin(terms: Sequence[tuple[int, bytes]]) -> bytes:
    """Sum of s_i P_i."""
    return add(*[mul(s, p) for s, p in terms])


def le(b: bytes) -> int:
    return int.from_bytes(b, "little")


def canonical(value: Any) -> bytes:
    return bytes(msgpack.packb(value, use_bin_type=True))


# --- transcript (section 5) and derived secrets (section 7) ---------------------------------


class Tx:
    """A transcript kept as the bytes it has hashed."""

    def __init__(self, domain: bytes, context: bytes) -> None:
        self.data = bytearray()
        self.append(b"protocol", b"cosmic/crypto/transcript/v1")
        self.append(b"domain", domain)
        self.append(b"context", context)

    @staticmethod
    def record(op: int, label: bytes, data: bytes) -> bytes:
        return bytes([op, len(label)]) + label + len(data).to_bytes(8, "big") + data

    def append(self, label: bytes, data: bytes) -> None:
        self.data += self.record(1, label, data)

    def points(self, label: bytes, pts: Sequence[bytes]) -> None:
        self.append(label, len(pts).to_bytes(8, "big") + b"".join(pts))

    def digest(self, label: bytes) -> bytes:
        d = hashlib.sha512(bytes(self.data) + self.record(2, label, b"")).digest()
        self.append(b"challenge-output", d)
        return d

    def challenge(self, label: bytes) -> int:
        return le(self.digest(label)) % L

    def challenges(self, label: bytes, k: int) -> list[int]:
        d = self.digest(label)
        return [le(hashlib.sha512(d + j.to_bytes(4, "big")).digest()) % L for j in range(k)]

    def prover(self, label: bytes) -> bytes:
        return hashlib.sha512(bytes(self.data) + self.record(3, label, b"")).digest()


class Rng:
    def __init__(self, seed: bytes, label: bytes) -> None:
        self.seed, self.label, self.i, self.buf = seed, label, 0, b""

    def token(self, k: int) -> bytes:
        while len(self.buf) < k:
            msg = _lp8(b"cosmic/crypto/rng/block/v1") + _lp8(self.label) + self.i.to_bytes(8, "big")
            self.buf += hmac.new(self.seed, msg, hashlib.sha512).digest()
            self.i += 1
        out, self.buf = self.buf[:k], self.buf[k:]
        return out

    def below(self, m: int) -> int:
        b = (m - 1).bit_length()
        if b == 0:
            return 0
        while True:
            x = int.from_bytes(self.token((b + 7) // 8), "big") & ((1 << b) - 1)
            if x < m:
                return x

    def scalar(self) -> int:
        return le(self.token(64)) % (L - 1) + 1

    def derive(self, data: bytes) -> Rng:
        msg = (_lp8(b"cosmic/crypto/rng/derive/v1") + _lp8(self.label) + _lp8(self.token(32))
               + _lp8(data))
        return Rng(hmac.new(self.seed, msg, hashlib.sha512).digest(), b"")

    def permutation(self, n: int) -> list[int]:
        p = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            p[i], p[j] = p[j], p[i]
        return p


def hkdf(ikm: bytes, salt: bytes, info: bytes, length: int = 32) -> bytes:
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    out, block, i = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([i]), hashlib.sha256).digest()
        out += block
        i += 1
    return out[:length]


def commitment(game_id: bytes, seat: int, purpose: str, nonce: bytes, payload: bytes) -> bytes:
    return hashlib.sha256(_lp4(b"cosmic/commit/v1") + _lp4(game_id) + _lp4(purpose.encode())
                          + _lp4(seat.to_bytes(2, "big")) + _lp4(nonce) + _lp4(payload)).digest()


def stream_below(seed: bytes, label: str, m: int) -> int:
    """The first draw below m of journal-format section 7's random stream."""
    lab = label.encode()
    buf, i = b"", 0
    b = (m - 1).bit_length()
    if b == 0:
        return 0
    while True:
        while len(buf) < (b + 7) // 8:
            buf += hashlib.sha256(b"cosmic/stream/v1" + seed + _lp4(lab) + i.to_bytes(8, "big")).digest()
            i += 1
        x = int.from_bytes(buf[: (b + 7) // 8], "big") & ((1 << b) - 1)
        buf = buf[(b + 7) // 8:]
        if x < m:
            return x


# --- the proofs of section 6, both ways -------------------------------------------------------


class Game:
    """The two-seat game of section 13.4, computed from the document's description."""

    def __init__(self, game_id: bytes, ed_seeds: Sequence[bytes]) -> None:
        self.gid = game_id
        self.card_seed = [hashlib.sha256(b"cosmic/card-secrets/v1\x00" + s + game_id).digest()
                          for s in ed_seeds]
        self.x = [Rng(self.card_seed[s], canonical(["cosmic/cards/secrets/v1", game_id,
                                                    "key-share", s])).scalar()
                  for s in range(len(ed_seeds))]
        self.X = [base(x) for x in self.x]
        self.Y = add(*self.X)
        self.xsec = [hkdf(sc(x), game_id, b"cosmic/cards/x25519/v1" + s.to_bytes(2, "big"))
                     for s, x in enumerate(self.x)]
        self.xpub = [nb.crypto_scalarmult_base(k) for k in self.xsec]

    def rng(self, seat: int, op: int, i: int, kind: str) -> Rng:
        return Rng(self.card_seed[seat], canonical(["cosmic/cards/secrets/v1", self.gid, op, i, kind]))

    def ctx(self, op: int, author: int, label: str) -> bytes:
        return canonical(["cosmic/cards/v1", self.gid, op, author, label])

    # 6.2
    def key_proof(self, op: int, seat: int, r: Rng) -> bytes:
        t = Tx(b"cosmic/crypto/key-share/v1", self.ctx(op, seat, "key"))
        t.points(b"key-share", [self.X[seat]])
        w = r.derive(t.prover(b"nonce")).scalar()
        t.points(b"commitment", [base(w)])
        c = t.challenge(b"challenge")
        return sc(c) + sc(w + c * self.x[seat])

    def check_key_proof(self, op: int, seat: int, proof: bytes) -> bool:
        c, s = le(proof[:32]), le(proof[32:])
        t = Tx(b"cosmic/crypto/key-share/v1", self.ctx(op, seat, "key"))
        t.points(b"key-share", [self.X[seat]])
        t.points(b"commitment", [sub(base(s), mul(c, self.X[seat]))])
        return t.challenge(b"challenge") == c

    # 6.3
    def _shares_tx(self, op: int, seat: int, label: str, cts: Sequence[tuple[bytes, bytes]],
                   shares: Sequence[bytes]) -> tuple[Tx, bytes, bytes]:
        t = Tx(b"cosmic/crypto/decryption-shares/v1", self.ctx(op, seat, label))
        t.points(b"key-share", [self.X[seat]])
        t.points(b"ciphertexts", [p for ct in cts for p in ct])
        t.points(b"shares", list(shares))
        a = [1] + t.challenges(b"weights", len(cts) - 1)
        return t, lin(list(zip(a, [ct[0] for ct in cts]))), lin(list(zip(a, shares)))

    def shares(self, op: int, seat: int, cts: Sequence[tuple[bytes, bytes]],
               r: Rng) -> tuple[bytes, bytes]:
        x = self.x[seat]
        shares = [mul(x, c1) for c1, _ in cts]
        t, big_c, _ = self._shares_tx(op, seat, "shares", cts, shares)
        w = r.derive(t.prover(b"nonce")).scalar()
        t.points(b"commitment", [base(w), mul(w, big_c)])
        c = t.challenge(b"challenge")
        return b"".join(shares), sc(c) + sc(w + c * x)

    def check_shares(self, op: int, seat: int, cts: Sequence[tuple[bytes, bytes]],
                     shares: bytes, proof: bytes) -> bool:
        ds = [shares[i:i + 32] for i in range(0, len(shares), 32)]
        c, s = le(proof[:32]), le(proof[32:])
        t, big_c, big_d = self._shares_tx(op, seat, "shares", cts, ds)
        t.points(b"commitment", [sub(base(s), mul(c, self.X[seat])),
                                 sub(mul(s, big_c), mul(c, big_d))])
        return t.challenge(b"challenge") == c

    # 6.4
    def _remask_tx(self, op: int, seat: int, ct: tuple[bytes, bytes],
                   out: tuple[bytes, bytes]) -> Tx:
        t = Tx(b"cosmic/crypto/remask/v1", self.ctx(op, seat, "remask"))
        t.points(b"joint-key", [self.Y])
        t.points(b"input", list(ct))
        t.points(b"output", list(out))
        return t

    def remask(self, op: int, seat: int, ct: tuple[bytes, bytes],
               r: Rng) -> tuple[tuple[bytes, bytes], bytes]:
        k = r.scalar()
        out = (add(ct[0], base(k)), add(ct[1], mul(k, self.Y)))
        t = self._remask_tx(op, seat, ct, out)
        w = r.derive(t.prover(b"nonce")).scalar()
        t.points(b"commitment", [base(w), mul(w, self.Y)])
        c = t.challenge(b"challenge")
        return out, sc(c) + sc(w + c * k)

    def check_remask(self, op: int, seat: int, ct: tuple[bytes, bytes],
                     out: tuple[bytes, bytes], proof: bytes) -> bool:
        c, s = le(proof[:32]), le(proof[32:])
        t = self._remask_tx(op, seat, ct, out)
        t.points(b"commitment", [sub(base(s), mul(c, sub(out[0], ct[0]))),
                                 sub(mul(s, self.Y), mul(c, sub(out[1], ct[1])))])
        return t.challenge(b"challenge") == c

    # 6.5
    def _shuffle_head(self, op: int, seat: int, label: str,
                      ins: Sequence[tuple[bytes, bytes]]) -> Tx:
        t = Tx(b"cosmic/crypto/shuffle/v1", self.ctx(op, seat, label))
        t.append(b"size", len(ins).to_bytes(8, "big"))
        t.points(b"joint-key", [self.Y])
        t.points(b"input", [p for ct in ins for p in ct])
        return t

    def shuffle(self, op: int, seat: int, label: str, ins: Sequence[tuple[bytes, bytes]],
                r: Rng) -> tuple[list[int], list[tuple[bytes, bytes]], bytes]:
        n, y = len(ins), self.Y
        perm = r.permutation(n)
        masks = r.derive(self._shuffle_head(op, seat, label, ins).prover(b"remask"))
        rho = [masks.scalar() for _ in range(n)]
        out = [(add(ins[perm[i]][0], base(rho[i])), add(ins[perm[i]][1], mul(rho[i], y)))
               for i in range(n)]
        t = self._shuffle_head(op, seat, label, ins)
        t.points(b"output", [p for ct in out for p in ct])
        secret = r.derive(t.prover(b"prover"))
        h, hs = gen(0), [gen(i) for i in range(1, n + 1)]
        rr = [secret.scalar() for _ in range(n)]
        cc = [b""] * n
        for i, j in enumerate(perm):
            cc[j] = add(base(rr[j]), hs[i])
        t.points(b"permutation-commitment", cc)
        u = t.challenges(b"u", n)
        up = [u[j] for j in perm]
        rhat = [secret.scalar() for _ in range(n)]
        chain, prev = [], h
        for i in range(n):
            prev = add(base(rhat[i]), mul(up[i], prev))
            chain.append(prev)
        r_bar = sum(rr)
        r_hat = sum(rhat[i] * _prod(up[i + 1:]) for i in range(n))
        r_tilde = sum(a * b for a, b in zip(rr, u))
        rho_star = sum(a * b for a, b in zip(rho, up))
        w1, w2, w3, w4 = (secret.scalar() for _ in range(4))
        what = [secret.scalar() for _ in range(n)]
        wp = [secret.scalar() for _ in range(n)]
        ts = [base(w1), base(w2), add(base(w3), lin(list(zip(wp, hs)))),
              sub(lin(list(zip(wp, [ct[0] for ct in out]))), base(w4)),
              sub(lin(list(zip(wp, [ct[1] for ct in out]))), mul(w4, y))]
        that = [add(base(what[i]), mul(wp[i], chain[i - 1] if i else h)) for i in range(n)]
        t.points(b"chain", chain)
        t.points(b"t", ts)
        t.points(b"t-hat", that)
        c = t.challenge(b"challenge")
        head = [c, w1 + c * r_bar, w2 + c * r_hat, w3 + c * r_tilde, w4 + c * rho_star]
        proof = (b"".join(sc(s) for s in head) + b"".join(cc) + b"".join(chain)
                 + b"".join(sc(what[i] + c * rhat[i]) for i in range(n))
                 + b"".join(sc(wp[i] + c * up[i]) for i in range(n)))
        return perm, out, proof

    def check_shuffle(self, op: int, seat: int, label: str, ins: Sequence[tuple[bytes, bytes]],
                      out: Sequence[tuple[bytes, bytes]], proof: bytes) -> bool:
        n, y = len(ins), self.Y
        if len(proof) != 160 + 128 * n:
            return False
        words = [proof[i:i + 32] for i in range(0, len(proof), 32)]
        if any(le(w) >= L for w in words[:5] + words[5 + 2 * n:]):
            return False
        if not all(nb.crypto_core_ed25519_is_valid_point(w) for w in words[5:5 + 2 * n]):
            return False
        c, s1, s2, s3, s4 = (le(w) for w in words[:5])
        cc, chain = words[5:5 + n], words[5 + n:5 + 2 * n]
        shat = [le(w) for w in words[5 + 2 * n:5 + 3 * n]]
        sp = [le(w) for w in words[5 + 3 * n:]]
        h, hs = gen(0), [gen(i) for i in range(1, n + 1)]
        t = self._shuffle_head(op, seat, label, ins)
        t.points(b"output", [p for ct in out for p in ct])
        t.points(b"permutation-commitment", cc)
        u = t.challenges(b"u", n)
        t1 = sub(base(s1), mul(c, sub(add(*cc), add(*hs))))
        t2 = add(sub(base(s2), mul(c, chain[-1])), mul(c * _prod(u), h))
        t3 = sub(add(base(s3), lin(list(zip(sp, hs)))), mul(c, lin(list(zip(u, cc)))))
        t41 = sub(sub(lin(list(zip(sp, [ct[0] for ct in out]))), base(s4)),
                  mul(c, lin(list(zip(u, [ct[0] for ct in ins])))))
        t42 = sub(sub(lin(list(zip(sp, [ct[1] for ct in out]))), mul(s4, y)),
                  mul(c, lin(list(zip(u, [ct[1] for ct in ins])))))
        that = [sub(add(base(shat[i]), mul(sp[i], chain[i - 1] if i else h)), mul(c, chain[i]))
                for i in range(n)]
        t.points(b"chain", chain)
        t.points(b"t", [t1, t2, t3, t41, t42])
        t.points(b"t-hat", that)
        return t.challenge(b"challenge") == c

    # 8
    def box_key(self, op: int, sender: int, to: int, handles: list[int]) -> bytes:
        shared = nb.crypto_scalarmult(self.xsec[sender], self.xpub[to])
        return hkdf(shared, self.gid, b"cosmic/cards/box/v1" + canonical([op, sender, to, handles]))

    def box_aad(self, op: int, sender: int, to: int, handles: list[int]) -> bytes:
        return self.ctx(op, sender, "show") + canonical([to, handles])


def _prod(xs: Sequence[int]) -> int:
    out = 1
    for x in xs:
        out = out * x % L
    return out


def cts_of(blob: bytes) -> list[tuple[bytes, bytes]]:
    return [(blob[i:i + 32], blob[i + 32:i + 64]) for i in range(0, len(blob), 64)]


def blob(cts: Sequence[tuple[bytes, bytes]]) -> bytes:
    return b"".join(a + b for a, b in cts)


# --- the reference implementation, for the same game -------------------------------------------


@pytest.fixture(scope="module")
def project() -> dict[str, Any]:
    """Run the example game of section 13.4 through protocol/ and collect what it made."""
    from protocol.cards import CardSeat
    from protocol.cards_inprocess import CardTable
    from protocol.envelope import open_envelope
    from protocol.game import GAME_KINDS
    from protocol.genesis import Genesis
    from protocol.keys import SigningKey

    keys = [SigningKey.from_seed(b"\x01" * 32), SigningKey.from_seed(b"\x02" * 32)]
    genesis = Genesis.create([("alice", "red", keys[0].public), ("bob", "blue", keys[1].public)],
                             rules=["base"], engine_version="0.1.0", rules_hash=bytes(32),
                             salt=bytes(range(32)))
    from node.core import secret_seed_for
    seats = [CardSeat(genesis, s, range(4), secret_seed_for(k, genesis))
             for s, k in enumerate(keys)]
    table = CardTable(genesis, keys, seats)
    bodies: dict[str, bytes] = {}

    def run(names: list[str]) -> None:
        start = len(table.journal)
        table.pump()
        raws = table.journal[start:]
        assert len(raws) == len(names)
        for name, raw in zip(names, raws):
            bodies[name] = canonical(open_envelope(raw, genesis, GAME_KINDS).body)

    for s in seats:
        s.begin_keys()
    run(["op0.alice.commit", "op0.bob.commit", "op0.alice.key", "op0.bob.key"])
    bodies["op0.alice.envelope"] = table.journal[0]
    for s in seats:
        s.begin_shuffle((0, 1, 2), (0, 1, 2))
    run(["op1.alice.shuffle", "op1.bob.shuffle"])
    for s in seats:
        s.begin_deliver(0, (2, 1))
    run(["op2.bob.shares"])
    for s in seats:
        s.begin_deliver(1, (1,))
    run(["op3.bob.remask", "op3.alice.shares"])
    seats[0].begin_facedown(0, (2,), 2)
    seats[1].begin_facedown(0, (2,))
    run(["op4.alice.facedown"])
    for s in seats:
        s.begin_show(0, 1, (2,))
    run(["op5.alice.show"])
    for s in seats:
        s.begin_beacon()
    run(["op6.alice.commit", "op6.bob.commit", "op6.alice.reveal", "op6.bob.reveal"])
    beacon = seats[1].last.result if seats[1].last is not None else None
    seats[0].begin_open(0, [(2, seats[0].known[2])], 2)
    seats[1].begin_open(0)
    run(["op7.alice.open"])
    for s in seats:
        s.begin_end()
    run(["op8.alice.secret", "op8.bob.secret"])
    return {"genesis": genesis, "seats": seats, "bodies": bodies, "beacon": beacon,
            "audit": seats[1].audit(), "known": [dict(s.known) for s in seats]}


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(hx("game_id"), [b"\x01" * 32, b"\x02" * 32])


# --- tests -----------------------------------------------------------------------------------------


def test_the_document_has_every_vector_this_test_reads() -> None:
    needed = {"face0.input", "face0.digest", "face0.half0", "face0.half1", "tx.input",
              "tx.digest", "tx.challenge", "tx.challenges", "rng.block0", "rng.scalar",
              "rng.below", "rng.derived", "game_id", "Y", "op1.deck", "op5.box_key",
              "op5.aad", "op5.plain", "op5.shared", "op6.value", "op6.first_player", "audit"}
    needed |= {f"face{i}" for i in range(4)} | {f"gen{i}" for i in range(4)}
    for who in ("alice", "bob"):
        needed |= {f"{who}.card_seed", f"{who}.x", f"{who}.X", f"{who}.x25519", f"{who}.xpub",
                   f"op0.{who}.commit", f"op0.{who}.key", f"op1.{who}.perm",
                   f"op1.{who}.shuffle", f"op6.{who}.commit", f"op6.{who}.reveal",
                   f"op8.{who}.secret"}
    assert needed <= set(VECTORS), sorted(needed - set(VECTORS))


def test_hash_to_group_faces_and_generators() -> None:
    from protocol.crypto import elgamal as eg
    from protocol.crypto import group as pg
    from protocol.crypto.shuffle import GEN_DOMAIN

    prefix = (_lp8(b"cosmic/crypto/hash-to-group/v1") + _lp8(b"cosmic/crypto/card-face/v1")
              + _lp8((0).to_bytes(4, "big")))
    assert hx("face0.input") == prefix + bytes(4)
    digest = hashlib.sha512(prefix + bytes(4)).digest()
    assert hx("face0.digest") == digest
    for half, part in (("face0.half0", digest[:32]), ("face0.half1", digest[32:])):
        # the pure-Python map, libsodium's and the document's agree
        assert _ed_encode(elligator2(part)) == hx(half) == nb.crypto_core_ed25519_from_uniform(part)
        assert _ed_encode(_ed_decode(hx(half))) == hx(half)
    for i in range(4):
        assert face(i) == hx(f"face{i}") == eg.card_face(i)
        assert gen(i) == hx(f"gen{i}") == pg.hash_to_group(GEN_DOMAIN, i.to_bytes(4, "big"))


def test_transcript_hashing() -> None:
    from protocol.crypto import group as pg
    from protocol.crypto.transcript import Transcript

    mine = Tx(b"example", b"ctx")
    mine.append(b"a", b"\x01\x02\x03")
    mine.points(b"p", [G])
    assert bytes(mine.data) == hx("tx.input")
    theirs = Transcript(b"example", b"ctx")
    theirs.append(b"a", b"\x01\x02\x03")
    theirs.append_points(b"p", [pg.GENERATOR])
    c = mine.challenge(b"c")
    assert mine.data[-64:] == hx("tx.digest")
    assert sc(c) == hx("tx.challenge") == pg.encode_scalar(theirs.challenge(b"c"))
    ws = b"".join(sc(w) for w in mine.challenges(b"w", 2))
    assert ws == hx("tx.challenges") == b"".join(pg.encode_scalar(w)
                                                  for w in theirs.challenges(b"w", 2))


def test_derived_secret_generator() -> None:
    from protocol.crypto import group as pg

    assert Rng(b"\x11" * 32, b"label").token(64) == hx("rng.block0")
    mine, theirs = Rng(b"\x11" * 32, b"label"), pg.DeterministicRng(b"\x11" * 32, b"label")
    assert sc(mine.scalar()) == hx("rng.scalar") == pg.encode_scalar(theirs.scalar())
    below = [mine.below(6) for _ in range(8)]
    assert below == dec("rng.below") == [theirs.below(6) for _ in range(8)]
    assert mine.derive(b"data").token(32) == hx("rng.derived") == theirs.derive(b"data").token(32)


def test_keys_and_key_registration(game: Game, project: dict[str, Any]) -> None:
    from protocol.cards_wire import x25519_public

    genesis, seats, bodies = project["genesis"], project["seats"], project["bodies"]
    assert genesis.game_id == game.gid
    for s, who in enumerate(("alice", "bob")):
        assert game.card_seed[s] == hx(f"{who}.card_seed")
        assert sc(game.x[s]) == hx(f"{who}.x") == sc(seats[s]._x)
        assert game.X[s] == hx(f"{who}.X") == seats[0].keys[s]
        assert game.xsec[s] == hx(f"{who}.x25519") == seats[s]._xkey.private_bytes_raw()
        assert game.xpub[s] == hx(f"{who}.xpub") == x25519_public(seats[s]._xkey)
        commit_rng = game.rng(s, 0, s, "cards.key-commit")
        nonce = commit_rng.token(32)
        digest = commitment(game.gid, s, "cards.key", nonce, game.X[s] + game.xpub[s])
        assert canonical([0, digest]) == hx(f"op0.{who}.commit") == bodies[f"op0.{who}.commit"]
        proof = game.key_proof(0, s, game.rng(s, 0, 2 + s, "cards.key"))
        assert game.check_key_proof(0, s, proof)
        body = canonical([0, nonce, game.X[s], game.xpub[s], proof])
        assert body == hx(f"op0.{who}.key") == bodies[f"op0.{who}.key"]
    assert game.Y == hx("Y") == seats[1].joint
    assert game.ctx(0, 0, "key") == hx("op0.alice.key_context")
    assert hx("op0.alice.envelope") == bodies["op0.alice.envelope"]
    env = hx("op0.alice.envelope")
    nb.crypto_sign_open(env[-64:] + env[:-64], genesis.seat_key(0))  # raises if it is not alice's


def test_deck_shuffles(game: Game, project: dict[str, Any]) -> None:
    from protocol.crypto import elgamal as eg
    from protocol.crypto import group as pg
    from protocol.crypto.shuffle import ShuffleProof, verify_shuffle

    deck = [(G, add(face(f), game.Y)) for f in (0, 1, 2)]
    assert blob(deck) == hx("op1.deck")
    ins = deck
    for s, who in enumerate(("alice", "bob")):
        perm, out, proof = game.shuffle(1, s, "shuffle", ins, game.rng(s, 1, s, "cards.shuffle"))
        assert perm == dec(f"op1.{who}.perm")
        assert game.check_shuffle(1, s, "shuffle", ins, out, proof)
        body = canonical([1, blob(out), proof])
        assert body == hx(f"op1.{who}.shuffle") == project["bodies"][f"op1.{who}.shuffle"]
        # the project's verifier accepts what this test made from the document
        verify_shuffle(pg.Point(game.Y), eg.decode_ciphertexts(blob(ins)), eg.decode_ciphertexts(blob(out)),
                       ShuffleProof.from_bytes(proof), game.ctx(1, s, "shuffle"))
        # and the independent verifier is not vacuous: one wrong response, one wrong seat
        bad = proof[:32 * 5 + 32 * 6] + sc(le(proof[32 * 11:32 * 12]) + 1) + proof[32 * 12:]
        assert not game.check_shuffle(1, s, "shuffle", ins, out, bad)
        assert not game.check_shuffle(1, 1 - s, "shuffle", ins, out, proof)
        ins = out


def test_private_draws_and_a_card_that_changes_hands(game: Game, project: dict[str, Any]) -> None:
    bodies = project["bodies"]
    final = cts_of(canonical_body(hx("op1.bob.shuffle"))[1])  # handle i <- output i
    cts = {h: final[h] for h in range(3)}
    # op 2: handles (2, 1) to alice; bob publishes, alice adds her own share
    shares, proof = game.shares(2, 1, [cts[2], cts[1]], game.rng(1, 2, 0, "cards.shares"))
    assert game.check_shares(2, 1, [cts[2], cts[1]], shares, proof)
    assert canonical([2, shares, proof]) == hx("op2.bob.shares") == bodies["op2.bob.shares"]
    faces = {face(i): i for i in range(4)}
    seen = {h: faces[sub(cts[h][1], add(shares[32 * k:32 * k + 32], mul(game.x[0], cts[h][0])))]
            for k, h in enumerate((2, 1))}
    assert seen == {2: 1, 1: 2} == {h: f for h, f in project["known"][0].items() if h in seen}
    # op 3: handle 1 to bob, who re-masks it first; then alice publishes for the new one
    out, rproof = game.remask(3, 1, cts[1], game.rng(1, 3, 0, "cards.remask"))
    assert game.check_remask(3, 1, cts[1], out, rproof)
    assert canonical([3, blob([out]), [rproof]]) == hx("op3.bob.remask") == bodies["op3.bob.remask"]
    ashare, aproof = game.shares(3, 0, [out], game.rng(0, 3, 1, "cards.shares"))
    assert canonical([3, ashare, aproof]) == hx("op3.alice.shares") == bodies["op3.alice.shares"]
    assert faces[sub(out[1], add(ashare, mul(game.x[1], out[0])))] == 2 == project["known"][1][1]


def canonical_body(data: bytes) -> list[Any]:
    value = msgpack.unpackb(data, raw=False)
    assert canonical(value) == data
    return list(value)


def test_face_down_show_beacon_open_and_end(game: Game, project: dict[str, Any]) -> None:
    from protocol.commit import RandomStream

    bodies = project["bodies"]
    final = cts_of(canonical_body(hx("op1.bob.shuffle"))[1])
    ct2 = final[2]
    # op 4: alice commits to handle 2 (purpose cards.facedown/4, nonce bound to the handle)
    nonce4 = game.rng(0, 4, 0, "cards.facedown").derive((2).to_bytes(4, "big")).token(32)
    digest = commitment(game.gid, 0, "cards.facedown/4", nonce4, (2).to_bytes(4, "big"))
    assert canonical([4, digest]) == hx("op4.alice.facedown") == bodies["op4.alice.facedown"]
    # op 5: alice shows handle 2 to bob in a box
    assert nb.crypto_scalarmult(game.xsec[0], game.xpub[1]) == hx("op5.shared") \
        == nb.crypto_scalarmult(game.xsec[1], game.xpub[0])
    key, aad = game.box_key(5, 0, 1, [2]), game.box_aad(5, 0, 1, [2])
    assert key == hx("op5.box_key") and aad == hx("op5.aad")
    share, proof = game.shares(5, 0, [ct2], game.rng(0, 5, 0, "cards.show"))
    assert share + proof == hx("op5.plain")
    box = nb.crypto_aead_chacha20poly1305_ietf_encrypt(share + proof, aad, bytes(12), key)
    assert canonical([5, 1, [2], box]) == hx("op5.alice.show") == bodies["op5.alice.show"]
    bob_key = hkdf(nb.crypto_scalarmult(game.xsec[1], game.xpub[0]), game.gid,
                   b"cosmic/cards/box/v1" + canonical([5, 0, 1, [2]]))
    assert nb.crypto_aead_chacha20poly1305_ietf_decrypt(box, aad, bytes(12), bob_key) == share + proof
    # op 6: the beacon
    values = []
    for s, who in enumerate(("alice", "bob")):
        r = game.rng(s, 6, s, "cards.beacon-commit")
        value, nonce = r.token(32), r.token(32)
        values.append(value)
        d = commitment(game.gid, s, "cards.beacon/6", nonce, value)
        assert canonical([6, d]) == hx(f"op6.{who}.commit") == bodies[f"op6.{who}.commit"]
        assert canonical([6, nonce, value]) == hx(f"op6.{who}.reveal") == bodies[f"op6.{who}.reveal"]
    beacon = hashlib.sha256(_lp4(b"cosmic/beacon/v1") + _lp4(game.gid) + _lp4(b"cards.beacon/6")
                            + b"".join(values)).digest()
    assert beacon == hx("op6.value") == project["beacon"]
    first = stream_below(beacon, "first-player", 2)
    assert [first] == dec("op6.first_player") == [RandomStream(beacon, "first-player").below(2)]
    # op 7: alice opens handle 2 as card 1 and reveals her face-down card with the op-4 nonce
    share7, proof7 = game.shares(7, 0, [ct2], game.rng(0, 7, 0, "cards.open"))
    body = canonical([7, [[2, 1]], share7, proof7, [2, nonce4]])
    assert body == hx("op7.alice.open") == bodies["op7.alice.open"]
    # op 8: the key shares (no face-down card is left unopened)
    for s, who in enumerate(("alice", "bob")):
        assert canonical([8, sc(game.x[s]), []]) == hx(f"op8.{who}.secret") == bodies[f"op8.{who}.secret"]
    # the audit: every handle's last ciphertext opens with the joint secret
    z = sum(game.x) % L
    remasked = cts_of(canonical_body(hx("op3.bob.remask"))[1])[0]
    last = {0: final[0], 1: remasked, 2: ct2}
    faces = {face(i): i for i in range(4)}
    audit = {h: faces[sub(ct[1], mul(z, ct[0]))] for h, ct in last.items()}
    assert [f"{h}:{f}" for h, f in sorted(audit.items())] == VECTORS["audit"].split()
    assert audit == project["audit"]


def test_a_face_down_card_opened_twice_at_the_end_is_refused() -> None:
    """docs/card-protocol.md section 11: the openings of a cards.secret name each unopened
    face-down operation once. A second, bogus opening of the same one is a commitment
    fault (the reference implementation once kept the last and never checked the first)."""
    from protocol.cards import CardSeat
    from protocol.cards_inprocess import CardTable
    from protocol.errors import RemoteProtocolError
    from protocol.genesis import Genesis
    from protocol.keys import SigningKey

    keys = [SigningKey.from_seed(bytes([k]) * 32) for k in (1, 2)]
    genesis = Genesis.create([("a", "red", keys[0].public), ("b", "blue", keys[1].public)],
                             engine_version="0.1.0", rules_hash=bytes(32), salt=bytes(32))

    def tamper(author: int, kind: str, body: list[Any]) -> list[Any]:
        if kind == "cards.secret" and author == 0:
            op, handle, nonce = body[2][0]
            return [body[0], body[1], [[op, handle ^ 1, bytes(32)], [op, handle, nonce]]]
        return body

    seats = [CardSeat(genesis, s, range(4)) for s in range(2)]
    table = CardTable(genesis, keys, seats, tamper=tamper)
    for s in seats:
        s.begin_keys()
    table.pump()
    for s in seats:
        s.begin_shuffle((0, 1, 2), (0, 1, 2))
    table.pump()
    for s in seats:
        s.begin_deliver(0, (2, 1))
    table.pump()
    seats[0].begin_facedown(0, (2, 1), 2)
    seats[1].begin_facedown(0, (2, 1))
    table.pump()
    for s in seats:
        s.begin_end()
    with pytest.raises(RemoteProtocolError) as info:
        table.pump()
    assert info.value.check == "commitment" and info.value.author == 0


# --- docs/journal-format.md: the published rules hash and the local-mode derivations --------

JOURNAL_DOC = DOC.parent / "journal-format.md"


def test_the_published_rules_hash_is_the_hash_of_the_rules_files() -> None:
    """journal-format 4.1: SHA-256 of cards, colors, destiny, flares and techs .toml, in
    that order."""
    from engine import cosmic as engine

    published = re.search(r"^rules_hash ([0-9a-f]{64})$", JOURNAL_DOC.read_text("utf-8"), re.M)
    assert published is not None
    data = DOC.parent.parent / "engine" / "cosmic" / "data"
    files = b"".join((data / n).read_bytes()
                     for n in ("cards.toml", "colors.toml", "destiny.toml", "flares.toml",
                               "techs.toml"))
    assert hashlib.sha256(files).hexdigest() == published[1] == engine.rules_data_hash().hex()


def test_local_mode_keys_salt_and_nonces_as_journal_format_says() -> None:
    """journal-format 4.1: seed is the hex-decoded option, index the select envelope's
    position among the journal's envelopes; 5.4/7.1: the select's extra commits to the
    handle (purpose "card", i32) with that nonce, and the reveal's extra is the nonce."""
    from bots import RandomBot
    from node.local import LocalGame
    from node.records import record_local_game
    from protocol.journal import parse_journal

    from engine import cosmic as engine

    seed = bytes(range(7))
    game = LocalGame(engine.Config(2, max_turns=3), seed, [RandomBot(b"a"), RandomBot(b"b")])
    game.run()
    contents = parse_journal(record_local_game(game))
    genesis = contents.genesis
    assert genesis.option("seed") == seed.hex()
    assert genesis.salt == hashlib.sha256(b"cosmic/local-salt/v1" + seed).digest()
    for seat in genesis.seats:
        ed_seed = hashlib.sha256(b"cosmic/local-key/v1" + seed + seat.index.to_bytes(2, "big")).digest()
        assert nb.crypto_sign_seed_keypair(ed_seed)[0] == seat.key
    bodies = [msgpack.unpackb(raw[:-64], raw=False) for raw in contents.records]
    selects: dict[int, tuple[int, bytes]] = {}  # seat -> (index of its select, commitment)
    checked = 0
    for index, fields in enumerate(bodies):
        author, kind, body = fields[2], fields[7], fields[8]
        assert kind == "action"
        action, extra = body
        if action[0] == "select":
            selects[author] = (index, extra)
        elif action[0] == "reveal":
            at, digest = selects.pop(author)
            nonce = hashlib.sha256(b"cosmic/local-nonce/v1" + seed + at.to_bytes(4, "big")).digest()
            assert extra == nonce
            handle = action[2]
            assert commitment(genesis.game_id, author, "card", nonce,
                              handle.to_bytes(4, "big", signed=True)) == digest
            checked += 1
        else:
            assert extra == b""
    assert checked >= 2  # both seats revealed face-down cards in these three turns
