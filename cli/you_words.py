"""Who the game's words speak to: on a player's own screen the log says "you draw destiny
blue", "blue invites you, green", "your turn begins", where a replay, verify's text or a
spectator reads "red draws destiny blue".

How: the functions that make a sentence (cli/render.py describe_event, cli/action_words.py,
cli/power_words, cli/worlds_render.py, cli/worlds_words.py, cli/worlds_action_words.py)
take the viewing seat and name every seat through a `Voice`: the subject with its verb
(`does(seat, "draws")`: "you draw" / "red draws"), each later verb of the same subject
(`verb(seat, "discards")`), the seat as an object (`name`), its possessive (`whose`:
"your" / "red's"; `its`: "your" / "its" where the sentence is about it already; after
"of", `ours`: "yours" / "red's", `owner`: "yours" / "red"), and the pronoun (`it`:
"you" / "it"). Tables of words about one seat are templates a `Subject` fills ("{ends}
{its} migration"). A sentence is made once, for one reader, so every verb of it agrees
with its subject.

Invariants: with no viewer (None) every word is the third person and the sentence is the
same as a replay's; a verb is given in the third person singular as the source writes it,
never found by reading finished text; a planet's name ("red.1") and a destiny card
("destiny red") are made by other code and never change.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["Voice", "Subject", "second_person"]

# Third-person forms whose second person is not the word less its "s"/"es".
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}
# Words that take no ending: a modal or a past form stays as it is after "you".
_SAME = frozenset({"must", "will", "may", "can", "could", "would", "told", "got", "had"})


def second_person(verb: str) -> str:
    """A verb in the third person singular in the second ("draws" -> "draw", "allies" ->
    "ally", "passes" -> "pass", "has" -> "have"); of several words, the first ("has used"
    -> "have used"); a modal or past form as it is ("must", "told")."""
    head, space, rest = verb.partition(" ")
    if head in _SAME:
        out = head
    elif head in _IRREGULAR:
        out = _IRREGULAR[head]
    elif len(head) > 3 and head.endswith("ies"):
        out = head[:-3] + "y"
    elif head.endswith(("sses", "ches", "shes", "xes", "zzes")):
        out = head[:-2]
    elif head.endswith("s") and not head.endswith("ss") and len(head) > 2:
        out = head[:-1]
    else:
        out = head
    return out + space + rest


class Voice:
    """The words for seats as the person at `viewer` reads them (None: nobody's own screen,
    every seat in the third person by its colour)."""

    def __init__(self, colors: Sequence[str], viewer: int | None = None) -> None:
        self.colors = tuple(colors)
        self.viewer = viewer if viewer is not None and 0 <= viewer < len(colors) else None

    def you(self, seat: int) -> bool:
        """`seat` is the reader."""
        return self.viewer is not None and seat == self.viewer

    def colour(self, seat: int) -> str:
        return self.colors[seat] if 0 <= seat < len(self.colors) else "?"

    def name(self, seat: int) -> str:
        """The seat as a subject or an object: "you" / "red"."""
        return "you" if self.you(seat) else self.colour(seat)

    def verb(self, seat: int, verb: str) -> str:
        """`verb` (third person singular: "draws", "has used") agreeing with `seat`."""
        return second_person(verb) if self.you(seat) else verb

    def does(self, seat: int, verb: str) -> str:
        """The seat and its verb: "you draw" / "red draws"."""
        return f"{self.name(seat)} {self.verb(seat, verb)}"

    def whose(self, seat: int) -> str:
        """The seat's possessive by name: "your" / "red's"."""
        return "your" if self.you(seat) else f"{self.colour(seat)}'s"

    def its(self, seat: int) -> str:
        """The seat's possessive where the sentence has named it: "your" / "its"."""
        return "your" if self.you(seat) else "its"

    def it(self, seat: int) -> str:
        """The seat as a pronoun where the sentence has named it: "you" / "it"."""
        return "you" if self.you(seat) else "it"

    def ours(self, seat: int) -> str:
        """After "of" ("a ship of ..."): "yours" / "red's"."""
        return "yours" if self.you(seat) else f"{self.colour(seat)}'s"

    def owner(self, seat: int) -> str:
        """After "of" where the third person needs no "'s" ("a card of red"): "yours" /
        "red"."""
        return "yours" if self.you(seat) else self.colour(seat)

    def names(self, seats: Sequence[int], none: str = "nobody") -> str:
        """Seats as a list ("blue, you"), `none` for none."""
        return ", ".join(self.name(x) for x in seats) or none

    def subject(self, seat: int) -> Subject:
        return Subject(self, seat)


class Subject:
    """One seat as the subject of words written as a template, for tables of words about a
    seat: "{ends} {its} migration", "{keeps} {its} hand: {it} {holds} an encounter card".
    A named field is the seat's verb in the third person singular ("{has used}" too), or
    `its` / `it`; `{}` fields take the arguments of `say`."""

    def __init__(self, voice: Voice, seat: int) -> None:
        self.voice, self.seat = voice, seat

    def __getitem__(self, key: str) -> str:
        if key == "its":
            return self.voice.its(self.seat)
        if key == "it":
            return self.voice.it(self.seat)
        return self.voice.verb(self.seat, key)

    def say(self, template: str, *args: Any) -> str:
        """`template` with its verbs agreeing with the seat and `args` in its `{}`."""
        return _Template(self).vformat(template, args, {})


class _Template(string.Formatter):
    """Fills a template's `{}` with arguments and its named fields from a `Subject`."""

    def __init__(self, subject: Subject) -> None:
        self.subject = subject

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        return args[key] if isinstance(key, int) else self.subject[key]
