"""The public state's canonical encoding and its hash (what every action envelope names).

`encode_public` is the reference: plain lists, packed by msgpack. `public_hash` gives the
SHA-256 of exactly those bytes, built from parts kept between calls (encodings of parts
that cannot change, kept by identity; the hash of the head, the part that changes least,
kept while it is the same). Every cache is one value read and replaced whole, and keeps
the objects it was made from, so that an id is never reused while it is kept; nothing
kept changes a result (tests/test_public_hash.py checks random games and states changed
in place against the reference).
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack

from .state import Claim, Config, GameState

__all__ = ["ENGINE_VERSION", "encode_public", "public_hash"]

ENGINE_VERSION = "cosmic-engine/2"


def _encode_setup(cfg: Config) -> list[Any]:
    setup: list[Any] = [cfg.seats, list(cfg.colors), cfg.planets, cfg.single_encounter,
                        list(cfg.aliens), cfg.max_turns]
    if cfg.flares:  # only games with these say so: the others hash as they always did
        setup.append(list(cfg.flares) if isinstance(cfg.flares, tuple) else True)
    setup += [v for v in cfg.variants if v not in ("four_planets", "single_encounter")]
    return setup


def encode_public(state: GameState) -> list[Any]:
    """The public state as plain lists: what public_hash hashes (the reference encoding:
    public_hash must give the SHA-256 of exactly its msgpack bytes)."""
    o = state.outcome
    return [
        ENGINE_VERSION,
        _encode_setup(state.config),
        state._ships, state.warp, state.gate, state.beside,
        [list(h) for h in state.hands], list(state.deck), list(state.discard),
        list(state.destiny_deck), list(state.destiny_discard),
        sorted(state.faces.items()), state.next_handle,
        list(state.stack), state.enc.encode() if state.enc is not None else None,
        state.offense,
        [[c.seat, c.kind, list(c.hand), c.serial] for c in state.claims],
        [o.reason, list(o.winners)] if o is not None else None,
        state.serial, state.turns, state.encounters,
        sorted(state.extra.items()), list(state.aliens),
    ]


def public_hash(state: GameState) -> bytes:
    """SHA-256 of the canonical msgpack encoding of the public state: the bytes of
    msgpack.packb(encode_public(state), use_bin_type=True), built piece by piece.

    An array's msgpack encoding is its header followed by its items' encodings, so the
    23 items are packed one by one and fed to the hash in order. States share their
    immutable parts with the states they were cloned from (GameState.clone: tuples are
    shared), so the encoding of a tuple that can never change (no list or dict inside:
    _frozen), and of a tuple of claims holding such hands, is kept by identity and a part
    that did not change since the previous action is not packed again; the faces dict
    likewise, while it is the same dict with the same items. The first twelve items (up
    to next_handle: the head) change least: the places' bytes are kept while they hold
    the same items, the bytes of the items after them while they are those of the last
    state hashed. What is kept never changes a result: only the time it
    takes."""
    enc = state.enc
    o = state.outcome
    pack = _PACKER.pack
    kept = _PACKED.get  # `_prefix` and `_packed_claims` when kept, spelled out
    cfg, claims = state.config, state.claims
    got = kept(id(cfg))
    prefix = got[1] if got is not None and got[0] is cfg else _prefix(cfg)
    got = kept(id(claims))
    packed_claims = got[1] if got is not None and got[0] is claims else _packed_claims(claims)
    # `_packed_places` and `_rest` when kept, spelled out
    ships, warp, gate, beside, places = _PLACES[0]
    own = state._ships
    if not ((own is ships or own == ships) and state.warp == warp and state.gate == gate
            and state.beside == beside):
        places = _pack_places(state)
    (hands, deck, discard, destiny_deck, destiny_discard, faces, faces_items, next_handle,
     rest) = _REST[0]
    if not (state.hands is hands and state.deck is deck and state.next_handle == next_handle
            and state.faces is faces and state.discard is discard
            and state.destiny_deck is destiny_deck
            and state.destiny_discard is destiny_discard and faces == faces_items):
        rest = _pack_rest(state)
    # The head (array header through next_handle): the prefix kept by the config, the
    # places kept while they hold the same items (`_packed_places`), the rest kept while
    # it is that of the last state hashed (`_rest`). Most actions change one of the two
    # at most (ships moved, or cards), and most neither: the hash that has taken in the
    # head's bytes is kept while they are the same bytes objects, and copied.
    head = _HEAD[0]
    if head[0] is prefix and head[1] is places and head[2] is rest:
        sha = head[3].copy()
    else:
        sha = hashlib.sha256(b"".join((prefix, places, rest)))
        _HEAD[0] = (prefix, places, rest, sha)
        sha = sha.copy()
    # The encounter and the offense: the encounter's items are Encounter.encode()'s
    # without its copies into lists (msgpack packs a tuple as it packs a list: the bytes
    # are the same), with the offense after them; their bytes are kept while they are
    # equal to the last ones packed (about half the actions change neither).
    mid: tuple[Any, ...] = (
        enc.offense, enc.defense, enc.number, enc.destiny, enc.target, enc.invited,
        enc.allies, enc.selected, enc.cards, enc.reinforce, enc.played, enc.result,
        enc.flags, enc.deal, enc.zapped, enc.lost, enc.powers_used, enc.selected_at,
        state.offense) if enc is not None else (state.offense,)
    kept_mid, packed_mid = _MID[0]
    if mid != kept_mid:
        packed_mid = _pack_mid(mid)
    sha.update(b"".join((
        # stack, encounter, offense (the array header dropped)
        pack(state.stack), packed_mid,
        packed_claims,
        pack(((o.reason, o.winners) if o is not None else None, state.serial,
              state.turns, state.encounters,
              sorted(state.extra.items()) if state.extra else (),  # () packs as []
              state.aliens))[1:],  # fixarray 0x96
    )))
    digest: bytes = sha.digest()
    return digest


# The encounter's items and the offense last packed (`_pack_mid`), and their bytes: one
# tuple, read and replaced whole.
_MID: list[tuple[tuple[Any, ...], bytes]] = [((), b"")]


def _pack_mid(mid: tuple[Any, ...]) -> bytes:
    """The encounter (nil without one) and the offense, packed one after the other (the
    encounter's items first, the offense last in `mid`; `mid` is the offense alone
    without an encounter); kept as the last packed when they can never change (no list
    in them: an item equal to a kept one then packs the same)."""
    packed: bytes
    if len(mid) == 1:
        packed = _PACKER.pack(None) + _PACKER.pack(mid[0])
    else:
        packed = _PACKER.pack(mid[:-1]) + _PACKER.pack(mid[-1])
    if _frozen(mid):
        _MID[0] = (mid, packed)
    return packed


# The head's three parts last hashed (bytes objects, kept so that their ids are not
# reused) and the hash that has taken them in, never updated itself (only copies of it
# are): one tuple, read and replaced whole.
_HEAD: list[tuple[Any, ...]] = [(None, None, None, hashlib.sha256())]


# The rest of the head last hashed: the objects it was made of, a copy of the faces
# dict, and its bytes. One tuple, read and replaced whole, so that a thread never pairs
# one state's parts with another's bytes. A part that is not frozen (a list put in place
# of a tuple) is kept as a fresh object, which no state's part can be: such a rest is
# never reused.
_REST: list[tuple[Any, ...]] = [(object(),) * 9]


def _rest(state: GameState) -> bytes:
    """The head's items after the places (hands through next_handle): the bytes kept,
    when they are those of the last state hashed (the same frozen tuples, the same faces
    dict with the same items, the same next handle)."""
    (hands, deck, discard, destiny_deck, destiny_discard, faces, faces_items, next_handle,
     packed) = _REST[0]
    if (state.hands is hands and state.deck is deck and state.next_handle == next_handle
            and state.faces is faces and state.discard is discard
            and state.destiny_deck is destiny_deck
            and state.destiny_discard is destiny_discard and faces == faces_items):
        return packed  # type: ignore[no-any-return]
    return _pack_rest(state)


def _pack_rest(state: GameState) -> bytes:
    """The head's items after the places, packed, and kept as the last rest hashed."""
    parts = (state.hands, state.deck, state.discard, state.destiny_deck,
             state.destiny_discard)
    fresh = b"".join((
        *(_packed_frozen(p) for p in parts),
        _packed_faces(state.faces), _PACKER.pack(state.next_handle),
    ))
    # A part was kept by identity (_keep) only if it is frozen: reuse that verdict.
    kept = tuple(p if _PACKED.get(id(p), _NOT_KEPT)[0] is p else object() for p in parts)
    _REST[0] = (*kept, state.faces, dict(state.faces), state.next_handle, fresh)
    return fresh


