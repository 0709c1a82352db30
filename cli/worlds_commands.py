"""The map game's command language (worlds): every legal action as a short command.

`command_table(state, seat, knowledge)` maps each command to (action, handle to put face
down or None), as cli/commands.py does for Cosmic, so completion, numbered lists and
`help` show exactly what the engine allows. Commands are the action text form of
engine/worlds/actions.py with names where it has numbers:

    home A              keep tachyons          draw / done / decline
    move A F A 2        attack H blue          invite blue,green / invite none
    ally attacker       select force7          select none (only holding no force card)
    play mutation B     play force3 C          play power-up force5 defender
    discard force5,mutation                    power assassins F blue A
    page A:1,C:2 (the Invisible Beings' new secret page)   conceal (keep it as it is)

A card is named from the seat's knowledge ("force7", "mutation"); worlds are letters;
seats are colours. The plain text form itself (`move A F A 2`, `play 57 62 5`) is read
too (`parse_action`): a line that parses to a legal action plays it.
Short forms a person tries are read when they mean one legal action (`_shorthand`):
`attack H` (one player there), `move A F 2` (the tokens there born on one world),
`discard force5,force7` (several cards at once, where the engine takes them).
Invariant: a typed line changes nothing unless it names one entry of the table, or, for
`page`, a page the seat's unseen tokens can reach this turn (`page_reachable`), or for a
discard of several cards, one the engine accepts from this position.
An entry's second part is the secret the action stands for: the handle put face down
for `select`, the new page (a count per world) for `page`.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from engine.errors import ActionParseError
from engine.worlds import actions as A
from engine.worlds.actions import parse_action, world_name
from engine.worlds.data import CARDS, RACES
from engine.worlds.rules import legal_actions, secret_options
from engine.worlds.state import RANGE, WORLDS, GameState, Knowledge, distance
from engine.worlds.unseen import page_reachable

from .closest import closest_words

__all__ = ["HELP", "Table", "command_table", "lookup", "normalise", "card_word", "race_word"]

Entry = tuple[Any, int | tuple[int, ...] | None]

HELP = {
    "home": "home WORLD - setup: take this world as your homeworld, e.g. home C",
    "keep": "keep RACE - setup: keep this one of your four race chits as your homeworld's "
            "race, e.g. keep tachyons ('info RACE' says what it does)",
    "play": "play CARD [ARGS] - play a card from your hand: an event with its world(s), "
            "e.g. play mutation B, play worm-hole A F; in a conflict's opening, force1 calls "
            "it off, force3 WORLD retreats your stack; play power-up CARD SIDE doubles a "
            "revealed force card",
    "power": "power RACE ARGS - use a race's power, its arguments named: worlds by letter, "
             "players by colour, a token by its owner and the world it was born on, e.g. "
             "power assassins F blue A (kill a blue token born on A, on world F); a square "
             "as column,row; an order as colours",
    "done": "done - nothing (more) here: end this window or phase",
    "draw": "draw - fate phase: draw three cards",
    "discard": "discard CARDS - throw these cards away, e.g. discard force5, or several at "
               "once: discard force5,mutation (down to the hand limit, or a race's price)",
    "move": "move FROM TO ORIGIN COUNT - migration: move COUNT of your tokens born on "
            "ORIGIN from world FROM to world TO, e.g. move A F A 2 (or move A F 2 when "
            "your tokens on A were all born on one world)",
    "attack": "attack WORLD COLOUR - start a conflict with that player's stack there "
              "(attack WORLD when only one player is there)",
    "invite": "invite COLOURS - let these players join your side, e.g. invite blue,green "
              "or invite none",
    "ally": "ally attacker|defender - join that side (it invited you) with your stack there",
    "decline": "decline - stay out of the conflict",
    "select": "select CARD - put this force card face down, e.g. select force7 or select 7 "
              "(select none only when you hold no force card)",
    "reveal": "reveal CARD - turn up the card you put face down (made for you); with a "
              "race that picks its card after seeing the other's (the Precogs), or a card "
              "drawn for you at random, this shows that card",
    "second": "second CARD - after Use the Force: show a second force card (also the card "
              "picked after seeing the other's: reveal CARD)",
    "page": f"page WORLD:COUNT,... - Invisible Beings, after your migration: where your "
            f"unseen tokens are now, each moved at most once and up to {RANGE} spaces, "
            "e.g. page A:1,C:2 (only you see it: your board shows your page)",
    "conceal": "conceal - Invisible Beings: keep your unseen tokens where they are",
    "say": "say TEXT - signed chat to every player (networked games)",
    "tell": "tell COLOUR TEXT - private chat to one player (sealed: only you two can read it)",
    "info": "info RACE - what a race does, e.g. info tachyons; info WORLD - who lives there",
}

_SIDES = ("attacker", "defender")


def card_word(face: int | None) -> str:
    """A card as one word: force7, mutation, use-the-force; card-? if unknown."""
    if face is None or not 0 <= face < len(CARDS):
        return "card-?"
    c = CARDS[face]
    return f"force{c.value}" if c.kind == "force" else c.key.replace("_", "-")


def race_word(race: int | None) -> str:
    if race is None or not 0 <= race < len(RACES):
        return "race-?"
    return RACES[race].key.replace("_", "-")


def normalise(line: str) -> str:
    """Lower case but world letters (A..Z, upper case), single spaces; "force 7" as
    "force7" (and a bare value after select, reveal, second or discard: "select 7"), event
    names with hyphens; the cards of a discard and the seats of an
    invite in one order."""
    line = re.sub(r"force\s+(\d+)", r"force\1", line.strip().lower())
    head = line.split(" ", 1)
    if head[0] in ("select", "reveal", "second", "discard") and len(head) == 2 and \
            re.fullmatch(r"\d{1,2}(,\d{1,2})*", head[1].replace(" ", "")):  # select 7: force7
        line = head[0] + " " + ",".join(f"force{v}" for v in head[1].replace(" ", "").split(","))
    if line.split(" ", 1)[0] == "page":  # a page: its worlds in order, A:1,C:2
        parts = sorted(x.upper() for x in re.split(r"[,\s]+", line[4:]) if x)
        return " ".join(["page", ",".join(parts)]) if parts else "page"
    words: list[str] = []
    for w in line.split():
        w = w.upper() if len(w) == 1 and w.isalpha() else w.replace("_", "-")
        if "," in w and words and words[0] in ("discard", "invite"):  # sets, not lists
            w = ",".join(sorted(x for x in w.split(",") if x))
        words.append(w)
    return " ".join(words)


def _colour(s: GameState, seat: int) -> str:
    colours = s.config.colors
    return colours[seat] if 0 <= seat < len(colours) else str(seat)


def _face(s: GameState, kn: Knowledge, h: int) -> int | None:
    return kn.faces.get(h, s.faces.get(h))


def command_for(s: GameState, a: Any, kn: Knowledge) -> str:
    """The command a person types for this action (as normalise writes it)."""
    w = world_name
    if isinstance(a, A.Home):
        return f"home {w(a.world)}"
    if isinstance(a, A.Keep):
        return f"keep {race_word(_face(s, kn, a.handle))}"
    if isinstance(a, A.Play):
        word = card_word(a.card)
        if word == "power-up" and a.args:
            h = a.args[0]
            conf = s.conf
            side = next((i for i in (0, 1) if conf is not None and h in conf.cards[i]), -1)
            return f"play {word} {card_word(s.faces.get(h))} " + \
                (_SIDES[side] if side >= 0 else str(h))
        return " ".join(["play", word, *(w(x) for x in a.args)])
    if isinstance(a, A.Power):  # its arguments named: cli/worlds_words.py
        from .worlds_words import power_command
        return power_command(s, a.race, a.args, kn.faces)
    if isinstance(a, A.Discard):
        return "discard " + ",".join(sorted(card_word(f) for _, f in a.cards))
    if isinstance(a, A.Move):
        return f"move {w(a.src)} {w(a.dst)} {w(a.origin)} {a.count}"
    if isinstance(a, A.Attack):
        return f"attack {w(a.world)} {_colour(s, a.target)}"
    if isinstance(a, A.Invite):
        return "invite " + (",".join(sorted(_colour(s, x) for x in a.seats)) or "none")
    if isinstance(a, A.Ally):
        return f"ally {_SIDES[a.side] if a.side in (0, 1) else a.side}"
    if isinstance(a, (A.Reveal, A.Second)):
        return f"{a.KIND} " + (card_word(a.card) if a.handle >= 0 else "none")
    return str(a.KIND)  # done, draw, decline


class Table(dict[str, Entry]):
    """The commands, and every legal action behind them (`legal`: the text form may name
    a copy of a card that its command does not)."""

    legal: tuple[Any, ...] = ()
    kn: Knowledge | None = None  # the seat's knowledge the table was made from


def command_table(s: GameState, seat: int, kn: Knowledge) -> Table:
    """Every legal command of `seat` now -> (action, handle to put face down or None).
    Two actions that read the same (two force cards of one value) keep the first."""
    table = Table()
    table.legal = tuple(legal_actions(s, seat, kn))
    table.kn = kn
    for a in table.legal:
        if isinstance(a, A.Select):
            options = secret_options(s, seat, kn)
            for h in options:
                table.setdefault(f"select {card_word(kn.faces.get(h))}", (a, h))
            if not options:
                table["select none"] = (a, None)
            continue
        table.setdefault(normalise(command_for(s, a, kn)), (a, None))
        if isinstance(a, A.Second) and s.step()[0] == "reveal_force":  # not a second card:
            # the one card it fights with, shown face up (foresight, or drawn at random)
            table.setdefault(normalise(f"reveal {command_for(s, a, kn).split()[1]}"), (a, None))
        if isinstance(a, A.Conceal):
            for line, page in _one_token_pages(s, kn):
                table.setdefault(line, (a, page))
    return table


def page_text(page: dict[int, int]) -> str:
    """A page as typed: A:1,C:2 (worlds in order; 'none' when empty)."""
    return ",".join(f"{world_name(w)}:{k}" for w, k in sorted(page.items()) if k) or "none"


def _one_token_pages(s: GameState, kn: Knowledge) -> list[tuple[str, tuple[int, ...]]]:
    """The pages one unseen token's move reaches, as commands (the table lists these;
    `page` also takes any other page the tokens can reach)."""
    out = []
    for src in sorted(w for w, k in kn.hidden.items() if k > 0):
        for dst in range(WORLDS):
            if dst != src and distance(s.pos[src], s.pos[dst]) <= RANGE:
                page = dict(kn.hidden)
                page[src] -= 1
                page[dst] = page.get(dst, 0) + 1
                out.append((f"page {page_text(page)}",
                            tuple(page.get(w, 0) for w in range(WORLDS))))
    return out


def _typed_page(table: Table, text: str, s: GameState) -> Entry | str:
    """`page A:1,C:2`: the seat's new page, if its unseen tokens can get there."""
    conceal, kn = next((a for a in table.legal if isinstance(a, A.Conceal)), None), table.kn
    if conceal is None or kn is None:
        return "'page' is for the Invisible Beings' unseen tokens, after your migration"
    page: dict[int, int] = {}
    for part in text.split(" ", 1)[1].split(",") if " " in text else []:
        m = re.fullmatch(r"([A-Z]):(\d{1,3})", part)
        if m is None or ord(m[1]) - ord("A") >= WORLDS:
            return f"'{part}' is not WORLD:COUNT (a world's letter, a count), e.g. A:2"
        w = ord(m[1]) - ord("A")
        page[w] = page.get(w, 0) + int(m[2])
    before, total = sum(kn.hidden.values()), sum(page.values())
    if total != before:
        return f"your page holds {before} unseen token(s), not {total} (now: " \
               f"{page_text(kn.hidden)})"
    if not page_reachable(s.pos, dict(kn.hidden), page):
        return (f"your unseen tokens cannot get from {page_text(kn.hidden)} to "
                f"{page_text(page)}: each moves at most once, up to {RANGE} spaces")
    return (conceal, tuple(page.get(w, 0) for w in range(WORLDS)))


