"""The log on a player's own screen speaks to that player: "you draw destiny blue", "blue
invites you, green", "your turn begins", where a replay or another viewer reads "red draws
destiny blue" (cli/render.py describe_event stays neutral; render.log_line turns its words
to the person at `seat` with `to_you`).

How: the seat's colour, standing as a whole word, becomes "you" (its possessive "your",
"of red's" and "of red" "of yours"), and a verb in the third person right after it takes the second
("you draw", "you have", "you are"). Where the sentence is about the seat (it starts with
the colour), the seat's "its" becomes "your", and the verbs the same sentence goes on with
(", discards them, draws eight", "and keeps it") follow, as do the few phrases in which
"it" stands for the seat (": it draws again", "until it wins"); any other "it" is a card
or a power and stays.

Invariants: a planet's name ("red.1", "red.warp") and a destiny card ("destiny red": the
card's name is a colour) never change; the words change only for the one colour given;
the change is a pure function of the text, so the log reads the same on a resumed screen.
"""

from __future__ import annotations

import re

__all__ = ["to_you", "second_person"]

# Third-person forms whose second person is not the word less its "s"/"es".
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}
# Verbs that carry on a sentence about the seat after ", ", " and ", " or " (the log's words
# that do: cli/render.py describe_event and the powers' words).
_GOES_ON = ("attacks", "chooses", "deals", "discards", "draws", "flares", "keeps", "loses",
            "moves", "offers", "reads", "says", "takes")
# Phrases in which "it" stands for the seat the sentence is about.
_IT_IS_THE_SEAT = (
    (re.compile(r": it (\w+)"), ": you {}"),
    (re.compile(r" it (has used|got)\b"), " you {}"),
    (re.compile(r"until it (wins)\b"), "until you {}"),
)

# Sentences about another seat that go on about this one with "it": (what shows that this
# seat is meant, the words with "it", the same for "you").
_IT_AFTER_YOU = (
    ("you must play", "if it has one", "if you have one"),  # the Visionary's
    ("you lose as many", "(or all it can)", "(or all you can)"),  # the Sting's
)


def second_person(verb: str) -> str:
    """A verb in the third person singular in the second ("draws" -> "draw", "allies" ->
    "ally", "passes" -> "pass", "has" -> "have"); a word that is no such form as it is."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if len(verb) > 3 and verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "ches", "shes", "xes", "zzes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2:
        return verb[:-1]
    return verb


def _verb_first(words: str) -> str:
    """"has used" -> "have used": the first word in the second person."""
    head, _, rest = words.partition(" ")
    return second_person(head) + (" " + rest if rest else "")


def to_you(text: str, colour: str) -> str:
    """`text` (a log line in the neutral words) as the player of `colour` reads it."""
    word = re.escape(colour)
    # the colour as a name of the seat: not a planet ("red.1"), not a destiny card
    name = rf"(?<![\w.])(?<!destiny ){word}(?![\w]|\.\w)"
    if not re.search(name, text):
        return text
    about_you = re.match(rf"{word}(?:'s)? ", text) is not None
    text = re.sub(rf"\bof {name}'s(?= on | to |$)", "of yours", text)
    text = re.sub(rf"{name}'s\b", "your", text)
    text = re.sub(rf"\bof {name}(?!')", "of yours", text)  # "a token of yours on A"
    text = re.sub(rf"{name} (\w+)", lambda m: "you " + second_person(m.group(1)), text)
    text = re.sub(name, "you", text)
    if re.match(r"you ", text):  # the seat does what the sentence says: it goes on so
        text = re.sub(r"\bits\b", "your", text)
        text = re.sub(r"(, | and | or )(" + "|".join(_GOES_ON) + r")\b",
                      lambda m: m.group(1) + second_person(m.group(2)), text)
        for pattern, form in _IT_IS_THE_SEAT:
            text = pattern.sub(lambda m: form.format(_verb_first(m.group(1))), text)
    elif about_you:  # "your turn begins", "your card goes face down ..."
        text = re.sub(r"\bits\b", "your", text)
    for said, it, you in _IT_AFTER_YOU:
        if said in text:
            text = text.replace(it, you)
    return text