# The packer of every part (its settings are msgpack.packb's with use_bin_type=True).
_PACKER = msgpack.Packer(use_bin_type=True)
_PUBLIC_ITEMS = 23  # len(encode_public(state))
# Encodings kept by identity: id -> (the object itself, so its id is not reused; bytes).
_PACKED: dict[int, tuple[object, bytes]] = {}
_PACKED_MAX = 4096
_NOT_KEPT = (object(), b"")
# The faces dict last packed, a copy of its items, its bytes: one tuple, read and
# replaced whole (a thread never pairs one dict with another's bytes).
_FACES: list[tuple[object, dict[int, int], bytes]] = [(None, {}, b"")]


# The places last packed (the ships list itself, never changed in place once packed:
# `_pack_places`; copies of warp, gate, beside) and their bytes: one tuple, read and
# replaced whole. Most actions move no ship: the next state holds the same list.
_PLACES: list[tuple[list[int], list[int], list[int], list[int], bytes]] = [
    ([], [], [], [], b"")]


def _packed_places(state: GameState) -> bytes:
    """The encodings of ships, warp, gate and beside, one after the other (the array
    header of the four packed together is dropped); kept while the four lists hold the
    same items as the last ones packed."""
    ships, warp, gate, beside, packed = _PLACES[0]
    own = state._ships
    if ((own is ships or own == ships) and state.warp == warp and state.gate == gate
            and state.beside == beside):
        return packed
    return _pack_places(state)