def lookup(table: dict[str, Entry], typed: str, s: GameState, seat: int) -> Entry | str:
    """The entry a typed line stands for, or why none does (with the closest legal
    commands). Besides the commands above, the plain text form of a legal action, and
    any page the seat's unseen tokens can reach (`page`)."""
    text = normalise(typed)
    if text in table:
        return table[text]
    words = text.split()
    if words and words[0] == "page" and isinstance(table, Table):
        return _typed_page(table, text, s)
    if text == "done" and "conceal" in table:  # the end of a migration: the page stays
        return table["conceal"]
    try:
        action = parse_action(typed.strip(), seat)
    except (ActionParseError, ValueError):
        action = None
    if action is not None:
        found = [e for e in table.values() if e[0] == action]
        if len({e[1] for e in found}) == 1:
            return found[0]
        if not found and not isinstance(action, A.Select) and \
                action in getattr(table, "legal", ()):
            return (action, None)  # another copy of a card than its command's
    short = _shorthand(table, text, s, seat)
    if short is not None:
        return short
    legal = sorted(table)
    if not legal:
        return f"'{typed.strip()}': nothing is yours to do now"
    close = [c for c in legal if c.split()[0] == (words[0] if words else "")]
    close = difflib.get_close_matches(text, close or legal, n=6, cutoff=0) or legal[:6]
    why = f" ('{words[0]}' is not a command; 'help' lists them)" if words and \
        words[0] not in HELP else _why(table, words, s)
    return closest_words(f"'{typed.strip()}' is not legal now{why}", close, len(legal))


