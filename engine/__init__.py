"""The rules engines: one package per game, and what they share.

- `engine.cosmic`: Cosmic Encounter (the 2008 base game, its expansions' aliens, flares,
  artifacts, techs and variants).
- `engine.errors`: the errors every game raises on bad input (cannot parse, not allowed now).

Every engine is pure and deterministic: no I/O, clock, randomness or cryptography; chance
arrives as facts from a card source.
"""
