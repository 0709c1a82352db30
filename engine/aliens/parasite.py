"""Parasite: may join either side as an ally without being invited.

Text followed: rules 001 (FFG sheet). A Force Field still keeps it out (the flow allows
uninvited allies only while no Force Field was played).
"""

from ..powers import Alien, register

ALIEN = register(Alien(
    name="parasite", lamp="green", summary="Joins alliances without an invitation",
    roles=("ally",), phases=("alliance",), mandatory=False, source="rules 001 (FFG)",
    may_ally=lambda s, seat: (0, 1),
))
