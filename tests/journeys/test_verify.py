"""`cosmic verify` as a user runs it (the installed .venv/bin/cosmic, as a subprocess) on
the journals of a real networked game: verifying means the whole game. A finished game
passes; a copy cut before the end, a torn tail, or a game cut before its end-of-game
audit fails and says where it stops; --partial accepts a game in progress and says how
far it was verified; --json --audit shows null for claims not audited.

One `cosmic demo` game is shared by every test (and every xdist worker)."""

from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from protocol.envelope import open_envelope
from protocol.game import GAME_KINDS
from protocol.journal import RECORD_ENVELOPE, parse_journal

ROOT = Path(__file__).resolve().parents[2]
COSMIC = ROOT / ".venv" / "bin" / "cosmic"


def _shared_dir(factory: pytest.TempPathFactory) -> Path:
    """A directory every xdist worker of this test run sees (the base temp otherwise)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def _once(factory: pytest.TempPathFactory, name: str) -> Iterator[tuple[Path, bool]]:
    """(a shared directory for `name`, whether it still has to be made): the first worker
    to come makes it while the others wait."""
    directory = _shared_dir(factory) / name
    with open(_shared_dir(factory) / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        todo = not (directory / "done").exists()
        yield directory, todo
        if todo:
            (directory / "done").touch()


@pytest.fixture(scope="session")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory of one finished 3-seat networked game (made once per test run)."""
    with _once(tmp_path_factory, "verify-journey-game") as (directory, todo):
        if todo:
            r = subprocess.run([str(COSMIC), "demo", "--players", "3", "--seed", "1", "--dir",
                                str(directory), "--quiet"],
                               capture_output=True, text=True, timeout=300)
            assert r.returncode == 0, r.stdout + r.stderr
    return directory


def verify(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(COSMIC), "verify", *map(str, args)], capture_output=True,
                          text=True, timeout=300)


def blocks(r: subprocess.CompletedProcess[str], paths: list[Path]) -> dict[str, str]:
    """The text output of several journals, split by journal (each starts with its path;
    the comparison of journals of one game comes after them all)."""
    out: dict[str, str] = {}
    current = None
    for line in r.stdout.splitlines():
        if line.startswith("journals of game "):
            break
        starts = [p for p in paths if line.startswith(f"{p}: ")]
        if starts:
            current = starts[0].stem
            out[current] = ""
        assert current is not None, r.stdout
        out[current] += line + "\n"
    assert sorted(out) == sorted(p.stem for p in paths), r.stdout + r.stderr
    return out


def rows(r: subprocess.CompletedProcess[str]) -> dict[str, dict[str, Any]]:
    """The JSON output of several journals, by journal (not the comparisons after them,
    which name "journals", not a "path")."""
    found = [json.loads(line) for line in r.stdout.splitlines()]
    return {Path(row["path"]).stem: row for row in found if "path" in row}


class Runs:
    """Journals cut from the game, and what `cosmic verify` says of them: each command
    is run once for all the tests (each run verifies every journal it is given), and its
    output is kept for the other workers."""

    def __init__(self, game: Path, tmp: Path, todo: bool) -> None:
        whole = (game / "seat-0.journal").read_bytes()
        self.contents = contents = parse_journal(whole)
        # Cut in the middle of whatever game the demo played (its length depends on the
        # rules data): records 0..cut-1 stay, record `cut` is the first one lost.
        self.cut = cut = len(contents.entries) // 2
        self.at_cut = contents.entries[cut].offset
        self.secret = next(
            e for e in contents.entries if e.type == RECORD_ENVELOPE
            and open_envelope(e.data, contents.genesis, GAME_KINDS).kind == "cards.secret")
        cuts = {
            "finished": whole,
            "prefix": whole[:self.at_cut],  # a clean prefix: records 0..cut-1
            "torn": whole[:self.at_cut + 20],  # record `cut` cut off after 20 bytes
            "whole-then-torn": whole + whole[self.at_cut:self.at_cut + 30],
            "no-audit": whole[:self.secret.offset],  # over, without the key shares
        }
        self.paths = {name: tmp / f"{name}.journal" for name in cuts}
        every = list(self.paths.values())
        unfinished = [self.paths[n] for n in ("prefix", "torn", "whole-then-torn", "no-audit")]
        commands = {
            "text": every,
            "partial": ["--partial", *unfinished],
            "audit_json": ["--json", "--audit", self.paths["finished"], self.paths["no-audit"]],
            "partial_json": ["--json", "--partial", self.paths["prefix"]],
            "audit_partial": ["--audit", "--partial", self.paths["prefix"]],
        }
        if todo:
            tmp.mkdir(parents=True, exist_ok=True)
            for name, data in cuts.items():
                self.paths[name].write_bytes(data)
            done = {k: verify(*args) for k, args in commands.items()}
            (tmp / "runs.json").write_text(json.dumps(
                {k: [r.returncode, r.stdout, r.stderr] for k, r in done.items()}))
        kept = json.loads((tmp / "runs.json").read_text())
        got = {k: subprocess.CompletedProcess(["cosmic", "verify", *map(str, commands[k])],
                                              *kept[k]) for k in commands}
        self.text, self.partial = got["text"], got["partial"]
        self.audit_json, self.partial_json = got["audit_json"], got["partial_json"]
        self.audit_partial = got["audit_partial"]
        self.text_blocks = blocks(self.text, every)
        self.partial_blocks = blocks(self.partial, unfinished)


