"""The order the suite runs in, and the compiled modules its processes share (nothing
here changes what a test checks).

Tests marked `heavy` (tens of seconds of a core each) are collected first and every other
test after them in pytest's order. `pytest -n N` runs with pytest-xdist's work-stealing
scheduler (in place of its default, "load"): each worker is handed its share of the
tests, consecutive ones, at the start, and a worker that runs out takes half of what the
busiest one has left. The heavy tests are dealt in turn to the heads of those shares, so
every worker starts on its share of them at once. (Under "load" a worker was handed
batches of up to a quarter of what was left, and a batch once handed could not move: in
two runs of the suite one worker ran on alone for the last 106 and 379 s while the
other core idled; with stealing both end within seconds of each other.) No test's
verdict depends on the order (a module's tests keep their order among themselves).

And the Python processes the tests start (the xdist workers, every `cosmic` a journey
runs, every node a game starts) share one bytecode cache made for the run, so that each
module is compiled once, not once a process. Where the environment forbids writing
bytecode (PYTHONDONTWRITEBYTECODE), every process compiled the project's two hundred
modules again, a fifth of a second of a core each time. The cache is a fresh directory
outside the source tree (PYTHONPYCACHEPREFIX), removed at the end: nothing is written
next to the sources, and no run reads what another compiled.

And a test that takes cli.cmd_demo.free_udp_port for its game's port gets one of
_ports.free_port's instead (see there): one the kernel does not hand to another socket
before the game's nodes bind it, and no other worker or test run is given. (For users
the demo still takes whatever port the kernel finds free.)
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from node.transport import Mesh

_PYCACHE = "PYTHONPYCACHEPREFIX"
_cache_dir = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "heavy: a long test, collected first so the workers finish together")
    if not hasattr(config, "workerinput") and _PYCACHE not in os.environ:
        # In the first process only: xdist starts its workers later, and they inherit it.
        cache = tempfile.mkdtemp(prefix="cosmic-tests-pycache-")
        config.stash[_cache_dir] = cache
        os.environ[_PYCACHE] = cache
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    # Before the test modules are imported: they take it by name from cli.cmd_demo.
    import cli.cmd_demo
    from _ports import free_port
    # (the product's own kept beside it, for the test of what `cosmic play` gets)
    setattr(cli.cmd_demo, "_product_free_udp_port", cli.cmd_demo.free_udp_port)
    setattr(cli.cmd_demo, "free_udp_port", free_port)


def pytest_unconfigure(config: pytest.Config) -> None:
    cache = config.stash.get(_cache_dir, None)
    if cache is not None:
        del os.environ[_PYCACHE]
        shutil.rmtree(cache, ignore_errors=True)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "load":  # what -n alone runs
        return None  # another scheduler, asked for by name (--dist), is left alone
    from xdist.scheduler import WorkStealingScheduling
    return WorkStealingScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    heavy = [item for item in items if item.get_closest_marker("heavy")]
    rest = iter([item for item in items if not item.get_closest_marker("heavy")])
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    batch = max(len(items) // workers, 2)  # each worker's first share
    if len(heavy) > batch:
        batch = len(heavy)  # more than a share (not so now): one after the other
    at = {(k % workers) * batch + k // workers: item for k, item in enumerate(heavy)}
    if at and max(at) >= len(items):  # fewer tests than workers' batches: just first
        at = dict(enumerate(heavy))
    items[:] = [at[k] if k in at else next(rest) for k in range(len(items))]


@pytest.fixture
def closing() -> Iterable[list[Mesh]]:
    """Meshes a test makes, closed (without goodbyes) after it."""
    made: list[Mesh] = []
    yield made
    for m in made:
        m.close(goodbye=False)
