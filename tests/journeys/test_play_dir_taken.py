"""`cosmic play --dir D` where D holds another game (a `play` game left unfinished):
refused before anything is written, naming what to do (a new folder, or `cosmic resume`
of that game, the seat that runs its bots); no bot starts and nothing in D changes."""

from __future__ import annotations

from pathlib import Path

from _journey import cosmic
from cli.cmd_demo import prepare
from node.journal_file import JournalFile
from node.resume import ResumeInfo
from protocol.genesis import Genesis


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def test_play_into_a_folder_of_another_game_changes_nothing(tmp_path: Path,
                                                              home: Path) -> None:
    game = tmp_path / "kept"
    gpath, _ = prepare(3, "kept", game, names=["bot-0", "player", "bot-2"])
    genesis = Genesis.decode(gpath.read_bytes())
    for seat in range(3):
        JournalFile.create(game / f"seat-{seat}.journal", genesis).close()
    ResumeInfo(seat=1, started_by="play", bots=[["node", "--seat", "0"]]).save(
        game / "seat-1.journal")  # the person's seat, which runs the bots
    before = _files(game)
    r = cosmic("play", "--dir", str(game), "--players", "2", "--plain", home=home,
               stdin="", timeout=60)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "Setting up" not in r.stdout, r.stdout
    said = " ".join(r.stderr.split())
    assert f"{game} already holds another game" in said, r.stderr
    assert "nothing in it was changed" in said and "new folder with --dir" in said, said
    assert f"`cosmic resume {game / 'seat-1.journal'}`" in said, said
    assert _files(game) == before  # no key, genesis, journal or resume file written over
