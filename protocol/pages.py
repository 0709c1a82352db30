# Secret pages in the card protocol (sans-IO): a seat's count on each of P places (the map
# game's Invisible Beings: P = 26 worlds, the count of its unseen tokens on each) that
# only the seat knows, committed place by place so that one place can be opened without
# the others. PageSeat is CardSeat with the page operations.
#
# How it works (docs/card-protocol.md, 10.5 "Secret pages"):
# - `cards.page` (announced by the seat before its page action, the map game's
#   `conceal`): P salted commitments, one a place, purpose "cards.page/<op>", payload
#   u64(serial) || u16(place) || u32(count); `serial` is the position's (the serial of
#   the page claim the action records). Each new page replaces the seat's last one.
# - Additions (chance `unseen_add`) are public: no message; the count of a place is its
#   committed count plus what was added since (or only that, once the place is opened).
# - An opening (chance `unseen_open`): the seat's `cards.unveil` [op, count, salt] opens
#   the place's commitment (every node checks it); a place with no commitment standing
#   (no page yet, or opened since) is public and needs no message. The fact's count is
#   the committed count plus the additions; the place is then empty.
# - Salts derive from the seat's key share x (HMAC-SHA256 under an HKDF of x, bound to the
#   op, place and count): the same after a restart, and at the end of the game, when
#   every x is published, anyone opens every page of every seat (open_pages), which the
#   game then audits in order (engine.game.Rules.audit_pages).
# Invariants: those of CardRecord (every check before any change, blame on the signed
# author); a page's counts are known to its seat from the start, to everyone after the end.
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from protocol import canonical
from protocol.cards import CardSeat
from protocol.cards_record import Body, Operation, reblame
from protocol.cards_wire import PAGE, UNVEIL, blame
from protocol.commit import check_reveal, commitment_digest
from protocol.crypto import group as g
from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.genesis import Genesis

__all__ = ["PageSeat", "Page", "page_key", "page_salt", "page_payload", "page_purpose"]

_KEY_INFO = b"cosmic/cards/page/v1"


