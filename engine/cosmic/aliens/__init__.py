"""The alien powers, one module each; importing this package registers them all.

To add an alien: write engine/cosmic/aliens/<name>.py building an `engine.cosmic.powers.Alien` and
calling `register`, add its module name to MODULES, and write its scenarios under
tests/scenarios/aliens/. The encounter flow never changes for an alien.
"""

from importlib import import_module

from ..powers import ALIENS, Alien

MODULES = (
    "clone", "human", "macron", "parasite", "zombie",
    "healer", "kamikaze", "machine", "reincarnator", "vacuum", "warpish", "will",
    "demon", "fido", "filch", "hate", "mind", "mutant", "philanthropist", "trader", "vulch",
    "amoeba", "anti_matter", "calculator", "gambler", "mirror", "oracle", "pacifist",
    "sorcerer", "virus",
    "angel", "berserker", "carnage", "conjurer", "conscriptor", "crystal", "evolutionary",
    "atrophy", "collector", "aura", "chaos", "changeling", "deflector", "chameleon", "chronos",
    "anarchy", "assassin", "belch", "disease", "ambush", "chill", "fate", "cult", "empath",
    "equalizer", "filth", "flak",
    "insect", "plant", "null", "zephyr", "pentaform", "doppleganger", "enigma", "fungus",
    "gorgon", "quantum", "xenophobe", "toxin", "piranha", "gremlin", "warlock", "ghoul",
    "troll", "limpet", "sting", "ghost", "wrath", "zero", "wastrel", "jinx", "reserve",
    "visionary", "seeker", "laser", "rot", "leech", "zealot", "juggernaut", "queue", "worm",
    "paragon", "wavebender", "paradigm", "wrack", "gith", "xenomorph",
)

for _name in MODULES:
    import_module(f"{__name__}.{_name}")

__all__ = ["ALIENS", "Alien", "MODULES", "names"]


def names() -> list[str]:
    """Every registered alien, sorted."""
    return sorted(ALIENS)
