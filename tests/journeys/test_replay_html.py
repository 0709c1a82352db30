"""`cosmic replay JOURNAL --html OUT.html`: the page a person opens in a browser, checked in
a real one (headless Chromium, driven over its DevTools pipe by a small stdlib client).

What is checked, through the page's DOM as the browser built it: the board drawn at a
position (ships on every planet, the warp, the colony track, hand sizes, aliens, the
encounter) is what `cosmic replay JOURNAL --to N --json` says of that position; real key
presses step, jump to encounters and turns and show every hand; the verdict on top is
`cosmic verify`'s; a screenshot shows the board in the players' colours; and the page asks
for nothing over the network (the browser's own record of requests, its console, and the
page's Content-Security-Policy). Chromium runs with every name unresolvable and a dead
proxy, so even a broken page could reach nothing. Chromium is required: a machine without
it fails these tests (.ci/run installs it) rather than skipping them.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from _journal_games import other_hash, short_game
from _journey import cosmic
from protocol.journal import parse_journal

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--mute-audio",
    # Nothing can leave this machine, whatever a page asks: no name resolves, and every
    # request would go to a closed port on loopback.
    "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
    "--remote-debugging-pipe",
]
WAIT = 20.0  # seconds for the browser to answer one command or show one page


class Browser:
    """Headless Chromium over --remote-debugging-pipe: it reads commands on fd 3 and
    writes answers and events on fd 4, each a JSON text ended by a NUL byte."""

    def __init__(self, workdir: Path) -> None:
        exe = shutil.which("chromium")
        if exe is None:
            pytest.fail("chromium is not installed: the page tests need a real browser "
                        "(apt-get install chromium; .ci/run installs it)")
        to_browser, self._out = os.pipe()
        self._in, from_browser = os.pipe()

        def fds() -> None:  # in the child: its pipe ends become fds 3 and 4
            a = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.log = workdir / "chromium.log"
        profile = tempfile.mkdtemp(prefix="profile-", dir=workdir)
        with self.log.open("w") as log:
            self.proc = subprocess.Popen(
                [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
                pass_fds=(3, 4), preexec_fn=fds, stdin=subprocess.DEVNULL,
                stdout=log, stderr=log)
        os.close(to_browser)
        os.close(from_browser)
        self._buf = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        for domain in ("Page", "Network", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=1400,
                  height=1000, deviceScaleFactor=1, mobile=False)
        self.call("Emulation.setFocusEmulationEnabled", session=True, enabled=True)

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buf:
            if time.monotonic() > deadline:
                raise TimeoutError("the browser did not answer")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise EOFError(f"the browser closed its pipe; see {self.log}")
            self._buf += chunk
        message, self._buf = self._buf.split(b"\0", 1)
        out: dict[str, Any] = json.loads(message)
        return out

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send one command (to the page with `session`) and return its result; events
        that arrive meanwhile are kept in self.events."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + WAIT
        while True:
            got = self._read(deadline)
            if got.get("id") == self._id:
                if "error" in got:
                    raise RuntimeError(f"{method}: {got['error']}")
                result: dict[str, Any] = got.get("result", {})
                return result
            self.events.append(got)

    def eval(self, expression: str) -> Any:
        r = self.call("Runtime.evaluate", session=True, expression=expression,
                      returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression[:60]}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def open(self, url: str) -> None:
        """Show `url` and wait until the page's script has drawn it."""
        self.call("Page.navigate", session=True, url="about:blank")
        self.call("Page.navigate", session=True, url=url)
        self.wait("document.body && document.body.dataset.ready === '1'")

    def wait(self, expression: str) -> None:
        deadline = time.monotonic() + WAIT
        while not self.eval(expression):
            if time.monotonic() > deadline:
                raise TimeoutError(f"never true: {expression}")
            time.sleep(0.05)

    def press(self, key: str) -> None:
        """A real key press, as from a keyboard: key down (typing its character, if it
        has one) and key up."""
        code, text = KEYS[key] if key in KEYS else (ord(key.upper()), key)
        down: dict[str, Any] = {"type": "keyDown" if text else "rawKeyDown", "key": key,
                                "windowsVirtualKeyCode": code}
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", session=True, **down)
        self.call("Input.dispatchKeyEvent", session=True, type="keyUp", key=key,
                  windowsVirtualKeyCode=code)

    def click(self, x: float, y: float) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", session=True, type=kind, x=x, y=y,
                      button="left", clickCount=1)

    def screenshot(self, clip: dict[str, float]) -> bytes:
        r = self.call("Page.captureScreenshot", session=True, format="png",
                      clip={**clip, "scale": 0.5}, optimizeForSpeed=True)
        return base64.b64decode(r["data"])

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (EOFError, TimeoutError, RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._out)
        os.close(self._in)


