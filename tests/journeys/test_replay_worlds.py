"""`cosmic replay` of a map-game (worlds) journal, as a person uses it: the web page in a
real browser (headless Chromium, the driver of test_replay_html.py), the full-screen
viewer in a real terminal (tmux), and the plain text; each checked against `cosmic
replay JOURNAL --to N --plain`, whose map is the engine's position after N records.

The journal is a real bot game (`cosmic simulate --game worlds --journal-dir`): the
shortest of a few whose course uses a race power and has at least two conflicts (which
seed does so changes with the rules; the test needs such a game, not one seed's luck).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from _journey import COSMIC, cosmic, cosmic_env
from _tmux import Terminal
from protocol.journal import parse_journal
from test_replay_html import Browser

WIDTH, HEIGHT = 110, 44
GRID_ROW = re.compile(r"^ ?(\d) {2}(.*)$")


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("worlds-replay")


def _page_data(page: Path) -> dict[str, Any]:
    """The data the page carries (the JSON block its script reads)."""
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>',
                      page.read_text(), re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


@pytest.fixture(scope="module")
def game(work: Path) -> tuple[Path, Path, dict[str, Any]]:
    """(journal, its page, the page's data)."""
    # At most 30 turns a game: a game that runs long is cut short (it would not be the
    # shortest), so a long one costs no more than a short one.
    r = cosmic("simulate", "--game", "worlds", "--players", "3", "--games", "4", "--seed",
               "replay-worlds", "--bots", "heuristic", "--max-turns", "30", "--journal-dir",
               "wj", home=work)
    assert r.returncode == 0, r.stderr
    for journal in sorted((work / "wj").glob("*.journal"), key=lambda p: p.stat().st_size):
        page = work / f"{journal.stem}.html"
        made = cosmic("replay", str(journal), "--html", str(page), home=work)
        assert made.returncode == 0, made.stderr
        assert made.stdout.startswith(f"{page}: the replay of {journal}"), made.stdout
        data = _page_data(page)
        powers = [st for st in data["steps"]
                  if data["strings"][st[2]].startswith("uses the power of ")]
        if powers and len(data["encounters"]) >= 2:
            return journal, page, data
    pytest.fail("no game of four used a race power and fought twice")


def _plain(journal: Path, n: int, home: Path) -> str:
    r = cosmic("replay", str(journal), "--to", str(n), "--plain", home=home)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _grid(text: str) -> dict[str, tuple[int, str, int]]:
    """The plain board's map: world letter -> (square, controller initial or '.', tokens),
    a square being column * 10 + row as the engine keeps it."""
    out: dict[str, tuple[int, str, int]] = {}
    for line in text.splitlines():
        m = GRID_ROW.match(line)
        if m is None or not line.startswith(("  ", " ")) or len(line) < 50:
            continue
        row = int(m.group(1))
        for col in range(10):
            cell = m.group(2)[col * 5:col * 5 + 5].strip()
            if cell != "." and not cell.startswith("~"):
                out[cell[0]] = (col * 10 + row, cell[1], int(cell[2:]))
    return out


def _deep(text: str) -> dict[str, int]:
    """The plain board's stacks in deep space (`~R2`): square -> tokens."""
    out: dict[str, int] = {}
    for line in text.splitlines():
        m = GRID_ROW.match(line)
        if m is None or len(line) < 50:
            continue
        for col in range(10):
            cell = m.group(2)[col * 5:col * 5 + 5].strip()
            if cell.startswith("~"):
                out[str(col * 10 + int(m.group(1)))] = int(cell[2:])
    return out


def _scores(text: str) -> dict[str, int]:
    return {m.group(1): int(m.group(2))
            for m in re.finditer(r"^ *([a-z]+): (\d+) worlds?, ", text, re.M)}


READ = """(() => {
  const q = (s) => Array.from(document.querySelectorAll(s));
  // Where a world is drawn: the column and row labels nearest to its frame's centre.
  const near = (labels, v, axis) => labels.reduce((best, t) => {
    const d = Math.abs(t.getBBox()[axis] + t.getBBox()[axis === "x" ? "width" : "height"] / 2 - v);
    return d < best[0] ? [d, Number(t.textContent)] : best; }, [1e9, -1])[1];
  const square = (g) => {
    const r = g.querySelector("rect.wbox").getBBox();
    return near(q("#board text.axis.column"), r.x + r.width / 2, "x") * 10 +
      near(q("#board text.axis.row"), r.y + r.height / 2, "y");
  };
  return {
    position: Number(document.body.dataset.position),
    pos: document.getElementById("pos").textContent,
    head: document.getElementById("stephead").textContent,
    events: q("#events li").map((li) => li.textContent),
    worlds: Object.fromEntries(q("#board g.world").map((g) => [g.dataset.world, [
      square(g), g.dataset.controller,
      g.dataset.tokens ? g.dataset.tokens.split(",").reduce(
        (n, t) => n + Number(t.split(":")[1]), 0) : 0,
      Object.fromEntries(q(`#board g.world[data-world="${g.dataset.world}"] g.colony`).map(
        (c) => [c.dataset.colour, Number(c.querySelector("text").textContent)]))]])),
    spaces: q("#board rect.space").length,
    deep: Object.fromEntries(q("#board g.deep").map((g) => [g.dataset.square,
      g.dataset.tokens.split(",").reduce((n, t) => n + Number(t.split(":")[1]), 0)])),
    scores: Object.fromEntries(q("#board g.score").map((g) => [g.dataset.colour,
      Number(g.dataset.worlds)])),
    conflict: (document.getElementById("conflict") || {}).textContent || "",
    hands: Object.fromEntries(q("#handlist li").map((li) => [li.dataset.colour,
      Number(li.dataset.cards)])),
    hands_enabled: !document.getElementById("hands").disabled,
    prevenc: document.getElementById("prevenc").textContent,
  };
})()"""


def _check_map(seen: dict[str, Any], plain: str) -> None:
    """The page's map is the plain board's: every world on its square, its controller's
    colour, its token count (the tags by colour add up to it), every other square empty."""
    grid = _grid(plain)
    assert grid, plain
    assert set(seen["worlds"]) == set(grid)
    for letter, (square, initial, tokens) in grid.items():
        sq, owner, total, tags = seen["worlds"][letter]
        assert sq == square, letter
        assert (owner[:1].upper() or ".") == initial, (letter, owner, initial)
        assert total == tokens == sum(tags.values()), (letter, seen["worlds"][letter])
    assert seen["spaces"] == 100 - len(grid)
    assert seen["deep"] == _deep(plain)
    assert seen["scores"] == _scores(plain)


def test_the_worlds_page_shows_the_map_and_steps(game: tuple[Path, Path, dict[str, Any]],
                                                 work: Path) -> None:
    journal, page, data = game
    total = data["total"]
    csp = re.search(r'content="(default-src [^"]+)"', page.read_text())
    assert csp is not None and csp.group(1).count("'sha256-") == 3  # two scripts, a style
    b = Browser(work)
    try:
        mid = total // 2
        b.open(page.resolve().as_uri() + f"#record={mid}")
        seen = b.eval(READ)
        assert seen["position"] == mid and seen["pos"].startswith(f"position {mid} of {total}")
        assert seen["prevenc"].endswith("conflict")
        _check_map(seen, _plain(journal, mid, work))
        # A real key press steps one record, and the map follows.
        b.press("ArrowRight")
        b.wait(f"document.body.dataset.position === '{mid + 1}'")
        _check_map(b.eval(READ), _plain(journal, mid + 1, work))
        # The next conflict: its world is named and drawn as fought over.
        b.press("Home")
        b.wait("document.body.dataset.position === '0'")
        b.press("PageDown")
        first = data["encounters"][0]
        b.wait(f"document.body.dataset.position === '{first}'")
        seen = b.eval(READ)
        fought = re.match(r"Conflict on ([A-Z]):", seen["conflict"])
        assert fought is not None, seen["conflict"]
        assert b.eval(f"document.querySelector('g.world[data-world=\"{fought.group(1)}\"]')"
                      ".classList.contains('fight')")
        _check_map(seen, _plain(journal, first, work))
        # A race power's record, its arguments in words (no handles, no raw numbers).
        step = next(k for k, st in enumerate(data["steps"], 1)
                    if data["strings"][st[2]].startswith("uses the power of "))
        b.press("End")
        b.wait(f"document.body.dataset.position === '{data['total']}'")
        b.open(page.resolve().as_uri() + f"#record={step}")
        seen = b.eval(READ)
        assert re.fullmatch(r"record \d+, [a-z]+: uses the power of (?:the )?[A-Z][A-Za-z ]+: "
                            r"[a-z].*", seen["head"]), seen["head"]
        assert not re.search(r"power \d| \d+,\d+", seen["head"]), seen["head"]
        # A migration's move, as a sentence about its seat (no text form, no command).
        step = next(k for k, st in enumerate(data["steps"], 1)
                    if data["strings"][st[2]].startswith("moves "))
        b.open(page.resolve().as_uri() + f"#record={step}")
        head = b.eval(READ)["head"]
        assert re.fullmatch(r"record \d+, [a-z]+: moves \d+ tokens? born on [A-Z]( \(.+\))? "
                            r"from [A-Z] to [A-Z]", head), head
        # A local game's hands (its seed is public): each hand as many cards as the board
        # says that player holds.
        assert seen["hands_enabled"]
        b.press("h")
        b.wait("document.querySelectorAll('#handlist li').length > 0")
        cards = {m.group(1): int(m.group(2)) for m in re.finditer(
            r"^ *([a-z]+): \d+ worlds?, \d+ tokens?, (\d+) cards?", _plain(journal, step, work),
            re.M)}
        assert b.eval(READ)["hands"] == cards
        problems = [e for e in b.events if e.get("method") == "Runtime.exceptionThrown"
                    or (e.get("method") == "Log.entryAdded"
                        and e["params"]["entry"]["level"] == "error")]
        assert not problems, problems
        asked = [e["params"]["request"]["url"] for e in b.events
                 if e.get("method") == "Network.requestWillBeSent"]
        assert all(u.split("#")[0] == page.resolve().as_uri() or u == "about:blank"
                   for u in asked), asked
    finally:
        b.close()


def test_the_worlds_page_draws_stacks_in_deep_space(work: Path) -> None:
    """Space Pilgrims stand on squares with no world: the page draws their stacks where
    the plain board's `~` cells are, with the same counts."""
    pile = ("space-pilgrims,tachyons,plebs,hive,breeders,searchers,politicians,strategists,"
            "foundation")
    for seed in range(1, 9):
        out = work / f"deep{seed}"
        r = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1",
                   "--seed", str(seed), "--races", pile, "--journal-dir", str(out), home=work)
        assert r.returncode == 0, r.stderr
        journal = out / "game-0000.journal"
        total = len(parse_journal(journal.read_bytes()).entries)
        at = next((n for n in (total, total * 3 // 4, total // 2)
                   if _deep(_plain(journal, n, work))), None)
        if at is not None:
            break
    else:
        pytest.fail("no game of eight left a stack in deep space")
    page = work / f"deep{seed}.html"
    assert cosmic("replay", str(journal), "--html", str(page), home=work).returncode == 0
    b = Browser(work)
    try:
        b.open(page.resolve().as_uri() + f"#record={at}")
        seen = b.eval(READ)
        assert seen["position"] == at and seen["deep"], seen["deep"]
        _check_map(seen, _plain(journal, at, work))
    finally:
        b.close()


def _board_rows(screen: str, width: int = WIDTH) -> list[str]:
    """The viewer's board pane: the rows left of the '|' above the rule."""
    rows = screen.splitlines()
    rule = next(i for i, r in enumerate(rows) if r == "-" * width)
    return [r.split("|", 1)[0].rstrip() for r in rows[:rule]]


def test_the_worlds_viewer_in_a_real_terminal(game: tuple[Path, Path, dict[str, Any]],
                                              work: Path) -> None:
    journal, _, data = game
    total = data["total"]
    name = journal.name
    with Terminal([str(COSMIC), "replay", str(journal)], work, width=WIDTH, height=HEIGHT,
                  env=cosmic_env(work)) as term:

        def at(n: int) -> str:
            return term.wait_for(lambda s: f" {name} {n}/{total} |" in s
                                 and f"Record {n} of {total}" in s)

        def same_map(screen: str, n: int) -> None:
            plain = [r.rstrip() for r in _plain(journal, n, work).splitlines()]
            grid = [r for r in plain if GRID_ROW.match(r) and len(r) > 40]
            board = _board_rows(screen)
            assert len(grid) == 10 and all(r in board for r in grid), (board, grid)
            assert board[0].startswith("Worlds controlled (20 to win): ")

        same_map(at(0), 0)
        term.press("n")
        same_map(at(1), 1)
        mid = total // 2
        term.type(str(mid))  # a jump: N then Enter
        same_map(at(mid), mid)
        term.press("Left")
        same_map(at(mid - 1), mid - 1)
        # The next conflict: the side pane names it, as the page does.
        term.press("Home")
        at(0)
        term.press("e")
        first = data["encounters"][0]
        screen = at(first)
        same_map(screen, first)
        assert any(re.search(r"\|Conflict on [A-Z]: ", r) for r in screen.splitlines()), screen
        # A race power's record: the log's current line says it in words.
        step = next(k for k, st in enumerate(data["steps"], 1)
                    if data["strings"][st[2]].startswith("uses the power of "))
        term.type(str(step))
        screen = at(step)
        current = [r for r in screen.splitlines() if r.startswith(">")]
        assert re.search(r": uses the power of (?:the )?[A-Z][A-Za-z ]+: [a-z]", current[0]), \
            current
        term.press("q")
        term.wait_for(lambda s: term.exited() is not None)
        assert term.exited() == 0
    # At 80 by 24 the map keeps its width: every row whole, none wrapped into the next
    # (the side pane, not the map, gives way).
    with Terminal([str(COSMIC), "replay", str(journal)], work, width=80, height=24,
                  env=cosmic_env(work)) as term:
        screen = term.wait_for(f" {name} 0/{total} |")
        plain = [r.rstrip() for r in _plain(journal, 0, work).splitlines()]
        grid = [r for r in plain if GRID_ROW.match(r) and len(r) > 40]
        board = _board_rows(screen, 80)
        assert len(grid) == 10 and all(r in board for r in grid), (board, grid)
        term.press("q")
        term.wait_for(lambda s: term.exited() is not None)


def test_the_plain_replay_says_a_power_in_words(game: tuple[Path, Path, dict[str, Any]],
                                                work: Path) -> None:
    journal, _, data = game
    step = next(k for k, st in enumerate(data["steps"], 1)
                if data["strings"][st[2]].startswith("uses the power of "))
    text = _plain(journal, step, work)
    said = [r for r in text.splitlines() if ": uses the power of " in r]
    assert said and not any(re.search(r"power \d|: power [a-z_]+ [\d,-]+$", r) for r in said)
    record = step - 1
    assert re.search(rf"^ +{record} +[a-z]+: uses the power of (?:the )?[A-Z][A-Za-z ]+: "
                     r"[a-z]", text, re.M), text
    # The JSON keeps the action's text form (what parse_action reads), for programs.
    r = cosmic("replay", str(journal), "--to", str(step), "--json", home=work)
    last = json.loads(r.stdout)["last"][-1]
    assert last["record"] == record and re.fullmatch(r"power \d+ \d+ [\d,-]+", last["action"])
    assert last["said"].startswith("uses the power of "), last
    # Every action of the game reads as words about its seat: none as its text form or the
    # command that plays it (`move A F A 2`, `keep race-?`, `done`).
    command = re.compile(r"^(home|keep|play|power|done|draw|discard|move|attack|invite|ally|"
                         r"decline|select|reveal|conceal|second)\b|^[a-z]+ -?\d+( [A-Z\d,:-]+)*$")
    said = {data["strings"][st[2]] for st in data["steps"]}
    assert not [w for w in said if command.match(w)], sorted(said)


def test_a_networked_worlds_game_shows_hands_only_once_revealed(work: Path) -> None:
    """A map game between bot nodes: its page shows the map and, after the end-of-game
    reveal, every hand; the same journal cut mid-game has no hand in the page at all."""
    r = cosmic("demo", "--game", "worlds", "--players", "2", "--seed", "html-worlds", "--dir",
               "net", "--max-turns", "3", "--quiet", home=work, timeout=240)
    assert r.returncode == 0, r.stdout + r.stderr
    journal = work / "net" / "seat-1.journal"
    page = work / "net.html"
    made = cosmic("replay", str(journal), "--html", str(page), home=work)
    assert made.returncode == 0, made.stderr
    full = _page_data(page)
    assert full["game"] == "worlds" and full["mode"] == "network" and full["revealed"]
    assert any(k.startswith("hands/") for k in full["keys"])
    data = journal.read_bytes()
    entries = parse_journal(data).entries
    cut = work / "cut.journal"
    cut.write_bytes(data[:entries[len(entries) * 2 // 3].offset + 5])  # a torn record
    cut_page = work / "cut.html"
    made = cosmic("replay", str(cut), "--html", str(cut_page), home=work)
    assert made.returncode == 0, made.stderr
    part = _page_data(cut_page)
    assert not part["revealed"] and not any(k.startswith("hands/") for k in part["keys"])
    b = Browser(work)
    try:
        total = full["total"]
        b.open(page.resolve().as_uri() + f"#record={total}")
        seen = b.eval(READ)
        _check_map(seen, _plain(journal, total, work))
        assert seen["hands_enabled"]
        b.open(cut_page.resolve().as_uri())
        b.press("End")
        last = len(entries) * 2 // 3
        b.wait(f"document.body.dataset.position === '{last}'")
        seen = b.eval(READ)
        assert not seen["hands_enabled"] and seen["hands"] == {}
        _check_map(seen, _plain(cut, last, work))
    finally:
        b.close()


def test_on_a_phone_the_map_is_readable_and_its_scores_do_not_overlap(
        game: tuple[Path, Path, dict[str, Any]], work: Path) -> None:
    """At 390 by 844 the map is drawn with the scores under it, its world letters at least
    12 pixels high; in every score row, at any width, the name (with "(its turn)") ends
    before the worlds count begins."""
    _, page, _ = game
    sizes = """(() => {
      const box = (e) => e.getBoundingClientRect();
      const rows = [...document.querySelectorAll("#board g.score")].map((g) => {
        const [name, worlds] = [...g.querySelectorAll("text")].slice(0, 2).map(box);
        return [name.right, worlds.left]; });
      return { page: document.documentElement.scrollWidth, view: innerWidth,
               letters: [...document.querySelectorAll("#board .wletter")]
                 .map((e) => box(e).height),
               mapBottom: Math.max(...[...document.querySelectorAll("#board g.world")]
                 .map((g) => box(g).bottom)),
               scoresTop: box(document.getElementById("scores")).top, rows };
    })()"""
    b = Browser(work)
    try:
        for width, height, mobile in ((390, 844, True), (1400, 1000, False)):
            b.call("Emulation.setDeviceMetricsOverride", session=True, width=width,
                   height=height, deviceScaleFactor=1, mobile=mobile)
            b.open(page.resolve().as_uri() + "#record=1")
            for _ in range(60):  # to yellow's turn: the longest name with "(its turn)"
                if b.eval("!!document.querySelector('#board g.score.active"
                          "[data-colour=yellow]')"):
                    break
                b.press("PageDown")
            seen = b.eval(sizes)
            assert seen["rows"] and all(n <= w for n, w in seen["rows"]), seen["rows"]
            if mobile:
                assert seen["page"] <= seen["view"], seen
                assert min(seen["letters"]) >= 12, seen["letters"]
                assert seen["scoresTop"] >= seen["mapBottom"], seen
    finally:
        b.close()
