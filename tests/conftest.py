"""The order the suite runs in (nothing here changes what a test checks).

Tests marked `heavy` (tens of seconds of a core each) are collected first, in their own
order, and every other test after them in pytest's order: `pytest -n 2` hands tests to
its workers in collection order, so a long test starts while the other worker goes
through the short ones, instead of being handed out last and run alone while a core
idles. No test's verdict depends on the order (a module's tests keep their order).
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "heavy: a long test, collected first so the workers finish together")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items[:] = sorted(items, key=lambda item: item.get_closest_marker("heavy") is None)
