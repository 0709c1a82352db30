"""Plain functions that turn a public state into words: the board as text, and a summary
as JSON-able data. Used by scenario, replay, play and the full-screen client; testable."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.flow import destiny_counts_as_own, external_colonies, team_colonies, \
    team_goal, totals as engine_totals
from engine.cosmic.hidden import face_down_handle, face_down_seats, own_face_down
from engine.cosmic.powers import deal_frees
from engine.cosmic.targets import is_site, ships_at, site_seat
from engine.cosmic.windows import CARD_EFFECTS
from protocol.envelope import Envelope
from protocol.errors import RemoteProtocolError
from protocol.genesis import Genesis
from protocol.keys import SigningKey
from protocol.tell import TELL_KIND, read_tell, reader_of

from .you_words import Voice

__all__ = ["BOARD_WIDTH", "BOARD_COLUMNS", "window_moment", "board_legend", "why_over", "reason_words", "planet_name", "board_text", "board_keys", "tech_lines", "alien_label", "encounter_totals", "public_summary", "card_label", "describe_event",
           "log_line", "chat_text"]


def planet_name(s: engine.GameState, planet: int) -> str:
    """`red.2`; a target that is a seat's warp (engine.targets, the Gith's) is `red.warp`."""
    if is_site(planet):
        return f"{s.config.colors[site_seat(planet)]}.warp"
    per = s.config.planets
    return f"{s.config.colors[planet // per]}.{planet % per + 1}"


def card_label(face: int | None) -> str:
    """A card as a person reads it, names spoken ("artifact mobius tubes", "flare filch
    classic", "attack 08"); "?" for a face not known. Commands keep the engine's one-word
    names (cli/commands.py `_card`)."""
    return C.CATALOGUE[face].label().replace("_", " ") if face is not None else "?"


def _colonies(s: engine.GameState, planet: int) -> list[tuple[str, int]]:
    return [(s.config.colors[seat], s.on(planet, seat)) for seat in range(s.n)
            if s.on(planet, seat)]


def public_summary(s: engine.GameState) -> dict[str, Any]:
    colors = s.config.colors
    e = s.enc
    out: dict[str, Any] = {
        "turn": s.turns, "offense": colors[s.offense] if s.offense >= 0 else None,
        "phase": s.phase, "step": s.step()[0],
        "planets": {planet_name(s, p): dict(_colonies(s, p)) for p in range(s.planet_count)},
        "warp": {colors[i]: s.warp[i] for i in range(s.n)},
        "gate": {colors[i]: s.gate[i] for i in range(s.n) if s.gate[i]},
        "beside": {colors[i]: s.beside[i] for i in range(s.n) if s.beside[i]},
        # the colonies that count toward a win (in team play never in the teammate's
        # home system), and per team the places counted toward its combined goal
        "foreign_colonies": {colors[i]: len(external_colonies(s, i)) for i in range(s.n)},
        **({"team_colonies": {f"{colors[x]}+{colors[s.config.teammate(x)]}":
                              len(team_colonies(s, x)) for x in range(s.n // 2)},
            "team_goal": team_goal(s)} if s.config.teams else {}),
        "hand_sizes": {colors[i]: len(s.hands[i]) for i in range(s.n)},
        "deck": len(s.deck), "discard": [card_label(s.faces.get(h)) for h in s.discard],
        "destiny_deck": len(s.destiny_deck),
        **({"techs": {colors[i]: [{"ships": r[2], "tech": C.CATALOGUE[s.faces[r[1]]].name
                                   if r[3] else None}
                                  for r in s.extra.get("techs", ()) if r[0] == i]
                      for i in range(s.n)},
            "tech_deck": len(s.extra.get("tech_deck", ())),
            "tech_discard": len(s.extra.get("tech_discard", ()))}
           if s.config.technology else {}),
        "outcome": None if s.outcome is None else {
            "reason": s.outcome.reason, "winners": [colors[w] for w in s.outcome.winners]},
    }
    if e is not None:
        out["encounter"] = {
            "number": e.number,
            "defense": colors[e.defense] if e.defense >= 0 else None,
            "target": planet_name(s, e.target) if e.target != -1 else None,
            "offensive_allies": [colors[a] for a in e.allies[0]],
            "defensive_allies": [colors[a] for a in e.allies[1]],
            "cards": [card_label(s.faces.get(h)) if h >= 0 else None for h in e.cards],
            "destiny": card_label(s.faces.get(e.destiny)) if e.destiny >= 0 else None,
            "result": e.result,
        }
    return out


BOARD_WIDTH = 50  # the widest board line: a seat's row with the longest alien name


# The steps a seat is asked at, in a few words for the board's first line (its 46 columns
# hold "Turn 12: yellow; resolution (2nd encounter?)"; the status line has room for the
# longer words of cli/game_ui CosmicUI.STEP_WORDS). Others: the name, spaced.
HEADER_STEPS = {
    "accept": "join a side?", "invite": "invite allies", "launch": "aim the gate",
    "planning": "choose cards", "second_choice": "2nd encounter?", "deal": "make a deal",
    "rewards": "take rewards", "collect": "draw on?", "keep_alien": "keep an alien",
    "turn_up": "turn alien up", "give": "give cards", "take": "which ships",
    "tech_keep": "keep a tech", "setup_hand": "first hands", "start_turn": "ready?",
    "defense_known": "defense known", "destiny": "destiny draw", "reveal": "cards up",
    "reveal_cards": "cards up", "resolve": "the result", "outcome": "the result",
    "place": "ships go home",
}


@dataclass(frozen=True)
class BoardColumn:
    """A count in each seat's row of the board: its head, what it counts (`help board`
    says it), and the count for a seat (given the colonies that count toward a win)."""
    head: str
    means: str
    count: Callable[[engine.GameState, int, list[int]], int]


# The board's counts after the colour, in order: `board_text` draws them and `help board`
# (board_legend) explains them from this one table.
BOARD_COLUMNS = (
    BoardColumn("col", "foreign colonies, the count that wins",
                lambda s, seat, colonies: colonies[seat]),
    BoardColumn("hnd", "cards in hand", lambda s, seat, colonies: len(s.hands[seat])),
    BoardColumn("wrp", "ships in the warp", lambda s, seat, colonies: s.warp[seat]),
)
# The board's other rows, by how they start (a pattern), in words for `help board`
# (board_legend): only those on the board at the time are explained.
BOARD_ROWS = (
    (r"Turn ", "the turn, whose encounter it is, the phase and (in brackets) the step now"),
    (r"\w+ vs \w+", "the encounter: offense vs defense, and the planet the gate aims at"),
    (" destiny drawn:", "the destiny card that leaves the offense a choice, and what it allows"),
    (" offense:", "the offense's ships in the encounter, the main player's then its allies'"),
    (" defense:", "the defense's ships, once it has allies"),
    (" so far:", "the totals of the two sides so far (cards not counted yet)"),
    (" the (offense|defense) won", "who won the encounter, and the cards that decided it"),
    (" proposal", "the deal on the table, to accept or answer"),
    (" alien:", "the alien column's marks"),
    (" in ", "other players' ships on that player's home planets (planet, then colour and "
            "ships)"),
    ("teams:", "each team's progress toward its combined goal"),
    (" tech ", "each player's techs: face down (with the ships researching), completed"),
    ("deck ", "cards left in the deck, in the discard pile ('discards' lists it) and in "
              "the destiny deck"),
)


def board_legend(s: engine.GameState, kn: engine.Knowledge | None = None) -> str:
    """`help board`: the board's columns (BOARD_COLUMNS, as `board_text` draws them) and
    what each other row on the board now means (BOARD_ROWS)."""
    per = s.config.planets
    aliens = any(s.aliens) or bool(face_down_seats(s))
    said = [f"{c.head} = {c.means}" for c in BOARD_COLUMNS]
    said.append(f"then {per} numbers, the ships on each of that player's home planets "
                f"(COLOUR.1 to COLOUR.{per})")
    if aliens:
        said.append(f"alien = that player's alien ({_alien_key(s, kn)})")
    if s.config.teams:
        said[0] = f"{BOARD_COLUMNS[0].head} = foreign colonies that count toward a win " \
                  "(none in your teammate's home system)"
    board = board_text(s, kn)
    lines = board.splitlines()
    rows = [f"'{found.group(0).strip()}' = {means}" for start, means in BOARD_ROWS
            if (found := next((m for line in lines if (m := re.match(start, line))),
                              None)) is not None]
    return ("The board: a row a player: " + "; ".join(said) + "."
            + (" Other rows: " + "; ".join(rows) + "." if rows else ""))


def board_text(s: engine.GameState, kn: engine.Knowledge | None = None,
               width: int = 46, keys: bool = True, whole_verdict: bool = False) -> str:
    """The whole public board in short lines (at most BOARD_WIDTH columns; text that
    wraps, at most `width`, 46 unless told): fits beside a hand in an 80-column terminal.
    Each seat's row ends with its alien's whole name. During an encounter each side has a
    row: the main player's ships in the encounter and its allies' ("offense: red 3;
    allies: yellow 2", "defense: blue 4; allies: green 1"; the defense's only once it has
    allies). With `kn` (a seat's knowledge) that seat's own face-down alien is named in
    brackets (hidden powers), and so are its face-down techs (`tech_lines`); the others
    read "face down". In team play a seat's `col` counts only the colonies that count
    toward a win (none in its teammate's home system), and each team's line says how many
    different planets the two hold toward their combined goal. Given more width (the full
    screen's spare columns), the board takes fewer rows: lists wrap later, and the
    running totals join the "red vs blue" line and the aliens' key the column heads
    where they fit (ten seats on 24 rows). Without `keys`, the aliens' key and the deck
    line are left out (`board_keys`: the full screen shows them beside the board when
    the board is short of rows). The verdict of a finished game ("Game over: ...") wraps
    at `width` too; with `whole_verdict` it is one line, for a board that is not beside a
    hand (text replay, plain-text play: they break it at their terminal's width; on a
    pipe, its reader wraps as it likes)."""
    colors = s.config.colors
    width = max(46, width)
    lines = []
    if s.outcome is not None:
        winners = ", ".join(colors[w] for w in s.outcome.winners) or "nobody"
        said = f"Game over: {winners} won ({why_over(s)})"
        lines += [said] if whole_verdict else textwrap.wrap(said, width,
                                                            subsequent_indent="  ")
    else:
        who = colors[s.offense] if s.offense >= 0 else "-"
        st = s.step()
        where = (window_words(st[1]) if st[0] == "window"
                 else HEADER_STEPS.get(st[0], st[0].replace("_", " ")))
        lines.append(f"Turn {s.turns}: {who}; {s.phase.replace('_', ' ')} ({where})")
    e = s.enc
    if e is not None and e.defense < 0 and e.destiny >= 0 and s.faces.get(e.destiny) \
            is not None:  # a destiny card that leaves the offense a choice: which one
        name = C.CATALOGUE[s.faces[e.destiny]].name
        mate = s.config.teammate(s.offense)
        why = (": choose any other player" if name == "wild" else
               (" (the offense's own colour)" if mate < 0 else " (the offense's team's colour)")
               + ": draw again, or a player with a colony in "
               + _home_systems(s, s.offense, Voice(colors), "the offense's")
               if destiny_counts_as_own(s, s.offense, s.faces[e.destiny]) else "")
        lines += textwrap.wrap(f" destiny drawn: {name.replace('_', ' ')}{why}", width,
                               subsequent_indent="   ")
    if e is not None and e.defense >= 0:
        target = f" at {planet_name(s, e.target)}" if e.target != -1 else \
            ": the gate not aimed yet"
        vs = len(lines)
        lines.append(f"{colors[e.offense]} vs {colors[e.defense]}{target}")
        totals = encounter_totals(s)
        for side, main, ships, count in (  # the defense's row: only with allies (a row
                ("offense", e.offense, s.gate, s.gate[e.offense]),  # fewer at ten seats)
                ("defense", e.defense, s.beside, ships_at(s, e.defense))):
            allies = [f"{colors[i]} {v}" for i, v in enumerate(ships) if v and i != main]
            if allies or (side == "offense" and count):  # wrapped: at ten seats many
                head = f" {side}: {colors[main]} {count}" + ("; allies:" if allies else "")
                lines += _wrap_items(head, allies, ",", width) if allies else [head]
        if totals is not None:
            if width > 46 and len(lines[vs]) + len(totals) + 2 <= width:
                lines[vs] += "; " + totals  # a row fewer
            else:  # (the Anti-Matter's note makes it long)
                lines += textwrap.wrap(" " + totals, width, subsequent_indent="   ")
        st = s.step()
        if st[0] == "deal" and st[2]:  # the proposal on the table, to accept or answer
            lines += textwrap.wrap(f" proposal ({colors[st[2][0]]}): "
                                   f"{deal_words(s, st[2][1:])}", width,
                                   subsequent_indent="   ")
        if st[0] == "gamble":  # the Gambler's statement, to believe or challenge
            lines += textwrap.wrap(f" {colors[st[1]]} says its face-down card is "
                                   f"{card_label(st[2])}: accept believes it, decline "
                                   "calls the bluff", width, subsequent_indent="   ")
    per = s.config.planets
    aliens = any(s.aliens) or bool(face_down_seats(s))
    head = f"{'':6} " + " ".join(c.head for c in BOARD_COLUMNS) \
        + f"  home planets 1-{per}" \
        + ("  alien" if aliens and per == 4 else " alien" if aliens else "")
    key = _alien_key(s, kn)
    if aliens and keys and width > 46 and len(f"{head}: {key}") <= width:
        lines.append(f"{head}: {key}")  # the key beside its column's head: a row fewer
        aliens_key = False
    else:
        lines.append(head)
        aliens_key = aliens and keys
    colonies = _counted_colonies(s)
    for seat in range(s.n):  # (a colour has six letters at most)
        cells = " ".join(f"{s.on(p, seat):>2}" for p in s.home_planets(seat))
        counts = " ".join(f"{c.count(s, seat, colonies):>3}" for c in BOARD_COLUMNS)
        lines.append(f"{colors[seat]:<6} {counts} {cells}"
                     + (f" {alien_label(s, seat, kn=kn)}" if aliens else ""))
    if aliens_key:
        lines.append(" alien: " + key)
    for seat in range(s.n):
        guests = [f"{planet_name(s, p)} " + ",".join(f"{c}{n}" for c, n in _colonies(s, p)
                                                    if c != colors[seat])
                  for p in s.home_planets(seat)
                  if any(s.on(p, o) for o in range(s.n) if o != seat)]
        if guests:  # wrapped: with many seats a home system holds many guests
            lines += _wrap_items(" in " + colors[seat] + ":", guests, ";", width)
    if s.config.teams:  # teammates sit opposite (rules 004, Team Play), each team with
        # the different places its counted colonies are on, of its combined goal
        goal = team_goal(s)
        pairs = [f"{colors[x]}+{colors[s.config.teammate(x)]} "
                 f"{len(team_colonies(s, x))}/{goal}"
                 for x in range(s.n // 2)]  # (an item is never cut)
        lines += _wrap_items("teams:", pairs, ",", width)
    lines += tech_lines(s, width, kn)
    if keys:
        lines.append(_deck_line(s))
    return "\n".join(lines)


def why_over(s: engine.GameState) -> str:
    """Why the game ended, in words, as the screen, the board and the terminal say it
    ("5 foreign colonies")."""
    assert s.outcome is not None
    return reason_words(str(s.outcome.reason), s.config)


def reason_words(reason: str, config: Any) -> str:
    """An outcome's reason ("colonies") in words for a game of `config`."""
    return {"colonies": f"{config.win_colonies} foreign colonies"
            if not config.teams else "foreign colonies, as a team",
            "turn_limit": "the turn limit was reached"}.get(reason, reason.replace("_", " "))


def _counted_colonies(s: engine.GameState) -> list[int]:
    """The board's `col`: a seat's foreign colonies; in team play those that count toward
    a win (rules 004, Team Play: a colony in the teammate's home system counts for
    neither), as engine.cosmic.flow counts them."""
    if not s.config.teams:
        return [s.foreign_colonies(seat) for seat in range(s.n)]
    return [len(external_colonies(s, seat)) for seat in range(s.n)]


def _alien_key(s: engine.GameState, kn: engine.Knowledge | None) -> str:
    return "- power lost, z zapped" + ("; (name) yours" if kn is not None
                                       and own_face_down(s, kn.seat, kn) else "")


def _deck_line(s: engine.GameState) -> str:
    return f"deck {len(s.deck)} discard {len(s.discard)} destiny {len(s.destiny_deck)}"


def board_keys(s: engine.GameState, kn: engine.Knowledge | None = None) -> list[str]:
    """What `board_text(keys=False)` leaves out: the deck line, and the aliens' key when
    the board has aliens."""
    aliens = any(s.aliens) or bool(face_down_seats(s))
    return [_deck_line(s)] + ([f"alien: {_alien_key(s, kn)}"] if aliens else [])


def tech_lines(s: engine.GameState, width: int = 46,
               kn: engine.Knowledge | None = None) -> list[str]:
    """The techs on the table (technology variant): per seat its face-down techs with
    the ships researching each, and its completed ones by name; the tech deck and pile.
    With `kn` (a seat's knowledge) that seat's own face-down techs are named in brackets,
    each with its ships (rules 001, Technology: a player may look at its own face-down
    tech at any time); another seat's read only "N down"."""
    if not s.config.technology:
        return []
    lines = []
    for seat in range(s.n):
        rows = [r for r in s.extra.get("techs", ()) if r[0] == seat]
        if not rows:
            continue
        down = [r for r in rows if not r[3]]
        mine = [_own_tech(s, kn, r[1]) for r in down] if kn is not None \
            and kn.seat == seat else []
        if down and all(mine) and mine:
            parts = [f"({name}) ships {r[2]}" for name, r in zip(mine, down)]
        else:
            parts = [f"{len(down)} down (ships {','.join(str(r[2]) for r in down)})"] \
                if down else []
        parts += [C.CATALOGUE[s.faces[r[1]]].name.replace("_", " ") for r in rows if r[3]]
        lines += _wrap_items(f" tech {s.config.colors[seat]}:", parts, ";", width)
    lines.append(f"tech deck {len(s.extra.get('tech_deck', ()))} "
                 f"discard {len(s.extra.get('tech_discard', ()))}")
    return lines


def _own_tech(s: engine.GameState, kn: engine.Knowledge | None, handle: int) -> str:
    """The name of a face-down tech as `kn` sees it ("" if it cannot)."""
    face = kn.faces.get(handle) if kn is not None else None
    return C.CATALOGUE[face].name.replace("_", " ") if face is not None else ""


def deal_words(s: engine.GameState, terms: Any, viewer: int | None = None) -> str:
    """Deal terms (offense gives, defense gives, offense settles, defense settles) in
    words: "yellow gets 1 card and a colony on red.3; red gets 2 cards" (to the person at
    `viewer`, their own seat "you": "you get 2 cards")."""
    og, dg, op, dp = terms[:4]
    freed = terms[4] if len(terms) > 4 else 0
    e = s.enc
    off, dfn = (e.offense, e.defense) if e is not None else (s.offense, -1)
    v = Voice(s.config.colors, viewer)

    def side(seat: int, cards: int, planet: int) -> str | None:
        what = [f"{cards} card{'s' if cards != 1 else ''}"] if cards else []
        if planet >= 0:
            what.append(f"a colony on {planet_name(s, planet)}")
        return f"{v.does(seat, 'gets')} " + " and ".join(what) if what else None

    # The offense's cards go to the defense and the other way round.
    parts = [p for p in (side(dfn, og, dp), side(off, dg, op)) if p]
    if freed:
        frees = deal_frees(s) if e is not None else None
        who = v.whose(frees[1]) if frees is not None else "the other's"
        parts.append(f"{freed} of {who} ships leave the warp")
    return "; ".join(parts) or "nothing for anyone"


# The moment of the encounter each card window comes at, for the status line of a person
# asked there (engine.cosmic.windows WINDOWS, in the order the flow opens them).
WINDOW_MOMENTS = {
    "start": "the encounter begins", "destiny": "destiny drawn", "launch": "the gate aimed",
    "alliance": "allies joined", "planning": "cards to choose",
    "selected": "cards face down", "reveal": "cards turned up",
    "result": "the winner known", "deal": "the deal settled",
    "discard": "cards discarded", "end": "the encounter over",
    "respond_card": "a card just played", "respond_power": "a power just used",
}


def window_moment(name: str) -> str:
    """A card window after the moment it comes at: "cards face down - selected
    window" (the window's name last: 'stop NAME' names it); its name alone where no
    moment is known."""
    moment = WINDOW_MOMENTS.get(name)
    return (f"{moment} - " if moment else "") + window_words(name)


def window_words(name: str) -> str:
    """A card window in words: its name, or "zap window" for the answer to a card played
    or a power used (where a Card Zap or a Cosmic Zap may cancel it)."""
    return "zap window" if name.startswith("respond_") else f"{name} window"


def alien_label(s: engine.GameState, seat: int,
                kn: engine.Knowledge | None = None) -> str:
    """A seat's alien in a board cell: its whole name (16 letters at most, brackets
    included), '?' while undealt, '-' for none; a mark after it when its power does not
    work now: '-' lost (too few home colonies), 'z' zapped this encounter. Face down
    (hidden powers): "face down", or to its owner (`kn`) the name in brackets."""
    if face_down_handle(s, seat) >= 0:
        own = own_face_down(s, seat, kn) if kn is not None else ""
        return f"({own.replace('_', ' ')})" if own else "face down"
    name = s.aliens[seat]
    if not name or name == "?":
        return name or "-"
    mark = ""
    if s.home_colonies(seat) < s.config.power_threshold:
        mark = "-"
    elif s.enc is not None and seat in s.enc.zapped:
        mark = "z"
    return name.replace("_", " ") + mark


LOWER_WINS = " (Anti-Matter: the lower total wins)"


def lower_wins(s: engine.GameState) -> bool:
    """The Anti-Matter's power is in effect (used, so not zapped) in this encounter: the
    lower of the two totals wins (engine.cosmic.aliens.anti_matter, from rules 004)."""
    e = s.enc
    return e is not None and any(e.has_flag(f"anti_matter:{x}") for x in (e.offense, e.defense)
                                 if x >= 0)


def encounter_totals(s: engine.GameState) -> str | None:
    """The running totals of the encounter with what is known now: the ships of each
    side and the reinforcements; once both cards are face up, the cards and every
    modifier too (the engine's own sum); once it is decided, who won (the totals of
    ships that have left by then would mislead) and the cards. None before the target
    is chosen."""
    e = s.enc
    if e is None or e.defense < 0 or e.target == -1:
        return None
    faces = [s.faces.get(h) if h >= 0 else None for h in e.cards]
    for side, flag in ((int(f.split(":")[1]), f) for f in e.flags
                       if f.startswith("stated:")):  # kept face down, as stated (Gambler)
        if faces[side] is None:
            faces[side] = int(flag.split(":")[2])
    if e.result:
        cards = [card_label(f) for f in faces if f is not None]
        won = e.result in ("offense", "defense")
        return {"offense": "the offense won", "defense": "the defense won",
                "negotiating": "both negotiate: a deal to make", "deal": "a deal was made",
                "nodeal": "the deal failed", "aborted": "no encounter",
                "reestablished": "a home colony re-established"}.get(e.result, e.result) \
            + (f" ({' vs '.join(cards)})" if won and len(cards) == 2 else "")
    if all(f is not None for f in faces):
        kinds = [C.CATALOGUE[f].kind for f in faces if f is not None]
        if all(k in ("attack", "morph") for k in kinds) and "attack" in kinds:
            off, dfn = engine_totals(s)
            return f"totals: offense {off}, defense {dfn}" + LOWER_WINS * lower_wins(s)
        return "cards: " + " vs ".join(card_label(f) for f in faces)
    off = sum(s.gate) + e.reinforce[0]
    dfn = ships_at(s, e.defense) + sum(s.beside) + e.reinforce[1]
    return f"so far: offense {off}, defense {dfn} + cards"


def _a(noun: object) -> str:
    """'a card', 'an attack'."""
    text = str(noun).replace("_", " ")
    return ("an " if text[:1] in "aeiou" else "a ") + text


def _destiny_choice(s: engine.GameState, drawer: int, face: int) -> bool:
    """The destiny card leaves the choice to its drawer: a wild, or its own colour (in
    team play its team's, a special card naming its teammate too: engine.cosmic.flow)."""
    return C.CATALOGUE[face].name == "wild" or destiny_counts_as_own(s, drawer, face)


def _home_systems(s: engine.GameState, seat: int, v: Voice, whose: str = "") -> str:
    """Where an own-colour draw lets `seat` attack: `whose` ("red's"; by default "its" or,
    to the seat itself, "your") home system, in team play its teammate's too."""
    whose = whose or v.its(seat)
    mate = s.config.teammate(seat)
    return (f"{whose} home system" if mate < 0 else
            f"{whose} or {v.its(seat)} teammate {v.whose(mate)} home system")


def _drawn_words(s: engine.GameState, drawer: int, face: int, v: Voice | None = None) -> str:
    """A destiny draw, told as it happens, with what the card asks: "red draws destiny
    blue: encounter with blue"; a wild or the drawer's own colour says that the drawer
    chooses (what it chose is told next); a special card names no one yet."""
    colors = s.config.colors
    v = v if v is not None else Voice(colors)
    name = C.CATALOGUE[face].name
    head = f"{v.does(drawer, 'draws')} {card_label(face)}"
    it = f"{v.it(drawer)} {v.verb(drawer, 'chooses')}"
    if name == "wild":
        return head + f": {it} whom to encounter"
    if destiny_counts_as_own(s, drawer, face):
        its = v.its(drawer)
        whose = (f"{its} own colour" if name == colors[drawer] else f"{its} team's colour"
                 if name in colors else
                 f"a special card naming {its} teammate: {its} team's colour")
        return head + (f", {whose}: {v.it(drawer)} {v.verb(drawer, 'draws')} again or "
                       f"{v.verb(drawer, 'attacks')} a colony in "
                       f"{_home_systems(s, drawer, v)}")
    return head + (f": encounter with {v.name(colors.index(name))}" if name in colors else "")


def _told_at_the_draw(s: engine.GameState, ev: tuple[Any, ...]) -> bool:
    """A ("destiny", offense, face, defense) event that says nothing the draw did not: a
    colour card (not the offense's own) and that colour defends."""
    _, offense, face, defense = ev
    name = C.CATALOGUE[face].name
    return not _destiny_choice(s, offense, face) and name in s.config.colors \
        and s.config.colors.index(name) == defense


def _flare_play(s: engine.GameState, ev: tuple[Any, ...], viewer: int | None = None) -> str:
    """A flare's play in words, with what its arguments name (cli/power_words/flares.py):
    'plays the Kamikaze flare (wild): ...' (to its player: 'play ...')."""
    from .power_words import told_flare  # (power_words reads this module)
    said = told_flare(s, ev[0], ev[1], tuple(ev[2]), viewer)
    return said or f"{Voice(s.config.colors, viewer).verb(ev[0], 'plays')} {card_label(ev[1])}"


def _is_flare(face: object) -> bool:
    return isinstance(face, int) and 0 <= face < len(C.CATALOGUE) \
        and C.CATALOGUE[face].kind == "flare"


def _wrap_items(head: str, items: list[str], sep: str, width: int = 46) -> list[str]:
    """`head item1SEP item2...` in rows of `width` columns at most, continued rows indented,
    wrapped between items ("pink 4" is never cut in two) and, in an item too long for a
    row (a planet's guests at ten seats: "green.1 blue2,yellow1,..."), after a comma of
    it, never inside a word."""
    tokens: list[str] = []
    for k, item in enumerate(items):
        parts = item.split(",")
        last = k == len(items) - 1
        tokens += [part + "," for part in parts[:-1]] + [parts[-1] + ("" if last else sep)]
        if not last:
            tokens[-1] += " "
    rows, row = [], head + " "
    for tok in tokens:
        if len(row + tok.rstrip()) > width and row.strip() != head.strip():
            rows.append(row.rstrip())
            row = "   "
        row += tok
    return rows + [row.rstrip()]


def describe_event(s: engine.GameState, ev: tuple[Any, ...], viewer: int | None = None) -> str:
    """One event in words (the log), as the person at `viewer` reads it: their own seat is
    "you" and its verbs agree ("you draw", "your turn begins"); with no viewer (a replay,
    verify, a spectator) every seat by its colour."""
    v = Voice(s.config.colors, viewer)
    c, d, vb, its, whose = v.name, v.does, v.verb, v.its, v.whose

    def p(planet: int) -> str:
        return planet_name(s, planet) if planet >= 0 or is_site(planet) else "the gate"

    def seats(xs: Any) -> str:
        return v.names(xs)

    def pile(x: int) -> str:  # a hand (a seat), the deck (-1) or the discard pile (-2)
        return {-1: "the deck", -2: "the discard pile"}.get(x, f"{whose(x)} hand")

    kind, a = ev[0], ev[1:]
    words: dict[str, Any] = {
        "first_player": lambda: f"{d(a[0], 'plays')} first",
        "ally_more": lambda: f"{d(a[0], 'changes')} {its(a[0])} alliance by {a[1]} ship(s)",
        "angel_negotiates": lambda: f"{d(a[0], 'declares')} a negotiate (the Angel); "
                                    f"{its(a[0])} card goes back to {its(a[0])} hand unseen",
        "atrophy": lambda: f"{d(a[0], 'takes')} a card at random from {seats(a[1])}",
        "berserk": lambda: f"{d(a[0], 'sends')} one of {whose(a[1])} ships to the warp",
        "carnage": lambda: f"{whose(a[0])} carnage: {d(a[1], 'loses')} {a[2]} more ship(s)",
        "chaos": lambda: f"{d(a[0], 'shuffles')} together {pile(a[1])} and {pile(a[2])}",
        "collect": lambda: f"{d(a[0], 'draws')} one more card (the Collector)",
        "conjure": lambda: f"{d(a[0], 'conjures')}: {vb(a[0], 'discards')} cards for ships "
                           "from the warp",
        "conscript": lambda: f"{d(a[0], 'drafts')} {a[2]} of {whose(a[1])} ships from the warp",
        "conscript_return": lambda: f"{a[1]} drafted ship(s) of {v.owner(a[0])} go back to "
                                    "the warp",
        "crystal": lambda: f"{d(a[0], 'sets')} {whose(a[1])} ships in the alliance to {a[2]}",
        "face_up": lambda: f"{a[0]} card(s) in hands turned face up (the Aura)",
        "turn": lambda: f"{whose(a[0])} turn begins",
        "encounter": lambda: f"{d(a[0], 'begins')} encounter {a[1]}",
        "regroup": lambda: f"{d(a[0], 'brings')} a ship back from the warp to {p(a[1])}",
        "destiny_drawn": lambda: _drawn_words(s, a[0], a[1], v),
        "destiny": lambda: (f"{d(a[0], 'chooses')} to encounter {c(a[2])}"
                            + ("" if C.CATALOGUE[a[1]].name == "wild" else
                               f" in {_home_systems(s, a[0], v, whose(a[0]))}")
                            if _destiny_choice(s, a[0], a[1]) else
                            f"{whose(a[0])} encounter is with {c(a[2])}"),
        "draw_again": lambda: (f"{d(a[0], 'discards')} {its(a[0])} "
                               + ("own" if s.config.teammate(a[0]) < 0 else "team's")
                               + f" colour and {vb(a[0], 'draws')} again"),
        "reestablish": lambda: f"{d(a[0], 're-establishes')} {p(a[1])} with {a[2]} ship(s)",
        "launch": lambda: f"{d(a[0], 'aims')} the gate at {p(a[1])} with {a[2]} ship(s)",
        "invite": lambda: f"{d(a[0], 'invites')} {seats(a[1])}",
        "ally": lambda: f"{d(a[0], 'allies')} with {c(a[1])}, " + (
            f"{a[2]} ship(s)" if a[2] else f"{its(a[0])} ships to come just before the reveal"),
        "leave_alliance": lambda: f"{d(a[0], 'leaves')} the {('offense', 'defense')[a[1]]}'s "
                                  f"alliance; {its(a[0])} ships go home",
        "decline": lambda: f"{d(a[0], 'declines')}",
        "select": lambda: f"{d(a[0], 'puts')} a card face down",
        "no_encounter": lambda: f"{d(a[0], 'has')} no encounter card: the turn ends",
        "new_hand": lambda: (f"{d(a[0], 'shows')} {a[1]} card(s), {vb(a[0], 'discards')} "
                             f"them, {vb(a[0], 'draws')} eight" if a[1] else
                             f"{d(a[0], 'has')} no cards: {v.it(a[0])} "
                             f"{vb(a[0], 'draws')} eight"),
        "reveal": lambda: f"{d(a[0], 'reveals')} {card_label(a[1])}",
        "totals": lambda: f"totals: offense {a[0]}, defense {a[1]}" + LOWER_WINS * lower_wins(s),
        "result": lambda: f"the {a[0]} wins the encounter",
        "negotiate": lambda: "both negotiate: the main players must deal",
        "freed": lambda: f"{d(a[0], 'frees')} {a[2]} of {whose(a[1])} ships from the warp",
        "propose": lambda: f"{d(a[0], 'proposes')} a deal: {deal_words(s, a[1], viewer)}",
        "deal": lambda: "the deal is made",
        "no_deal": lambda: "the deal fails",
        "quashed": lambda: "the deal is quashed",
        "play": lambda: f"{c(a[0])} {_flare_play(s, a, viewer)}"
        if _is_flare(a[1]) else f"{d(a[0], 'plays')} {card_label(a[1])}" + (
            f" ({', '.join(p(x) for x in a[2])})" if a[2] and _names_planets(a[1]) else
            f" ({seats(a[2])})" if a[2] and C.CATALOGUE[a[1]].kind not in _FOR_A_SIDE
            else (" for the " + ("offense" if a[2] == (0,) else "defense")
                  if C.CATALOGUE[a[1]].kind in _FOR_A_SIDE else "")),
        "negated": lambda: f"{card_label(a[1])} of {v.owner(a[0])} is negated",
        "power": lambda: f"{d(a[0], 'uses')} the {a[1]} power" + (
            f": {its(a[0])} side's ships count against it and the lower total wins"
            if a[1] == "anti_matter" else ""),
        "zapped": lambda: f"{whose(a[0])} {a[1]} power is zapped",
        "land": lambda: f"{d(a[0], 'lands')} {a[2]} ship(s) on {p(a[1])}",
        "warp": lambda: f"{d(a[0], 'loses')} {a[1]} ship(s) to the warp",
        "return": lambda: f"{d(a[0], 'returns')} {a[1]} ship(s) to {its(a[0])} colonies",
        "colony": lambda: f"{d(a[0], 'settles')} {p(a[1])} with {a[2]} ship(s)",
        "compensation": lambda: f"{d(a[0], 'takes')} {a[2]} card(s) from {c(a[1])} as "
                                "compensation",
        "rewards": lambda: f"{d(a[0], 'takes')} rewards: " + (" and ".join(
            f"{n} {what}(s)" for n, what in ((a[1], "card"), (a[2], "ship")) if n)
            or "nothing"),
        "give": lambda: f"{d(a[0], 'gives')} {a[2]} card(s) to {c(a[1])}",
        "draw": lambda: f"{d(a[0], 'draws')} {a[1]} card(s)",
        "discard": lambda: f"{d(a[0], 'discards')} {', '.join(card_label(f) for f in a[1])}",
        "plague": lambda: f"{d(a[0], 'plagues')} {c(a[1])}",
        "allies_cancelled": lambda: f"alliances cancelled: {seats(a[0])}",
        "end_turn": lambda: f"{d(a[0], 'ends')} {its(a[0])} turn",
        "reshuffle": lambda: "the discard pile is shuffled into a new deck",
        "reshuffle_destiny": lambda: "the destiny deck is reshuffled",
        "cosmic_quake": lambda: "cosmic quake! every hand is discarded and dealt anew",
        "shuffled": lambda: f"the {a[0]} deck is shuffled",
        "win": lambda: "winner(s): " + seats(a[0]),
        # alien powers and flares
        "alien": lambda: f"{d(a[0], 'becomes')} the {str(a[1]).replace('_', ' ')}",
        "bluff": lambda: f"{d(a[0], 'keeps')} {its(a[0])} card face down and "
                         f"{vb(a[0], 'says')} it is {card_label(a[1])}",
        "bluff_believed": lambda: f"{d(a[0], 'believes')} the statement",
        "bluff_challenged": lambda: f"{d(a[0], 'challenges')} the statement",
        "bluff_kept": lambda: f"{whose(a[0])} card goes face down to the bottom of the deck",
        "bluff_settled": lambda: f"{d(a[0], 'told')} the " + ("truth" if a[1] else "lie"),
        "fido_fetch": lambda: f"{d(a[0], 'fetches')} {card_label(a[1])} and "
                              f"{vb(a[0], 'offers')} it to {c(a[2])}",
        "fido_accepted": lambda: f"{d(a[0], 'accepts')} {card_label(a[1])}",
        "fido_refused": lambda: f"{d(a[0], 'refuses')} the fetched card",
        "fido_kept": lambda: f"{d(a[0], 'keeps')} {card_label(a[1])}",
        "filch": lambda: f"{d(a[0], 'filches')} {card_label(a[1])}",
        "flare": lambda: f"{d(a[0], 'flares')} the {str(a[1]).replace('_', ' ')} ({a[2]})",
        "flares_dealt": lambda: (
            "each player is dealt its alien face down (a flare card names it)"
            if a[0] == 1 else
            f"every player is dealt {a[0]} flares and keeps the alien of one of them"
            if s.config.flares
            else f"every player choosing is dealt {a[0]} aliens face down, to keep one"),
        "hate_refused": lambda: f"{d(a[0], 'will')} not discard: {v.it(a[0])} "
                                f"{vb(a[0], 'loses')} ships instead",
        "hate_ships": lambda: f"{d(a[0], 'makes')} {c(a[1])} lose {a[2]} ship(s)",
        "heal": lambda: f"{d(a[0], 'heals')} {a[2]} of {whose(a[1])} ships",
        "kept": lambda: f"{d(a[0], 'keeps')} {its(a[0])} alien",
        "mind_look": lambda: f"{d(a[0], 'looks')} at {whose(a[1])} hand ({a[2]} cards)",
        "mutant_draw": lambda: f"{d(a[0], 'draws')} a card from "
                               + ("the deck" if a[1] < 0 else c(a[1])),
        "driven": lambda: f"{whose(a[0])} {a[2]} ship(s) leave {p(a[1])} for {its(a[0])} "
                          "other colonies",
        "equalized": lambda: f"{d(a[0], 'must')} also ally with {c(a[1])}, {a[2]} ship(s)",
        "ooze": lambda: f"{d(a[0], 'adds' if a[1] >= 0 else 'takes back')} {abs(a[1])} "
                        "ship(s)",
        "possess": lambda: f"{d(a[0], 'possesses')} {whose(a[1])} hand ({a[2]} cards)",
        "unpossess": lambda: f"{d(a[0], 'gives')} {a[2]} possessed card(s) back to {c(a[1])}",
        "sacrifice": lambda: f"{d(a[0], 'sacrifices')} {a[1]} ship(s)",
        "shown": lambda: f"{a[1]} card(s) are shown to {c(a[0])}",
        "trade_hands": lambda: f"{d(a[0], 'trades')} hands with {c(a[1])}",
        "vulch": lambda: f"{d(a[0], 'salvages')} {', '.join(card_label(f) for f in a[1])}",
        "vulch_keep": lambda: f"{d(a[0], 'keeps')} {a[1]} artifact(s)",
        # the card aliens of issue 15 (Jinx, Laser, Leech, Rot, Seeker, Visionary, Wastrel)
        "wastrel": lambda: f"{d(a[0], 'throws')} away {its(a[0])} hand ({a[1]} cards) for a "
                           "new one",
        "jinx": lambda: f"{d(a[0], 'jinxes')} {whose(a[1])} card: it will count as an "
                        "attack 13",
        "vision": lambda: f"{d(a[0], 'says')} {d(a[1], 'must')} play {card_label(a[2])} if "
                          f"{v.it(a[1])} {vb(a[1], 'has')} one",
        "seek": lambda: f"{d(a[0], 'asks')} {c(a[1])}: " + (
            f"do you hold {_a(a[3])}?" if a[2] == "holds" else f"will you play {_a(a[3])}?"),
        "seek_answer": lambda: f"{d(a[0], 'answers')} {'yes' if a[3] else 'no'}",
        "laser": lambda: f"{d(a[0], 'will')} pick {whose(a[1])} encounter card at random",
        "laser_pick": lambda: f"{d(a[1], 'must')} play the card {c(a[0])} picked",
        "laser_miss": lambda: f"{d(a[1], 'shows')} {c(a[0])} the picked card: no encounter "
                              "card",
        "pick_random": lambda: f"{d(a[0], 'picks')} {a[2]} of {whose(a[1])} cards at random",
        "rot": lambda: f"{d(a[0], 'rots')}: {a[1]} card(s) of others follow {its(a[0])} "
                       "discard",
        "rot_discard": lambda: f"{d(a[0], 'loses')} "
                               + (", ".join(card_label(f) for f in a[2])
                                  if len(a) > 2 and len(a[2]) == a[1] else f"{a[1]} card(s)")
                               + " at random to the discard pile",
        "leech": lambda: f"{d(a[0], 'borrows')} a card at random from "
                         + ", ".join(c(x) for x in a[1]),
        "leech_borrow": lambda: f"{d(a[0], 'borrows')} {a[2]} card(s) at random from "
                                f"{c(a[1])}",
        "leech_return": lambda: f"{d(a[0], 'gets')} {a[1]} lent card(s) back",
        "take_random": lambda: f"{d(a[0], 'takes')} {a[2]} card(s) at random from {c(a[1])}",
        "will_chooses": lambda: f"{d(a[0], 'chooses')} to encounter {c(a[1])}",
        # powers that move powers, the defense, the target or the cards (rules 004)
        "anarchy": lambda: f"{d(a[0], 'deals')} all {a[1]} powers out again",
        "chameleon_colour": lambda: f"{d(a[0], 'takes')} {whose(a[1])} colour: "
                                    f"{d(a[1], 'defends')}",
        "chameleon_cancels": lambda: f"{d(a[0], 'takes')} {whose(a[1])} colour: no encounter",
        "new_defense": lambda: f"{d(a[0], 'is')} now the defense",
        "chronos": lambda: f"{d(a[0], 'turns')} back time: both choose cards again",
        "set_aside": lambda: f"{whose(a[0])} card is set aside until the encounter ends",
        "last_card": lambda: f"{d(a[0], 'shows')} it was {its(a[0])} last encounter card and "
                             f"{vb(a[0], 'keeps')} it",
        "replay": lambda: "the encounter is replayed from the choice of cards",
        "deflect": lambda: f"{d(a[0], 'makes')} the offense attack {p(a[1])}",
        # powers that hold, take or mix hands (Doppleganger, Enigma)
        "no_hand": lambda: f"{d(a[0], 'is')} dealt no hand",
        "haunt": lambda: f"{d(a[0], 'takes')} {whose(a[1])} hand for the encounter "
                         f"({a[2]} cards)",
        "haunt_draw": lambda: f"{d(a[0], 'draws')} a hand for the encounter",
        "unhaunt": lambda: (f"{d(a[0], 'gives')} {a[2]} card(s) back to {c(a[1])}"
                            + (f" and {vb(a[0], 'discards')} {a[3]}" if a[3] else "")
                            if a[1] >= 0 else
                            f"{d(a[0], 'discards')} the {a[3]} card(s) left of {its(a[0])} "
                            "drawn hand"),
        "enigma": lambda: f"{d(a[0], 'mixes')} {whose(a[1])} face-down card with a card from "
                          + (f"each of {seats(a[2])}" if len(a[2]) > 1 else seats(a[2])),
        "enigma_give": lambda: f"{d(a[0], 'hands')} over {its(a[0])} face-down card",
        "enigma_take": lambda: f"a card is taken at random from {whose(a[0])} hand",
        "enigma_mix": lambda: f"{a[0]} cards are shuffled and handed back",
        "enigma_play": lambda: (f"{d(a[0], 'must')} play the card {v.it(a[0])} got" if a[1]
                                else f"{d(a[0], 'got')} no encounter card and "
                                     f"{vb(a[0], 'chooses')} again"),
        "capture": lambda: f"{d(a[0], 'captures')} {a[2]} ship(s) under {its(a[0])} ships",
        "released": lambda: f"{d(a[0], 'releases')} {a[2]} captive ship(s) of "
                            f"{v.ours(a[1])} to the warp",
        "captives_move": lambda: f"{whose(a[0])} {a[3]} captive ship(s) move with "
                                 f"{its(a[0])} ships",
        # the destiny-deck aliens
        "assassinate": lambda: f"{d(a[0], 'executes')} a ship of {v.ours(a[1])} on {p(a[2])}",
        "belch": lambda: f"{d(a[0], 'makes')} {c(a[1])} lose {a[2]} ship(s) at home",
        "spread": lambda: f"{d(a[0], 'spreads')} {a[3]} ship(s) from {p(a[1])} to {p(a[2])}",
        "destiny_kept": lambda: f"{d(a[0], 'keeps')} {card_label(a[1])} (the Ambush)",
        "ambush": lambda: f"{d(a[0], 'ambushes')} a ship of {v.ours(a[1])} on the gate",
        "freeze": lambda: f"{d(a[0], 'freezes')} {', '.join(p(x) for x in a[1])}",
        "fate_look": lambda: f"{d(a[0], 'looks')} through the destiny deck ({a[1]} cards)",
        "fate_arranged": lambda: f"{d(a[0], 'arranges')} the destiny deck ({a[1]} placed on "
                                 "top)",
        # the shape of the turn and the encounter (rules 004: Zealot ... Wrack)
        "zealot_streak": lambda: f"{d(a[0], 'will')} attack {whose(a[1])} system until "
                                 f"{v.it(a[0])} {vb(a[0], 'wins')}",
        "destiny_skipped": lambda: f"{d(a[0], 'attacks')} {c(a[1])} again, without destiny",
        "forced_alliance": lambda: f"{whose(a[0])} invitees must ally with "
                                   f"{'you' if v.you(a[0]) else 'it'} or {its(a[0])} opponent",
        "queue_next": lambda: f"{d(a[0], 'chooses')} {c(a[1])} to play next",
        "gate_moved": lambda: f"{d(a[0], 'moves')} the gate to {p(a[1])}",
        "paragon_target": lambda: f"{d(a[0], 'must')} attack {c(a[1])} on {p(a[2])}",
        "late_ships": lambda: f"{d(a[0], 'puts')} {a[2]} ship(s) in for the "
                              + ("offense" if a[1] == 0 else "defense"),
        "paradigm_shift": lambda: f"{d(a[0], 'sends')} the encounter to {p(a[2])}: "
                                  f"{d(a[1], 'defends')} with {whose(a[0])} card",
        "paradigm_stays": lambda: f"{d(a[0], 'draws')} {card_label(a[1])}: the encounter stays",
        "torture": lambda: f"{d(a[0], 'tortures')} {c(a[1])}: "
                           + {"ship": "a ship to the warp", "card": "a random card discarded",
                              "none": "nothing to take"}.get(a[2], str(a[2])),
        "refuse": lambda: f"{d(a[0], 'refuses')} the deal",
        "no_torture": lambda: f"{d(a[0], 'lets')} the encounter go on",
        "wrack_loses": lambda: f"{d(a[0], 'could')} not break {its(a[0])} opponent and "
                               f"{vb(a[0], 'loses')}",
        "over": lambda: f"the game ends ({a[0]})",
        # powers a seat uses besides its sheet
        "copies": lambda: f"{d(a[0], 'copies')} {whose(a[1])} power"
                          + (f" ({', '.join(map(str, a[2]))})" if a[2] else ""),
        "graft": lambda: f"{d(a[0], 'grafts')} {whose(a[1])} power "
                         f"({', '.join(map(str, a[2]))})",
        "silenced": lambda: f"{d(a[0], 'may')} not use the {a[1]} power this encounter",
        "warp_broken": lambda: f"{whose(a[0])} warp falls: {its(a[0])} ships there go home",
        "gust": lambda: f"{d(a[0], 'passes')} every alien one seat to the right",
        "reserved": lambda: f"{whose(a[0])} {a[1]} draws the {a[2]} into {its(a[0])} reserve",
        "shapeshift": lambda: f"{d(a[0], 'discards')} the {a[1]} power" + {
            "draw": f" {v.it(a[0])} {vb(a[0], 'has used')} and {vb(a[0], 'draws')} another",
            "trade": " unused, to draw another",
        }.get(a[2], f" {v.it(a[0])} {vb(a[0], 'has used')}; no new power until the next "
                    "encounter (two changes this encounter)"),
        # the classic artifacts (--variant classic_artifacts)
        "zapped_back": lambda: f"{d(a[0], 'zaps')} back: {whose(a[1])} own power is off for "
                               "the encounter",
        "rebirth": lambda: f"{d(a[0], 'makes')} {p(a[1])} a colony again with {a[2]} ship(s)",
        "extra_encounter_for": lambda: f"{d(a[0], 'will')} have an encounter of "
                                       f"{its(a[0])} own next",
        "extra_encounter": lambda: f"{d(a[0], 'has')} an extra encounter (the TimeGash)",
        "defense_chosen": lambda: f"{d(a[0], 'chooses')} to encounter {c(a[1])}",
        "rotated": lambda: f"{d(a[0], 'keeps')} the {a[1]}; the {a[2]} leaves the game",
        # hidden powers
        "face_down": lambda: f"{a[0]} alien(s) dealt face down: each player sees only "
                             "its own ('turnup' turns yours up)",
        "turned_up": lambda: f"{d(a[0], 'turns')} {its(a[0])} alien face up: the {a[1]}",
        "rotated_hidden": lambda: (
            f"{d(a[0], 'keeps')} the new alien, face down"
            + (f"; the {a[2]} leaves the game" if a[2] else
               "; the old one leaves the game face down") if a[1] else
            f"{d(a[0], 'keeps')} {its(a[0])} alien; the new one leaves the game face down"),
        # the technology variant
        "tech_drawn": lambda: f"{d(a[0], 'is')} dealt {a[1]} tech card(s) to choose from",
        "tech_kept": lambda: f"{d(a[0], 'keeps')} a tech face down"
                             + (f" and {vb(a[0], 'discards')} {a[2]}" if a[2] else ""),
        "tech_discarded": lambda: f"{d(a[0], 'discards')} face up: "
                                  + ", ".join(f"the {C.CATALOGUE[f].name}" for f in a[1]),
        "research": lambda: f"{d(a[0], 'moves')} a ship from {p(a[2])} onto a tech "
                            f"({a[3]} researching)",
        "tech_turned": lambda: f"{d(a[0], 'turns')} a tech up to "
                               + ("complete it" if a[2] else "abandon it"),
        "tech_completed": lambda: f"{d(a[0], 'completes')} the {C.CATALOGUE[a[1]].name}",
        "tech_abandoned": lambda: f"{d(a[0], 'abandons')} the {C.CATALOGUE[a[1]].name}",
        "tech_used": lambda: f"{d(a[0], 'uses')} the {C.CATALOGUE[a[1]].name} and "
                             f"{vb(a[0], 'discards')} it",
        "new_tech": lambda: f"{d(a[0], 'draws')} {a[1]} tech card(s) instead of another "
                            "encounter",
        "reshuffle_tech": lambda: "the tech discard pile is shuffled into a new tech deck",
        "random_discard": lambda: f"{d(a[0], 'discards')} {a[1]} card(s) at random",
        # powers whose events had no words (their log lines read as raw action text)
        "devour": lambda: f"{d(a[0], 'devours')} {a[3]} of {whose(a[1])} ships on {p(a[2])}: "
                          "they go to the warp",
        "ghost": lambda: f"{d(a[0], 'brings')} {a[1]} ship(s) out of the warp into the "
                         "encounter",
        "ghost_back": lambda: f"{a[1]} of {whose(a[0])} ghost ship(s) go back to the warp",
        "move_ship": lambda: f"{d(a[0], 'moves')} a ship from {p(a[1])} to {p(a[2])}",
        "plunder": lambda: f"{d(a[0], 'plunders')}: {a[1]} ship(s) back from the warp, "
                           f"{a[2]} card(s) drawn",
        "poison": lambda: f"{d(a[0], 'poisons')} {c(a[1])}: one ship lost on each of "
                          + ", ".join(p(x) for x in a[2]),
        "sting": lambda: f"{d(a[0], 'stings')} {c(a[1])}: {its(a[0])} {a[2]} lost ship(s) "
                         f"come home and {d(a[1], 'loses')} as many (or all {v.it(a[1])} "
                         f"{vb(a[1], 'can')})",
        "sting_draw": lambda: f"{d(a[0], 'takes')} {a[2]} card(s) at random from {c(a[1])} "
                              f"and {vb(a[0], 'draws')} {a[3]}",
        "sting_wait": lambda: f"{d(a[0], 'takes')} {its(a[0])} cards from {c(a[1])} once "
                              f"{'your' if v.you(a[1]) else 'its'} encounter card is "
                              "revealed",
        "troll": lambda: f"{d(a[0], 'brings')} a ship back from the warp to {p(a[1])}",
        "warlock": lambda: f"{d(a[0], 'draws')} {a[1]} card(s) for {its(a[0])} ships lost to "
                           "the warp",
        "wrath_retrieve": lambda: f"{d(a[0], 'sends')} {a[2]} retrieved ship(s) back to the "
                                  f"warp; one of {v.ours(a[1])} leaves the warp instead",
        "zero": lambda: f"{d(a[0], 'makes')} every attack card count as 0 this encounter",
        "zero_keep": lambda: f"{d(a[0], 'keeps')} {its(a[0])} zeroed attack (it counts as 0)",
        "zero_swap": lambda: f"{d(a[0], 'discards')} {its(a[0])} zeroed attack and "
                             f"{vb(a[0], 'chooses')} another attack",
    }
    fn = words.get(kind)
    try:
        text = str(fn()) if fn is not None else " ".join(str(x) for x in ev)
    except (IndexError, KeyError, TypeError):
        text = " ".join(str(x) for x in ev)
    return text.replace("_", " ")  # ids in words: "cosmic zap", "most cards in hand"


def _names_planets(face: int) -> bool:
    """The arguments of this face-up card are planets (the classic Rebirth), not seats."""
    info = C.CATALOGUE[face]
    return any(e.arg_kind == "planets" for e in CARD_EFFECTS if e.matches(info))


# Events that carry nothing a person follows (the card source's bookkeeping).
_QUIET = frozenset({"draw", "shuffled", "select", "delivered"})
# Cards played face up for a side, named by it: reinforcements, and the Flak's attacks.
_FOR_A_SIDE = ("reinforcement", "attack")


def _own_delivery(s: engine.GameState, ev: tuple[Any, ...], seat: int | None,
                  kn: engine.Knowledge | None) -> str | None:
    """("delivered", receiver, handles): cards reached a hand privately. Said to the
    receiver alone, from its own knowledge, when they are cards the Leech borrowed ("the
    card you borrowed from blue is attack 08"); to every other reader, and in replays,
    nothing."""
    from engine.cosmic.aliens.leech import BORROWED
    if kn is None or seat is None or ev[1] != seat:
        return None
    lenders = {h: lender for b, lender, h in s.extra.get(BORROWED, ()) if b == seat}
    got = [(lenders[h], kn.faces.get(h, s.faces.get(h))) for h in ev[2] if h in lenders]
    if not got or any(f is None for _, f in got):
        return None
    colors = s.config.colors
    return "; ".join(f"the card you borrowed from {colors[lender]} is {card_label(f)}"
                     for lender, f in got)


def log_line(s: engine.GameState, ev: tuple[Any, ...], seat: int | None = None,
             kn: engine.Knowledge | None = None) -> str | None:
    """The log line of one event as the person at `seat` reads it (None: not shown):
    their own seat is "you", its verbs agreeing (describe_event's `viewer`, cli/you_words.py);
    with no seat, colours only. With that seat's knowledge `kn`, a card only it knows may be
    named to it (the Leech's borrowed cards). Both clients, full screen and plain, log
    through this one function."""
    colors = s.config.colors
    kind = ev[0]
    if kind == "delivered":
        return _own_delivery(s, ev, seat, kn)
    if kind in _QUIET or (kind == "destiny" and _told_at_the_draw(s, ev)):
        return None
    if kind == "chat":  # ("chat", author, to, text); text None: private to others
        def named(x: int) -> str:  # the reader's own seat: "you" (a replay: colours)
            return "you" if x == seat else colors[x]
        to = f" to {named(ev[2])}" if ev[2] >= 0 else ""
        text = ev[3] if ev[3] is not None else "(private)"
        return f"[{named(ev[1])}{to}] {text}"
    if kind == "blame":
        who = colors[ev[1]] if ev[1] is not None else "an unknown sender"
        return f"!! {who} broke the protocol ({ev[2]}): {ev[3]}"
    if kind == "audit":
        return ("end-of-game audit: every hidden claim held" if ev[1]
                else "end-of-game audit: a false claim was found")
    if kind == "timed_out":  # ("timed_out", seat, window, seconds): passed for a person
        who = "you" if ev[1] == seat else colors[ev[1]]
        return f"No answer in {ev[3]:g} s: {who} passed at the {ev[2]} window."
    if kind == "stood_in":  # ("stood_in", seat, seconds): the turn clock ran out
        if ev[1] == seat:
            return (f"No answer in {_duration(ev[2])}: your node played this decision for "
                    "you, as the heuristic bot would (--turn-seconds).")
        return f"No answer from {colors[ev[1]]} in {_duration(ev[2])}: its node played for it."
    if kind == "alien" and ev[1] == seat:  # what it does is one command away
        return describe_event(s, ev, seat) + \
            f" ('info {str(ev[2]).replace('_', ' ')}' says what it does)"
    return describe_event(s, ev, seat)  # the person's own seat is "you"; replays: colours


def _duration(seconds: float) -> str:
    """3 min, 90 s, 2 s."""
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def chat_text(genesis: Genesis, env: Envelope, key: SigningKey | None = None) -> str:
    """A chat or tell envelope in words: "says: TEXT", "tells blue: TEXT", or "tells blue:
    (private)" unless `key` is its author's or recipient's (a replay with --key)."""
    if env.kind != TELL_KIND:
        return f"says: {env.body[1]}"
    head = f"tells {genesis.seats[env.body[0]].colour}: "
    if key is None or not reader_of(genesis, key, env):
        return head + "(private)"
    try:
        return head + read_tell(genesis, key, env)
    except RemoteProtocolError as exc:
        return head + f"(private; it does not open: {exc.message})"