@pytest.fixture(scope="session")
def runs(game: Path, tmp_path_factory: pytest.TempPathFactory) -> Runs:
    with _once(tmp_path_factory, "verify-journey-runs") as (directory, todo):
        return Runs(game, directory, todo)


def test_a_finished_game_verifies(runs: Runs) -> None:
    out = runs.text_blocks["finished"]
    assert out.startswith(f"{runs.paths['finished']}: OK\n")
    assert "outcome   colonies" in out or "outcome   turn_limit" in out
    assert "hidden claims audited" in out and "incomplete" not in out
    data = rows(runs.audit_json)["finished"]
    entries = runs.contents.entries
    assert data["ok"] is True and data["exit"] == 0 and data["complete"] is True
    assert data["incomplete"] is None and data["error"] is None and data["audited"] is True
    assert data["last_record"] == entries[-1].index and data["records"] == len(entries)
    claims = data["claim_list"]
    assert claims and all(c["true"] is True for c in claims)  # audited, every one held


def test_audit_says_each_claim_in_words_of_its_seat(runs: Runs) -> None:
    """`--audit` lists every hidden claim as a person reads it: the seat by number, name
    and colour, what it said in words, the claim's kind in brackets, and the verdict."""
    r = verify("--audit", runs.paths["finished"])
    assert r.returncode == 0, r.stdout + r.stderr
    said = [x for x in r.stdout.splitlines() if x.startswith("    claim at record ")]
    claims = rows(runs.audit_json)["finished"]["claim_list"]
    assert len(said) == len(claims) > 0
    seats = runs.contents.genesis.seats
    for line, c in zip(said, claims):
        seat = seats[c["seat"]]
        assert line == (f"    claim at record {c['record']}: seat {c['seat']} {seat.name} "
                        f"({seat.colour}) {_CLAIM_WORDS[c['kind']]} ({c['kind']}): true"), line


# What a Cosmic game's claims say (engine/cosmic/audit.py checks them).
_CLAIM_WORDS = {"has_encounter": "says it holds an encounter card",
                "no_encounter": "says it holds no encounter card"}


def test_several_journals_the_worst_status_wins(runs: Runs) -> None:
    assert runs.text.returncode == 1  # one finished, the others not: fails
    assert runs.partial.returncode == 0, runs.partial.stdout  # each is a game in progress


def test_a_copy_cut_before_the_end_fails_and_says_where_it_stops(runs: Runs) -> None:
    out = runs.text_blocks["prefix"]
    head = out.splitlines()[0]
    last = runs.cut - 1
    m = re.search(rf"FAILED: incomplete: the journal stops after record {last} \(turn (\d+)\), "
                  r"before the game's end \(--partial checks a game in progress\)$", head)
    assert m, head
    assert "outcome   not over" in out
    # --partial: accepted, and it says how far it went.
    assert runs.partial_blocks["prefix"].splitlines()[:2] == [
        f"{runs.paths['prefix']}: OK (partial): records 0..{last} verified, up to turn "
        f"{m.group(1)}",
        f"  incomplete: the journal stops after record {last} (turn {m.group(1)}), before the "
        "game's end"]
    # ... and whose envelope the game waited for there (a node that stopped, one that
    # held it back, or a cut copy: the words accuse nobody).
    nxt = re.match(r"  next      an envelope of seat (\d), bot-\1 \((\w+)\): the game waited "
                   r"for it here \(its node stopped or held it back, or the journal was "
                   r"cut\)$", runs.partial_blocks["prefix"].splitlines()[2])
    assert nxt, runs.partial_blocks["prefix"]
    assert runs.partial_json.returncode == 0
    data = rows(runs.partial_json)["prefix"]
    assert data["awaited"] == int(nxt.group(1))
    assert (data["ok"], data["exit"], data["complete"], data["error"]) == (True, 0, False, None)
    assert (data["last_record"], data["records"], data["turn"]) == (last, runs.cut, int(m.group(1)))
    assert f"stops after record {last}" in data["incomplete"]


