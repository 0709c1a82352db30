"""`cosmic verify`, `cosmic replay` and `cosmic keygen`, run as a user runs them."""

from __future__ import annotations

import json
import os
import pty
import select
import stat
import subprocess
import sys
import time
from pathlib import Path

from engine import cosmic as engine
from _journal_games import other_hash, play, record, short_game
from node.local import game_seed
from protocol.journal import parse_journal
from protocol.keys import load_key_file

ROOT = Path(__file__).resolve().parent.parent


def cosmic(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def _journals(tmp_path: Path) -> dict[str, Path]:
    rec = short_game()
    raws = list(rec.raws)
    raws[30] = rec.resign(30, lambda f: f.__setitem__(6, other_hash()))
    files = {
        "good": rec.journal,
        "bad": rec.rebuild(raws),
        "torn": rec.journal[:-9],
        "junk": b"hello, this is not a journal",
    }
    out = {}
    for name, data in files.items():
        out[name] = tmp_path / f"{name}.journal"
        out[name].write_bytes(data)
    return out


def test_verify_text_names_seats_outcome_and_checks(tmp_path: Path) -> None:
    j = _journals(tmp_path)
    r = cosmic("verify", str(j["good"]))
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert f"{j['good']}: OK" in out
    for name, colour in (("Red", "red"), ("Blue", "blue"), ("Yellow", "yellow")):
        assert f"{name} ({colour})" in out
    assert "turn_limit" in out and "84 (84 actions)" in out
    for check in ("signatures", "chains", "canonical encoding", "game id",
                  "legality by engine replay", "state hashes", "commitments", "claims audit"):
        assert check in out


def test_verify_json_exit_codes_and_fields(tmp_path: Path) -> None:
    j = _journals(tmp_path)
    r = cosmic("verify", "--json", "--audit", str(j["good"]), str(j["bad"]), str(j["torn"]))
    assert r.returncode == 1, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    good, bad, torn = (row for row in rows if "path" in row)
    # then the three journals of one game side by side: the re-signed record differs
    [compared] = [row for row in rows if "journals" in row]
    assert compared["agree"] is False and compared["local"] is True
    assert [(d["author"], d["seq"]) for d in compared["differences"]] == [
        (short_game().envelopes[30].author, short_game().envelopes[30].seq)]
    assert good["ok"] and good["exit"] == 0 and good["error"] is None and good["torn"] is None
    assert good["records"] == good["actions"] == 84 and good["mode"] == "local"
    assert [s["colour"] for s in good["seats"]] == ["red", "blue", "yellow"]
    assert good["outcome"] == {"reason": "turn_limit", "winners": [], "winner_names": []}
    assert good["audited"] and "claims audit" in good["checked"]
    assert all(c["true"] for c in good["claim_list"]) and good["claim_list"]
    assert not bad["ok"] and bad["exit"] == 1
    assert (bad["error"]["check"], bad["error"]["record"]) == ("state-hash", 30)
    assert bad["error"]["author"] == short_game().envelopes[30].author
    assert not torn["ok"] and torn["exit"] == 1 and torn["torn"]["record"] == 83
    assert torn["records"] == 83  # a torn journal stops before the end: not a whole game
    # the serial path gives the same verdicts
    r2 = cosmic("verify", "--json", "--audit", "--serial", str(j["good"]), str(j["bad"]),
                str(j["torn"]))
    assert [json.loads(x)["error"] for x in r2.stdout.splitlines()
            if "path" in json.loads(x)] == [good["error"], bad["error"], None]


def test_verify_text_failure_and_unreadable_files(tmp_path: Path) -> None:
    j = _journals(tmp_path)
    r = cosmic("verify", str(j["bad"]), str(j["torn"]))
    assert r.returncode == 1
    assert "FAILED: record 30" in r.stdout and "'state-hash'" in r.stdout
    assert "warning: the last record is torn" in r.stdout
    r = cosmic("verify", str(j["junk"]), str(tmp_path / "missing.journal"))
    assert r.returncode == 2
    assert "not a cosmic journal" in r.stdout and "CANNOT READ" in r.stderr


def test_replay_to_n_json_and_text(tmp_path: Path) -> None:
    j = _journals(tmp_path)
    rec = short_game()
    r = cosmic("replay", str(j["good"]), "--to", "40", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["records"] == 40 and data["of"] == 84
    assert data["public_hash"] == rec.envelopes[40].state_hash.hex()
    assert data["public"][0] == engine.ENGINE_VERSION and "summary" in data
    assert data["last"][-1]["record"] == 39
    r = cosmic("replay", str(j["good"]))
    assert r.returncode == 0, r.stderr
    assert "after 84 of 84 records" in r.stdout and "won (the turn limit was reached)" in " ".join(
        r.stdout.split())  # (the board wraps its first line at 46 columns)
    assert "last records:" in r.stdout
    r = cosmic("replay", str(j["bad"]), "--to", "50")
    assert r.returncode == 1 and "state-hash" in r.stderr
    r = cosmic("replay", str(j["bad"]), "--to", "30")  # the fault lies beyond record 30
    assert r.returncode == 0, r.stderr
    r = cosmic("replay", str(j["good"]), "--to", "85")
    assert r.returncode == 2


def test_keygen_writes_a_private_key_once(tmp_path: Path) -> None:
    env = dict(os.environ, COSMIC_HOME=str(tmp_path / "home"))
    r = cosmic("keygen", env=env)
    assert r.returncode == 0, r.stderr
    path = tmp_path / "home" / "key"
    key = load_key_file(path.read_bytes())
    assert key.public.hex() in r.stdout and "fingerprint" in r.stdout
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    r = cosmic("keygen", env=env)
    assert r.returncode == 1 and "exists" in r.stderr
    assert load_key_file(path.read_bytes()).public == key.public
    out = tmp_path / "elsewhere" / "k"
    r = cosmic("keygen", "--out", str(out), "--force", env=env)
    assert r.returncode == 0 and load_key_file(out.read_bytes()).public != key.public


def _long_journal(tmp_path: Path) -> Path:
    """A local game of about three hundred records: long enough to show progress."""
    path = tmp_path / "long.journal"
    path.write_bytes(record(play(3, game_seed("long", 0), 10)).journal)
    return path


def _with_terminal_stderr(*args: str) -> tuple[int, str, bytes]:
    """Run cosmic with stderr on a pseudo-terminal (stdout a pipe): exit status, stdout,
    and every byte the terminal received."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "cli.main", *args], cwd=ROOT,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=slave)
    finally:
        os.close(slave)  # the child holds it now: its exit ends the terminal's output
    seen = b""
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            if not select.select([master], [], [], 1)[0]:
                continue
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: every writer has closed the terminal
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
    assert proc.stdout is not None
    out = proc.stdout.read().decode()
    return proc.wait(timeout=120), out, seen


def test_verify_shows_progress_on_a_terminal_and_clears_it(tmp_path: Path) -> None:
    path = _long_journal(tmp_path)
    records = len(parse_journal(path.read_bytes()).entries)
    assert records >= 200
    code, out, terminal = _with_terminal_stderr("verify", str(path))
    assert code == 0, terminal
    text = terminal.decode()
    assert f"\rverifying {records} records... 0%" in text
    assert f"\rverifying {records} records... 50%" in text
    assert f"\rverifying {records} records... 100%" in text
    assert text.endswith("\r\x1b[K")  # erased before the result is printed
    assert "\n" not in text  # updated in place, on one line
    plain = cosmic("verify", str(path))  # stdout is the same with or without it
    assert out == plain.stdout and f"{path}: OK" in out


def test_verify_progress_never_reaches_pipes_or_json(tmp_path: Path) -> None:
    path = _long_journal(tmp_path)
    r = cosmic("verify", str(path))  # stderr not a terminal: nothing there
    assert r.returncode == 0 and r.stderr == ""
    code, out, terminal = _with_terminal_stderr("verify", "--json", str(path))
    assert code == 0 and terminal == b""  # --json: not even on a terminal
    assert json.loads(out)["ok"] and len(out.splitlines()) == 1
