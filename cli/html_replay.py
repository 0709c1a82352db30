"""`cosmic replay JOURNAL --html OUT.html`: one self-contained page that replays a game in
any browser, with no server and no network.

How it works: the journal is verified twice over the same bytes, once by
node.verify.verify_journal (the verdict the page shows on top, in the words of `cosmic
verify`) and once by the terminal viewer's timeline (cli/replay_app.py), which keeps the
position after every record. Every position is described here, in Python, with the
client's own words (cli/render.py: public_summary, board_text, log_line; the map game's
positions by cli/html_replay_worlds.py, its words cli/game_ui.py's); the script in the
page only draws what it is given and never words an event itself. The map game's board
is drawn by a script of its own (html_replay_worlds.js); the controls, the log, the
verdict and the hands are the common script's, for both games. A finished game's verdict
(who won, why) is text the browser wraps, above the board and first in the board in
words: never cut at a width (as the terminal's 46-column board did).

What the page holds, compactly (about half a local journal's size): each position's
public summary flattened to "path/to/leaf" keys, sent as the keys that changed since the
position before; every string (board lines, log lines) once, in a table the positions
point into. The page rebuilds every position when it opens (a few milliseconds for
thousands of records), so stepping, the slider and jumps are immediate.

Invariants: the page loads nothing (a Content-Security-Policy of default-src 'none' with
the hashes of its one script and one style sheet; no URL in the markup; SVG built from
strings whose every text is escaped); every hand is in the page only when the card
source knew every face (a local game, whose seed is public, or a network game after its
end-of-game key shares); a fault ends the replay at the failing record, named on top.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import html
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

from engine import cosmic as engine
from node.verify import VerifyResult, verify_journal
from protocol.envelope import Envelope
from protocol.errors import ProtocolError
from protocol.game import GameVerifier
from protocol.journal import JournalContents
from protocol.keys import SigningKey
from protocol.tell import CHAT_KINDS

from .cmd_verify import exit_code, result_text
from .html_replay_worlds import SCRIPT_FILE as WORLDS_SCRIPT
from .html_replay_worlds import worlds_position
from .render import board_text, card_label, planet_name, public_summary
from .replay_app import Timeline, TimelineVisitor, fault_text

__all__ = ["build_page", "write_page", "page_data"]

SCRIPT_FILE, STYLE_FILE = "html_replay.js", "html_replay.css"


# -- the timeline, with the client's log lines ---------------------------------------------


class _PageVisitor(TimelineVisitor):
    """The viewer's timeline, plus each step's log lines (render.log_line, as the client
    logs) and the encounter totals the engine announced."""

    def __init__(self, timeline: Timeline, key: SigningKey | None) -> None:
        super().__init__(timeline, None, key)
        self.lines: list[tuple[str, ...]] = []  # aligned with timeline.steps
        self.totals: list[tuple[int, int] | None] = []  # likewise

    def visit_record(self, record: int, env: Envelope, action: Any,
                     verifier: GameVerifier) -> None:
        before = verifier.state  # the position after this record, before its chance facts
        raw = list(verifier.events)
        super().visit_record(record, env, action, verifier)  # settles the chance facts
        s = before
        for fact in verifier.chance:  # replayed for their events only (apply is pure)
            s, ev = verifier.rules.apply(s, fact)
            raw += ev
        s = verifier.state
        while len(self.lines) < len(self.tl.steps) - 1:  # journal notes: nothing to say
            self.lines.append(())
            self.totals.append(None)
        log_line = self.tl.words().log_line
        # A card-protocol message says what its completion did too (a network game's
        # deal, draws and aliens come after one), as the terminal viewer's log does.
        said = (log_line(s, ev) for ev in raw) if env.kind not in CHAT_KINDS else iter(())
        self.lines.append(tuple(line for line in said if line is not None))
        self.totals.append(next(((int(ev[1]), int(ev[2])) for ev in reversed(raw)
                                 if ev[0] == "totals"), None))


def _timeline(contents: JournalContents, path: str, key: SigningKey | None
              ) -> tuple[Timeline, list[tuple[str, ...]], list[tuple[int, int] | None]]:
    from node.verify import read_journal_parallel

    tl = Timeline(path, len(contents.entries),
                  tuple(s.colour for s in contents.genesis.seats))
    visitor = _PageVisitor(tl, key)
    try:
        tl = read_journal_parallel(contents, visitor)
    except ProtocolError as exc:  # the genesis itself
        tl.error = exc
    n = len(tl.steps)
    lines = (visitor.lines + [()] * n)[:n]
    totals = (visitor.totals + [None] * n)[:n]
    return tl, lines, totals


# -- one position as flat data -------------------------------------------------------------


class _Strings:
    """A table of strings: each is stored once and named by its index."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self.index: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        i = self.index.get(text)
        if i is None:
            i = self.index[text] = len(self.table)
            self.table.append(text)
        return i


