"""Words for the uses of the aliens ambush to doppleganger (see cli/power_words: Spec).

Uses whose arguments are flattened pairs (the Amoeba's planet and count, the
Conscriptor's player and count) are shown as the bare numbers, with the words saying
what each pair is: a kind cannot alternate along a list."""

from __future__ import annotations

OPTIONS: dict[str, dict[int, tuple[str, tuple[str, ...]]]] = {
    "ambush": {
        0: ("spend a kept destiny card of {}'s colour: one of their ships on the gate "
            "goes to the warp", ("seat",)),
    },
    "amoeba": {
        0: ("add ships to the encounter from your colonies ({})", ("planet,number*",)),
        1: ("take ships out of the encounter back to your colonies ({})",
            ("planet,number*",)),
    },
    "anarchy": {
        0: ("pool every player's power and deal them out again at random", ()),
    },
    "angel": {
        0: ("count your side as a negotiate and keep the card you chose", ()),
    },
    "anti_matter": {
        0: ("make ships count against their own side: the lower total wins", ()),
    },
    "atrophy": {
        0: ("take a random card from each player on the other side", ()),
    },
    "berserker": {
        0: ("send one ship of every other player on the target planet to the warp", ()),
    },
    "calculator": {
        0: ("if both cards are attacks, cut the higher one by the lower", ()),
    },
    "chameleon": {
        0: ("hand your defense to {}, who has ships on the planet", ("seat",)),
        1: ("call off the encounter: {}, the offense, has ships on the planet",
            ("seat",)),
    },
    "chaos": {
        0: ("shuffle {} and {} together (a colour: that player's hand)", ("seat", "seat")),
    },
    "chill": {
        0: ("freeze {}: no ship leaves but for the warp", ("planet*",)),
    },
    "chronos": {
        0: ("undo the reveal: take your card back, set the other aside, both choose "
            "again", ()),
    },
    "clone": {
        0: ("keep the encounter card you played", ()),
    },
    "conjurer": {
        0: ("discard encounter cards and artifacts to bring ships back from the warp",
            ()),
    },
    "conscriptor": {
        0: ("draft ships from the warp to your side ({})", ("seat,number*",)),
    },
    "crystal": {
        0: ("set the ships {} commits as an ally to {}", ("seat", "number")),
    },
    "cult": {
        0: ("count the others' ships on the target planet for your side", ()),
    },
    "deflector": {
        0: ("make the offense aim at {}", ("planet",)),
    },
    "demon": {
        0: ("use {}'s hand as your own for this encounter", ("seat",)),
    },
    "doppleganger": {
        0: ("borrow {}'s hand for this encounter", ("seat",)),
        1: ("draw a fresh hand of eight for this encounter", ()),
    },
}
