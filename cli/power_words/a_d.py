"""Words for the uses of the aliens ambush to doppleganger (see cli/power_words: Spec)."""

from __future__ import annotations

OPTIONS: dict[str, dict[int, tuple[str, tuple[str, ...]]]] = {
}
