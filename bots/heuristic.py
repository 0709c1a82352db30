"""A bot that plays to win with only its own seat's knowledge.

Plain rules of thumb, each a few lines: attack where the defense is thin, send four ships
from the largest stacks without emptying home planets, ally with the offense when it can
win (a colony for us) and with the defense for rewards, play the strongest card when it
matters and a cheap one when the fight is lost anyway, reinforce a side that a small
bonus would carry, and deal for colonies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.rng import Stream
from engine.cosmic.targets import is_site, ships_at, site_seat


def _face(state: engine.GameState, kn: engine.Knowledge, h: int) -> C.CardInfo | None:
    f = kn.faces.get(h, state.faces.get(h))
    return C.CATALOGUE[f] if f is not None else None


def _ships_score(state: engine.GameState, seat: int, pairs: Sequence[tuple[int, int]]) -> int:
    """Prefer taking ships from big stacks; avoid emptying a planet (above all a home one)."""
    score = 0
    for loc, count in pairs:
        if loc < 0:
            continue
        left = state.on(loc, seat) - count
        if left == 0:
            score -= 50 if state.planet_owner(loc) == seat else 20
        score += left
    return score


def _in_the_fight(state: engine.GameState, seat: int) -> bool:
    """A main player or an ally of the encounter under way."""
    e = state.enc
    return e is not None and (seat in (e.offense, e.defense) or seat in e.allies[0]
                              or seat in e.allies[1])


def _techs(state: engine.GameState, seat: int) -> list[list[int]]:
    return [r for r in state.extra.get("techs", ()) if r[0] == seat]


class HeuristicBot:
    def __init__(self, seed: bytes) -> None:
        self.stream = Stream(seed, "heuristic-bot")

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        options = list(engine.legal_sequence(state, seat, kn))
        if not options:
            raise RuntimeError(f"seat {seat} has no legal action at {state.step()[0]}")
        turn_up = engine.TurnUp(seat)
        if turn_up in options:  # hidden powers: up once we take part in an encounter
            if _in_the_fight(state, seat):
                return turn_up
            options.remove(turn_up)
        if len(options) == 1:
            action = options[0]
        else:
            step = state.step()[0]
            pick = getattr(self, "_" + step, None)
            action = pick(state, seat, kn, options) if pick else self._default(options)
        if isinstance(action, engine.Select):
            kn.selected = self._card(state, seat, kn)
        return action

    def _default(self, options: list[engine.Action]) -> engine.Action:
        return options[self.stream.below(len(options))]

    # -- destiny, launch, alliance ---------------------------------------------------------

    def _destiny(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        for a in options:
            if isinstance(a, engine.Reestablish):
                return max((o for o in options if isinstance(o, engine.Reestablish)),
                           key=lambda o: (sum(c for _, c in o.ships) <= 2,
                                          _ships_score(state, seat, o.ships)))
        defs = [a for a in options if isinstance(a, engine.ChooseDefense)]
        if defs:  # the seat closest to winning, or the weakest
            return max(defs, key=lambda a: (state.foreign_colonies(a.defender),
                                            -state.ships_on_planets(a.defender)))
        return options[0]

    def _launch(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        def key(a: engine.Launch) -> tuple[bool, int, int, int, int]:
            defense = state.enc.defense if state.enc else -1
            if is_site(a.planet):  # a seat's warp (the Gith's): its ships there defend
                owner = site_seat(a.planet)
                already, there = False, state.warp[owner]
                # its warp is a colony toward its win: break it when the Gith is close
                urgent = state.foreign_colonies(owner) + 2 >= state.config.win_colonies
            else:
                already, there = state.on(a.planet, seat) > 0, state.on(a.planet, defense)
                urgent = False
            sent = sum(c for _, c in a.ships)
            return (urgent, -already, -there, min(sent, 4), _ships_score(state, seat, a.ships))
        return max(cast(Sequence[engine.Launch], options), key=key)

    def _invite(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        return max(cast(Sequence[engine.Invite], options), key=lambda a: len(a.seats))

    def _accept(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        e = state.enc
        allies = [a for a in options if isinstance(a, engine.Ally)]
        if not allies or e is None:
            return options[0]
        mate = state.config.teammate(seat)  # team play (rules 004): a teammate's side, only
        if mate in (e.offense, e.defense):
            beside = [a for a in allies if a.side == mate]
            if beside:
                return max(beside, key=lambda a: (-abs(sum(c for _, c in a.ships) - 3),
                                                   _ships_score(state, seat, a.ships)))
            return next((a for a in options if not isinstance(a, engine.Ally)), options[0])
        off = sum(state.gate)
        dfn = ships_at(state, e.defense) + sum(state.beside)
        lead = state.foreign_colonies(e.offense) >= state.config.win_colonies - 1

        def key(a: engine.Ally) -> tuple[int, int, int]:
            side = 0 if a.side == e.offense else 1
            sent = sum(c for _, c in a.ships)
            want = 1 if side == 0 and not lead and off + 2 >= dfn else 0
            want += 1 if side == 1 and lead else 0
            return (want, -abs(sent - (3 if side == 0 else 2)), _ships_score(state, seat, a.ships))
        best = max(allies, key=key)
        return best if key(best)[0] > 0 or self.stream.below(3) == 0 else options[0]

    # -- cards -------------------------------------------------------------------------------

    def _card(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> int:
        hands = engine.encounter_card_options(state, seat, kn)
        infos = [(h, _face(state, kn, h)) for h in hands]
        attacks = sorted((i.value, h) for h, i in infos if i and i.kind == "attack")
        others = [h for h, i in infos if i and i.kind != "attack"]
        e = state.enc
        if e is None or not attacks:
            return others[0] if others else hands[0]
        mine = sum(state.gate) if seat == e.offense else (
            ships_at(state, e.defense) + sum(state.beside))
        theirs = (ships_at(state, e.defense) + sum(state.beside)) if seat == e.offense \
            else sum(state.gate)
        if theirs - mine > 12 and others:
            return others[0]  # hopeless: negotiate for compensation or a deal
        if len(attacks) > 2 and theirs - mine < -6:
            return attacks[len(attacks) // 2][1]  # ahead anyway: save the best
        return attacks[-1][1]

    def _power(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        """Use the power when it is offered (a power is its owner's advantage), except
        where swapping cards would give away a strong face-down card."""
        uses = [a for a in options if isinstance(a, engine.UsePower)]
        if not uses:
            return None
        alien = state.aliens[seat]
        if alien in ("sorcerer", "calculator") and kn.selected is not None:
            mine = _face(state, kn, kn.selected)
            if mine is not None and mine.kind == "attack" and mine.value >= 10:
                return None  # our card is strong: keep it as it is
        return uses[self.stream.below(len(uses))]

    def _window(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        e = state.enc
        use = self._power(state, seat, kn, options)
        if use is not None:
            return use
        for a in options:  # a completed tech, when it is worth its card
            if isinstance(a, engine.UseTech):
                name = C.CATALOGUE[state.faces[a.handle]].name
                if name == "warpspace_key" and state.warp[seat] >= 4:
                    return a
                if name == "enigma_device" and len(state.hands[seat]) <= 4:
                    return a
        plays = [a for a in options if isinstance(a, engine.Play)]
        if not plays or e is None:
            return options[0]
        name = state.step()[1]
        side = 0 if seat == e.offense or seat in e.allies[0] else 1
        if name == "reveal" and min(e.cards) >= 0:
            try:
                off, dfn = engine.flow_totals(state)
            except Exception:
                return options[0]
            behind = (dfn - off + 1) if side == 0 else (off - dfn)
            for a in sorted(plays, key=lambda a: C.CATALOGUE[a.card].value):
                info = C.CATALOGUE[a.card]
                if info.kind == "reinforcement" and a.args == (side,) and 0 <= behind <= info.value:
                    return a
        for a in plays:
            info = C.CATALOGUE[a.card]
            if info.name == "mobius_tubes" and state.warp[seat] >= 4:
                return a
            if info.name == "card_zap" and self.stream.below(2) == 0:
                return a
        return options[0]

    # -- deals and choices -------------------------------------------------------------------

    def _deal(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        st = state.step()
        standing = st[2]
        assert state.enc is not None  # a deal is made inside an encounter
        if standing and standing[0] != seat:
            gives = standing[1] if seat == state.enc.offense else standing[2]
            gets_colony = standing[3] >= 0 if seat == state.enc.offense else standing[4] >= 0
            if gets_colony or gives <= 1:
                return engine.Accept(seat)
            return engine.NoDeal(seat)
        off = seat == state.enc.offense
        for a in options:
            if isinstance(a, engine.Propose):
                t = a.terms
                if off and t[0] == 0 and t[1] == 1 and t[2] >= 0 and t[3] < 0:
                    return a
                if not off and t[0] == 1 and t[1] == 0 and t[2] < 0 and t[3] >= 0:
                    return a
        for a in options:
            if isinstance(a, engine.Propose) and a.terms[:2] in ((1, 1),) and a.terms[2:4] == (-1, -1):
                return a
        return engine.NoDeal(seat)

    def _take(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        return max(cast(Sequence[engine.Ships], options), key=lambda a: _ships_score(state, seat, a.ships))

    def _place(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        def key(a: engine.Ships) -> int:  # shore up thin colonies, home ones first
            return sum(c * (10 - min(state.on(p, seat), 9)) * (2 if state.planet_owner(p) == seat
                                                                 else 1) for p, c in a.ships)
        return max(cast(Sequence[engine.Ships], options), key=key)

    def _rewards(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        return max(cast(Sequence[engine.Rewards], options), key=lambda a: (a.draws if len(state.hands[seat]) < 6 else -a.draws))

    def _second_choice(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        # A new tech instead, now and then: when it holds no tech yet and is not close
        # to winning (a second encounter is the quicker way to colonies).
        new = next((a for a in options if isinstance(a, engine.NewTech)), None)
        if new is not None and not _techs(state, seat) and \
                state.foreign_colonies(seat) < state.config.win_colonies - 2 and \
                self.stream.below(3) == 0:
            return new
        return next((a for a in options if isinstance(a, engine.SecondEncounter)), options[0])

    # -- technology ----------------------------------------------------------------------------

    def _tech_keep(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        """Keep the tech quickest to research."""
        def research(a: engine.KeepTech) -> int:
            f = kn.faces.get(a.handle)
            return C.tech_info(f).research if f is not None else 99
        return min(cast(Sequence[engine.KeepTech], options), key=research)

    def _tech_moment(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        """Complete a tech as soon as it can; else research while it has ships to spare
        (more than three on planets per home planet it still holds)."""
        for a in options:
            if isinstance(a, engine.CompleteTech):
                return a
        research = [a for a in options if isinstance(a, engine.Research)]
        spare = state.ships_on_planets(seat) > 3 * state.config.planets
        if research and spare:
            return max(research, key=lambda a: (state.on(a.planet, seat), -a.planet))
        return options[0]

    def _tech_return(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        return self._place(state, seat, kn, options)

    def _enigma_discard(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        """Discard the cards that are no encounter card (fresh draws may be better)."""
        def junk(a: engine.Discard) -> tuple[bool, int]:
            encounter = any(C.CATALOGUE[f].is_encounter for _, f in a.cards)
            return (not encounter, len(a.cards))
        return max(cast(Sequence[engine.Discard], options), key=junk)

    def _give(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        def worth(a: engine.Give) -> int:
            total = 0
            for h in a.handles:
                i = _face(state, kn, h)
                total += i.value if i and i.kind == "attack" else 5
            return -total
        return max(cast(Sequence[engine.Give], options), key=worth)

    def _planning(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
            options: Sequence[engine.Action]) -> engine.Action | None:
        return options[0]
