"""The player's command language: every legal action as a short command a person types.

`command_table(state, seat, knowledge)` maps each command string to the action it stands
for (and the card to put face down, for a select). Completion offers these strings;
parsing a typed line is a lookup after normalising spaces, so what the prompt accepts is
exactly what the engine allows, and a refused line can list what is legal instead.

    launch blue.1 red.1:2,red.3:1     ally red yellow.2:3    invite yellow,green
    select attack 08                  reveal                 play reinforcement+2 offense
    play plague blue                  pass                   propose 0 1 blue.3 -
    ships gate:2,red.1:1              rewards 1 red.2:1      give attack 13
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.alien_deal import rotation_choice
from engine.cosmic.hidden import rotation_offer
from engine.cosmic.flares import dealt_aliens
from engine.cosmic.research import tech_handle
from engine.cosmic.steps import WARP
from engine.cosmic.targets import warp_site
from engine.cosmic.windows import CARD_EFFECTS

from .closest import closest_words
from .render import planet_name

__all__ = ["command_for", "command_table", "normalise", "lookup", "HELP", "help_now", "TURN_UP_WORDS",
           "examples"]

# What a person may type to turn a face-down alien up (hidden powers).
TURN_UP_WORDS = ("turnup", "turn up", "reveal power")

HELP = {
    "launch": "launch PLANET SHIPS - aim the gate and send 1-4 ships, e.g. launch blue.1 red.1:2"
              " (a Gith's warp, when offered: launch blue.warp red.1:2); launch PLANET N: N "
              "ships, chosen to keep your colonies (launch blue.1 3)",
    "ally": "ally SIDE SHIPS - join the offense or defense: the colour of the side, then "
            "ships from your colonies, e.g. yellow joining red: ally red yellow.2:3 (or a "
            "count: ally red 2)",
    "decline": "decline - refuse every invitation; to the Seeker's question: no (or "
               "type 'no')",
    "invite": "invite SEATS - invite allies, e.g. invite yellow,green, invite all or invite none",
    "select": "select CARD - put an encounter card face down, e.g. select attack 08",
    "reveal": "reveal - turn your face-down card up",
    "play": "play CARD [TARGET] - play a card face up, e.g. play reinforcement+2 offense",
    "power": "power N [ARGS] - use your alien's power (option N); planets and players "
             "may be named instead of numbered, e.g. power 0 red.4",
    "pass": "pass - do nothing at this window",
    "proceed": "proceed - keep your hand and go on",
    "newhand": "newhand - show your hand (no encounter card) and draw eight",
    "retrieve": "retrieve PLANET - bring a ship back from the warp",
    "drawagain": "drawagain - discard your own colour and draw again",
    "defense": "defense SEAT - choose whom to encounter",
    "reestablish": "reestablish PLANET SHIPS - re-establish an empty home planet",
    "noencounter": "noencounter - you hold no encounter card: your turn ends",
    "propose": "propose A B P Q [F] - offense gives A cards, defense B; offense settles P, "
               "defense Q (- for none); F: ships of the other the Zombie frees from the warp",
    "accept": "accept - accept the other player's proposal; to the Seeker's question: "
              "yes (or type 'yes')",
    "nodeal": "nodeal - give up the deal",
    "give": "give CARDS - hand these cards over",
    "ships": "ships SHIPS - which ships: e.g. ships gate:2,red.1:1",
    "rewards": "rewards N SHIPS - draw N cards, bring these ships back from the warp",
    "discard": "discard CARDS - the cards a Plague makes you discard",
    "second": "second - have a second encounter",
    "endturn": "endturn - end your turn",
    "keep": "keep ALIEN - at setup, play this one of the two aliens you were dealt",
    "turnup": "turnup (or 'turn up', 'reveal power') - hidden powers: turn your face-down "
              "alien up for good; typed while not asked, it is done at your next question",
    "keeptech": "keeptech TECH - keep this one of the techs just dealt (the rest are "
                "discarded face up)",
    "research": "research TECH PLANET - move a ship from this colony onto your face-down tech",
    "complete": "complete TECH - turn your tech up: completed with enough ships on it",
    "abandon": "abandon TECH - turn your tech up and discard it; its ships come home",
    "newtech": "newtech - instead of another encounter, draw foreign colonies + 1 techs, "
               "keep one; your turn ends",
    "usetech": "usetech TECH - use your completed tech now",
    "say": "say TEXT - signed chat to every player (networked games)",
    "tell": "tell COLOUR TEXT - private chat to one player (sealed: only you two can read it)",
    "info": "info NAME - an alien, artifact, flare or tech in words; info COLOUR - that "
            "player's alien and whether its power works",
    "discards": "discards - the discard pile",
}


# Steps where accept and decline answer something other than a proposal: what each does.
STEP_HELP: dict[str, dict[str, str]] = {
    "gamble": {
        "accept": "accept - believe the Gambler's statement: the encounter goes on as if "
                  "its face-down card were the card it named (the card is never shown)",
        "decline": "decline - call the Gambler's bluff: its card is turned up; if it lied "
                   "it loses its ships in the encounter to the warp, if it told the truth "
                   "you lose yours (from colonies outside the encounter)",
    },
    "seek": {
        "accept": "accept - answer the Seeker's question yes (or type 'yes')",
        "decline": "decline - answer the Seeker's question no (or type 'no')",
    },
}


def help_now(s: engine.GameState, word: str) -> str:
    """The help of command `word` at the step open now (accept and decline mean other
    things when the Gambler or the Seeker asks), else its general help."""
    said = STEP_HELP.get(str(s.step()[0]), {}).get(word) or HELP[word]
    if word == "propose" and s.step()[0] == "deal":  # the Zombie's term: only with it
        from engine.cosmic.powers import deal_frees
        if deal_frees(s) is None:
            said = said.replace(" [F]", "").split("; F: ")[0]
    return said


def normalise(line: str) -> str:
    """Lower case, single spaces, and every ship list (`red.2:1,red.1:3`) in one order,
    so ships may be typed in any order."""
    # Card names as the hand shows them: "reinforcement +3", "artifact plague".
    line = re.sub(r"reinforcement\s+\+", "reinforcement+", line.lower())
    line = re.sub(r"(^|\s)artifact\s+", r"\1", line)
    line = re.sub(r"\s*,\s*", ",", line)  # a list typed with spaces after its commas
    words = []
    for w in line.split():
        if ":" in w and "," in w:
            w = ",".join(sorted(x for x in w.split(",") if x))
        words.append(w)
    return " ".join(words)


def _card_numbers(line: str) -> str:
    """A card typed with its value as a person may write it, as the hand labels it:
    `attack30` or `attack 4` is `attack 30` or `attack 04`, `reinforcement 3` is
    `reinforcement+3`. Only where a whole line is looked up: while it is typed, `attack 0`
    is the start of `attack 04` (completion)."""
    line = re.sub(r"\battack ?(\d{1,2})\b", lambda m: f"attack {int(m.group(1)):02d}", line)
    return re.sub(r"\breinforcement ?\+? ?(\d)\b", r"reinforcement+\1", line)


def _ships(s: engine.GameState, pairs: Iterable[tuple[int, int]]) -> str:
    words = {engine.GATE: "gate", WARP: "warp"}
    items = [f"{words.get(loc) or _tech_place(s, loc) or planet_name(s, loc)}:{n}"
             for loc, n in pairs]
    return ",".join(items) or "-"


def _tech_place(s: engine.GameState, loc: int) -> str:
    """A tech card as a ship location (ships researching it): "tech-N", N its place
    among its owner's techs (1 first); "" for any other location."""
    h = tech_handle(loc)
    if h is None:
        return ""
    for seat in range(s.n):
        mine = [r[1] for r in s.extra.get("techs", ()) if r[0] == seat]
        if h in mine:
            return f"tech-{mine.index(h) + 1}"
    return f"tech-{h}"


