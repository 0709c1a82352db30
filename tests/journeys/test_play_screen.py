"""`cosmic play` on a full screen, read by a demanding player: ten seats at 80x24 show
every seat's row, its alien's whole name (the ten longest names at once) and the deck
line; a refusal takes only the rows it needs and is
wrapped between words (each legal command it lists whole); every copy of a playable
card is marked in the hand, not just the first."""

from __future__ import annotations

import re
import time
from pathlib import Path

from _journey import COSMIC, cosmic_env
from _tmux import Terminal
from test_play_network import DECISION, closest, decide, status_line

COLOURS = ("red", "blue", "yellow", "green", "purple", "orange", "black", "white", "brown",
           "pink")
LONGEST = ("calculator", "changeling", "juggernaut", "wavebender", "anti_matter",  # aliens
           "conscriptor", "doppleganger", "evolutionary", "reincarnator", "philanthropist")


def board_rows(screen: str) -> list[str]:
    return [row.split("|")[0].rstrip() for row in screen.splitlines() if "|" in row]


def panel_text(screen: str) -> str:
    """The right-hand panel (the hand, and what the board set beside it), its wrapped
    rows joined."""
    return " ".join(row.split("|", 1)[1].strip() for row in screen.splitlines() if "|" in row)


def whole_board(term: Terminal) -> list[str]:
    """The board's rows read page by page (F2) until the pages come back to the top;
    the page marks left out."""
    seen: list[str] = []
    for _ in range(10):
        rows = board_rows(term.settled())
        page = [r for r in rows if not r.startswith("-- ")]
        overlap = next(k for k in range(min(len(seen), len(page)), -1, -1)
                       if seen[len(seen) - k:] == page[:k])  # (the last page ends the board)
        seen += page[overlap:]
        if not any("more row" in r for r in rows):
            return seen
        term.press("F2")
        term.wait_for(lambda s: board_rows(s) != rows, timeout=10)
    raise AssertionError(f"F2 never came to the board's last page:\n{term.screen()}")


def hand_rows(screen: str) -> list[str]:
    """The hand panel's cards (mark and label), below "Your hand" and above the key."""
    right = [row.split("|", 1)[1] for row in screen.splitlines() if "|" in row]
    start = next(i for i, r in enumerate(right) if r.startswith("Your hand ("))
    out = []
    for r in right[start + 1:]:
        if r.startswith("* playable now"):
            break
        out.append(r.rstrip())
    return out


def status_text(screen: str) -> str:
    """The status line, its rows joined when it wrapped (continued rows are indented by
    three spaces)."""
    rows = [r for r in screen.splitlines() if r.strip()][:-1]  # less the prompt
    first = len(rows) - 1
    while first > 0 and rows[first].startswith("   "):
        first -= 1
    return " ".join(r.strip() for r in rows[first:])


