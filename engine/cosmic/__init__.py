"""cosmic's rules engine: pure, deterministic, hidden information first.

No I/O, clock, randomness or cryptography: chance arrives as facts from a card source.
"""

from .actions import (
    Action, SOURCE, ACTION_KINDS, GATE, action_from_data, parse_action, Pass, Proceed,
    NewHand, Retrieve, DrawAgain, ChooseDefense, Reestablish, Launch, Invite, Ally,
    Decline, NoEncounter, Select, Reveal, Play, UsePower, Propose, Accept, NoDeal, Give,
    Ships, Rewards, SecondEncounter, EndTurn, Discard, KeepAlien, TurnUp, FirstPlayer,
    Shuffled, Delivered, Revealed, HandShuffled, NewAlien, KeepTech, Research, CompleteTech,
    AbandonTech, NewTech, UseTech,
)
from .api import (
    ENGINE_VERSION, Pending, apply, encode_public, encounter_card_options,
    face_down_handover, legal_actions, legal_sequence, new_game, outcome, pending,
    public_hash,
)
from .cards import CATALOGUE, COLORS, CardInfo, card, rules_data_hash
from .flow import totals as flow_totals
from .audit import audit_claims, audit_sheets
from ..errors import ActionParseError, EngineError, IllegalAction
from .state import VARIANTS, Claim, Config, GameState, Knowledge, Outcome, variant_options
from .steps import Chance

__all__ = [
    "Action", "SOURCE", "ACTION_KINDS", "GATE", "action_from_data", "parse_action", "Pass",
    "Proceed", "NewHand", "Retrieve", "DrawAgain", "ChooseDefense", "Reestablish", "Launch",
    "Invite", "Ally", "Decline", "NoEncounter", "Select", "Reveal", "Play", "UsePower",
    "Propose", "Accept", "NoDeal", "Give", "Ships", "Rewards", "SecondEncounter", "EndTurn",
    "Discard", "KeepAlien", "TurnUp", "FirstPlayer", "Shuffled", "Delivered", "Revealed",
    "HandShuffled", "NewAlien", "KeepTech", "Research", "CompleteTech", "AbandonTech",
    "NewTech", "UseTech", "ENGINE_VERSION", "Pending", "apply", "encode_public",
    "encounter_card_options", "legal_actions", "legal_sequence", "new_game", "outcome",
    "pending", "public_hash", "CATALOGUE", "COLORS", "CardInfo", "card", "rules_data_hash",
    "ActionParseError", "EngineError", "IllegalAction", "Claim", "Config", "GameState",
    "Knowledge", "Outcome", "Chance", "flow_totals", "audit_claims", "audit_sheets",
    "VARIANTS", "variant_options", "face_down_handover",
]