def _tech(s: engine.GameState, kn: engine.Knowledge, seat: int, handle: int) -> str:
    """A tech in a command: its name where known ("warpspace-key"), else "tech-N"; two of
    one name are told apart by their place ("enigma-device#2")."""
    st = s.step()
    mine = list(st[2]) if st[0] == "tech_keep" and st[1] == seat else \
        [r[1] for r in s.extra.get("techs", ()) if r[0] == seat]
    face = kn.faces.get(handle, s.faces.get(handle))
    if face is None:
        return f"tech-{mine.index(handle) + 1 if handle in mine else handle}"
    name = C.CATALOGUE[face].name
    same = [h for h in mine if kn.faces.get(h, s.faces.get(h)) is not None
            and C.CATALOGUE[kn.faces.get(h, s.faces.get(h)) or 0].name == name]
    word = name.replace("_", "-")
    return word if len(same) < 2 or same[0] == handle else f"{word}#{same.index(handle) + 1}"


def _card(face: int | None) -> str:
    """A card as a command names it: one word a name ("mobius_tubes", "flare-ghoul")."""
    label = C.CATALOGUE[face].label() if face is not None else "?"
    return label.replace("artifact ", "").replace("flare ", "flare-")


def _seats(s: engine.GameState, seats: Iterable[int]) -> str:
    colors = s.config.colors
    return ",".join(colors[x] if 0 <= x < len(colors) else str(x) for x in seats) or "none"