def _pack_places(state: GameState) -> bytes:
    """The places packed (without their array header), and kept as the last packed.

    The ships list is kept itself, not copied: it is marked shared first (as a clone
    marks it: GameState.ships), so it never changes in place from now on (whoever
    writes ships, this state included, works on a copy), and a state still holding it
    holds these ships."""
    state._ships_owned = False
    ships = state._ships
    fresh: bytes = _PACKER.pack((ships, state.warp, state.gate, state.beside))
    packed = fresh[1:]  # without the fixarray header 0x94
    _PLACES[0] = (ships, state.warp[:], state.gate[:], state.beside[:], packed)
    return packed


def _keep(obj: object, packed: bytes) -> bytes:
    if len(_PACKED) >= _PACKED_MAX:
        _PACKED.clear()
    _PACKED[id(obj)] = (obj, packed)
    return packed


def _frozen(v: object) -> bool:
    """True iff v, a tuple msgpack packed, can never change: hashable, it holds no list
    or dict at any depth (what msgpack packs and hashes is atoms and tuples of them)."""
    if type(v) is not tuple:
        return False
    try:
        hash(v)  # only to tell whether it can be hashed: the value is not used
    except TypeError:
        return False
    return True


def _prefix(cfg: Config) -> bytes:
    """The array header and the first two items (the version and the setup)."""
    got = _PACKED.get(id(cfg))
    if got is not None and got[0] is cfg:
        return got[1]
    packer = msgpack.Packer(use_bin_type=True)
    packed = (packer.pack_array_header(_PUBLIC_ITEMS) + packer.pack(ENGINE_VERSION)
              + packer.pack(_encode_setup(cfg)))
    return _keep(cfg, packed)  # Config is frozen (and holds only tuples and atoms)


def _packed_frozen(v: Any) -> bytes:
    """v's encoding (a tuple packs as a list would), kept when v can never change."""
    got = _PACKED.get(id(v))
    if got is not None and got[0] is v:
        return got[1]
    packed: bytes = _PACKER.pack(v)
    return _keep(v, packed) if _frozen(v) else packed


def _packed_claims(claims: tuple[Claim, ...]) -> bytes:
    got = _PACKED.get(id(claims))
    if got is not None and got[0] is claims:
        return got[1]
    pack = _PACKER.pack
    if type(claims) is tuple:
        # A state's claims only grow: those of the last tuple packed (frozen) are
        # usually its first ones, and only the claims after them are packed (equal
        # frozen claims pack the same; a tuple packs as a list would).
        last, body = _CLAIMS[0]
        k = len(last)
        if not (k and len(claims) >= k and claims[:k] == last):
            k, body = 0, b""
        new = claims[k:]
        if all(type(c) is Claim and _frozen(c.hand) for c in new):
            body += b"".join([pack((c.seat, c.kind, c.hand, c.serial)) for c in new])
            _CLAIMS[0] = (claims, body)
            return _keep(claims, _PACKER.pack_array_header(len(claims)) + body)
    packed: bytes = pack([[c.seat, c.kind, list(c.hand), c.serial] for c in claims])
    return packed


# The claims last packed (a tuple of frozen claims) and their items' bytes, without the
# array header: one tuple, read and replaced whole.
_CLAIMS: list[tuple[tuple[Claim, ...], bytes]] = [((), b"")]


def _packed_faces(faces: dict[int, int]) -> bytes:
    """sorted(faces.items())'s encoding; kept while the same dict holds the same items."""
    kept, items, packed = _FACES[0]
    if faces is kept and faces == items:
        return packed
    handles = sorted(faces)  # = sorted(faces.items()): the keys are distinct; ints sort
    # faster than pairs
    packed = bytes(_PACKER.pack(list(zip(handles, map(faces.__getitem__, handles)))))
    _FACES[0] = (faces, dict(faces), packed)
    return packed