KEYS = {"ArrowRight": (39, ""), "ArrowLeft": (37, ""), "PageDown": (34, ""),
        "PageUp": (33, ""), "Home": (36, ""), "End": (35, ""), "Enter": (13, "\r")}

# What the page shows, read from its DOM: the numbers are the texts drawn in the SVG.
READ = """(() => {
  const q = (s, r) => Array.from((r || document).querySelectorAll(s));
  const tags = (r) => Object.fromEntries(q("g.colony", r).map(
      (g) => [g.dataset.colour, Number(g.querySelector("text").textContent)]));
  const board = document.getElementById("board");
  const planets = {};
  for (const p of q("g.planet", board)) {
    planets[p.querySelector("text.pname").textContent] = tags(p);
  }
  const seats = {};
  for (const s of q("g.seat", board)) {
    seats[s.dataset.colour] = {
      hand: Number(/^hand (\\d+)$/.exec(s.querySelector("text.hand").textContent)[1]),
      alien: s.querySelector("text.alien").textContent,
      role: (s.querySelector("text.role") || {}).textContent || ""};
  }
  const enc = document.getElementById("encounter");
  const track = Object.fromEntries(q("#track g.track").map((g) => [g.dataset.colour,
      Number(g.querySelectorAll("text")[1].textContent)]));
  const hands = Object.fromEntries(q("#handlist li").map((li) => [li.dataset.colour,
      li.textContent.slice(li.dataset.colour.length + 2)]));
  return {
    position: Number(document.body.dataset.position),
    slider: Number(document.getElementById("slider").value),
    slider_max: Number(document.getElementById("slider").max),
    pos: document.getElementById("pos").textContent,
    head: document.getElementById("stephead").textContent,
    events: q("#events li").map((li) => li.textContent),
    waiting: document.getElementById("waiting").textContent,
    boardtext: document.getElementById("boardtext").textContent,
    planets, seats, track, hands,
    warp: tags(document.getElementById("warp")),
    gate: tags(enc.querySelector("g.gate") || document.createElement("g")),
    beside: tags(enc.querySelector("g.beside") || document.createElement("g")),
    encounter: {number: Number(enc.dataset.number), offense: enc.dataset.offense,
                defense: enc.dataset.defense, target: enc.dataset.target,
                cards: q("text.card", enc).map((t) => t.textContent.split(": ")[1]),
                totals: (enc.querySelector("text.totals") || {}).textContent || ""},
    decks: (board.querySelector("text.decks") || {}).textContent,
    verdict: document.getElementById("verdict").className,
    verdict_text: document.getElementById("verdict").textContent,
    hands_enabled: !document.getElementById("hands").disabled,
    hands_checked: document.getElementById("hands").checked,
  };
})()"""


# -- games and pages, made once for this file ------------------------------------------------


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("html")


@pytest.fixture(scope="module")
def browser(work: Path) -> Iterator[Browser]:
    b = Browser(work)
    try:
        yield b
    finally:
        b.close()


def _page(journal: Path, out: Path, home: Path, expect: int = 0) -> Path:
    r = cosmic("replay", str(journal), "--html", str(out), home=home)
    assert r.returncode == expect, r.stdout + r.stderr
    assert r.stdout.startswith(f"{out}: the replay of {journal}"), r.stdout
    return out