def command_for(s: engine.GameState, a: engine.Action, kn: engine.Knowledge) -> str:
    """The command a person types for this action (its words, not its data)."""
    colors = s.config.colors
    if isinstance(a, engine.Launch):
        return f"launch {planet_name(s, a.planet)} {_ships(s, a.ships)}"
    if isinstance(a, engine.Ally):
        return f"ally {colors[a.side]} {_ships(s, a.ships)}"
    if isinstance(a, engine.Invite):
        return f"invite {_seats(s, a.seats)}"
    if isinstance(a, engine.Play):
        info = C.CATALOGUE[a.card]
        if info.kind in ("reinforcement", "attack"):  # for a side (an attack: the Flak's)
            return f"play {_card(a.card).replace(' +', '+')} {'offense' if a.args == (0,) else 'defense'}"
        if info.kind == "flare":  # a flare's arguments are its own (cards, ships, ...)
            return " ".join(["play", _card(a.card), *map(str, a.args)])
        effect = next((e for e in CARD_EFFECTS if e.matches(info)), None)
        if effect is not None and effect.arg_kind == "planets":
            target = "".join(f" {planet_name(s, p)}" for p in a.args)
        else:
            target = f" {_seats(s, a.args)}" if a.args else ""
        return f"play {_card(a.card)}{target}"
    if isinstance(a, engine.UsePower):
        return " ".join(["power", str(a.option), *map(str, a.args)])
    if isinstance(a, engine.Retrieve):
        return f"retrieve {planet_name(s, a.planet)}"
    if isinstance(a, engine.ChooseDefense):
        return f"defense {colors[a.defender]}"
    if isinstance(a, engine.Reestablish):
        return f"reestablish {planet_name(s, a.planet)} {_ships(s, a.ships)}"
    if isinstance(a, engine.Propose):
        og, dg, op, dp = a.terms[:4]
        p = planet_name(s, op) if op >= 0 else "-"
        q = planet_name(s, dp) if dp >= 0 else "-"
        freed = "".join(f" {x}" for x in a.terms[4:])  # ships a power frees (the Zombie)
        return f"propose {og} {dg} {p} {q}{freed}"
    if isinstance(a, engine.Ships):
        return f"ships {_ships(s, a.ships)}"
    if isinstance(a, engine.Rewards):
        return f"rewards {a.draws} {_ships(s, a.ships)}"
    if isinstance(a, engine.Give):
        return "give " + ",".join(_card(kn.faces.get(h)) for h in a.handles)
    if isinstance(a, engine.Discard):
        return "discard " + (",".join(_card(f) for _, f in a.cards) or "nothing")
    if isinstance(a, engine.KeepTech):
        return f"keeptech {_tech(s, kn, a.seat, a.handle)}"
    if isinstance(a, engine.Research):
        return f"research {_tech(s, kn, a.seat, a.handle)} {planet_name(s, a.planet)}"
    if isinstance(a, engine.CompleteTech):
        return f"complete {_tech(s, kn, a.seat, a.handle)}"
    if isinstance(a, engine.AbandonTech):
        return f"abandon {_tech(s, kn, a.seat, a.handle)}"
    if isinstance(a, engine.UseTech):
        return f"usetech {_tech(s, kn, a.seat, a.handle)}"
    if isinstance(a, engine.KeepAlien):  # name the alien: "keep" alone would read the same
        dealt = (dealt_aliens(s, a.seat, kn) or rotation_choice(s, a.seat)
                 or rotation_offer(s, a.seat, kn))
        return f"keep {dealt[a.index]}" if a.index < len(dealt) else f"keep {a.index}"
    return a.KIND  # pass, proceed, newhand, reveal, decline, accept, ...


