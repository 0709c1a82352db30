"""A person replaying a game reads what each alien power's use did, in words and in the
third person ("the Null stops red using the oracle power for this encounter"), never the
use's option number and arguments (`power 2 option=0 args=0,0`): in the terminal viewer,
in `--to N` text, and on the `--html` page as Chromium shows it. `--json` keeps the
action's text form, for programs.

The games are local bot games with four aliens whose every use is an action of its own;
seeds are played until each of them has been used (the bots decide when)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal
from test_replay_html import READ, Browser

ALIENS = ("oracle", "seeker", "null", "mind")
COLOURS = "(?:red|blue|yellow|green)"
# What each use says after the seat's colour, as a person reads it.
TOLD = {
    "oracle": r"the Oracle makes its opponent show its encounter card before choosing its "
              r"own",
    "seeker": rf'the Seeker asks {COLOURS} "(?:do you hold|will you play) (?:a|an) '
              r'[a-z]+\?" \(the answer must be true; one about its card binds it\)',
    "null": rf"the Null stops {COLOURS} using the (?:oracle|seeker|mind) power for this "
            r"encounter",
    "mind": rf"the Mind looks at {COLOURS}'s hand",
}


def _page_data(page: Path) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>',
                      page.read_text(), re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def _uses(data: dict[str, Any]) -> dict[str, list[int]]:
    """Each alien's uses in the page: the positions after the records whose events say
    their author used that power (the log's own words, cli/render.py)."""
    found: dict[str, list[int]] = {}
    strings, colours = data["strings"], data["colors"]
    for k, (record, author, _text, lines) in enumerate(data["steps"], 1):
        for name in ALIENS:
            if author >= 0 and f"{colours[author]} uses the {name} power" in [
                    strings[x] for x in lines]:
                found.setdefault(name, []).append(k)
    return found


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path, dict[str, Any]]:
    """(home, journal, its page, the page's data) of a game where all four were used."""
    home = tmp_path_factory.mktemp("power-uses")
    for seed in range(1, 9):
        r = cosmic("simulate", "--players", "4", "--games", "1", "--seed", f"told-{seed}",
                   "--aliens", ",".join(ALIENS), "--max-turns", "15", "--journal-dir",
                   f"g{seed}", home=home)
        assert r.returncode == 0, r.stderr
        journal = home / f"g{seed}" / "game-0000.journal"
        page = home / f"g{seed}.html"
        made = cosmic("replay", str(journal), "--html", str(page), home=home)
        assert made.returncode == 0, made.stdout + made.stderr
        data = _page_data(page)
        if set(_uses(data)) == set(ALIENS):
            return home, journal, page, data
    pytest.fail(f"no game of eight used all of {ALIENS}")


def test_every_power_use_is_told_in_words_on_the_page(
        game: tuple[Path, Path, Path, dict[str, Any]]) -> None:
    """Every use in the page's data, and one of each alien as Chromium shows it (the
    record's heading and the log's line for it)."""
    _, _, page, data = game
    strings, colours = data["strings"], data["colors"]
    uses = _uses(data)
    for name, positions in uses.items():
        for k in positions:
            text = strings[data["steps"][k - 1][2]]
            assert re.fullmatch(TOLD[name], text), (name, k, text)
    b = Browser(page.parent)
    try:
        for name in ALIENS:
            k = uses[name][0]
            record, author = data["steps"][k - 1][:2]
            b.open(page.resolve().as_uri() + f"#record={k}")
            seen = b.eval(READ)
            head = seen["head"]
            assert head.startswith(f"record {record}, {colours[author]}: "), head
            assert re.fullmatch(TOLD[name], head.split(": ", 1)[1]), head
            assert not re.search(r"power \d|option=|args=", head), head
            log = b.eval("Array.from(document.querySelectorAll('#log li'))"
                         ".map((li) => li.textContent).join('\\n')")
            assert f"record {record}, {colours[author]}: the " in log, log[-400:]
        # Every other action too reads as words: the first launch, as Chromium shows it.
        k = next(k for k, st in enumerate(data["steps"], 1)
                 if strings[st[2]].startswith("aims the gate at "))
        record, author = data["steps"][k - 1][:2]
        b.open(page.resolve().as_uri() + f"#record={k}")
        head = b.eval(READ)["head"]
        assert re.fullmatch(rf"record {record}, {colours[author]}: {LAUNCH}", head), head
    finally:
        b.close()


# A launch as a person reads it: where the gate aims, with how many ships from where.
PLANET = rf"{COLOURS}\.\d"
LAUNCH = (rf"aims the gate at {PLANET} with \d ship\(s\)"
          rf"(?: from {PLANET}|: \d from {PLANET}(?:, \d from {PLANET})+)")


