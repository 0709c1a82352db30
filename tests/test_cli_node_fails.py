"""A seat's node that fails under the client (here its mesh, closed under it: the next
tick raises) has stopped: the person reads why and what to do (resume, verify) and the
plain client ends by itself, rather than a client whose follower died silently and
whose status waits for ever."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from cli.client import NetworkSession
from cli.textplay import PlainClient
from node.runner import NodeRunner


def _played_plain(runner: NodeRunner) -> tuple[NetworkSession, str, str]:
    """The plain client on this node's session with nothing typed, until it ends: the
    session, what run() returned, and what the client printed."""
    session = NetworkSession(runner)
    out = io.StringIO()
    client = PlainClient(session, io.StringIO(""), out)
    ended = asyncio.run(asyncio.wait_for(client.run(), 30))
    return session, ended, out.getvalue()


def test_a_node_that_fails_is_said_with_what_to_do(tmp_path: Path) -> None:
    from cli.cmd_demo import prepare
    from node.journal_file import read_key_file
    from node.runner import NodeOptions
    from protocol.genesis import Genesis

    gpath, keys = prepare(3, "node-fails", tmp_path, 1)
    genesis = Genesis.decode(gpath.read_bytes())
    journal = tmp_path / "seat-0.journal"
    runner = NodeRunner(genesis, 0, read_key_file(keys[0]), journal,
                        NodeOptions(hello_bind=None))
    try:
        runner.mesh.close()  # the node's sockets are gone: its next tick raises
        session, ended, said = _played_plain(runner)
    finally:
        runner.close()
    assert ended == "quit", said
    assert session.failure.startswith("ValueError: "), session.failure
    assert f"!! Your node has stopped: {session.failure}" in said, said
    assert f"cosmic resume {journal} goes on with it (cosmic verify {journal} checks " \
        "it)." in said, said
    assert said.rstrip().endswith("-- YOUR NODE HAS STOPPED (it failed): see the log"), said


def test_a_node_halted_by_a_proven_fork_is_said_with_the_proof(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 1 signs two different first envelopes (two instances of one key, each with
    its own card secrets): the person's node proves the fork, tells its peers for its
    linger time, then stops (the game cannot go on), and the screen says so, with the
    journal to verify (no resume: the fork stays)."""
    from cli.cmd_demo import prepare
    from node.core import NodeCore
    from node.journal_file import read_key_file
    from node.runner import NodeOptions
    from protocol.genesis import Genesis

    gpath, keys = prepare(3, "node-halts", tmp_path, 1)
    genesis = Genesis.decode(gpath.read_bytes())
    journal = tmp_path / "seat-0.journal"
    runner = NodeRunner(genesis, 0, read_key_file(keys[0]), journal,
                        NodeOptions(hello_bind=None, linger_s=0.2))
    try:
        twins = [NodeCore(genesis, 1, read_key_file(keys[1]), secret_seed=bytes([k]) * 32)
                 for k in (1, 2)]
        runner.tick(0)  # our own key commitment first: seat 1's comes next, twice
        for twin in twins:
            for raw in runner.core.record:
                twin.offer(raw)
            twin.pump()
            for raw in twin.outbox():
                runner.core.offer(raw)
        session, ended, said = _played_plain(runner)
    finally:
        runner.close()
    assert ended == "quit", said
    assert runner.core.halted and runner.gave_up, said
    assert f"!! Your node has stopped: {runner.gave_up}" in said, said
    assert "two different signed envelopes of seat 1 (blue)" in said, said
    assert f"The proof is in your journal: cosmic verify {journal} names the seat." in said
    assert said.rstrip().endswith("-- YOUR NODE HAS STOPPED (a seat signed two histories): "
                                  "see the log"), said
    from cli.netgame import _said_the_end  # the terminal's last words, once it has left
    capsys.readouterr()
    _said_the_end(runner, journal, "")
    last = capsys.readouterr().out
    assert last == (f"Game left unfinished: it cannot go on, a seat signed two histories "
                    f"(the proof: cosmic verify {journal}).\n"), last  # (no resume)
