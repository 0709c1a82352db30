"""cosmic's rules engine: pure, deterministic, hidden information first.

No I/O, clock, randomness or cryptography: chance arrives as facts from a card source.
"""

from .actions import *  # noqa: F401,F403  (the action classes are the API)
from .actions import __all__ as _actions_all
from .api import (
    ENGINE_VERSION, Pending, apply, encode_public, encounter_card_options, legal_actions,
    legal_sequence, new_game, outcome, pending, public_hash,
)
from .cards import CATALOGUE, COLORS, CardInfo, card, rules_data_hash
from .flow import totals as flow_totals
from .audit import audit_claims
from .errors import ActionParseError, EngineError, IllegalAction
from .state import Claim, Config, GameState, Knowledge, Outcome
from .steps import Chance

__all__ = [
    *_actions_all, "ENGINE_VERSION", "Pending", "apply", "encode_public",
    "encounter_card_options", "legal_actions", "legal_sequence", "new_game", "outcome",
    "pending", "public_hash", "CATALOGUE", "COLORS", "CardInfo", "card", "rules_data_hash",
    "ActionParseError", "EngineError", "IllegalAction", "Claim", "Config", "GameState",
    "Knowledge", "Outcome", "Chance", "flow_totals", "audit_claims",
]