def command_table(s: engine.GameState, seat: int, kn: engine.Knowledge
                  ) -> dict[str, tuple[engine.Action, int | None]]:
    """Every legal command of `seat` now -> (action, handle to put face down or None).

    Two actions that read the same (two copies of one card) keep the first."""
    table: dict[str, tuple[engine.Action, int | None]] = {}
    for a in engine.legal_sequence(s, seat, kn):
        if isinstance(a, engine.Select):
            for h in engine.encounter_card_options(s, seat, kn):
                table.setdefault(normalise(f"select {_card(kn.faces.get(h))}"), (a, h))
            continue
        table.setdefault(normalise(command_for(s, a, kn)), (a, None))
    return table


def _leftover(s: engine.GameState, seat: int, pairs: Iterable[tuple[int, int]]) -> int:
    """How well a choice of ships keeps the colonies: ships already in the gate first
    (a deal's colony, a failed deal's losses may take them), then from big stacks, never
    emptying a planet (the heuristic bot's habit)."""
    score = 0
    for loc, n in pairs:
        if loc == engine.GATE:  # not at home: taking these leaves every colony as it is
            score += 1000 * n
        elif loc >= 0:
            left = s.on(loc, seat) - n
            score += left - (100 if left == 0 else 0)
    return score


def lookup(table: dict[str, tuple[engine.Action, int | None]], typed: str,
           s: engine.GameState, seat: int) -> tuple[engine.Action, int | None] | str:
    """The entry of `table` a typed line stands for, or why none does (with the legal
    commands closest to what was typed).

    Besides the exact command (ships in any order), a count stands for ships: `launch
    blue.1 4` or `ships 2` picks the choice of that many ships that keeps the most at
    home, as the heuristic bot would."""
    text = normalise(typed)
    if text in table:
        return table[text]
    text = _card_numbers(text)
    if text in table:
        return table[text]
    cards = _cards_in_any_order(table, text)
    if cards is not None:
        return cards
    seats = _seats_in_any_order(table, text)
    if seats is not None:
        return seats
    spoken = _spoken(table, text)
    if spoken is not None:
        return spoken
    words = text.split()
    by_name = _power_by_names(table, words, s, seat)
    if by_name is not None:
        return by_name
    if len(words) == 2 and words[0] == "select":  # "select 14", "select neg": one card
        w = words[1]
        named = [c for c in table if c.startswith("select ") and (
            c[7:] == f"attack {int(w):02d}" if w.isdigit() else c[7:].startswith(w))]
        if len(named) == 1:
            return table[named[0]]
    answer = {"yes": "accept", "y": "accept", "no": "decline", "n": "decline"}.get(text)
    if answer in table and s.step()[0] == "seek":  # the Seeker's question: yes or no
        return table[answer]
    if len(words) >= 2 and words[-1].isdigit():
        prefix, want = " ".join(words[:-1]) + " ", int(words[-1])
        fits = [(cmd, entry) for cmd, entry in table.items() if cmd.startswith(prefix)
                and " " not in cmd[len(prefix):]
                and sum(n for _, n in getattr(entry[0], "ships", ())) == want]
        if fits:
            return max(fits, key=lambda f: (_leftover(s, seat, getattr(f[1][0], "ships")),
                                            f[0]))[1]
    legal = sorted(table)
    firsts = sorted({c.split()[0] for c in legal})
    longer = [c for c in legal if c.startswith(text + " ")] if text else []
    if longer:  # the start of legal commands ("ally blue", "play reinforcement +3")
        shown = examples(table, longer)
        return f"'{typed.strip()}' says too little: " + _more_words(table, text, longer) \
            + ". Closest: " + ", ".join(shown[:6]) + (" ..." if len(shown) > 6 else "")
    why = after = ""
    if words and firsts and words[0] not in firsts:  # not a move the game asks for now
        after = (f"{words[0]} is not asked now" if words[0] in HELP else
                 f"there is no command {words[0]!r}") + f"; now: {', '.join(firsts)}."
    elif words and words[0] == "select":
        why = "you hold no such encounter card that you may play now"
    elif len(words) >= 2 and words[0] == "launch" and _place(s, words[1]) is None and \
            re.fullmatch(r"[a-z]+\.\d+", words[1]):  # (a planet's name, of no planet)
        why = f"there is no planet {words[1]}"
    elif len(words) == 3 and words[0] in ("launch", "ally") and words[-1].isdigit():
        why = _count_reason(table, words, s, seat)
    elif words and words[0] == "retrieve":
        why = "a ship from the warp goes back to a planet where you have a colony"
    elif len(words) == 2 and words[0] == "invite" and any(
            x not in s.config.colors and x != "none" for x in words[1].split(",")):
        why = "no player " + ", ".join(x for x in words[1].split(",")
                                       if x not in s.config.colors and x != "none")
    else:
        why = _engine_reason(text, s, seat)
    close = [c for c in legal if c.split()[0] == (words[0] if words else "")]
    head = f"'{typed.strip()}' is not legal now" + (f": {why}" if why else "")
    if len(words) == 3 and words[0] in ("launch", "ally") and words[-1].isdigit() and close:
        # a count refused: the counts that are offered, as it was typed ("ally yellow 4,
        # ally yellow 1"), not the first of hundreds of ship lists ("ally yellow red.5:4")
        counted = examples(table, [c for c in close if c.split()[1] == words[1]] or close)
        return closest_words(head, counted, len(counted), f" ({after})" if after else "")
    if not close and any(":" in c for c in legal):  # another move asked: ships by count too
        counted = examples(table, legal)
        return closest_words(head, counted, len(counted), f" ({after})" if after else "")
    close = difflib.get_close_matches(text, close or legal, n=6, cutoff=0) or legal[:6]
    return closest_words(head, close, len(legal), f" ({after})" if after else "")