def test_ten_seats_fit_80x24_and_a_refusal_wraps_between_words(tmp_path: Path,
                                                               home: Path) -> None:
    play = [str(COSMIC), "play", "--local", "--players", "10", "--aliens", ",".join(LONGEST),
            "--seed", "ten"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        term.wait_for(DECISION, timeout=90)
        screen = term.settled()
        rows = board_rows(screen)
        # the goal stays in view under the board, whatever the log scrolled past
        assert "-- you are red; five foreign colonies win" in screen, screen
        shown = set()
        for colour in COLOURS:  # a row for each seat, the last ones too
            row = next((r for r in rows if re.match(rf"{colour} +\d+ +\d+ +\d+ ", r)), None)
            assert row is not None, screen
            label = row[33:].strip()  # after the home planets: the alien, and its mark
            shown.add(label[:-1] if label[-1:] in "-z" else label)
        assert shown == {a.replace("_", " ") for a in LONGEST}, screen  # each name whole (cut at 11 letters before)
        # deck, discard, destiny and the aliens' key: on the board, or beside it when
        # the board is short of rows
        said = "\n".join(rows) + "\n" + panel_text(screen)
        assert re.search(r"deck \d+ discard \d+ destiny \d+", said), screen
        assert "alien: - power lost, z zapped" in said, screen
        assert all(len(row) <= 80 for row in screen.splitlines())

        # (a long line typed: its refusal takes five rows, though its closest commands
        # keep to two)
        term.type("launch nowhere 9" + " and all of my ships" * 9)
        screen = term.wait_for("Closest:", timeout=20)
        lines = screen.splitlines()
        first = next(i for i, r in enumerate(lines) if r.startswith("'launch nowhere 9 "))
        end = next(i for i, r in enumerate(lines) if DECISION in r or "waiting for" in r)
        assert end > first, screen
        # continued rows are indented: the refusal was wrapped between words, not cut
        # inside one (a command cut in two cannot be typed back)
        assert all(r.startswith("  ") for r in lines[first + 1:end]), screen

        # The refusal's rows leave the board short of rows: its last row says how many
        # are below, and F2 pages them; all of it is there (the same rows as on a tall
        # terminal), at 100x30 and on a wide terminal all at once.
        assert re.search(r"^-- \d+ more rows?: F2 or 'board' --", "\n".join(board_rows(screen)),
                         re.M), screen
        paged = whole_board(term)
        term.type("board")  # typed, it pages too (and answers nothing)
        term.wait_for(lambda s: "more row" in s and "is not legal" in s, timeout=10)
        term.resize(80, 60)
        term.wait_for(lambda s: len(s.splitlines()) == 60 and not any(
            r.startswith("-- ") for r in board_rows(s)), timeout=10)
        tall = board_rows(term.settled())
        assert not any(r.startswith("-- ") for r in tall), tall

        def body(rows: list[str]) -> list[str]:  # less the lines set beside a short board
            return [r for r in rows if not re.match(r"( +col hnd|deck \d| alien: )", r)]
        assert body(paged) == body(tall), (paged, tall)
        for width, height in ((100, 30), (200, 50)):
            term.resize(width, height)
            term.wait_for(lambda s: any(  # redrawn: the rule under the board spans it
                r.startswith("-- you are red; ") and len(r) == width and r.endswith("-")
                for r in s.splitlines()), timeout=10)
            wide = term.settled()
            rows = board_rows(wide)
            assert not any(r.startswith("-- ") for r in rows), wide
            assert any(r.startswith("deck ") for r in rows), wide
            assert sum(bool(re.match(rf"{c} +\d+ +\d+ +\d+ ", r)) for c in COLOURS
                       for r in rows) == 10, wide
            assert all(len(r) <= width for r in wide.splitlines()), wide
        term.resize(80, 24)
        screen = term.wait_for(lambda s: "is not legal" in s and "more row" in s,
                               timeout=10)  # (redrawn: short of rows again)
        command = closest(screen)
        assert command is not None
        if DECISION in status_line(term.screen()):
            term.type(command)  # the first command listed, read off the screen, is legal
            term.wait_for(lambda s: f"'{command}' is not legal" not in s, timeout=20)
        term.type("quit")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=20)
        assert term.exited() == 0


def test_every_copy_of_a_playable_card_is_marked(tmp_path: Path, home: Path) -> None:
    """Play along until the hand holds two copies of a card that can be played (two
    negotiates, say, when choosing an encounter card): both carry the mark."""
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "twins"]
    seen = 0
    with Terminal(play, tmp_path, width=90, height=30, env=cosmic_env(home)) as term:
        for _ in range(60):
            screen = term.wait_for(lambda s: DECISION in s or "GAME OVER" in s, timeout=60)
            if "GAME OVER" in screen:
                break
            screen = term.settled()
            cards = hand_rows(screen)
            labels = [c[2:] for c in cards]
            for label in {x for x in labels if labels.count(x) > 1}:
                marks = {c[0] for c in cards if c[2:] == label}
                if "*" in marks:
                    assert marks == {"*"}, f"{label}: only one copy marked\n{screen}"
                    seen += 1
            if seen >= 2:
                break
            decide(term)
        term.type("quit")
        term.type("quit")
    assert seen, "the hand never held two copies of a playable card"