def _shorthand(table: dict[str, Entry], text: str, s: GameState, seat: int) -> Entry | str | None:
    """A line short of a full command that can mean only one legal action: `attack WORLD`
    (one player to attack there), `move FROM TO COUNT` (the movable tokens there were all
    born on one world), `discard CARD,CARD` (several at once, where the engine takes them:
    the hand limit, a price); why not, when it could mean several; None otherwise."""
    words = text.split()
    if words[:1] == ["attack"] and len(words) == 2:
        found = sorted(c for c in table if c.startswith(f"attack {words[1]} "))
        if len(found) == 1:
            return table[found[0]]
        if found:
            return f"'{text}': say whom to attack there: " + ", ".join(found)
    if words[:1] == ["move"] and len(words) == 4 and words[3].isdigit():
        found = sorted(c for c in table if c.split()[:3] == words[:3]
                       and c.split()[4:] == words[3:])
        if len(found) == 1:
            return table[found[0]]
        if found:
            return (f"'{text}': your tokens on {words[1]} were born on different worlds; say "
                    "which (move FROM TO ORIGIN COUNT): " + ", ".join(found))
    if words[:1] == ["discard"] and len(words) == 2 and "," in words[1]:
        return _discard_many(table, words[1].split(","), s, seat)
    return None