def _power_by_names(table: dict[str, tuple[engine.Action, int | None]], words: list[str],
                    s: engine.GameState, seat: int) -> tuple[engine.Action, int | None] | None:
    """`power N` with planets or players by name ("power 0 red.4", "power 1 blue") for
    the one use of option N whose words name exactly those (cli/power_words); None when
    none or several do."""
    if len(words) < 3 or words[0] != "power" or all(w.isdigit() for w in words[2:]):
        return None
    from .power_words import use_words
    typed = set(words[2:])
    fits = []
    for cmd, entry in table.items():
        if cmd.split()[:2] != words[:2]:
            continue
        said = use_words(s, seat, getattr(entry[0], "option", 0), getattr(entry[0], "args", ()))
        planets = set(re.findall(r"\b[a-z]+\.(?:\d+|warp)\b", said))
        rest = re.sub(r"\b[a-z]+\.(?:\d+|warp)\b", "", said)
        seats = {w for w in re.findall(r"[a-z]+", rest) if w in s.config.colors}
        if planets | seats == typed:
            fits.append(entry)
    return fits[0] if len(fits) == 1 else None


def _cards_in_any_order(table: dict[str, tuple[engine.Action, int | None]], text: str
                        ) -> tuple[engine.Action, int | None] | None:
    """`give` or `discard` with the cards named in any order ("give attack 8,cosmic zap"
    for "give cosmic_zap,attack 08"); None when no such command has those cards."""
    head, _, listed = text.partition(" ")
    if head not in ("give", "discard") or not listed:
        return None

    def cards(words: str) -> list[str]:
        return sorted(x.replace("_", " ").replace("-", " ") for x in words.split(",") if x)
    want = cards(listed)
    return next((entry for cmd, entry in table.items()
                 if cmd.startswith(head + " ") and cards(cmd.partition(" ")[2]) == want),
                None)