def test_ten_seats_ship_lists_wrap_between_entries(home: Path) -> None:
    """Many allies at ten seats: a side's list (its main player, then its allies) is
    wrapped between its entries, each `colour count` whole, and a home system's guests between planets or after a comma,
    never inside a word (the plain board is the full screen's)."""
    from _journey import cosmic
    entry = re.compile(r"^[a-z]+ \d+$")
    guest = re.compile(r"^([a-z]+\.\d+|[a-z]+\d+)$")  # a planet, or a colour and count
    wrapped = long_guests = 0
    for seed in range(1, 5):  # four games: lists long enough to wrap, and where
        r = cosmic("play", "--local", "--plain", "--players", "10", "--seed", f"w{seed}",
                   home=home, stdin="1\n" * 400, timeout=180)
        assert "Traceback" not in r.stdout + r.stderr
        rows = r.stdout.splitlines()
        for i, row in enumerate(rows):
            if not row.startswith((" offense: ", " defense: ")):
                continue
            assert re.match(r" (offense|defense): [a-z]+ \d+(; allies:|$)", row), row
            listed = [row.split(": ", 1)[1].replace("; allies:", ",")]
            while rows[i + 1].startswith("   ") and not rows[i + 1].startswith("    "):
                i += 1
                listed.append(rows[i].strip())
                wrapped += 1
            items = [x.strip() for part in listed for x in part.split(",") if x.strip()]
            assert all(entry.match(x) for x in items), listed
        for i, row in enumerate(rows):  # a home system's guests: "red.1 blue2,yellow1"
            if not re.match(r"^ in [a-z]+: ", row):
                continue
            listed = [row.split(": ", 1)[1]]
            while rows[i + 1].startswith("   ") and not rows[i + 1].startswith("    "):
                i += 1
                listed.append(rows[i].strip())
                long_guests += len(listed) > 2 or len(listed[-1]) > 30
            assert all(len(r) <= 46 for r in [row] + listed[1:]), listed
            words = [w for part in listed for w in re.split(r"[,; ]+", part)
                     if w]
            assert all(guest.match(w) for w in words), listed
    assert wrapped, "no list of ships long enough to wrap in four games"
    assert long_guests, "no home system with guests enough to wrap in four games"


def test_the_techs_dealt_are_shown_with_what_they_do(tmp_path: Path, home: Path) -> None:
    """Technology: the techs dealt to keep one of are listed beside the board with what
    each does (as the aliens dealt are), and Tab's menu says it too."""
    play = [str(COSMIC), "play", "--local", "--players", "3", "--variant", "technology",
            "--seed", "techs"]
    with Terminal(play, tmp_path, width=100, height=30, env=cosmic_env(home)) as term:
        screen = term.wait_for("YOUR DECISION (setup: keep a technology)", timeout=60)
        panel = " ".join(row.split("|", 1)[1].strip() for row in screen.splitlines()
                         if "|" in row)
        assert "Techs dealt to you (keep one):" in panel, screen
        listed = re.findall(r"\* ([a-z-]+(?:#\d)?): (\w+)", panel)
        assert len(listed) >= 2 and all(words for _, words in listed), panel
        term.type("keeptech ", enter=False)
        term.wait_for(lambda s: "(research " in s or "Discard it" in s, timeout=10)
        term.press("C-u")
        term.type(f"keeptech {listed[0][0]}")
        term.wait_for(lambda s: "Techs dealt to you" not in s, timeout=30)
        term.type("quit")
        term.type("quit")


def test_ctrl_d_on_an_empty_line_leaves_as_quit_does(tmp_path: Path, home: Path) -> None:
    """Ctrl-D on an empty prompt is the end of input, as in a shell: it asks once, like
    'quit', and a second one leaves (it did nothing)."""
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "ctrl-d"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        term.wait_for(DECISION, timeout=60)
        term.press("C-d")
        term.wait_for("Type 'quit' again to leave it", timeout=10)
        term.press("C-d")
        term.wait_for(lambda s: term.exited() is not None, timeout=20)
        assert term.exited() == 0