def _flatten(value: Any, prefix: str, out: dict[str, Any]) -> None:
    """Nested dicts become "a/b/c" keys; lists and scalars are leaves."""
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{prefix}/{k}" if prefix else str(k), out)
    else:
        out[prefix] = value


def waiting_text(rules: Any, s: Any) -> str:
    """Who the game waits for, and for what ("" once it is over)."""
    p = rules.pending(s)
    if p.over:
        return ""
    colors = s.config.colors
    who = ", ".join(colors[x] for x in p.seats if 0 <= x < len(colors)) or "the cards"
    return f"waiting for {who}: {'/'.join(p.kinds)} ({p.phase}, {p.step})"


def _position(s: engine.GameState, strings: _Strings, totals: tuple[int, int] | None,
              faces: Any) -> dict[str, Any]:
    """Everything the page shows of one position, flat (see the module doc)."""
    summary = public_summary(s)
    discard = summary.pop("discard")
    summary["discard"] = len(discard)
    summary["discard_top"] = discard[-1] if discard else None
    summary["aliens"] = list(s.aliens)
    summary["encounters"] = s.encounters
    summary["waiting"] = strings(waiting_text(engine, s))
    if s.enc is not None and "encounter" in summary:
        colors = s.config.colors
        summary["encounter"]["face_down"] = [colors[x] for x in s.enc.selected]
        summary["encounter"]["totals"] = list(totals) if totals is not None else None
    # The board in words as the text replay prints it: a finished game's verdict whole on
    # its first line (the browser wraps it), also on its own above the board (gameover).
    board = board_text(s, whole_verdict=True).splitlines()
    summary["board"] = {str(i): strings(line) for i, line in enumerate(board)}
    if s.outcome is not None:
        summary["gameover"] = strings(board[0])
    if faces is not None:  # every face is known: each hand, as card labels
        summary["hands"] = {s.config.colors[seat]: [
            strings(card_label(faces.get(h, s.faces.get(h)))) for h in s.hands[seat]]
            for seat in range(s.n)}
    flat: dict[str, Any] = {}
    _flatten(summary, "", flat)
    return flat


