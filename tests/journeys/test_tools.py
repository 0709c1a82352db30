"""The commands around a game, as a person runs them: demo, node, keygen, scenario,
replay, verify, and resume of a seat that is not one's own play game."""

from __future__ import annotations

import json
import stat
import subprocess
from pathlib import Path

import pytest

from _journey import COSMIC, cosmic, cosmic_env
from protocol.journal import parse_journal

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One finished three-seat networked game between bot nodes, shared by this file."""
    home = tmp_path_factory.mktemp("demo-home")
    r = cosmic("demo", "--players", "3", "--seed", "tools", "--dir", "game", "--max-turns",
               "3", "--bot", "heuristic", home=home, timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Game over: " in r.stdout and "turn 1:" in r.stdout  # a win or the turn limit
    assert "cosmic verify game/seat-0.journal" in r.stdout
    return home / "game"


def test_demo_quiet_prints_only_the_summary(tmp_path: Path, home: Path) -> None:
    r = cosmic("demo", "--players", "2", "--seed", "q", "--dir", str(tmp_path / "g"),
               "--max-turns", "1", "--quiet", home=home, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "turn 1:" not in r.stdout and r.stdout.startswith("Game over")


def test_verify_replay_and_audit_of_a_network_game(demo: Path, home: Path) -> None:
    journal = str(demo / "seat-1.journal")
    v = cosmic("verify", journal, home=home)
    assert v.returncode == 0 and ": OK" in v.stdout, v.stdout + v.stderr
    js = cosmic("verify", journal, "--json", "--audit", "--serial", home=home)
    assert js.returncode == 0, js.stderr
    doc = json.loads(js.stdout.splitlines()[0])
    assert doc.get("ok") is True or doc.get("error") is None, doc
    rp = cosmic("replay", journal, "--to", "0", "--json", home=home)
    state = json.loads(rp.stdout)
    assert rp.returncode == 0 and state["pending"]["phase"] == "setup", state
    assert state["of"] == len(json.loads(cosmic("replay", journal, "--json",
                                                home=home).stdout)["last"]) or state["of"] > 0
    end = cosmic("replay", journal, "--plain", home=home)
    assert end.returncode == 0 and "Game over" in end.stdout, end.stdout
    same = [(demo / f"seat-{k}.journal").read_bytes() for k in range(3)]
    assert same[0] == same[1] == same[2]


def test_verify_refuses_a_damaged_journal_and_names_where(demo: Path, tmp_path: Path,
                                                         home: Path) -> None:
    data = bytearray((demo / "seat-0.journal").read_bytes())
    data[len(data) // 2] ^= 0x40
    bad = tmp_path / "bad.journal"
    bad.write_bytes(bytes(data))
    v = cosmic("verify", str(bad), home=home)
    assert v.returncode != 0 and "record" in (v.stdout + v.stderr)
    assert "Traceback" not in v.stdout + v.stderr
    missing = cosmic("verify", str(tmp_path / "nothing.journal"), home=home)
    assert missing.returncode != 0 and "Traceback" not in missing.stderr
    # A game cut short is not a whole game; --partial checks it as a game in progress.
    whole = (demo / "seat-0.journal").read_bytes()
    cut = tmp_path / "cut.journal"
    cut.write_bytes(whole[:parse_journal(whole).entries[60].offset])
    assert cosmic("verify", str(cut), home=home).returncode != 0
    partial = cosmic("verify", str(cut), "--partial", home=home)
    assert partial.returncode == 0 and "partial" in partial.stdout, partial.stdout


def test_resume_of_a_finished_seat_with_every_flag(demo: Path, home: Path) -> None:
    """A demo seat resumed by hand: its key named, the discovery settings given; the game
    is over, so resume says so and leaves (exit 0) without touching the journal."""
    journal = demo / "seat-2.journal"
    before = journal.read_bytes()
    r = cosmic("resume", str(journal), "--key", str(demo / "seat-2.key"), "--port", "45999",
               "--target", "127.255.255.255", "--peer", "tcp://127.0.0.1:1", home=home,
               timeout=60)
    assert r.returncode == 0 and "This game is over" in r.stdout, r.stdout + r.stderr
    assert journal.read_bytes() == before
    wrong = cosmic("resume", str(journal), "--key", str(home / "nokey"), home=home)
    assert wrong.returncode == 2 and "cannot read the key" in wrong.stderr
    assert "Traceback" not in wrong.stderr
    assert not (home / "nokey").exists()


def test_node_runs_one_seat_by_hand(tmp_path: Path, home: Path) -> None:
    """Three `cosmic node` processes given everything by hand (direct hello endpoints,
    no discovery) play a short game; --progress prints JSON lines, --timing writes."""
    setup = cosmic("demo", "--players", "2", "--seed", "node", "--dir", str(tmp_path / "g"),
                   "--max-turns", "1", "--quiet", home=home, timeout=120)
    assert setup.returncode == 0
    g = tmp_path / "g2"
    g.mkdir()
    for name in ("genesis.bin", "seat-0.key", "seat-1.key"):
        (g / name).write_bytes((tmp_path / "g" / name).read_bytes())
        if name.endswith(".key"):
            (g / name).chmod(stat.S_IRUSR | stat.S_IWUSR)
    first = subprocess.Popen(
        [str(COSMIC), "node", "--genesis", str(g / "genesis.bin"), "--key",
         str(g / "seat-0.key"), "--seat", "0", "--journal", str(g / "seat-0.journal"),
         "--bot", "random", "--bot-seed", "n", "--bind", "tcp://127.0.0.1:0",
         "--hello-bind", "tcp://127.0.0.1:47391", "--deal-seconds", "5", "--progress",
         "--timing", str(g / "timing.txt"), "--patience", "60"],
        env=cosmic_env(home), stdout=subprocess.PIPE, text=True)
    second = cosmic("node", "--genesis", str(g / "genesis.bin"), "--key",
                    str(g / "seat-1.key"), "--seat", "1", "--journal",
                    str(g / "seat-1.journal"), "--peer", "tcp://127.0.0.1:47391",
                    "--hello-bind", "tcp://127.0.0.1:0", "--faults", "7:0:0:0:0",
                    "--discovery-port", "0", "--discovery-target", "127.255.255.255",
                    home=home, timeout=120)
    out, _ = first.communicate(timeout=120)
    assert second.returncode == 0 and first.returncode == 0, second.stderr
    lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    assert lines and lines[-1]["over"] == "turn_limit" and lines[-1]["audited"]
    # Each action taken: author, seq, when taken, when it came, CPU so far, the bot's part.
    timing = [x.split() for x in (g / "timing.txt").read_text().splitlines()]
    takes = [x for x in timing if x[0] != "maxrss_kb"]
    assert takes and all(len(x) == 6 and float(x[4]) >= float(x[5]) >= 0 for x in takes)
    assert (g / "seat-0.journal").read_bytes() == (g / "seat-1.journal").read_bytes()
    # Started again on its finished journal, its peer gone: it says so, and leaves once
    # it has waited a few seconds for a peer that might still linger (not a minute).
    done = (g / "seat-0.journal").read_bytes()
    again = cosmic("node", "--genesis", str(g / "genesis.bin"), "--key",
                   str(g / "seat-0.key"), "--seat", "0", "--journal", str(g / "seat-0.journal"),
                   "--bot", "random", "--hello-bind", "tcp://127.0.0.1:0", home=home,
                   timeout=30)
    assert again.returncode == 0 and "This game is over" in again.stdout, again.stderr
    assert (g / "seat-0.journal").read_bytes() == done


def test_keygen_makes_a_private_key_once(home: Path) -> None:
    r = cosmic("keygen", home=home)
    assert r.returncode == 0 and "fingerprint" in r.stdout
    key = home / "key"  # where host, join and play look by default
    assert key.exists() and stat.S_IMODE(key.stat().st_mode) == 0o600
    again = cosmic("keygen", home=home)
    assert again.returncode == 1 and "--force" in again.stderr
    out = home / "other.key"
    assert cosmic("keygen", "--out", str(out), home=home).returncode == 0
    assert cosmic("keygen", "--out", str(out), "--force", home=home).returncode == 0


def test_scenario_run_checks_a_rule(home: Path) -> None:
    files = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))
    assert files
    r = cosmic("scenario", "run", str(files[0]), home=home)
    assert r.returncode == 0, r.stdout + r.stderr
    js = cosmic("scenario", "run", str(files[0]), "--json", home=home)
    assert js.returncode == 0 and json.loads(js.stdout)
    broken = home / "broken.toml"
    broken.write_text("this is not [ a scenario")
    bad = cosmic("scenario", "run", str(broken), home=home)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr


def test_scenario_run_takes_a_folder_and_runs_every_file_in_it(home: Path) -> None:
    """A folder stands for its *.toml files: each is run, a failing or broken one does
    not stop the others, the last line counts them and the exit code is the worst."""
    import shutil

    folder = home / "mine"
    shutil.copytree(ROOT / "tests" / "scenarios", folder)
    count = len(list(folder.rglob("*.toml")))
    assert count > 10
    r = cosmic("scenario", "run", str(folder), home=home, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    assert r.stdout.count("\n== ") + r.stdout.startswith("== ") == count
    assert r.stdout.rstrip().endswith(f"{count} scenarios: every expectation held")

    (folder / "zz_wrong.toml").write_text(
        'title = "A launch that does not put eleven ships in the gate"\n'
        'seats = 3\n[position]\noffense = "red"\ndestiny = ["blue"]\n'
        '[[step]]\ndo = ["red proceed", "red launch blue.1 red.1:2"]\n'
        'expect = { "gate.red" = 11 }\n')
    (folder / "zz_broken.toml").write_text("this is not [ a scenario")
    r = cosmic("scenario", "run", str(folder), home=home, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    last = r.stdout.rstrip().splitlines()[-1]
    assert last.startswith(f"{count + 2} scenarios: 1 FAILED"), last
    assert "zz_wrong.toml" in last and "1 could not be run" in last and "zz_broken" in last
    assert "zz_broken.toml: bad scenario" in r.stderr

    empty = home / "empty"
    empty.mkdir()
    r = cosmic("scenario", "run", str(empty), home=home)
    assert r.returncode == 2 and "no scenario files" in r.stderr, r.stderr


def test_a_directory_that_cannot_be_used_is_said_so(home: Path) -> None:
    afile = home / "afile"
    afile.write_text("not a directory")
    for args in (("play", "--plain", "--dir", str(afile)),
                 ("demo", "--players", "2", "--dir", str(afile)),
                 ("simulate", "--games", "1", "--journal-dir", str(afile))):
        r = cosmic(*args, home=home, stdin="")
        assert r.returncode == 2 and "Traceback" not in r.stderr, (args, r.stderr)
        assert str(afile) in r.stderr, r.stderr


def test_a_key_that_is_no_key_file_is_told_so_before_its_permissions(home: Path) -> None:
    """`replay --key` given the wrong file (the genesis, readable by all) is told it is
    not a key file, not asked to chmod it; a real key readable by others is still
    refused, with the chmod it needs."""
    made = cosmic("simulate", "--players", "3", "--games", "1", "--seed", "keys",
                  "--max-turns", "3", "--journal-dir", "games", home=home, timeout=120)
    assert made.returncode == 0, made.stderr
    (journal,) = sorted((home / "games").glob("*.journal"))
    wrong = home / "genesis.bin"
    wrong.write_bytes(journal.read_bytes()[:200])
    wrong.chmod(0o644)
    r = cosmic("replay", str(journal), "--plain", "--key", str(wrong), home=home)
    assert r.returncode != 0 and "Traceback" not in r.stderr, r.stderr
    assert "key file" in r.stderr and "chmod" not in r.stderr, r.stderr
    assert cosmic("keygen", "--out", str(home / "k.key"), home=home).returncode == 0
    (home / "k.key").chmod(0o644)
    r = cosmic("replay", str(journal), "--plain", "--key", str(home / "k.key"), home=home)
    assert r.returncode != 0 and "chmod 600" in r.stderr, r.stderr
