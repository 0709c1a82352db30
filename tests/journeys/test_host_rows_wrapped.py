"""`cosmic host` in an 80-column terminal: its own long lines, the announcement
("Hosting ...; others run `cosmic join`. Your key: ...") and the seats of the game agreed
("The game: red ann (...), ..."), break between words with their continued rows indented,
as the lobby's other lines do; the terminal broke them mid-word ("cosmic j" / "oin`",
"player-90" / "5d")."""

from __future__ import annotations

import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _ports import free_port
from _tmux import Terminal

LOOPBACK = "127.255.255.255"


def _rows_of(screen: str, first: str) -> list[str]:
    """The rows of the line that starts with `first`: its row and the indented ones."""
    rows = [r.rstrip() for r in screen.splitlines()]
    at = next(i for i, r in enumerate(rows) if r.startswith(first))
    out = [rows[at]]
    for row in rows[at + 1:]:
        if not row.startswith("  ") or row.startswith("  in the lobby"):
            break
        out.append(row)
    return out


def test_the_hosts_long_lines_break_between_words(tmp_path: Path) -> None:
    lan = ["--port", str(free_port()), "--target", LOOPBACK, "--timeout", "60"]
    homes = [tmp_path / n for n in ("host", "join")]
    for h in homes:
        h.mkdir()
    host = [str(COSMIC), "host", "--players", "2", "--name", "Alexandra-the-first-host",
            "--variant", "single_encounter", "--variant", "four_planets", "--max-turns",
            "1", "--plain", "--yes", "--bot", *lan]
    with Terminal(host, tmp_path, env=cosmic_env(homes[0]), width=80) as term:
        term.wait_for("in the lobby:", timeout=30)
        joiner = subprocess.Popen([str(COSMIC), "join", "--name", "Bartholomew-the-joiner",
                                   "--yes", "--bot", "--plain", *lan],
                                  env=cosmic_env(homes[1]), cwd=homes[1],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            screen = term.wait_for("Your journal:", timeout=60)
        finally:
            joiner.kill()
            joiner.wait()
    hosting = _rows_of(screen, "Hosting ")
    agreed = _rows_of(screen, "The game: ")
    for rows in (hosting, agreed):
        assert len(rows) > 1 and all(len(r) < 80 for r in rows), screen
        assert all(r.startswith("  ") for r in rows[1:]), screen
    assert any("others run `cosmic join`" in r for r in hosting), screen
    words = " ".join(r.strip() for r in agreed)
    assert "red Alexandra-the-first-host (" in words and "blue Bartholomew-the-joiner (" in words, screen
