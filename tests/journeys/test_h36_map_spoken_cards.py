"""The map game (worlds) names its cards as a person says them ("force 7", "Temporal
Nexus") wherever a hand is read: the full-screen client's hand, the replay viewer's hands
(h) and the replay page's; the words a person types stay the commands' ("force7",
"play temporal-nexus"). Text play said them so already (its board's hand line): the full
screen's hand is checked against it, in a real terminal (tmux), and the viewer's hands
against the page's, in a real browser."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal
from test_replay_html import Browser

SPOKEN = re.compile(r"force \d{1,2}|[A-Z][a-z]+( (the|[A-Z][a-z]+))*")
HAND = re.compile(r"^Your hand \(red\): (.+)$", re.M)


def _plain_start(home: Path) -> tuple[list[tuple[str, str]], str]:
    """The first three decisions of text play answered with their first choice (a
    homeworld, a race, the first draw): each decision's words and that command, and the
    hand then, as its board says it."""
    r = subprocess.run([str(COSMIC), "play", "--game", "worlds", "--local", "--plain",
                        "--players", "2", "--seed", "cards"], env=cosmic_env(home), cwd=home,
                       input="1\n1\n1\nquit\nquit\n", capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    asked = re.findall(r"^-- YOUR DECISION (\(.+?\)):", r.stdout, re.M)[:3]
    firsts = re.findall(r"^\s+1\. (.+)$", r.stdout, re.M)[:3]
    assert [c.split()[0] for c in firsts] == ["home", "keep", "draw"], r.stdout[-3000:]
    hands = HAND.findall(r.stdout)
    assert len(hands) >= 4 and hands[3] != "no cards", r.stdout[-3000:]
    return list(zip(asked, firsts)), hands[3]  # the hand after the draw


def test_the_full_screen_hand_says_the_cards_as_text_play_does(tmp_path: Path,
                                                               home: Path) -> None:
    commands, said = _plain_start(home)
    cards = said.split(", ")
    assert all(SPOKEN.fullmatch(c) for c in cards), said
    with Terminal([str(COSMIC), "play", "--game", "worlds", "--local", "--players", "2",
                   "--seed", "cards"], tmp_path, width=100, height=40,
                  env=cosmic_env(home)) as term:
        for asked, command in commands:
            term.wait_for(f"YOUR DECISION {asked}")
            term.type(command)
        term.wait_for(lambda s: "* playable now" in s and "Your hand (red)" in s
                      and len(re.findall(r"\|[* ] \S", s)) >= len(cards))
        side = _side(term.settled())
        at = side.index("Your hand (red)")
        shown = [r[2:] for r in side[at + 1:side.index("* playable now")]]
        assert shown == cards, (shown, said)  # "force 13", "Temporal Nexus": not force13
        term.type("quit")
        term.type("quit")


def _side(screen: str) -> list[str]:
    """The right pane's rows (above the rule under the panes)."""
    rows = screen.splitlines()
    rule = next(i for i, r in enumerate(rows) if r.startswith("--"))
    return [r.split("|", 1)[1].rstrip() for r in rows[:rule] if "|" in r]


def _hands(side: list[str]) -> dict[str, str]:
    """Every hand in the viewer's side pane (rows after "Hands:", continued rows joined)."""
    out: dict[str, str] = {}
    colour = ""
    for row in side[side.index("Hands:") + 1:]:
        m = re.match(r"^(\w+): (.*)$", row)
        if m:
            colour = m.group(1)
            out[colour] = m.group(2)
        elif row.startswith(" ") and colour:
            out[colour] += " " + row.strip()
    return out


def test_the_viewer_and_the_page_say_every_hand_in_spoken_words(tmp_path: Path,
                                                                home: Path) -> None:
    r = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1", "--seed",
               "wv1", "--journal-dir", "w", "--json", home=home)
    assert r.returncode == 0, r.stderr
    journal = Path(json.loads(r.stdout)["games"][0]["journal"])
    journal = journal if journal.is_absolute() else home / journal
    plain = cosmic("replay", str(journal), "--plain", home=home)
    assert plain.returncode == 0, plain.stderr
    verdict = plain.stdout.splitlines()[1]
    assert verdict.startswith("GAME OVER: "), plain.stdout
    total = json.loads(cosmic("replay", str(journal), "--json", home=home).stdout)["records"]
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path, width=110, height=40,
                  env=cosmic_env(home)) as term:
        term.wait_for(f"{journal.name} 0/{total} |")
        term.press("End")
        term.wait_for(f"{journal.name} {total}/{total} |")
        term.press("h")
        term.wait_for("hands shown")
        screen = term.settled()
        side = _side(screen)
        viewer = _hands(side)
        assert screen.splitlines()[0].rstrip() == verdict, screen  # across the top
    assert set(viewer) == {"red", "blue"}, side
    page = tmp_path / "w.html"
    assert cosmic("replay", str(journal), "--html", str(page), home=home).returncode == 0
    browser = Browser(tmp_path)
    try:
        browser.open(page.resolve().as_uri() + f"#record={total}")
        browser.press("h")
        browser.wait("document.querySelectorAll('#handlist li').length === 2")
        shown = browser.eval("""JSON.stringify([document.getElementById("gameover")
            .textContent, Object.fromEntries(Array.from(document.querySelectorAll(
            "#handlist li")).map((li) => [li.dataset.colour, li.textContent.slice(
            li.dataset.colour.length + 2)]))])""")
    finally:
        browser.close()
    over, hands = json.loads(shown)
    assert over == verdict, (over, verdict)
    assert hands == viewer, (hands, viewer)  # the same words in the terminal and the page
    for colour, held in hands.items():
        assert held == "(none)" or all(SPOKEN.fullmatch(c) for c in held.split(", ")), \
            (colour, held)  # never force7 nor temporal-nexus
    assert any(re.search(r"force \d", held) for held in hands.values()), hands