def page_data(tl: Timeline, lines: list[tuple[str, ...]],
              totals: list[tuple[int, int] | None], verdict: VerifyResult,
              name: str) -> dict[str, Any]:
    """The page's data (JSON-able): the game, the verdict, every position as changes."""
    cosmic = tl.rules.NAME == "cosmic"
    position = _position if cosmic else worlds_position(tl.rules)
    strings = _Strings()
    keys = _Strings()
    frames: list[list[Any]] = []
    previous: dict[str, Any] = {}
    turn_starts: dict[int, int] = {}
    current_totals: tuple[tuple[int, int], int] | None = None
    for k, s in enumerate(tl.states):
        told = totals[k - 1] if k > 0 else None
        stage = s.encounters if cosmic else s.turns
        if told is not None:  # shown until this encounter ends
            current_totals = (told, stage)
        shown = (current_totals[0] if current_totals is not None
                 and current_totals[1] == stage else None)
        flat = position(s, strings, shown, tl.faces)
        frame: list[Any] = []
        for key, value in flat.items():
            if key not in previous or previous[key] != value:
                frame += [keys(key), value]
        for key in previous:
            if key not in flat:
                frame += [keys(key), None]
        frames.append(frame)
        previous = flat
        turn_starts.setdefault(s.turns, k)
    enc_starts = tl.encounter_starts()
    steps = [[st.record, -1 if st.author is None else st.author, strings(st.text),
              [strings(x) for x in said]] for st, said in zip(tl.steps, lines)]
    s0 = tl.states[0] if tl.states else None
    config = s0.config if s0 is not None else None
    # A game in progress is verified as far as it goes (as by `cosmic verify --partial`).
    code = exit_code(verdict, partial=True)
    return {
        "name": name,
        "game": tl.rules.NAME,
        "colors": list(tl.colors),
        "planets": [] if s0 is None or not cosmic else [planet_name(s0, p)
                                                        for p in range(s0.planet_count)],
        "per": 0 if config is None or not cosmic else config.planets,
        # team play: each pair of teammates (seated opposite), by colour
        "teams": [] if config is None or not cosmic or not config.teams else [
            [tl.colors[x], tl.colors[config.teammate(x)]] for x in range(config.seats // 2)],
        "mode": tl.mode,
        "total": tl.total,
        "revealed": tl.faces is not None,
        "verify": {"ok": code == 0 and verdict.complete, "failed": code != 0,
                   "head": result_text(verdict, partial=True).splitlines()[0],
                   "text": result_text(verdict, partial=True), "fault": fault_text(tl),
                   "incomplete": verdict.incomplete},
        "keys": keys.table, "strings": strings.table, "frames": frames, "steps": steps,
        "encounters": enc_starts,
        "turns": [[t, k] for t, k in sorted(turn_starts.items())],
    }


# -- the page ------------------------------------------------------------------------------


def _asset(name: str) -> str:
    return resources.files("cli").joinpath(name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def build_page(data: dict[str, Any]) -> str:
    """The whole page: markup, its one style sheet and script inline, the data as JSON."""
    # The map game's board is drawn by a script of its own, run before the common one.
    scripts = ([_asset(WORLDS_SCRIPT)] if data.get("game") == "worlds" else []) + \
        [_asset(SCRIPT_FILE)]
    style = _asset(STYLE_FILE)
    # "<" never appears raw inside the data block, so no "</script>" can end it early.
    blob = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    csp = (f"default-src 'none'; script-src {' '.join(_csp_hash(x) for x in scripts)}; "
           f"style-src {_csp_hash(style)}; base-uri 'none'; form-action 'none'")
    title = html.escape(f"cosmic replay: {data['name']}")
    stage = "conflict" if data.get("game") == "worlds" else "encounter"
    code = "".join(f"<script>{x}</script>\n" for x in scripts)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<div id="verdict" class="verdict"></div>
</header>
<nav id="controls" aria-label="replay controls">
<button id="first" title="first position (Home)">|&#x25C0;</button>
<button id="prevenc" title="previous {stage} (PageUp, E)">&#x25C0;&#x25C0; {stage}</button>
<button id="prev" title="previous record (Left, p)">&#x25C0;</button>
<button id="next" title="next record (Right, n)">&#x25B6;</button>
<button id="nextenc" title="next {stage} (PageDown, e)">{stage} &#x25B6;&#x25B6;</button>
<button id="last" title="last position (End)">&#x25B6;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="position">
<span id="pos"></span>
<label>turn <input id="turn" type="number" min="0" value="0"></label>
<button id="goturn" title="go to the start of that turn (t)">go</button>
<label id="handslabel"><input id="hands" type="checkbox"> every hand (h)</label>
<label>find <input id="find" type="search" size="14"
 title="the next record that says this (/); Enter again: the one after"></label>
<span id="found" role="status"></span>
</nav>
<p id="gameover" hidden></p>
<main>
<section id="boardbox"><svg id="board" role="img" aria-label="the board"></svg></section>
<section id="side">
<h2 id="stephead"></h2>
<ul id="events"></ul>
<div id="waiting"></div>
<div id="handsbox"></div>
<h2>Log</h2>
<ol id="log"></ol>
<h2>Board in words</h2>
<pre id="boardtext"></pre>
</section>
</main>
<footer id="help">Keys: Right/n next record, Left/p previous, PageDown/e next {stage},
PageUp/E previous, Home/End first/last, t turn, h every hand, / find (the next record
that says some words: its line or its events; Enter again for the one after).
A position is the game after that many records (as <code>cosmic replay --to N</code>);
add <code>#record=N</code> to the page's address to open it there.</footer>
<script type="application/json" id="data">{blob}</script>
{code}</body>
</html>
"""


def write_page(contents: JournalContents, journal: Path, out: Path,
               key: SigningKey | None = None,
               damage: ProtocolError | None = None) -> tuple[VerifyResult, Timeline]:
    """Verify and replay a parsed journal and write its page to `out` (atomically).
    `damage`: the framing fault that cut `contents` short, named on the page as the fault
    if the records before it verify. Raises OSError if the journal cannot be read again or
    the page cannot be written."""
    name = journal.name  # the page names the file, not where it lay on this machine
    verdict = dataclasses.replace(verify_journal(journal), path=name)
    tl, lines, totals = _timeline(contents, name, key)
    if tl.error is None and damage is not None:
        tl.error = damage
    page = build_page(page_data(tl, lines, totals, verdict, name))
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(page, encoding="utf-8")
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            tmp.unlink()
    return verdict, tl