def _seats_in_any_order(table: dict[str, tuple[engine.Action, int | None]], text: str
                        ) -> tuple[engine.Action, int | None] | None:
    """`invite` with the players named in any order, by commas or spaces ("invite
    blue,green" or "invite blue green" for "invite green,blue": the game lists them in
    its own order, which a person need not know), or `invite all` (everyone it may
    invite); None when no command invites them."""
    head, _, listed = text.partition(" ")
    if head != "invite" or not listed:
        return None
    want = sorted(x for x in re.split(r"[,\s]+", listed) if x)
    if want == ["all"]:  # every player who may be invited: the longest invitation
        invites = [cmd for cmd in table if cmd.startswith("invite ") and cmd != "invite none"]
        most = max((c.count(",") for c in invites), default=-1)
        widest = [c for c in invites if c.count(",") == most]
        return table[widest[0]] if len(widest) == 1 else None  # (one that names them all)
    return next((entry for cmd, entry in table.items()
                 if cmd.startswith("invite ") and sorted(cmd[7:].split(",")) == want), None)


def _spoken(table: dict[str, tuple[engine.Action, int | None]], text: str
            ) -> tuple[engine.Action, int | None] | None:
    """A card named as the hand and the log say it ("play mobius tubes", "play flare
    ghoul 1") for the one command that names it in one word ("play mobius_tubes",
    "play flare-ghoul 1"); None when no command, or more than one, reads so."""
    def heard(cmd: str) -> str:
        return cmd.replace("_", " ").replace("-", " ")
    want = heard(text)
    fits = [entry for cmd, entry in table.items() if heard(cmd) == want]
    return fits[0] if len(fits) == 1 else None


def examples(table: dict[str, tuple[engine.Action, int | None]],
              commands: list[str]) -> list[str]:
    """Commands to show for these: a choice of ships by its count (`ally blue 4`, which
    `lookup` takes), the most and the fewest ships of each group; the others whole."""
    out: list[str] = []
    for cmd in commands:
        group, _, last = cmd.rpartition(" ")
        if ":" not in last:
            out.append(cmd)
            continue
        counts = sorted({sum(n for _, n in getattr(table[c][0], "ships", ()))
                         for c in commands if c.rpartition(" ")[0] == group})
        out += [f"{group} {n}" for n in dict.fromkeys((counts[-1], counts[0]))
                if f"{group} {n}" not in out]  # (one count: said once)
    return out


def _more_words(table: dict[str, tuple[engine.Action, int | None]], text: str,
                longer: list[str]) -> str:
    """What a line that is the start of legal commands still needs: how many ships (a
    count, or which ones), or which of the ways it goes on."""
    if text in ("give", "discard"):  # cards of the hand: how many, in any order
        sizes = sorted({len(c.split(" ", 1)[1].split(",")) for c in longer})
        if sizes == [1]:  # one card: nothing to separate, no order
            return f"name the card to {text} (e.g. {longer[0]})"
        many = " or ".join(map(str, sizes))
        return (f"name the {many} cards to {text}, separated by commas, in any order "
                f"(e.g. {longer[0]})")
    counts = sorted({sum(n for _, n in getattr(table[c][0], "ships", ())) for c in longer
                     if ":" in c[len(text) + 1:] and " " not in c[len(text) + 1:]})
    if len(counts) == 1:  # the count is given (ships going home): only which ones
        return (f"which {counts[0]} ship{'s' if counts[0] != 1 else ''} (e.g. {longer[0]}), "
                f"or '{text} {counts[0]}' and the game chooses them")
    if counts:
        return (f"how many ships ({text} N, N {counts[0]} to {counts[-1]}: the ships that "
                f"keep the most at home are sent), or which ones ({longer[0]})")
    nexts = sorted({c[len(text) + 1:].split()[0] for c in longer})
    if text == "ally":  # a side, then ships: both said in words, with an example
        sent = sorted({sum(n for _, n in getattr(table[c][0], "ships", ())) for c in longer
                       if c.split()[1] == nexts[0]})
        n = 2 if 2 in sent else sent[0] if sent else 1
        return f"name a side ({' or '.join(nexts)}) and how many ships, e.g. ally {nexts[0]} {n}"
    return "it goes on with " + (" or ".join(nexts[:2]) if len(nexts) <= 2 else
                                 ", ".join(nexts[:6]) + (" ..." if len(nexts) > 6 else ""))