def test_a_torn_tail_fails_unless_partial(runs: Runs) -> None:
    head = runs.text_blocks["torn"].splitlines()[0]
    last = runs.cut - 1
    assert (f"FAILED: incomplete: its last record is torn (truncated): record {runs.cut}, "
            f"from byte {runs.at_cut} (20 bytes), is lost; the journal stops after record "
            f"{last}") in head
    out = runs.partial_blocks["torn"]
    assert f"OK (partial): records 0..{last} verified" in out
    assert "warning: the last record is torn" in out
    # A whole game followed by a torn record is not a whole journal either.
    head = runs.text_blocks["whole-then-torn"].splitlines()[0]
    assert "FAILED: incomplete: its last record is torn" in head and "stops" not in head
    assert "OK (partial)" in runs.partial_blocks["whole-then-torn"]


def test_a_game_cut_before_its_end_of_game_audit_fails(runs: Runs) -> None:
    out = runs.text_blocks["no-audit"]
    assert (f"FAILED: incomplete: the journal stops after record {runs.secret.index - 1}: the "
            "game is over, but its end-of-game audit is missing") in out
    assert "not audited" in out
    assert "OK (partial)" in runs.partial_blocks["no-audit"]
    # --audit requires the audit; claims not audited are null, never false.
    assert runs.audit_json.returncode == 1
    data = rows(runs.audit_json)["no-audit"]
    assert data["audited"] is False and data["ok"] is False and data["complete"] is False
    claims = data["claim_list"]
    assert claims and all(c["true"] is None for c in claims), claims


def test_audit_of_a_game_in_progress_says_why_the_faces_are_unknown(runs: Runs) -> None:
    r = runs.audit_partial
    assert r.returncode == 1, r.stdout + r.stderr
    head = r.stdout.splitlines()[0]
    assert "the claims audit needs every face, and they are not all known" in head
    assert "end-of-game key share" in head
    assert f"the journal stops after record {runs.cut - 1}" in head


def test_help_says_the_audit_is_for_every_game_and_offers_partial() -> None:
    r = subprocess.run([str(COSMIC), "verify", "--help"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0
    text = " ".join(r.stdout.split())
    assert "local games" not in text
    assert "end-of-game audit" in text and "--partial" in text and "whole game" in text


def test_a_card_message_moved_before_what_it_waits_for_blames_no_seat(
        game: Path, tmp_path: Path) -> None:
    """Two seats' card-protocol messages swapped in the file: a node takes one that comes
    early later (section 9, `too-early`), so in a journal it shows the file out of order,
    not its author's fault."""
    from cli.cmd_verify import result_text
    from node.verify import verify_journal

    whole = (game / "seat-0.journal").read_bytes()
    contents = parse_journal(whole)
    kinds = [(e, open_envelope(e.data, contents.genesis, GAME_KINDS))
             for e in contents.entries if e.type == RECORD_ENVELOPE]
    pairs = [(a, b) for (a, x), (b, y) in zip(kinds, kinds[1:])
             if x.kind == y.kind == "cards.shares" and x.author != y.author]
    for a, b in pairs[:12]:
        size_a = b.offset - a.offset  # the two records are next to each other
        nxt = next((e.offset for e in contents.entries if e.offset > b.offset), len(whole))
        size_b = nxt - b.offset
        swapped = (whole[:a.offset] + whole[b.offset:b.offset + size_b]
                   + whole[a.offset:a.offset + size_a] + whole[b.offset + size_b:])
        path = tmp_path / "swapped.journal"
        path.write_bytes(swapped)
        result = verify_journal(path, parallel=False)
        if result.error is not None and result.error.check == "too-early":
            break
    else:
        pytest.fail("no swap of two seats' card messages came out too early")
    line = result_text(result).splitlines()[0]
    author = contents.genesis.seats[result.error.author].name  # type: ignore[attr-defined]
    assert f"this proves nothing against {author}" in line, line