def test_every_action_is_told_in_words(game: tuple[Path, Path, Path, dict[str, Any]]) -> None:
    """Not only the powers: every record of the game that is an action reads as a sentence
    about its seat (cli/action_words.py), never as its text form (`launch 0 planet=9
    ships=0:1,3:3`); a card put face down is never named (a local game's hands are
    revealed on the page, not in its words)."""
    _, _, _, data = game
    strings = data["strings"]
    texts = [strings[st[2]] for st in data["steps"] if st[1] >= 0]
    raw = re.compile(r"[a-z]+ -?\d+(?: [a-z_]+=\S*)*")  # `pass 1`, `select 0`, ...
    assert not [x for x in texts if "=" in x or raw.fullmatch(x)], texts
    said = set(texts)
    for sentence in ("puts a card face down", "keeps its hand: it holds an encounter card",
                     "passes at the reveal window", "passes at the zap window"):
        assert sentence in said, sentence
    patterns = {"launch": LAUNCH,
                "invite": rf"invites (?:nobody|{COLOURS}(?:, {COLOURS})*)",
                "reveal": r"reveals (?:attack \d\d|negotiate|morph)",
                "ally": rf"allies with {COLOURS}, \d ship\(s\)(?: from {PLANET}|: .+)"}
    for name, pattern in patterns.items():
        assert any(re.fullmatch(pattern, x) for x in said), (name, sorted(said)[:40])


def test_the_text_replay_and_the_viewer_tell_the_uses(
        game: tuple[Path, Path, Path, dict[str, Any]], tmp_path: Path) -> None:
    home, journal, _, data = game
    uses = _uses(data)
    colours = data["colors"]
    for name in ALIENS:  # `--to N`: the last records, the use among them
        k = uses[name][0]
        record, author = data["steps"][k - 1][:2]
        r = cosmic("replay", str(journal), "--to", str(k), home=home)
        assert r.returncode == 0, r.stderr
        line = next(x for x in r.stdout.splitlines()
                    if re.match(rf" +{record} +{colours[author]}: ", x))
        assert re.fullmatch(TOLD[name], line.split(": ", 1)[1]), line
        # --json keeps the action's text form for programs
        j = cosmic("replay", str(journal), "--to", str(k), "--json", home=home)
        last = json.loads(j.stdout)["last"][-1]
        assert last["record"] == record and last["action"].startswith("power "), last
    total = data["total"]
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path, width=150, height=36,
                  env=cosmic_env(home)) as term:
        term.wait_for(f"{journal.name} 0/{total} |")
        for name in ("null", "seeker"):
            k = uses[name][0]
            record, author = data["steps"][k - 1][:2]
            term.type(str(k))
            screen = term.wait_for(f"{journal.name} {k}/{total} |")
            current = [x for x in screen.splitlines() if x.startswith(">")]
            assert re.fullmatch(rf"> +{record} +{colours[author]}: {TOLD[name]}",
                                current[0].rstrip()), current
        term.press("q")
        term.wait_for(lambda s: term.exited() is not None)
        assert term.exited() == 0


def test_the_viewer_finds_records_by_their_words(
        game: tuple[Path, Path, Path, dict[str, Any]], tmp_path: Path) -> None:
    """`/TEXT` then Enter goes to the next record that says TEXT, `/` to the one after;
    a search that finds nothing and a `g` without a position say so; `?` shows every key
    (wrapped, not cut at the screen's edge)."""
    home, journal, _, data = game
    nulls = _uses(data)["null"]
    total = data["total"]
    with Terminal([str(COSMIC), "replay", str(journal)], tmp_path, width=90, height=30,
                  env=cosmic_env(home)) as term:
        term.wait_for(f"{journal.name} 0/{total} |")
        term.press("?")
        screen = term.wait_for("q quit")
        assert "/TEXT" in screen, screen
        term.type("/NULL")  # any case
        screen = term.wait_for(f"{journal.name} {nulls[0]}/{total} |")
        assert f"record {nulls[0] - 1} says 'NULL'" in screen, screen
        if len(nulls) > 1:
            term.type("/")
            term.wait_for(f"{journal.name} {nulls[1]}/{total} |")
        term.type("/no such words")
        screen = term.wait_for("no record says 'no such words'")
        assert f"{journal.name} {nulls[min(1, len(nulls) - 1)]}/{total} |" in screen
        term.type("g abc")
        term.wait_for(f"g takes a position: g N, N from 0 to {total}")
        term.press("q")
        term.wait_for(lambda s: term.exited() is not None)
        assert term.exited() == 0


