"""The game options (--aliens, --flares, --variant, --max-turns) in every command that
starts a game, as a person uses them: networked bot games with chosen aliens and with
flares that verify, a simulation of chosen aliens, a local game answered by a script, and
a hosted game whose options every player sees in the lobby before confirming."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env, hosting
from _ports import free_port

from engine.cosmic.aliens import names as alien_names

ALIENS = re.compile(r"^aliens: (.+)$", re.M)
LOOPBACK = "127.255.255.255"


def _aliens_line(out: str, colours: list[str]) -> list[str]:
    """The aliens a demo says were played, in seat order (one registered alien each)."""
    found = ALIENS.search(out)
    assert found, out
    pairs = [item.split(" ", 1) for item in found.group(1).split(", ")]
    assert [c for c, _ in pairs] == colours, pairs
    aliens = [a.replace(" ", "_") for _, a in pairs]
    assert all(a in alien_names() for a in aliens), aliens
    assert len(set(aliens)) == len(aliens), aliens
    return aliens


def _verified(home: Path, game: Path, seats: int) -> None:
    journals = [game / f"seat-{k}.journal" for k in range(seats)]
    assert len({j.read_bytes() for j in journals}) == 1, "the journals differ"
    # Byte for byte one file: one verification holds for every seat's copy.
    v = cosmic("verify", str(journals[0]), home=home)
    assert v.returncode == 0 and f"{journals[0]}: OK" in v.stdout, v.stdout + v.stderr


def test_demo_with_chosen_aliens_plays_through_the_card_protocol(home: Path) -> None:
    """Three nodes: each seat is dealt two aliens only it sees, keeps one, and the game
    plays to its turn limit; every journal verifies (proofs of every deal included)."""
    r = cosmic("demo", "--players", "3", "--aliens", "choose", "--seed", "choose", "--dir",
               "chosen", "--max-turns", "4", home=home, timeout=150)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "3 nodes play: aliens chosen: each player is dealt two and keeps one" in r.stdout
    assert "Game over: " in r.stdout
    _aliens_line(r.stdout, ["red", "blue", "yellow"])
    _verified(home, home / "chosen", 3)


def test_demo_with_flares_and_a_variant_verifies(home: Path) -> None:
    r = cosmic("demo", "--players", "3", "--flares", "--variant", "single_encounter",
               "--seed", "flares", "--dir", "flared", "--max-turns", "4", home=home,
               timeout=150)
    assert r.returncode == 0, r.stdout + r.stderr
    assert ("3 nodes play: flares: each player keeps one of two dealt aliens; single "
            "encounter; at most 4 turns") in r.stdout
    _aliens_line(r.stdout, ["red", "blue", "yellow"])
    _verified(home, home / "flared", 3)


def test_demo_with_the_classic_artifacts_verifies(home: Path) -> None:
    """The classic artifacts join the cosmic deck the card protocol shuffles, and with
    rotating powers every offense draws a new alien (from the public beacon); the
    variants are in the genesis, shown to the players, and every journal verifies."""
    r = cosmic("demo", "--players", "3", "--variant", "classic_artifacts", "--variant",
               "rotating_powers", "--aliens", "random", "--seed", "classic", "--dir",
               "classic", "--max-turns", "6", home=home, timeout=150)
    assert r.returncode == 0, r.stdout + r.stderr
    assert ("3 nodes play: random aliens; classic artifacts; rotating powers; at most 6 "
            "turns") in r.stdout
    _verified(home, home / "classic", 3)
    bad = cosmic("demo", "--variant", "classic", "--dir", "x", home=home, timeout=30)
    assert bad.returncode == 2 and "invalid choice: 'classic'" in bad.stderr
    assert "classic_artifacts" in bad.stderr


def test_demo_under_hidden_powers_verifies(home: Path) -> None:
    """Hidden powers over the card protocol, with rotating powers: every alien is dealt
    face down (the board says so, to everyone), bots turn theirs up as they join an
    encounter, and every journal verifies, the audit opening every face-down sheet."""
    r = cosmic("demo", "--players", "3", "--variant", "hidden_powers", "--variant",
               "rotating_powers", "--aliens", "random", "--seed", "hidden", "--dir",
               "hidden", "--max-turns", "4", home=home, timeout=150)
    assert r.returncode == 0, r.stdout + r.stderr
    assert ("3 nodes play: random aliens; rotating powers; hidden powers; at most 4 "
            "turns") in r.stdout
    _verified(home, home / "hidden", 3)
    journal = str(home / "hidden" / "seat-0.journal")
    dealt = cosmic("replay", journal, "--plain", "--to", "30", home=home)
    assert dealt.returncode == 0, dealt.stderr
    rows = [line for line in dealt.stdout.splitlines()
            if line.startswith(("red ", "blue ", "yellow "))]
    assert len(rows) == 3 and all(row.endswith("face down") for row in rows), dealt.stdout
    end = cosmic("replay", journal, "--plain", home=home)
    rows = [line for line in end.stdout.splitlines()
            if line.startswith(("red ", "blue ", "yellow "))]
    assert any(not row.endswith("face down") for row in rows), end.stdout  # turned up


def test_demo_of_a_team_game_verifies(home: Path) -> None:
    """Four nodes in two teams (teammates opposite): the variant is in the genesis and
    shown; the game plays and every journal verifies. Teams need an even table."""
    r = cosmic("demo", "--players", "4", "--variant", "teams", "--seed", "teams", "--dir",
               "teams", "--max-turns", "4", home=home, timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "4 nodes play: no aliens; teams; at most 4 turns" in r.stdout
    _verified(home, home / "teams", 4)
    odd = cosmic("demo", "--players", "3", "--variant", "teams", "--dir", "x", home=home,
                 timeout=30)
    assert odd.returncode == 2 and "team play needs 4, 6, 8 or 10 seats" in odd.stderr, odd
    two = cosmic("simulate", "--players", "3", "--variant", "two_player", home=home,
                 timeout=30)
    assert two.returncode == 2 and "the two-player game is for 2 seats" in two.stderr, two


def test_bad_options_are_refused_before_anything_starts(home: Path) -> None:
    for args, words in [
        (("demo", "--flares", "--aliens", "random", "--dir", "x"), "--flares deals the aliens"),
        (("demo", "--aliens", "human,choose", "--dir", "x"), "one name per seat (3"),
        (("play", "--local", "--aliens", "red,blue,green,yellow"), "unknown alien 'red'"),
        (("play", "--local", "--players", "3", "--aliens", "human,zombie"), "one name per seat"),
        (("simulate", "--aliens", "choose", "--max-turns", "-1"), "--max-turns"),
        (("host", "--max-turns", "300"), "at most 255"),
        (("demo", "--variant", "hidden_powers", "--dir", "x"), "hidden powers need aliens"),
        (("simulate", "--variant", "hidden_powers", "--aliens", "reincarnator,?,?,?"),
         "the reincarnator draws aliens in public"),
    ]:
        r = cosmic(*args, home=home, timeout=30)
        assert r.returncode == 2 and words in r.stderr, (args, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr
    assert not (home / "x").exists() and not (home / "key").exists()


def test_simulate_chosen_aliens(home: Path) -> None:
    r = cosmic("simulate", "--players", "4", "--games", "3", "--aliens", "choose", "--seed",
               "c", "--max-turns", "12", "--json", home=home)
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    for game in doc["games"]:
        aliens = list(game["aliens"].values())
        assert all(a in alien_names() for a in aliens) and len(set(aliens)) == 4, aliens
    assert doc["summary"]["aliens"] == "choose" and doc["summary"]["power_uses"]
    text = cosmic("simulate", "--players", "4", "--games", "3", "--aliens", "choose",
                  "--seed", "c", "--max-turns", "12", home=home)
    assert "; aliens " in text.stdout and "power uses: " in text.stdout


def test_play_local_with_random_aliens_answered_by_a_script(home: Path) -> None:
    """A script that answers each question with the first listed choice ("1"), and a
    count of four or eight where a count is asked ("4", "8": a list too short for it
    refuses it and the next "1" answers; a step that takes exactly eight ships, like the
    Cult's, gets its "8"), plays a whole game with random aliens (which aliens seed 7
    deals changes as aliens are added)."""
    r = cosmic("play", "--local", "--plain", "--players", "3", "--aliens", "random",
               "--seed", "7", home=home, stdin="1\n4\n8\n" * 1000, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "(seed 7, local mode; random aliens)" in r.stdout
    dealt = re.findall(r"^   (you|blue|yellow) becomes? the (\w+)", r.stdout, re.M)
    assert [c for c, _ in dealt[:3]] == ["you", "blue", "yellow"], dealt  # (you: red)
    assert "uses the" in r.stdout and "power" in r.stdout
    assert "Game over:" in r.stdout.splitlines()[-1]


def test_play_local_choosing_an_alien(home: Path) -> None:
    """Dealt two (with --aliens choose, or the advanced setup of --flares), the person
    sees the two aliens as commands and becomes the one typed."""
    for option in (["--aliens", "choose"], ["--flares"]):
        r = cosmic("play", "--local", "--plain", "--players", "3", *option, "--seed", "k",
                   home=home, stdin="2\nquit\n", timeout=60)
        assert r.returncode == 0, r.stderr
        offered = re.findall(r"^    ([12])\. keep (\w+)  \((.+)\)$", r.stdout, re.M)
        assert [n for n, _, _ in offered] == ["1", "2"], r.stdout[:2000]
        assert all(said for _, _, said in offered)  # each with what its power does
        assert f"you become the {offered[1][1].replace('_', ' ')}" in r.stdout, option
    flares = cosmic("play", "--local", "--plain", "--players", "3", "--flares", "--seed", "k",
                    home=home, stdin="quit\n", timeout=60)
    assert "flares: each player keeps one of two dealt aliens" in flares.stdout


def test_host_and_join_show_the_options_and_play_them(tmp_path: Path) -> None:
    """The host chooses random aliens, four planets and a turn limit; `join --list` shows
    them; a joiner asking for chosen aliens is told this game is not that; one asking for
    what the host chose sees them again in the proposal, confirms, and both bots play it
    to the end."""
    port = str(free_port())
    host_home, guest_home = tmp_path / "ann", tmp_path / "bob"
    guest_home.mkdir()
    host = subprocess.Popen(
        [str(COSMIC), "host", "--players", "2", "--aliens", "random", "--variant",
         "four_planets", "--max-turns", "3", "--yes", "--bot", "--plain", "--name", "ann",
         "--colour", "green", "--port", port, "--target", LOOPBACK, "--dir",
         str(tmp_path / "ann-game"), "--timeout", "60", "--key", str(tmp_path / "ann.key")],
        env=cosmic_env(host_home), cwd=tmp_path, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    try:
        hosted = hosting(host)  # (join looks for two seconds)
        listed = cosmic("join", "--list", "--port", port, home=guest_home, timeout=30)
        assert listed.returncode == 0, listed.stderr
        assert ("ann's game" in listed.stdout and "with ann (green): 1/2 seated; random "
                "aliens; four planets; at most 3 turns" in listed.stdout), listed.stdout
        other = cosmic("join", "--aliens", "choose", "--yes", "--port", port, "--target",
                       LOOPBACK, home=guest_home, timeout=30)
        assert other.returncode == 1, other.stdout + other.stderr
        assert "is not what you asked for: it has random aliens" in other.stderr
        assert "cosmic join: no game here has the options you asked for" in other.stderr
        game = listed.stdout.split("(", 1)[1][:8]
        joined = cosmic("join", "--game", game, "--aliens", "random", "--variant",
                        "four_planets", "--yes", "--bot", "--plain", "--name", "bob", "--port",
                        port, "--target", LOOPBACK, "--dir", str(tmp_path / "bob-game"),
                        "--timeout", "60", "--colour", "red", "--key",
                        str(tmp_path / "bob.key"), home=guest_home, timeout=120)
        out, err = host.communicate(timeout=120)
        out = hosted + out
    finally:
        if host.poll() is None:
            host.kill()
    assert host.returncode == 0 and joined.returncode == 0, err + joined.stderr
    assert "(lobby " in out and "; random aliens; four planets; at most 3 turns)" in out
    for said in (out, joined.stdout):
        assert ("Every seat is taken: green ann" in said and "red bob" in said
                and "; random aliens; four planets; at most 3 turns" in said), said[:1500]
    journals = [tmp_path / "ann-game" / "seat-0.journal", tmp_path / "bob-game" / "seat-1.journal"]
    assert journals[0].read_bytes() == journals[1].read_bytes()
    v = cosmic("verify", str(journals[0]), home=guest_home)
    assert v.returncode == 0 and ": OK" in v.stdout, v.stdout + v.stderr
    final = json.loads(cosmic("replay", str(journals[0]), "--json", home=guest_home).stdout)
    assert all(a in alien_names() for a in final["public"][-1]), final["public"][-1]


def test_a_hosted_game_with_flares_is_listed_so_and_joined_only_as_asked(tmp_path: Path
                                                                         ) -> None:
    """Across "machines" (each node on its own loopback address, naming the others with
    --peer where broadcast does not reach): the host's flares are listed, and a joiner
    asking for another variant is told what the game has and does not join."""
    port = str(free_port())
    (tmp_path / "di").mkdir()
    host = subprocess.Popen(
        [str(COSMIC), "host", "--players", "3", "--flares", "--name", "cy", "--port", port,
         "--listen", "127.0.0.2", "--target", "127.0.0.2", "--peer", f"127.0.0.3:{port}",
         "--plain"],
        env=cosmic_env(tmp_path / "cy"), cwd=tmp_path, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    try:
        hosting(host)  # (join looks for two seconds)
        listed = cosmic("join", "--list", "--port", port, "--listen", "127.0.0.3", "--peer",
                        f"127.0.0.2:{port}", home=tmp_path / "di", timeout=30)
        assert "cy's game" in listed.stdout, listed.stdout + listed.stderr
        assert "flares: each player keeps one of two dealt aliens" in listed.stdout
        wrong = cosmic("join", "--flares", "--variant", "single_encounter", "--yes", "--port",
                       port, "--listen", "127.0.0.3", "--target", "127.0.0.3", "--peer",
                       f"127.0.0.2:{port}", home=tmp_path / "di", timeout=30)
        assert wrong.returncode == 1 and "it has no variants" in wrong.stderr, wrong.stderr
        assert host.poll() is None, "the host waits on for its players"
    finally:
        host.kill()
        host.communicate(timeout=30)


def test_demo_of_the_technology_variant_verifies(home: Path) -> None:
    """Three nodes with the technology variant (and four planets): the tech deck goes
    through the card protocol like the others (dealt face down, each seat keeps one,
    discards turned up), the variant is in the genesis and shown; every journal
    verifies, and the replay shows where every tech card is."""
    r = cosmic("demo", "--players", "3", "--variant", "technology", "--variant",
               "four_planets", "--seed", "tech", "--dir", "tech", "--max-turns", "5",
               home=home, timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "3 nodes play: no aliens; four planets; technology; at most 5 turns" in r.stdout
    _verified(home, home / "tech", 3)
    shown = cosmic("replay", str(home / "tech" / "seat-1.journal"), "--json", home=home)
    assert shown.returncode == 0, shown.stderr
    summary = json.loads(shown.stdout)["summary"]
    held = sum(len(v) for v in summary["techs"].values())
    assert held + summary["tech_deck"] + summary["tech_discard"] == 20, summary
    assert summary["tech_discard"] >= 3  # one of the two dealt to each seat, face up
    plain = cosmic("replay", str(home / "tech" / "seat-0.journal"), "--plain", home=home)
    assert f"tech deck {summary['tech_deck']} discard {summary['tech_discard']}" \
        in plain.stdout, plain.stdout


def test_play_says_which_count_of_seats_or_seat_is_wrong(home: Path) -> None:
    """--players out of range and --seat out of range each get their own words, with
    the value given (one message for both said neither)."""
    r = cosmic("play", "--local", "--plain", "--players", "11", home=home, stdin="")
    assert r.returncode == 2 and "--players 11: cosmic takes 2 to 10 seats" in r.stderr, \
        r.stderr
    r = cosmic("play", "--local", "--plain", "--players", "3", "--seat", "3", home=home,
               stdin="")
    assert r.returncode == 2 and "--seat 3: with 3 players the seats are 0 to 2" in r.stderr
    r = cosmic("play", "--local", "--plain", "--game", "worlds", "--players", "7",
               home=home, stdin="")
    assert r.returncode == 2 and "--players 7: the map game takes 2 to 6 seats" in r.stderr
    assert "Traceback" not in r.stderr