def _discard_many(table: dict[str, Entry], names: list[str], s: GameState,
                  seat: int) -> Entry | str | None:
    """`discard force7,force9`: those cards of the hand at once, if the engine takes them
    (it checks how many the step allows)."""
    from engine.errors import IllegalAction
    from engine.worlds.api import apply

    kn = getattr(table, "kn", None)
    if kn is None or not any(c.startswith("discard ") for c in table):
        return None
    left = list(s.hands[seat])
    cards = []
    for name in names:
        h = next((h for h in left if card_word(_face(s, kn, h)) == name), None)
        if h is None:
            return f"'discard {','.join(names)}': you hold no {name} (or not that many)"
        left.remove(h)
        face = _face(s, kn, h)
        assert face is not None
        cards.append((h, face))
    action = A.Discard(seat, tuple(cards))
    try:
        apply(s, action)
    except IllegalAction as e:
        return f"'discard {','.join(names)}' is refused: {e.reason}"
    return (action, None)


def _why(table: dict[str, Entry], words: list[str], s: GameState) -> str:
    """Why a command of a known kind is not legal, where a person may not see it: a
    homeworld taken, a move beyond what the tokens can do."""
    kind, args = words[0], words[1:]
    if kind == "home" and args and len(args[0]) == 1 and args[0].isalpha():
        w = ord(args[0]) - ord("A")
        if 0 <= w < WORLDS and s.control[w] >= 0:
            return f" ({args[0]} is {_colour(s, s.control[w])}'s homeworld)"
    if kind == "move" and len(args) == 4:
        moves = [c.split() for c in table if c.startswith("move ")]
        src, dst, origin, count = args
        if moves and not any(m[1] == src for m in moves):
            return (f" (none of your tokens on {src} can move now: each moves once a turn, "
                    f"up to {RANGE} spaces)")
        same = [int(m[4]) for m in moves if m[1:4] == [src, dst, origin]]
        if same and count.isdigit() and int(count) > max(same):
            return f" (at most {max(same)} of your tokens born on {origin} can go there)"
        if moves and not any(m[1:3] == [src, dst] for m in moves):
            return f" ({dst} is out of your tokens' reach from {src} now)"
    return ""
