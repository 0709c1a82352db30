"""Random-bot games under the variants (issue 16): the engine's invariants hold after
every step, every game ends, the end-of-game audit is clean, and every card a variant adds
is played somewhere in the run. Mixed with the other options a table uses: aliens, four
planets, single encounters, from three to six seats."""

from __future__ import annotations

import pytest

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from engine.cosmic.hidden import ALIEN_PILE, FACE_DOWN, OUT, alien_of_flare
from node.local import LocalGame, game_seed

from test_invariants import check_invariants

GAMES = 60


def _config(i: int) -> engine.Config:
    seats = 3 + i % 4
    extra = (["four_planets"] if i % 3 == 1 else []) + (["single_encounter"] if i % 5 == 2
                                                         else [])
    return engine.Config(seats, **engine.variant_options(["classic_artifacts", *extra]),
                         aliens=("?",) * seats if i % 2 else (), max_turns=25)


def test_classic_artifacts_games_keep_invariants_and_play_every_card() -> None:
    played: set[str] = set()
    extra_encounters = 0
    for i in range(GAMES):
        seed = game_seed("classic-artifacts", i)
        cfg = _config(i)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(cfg.seats)])
        assert set(C.CLASSIC_ARTIFACTS) <= set(cfg.cosmic_deck)
        while g.state.outcome is None:
            assert engine.pending(g.state).seats, f"nobody can act at {g.state.step()}"
            events = g.step()
            extra_encounters += sum(e[0] == "extra_encounter" for e in events)
            check_invariants(g.state)
        assert g.state.outcome.reason in ("colonies", "turn_limit"), (i, g.state.outcome)
        assert engine.audit_claims(g.state, g.source.truth) == [], i
        played |= {C.CATALOGUE[a.card].name for a in g.actions
                   if isinstance(a, engine.Play) and a.card in C.CLASSIC_ARTIFACTS}
    assert played == {C.CATALOGUE[c].name for c in C.CLASSIC_ARTIFACTS}, played
    assert extra_encounters > 0


def test_a_game_without_the_variant_never_holds_a_classic_artifact() -> None:
    cfg = engine.Config(4)
    assert not set(C.CLASSIC_ARTIFACTS) & set(cfg.cosmic_deck)
    assert cfg.variants == ()
    assert engine.Config(4, classic_artifacts=True).variants == ("classic_artifacts",)


def _play_to_the_end(cfg: engine.Config, label: str, i: int,
                     kinds: set[str] | None = None) -> LocalGame:
    """Play one seeded game to its end, checked; `kinds` collects its event kinds."""
    seed = game_seed(label, i)
    g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(cfg.seats)])
    while g.state.outcome is None:
        assert engine.pending(g.state).seats, f"nobody can act at {g.state.step()}"
        events = g.step()
        if kinds is not None:
            kinds.update(ev[0] for ev in events)
        check_invariants(g.state)
    assert g.state.outcome.reason in ("colonies", "turn_limit"), (i, g.state.outcome)
    assert engine.audit_claims(g.state, g.source.truth) == [], i
    return g


def test_team_games_end_with_a_whole_team_winning() -> None:
    """4, 6, 8 and 10 seats in teams, with and without aliens: a win is always both
    teammates, and only when the team rule says so."""
    from engine.cosmic.flow import external_colonies
    won = 0
    for i in range(24):
        seats = (4, 6, 8, 10)[i % 4]
        cfg = engine.Config(seats, teams=True, max_turns=30,
                            aliens=("?",) * seats if i % 2 else ())
        s = _play_to_the_end(cfg, "teams", i).state
        assert s.outcome is not None
        winners = s.outcome.winners
        assert all(cfg.teammate(w) in winners for w in winners), winners
        for w in winners:
            mine = external_colonies(s, w)
            both = set(mine) | set(external_colonies(s, cfg.teammate(w)))
            assert (len(mine) >= cfg.win_colonies
                    or len(external_colonies(s, cfg.teammate(w))) >= cfg.win_colonies
                    or len(both) >= cfg.win_colonies + 2)
        won += bool(winners)
    assert won > 0


def test_two_player_games_never_draw_destiny_after_the_start() -> None:
    """The flow never draws destiny for an encounter (a power may still draw from the
    destiny deck for itself: the Paradigm's look for another system)."""
    for i in range(30):
        cfg = engine.Config(2, two_player=True, max_turns=40,
                            aliens=("?", "?") if i % 2 else ())
        kinds: set[str] = set()
        g = _play_to_the_end(cfg, "two-player", i, kinds)
        assert "destiny" not in kinds  # no card was ever drawn for an encounter
        assert g.state.outcome is not None


def test_rotating_powers_games_change_aliens_and_never_share_one() -> None:
    """Rotating powers with random aliens, and with the advanced setup's flares: every
    game keeps the invariants, the offense keeps one of two aliens each turn, and no two
    seats ever hold the same alien."""
    rotations = 0
    for i in range(16):
        seats = 3 + i % 3
        cfg = engine.Config(seats, rotating_powers=True, max_turns=20,
                            **({"flares": True} if i % 4 == 3 else
                               {"aliens": ("?",) * seats}))
        seed = game_seed("rotating", i)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(seats)])
        while g.state.outcome is None:
            for ev in g.step():
                rotations += ev[0] == "rotated"
            held = [a for a in g.state.aliens if a not in ("", "?", "choose")]
            assert len(held) == len(set(held)), g.state.aliens
            check_invariants(g.state)
        assert engine.audit_claims(g.state, g.source.truth) == [], i
    assert rotations > 20