def page_key(x: int, game_id: bytes, seat: int) -> bytes:
    """The key of a seat's page salts: HKDF-SHA256 of its key share (32 bytes)."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=game_id,
                info=_KEY_INFO + seat.to_bytes(2, "big")).derive(g.encode_scalar(x))


def page_salt(key: bytes, op: int, place: int, count: int) -> bytes:
    """The salt of one place of a page: HMAC-SHA256(key, canonical[op, place, count])."""
    return hmac.new(key, canonical.encode([op, place, count]), hashlib.sha256).digest()


def page_purpose(op: int) -> str:
    return f"cards.page/{op}"


def page_payload(serial: int, place: int, count: int) -> bytes:
    """What one place's commitment binds: the position's serial, the place, the count."""
    return serial.to_bytes(8, "big") + place.to_bytes(2, "big") + count.to_bytes(4, "big")


@dataclass
class Page:
    """One page commitment: its seat, operation, position serial, one digest a place,
    the public total it holds (bounds each count), and its counts once known."""

    seat: int
    op: int
    serial: int
    digests: tuple[bytes, ...]
    total: int
    counts: tuple[int, ...] | None = None


class PageSeat(CardSeat):
    """CardSeat with secret pages of `places` places (0: the game has none)."""

    def __init__(self, genesis: Genesis, seat: int | None, faces: Iterable[int],
                 secret_seed: bytes | None = None, places: int = 0) -> None:
        super().__init__(genesis, seat, faces, secret_seed)
        self.places = places
        self.pages: list[Page] = []  # every page committed, in order
        self._standing: list[Page | None] = [None] * self.n  # each seat's last page
        self._opened: list[set[int]] = [set() for _ in range(self.n)]  # since it
        self._adds: list[list[int]] = [[0] * places for _ in range(self.n)]  # since it
        self.own_page: list[int] = [0] * places  # our page, as the record says
        self.page_version = 0  # changes whenever own_page does
        self._key = page_key(self._x, self.game_id, max(self.seat, 0))

    def _salt(self, op: int, place: int, count: int) -> bytes:
        return page_salt(self._key, op, place, count)

    def _digest(self, seat: int, op: int, serial: int, place: int, count: int,
                salt: bytes) -> bytes:
        return commitment_digest(self.game_id, seat, page_purpose(op), salt,
                                 page_payload(serial, place, count))

    def count_now(self, seat: int, place: int) -> int | None:
        """The count of a seat's place if it is public (no commitment stands), else None."""
        if self._standing[seat] is None or place in self._opened[seat]:
            return self._adds[seat][place]
        return None

    # --- a page committed (announced before the seat's page action) -----------------------

    def begin_page(self, author: int, serial: int, total: int,
                   counts: Sequence[int] | None = None) -> Operation:
        """Seat `author` commits its new page (ours: `counts`, one a place, each at most
        `total`, what the page holds in all) on the position of `serial`. Whether the
        counts add up is the end-of-game audit's business (peers cannot see them).
        Raises LocalProtocolError for a page of ours that could never open."""
        if counts is not None and (len(counts) != self.places or any(
                type(k) is not int or not 0 <= k <= total for k in counts)):
            raise LocalProtocolError("commitment", f"a page is {self.places} counts of at "
                                     f"most {total}")
        return self._begin("page", [[(author, PAGE)]], serial=serial, total=total,
                           counts=None if counts is None else tuple(counts))

    def _make_page(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        counts, serial = op.data["counts"], op.data["serial"]
        digests = [self._digest(self.seat, op.number, serial, p, k,
                                self._salt(op.number, p, k)) for p, k in enumerate(counts)]
        return [op.number, b"".join(digests)]

    def _recall_page(self, op: Operation, env: Envelope) -> None:
        """Our page, from its digests (a restart): each place's count is the one whose
        derived salt opens it."""
        digests = _split(env.body[1])
        counts = [self._find(self.seat, self._key, op.number, op.data["serial"], p, d,
                             op.data["total"]) for p, d in enumerate(digests)]
        if len(digests) != self.places or None in counts:
            raise LocalProtocolError("secret-seed", "our page does not open with our key")
        op.data["counts"] = tuple(k for k in counts if k is not None)

    def _find(self, seat: int, key: bytes, op: int, serial: int, place: int, digest: bytes,
              total: int) -> int | None:
        for k in range(total + 1):
            if hmac.compare_digest(self._digest(seat, op, serial, place, k,
                                                page_salt(key, op, place, k)), digest):
                return k
        return None

    def _take_page(self, op: Operation, env: Envelope, own: bool) -> None:
        digests = _split(env.body[1])
        if len(digests) != self.places:
            raise blame("schema", f"a page commits to {self.places} places, not "
                        f"{len(digests)}", env)
        counts = op.data["counts"] if own else None
        page = Page(env.author, op.number, op.data["serial"], tuple(digests),
                    op.data["total"], counts)
        self.pages.append(page)
        self._standing[env.author] = page
        self._opened[env.author] = set()
        self._adds[env.author] = [0] * self.places
        if own and counts is not None:
            self._set_own(list(counts))

    def _set_own(self, page: list[int]) -> None:
        self.own_page = page
        self.page_version += 1

    # --- additions: public -----------------------------------------------------------------

    def begin_add(self, seat: int, place: int, count: int) -> Operation:
        """`count` more on a seat's place, in public: no message."""
        self._place(place)
        return self._begin("add", [], seat=seat, place=place, count=count)

    def _end_add(self, op: Operation) -> None:
        seat, place, count = op.data["seat"], op.data["place"], op.data["count"]
        self._adds[seat][place] += count
        if seat == self.seat:
            page = list(self.own_page)
            page[place] += count
            self._set_own(page)

    # --- an opening of one place -----------------------------------------------------------

    def begin_unveil(self, seat: int, place: int, total: int) -> Operation:
        """A seat opens its count on a place (its page holds `total` in all, public): a
        `cards.unveil` opening the place's commitment, or nothing if the count is
        public. The operation's result is the count."""
        self._place(place)
        public = self.count_now(seat, place) is not None
        return self._begin("unveil", [] if public else [[(seat, UNVEIL)]], seat=seat,
                           place=place, total=total, page=self._standing[seat])

    def _make_unveil(self, op: Operation, kind: str, rng: g.Rng) -> Body:
        page: Page = op.data["page"]
        place = op.data["place"]
        if page.counts is None:
            raise LocalProtocolError("secret-seed", "our page is not known here")
        count = page.counts[place]
        return [op.number, count, self._salt(page.op, place, count)]

    def _take_unveil(self, op: Operation, env: Envelope, own: bool) -> None:
        page: Page = op.data["page"]
        seat, place = op.data["seat"], op.data["place"]
        _, count, salt = env.body
        reblame(env, lambda: check_reveal(self.game_id, seat, page_purpose(page.op),
                                           page.digests[place], salt,
                                           page_payload(page.serial, place, count)))
        if count + self._adds[seat][place] > op.data["total"]:
            raise blame("commitment", f"opens {count + self._adds[seat][place]} on place "
                        f"{place}, more than the {op.data['total']} the page holds", env)
        op.data["count"] = count

    def _end_unveil(self, op: Operation) -> None:
        seat, place = op.data["seat"], op.data["place"]
        op.result = op.data.get("count", 0) + self._adds[seat][place]
        self._adds[seat][place] = 0
        if self._standing[seat] is not None:
            self._opened[seat].add(place)
        if seat == self.seat:
            page = list(self.own_page)
            page[place] = 0
            self._set_own(page)

    def _place(self, place: int) -> None:
        if not 0 <= place < self.places:
            raise LocalProtocolError("schema", f"no place {place} on a page")

    # --- the end: every page opened ---------------------------------------------------------

    def open_pages(self) -> dict[int, list[tuple[int, ...]]]:
        """Every seat's pages, in order, opened with the key shares published at the end
        (seat -> pages). Raises RemoteProtocolError("commitment") naming a seat whose page
        does not open (its salts were not the ones its key gives, or a count is beyond
        the page's total), LocalProtocolError before every key share is in."""
        out: dict[int, list[tuple[int, ...]]] = {}
        keys: dict[int, bytes] = {}
        for page in self.pages:
            x = self.secrets[page.seat]
            if x is None:
                raise LocalProtocolError("too-early", "the pages open with every key share")
            if page.counts is None:
                key = keys.setdefault(page.seat, page_key(x, self.game_id, page.seat))
                counts = [self._find(page.seat, key, page.op, page.serial, p, d, page.total)
                          for p, d in enumerate(page.digests)]
                if None in counts:
                    place = counts.index(None)
                    raise RemoteProtocolError(
                        "commitment", f"seat {page.seat}'s page of operation {page.op} does "
                        f"not open on place {place} with its key share", author=page.seat)
                page.counts = tuple(k for k in counts if k is not None)
            out.setdefault(page.seat, []).append(page.counts)
        return out


def _split(data: bytes) -> list[bytes]:
    return [data[i : i + 32] for i in range(0, len(data), 32)]
