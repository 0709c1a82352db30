"""The order the suite runs in (nothing here changes what a test checks).

Tests marked `heavy` (tens of seconds of a core each) are collected first and every other
test after them in pytest's order. `pytest -n N` hands each worker a first batch of
consecutive tests (pytest-xdist's load scheduling: a quarter of its share), then more as
it goes: the heavy tests are dealt in turn into those first batches, so every worker
starts on its share of them at once, instead of one worker being handed them last and
running them alone while the other cores idle. No test's verdict depends on the order (a
module's tests keep their order among themselves).
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "heavy: a long test, collected first so the workers finish together")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    heavy = [item for item in items if item.get_closest_marker("heavy")]
    rest = iter([item for item in items if not item.get_closest_marker("heavy")])
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    batch = max(len(items) // workers // 4, 2)  # each worker's first batch
    if len(heavy) > batch:
        batch = len(heavy)  # more than a batch (not so now): one after the other
    at = {(k % workers) * batch + k // workers: item for k, item in enumerate(heavy)}
    if at and max(at) >= len(items):  # fewer tests than workers' batches: just first
        at = dict(enumerate(heavy))
    items[:] = [at[k] if k in at else next(rest) for k in range(len(items))]
