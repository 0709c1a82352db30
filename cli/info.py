"""`info NAME`: an alien, an artifact, a flare or a tech in our own words; `info COLOUR` for a
seat's alien. Aliens describe themselves (engine/aliens: lamp and summary); the
artifacts' words live here, beside the table docs/rules.md gives of their timing."""

from __future__ import annotations

from engine import cosmic as engine
from engine.cosmic.hidden import face_down_handle
from engine.cosmic import cards as C
from engine.cosmic.flares import FLARE_EFFECTS
from engine.cosmic.powers import ALIENS

__all__ = ["info", "tech_words", "discards"]

ARTIFACTS = {
    "card_zap": "Card Zap: play it when someone plays an artifact or a flare, to cancel it.",
    "cosmic_zap": "Cosmic Zap: play it when someone uses an alien power, to cancel that "
                  "use; the power is off for the rest of the encounter.",
    "force_field": "Force Field: at the alliance window, cancel any of the allies; they "
                   "take their ships home.",
    "ionic_gas": "Ionic Gas: at the result window, no compensation and no defender "
                 "rewards are collected this encounter.",
    "mobius_tubes": "Mobius Tubes: the offense, at the start of its encounter: every "
                    "player with a colony brings all its ships back from the warp.",
    "emotion_control": "Emotion Control: at the reveal window, attack cards count as "
                       "negotiates this encounter.",
    "plague": "Plague: at any card window, name a player: it loses three ships of its "
              "choice from its colonies and discards one card of each type it holds.",
    "quash": "Quash: at the deal window, cancel the deal just agreed; it fails, with the "
             "failed deal's penalty.",
    # The classic artifacts (--variant classic_artifacts; docs/rules.md has how we read them)
    "back_zap": "Back-Zap (classic): in answer to another player's Cosmic Zap; the zap "
                "still works, and the zapper's own power is off for the rest of the "
                "encounter too.",
    "glitch": "Glitch (classic): in answer to another player's artifact: that artifact does "
              "nothing and is discarded (flares are not touched).",
    "rebirth": "Rebirth (classic): the offense, at the start of its encounter: one to four "
               "of its ships from the warp or its colonies make a colony again on an empty "
               "home planet of its own; the encounter goes on.",
    "stellar_gas": "Stellar Gas (classic): at the reveal window: nobody collects "
                   "compensation this encounter (defender rewards still come).",
    "time_gash": "TimeGash (classic): at the end of an encounter: its player has one "
                 "encounter of its own right after, as the offense, against any other "
                 "player on a planet where that player has a colony, with no destiny draw.",
}


# What each flare we implement does, wild side and super side (engine/cosmic/flares.py;
# docs/rules.md, Flares, has the windows and arguments).
FLARE_WORDS = {
    "amoeba": ("as a main player, before cards are chosen, move up to four of your ships "
               "from colonies into the encounter, or out of it back to colonies",
               "as an ally too, the Amoeba moves its own ships in or out of the encounter"),
    "kamikaze": ("as a main player, once cards are chosen, send up to four ships from "
                 "colonies to the warp: +3 to your side for each",
                 "as the offense with ships in the warp, bring back three at the regroup "
                 "instead of one"),
    "filch_classic": ("at a window of play, take one thing: a ship from the warp to a "
                      "colony, the discard pile's top card, or the deck's",
                      "at the end of an encounter, take either encounter card of it from the "
                      "discard pile"),
}


# An alien's lamp is how hard it is to play well, not a player's colour: said in words.
LAMP_WORDS = {"green": "easy", "yellow": "medium", "red": "hard"}


def _alien(name: str) -> str:
    a = ALIENS[name]
    lamp = f"{a.lamp} lamp: {LAMP_WORDS[a.lamp]} to play" if a.lamp in LAMP_WORDS \
        else f"{a.lamp} lamp"
    return f"{name.replace('_', ' ')} ({lamp}): {a.summary}. Details: docs/aliens.md."


