"""Words for the uses of the aliens empath to mutant (see cli/power_words: Spec)."""

from __future__ import annotations

OPTIONS: dict[str, dict[int, tuple[str, tuple[str, ...]]]] = {
    "empath": {
        0: ("make your opponent's card count as a negotiate too", ()),
    },
    "enigma": {
        0: ("take a random card from each of {}, mix them with your opponent's face-down "
            "card and deal them back", ("seat*",)),
    },
    "equalizer": {
        0: ("make {} commit as many ships to the other side as well", ("seat",)),
    },
    "evolutionary": {
        0: ("trade cards for new ones from the deck, one for each of your ships in the "
            "encounter", ()),
    },
    "fido": {
        0: ("fetch {} from the discard pile and offer it to {}", ("face", "seat")),
    },
    "filch": {
        0: ("take your opponent's encounter card from the discard pile", ()),
    },
    "filth": {
        0: ("let no other player's ships stay on the target planet with yours", ()),
    },
    "gambler": {
        0: ("keep your card face down and say it is {}", ("face",)),
    },
    "ghost": {
        0: ("bring {} of your ships from the warp into the encounter", ("number",)),
    },
    "gremlin": {
        0: ("discard an attack card to send that many ships from the gate home", ()),
        1: ("send one of {}'s ships from the gate home to {}", ("seat", "planet")),
    },
    "hate": {
        0: ("discard a card; everyone else must match it or lose three ships", ()),
    },
    "human": {
        0: ("add 4 to your side's total", ()),
    },
    "jinx": {
        0: ("make {}'s card count as an attack 13", ("seat",)),
    },
    "kamikaze": {
        0: ("send {} of your ships to the warp and draw two cards for each", ("number",)),
    },
    "leech": {
        0: ("borrow a random card from every other player until your turn ends", ()),
    },
    "machine": {
        0: ("keep your turn going with another encounter", ()),
    },
    "macron": {
        0: ("count each of your ships in the encounter as 4", ()),
    },
    "mind": {
        0: ("look at {}'s hand", ("seat",)),
    },
    "mirror": {
        0: ("read the attack cards' digits backwards", ()),
    },
    "mutant": {
        0: ("fill your hand up to eight, one card at a time", ()),
        1: ("take one more card from {} (from a player: one at random)", ("seat",)),
    },
}