def test_a_lent_power_is_told_as_lent(tmp_path: Path) -> None:
    """The Plant grafts another seat's power and uses it: the replay tells the use by the
    power that acted, as lent ("with the Trader's power, swaps hands ..."), after the
    Plant's own use ("the Plant grafts green's power ...")."""
    home = tmp_path
    for seed in range(1, 9):
        r = cosmic("simulate", "--players", "4", "--games", "1", "--seed", f"lent-{seed}",
                   "--aliens", "plant,oracle,mind,trader", "--max-turns", "20",
                   "--journal-dir", f"g{seed}", home=home)
        assert r.returncode == 0, r.stderr
        journal = home / f"g{seed}" / "game-0000.journal"
        page = home / f"g{seed}.html"
        assert cosmic("replay", str(journal), "--html", str(page), home=home).returncode == 0
        data = _page_data(page)
        texts = [data["strings"][st[2]] for st in data["steps"]]
        lent = [k for k, x in enumerate(texts, 1) if x.startswith("with the ")]
        if not lent:
            continue
        assert any(re.fullmatch(rf"the Plant grafts {COLOURS}'s power for this encounter",
                                x) for x in texts[:lent[0]]), texts[:lent[0]]
        out = cosmic("replay", str(journal), "--to", str(lent[0]), home=home)
        line = next(x for x in out.stdout.splitlines()
                    if re.match(rf" +{lent[0] - 1} +red: ", x))
        assert re.fullmatch(r" +\d+ +red: with the (Oracle|Mind|Trader)'s power, [a-z].*",
                            line), line
        assert "power 0" not in line and "option=" not in line, line
        return
    pytest.fail("the Plant never used a grafted power in eight games")


def test_a_flare_play_is_told_in_words(tmp_path: Path) -> None:
    """Games with flares (the advanced setup) until one is played: the replay tells the
    play by the flare's name, its side and what it does (`plays the Kamikaze flare
    (wild): sends ships ... (red.2: 1)`), on the page as Chromium shows it and in `--to N`
    text; never the action's form (`play 3 handle=122 card=118 args=5,1`)."""
    home = tmp_path
    for seed in range(1, 9):
        r = cosmic("simulate", "--players", "5", "--games", "1", "--seed", f"flare-{seed}",
                   "--flares", "--journal-dir", f"g{seed}", home=home)
        assert r.returncode == 0, r.stderr
        journal = home / f"g{seed}" / "game-0000.journal"
        page = home / f"g{seed}.html"
        assert cosmic("replay", str(journal), "--html", str(page), home=home).returncode == 0
        data = _page_data(page)
        strings, colours = data["strings"], data["colors"]
        # The plays, found by the log's own event for them (cli/render.py: "plays the
        # Kamikaze flare (wild): ...", told by what the flare does).
        plays = [k for k, (_, author, _, lines) in enumerate(data["steps"], 1)
                 if author >= 0 and any(re.match(rf"{colours[author]} plays the [A-Z]\S*"
                                                 r"(?: \S+)* flare \((?:wild|super)\)",
                                                 strings[x]) for x in lines)]
        if plays:
            break
    else:
        pytest.fail("no flare was played in eight games")
    told = r"plays the [A-Z][a-z]+(?: \([a-z]+\))? flare \((?:wild|super)\)(?:: [a-z].*)?"
    for k in plays:
        text = strings[data["steps"][k - 1][2]]
        assert re.fullmatch(told, text) and "handle=" not in text, text
    k = plays[0]
    record, author = data["steps"][k - 1][:2]
    b = Browser(tmp_path)
    try:
        b.open(page.resolve().as_uri() + f"#record={k}")
        head = b.eval(READ)["head"]
    finally:
        b.close()
    assert re.fullmatch(rf"record {record}, {colours[author]}: {told}", head), head
    out = cosmic("replay", str(journal), "--to", str(k), home=home)
    line = next(x for x in out.stdout.splitlines()
                if re.match(rf" +{record} +{colours[author]}: ", x))
    assert re.fullmatch(rf" +{record} +{colours[author]}: {told}", line), line


def test_the_page_finds_records_by_their_words(
        game: tuple[Path, Path, Path, dict[str, Any]]) -> None:
    """On the page, `/` then words then Enter goes to the next record that says them (its
    line or its events), Enter again to the one after, as the viewer's `/TEXT`; words
    no record says leave the position where it is and say so."""
    _, _, page, data = game
    nulls = _uses(data)["null"]
    b = Browser(page.parent)
    try:
        b.open(page.resolve().as_uri())

        def typed(words: str) -> None:
            b.eval("document.getElementById('find').value = ''")
            for ch in words:
                b.press(ch)

        b.press("/")
        assert b.eval("document.activeElement.id") == "find"
        typed("NULL")
        b.press("Enter")
        b.wait(f"document.body.dataset.position === '{nulls[0]}'")
        found = b.eval("document.getElementById('found').textContent")
        assert found == f"record {nulls[0] - 1}", found
        if len(nulls) > 1:
            b.press("Enter")
            b.wait(f"document.body.dataset.position === '{nulls[1]}'")
        at = b.eval("document.body.dataset.position")
        typed("no such words")
        b.press("Enter")
        b.wait("document.getElementById('found').textContent === 'not found'")
        assert b.eval("document.body.dataset.position") == at
    finally:
        b.close()
