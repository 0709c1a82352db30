# Whether several journals of one game tell one history (sans-IO).
#
# Each seat's node writes its own journal. Verified one by one, each journal shows that
# the history it holds is legal; it cannot show that the seats were all shown the same
# history. A seat that signs two versions of its chain, one for some peers and one for
# others (a fork), is caught by the nodes when they meet afterwards; a node that leaves
# before it hears of the fork keeps a journal that verifies alone. Put two such journals
# side by side and the fork is plain: one author, one seq, two different signed envelopes.
# That pair is proof anyone can check with the author's public key from the genesis.
#
# Invariants:
# - Pure: parsed journals in, findings out; nothing is read or written here.
# - Journals are grouped by game id, in the order given; a group of one is not compared.
# - Envelopes are matched by (author, seq), never by their place in a journal (chat and
#   card messages may be taken in another order by another node).
# - Two envelopes of one (author, seq) are the same when their signed bytes are (a
#   signature is not compared: the content is what was shown).
# - A difference is a fork only when both envelopes open with their signatures checked
#   under the author's key in the genesis: anything less proves nothing about the
#   author (a damaged or forged record is its own journal's failure, and is reported as
#   such, never as the author's fork).
# - Bounded: every (author, seq) is kept once (the first journal's version), and at most
#   MAX_FINDINGS differences are reported for a group.
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from protocol.envelope import Envelope, open_envelope
from protocol.errors import RemoteProtocolError
from protocol.game import GAME_KINDS
from protocol.journal import RECORD_ENVELOPE, JournalContents

__all__ = ["MAX_FINDINGS", "Place", "Difference", "Agreement", "compare_journals"]

MAX_FINDINGS = 16


@dataclass(frozen=True, slots=True)
class Place:
    """Record `record` of journal number `journal` (its position in the list given)."""

    journal: int
    record: int


@dataclass(frozen=True, slots=True)
class Difference:
    """Two envelopes of one (author, seq) whose signed bytes differ: at `first` (the
    version the earliest journal holds) and at `second`. `proven` is True when both
    carry the author's valid signature (a fork: the pair is proof of it); False when
    one of them does not (a damaged or forged record, not the author's doing)."""

    author: int
    seq: int
    first: Place
    second: Place
    proven: bool
    first_raw: bytes
    second_raw: bytes


@dataclass(frozen=True, slots=True)
class Agreement:
    """The comparison of the journals of one game: `journals` are their positions in
    the list given; `envelopes` how many envelopes each holds (in that order);
    `shared` how many (author, seq) at least two of them hold; `differences` where
    they differ (at most MAX_FINDINGS; `more` counts those left out)."""

    game_id: bytes
    journals: tuple[int, ...]
    envelopes: tuple[int, ...]
    shared: int
    differences: tuple[Difference, ...]
    more: int

    @property
    def agree(self) -> bool:
        return not self.differences

    @property
    def forks(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if d.proven)


def _envelopes(contents: JournalContents) -> list[tuple[int, Envelope]]:
    """(record index, envelope) of every envelope record that opens (its signature is
    checked only where a difference needs it)."""
    out = []
    for entry in contents.entries:
        if entry.type != RECORD_ENVELOPE:
            continue
        try:
            env = open_envelope(entry.data, contents.genesis, GAME_KINDS,
                                check_signature=False)
        except RemoteProtocolError:
            continue  # its own journal's check names it
        out.append((entry.index, env))
    return out


def _signed_by_author(env: Envelope, contents: JournalContents) -> bool:
    try:
        open_envelope(env.raw, contents.genesis, GAME_KINDS)  # signature included
    except RemoteProtocolError:
        return False
    return True


def _compare(game_id: bytes, members: list[int],
             journals: Sequence[JournalContents]) -> Agreement:
    held: dict[tuple[int, int], tuple[Place, Envelope]] = {}
    seen_by: dict[tuple[int, int], int] = {}  # how many journals hold it
    differences: list[Difference] = []
    reported: set[tuple[int, int, bytes]] = set()
    more = 0
    counts = []
    for j in members:
        envelopes = _envelopes(journals[j])
        counts.append(len(envelopes))
        here: set[tuple[int, int]] = set()
        for record, env in envelopes:
            key = (env.author, env.seq)
            kept = held.get(key)
            if kept is None:
                held[key] = (Place(j, record), env)
            elif kept[1].signed != env.signed and (*key, env.signed) not in reported:
                reported.add((*key, env.signed))
                if len(differences) >= MAX_FINDINGS:
                    more += 1
                    continue
                first_place, first = kept
                proven = (_signed_by_author(first, journals[first_place.journal])
                          and _signed_by_author(env, journals[j]))
                differences.append(Difference(env.author, env.seq, first_place,
                                              Place(j, record), proven, first.raw, env.raw))
            if key not in here:
                here.add(key)
                seen_by[key] = seen_by.get(key, 0) + 1
    shared = sum(1 for n in seen_by.values() if n > 1)
    return Agreement(game_id, tuple(members), tuple(counts), shared, tuple(differences), more)


def compare_journals(journals: Sequence[JournalContents]) -> list[Agreement]:
    """Compare every group of two or more journals of one game (by game id, in the order
    of each game's first journal)."""
    groups: dict[bytes, list[int]] = {}
    for j, contents in enumerate(journals):
        groups.setdefault(contents.genesis.game_id, []).append(j)
    return [_compare(game_id, members, journals)
            for game_id, members in groups.items() if len(members) > 1]