def _hidden_config(i: int, rotating: bool) -> engine.Config:
    seats = 3 + i % 4
    aliens = ("?", "choose", "")[i % 3]
    return engine.Config(seats, aliens=(aliens,) * seats if aliens else (),
                         flares=True if not aliens else (), hidden_powers=True,
                         rotating_powers=rotating, max_turns=20,
                         single_encounter=i % 5 == 2)


@pytest.mark.parametrize("rotating", [False, True], ids=["hidden", "hidden+rotating"])
def test_random_games_keep_the_invariants_and_every_sheet_opens_at_the_end(rotating):
    turned = rotated = 0
    for i in range(12):
        cfg = _hidden_config(i, rotating)
        seed = game_seed("hidden" + "-rotating" * rotating, i)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(cfg.seats)])
        while g.state.outcome is None:
            assert engine.pending(g.state).seats, f"nobody can act at {g.state.step()}"
            events = g.step()
            turned += sum(e[0] == "turned_up" for e in events)
            rotated += sum(e[0] == "rotated_hidden" for e in events)
            check_invariants(g.state)
            _check_sheets(g.state, g.source.truth)
        assert g.state.outcome.reason in ("colonies", "turn_limit"), (i, g.state.outcome)
        assert engine.audit_claims(g.state, g.source.truth) == [], i
        assert engine.audit_sheets(g.state, g.source.truth) == [], i
    assert turned > 0
    assert (rotated > 0) == rotating


def _check_sheets(s: engine.GameState, truth: dict[int, int]) -> None:
    """No alien is held twice (face up or down), a face-down seat has no public alien, and
    every sheet (face down, in the pile, let go) is a hidden flare nobody else holds."""
    if FACE_DOWN not in s.extra:  # the deal is under way
        return
    down = s.extra[FACE_DOWN]
    held = [a for a in s.aliens if a]
    for seat, h in enumerate(down):
        if h >= 0:
            assert s.aliens[seat] == "" and h not in s.faces
            held.append(alien_of_flare(truth[h]))
    assert len(held) == len(set(held)), held
    sheets = [h for h in down if h >= 0] + list(s.extra.get(ALIEN_PILE, ())) + list(
        s.extra.get(OUT, ()))
    assert len(sheets) == len(set(sheets))
    assert all(C.CATALOGUE[truth[h]].kind == "flare" for h in sheets)


def test_technology_games_keep_invariants_and_use_every_printed_tech() -> None:
    """Technology, alone and with four planets, aliens or not, 3 to 10 seats: every ship
    (researching ones too) and every tech card is somewhere at every step, the audit is
    clean, and across the run techs are researched, completed, abandoned, drawn instead
    of an encounter and used, each printed one at least once."""
    seen: dict[str, int] = {}
    used: set[str] = set()
    for i in range(24):
        seats = (3, 4, 5, 6, 8, 10)[i % 6]
        variants = ["technology"] + (["four_planets"] if i % 2 else [])
        cfg = engine.Config(seats, **engine.variant_options(variants), max_turns=30,
                            aliens=("?",) * seats if i % 3 == 2 else ())
        assert ("four_planets" in cfg.variants) == bool(i % 2)
        seed = game_seed("technology", i)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(seats)])
        while g.state.outcome is None:
            assert engine.pending(g.state).seats, f"nobody can act at {g.state.step()}"
            for ev in g.step():
                seen[ev[0]] = seen.get(ev[0], 0) + 1
                if ev[0] == "tech_used":
                    used.add(C.CATALOGUE[ev[2]].name)
            check_invariants(g.state)
        assert g.state.outcome.reason in ("colonies", "turn_limit"), (i, g.state.outcome)
        assert engine.audit_claims(g.state, g.source.truth) == [], i
    for kind in ("tech_kept", "research", "tech_completed", "tech_abandoned", "new_tech",
                 "reshuffle_tech"):
        assert seen.get(kind, 0) > 0, (kind, seen)
    assert used == set(C.TECHS), used


def test_technology_with_hidden_powers_games_keep_every_invariant() -> None:
    """The two variants with secrets of their own, together (and with rotating powers,
    four planets, flares): every ship and tech card is somewhere at every step, every
    sheet check holds, and the end's audits (claims and sheets) are clean."""
    kinds: set[str] = set()
    for i in range(8):
        seats = (3, 4, 5, 6)[i % 4]
        variants = ["technology", "hidden_powers"] + ["rotating_powers"] * (i % 2) + [
            "four_planets"] * (i % 3 == 0)
        cfg = engine.Config(seats, **engine.variant_options(variants), max_turns=12,
                            aliens=("?",) * seats, flares=True if i % 4 == 1 else ())
        seed = game_seed("technology+hidden", i)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(seats)])
        while g.state.outcome is None:
            kinds.update(ev[0] for ev in g.step())
            check_invariants(g.state)
            _check_sheets(g.state, g.source.truth)
        assert engine.audit_claims(g.state, g.source.truth) == [], i
        assert engine.audit_sheets(g.state, g.source.truth) == [], i
    assert {"turned_up", "tech_kept", "research"} <= kinds, kinds
