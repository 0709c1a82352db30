"""Lazy, indexable sequences of choices, so legal actions can be counted and sampled
uniformly without building every one (a launch from eight colonies has hundreds).

Each sequence has a deterministic order; `list(seq)` is the full legal list. `Dist` is the
core: all ways to take between `lo` and `hi` ships from sources with given capacities,
as sorted (location, count) pairs, ordered by total then lexicographically.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import Any, Generic, TypeVar, overload

__all__ = ["Dist", "Product", "Concat", "Mapped", "Fixed", "Subsets"]

T = TypeVar("T")
Pairs = tuple[tuple[int, int], ...]


class _Lazy(Sequence[T], Generic[T]):
    _len: int

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[T]: ...
    def __getitem__(self, i: int | slice) -> T | Sequence[T]:
        if isinstance(i, slice):
            return [self._get(k) for k in range(*i.indices(len(self)))]
        n = self._len  # below 0 while not yet counted (a Dist counts when first asked)
        if n < 0:
            n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        return self._get(i)

    def __iter__(self) -> Iterator[T]:
        for k in range(len(self)):
            yield self._get(k)

    def _get(self, i: int) -> T:
        raise NotImplementedError


@lru_cache(maxsize=4096)
def _ways(caps: tuple[int, ...], hi: int) -> tuple[int, ...]:
    """row[t]: the ways to split a total t (0..hi) over sources with these capacities.
    Built from the row of the sources after the first (cached too, so rows of a common
    tail are shared); a Dist counts and unranks with these rows."""
    if not caps:
        return (1,) + (0,) * hi
    rest = _ways(caps[1:], hi)
    run = (0, *accumulate(rest))  # ways(t) = the sum of `rest` over t-cap..t
    cap = caps[0]
    return tuple(run[t + 1] - run[max(0, t - cap)] for t in range(hi + 1))


class Dist(_Lazy[Pairs]):
    """Every way to take `lo`..`hi` ships from `sources` [(location, capacity), ...]."""

    def __init__(self, sources: Sequence[tuple[int, int]], lo: int, hi: int) -> None:
        locs, caps = [], []
        for loc, cap in sources:
            if cap > 0:
                locs.append(loc)
                caps.append(cap if cap < hi else hi)  # min(cap, hi)
        self.locs, self.caps = tuple(locs), tuple(caps)
        # Every total from lo to hi can be made (hi is capped by the ships there), so
        # `contains` needs only these bounds; the counts are made when first asked for.
        self.lo, self.hi = max(lo, 0), min(hi, sum(self.caps))
        self._totals: list[tuple[int, int]] | None = None
        self._len = -1

    @property
    def totals(self) -> list[tuple[int, int]]:
        """(total, ways to take it), for every total allowed, smallest first."""
        if self._totals is None:
            first = _ways(self.caps, self.hi)
            self._totals = [(t, first[t]) for t in range(self.lo, self.hi + 1)]
        return self._totals

    def __len__(self) -> int:
        if self._len < 0:
            self._len = sum(w for _, w in self.totals)
        return self._len

    def _get(self, i: int) -> Pairs:
        for total, w in self.totals:
            if i < w:
                return self._unrank(total, i)
            i -= w
        raise IndexError(i)

    def _unrank(self, total: int, i: int) -> Pairs:
        out = []
        caps = self.caps
        for k, loc in enumerate(self.locs):
            rest = _ways(caps[k + 1:], self.hi)  # ways over the sources after this one
            # Larger counts at earlier locations first: (4 from A) before (3 from A, 1 from B).
            for c in range(min(caps[k], total), -1, -1):
                w = rest[total - c]
                if i < w:
                    if c:
                        out.append((loc, c))
                    total -= c
                    break
                i -= w
        return tuple(out)

    def contains(self, pairs: Pairs) -> bool:
        """Is `pairs` one of this sequence's members (sorted, positive, within caps)?"""
        cap = dict(zip(self.locs, self.caps))
        last = None
        total = 0
        for loc, c in pairs:
            if last is not None and loc <= last:
                return False
            if c <= 0 or c > cap.get(loc, 0):
                return False
            last = loc
            total += c
        return self.lo <= total <= self.hi


class Fixed(_Lazy[T]):
    def __init__(self, items: Sequence[T]) -> None:
        self.items = list(items)
        self._len = len(self.items)

    def _get(self, i: int) -> T:
        return self.items[i]

    def __getitem__(self, i: Any) -> Any:  # the list's own indexing: same results, faster
        return self.items[i]


class Mapped(_Lazy[T]):
    def __init__(self, inner: Sequence[Any], fn: Callable[[Any], T]) -> None:
        self.inner, self.fn = inner, fn
        self._len = len(inner)

    def _get(self, i: int) -> T:
        return self.fn(self.inner[i])


class Product(_Lazy[tuple[Any, ...]]):
    """Cartesian product, first factor varying slowest."""

    def __init__(self, *factors: Sequence[Any]) -> None:
        self.factors = factors
        n = 1
        for f in factors:
            n *= len(f)
        self._len = n

    def _get(self, i: int) -> tuple[Any, ...]:
        out = []
        for f in reversed(self.factors):
            i, r = divmod(i, len(f))
            out.append(f[r])
        return tuple(reversed(out))


class Concat(_Lazy[T]):
    def __init__(self, *parts: Sequence[T]) -> None:
        kept: list[Sequence[T]] = []
        lens: list[int] = []
        for p in parts:
            k = len(p)
            if k:
                kept.append(p)
                lens.append(k)
        self.parts, self.lens = kept, lens  # the parts that are not empty, their lengths
        self._len = sum(lens)

    def _get(self, i: int) -> T:
        for p, k in zip(self.parts, self.lens):
            if i < k:
                return p[i]
            i -= k
        raise IndexError(i)


class Subsets(_Lazy[tuple[int, ...]]):
    """All subsets of `items` (in bit order of the index), the empty set first."""

    def __init__(self, items: Sequence[int], nonempty: bool = False) -> None:
        self.items = tuple(items)
        self.skip = 1 if nonempty else 0
        self._len = (1 << len(self.items)) - self.skip

    def _get(self, i: int) -> tuple[int, ...]:
        i += self.skip
        return tuple(x for k, x in enumerate(self.items) if i >> k & 1)
