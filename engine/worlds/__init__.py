"""worlds: the rules engine of the map game of rules 003, pure and deterministic.

Same shape as cosmic's engine (new_game, pending, legal_actions, apply, public_hash,
outcome; chance answered by a card source), imports nothing of it but the shared seeded
generator in its local source.
"""

from .actions import (
    ACTION_KINDS, SOURCE, Action, Ally, Attack, Conceal, Decline, Delivered, Discard, Done, Draw,
    HandShuffled, Home, Invite, Keep, Move, Play, Power, Reveal, Revealed, Rolled, Second,
    Select,
    Shuffled, action_from_data, format_action, parse_action, world_index, world_name,
)
from .api import (
    ENGINE_VERSION, Pending, apply, encode_public, legal_actions, new_game, outcome,
    pending, public_hash,
)
from .data import CARDS, RACES, card, race_id, rules_data_hash
from ..errors import ActionParseError, EngineError, IllegalAction
from .local import LocalSource
from .state import Config, GameState, Knowledge, Outcome, distance
from .steps import Chance

__all__ = [
    "ACTION_KINDS", "SOURCE", "Action", "Ally", "Attack", "Conceal", "Decline", "Delivered", "Discard",
    "Done", "Draw", "HandShuffled", "Home", "Invite", "Keep", "Move", "Play", "Power",
    "Reveal", "Revealed", "Rolled", "Second", "Select", "Shuffled", "action_from_data",
    "format_action", "parse_action", "world_index", "world_name", "ENGINE_VERSION",
    "Pending", "apply", "encode_public", "legal_actions", "new_game", "outcome", "pending",
    "public_hash", "CARDS", "RACES", "card", "race_id", "rules_data_hash",
    "ActionParseError", "EngineError", "IllegalAction", "LocalSource", "Config",
    "GameState", "Knowledge", "Outcome", "distance", "Chance",
]
