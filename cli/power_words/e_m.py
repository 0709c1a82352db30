"""Words for the uses of the aliens empath to mutant (see cli/power_words: Spec); TOLD
says them in the third person, for a replay (the power put before them)."""

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
        0: ("fetch {} from the discard pile and offer it to {}", ("played", "seat")),
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
    "fate": {
        1: ("put {} next, from the top down", ("destiny",)),
    },
    "ghoul": {
        0: ("bring {} back from the warp to your colonies and draw {} (one or the other "
            "for each ship your opponents lost)", ("ships", "cards_left")),
    },
    "healer": {
        0: ("heal {}'s {}: back from the warp to its colonies, and you draw a card",
            ("seat", "ships")),
    },
    "insect": {
        1: ("have {}, who holds the Will, as your defense instead of drawing destiny",
            ("seat",)),
    },
}

TOLD: dict[str, dict[int, str]] = {
    "empath": {0: "makes its opponent's card count as a negotiate too"},
    "enigma": {0: "takes a random card from each of {}, mixes them with its opponent's "
                  "face-down card and deals them back"},
    "equalizer": {0: "makes {} commit as many ships to the other side as well"},
    "evolutionary": {0: "trades cards for new ones from the deck, one for each of its ships "
                        "in the encounter"},
    "fido": {0: "fetches {} from the discard pile and offers it to {}"},
    "filch": {0: "takes its opponent's encounter card from the discard pile"},
    "filth": {0: "lets no other player's ships stay on the target planet with its own"},
    "gambler": {0: "keeps its card face down and says it is {}"},
    "ghost": {0: "brings {} of its ships from the warp into the encounter"},
    "gremlin": {0: "discards an attack card to send that many ships from the gate home",
                1: "sends one of {}'s ships from the gate home to {}"},
    "hate": {0: "discards a card; everyone else must match it or lose three ships"},
    "human": {0: "adds 4 to its side's total"},
    "jinx": {0: "makes {}'s card count as an attack 13"},
    "kamikaze": {0: "sends {} of its ships to the warp and draws two cards for each"},
    "leech": {0: "borrows a random card from every other player until its turn ends"},
    "machine": {0: "keeps its turn going with another encounter"},
    "macron": {0: "counts each of its ships in the encounter as 4"},
    "mind": {0: "looks at {}'s hand"},
    "mirror": {0: "reads the attack cards' digits backwards"},
    "mutant": {0: "fills its hand up to eight, one card at a time",
               1: "takes one more card from {} (from a player: one at random)"},
    "fate": {1: "puts {} next, from the top down"},
    "ghoul": {0: "brings {} back from the warp and draws {}, for the ships its "
                 "opponents lost"},
    "healer": {0: "heals {}'s {}, back from the warp to their colonies, and draws a card"},
    "insect": {1: "takes {} as its defense (the Will's player) instead of drawing destiny"},
}
