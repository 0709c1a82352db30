"""A lobby is said in one set of words, `cosmic join`'s (cli/cmd_join.py lobby_words):
`LobbyInfo.describe()`, an older wording ("N/M seated, OPTIONS: names") that nothing
printed any more, is gone rather than left to drift from them."""

from __future__ import annotations

from node.lobby import LobbyInfo


def test_a_lobby_has_one_wording() -> None:
    assert not hasattr(LobbyInfo, "describe")
    from cli.cmd_join import lobby_words
    assert callable(lobby_words)