@pytest.fixture(scope="module")
def aliens(work: Path) -> tuple[Path, Path]:
    """A whole four-seat local game with aliens dealt at random and its page: the longest
    of a few games (which aliens a seed deals changes as aliens are added; the test needs
    a game of over a thousand records, not one seed's luck)."""
    r = cosmic("simulate", "--players", "4", "--games", "6", "--seed", "html", "--aliens",
               "random", "--journal-dir", "aliens", home=work)
    assert r.returncode == 0, r.stderr
    journal = max(sorted((work / "aliens").glob("game-*.journal")),
                  key=lambda p: p.stat().st_size)
    return journal, _page(journal, work / "aliens.html", work)


def _json(journal: Path, n: int | None, home: Path) -> dict[str, Any]:
    """`cosmic replay JOURNAL --to N --json` (without N: after every record)."""
    to = [] if n is None else ["--to", str(n)]
    r = cosmic("replay", str(journal), *to, "--json", home=home)
    assert r.returncode == 0, r.stderr
    data: dict[str, Any] = json.loads(r.stdout)
    return data


def _url(page: Path, record: int | None = None) -> str:
    return page.resolve().as_uri() + ("" if record is None else f"#record={record}")


_QUIET = re.compile(r" draws \d+ card\(s\)$| puts a card face down$| deck is shuffled$")


def check_position(seen: dict[str, Any], data: dict[str, Any]) -> None:
    """The page at position N shows what `replay --to N --json` says of that position."""
    n, summary = data["records"], data["summary"]
    assert seen["position"] == seen["slider"] == n, seen["pos"]
    assert seen["pos"].startswith(f"position {n} of {data['of']} ("), seen["pos"]
    # Every planet's colonies, each colour's ships as drawn.
    assert seen["planets"] == {p: {c: k for c, k in ships.items() if k}
                               for p, ships in summary["planets"].items()}, n
    assert {c: s["hand"] for c, s in seen["seats"].items()} == summary["hand_sizes"]
    assert seen["warp"] == {c: k for c, k in summary["warp"].items() if k}
    assert seen["track"] == summary["foreign_colonies"]
    assert seen["gate"] == summary["gate"] and seen["beside"] == summary["beside"]
    aliens = data["public"][-1]  # the engine's current alien of each seat
    colours = list(summary["hand_sizes"])
    for seat, colour in enumerate(data["public"][1][1]):
        want = {"": "no alien", "?": "alien not yet dealt"}.get(
            aliens[seat], aliens[seat].replace("_", " "))
        assert seen["seats"][colour]["alien"] == want, (colour, aliens)
    enc = summary.get("encounter")
    if enc is not None:
        e = seen["encounter"]
        assert e["number"] == enc["number"] and e["offense"] == summary["offense"]
        assert (e["defense"] or None) == enc["defense"] and (e["target"] or None) == enc["target"]
        for shown, card in zip(e["cards"], enc["cards"]):
            assert shown == card if card is not None else shown in ("-", "face down"), e
    else:
        assert seen["encounter"]["number"] == 0
    assert seen["decks"].startswith(f"deck {summary['deck']}, discard "
                                    f"{len(summary['discard'])}"), seen["decks"]
    over, first = summary["outcome"], seen["boardtext"].splitlines()[0]
    if over:
        winners = ", ".join(over["winners"]) or "nobody"
        assert first.startswith(f"Game over: {winners} won ("), first  # why, in words
    else:
        assert first.startswith(f"Turn {summary['turn']}: {summary['offense'] or '-'}; "
                                f"{summary['phase'].replace('_', ' ')} ("), first
    assert len(colours) == len(seen["seats"])
    if n == 0:
        assert seen["head"] == "The game as dealt: no record yet"
        return
    last = data["last"][-1]  # the record that led here, in the client's words
    who = data["public"][1][1][last["author"]]
    told = last["action"] or last["chat"]
    if told is None:  # a card protocol message: what it does, then its kind
        assert re.fullmatch(rf"record {n - 1}, {who}: card protocol: [a-z][a-z ,-]+ "
                            r"\(cards\.[a-z-]+\)", seen["head"]), seen
    elif told.startswith("power "):  # an alien power's use: told in words, never numbers
        assert re.match(rf"record {n - 1}, {who}: (the|with the|uses the) [A-Z]",
                        seen["head"]), seen
        assert not re.search(r"option=|args=", seen["head"]), seen
    elif last["action"] is not None:  # any other action: in words, never its text form
        assert seen["head"] == f"record {n - 1}, {who}: {last['said']}", seen
        assert "=" not in last["said"] and last["said"] != told, last
    else:
        assert seen["head"] == f"record {n - 1}, {who}: {told}", seen
    said = iter(seen["events"])
    for line in last["events"]:  # the record's own events, in order (bookkeeping aside)
        if not _QUIET.search(line):
            assert line in said, (line, seen["events"])
        if line.startswith("totals: ") and seen["encounter"]["number"]:
            # and the encounter box shows the same totals (when the record did not also
            # end the encounter: the page shows the position after the record)
            assert seen["encounter"]["totals"] == line, seen["encounter"]