def _count_reason(table: dict[str, tuple[engine.Action, int | None]], words: list[str],
                  s: engine.GameState, seat: int) -> str:
    """Why `launch PLANET N` / `ally SIDE N` has no choice: N is not a count offered for
    that target (the counts that are), or the target itself is refused (the engine's
    reason, asked with ships a legal choice of the same command sends)."""
    prefix = " ".join(words[:-1]) + " "
    counts = sorted({sum(n for _, n in getattr(entry[0], "ships", ()))
                     for cmd, entry in table.items()
                     if cmd.startswith(prefix) and " " not in cmd[len(prefix):]})
    if counts:
        return f"{words[-1]} ships is not a choice here (ships: {', '.join(map(str, counts))})"
    sides = sorted({c.split()[1] for c in table if c.startswith("ally ")})
    if words[0] == "ally" and sides and words[1] not in sides:  # ("ally purple 2")
        return (f"no player {words[1]}" if words[1] not in s.config.colors else
                f"{words[1]} is not a side you may join now") + \
            f"; the sides: {' or '.join(sides)}"
    for cmd, (a, _) in table.items():
        ships = getattr(a, "ships", None)
        if cmd.split()[0] == words[0] and ships:
            return _engine_reason(f"{prefix}{_ships(s, ships)}", s, seat)
    return ""


def _place(s: engine.GameState, word: str) -> int | None:
    """A planet name (red.2) or "gate" as the engine's location, or None."""
    if word == "gate":
        return engine.GATE
    if word.startswith("tech-"):
        return None  # a researching tech: only through the table
    color, _, where = word.partition(".")
    if where == "warp" and color in s.config.colors:  # a seat's warp as a target (Gith)
        return warp_site(s.config.colors.index(color))
    for p in range(s.planet_count):
        if planet_name(s, p) == word:
            return p
    return None


def _pairs(s: engine.GameState, word: str) -> tuple[tuple[int, int], ...] | None:
    out = []
    for item in word.split(","):
        where, _, n = item.partition(":")
        loc = _place(s, where)
        if loc is None or not n.isdigit():
            return None
        out.append((loc, int(n)))
    return tuple(sorted(out))


def _engine_reason(text: str, s: engine.GameState, seat: int) -> str:
    """Why the engine refuses a well-formed launch, ally or ships command, in words
    (planet numbers become names); "" when the line is not such a command."""
    w = text.split()
    action: engine.Action | None = None
    if len(w) == 3 and w[0] == "launch":
        target, ships = _place(s, w[1]), _pairs(s, w[2])
        if target is not None and target != engine.GATE and ships is not None:
            action = engine.Launch(seat, target, ships)
    elif len(w) == 3 and w[0] == "ally" and w[1] in s.config.colors:
        ships = _pairs(s, w[2])
        if ships is not None:
            action = engine.Ally(seat, s.config.colors.index(w[1]), ships)
    elif len(w) == 2 and w[0] == "ships":
        ships = _pairs(s, w[1])
        if ships is not None:
            action = engine.Ships(seat, ships)
    if action is None:
        return ""
    try:
        engine.apply(s, action)
    except engine.IllegalAction as exc:
        if exc.reason.startswith("expected one of"):
            return ""  # another kind of move is asked for: said by the caller
        reason = re.sub(r"the warp of seat (\d+)",
                        lambda m: planet_name(s, warp_site(int(m.group(1)))), exc.reason)
        reason = re.sub(r"(\d+)\.\.(\d+)", lambda m: m.group(1) if m.group(1) == m.group(2)
                        else f"{m.group(1)} to {m.group(2)}", reason)  # "4..4": "4"
        return re.sub(r"planet (\d+)", lambda m: planet_name(s, int(m.group(1))),
                      reason).replace(" (sorted planet:count)", "").replace(
                          " (sorted location:count)", "")
    except engine.EngineError:
        return ""
    return ""