def test_a_networked_game_to_its_end_then_verify_and_replay(tmp_path: Path,
                                                           home: Path) -> None:
    """A whole networked game on the full screen, lines typed while others decide too
    (refused: not your decision): the end screen says who won and how to check and see
    the journal again, with no refusal left over from the game; both commands work."""
    from _journey import cosmic
    game = tmp_path / "game"
    play = [str(COSMIC), "play", "--players", "3", "--seed", "to-the-end", "--dir",
            str(game)]
    with Terminal(play, tmp_path, width=80, height=24, env=cosmic_env(home)) as term:
        deadline = time.monotonic() + 300  # (a count of looks ran out on a busy machine)
        while time.monotonic() < deadline:
            screen = term.wait_for(lambda s: DECISION in s or "game over" in status_line(s)
                                   or "waiting for" in status_line(s), timeout=120)
            if "game over:" in status_line(screen):
                break
            if DECISION in status_line(screen):
                decide(term)
            else:
                term.type("zz")  # while another decides: refused, nothing happens
                time.sleep(0.1)
        screen = term.wait_for(lambda s: "game over:" in status_line(s), timeout=120)
        screen = term.settled()
        assert "GAME OVER:" in screen, screen
        assert "Not your decision now" not in screen, screen  # the game is over
        said = re.sub(r"\s", "", screen)  # a path longer than a row is cut where it must
        journal = game / "seat-0.journal"
        assert f"cosmicverify{journal}" in said and f"cosmicreplay{journal}" in said, screen
        # Who won and why, whole, on the status line at 80, 100 and 44 columns (it was
        # cut at the terminal's edge): the title goes first, then the line wraps.
        verdict = re.search(r"GAME OVER: (.+?) won \((.+?)\)\.", " ".join(
            r.strip() for r in screen.splitlines()))
        assert verdict is not None, screen
        whole = f"game over: {verdict[1]} won ({verdict[2]}); 'quit' leaves"
        for width, height in ((80, 24), (100, 30), (44, 24)):
            term.resize(width, height)
            said = (whole, f"{whole} | cosmic - you are red")
            term.wait_for(lambda s: status_text(s) in said, timeout=10)  # once redrawn
            shown = term.settled()
            assert status_text(shown) in said, shown
            assert shown.splitlines()[-1].startswith(">"), shown  # the prompt, under it
            assert all(len(r) <= width for r in shown.splitlines()), shown
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=30)
        assert term.exited() == 0
    v = cosmic("verify", str(journal), home=home)
    assert v.returncode == 0 and f"{journal}: OK" in v.stdout, v.stdout + v.stderr
    r = cosmic("replay", str(journal), "--to", "30", home=home)
    assert r.returncode == 0 and "Turn " in r.stdout, r.stdout + r.stderr


def test_the_status_line_names_what_to_type(tmp_path: Path, home: Path) -> None:
    """At a decision the status line says which commands answer it (it said only the
    phase and step, 'planning: planning'), the same as 'help' lists; '?' alone is help
    too (it was refused as "not legal", with the closest commands)."""
    play = [str(COSMIC), "play", "--local", "--players", "4", "--seed", "status"]
    with Terminal(play, tmp_path, env=cosmic_env(home)) as term:
        checked = 0
        for _ in range(12):
            term.wait_for(DECISION, timeout=60)
            # the bots have moved and the game waits for you alone (read sooner, the
            # status line may still show the decision just answered)
            before = term.settled()
            found = re.search(r"YOUR DECISION \([^)]*\): ([a-z]+(?:, [a-z]+)*)( \.\.\.)?"
                              r"( \||$)", status_line(before).rstrip())
            if found is None:
                continue  # the game moved on meanwhile
            asked = "?" if checked == 0 else "help"  # its answer is the log's last line
            term.type(asked)

            def answered(s: str) -> bool:
                rows = [r for r in s.splitlines() if r.strip()]
                return s != before and len(rows) > 3 and rows[-3].endswith("'quit' leaves.")
            said = term.wait_for(answered, timeout=10)
            if status_line(said) != status_line(before):
                continue  # the game moved on meanwhile: ask again
            joined = " ".join(r.strip() for r in said.splitlines())
            assert "not legal" not in joined and "Closest" not in joined, said
            listed = re.findall(r"Commands now: ([a-z, ]+)\.", joined)[-1]
            assert listed.startswith(found.group(1)), (asked, said)
            checked += 1
            if checked == 3:
                break
            decide(term)
        assert checked == 3
        term.type("quit")
        term.type("quit")


def test_a_terminal_ten_rows_high_still_plays(tmp_path: Path, home: Path) -> None:
    """80x10: the board's head, the status line and the prompt (it said 'Window too
    small...' and hid everything); a command typed there works; back at 80x24 all of
    the board is there again."""
    play = [str(COSMIC), "play", "--local", "--players", "3", "--seed", "tiny"]
    with Terminal(play, tmp_path, width=80, height=10, env=cosmic_env(home)) as term:
        screen = term.wait_for(DECISION, timeout=60)
        assert "Window too small" not in screen
        assert screen.splitlines()[0].startswith("Turn "), screen
        term.type("help")
        term.wait_for("'quit' leaves.", timeout=10)  # its end: the log has two rows
        term.resize(80, 24)
        screen = term.wait_for(lambda s: "deck " in s and "* playable now" in s, timeout=10)
        term.type("quit")
        term.type("quit")
        term.wait_for(lambda s: term.exited() is not None, timeout=20)