# -- the journeys ----------------------------------------------------------------------------


def test_the_page_shows_the_engines_board_and_steps_by_key(
        aliens: tuple[Path, Path], browser: Browser, work: Path) -> None:
    journal, page = aliens
    data_last = _json(journal, None, work)
    total = data_last["of"]
    assert total > 1000  # a long game stays one small page
    assert page.stat().st_size < 2 * journal.stat().st_size

    browser.open(_url(page))
    seen = browser.eval(READ)
    assert seen["verdict"] == "verdict ok" and "Verified" in seen["verdict_text"]
    assert f"{journal.name}: OK" in seen["verdict_text"]
    assert seen["slider_max"] == total
    check_position(seen, _json(journal, 0, work))

    for _ in range(3):  # one record at a time, by the arrow key
        browser.press("ArrowRight")
    browser.press("ArrowLeft")
    check_position(browser.eval(READ), _json(journal, 2, work))

    browser.press("PageDown")  # the next encounter: the first one begins here
    first = browser.eval(READ)
    assert any(re.search(r" begins encounter 1$", e) for e in first["events"]), first
    browser.press("PageDown")
    second = browser.eval(READ)
    assert second["position"] > first["position"]
    assert second["encounter"]["number"] in (1, 2)
    before = _json(journal, second["position"] - 1, work)
    at = _json(journal, second["position"], work)
    assert at["public"][20] == before["public"][20] + 1  # the encounter count went up
    check_position(second, at)
    browser.press("PageUp")
    assert browser.eval(READ)["position"] == first["position"]

    browser.press("t")  # a turn: typed into the turn box, then Enter
    for ch in "12":
        browser.press(ch)
    browser.press("Enter")
    turn12 = browser.eval(READ)
    data = _json(journal, turn12["position"], work)
    assert data["summary"]["turn"] == 12
    assert _json(journal, turn12["position"] - 1, work)["summary"]["turn"] == 11
    check_position(turn12, data)

    for _ in range(600):  # on, record by record, to an attack against an attack whose
        seen_now = browser.eval(READ)  # encounter is still open after its record
        if any(e.startswith("totals: ") for e in seen_now["events"]) \
                and seen_now["encounter"]["number"]:
            break
        browser.press("n")
    fight = browser.eval(READ)
    data = _json(journal, fight["position"], work)
    check_position(fight, data)
    assert fight["encounter"]["totals"].startswith("totals: offense "), fight["encounter"]

    browser.press("h")  # every hand: a local game's seed is public
    shown = browser.eval(READ)
    assert shown["hands_enabled"] and shown["hands_checked"]
    assert {c: len(h.split(", ")) if h != "(none)" else 0
            for c, h in shown["hands"].items()} == data["summary"]["hand_sizes"]
    assert all("?" not in h for h in shown["hands"].values()), shown["hands"]
    browser.press("h")
    assert browser.eval(READ)["hands"] == {}

    browser.press("End")
    end = browser.eval(READ)
    assert data_last["summary"]["outcome"] is not None
    check_position(end, data_last)
    browser.press("Home")
    assert browser.eval(READ)["position"] == 0

    # The slider: a click in its middle lands about halfway through the game.
    box = browser.eval("(() => { const r = document.getElementById('slider')"
                       ".getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()")
    browser.click(box[0] + box[2] / 2, box[1] + box[3] / 2)
    middle = browser.eval(READ)["position"]
    assert abs(middle - total / 2) < total / 20, (middle, total)

    # A position named in the address opens there (a link someone shares).
    browser.open(_url(page, 777))
    check_position(browser.eval(READ), _json(journal, 777, work))


