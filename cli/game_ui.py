"""A game's part of the seat client: its commands, words and board, picked by `rules.NAME`
(as cli/cmd_replay.py's `Words` picks a game's words for replays).

The client loop (cli/client.py) and its two faces (cli/app.py, cli/textplay.py) are the
same for every game; what differs is asked of the object `for_rules` returns:
- `table(state, seat, kn)` / `lookup(table, line, state, seat)` / `normalise(line)`: the
  command language (every legal action a short command; a refused line says why);
- `log_line(state, event, seat, kn)`, `board(state, kn)`, `hand(state, kn, playable)`,
  `end_words(state)`, `goal(config)`: what the person reads; `told(state, events, seat,
  kn, count)`: the last lines of a game's log as they were told (a resumed seat's recap);
- `HELP`, `COSMIC`: the help of each command; whether Cosmic's own client commands
  (stops, info, discards, turnup, its card windows) apply.
The replays (cli/replay_app.py, cli/html_replay.py) ask it too, from public positions
only: `event_words(state, event)`, `action_words(before, action, faces)`,
`replay_board(state)`, `side_lines(state)`, `short_card(face)`, and `STAGE` /
`stage_starts(states)`: the positions where an encounter (Cosmic) or a conflict (the map
game) begins, the stops of the viewer's and the page's "next encounter" keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import Rules

__all__ = ["for_rules", "CosmicUI", "WorldsUI"]


# The longest words of a question on the status line: with "YOUR DECISION (resolution: "
# before them and the commands after, one row of 80 columns.
QUESTION_WIDTH = 36


HELD_ONLY = " (held only)"


def last_told(events: list[tuple[Any, ...]], count: int,
              line_of: Callable[[int, tuple[Any, ...]], str | None]) -> list[str]:
    """The last `count` lines said of `events` (oldest first), `line_of(i, event)` the
    line of the i-th (None: not shown); read from the newest back, so a long game's
    recap words only its end."""
    lines: list[str] = []
    for i in range(len(events) - 1, -1, -1):
        if len(lines) == count:
            break
        line = line_of(i, events[i])
        if line is not None:
            lines.append(line)
    return lines[::-1]


def held_only(face: int | None) -> str:
    """" (held only)" for a flare this game never plays (the rule documents print no text
    for it: only the Amoeba's, the Kamikaze's and the classic Filch's are played; the
    others are held, given, taken and discarded like any card, as `info` says); else ""."""
    if face is None:
        return ""
    from engine.cosmic import cards as C
    from engine.cosmic.flares import FLARE_EFFECTS
    card = C.CATALOGUE[face]
    return HELD_ONLY if card.kind == "flare" and card.name not in FLARE_EFFECTS else ""


class CosmicUI:
    """Cosmic Encounter: cli/commands.py and cli/render.py."""

    COSMIC = True

    def __init__(self, rules: Rules) -> None:
        from . import commands, render
        self.rules = rules
        self.HELP = commands.HELP
        self.table = commands.command_table
        self.lookup = commands.lookup
        self.normalise = commands.normalise
        self.log_line = render.log_line
        self._render = render

    def told(self, s: Any, events: list[tuple[Any, ...]], seat: int, kn: Any,
             count: int) -> list[str]:
        """The last `count` log lines of `events` (the game so far, oldest first; `s` the
        state after them) as the person at `seat` was told them when they happened.

        A line is read against the state at its end, but for what the engine forgets
        later: the cards the Leech borrowed, named to it alone with their lenders
        (render.log_line's "the card you borrowed from blue is ..."), are given back and
        forgotten at the end of its turn, and a recap read against that state lost them.
        Their lenders are found in the events instead: a "leech_borrow" (taker, lender)
        is followed by the "delivered" of the card it took to the taker. So are the main
        players of a deal proposed in an encounter that is over ("you propose a deal: ?
        gets 1 card"): each "destiny" (offense, card, defense) names them."""
        from engine.cosmic.aliens.leech import BORROWED
        from engine.cosmic.state import Encounter
        lent: dict[int, list[list[int]]] = {}  # event index -> its borrowed records
        lender: dict[int, int] = {}  # taker -> the lender of the take under way
        sides: dict[int, tuple[int, int]] = {}  # a "propose" event's index -> its sides
        main = (-1, -1)
        for i, ev in enumerate(events):
            if ev[0] == "leech_borrow":
                lender[ev[1]] = ev[2]
            elif ev[0] == "delivered" and ev[1] == seat and seat in lender:
                lent[i] = [[seat, lender.pop(seat), h] for h in ev[2]]
            elif ev[0] == "destiny":
                main = (ev[1], ev[3])
            elif ev[0] == "propose" and main[1] >= 0:
                sides[i] = main

        def line_of(i: int, ev: tuple[Any, ...]) -> str | None:
            if i not in lent and (i not in sides or (
                    s.enc is not None and (s.enc.offense, s.enc.defense) == sides[i])):
                return self.log_line(s, ev, seat, kn)
            then = s.clone()  # (the state as this line reads it: the borrowing known)
            if i in lent:
                then.extra = {**s.extra, BORROWED: lent[i]}
            if i in sides:  # (the encounter it was proposed in)
                then.enc = then.enc or Encounter(sides[i][0], 1)
                then.enc.offense, then.enc.defense = sides[i]
            return self.log_line(then, ev, seat, kn)
        return last_told(events, count, line_of)

    def board(self, s: Any, kn: Any) -> str:
        return str(self._render.board_text(s, kn))

    def screen_board(self, s: Any, kn: Any, width: int = 46, keys: bool = True) -> str:
        """The board of the full-screen client (beside the hand), its lists wrapped at
        `width` (the columns the hand leaves it); without `keys`, less its deck line and
        aliens' key (`board_keys`, shown beside it)."""
        return str(self._render.board_text(s, kn, width, keys))

    def board_keys(self, s: Any, kn: Any) -> list[str]:
        return list(self._render.board_keys(s, kn))

    # The engine's steps a person is asked at, in words for the status line (the phase
    # names, "alliance" or "planning", are the game's own and stay; a step without words
    # here is said with its name's underscores as spaces).
    STEP_WORDS = {
        "accept": "join a side or not", "invite": "invite allies",
        "launch": "aim the gate, send ships", "destiny": "the destiny draw",
        "defense_known": "the defense is known", "regroup": "a ship back from the warp",
        "planning": "choose an encounter card", "reveal": "cards turned up",
        "reveal_cards": "cards turned up", "deal": "make a deal",
        "rewards": "take rewards", "collect": "one of each kind, or draw on",
        "second_choice": "a second encounter or not", "keep_alien": "keep an alien",
        "turn_up": "turn your alien up", "give": "give cards", "take": "which ships move",
        "tech_keep": "keep a technology", "setup_hand": "the first hands",
        "place": "your ships go home", "resolve": "the result", "outcome": "the result",
        "start_turn": "the start of the turn",
    }

    def step_words(self, step: str) -> str:
        """A step as the status line names it ("accept": "join a side or not")."""
        return self.STEP_WORDS.get(step, step.replace("_", " "))

    def question_words(self, st: tuple[Any, ...], s: Any = None,
                       seat: int | None = None) -> str:
        """The step asked now (the whole step, engine `s.step()`), as the status line
        names it to the person at `seat`: a choice of ships says where they go ("you lose
        ships to the warp", in the replay's words of that choice: cli/action_words.py
        ship_question), where that is short enough for the status line of an 80-column
        screen to keep one row (QUESTION_WIDTH); else the step's words."""
        from .action_words import ship_question
        asked = ship_question(s, st, seat) if s is not None and seat is not None else None
        if asked is not None:
            said = f"you {asked[0]}"  # (the person's own question)
            if len(said) <= QUESTION_WIDTH:
                return said
        return self.step_words(str(st[0]))

    @staticmethod
    def short_goal(config: Any) -> str:
        """What wins, short enough for the line under the board at 80 columns."""
        n = "five" if config.win_colonies == 5 else "four"
        if getattr(config, "teams", False):
            both = 7 if n == "five" else 6
            return (f"a team wins: {5 if n == 'five' else 4} foreign colonies of one, "
                    f"or {both} on {both} planets")
        return f"{n} foreign colonies win (on other players' home planets)"

    def hand(self, s: Any, kn: Any, playable: set[int]) -> list[tuple[bool, str]]:
        """(playable now, label) for each card of the hand; a flare that is never played
        here is marked "(held only)" (`held_only`)."""
        seat = kn.seat
        out = []
        # Two copies of one card (two negotiates) are the same choice, and the command
        # table keeps one of them: every copy of a playable card is marked.
        label = self._render.card_label
        names = {label(kn.faces.get(h, s.faces.get(h))) for h in playable}
        for h in s.hands[seat]:
            face = kn.faces.get(h, s.faces.get(h))
            down = " (face down)" if h == kn.selected and s.enc is not None and \
                seat in s.enc.selected else ""
            # a card its holder does not know yet is on its way (a deal or a draw whose
            # card messages are still coming): said so, not a bare '?'
            text = label(face) if face is not None else "? (being dealt)"
            out.append((h in playable or (face is not None and label(face) in names),
                        f"{text}{held_only(face)}{down}"))
        return out

    @staticmethod
    def why_over(s: Any) -> str:
        """Why the game ended, in words ("5 foreign colonies")."""
        from . import render
        return str(render.why_over(s))

    @staticmethod
    def reason_words(reason: str, config: Any) -> str:
        """An outcome's reason in words, without the state (a demo's summary)."""
        from . import render
        return str(render.reason_words(reason, config))

    def end_words(self, s: Any, seat: int | None = None) -> list[str]:
        """The end: its headline (`headline`), then everyone's foreign colonies; in team
        play those that count (never in a teammate's home system) and each team's count
        of its goal, as the board's `col` and `teams:` say (engine.cosmic.flow)."""
        colors = s.config.colors
        if not s.config.teams:
            return [headline(self, s, seat),
                    "Foreign colonies: " + ", ".join(f"{c} {s.foreign_colonies(i)}"
                                                     for i, c in enumerate(colors)) + "."]
        from engine.cosmic.flow import external_colonies, team_colonies, team_goal
        goal = team_goal(s)
        return [headline(self, s, seat),
                "Foreign colonies that count: " + ", ".join(
                    f"{c} {len(external_colonies(s, i))}" for i, c in enumerate(colors)) + ".",
                "Teams: " + ", ".join(
                    f"{colors[x]}+{colors[s.config.teammate(x)]} {len(team_colonies(s, x))}"
                    f"/{goal}" for x in range(s.n // 2)) + "."]

    @staticmethod
    def goal(config: Any) -> str:
        """What wins, in words; in team play the team's second way too (rules 004, Team
        Play, as engine.cosmic.flow `_team_winners` counts it)."""
        n = "Five" if config.win_colonies == 5 else "Four"
        if getattr(config, "teams", False):
            both = "seven" if config.win_colonies == 5 else "six"
            return (f"Teams of two: a team wins when one of the two has {n.lower()} "
                    f"foreign colonies, or the two have {both} on {both} different planets.")
        return f"{n} foreign colonies win."

    # -- replays -----------------------------------------------------------------------

    STAGE = "encounter"

    def event_words(self, s: Any, ev: tuple[Any, ...]) -> str:
        return str(self._render.describe_event(s, ev))

    @staticmethod
    def forced_words(s: Any, a: Any, cmd: str, colour: str) -> str:
        """A move made for the person at `colour` as the only one open, in words to them
        ("you discard your own colour and draw again", never `drawagain`); a card put
        face down is named from its command (`select negotiate`: "you put negotiate face
        down"), as the game's public words say only "puts a card face down"."""
        if a.KIND == "select" and cmd.startswith("select "):
            return f"you put {cmd[len('select '):]} face down"
        from .action_words import action_sentence
        return action_sentence(s, a, a.seat)

    def action_words(self, before: Any, a: Any, faces: Any = None) -> str:
        """The action as a person replaying reads it, from the position it was taken in
        (cli/action_words.py: public faces only; `faces`, what a reader may know besides,
        is not needed: a Cosmic action names a hidden card by no face)."""
        from .action_words import action_words
        return action_words(before, a)

    @staticmethod
    def action_sentence(s: Any, a: Any, seat: int | None = None, kn: Any = None) -> str:
        """The action as a sentence to the person at `seat` ("you pass at ..."); hidden
        cards named as `kn`, that person's knowledge, knows them."""
        from .action_words import action_sentence
        return action_sentence(s, a, seat, kn)

    def replay_board(self, s: Any) -> str:
        """The public board; a finished game's verdict whole on its first line (the
        viewer sets it across the screen, wrapped at the terminal's width)."""
        return str(self._render.board_text(s, whole_verdict=True))

    @staticmethod
    def stage_starts(states: list[Any]) -> list[int]:
        """Positions where a new encounter has begun (its counter went up)."""
        return [k for k in range(1, len(states))
                if states[k].encounters > states[k - 1].encounters]

    def side_lines(self, s: Any) -> list[str]:
        """The encounter under way, for the viewer's side pane."""
        label = self._render.card_label
        e = s.enc
        if e is None:
            return []
        lines = [f"encounter {e.number}" + (f": {e.result}" if e.result else "")]
        if any(h >= 0 for h in e.cards):
            lines.append(" cards: " + " / ".join(label(s.faces.get(h)) if h >= 0 else "-"
                                                 for h in e.cards))
        if e.destiny >= 0:
            lines.append(" drawn: " + label(s.faces.get(e.destiny)))  # "destiny red"
        colors = s.config.colors
        for side, allies in zip(("off", "def"), e.allies):
            if allies:
                lines.append(f" {side} allies: " + ", ".join(colors[a] for a in allies))
        return lines

    def short_card(self, face: int | None) -> str:
        """A card in a few letters, for hands in a narrow pane: A14, N, R+2, morph."""
        label = str(self._render.card_label(face))
        for long, short in (("attack ", "A"), ("negotiate", "N"), ("reinforcement ", "R"),
                            ("artifact ", ""), ("flare ", "")):
            if label.startswith(long):
                label = short + label[len(long):]
                break
        return label.replace(" ", "-")  # one word: card-zap, filch-classic

    HANDS_KEY = "Hands (A attack, N negotiate):"


class WorldsUI:
    """The map game: cli/worlds_commands.py and cli/worlds_render.py."""

    COSMIC = False
    NODE_EVENTS = ("chat", "blame", "audit", "timed_out", "stood_in")  # the node's

    def __init__(self, rules: Rules) -> None:
        from . import worlds_commands as wc
        from . import worlds_render as wr
        self.rules = rules
        self.HELP = wc.HELP
        self.table = wc.command_table
        self.lookup = wc.lookup
        self.normalise = wc.normalise
        self._wr = wr
        self._wc = wc

    def log_line(self, s: Any, ev: tuple[Any, ...], seat: int | None = None,
                 kn: Any = None) -> str | None:
        if ev[0] in self.NODE_EVENTS:
            from .render import log_line
            return log_line(s, ev, seat)
        return self._wr.describe_event(s, ev, seat)  # their own seat "you"; replays: colours

    def told(self, s: Any, events: list[tuple[Any, ...]], seat: int, kn: Any,
             count: int) -> list[str]:
        """The last `count` log lines of `events` (oldest first) for `seat`: each read
        against `s`, the state after them (no line here needs an earlier one)."""
        return last_told(events, count, lambda i, ev: self.log_line(s, ev, seat, kn))

    # The engine's steps in words, for the header and the status line (the steps keep
    # their names; one a person reads as it is, like "home", has none here).
    STEP_WORDS = {
        "keep_race": "keep a race", "deal_races": "races dealt", "settle_homes": "homes settled",
        "place": "worlds placed", "rank": "setup order", "ranked": "setup order",
        "opportunity": "events and powers", "fate": "draw cards",
        "fate_after": "after the draw", "limit": "discard to the hand limit",
        "throw": "throw cards away", "genesis": "births", "produce": "births",
        "migration": "move tokens", "explore": "a world explored",
        "second_move": "the stack's extra move", "conceal": "hide unseen tokens",
        "conflicts": "start conflicts", "counter": "counter-attack",
        "conflict_open": "a conflict opens", "open": "open the conflict",
        "select": "put a force card face down", "reveal_force": "turn the force card up",
        "powerup": "Power Up window", "second": "a second force card",
        "randomize": "a force card at random", "redirect": "turn the attack",
        "invite": "invite allies", "join": "join a side", "pay": "pay a race's price",
        "shed": "give up a card", "trap": "remove winning tokens",
        "enslave": "take a destroyed token", "escape": "save a fallen token",
        "swap_roles": "roles swapped", "resolve": "the higher total wins",
        "conflict_end": "the conflict ends", "late": "powers after the conflicts",
        "second_attack": "the stack's extra attack", "repel": "send tokens back",
        "ride": "ride the Contagion", "killed": "tokens removed", "end_turn": "end of turn",
        "round_start": "a round begins", "turn": "a turn begins",
    }

    def step_words(self, step: str) -> str:
        """An engine step in words ("keep_race": "keep a race")."""
        return self.STEP_WORDS.get(step, step.replace("_", " "))

    def question_words(self, st: tuple[Any, ...], s: Any = None,
                       seat: int | None = None) -> str:
        """The step asked now, as the status line names it."""
        return self.step_words(str(st[0]))

    def board(self, s: Any, kn: Any) -> str:
        step = self.rules.pending(s)
        who = s.config.colors[s.active] if s.active >= 0 else "-"
        head = f"Turn {s.turns}: game over." if step.over else \
            f"Turn {s.turns}: {who} ({step.phase}: {self.step_words(step.step)})."
        return head + " Control 20 worlds to win.\n" + self._wr.board_text(s, kn)

    @staticmethod
    def board_keys(s: Any, kn: Any) -> list[str]:
        return []  # (its board has no keys to set aside)

    def screen_board(self, s: Any, kn: Any, width: int = 46, keys: bool = True) -> str:
        """The full screen's board: the hand is beside it, so not in it; what a player
        looks at most (the map, the conflict, their tokens) first, for a short screen."""
        rows = self.board(s, kn).splitlines()
        head, grid = rows[0], rows[1:12]
        if len(head) > width:  # a row fewer: the goal is said when the game starts
            head = head.removesuffix(" Control 20 worlds to win.")
        rest = [r for r in rows[12 + s.n:] if not r.startswith("Your hand")]
        races = [r for r in rest if r.startswith("Races:")]
        mine = [r for r in rest if r not in races]
        players = "Worlds/tokens/cards: " + ", ".join(  # the players' lines, in one
            f"{c} {s.controlled(p)}/{sum(s.count(w, p) for w in range(len(s.pos)))}/"
            f"{len(s.hands[p])}" for p, c in enumerate(s.config.colors))
        return "\n".join([head, *grid, *mine, players, *races])

    def hand(self, s: Any, kn: Any, playable: set[int]) -> list[tuple[bool, str]]:
        """(playable now, label) for each card of the hand. The command table keeps one
        copy of two same cards (two force7s are one choice): every copy is marked."""
        out = []
        word = self._wr.card_label  # spoken ("Use the Force"), as the board's hand line
        names = {word(kn.faces.get(h, s.faces.get(h))) for h in playable
                 if kn.faces.get(h, s.faces.get(h)) is not None}
        for h in s.hands[kn.seat]:
            face = kn.faces.get(h, s.faces.get(h))
            down = " (face down)" if h == kn.selected and s.conf is not None else ""
            label = word(face) if face is not None else "a card"
            out.append((h in playable or (face is not None and label in names), label + down))
        return out

    @classmethod
    def why_over(cls, s: Any) -> str:
        """Why the game ended, in words ("20 worlds")."""
        return cls.reason_words(str(s.outcome.reason), s.config)

    @staticmethod
    def reason_words(reason: str, config: Any) -> str:
        return {"worlds": "20 worlds", "turn_limit": "the turn limit was reached"}.get(
            reason, reason.replace("_", " "))

    def end_words(self, s: Any, seat: int | None = None) -> list[str]:
        """The end: its headline (`headline`), then the worlds each player controls."""
        colors = s.config.colors
        return [headline(self, s, seat),
                "Worlds controlled: " + ", ".join(f"{c} {s.controlled(i)}"
                                                  for i, c in enumerate(colors)) + "."]

    @staticmethod
    def goal(config: Any) -> str:
        return "Control 20 of the 26 worlds to win."

    @staticmethod
    def short_goal(config: Any) -> str:
        return "control 20 of the 26 worlds to win"

    # -- replays -----------------------------------------------------------------------

    STAGE = "conflict"
    HANDS_KEY = "Hands:"

    def event_words(self, s: Any, ev: tuple[Any, ...]) -> str:
        return self._wr.describe_event(s, ev)

    def forced_words(self, s: Any, a: Any, cmd: str, colour: str) -> str:
        """A move made for the person at `colour` as the only one open, in words to them
        ("you end your migration", "you pay your race's price: force 1, ..."), never its
        command (`done`, `discard force1,force3`): the map game's log does not say what
        such a step did."""
        return self.action_sentence(s, a, a.seat)

    def action_words(self, before: Any, a: Any, faces: Any = None) -> str:
        """The action as a person reads it, from the position it was taken in (a race's
        power with its arguments in words: cli/worlds_words.py)."""
        from .worlds_words import action_words
        return action_words(before, a, faces)

    @staticmethod
    def action_sentence(s: Any, a: Any, seat: int | None = None, kn: Any = None) -> str:
        """The action as a sentence to the person at `seat` ("you end your migration")."""
        from .worlds_words import action_sentence
        return action_sentence(s, a, seat)

    def replay_board(self, s: Any) -> str:
        """The map, each player's line, the explored worlds' races and the conflict (public
        facts only: no seat's knowledge)."""
        conflict = self._wr.conflict_line(s)
        rows = [self.scores(s), self._wr.board_text(s)] + ([conflict] if conflict else [])
        return "\n".join(rows + [self._wr.natives_line(s)])  # the longest line last

    @staticmethod
    def scores(s: Any) -> str:
        colors = s.config.colors
        return "Worlds controlled (20 to win): " + ", ".join(
            f"{c} {s.controlled(i)}" for i, c in enumerate(colors))

    @staticmethod
    def stage_starts(states: list[Any]) -> list[int]:
        """Positions where a conflict has begun (none before, or on another world)."""
        out = []
        for k in range(1, len(states)):
            now, before = states[k].conf, states[k - 1].conf
            if now is not None and (before is None or before.world != now.world
                                    or before.primary != now.primary):
                out.append(k)
        return out

    def side_lines(self, s: Any) -> list[str]:
        """The conflict under way and the scores, for the viewer's side pane."""
        conflict = self._wr.conflict_line(s)
        return ([conflict] if conflict else []) + ["worlds (20 to win):"] + [
            f" {c} {s.controlled(i)}" for i, c in enumerate(s.config.colors)]

    def short_card(self, face: int | None) -> str:
        """A card in the viewer's hands (h): its spoken name ("Use the Force")."""
        return self._wr.card_label(face)

    def info(self, what: str, s: Any) -> str:
        """A race by name (its power in our words), or a world by letter (its race)."""
        from engine.worlds.actions import world_index
        from engine.worlds.data import RACES
        key = what.strip().lower().replace("-", "_").replace(" ", "_")
        for r in RACES:
            if key in (r.key, r.name.lower().replace(" ", "_")):
                power = r.ability if r.implemented else \
                    f"{r.ability} (not implemented here: plays as plain tokens)"
                return f"{r.name} ({r.use}): {power}."
        try:
            w = world_index(what) if len(what.strip()) == 1 else -1
        except ValueError:
            w = -1
        if 0 <= w < 26 and s.pos[w] >= 0:
            race = RACES[s.native[w]].name if s.native[w] >= 0 else "an unknown race " \
                "(unexplored)"
            owner = s.config.colors[s.control[w]] if s.control[w] >= 0 else "nobody"
            return f"World {what.strip().upper()}: {race}; controlled by {owner}."
        return f"info: no race or world {what.strip()!r} (info tachyons, info C)"


def headline(ui: Any, s: Any, seat: int | None = None) -> str:
    """The end in one line, the same on the screen and in the terminal after it: who won
    and how ("GAME OVER: yellow won (5 foreign colonies)."); with `seat`, that player's
    colour is marked "(you)" where it is named."""
    colors = s.config.colors
    names = [colors[w] + (" (you)" if w == seat else "") for w in s.outcome.winners]
    return f"GAME OVER: {', '.join(names) or 'nobody'} won ({ui.why_over(s)})."


def for_rules(rules: Rules) -> CosmicUI | WorldsUI:
    """The client's words for this game."""
    return WorldsUI(rules) if rules.NAME == "worlds" else CosmicUI(rules)


def variant_words(config: Any, seat: int) -> str:
    """What the variants change for the player, said once at the start: in team play who
    its teammate is and that colonies in its home system count toward no win (rules 004,
    Team Play, as engine.cosmic.flow counts them); in the two-player game where it may
    attack and how many home colonies keep its power (rules 004, Two-Player Game)."""
    out = ""
    mate = config.teammate(seat) if getattr(config, "teams", False) else -1
    if mate >= 0:
        name = config.colors[mate]
        out += (f"Your teammate is {name} (seated opposite); colonies in {name}'s home "
                "system count for neither of you. ")
    if getattr(config, "two_player", False):
        other = config.colors[1 - seat]
        keep = "four" if config.planets == 5 else "three"
        powers = any(config.aliens) or bool(config.flares)
        out += (f"No destiny and no allies: each encounter is against {other}, on its "
                "planets or on a planet of your system where it has a colony"
                + (f"; your power needs {keep} home colonies. " if powers else ". "))
    return out