def _flare(flare: str) -> str:
    """The words for the flare of this name, or "" if the deck has none."""
    if flare in FLARE_EFFECTS:
        f = FLARE_EFFECTS[flare]
        wild, super_ = FLARE_WORDS.get(flare, ("", ""))
        owner = f.alien.replace("_", " ")
        return (f"Flare of the {owner}: wild (any other player{': ' + wild if wild else ''})"
                f"; super (the {owner} itself{': ' + super_ if super_ else ''}). "
                "Details: docs/rules.md, Flares.")
    if any(c.kind == "flare" and c.name == flare for c in C.CATALOGUE):
        return (f"Flare of the {flare.replace('_', ' ')}: our rule documents print no text "
                "for it, so it is never played here: it is held, given, taken and "
                "discarded like any card. Details: docs/rules.md, Flares.")
    return ""


def info(s: engine.GameState, what: str, me: int | None = None) -> str:
    """The words for `what` (an alien, artifact or flare name, or a seat's colour); the
    colour of the reader's own seat `me` is answered to them ("you are the ...")."""
    key = what.strip().lower().replace(" ", "_").replace("-", "_")
    colors = s.config.colors
    if key in colors:
        seat = colors.index(key)
        name = s.aliens[seat]
        mine = seat == me
        whose, who = ("Your", "You") if mine else (f"{key}'s", key)
        if face_down_handle(s, seat) >= 0:  # hidden powers
            return f"{whose} alien is face down: its power does not work until turned up."
        if not name:
            return f"{who} {'play' if mine else 'plays'} without an alien power."
        if name == "?":
            return f"{whose} alien is not dealt yet."
        works = "works" if s.has_power(seat) else (
            "is zapped this encounter" if s.enc is not None and seat in s.enc.zapped
            else "is lost (too few home colonies)")
        return (f"{who} {'are' if mine else 'is'} the {_alien(name)} "
                f"{'Your' if mine else 'Its'} power {works}.")
    if key in ALIENS:  # its flare too: 'info ambush' is asked of either
        if key in FLARE_EFFECTS:
            return f"The {_alien(key)} Its flare: {_flare(key)}"
        if _flare(key):
            return (f"The {_alien(key)} Its flare is only held, given and discarded here "
                    "(our rule documents print no text for it).")
        return "The " + _alien(key)
    if key in ARTIFACTS:
        return ARTIFACTS[key]
    if key in C.TECHS:  # the technology variant's techs: data/techs.toml, in our words
        tech = C.TECHS[key]
        who = "any player" if tech.role == "any" else f"the {tech.role} only"
        when = {"start": "at the start of an encounter",
                "regroup": "in the regroup phase"}.get(tech.phase, tech.phase)
        return (f"{key.replace('_', ' ').title()} (tech, research {tech.research}; "
                f"{who}, {when}): {tech.summary}. Details: docs/rules.md, Technology.")
    flare = key.removeprefix("flare_")
    words = _flare(flare)
    if words and (flare in FLARE_EFFECTS or key.startswith("flare_")):
        return words
    known = sorted(set(ALIENS) | set(ARTIFACTS) | set(C.TECHS))
    return (f"No alien, artifact, flare or tech called {what!r}. Try a colour, or one of: "
            + ", ".join(k.replace("_", " ") for k in known))


def tech_words(word: str) -> str | None:
    """A tech as a command names it (`warpspace-key`, `enigma-device#2`): what it does
    and what it costs, in a few words (its research, who may use it); None for a tech
    whose name is not known (face down: `tech-1`)."""
    tech = C.TECHS.get(word.split("#")[0].replace("-", "_"))
    if tech is None:
        return None
    who = "" if tech.role == "any" else f", {tech.role} only"
    return f"{tech.summary} (research {tech.research}{who})"


def discards(s: engine.GameState) -> str:
    """The discard pile, newest last, in words; in the technology variant the tech discard
    pile too (its cards lie face up: rules 000 and 001, Technology), a face not public
    (it cannot be, but the state is read as it is) as "?"."""
    faces = [s.faces.get(h) for h in s.discard]
    text = ("Discard pile (newest last): " + ", ".join(
        C.CATALOGUE[f].label().replace("_", " ") for f in faces if f is not None)
        if faces else "The discard pile is empty.")
    if not s.config.technology:
        return text
    techs = [s.faces.get(h) for h in s.extra.get("tech_discard", ())]
    return text + (" Tech discard pile (newest last): " + ", ".join(
        C.CATALOGUE[f].name.replace("_", " ") if f is not None else "?" for f in techs) + "."
        if techs else " The tech discard pile is empty.")