def test_a_screenshot_shows_the_board_in_the_players_colours(
        aliens: tuple[Path, Path], browser: Browser, work: Path) -> None:
    journal, page = aliens
    browser.open(_url(page, 400))
    box = browser.eval("(() => { const r = document.getElementById('board')"
                       ".getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, "
                       "height: r.height}; })()")
    assert box["width"] > 600 and box["height"] > 300, box
    png = browser.screenshot(box)
    (work / "board.png").write_bytes(png)  # to look at
    pixels = Counter(png_pixels(png))
    colours = set(pixels)
    assert len(colours) > 500, len(colours)  # not blank: a drawing, with text (empty: 33)
    fills = {"red": (0xd6, 0x27, 0x28), "blue": (0x1f, 0x5f, 0xb4),
             "yellow": (0xf2, 0xcf, 0x1d), "green": (0x2c, 0xa0, 0x2c)}
    assert all(rgb in colours for rgb in fills.values()), fills  # every player's ships
    background = pixels.most_common(1)[0][0]
    assert background in ((0x0f, 0x16, 0x26), (0x1b, 0x24, 0x38))  # its sky, its rows


def png_pixels(png: bytes) -> list[tuple[int, int, int]]:
    """The RGB pixels of an 8-bit RGB or RGBA PNG (the five row filters undone)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width, height, kind = 8, b"", 0, 0, 0
    while at < len(png):
        length, name = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if name == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and kind in (2, 6), (depth, kind)
        elif name == b"IDAT":
            idat += body
        at += 12 + length
    raw, step = zlib.decompress(idat), 3 if kind == 2 else 4
    stride, prev, out = width * step, bytearray(width * step), []
    for y in range(height):
        f, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - step] if i >= step else 0
            b, c = prev[i], prev[i - step] if i >= step else 0
            if f == 1:
                row[i] = (row[i] + a) & 255
            elif f == 2:
                row[i] = (row[i] + b) & 255
            elif f == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += [(row[i], row[i + 1], row[i + 2]) for i in range(0, stride, step)]
        prev = row
    return out


def test_flares_and_a_network_game(browser: Browser, work: Path) -> None:
    # A local game with the advanced setup: flares dealt, each seat keeps one alien.
    r = cosmic("simulate", "--players", "3", "--games", "1", "--seed", "flare", "--flares",
               "--max-turns", "5", "--journal-dir", "flares", home=work)
    assert r.returncode == 0, r.stderr
    journal = work / "flares" / "game-0000.journal"
    page = _page(journal, work / "flares.html", work)
    end = _json(journal, None, work)
    browser.open(_url(page, end["of"]))
    check_position(browser.eval(READ), end)
    browser.open(_url(page, end["of"] // 2))
    check_position(browser.eval(READ), _json(journal, end["of"] // 2, work))

    # A networked game between bot nodes: its cards are revealed at its end.
    r = cosmic("demo", "--players", "3", "--seed", "html", "--dir", "net", "--max-turns",
               "2", "--quiet", home=work, timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    journal = work / "net" / "seat-2.journal"
    page = _page(journal, work / "net.html", work)
    # What a card-protocol message completed (the deal, a draw) is in its record's
    # events, as in the terminal viewer's log: the page leaves out none of it.
    doc = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>',
                               page.read_text(), re.S).group(1))  # type: ignore[union-attr]
    said = [[doc["strings"][x] for x in st[3]] for st in doc["steps"]
            if doc["strings"][st[2]].startswith("card protocol")]
    assert any(any(" draws " in x for x in events) for events in said), said[:20]
    end = _json(journal, None, work)
    total = end["of"]
    browser.open(_url(page, total))
    seen = browser.eval(READ)
    assert seen["verdict"] == "verdict ok" and seen["hands_enabled"]
    check_position(seen, end)
    browser.open(_url(page, total // 3))
    check_position(browser.eval(READ), _json(journal, total // 3, work))
    browser.press("h")
    assert browser.eval(READ)["hands"]

    # The same game cut short (its node died mid-game): verified as far as it goes, and
    # its hands are not in the page at all.
    data = journal.read_bytes()
    entries = parse_journal(data).entries
    cut = work / "cut.journal"
    cut.write_bytes(data[:entries[len(entries) * 2 // 3].offset + 5])  # a torn record
    page = _page(cut, work / "cut.html", work)
    data_block = re.search(r'<script type="application/json" id="data">(.*?)</script>',
                           page.read_text(), re.S)
    assert data_block is not None
    keys = json.loads(data_block.group(1))["keys"]
    assert "hand_sizes/red" in keys and not any(k.startswith("hands/") for k in keys)
    browser.open(_url(page))
    seen = browser.eval(READ)
    assert seen["verdict"] == "verdict partial" and not seen["hands_enabled"], seen
    assert "incomplete" in seen["verdict_text"]
    partial = cosmic("verify", str(cut), "--partial", home=work)  # the same verdict
    assert partial.returncode == 0, partial.stdout + partial.stderr
    assert partial.stdout.splitlines()[0].replace(str(cut), cut.name) in seen["verdict_text"]
    browser.press("h")
    assert browser.eval(READ)["hands"] == {}
    browser.press("End")
    check_position(browser.eval(READ), _json(cut, len(entries) * 2 // 3, work))


def test_a_failed_check_is_named_on_top(browser: Browser, work: Path) -> None:
    rec = short_game()
    raws = list(rec.raws)
    raws[30] = rec.resign(30, lambda f: f.__setitem__(6, other_hash()))  # a false hash
    journal = work / "forged.journal"
    journal.write_bytes(rec.rebuild(raws))
    page = _page(journal, work / "forged.html", work, expect=1)
    browser.open(_url(page))
    seen = browser.eval(READ)
    assert seen["verdict"] == "verdict failed", seen
    assert "FAILED: record 30" in seen["verdict_text"]
    assert "FAULT at record 30 (state-hash check)" in seen["verdict_text"]
    assert seen["position"] == seen["slider_max"] == 30  # it opens where the fault is
    browser.press("ArrowRight")
    assert browser.eval(READ)["position"] == 30
    check_position(seen, _json(journal, 30, work))


def test_a_damaged_journal_is_shown_up_to_the_damage(browser: Browser, work: Path) -> None:
    """A byte flipped inside record 30's framing: the journal fails, but the 30 intact
    records before it still tell the game, in the page, the plain replay and --json."""
    rec = short_game()
    data = bytearray(rec.rebuild(list(rec.raws)))
    at = parse_journal(bytes(data)).entries[30].offset
    data[at + 12] ^= 0xFF  # inside the body: the record's CRC no longer matches
    journal = work / "damaged.journal"
    journal.write_bytes(bytes(data))
    page = _page(journal, work / "damaged.html", work, expect=1)
    browser.open(_url(page))
    seen = browser.eval(READ)
    assert seen["verdict"] == "verdict failed", seen
    assert "FAULT at record 30 (record check)" in seen["verdict_text"], seen["verdict_text"]
    assert seen["position"] == seen["slider_max"] == 30
    r = cosmic("replay", str(journal), "--plain", home=work)
    assert r.returncode == 1, r.stderr
    assert r.stdout.startswith(f"{journal}: after 30 of 30 records"), r.stdout
    assert "replaying the 30 intact records before it" in r.stderr
    assert f"{journal}: FAILED: [record] journal record 30 at byte {at}" in r.stderr
    r = cosmic("replay", str(journal), "--to", "31", home=work)
    assert r.returncode == 2 and "the journal has 30 intact records" in r.stderr
    check_position(seen, _json_damaged(journal, 30, work))


def _json_damaged(journal: Path, n: int, home: Path) -> dict[str, Any]:
    r = cosmic("replay", str(journal), "--to", str(n), "--json", home=home)
    assert r.returncode == 1 and "FAILED: [record]" in r.stderr, r.stderr  # still damaged
    data: dict[str, Any] = json.loads(r.stdout)
    return data


def test_the_page_asks_nothing_of_the_network(aliens: tuple[Path, Path], browser: Browser,
                                              work: Path) -> None:
    """Every page this browser opened so far counts too (in file order, all of them)."""
    journal, page = aliens
    browser.open(_url(page, 100))
    for key in ("ArrowRight", "PageDown", "h", "End"):
        browser.press(key)
    text = page.read_text()
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', text)
    assert csp is not None
    rules = dict((r.split()[0], r.split()[1:]) for r in csp.group(1).split("; "))
    assert rules["default-src"] == ["'none'"]
    assert all(len(v) == 1 and v[0].startswith("'sha256-")
               for k, v in rules.items() if k in ("script-src", "style-src"))
    assert not re.search(r"https?:|//[a-z]|\bsrc=|\bhref=|url\(|@import", text, re.I)
    asked = [e["params"]["request"]["url"] for e in browser.events
             if e.get("method") == "Network.requestWillBeSent"]
    pages = {p.resolve().as_uri() for p in work.glob("*.html")}
    assert asked and all(u.split("#")[0] in pages or u == "about:blank" for u in asked), asked
    problems = [e for e in browser.events if e.get("method") == "Runtime.exceptionThrown"
                or (e.get("method") == "Log.entryAdded"
                    and e["params"]["entry"]["level"] == "error")]
    assert not problems, problems


def test_html_refuses_what_it_cannot_do(aliens: tuple[Path, Path], work: Path) -> None:
    journal, _ = aliens
    r = cosmic("replay", str(journal), "--html", str(work / "x.html"), "--to", "5", home=work)
    assert r.returncode == 2 and "--html writes the whole game" in r.stderr
    assert not (work / "x.html").exists()
    r = cosmic("replay", str(journal), "--html", str(work / "no" / "x.html"), home=work)
    assert r.returncode == 2 and "cannot write the page" in r.stderr
    r = cosmic("replay", str(journal), "--html", str(work), home=work)
    assert r.returncode == 2 and "is a directory" in r.stderr


# Each board text's drawn height and place, in CSS pixels, and the page's own width.
_SIZES = """(() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  return { page: document.documentElement.scrollWidth, view: innerWidth,
           board: box(document.getElementById("board")),
           names: [...document.querySelectorAll("#board .sname")].map(box),
           panels: [...document.querySelectorAll("#board #encounter, #board #track")]
             .map((g) => box(g)) };
})()"""


def test_on_a_phone_the_board_is_drawn_large_enough_to_read(
        aliens: tuple[Path, Path], browser: Browser) -> None:
    """At 390 by 844 (a phone) ten seats' rows squeezed beside the encounter would draw
    their names a few pixels high: the board lays its parts one under the other, at
    least 13 pixels a name, and the page itself never scrolls sideways (the board
    does, in its own box)."""
    _, page = aliens
    try:
        browser.call("Emulation.setDeviceMetricsOverride", session=True, width=390,
                     height=844, deviceScaleFactor=1, mobile=True)
        browser.open(_url(page, 200))
        seen = browser.eval(_SIZES)
        assert seen["page"] <= seen["view"], seen
        assert seen["names"] and all(b - t >= 13 for _, t, _, b in seen["names"]), seen
        last_row = max(b for _, _, _, b in seen["names"])
        assert all(t >= last_row for _, t, _, _ in seen["panels"]), seen  # under the rows
    finally:
        browser.call("Emulation.setDeviceMetricsOverride", session=True, width=1400,
                     height=1000, deviceScaleFactor=1, mobile=False)
    browser.open(_url(page, 200))
    wide = browser.eval(_SIZES)
    first_row = min(t for _, t, _, _ in wide["names"])
    assert any(t <= first_row + 20 for _, t, _, _ in wide["panels"]), wide  # beside them


def test_a_team_game_names_the_teams_on_the_board(browser: Browser, work: Path) -> None:
    """Teammates sit opposite (rules 004, Team Play): the board says who plays with whom,
    as the board in words does."""
    r = cosmic("simulate", "--players", "4", "--games", "1", "--seed", "teams",
               "--variant", "teams", "--max-turns", "2", "--journal-dir", "teams", home=work)
    assert r.returncode == 0, r.stderr
    page = _page(work / "teams" / "game-0000.journal", work / "teams.html", work)
    browser.open(_url(page, 1))
    shown = browser.eval("document.querySelector('#board .teams').dataset.teams")
    assert shown == "red+yellow,blue+green"
    assert "teams: red+yellow 0/7, blue+green 0/7" in browser.eval(
        "document.getElementById('boardtext').textContent")
