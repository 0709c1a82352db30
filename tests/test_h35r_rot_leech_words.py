"""The log names the cards the Rot and the Leech move, to exactly the seats that may know
them: a Rot victim's lost card lies face up on the discard pile, so every seat (and a
replay) reads its name; the card the Leech borrowed is known to the Leech alone, so only
its own log names it, from its own knowledge."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.render import card_label, log_line
from engine.cosmic import cards as C
from engine.cosmic.scenario import ScenarioResult, run_scenario

SCENARIOS = Path(__file__).parent / "scenarios" / "aliens"
CARD_NAMES = [card_label(f) for f in range(len(C.CATALOGUE))]


def _lines(res: ScenarioResult, seat: int | None) -> list[str]:
    kn = res.source.knowledge[seat] if seat is not None else None
    out = [log_line(res.state, ev, seat, kn) for _, ev in res.events]
    return [x for x in out if x is not None]


def _first_step(name: str) -> ScenarioResult:
    text = (SCENARIOS / name).read_text()
    first = text.split("[[step]]")[:2]
    res = run_scenario("[[step]]".join(first))
    assert res.ok, res.failures
    return res


def test_the_rot_victims_lost_card_is_named_to_everyone() -> None:
    res = run_scenario((SCENARIOS / "rot.toml").read_text())
    assert res.ok, res.failures
    s = res.state
    lost = card_label(s.faces[s.discard[-1]])  # blue's card, face up on the pile
    assert lost in ("attack 04", "negotiate", "morph"), lost
    for seat, who in ((0, "blue loses"), (1, "you lose"), (2, "blue loses"), (None, "blue loses")):
        lines = [x for x in _lines(res, seat) if "at random to the discard pile" in x]
        assert lines == [f"{who} {lost} at random to the discard pile"], (seat, lines)


def _leech_lines() -> tuple[ScenarioResult, dict[int | None, list[str]]]:
    res = _first_step("leech.toml")
    return res, {seat: _lines(res, seat) for seat in (0, 1, 2, None)}


def test_the_leech_alone_is_told_the_cards_it_borrowed() -> None:
    res, lines = _leech_lines()
    told = [x for x in lines[0] if x.startswith("the card you borrowed")]
    assert told == ["the card you borrowed from blue is attack 30",
                    "the card you borrowed from yellow is attack 40"], lines[0]
    # The random take is still said to everyone, without the card.
    for seat, lender in ((1, "you"), (2, "blue"), (None, "blue")):
        assert f"red borrows 1 card(s) at random from {lender}" in lines[seat], lines[seat]
        assert not any("borrowed" in x for x in lines[seat]), (seat, lines[seat])


def test_no_other_seat_reads_a_borrowed_card() -> None:
    """Blue knows the card it lent (attack 30) but not yellow's (attack 40), and no log but
    the Leech's names either: the words follow the knowledge, not the public state."""
    res, lines = _leech_lines()
    kn = res.source.knowledge
    assert [card_label(kn[1].faces[h]) for h in res.state.hands[0]
            if h in kn[1].faces] == ["attack 30"]
    for seat in (1, 2, None):
        said = " | ".join(lines[seat])
        assert "attack 30" not in said and "attack 40" not in said, (seat, said)
    # Handed another seat's knowledge, the line is still only the receiver's to read.
    ev: Any = next(ev for _, ev in res.events if ev[0] == "delivered" and ev[1] == 0)
    for seat in (1, 2):
        assert log_line(res.state, ev, seat, kn[0]) is None
    assert log_line(res.state, ev, None, kn[0]) is None
    assert log_line(res.state, ev, 0, None) is None  # a replay: nobody's knowledge


def test_a_deal_that_is_not_a_borrowing_says_nothing_new() -> None:
    """Cards dealt to a hand otherwise (blue's new hand, the lent card going home) add no
    line to anyone's log: only the Leech's borrowings are told."""
    res = run_scenario((SCENARIOS / "leech.toml").read_text())
    assert res.ok, res.failures
    delivered = [ev for _, ev in res.events if ev[0] == "delivered"]
    assert {ev[1] for ev in delivered} >= {0, 1}, delivered  # red's borrowings, blue's hands
    for seat in (0, 1, 2):
        kn = res.source.knowledge[seat]
        said = [log_line(res.state, ev, seat, kn) for ev in delivered]
        # the turn is over: nothing borrowed is on record any more, so nothing is said
        assert said == [None] * len(delivered), (seat, said)


def test_over_the_card_protocol_only_the_leech_reads_its_borrowed_cards() -> None:
    """A game of random bots over the real card protocol (mental poker): at every card
    delivered while the Leech holds borrowed cards, each seat's log is made from its own
    state and its own protocol knowledge. The Leech's names the card it knows; nobody
    else's says anything; the Rot's victims' cards are named once face up, alike for all."""
    from _secret_games import secret_game
    from engine import cosmic as engine
    from engine.cosmic.aliens.leech import BORROWED
    cfg = engine.Config(3, aliens=("leech", "rot", "human"), planets=4, max_turns=6)
    told = rotted = 0
    for tag in (b"a", b"b", b"c", b"d"):
        game = secret_game(cfg, b"h35 leech words " + tag)
        while (told == 0 or rotted == 0) and game.step():
            s = game.states[0]
            for ev in s.events:
                lines = [log_line(game.states[x], ev, x, game.sources[x].knowledge)
                         for x in range(3)]
                if ev[0] == "rot_discard":
                    rotted += 1
                    names = ", ".join(card_label(f) for f in ev[3])
                    assert len(ev[3]) == ev[2] and all(f"{names} at random" in (x or "")
                                                       for x in lines), lines
                if ev[0] != "delivered":
                    continue
                borrowed = {h: lender for b, lender, h in s.extra.get(BORROWED, ())}
                if ev[1] == 0 and any(h in borrowed for h in ev[2]):
                    face = game.sources[0].knowledge.faces[ev[2][0]]
                    assert lines[0] == (f"the card you borrowed from "
                                        f"{cfg.colors[borrowed[ev[2][0]]]} is "
                                        f"{card_label(face)}"), lines
                    told += 1
                assert lines[1] is None and lines[2] is None, lines
        if told and rotted:
            break
    assert told and rotted, (told, rotted)


def test_the_seat_client_tells_its_own_person_from_its_own_knowledge() -> None:
    """The seat client's log (cli/client.py, both faces log through it), one client per
    seat of a local game of bots: the Leech's person reads the cards it borrowed, named as
    its own knowledge has them; the other people read no borrowed card."""
    from bots import RandomBot
    from cli.client import LocalSession, SeatClient
    from engine import cosmic as engine
    from engine.cosmic.aliens.leech import BORROWED
    from node.local import LocalGame, game_seed
    cfg = engine.Config(3, aliens=("leech", "human", "human"), planets=4, max_turns=4)
    for i in range(6):
        seed = game_seed("h35 leech client", i)
        game = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(3)])
        clients = [SeatClient(LocalSession(game, seat)) for seat in range(3)]
        lent: list[tuple[int, int]] = []  # (lender, face) as the Leech's knowledge has them
        while game.state.outcome is None and not lent:
            events = game.step()
            for c in clients:
                c.events(events)
            got = [h for ev in events if ev[0] == "delivered" and ev[1] == 0 for h in ev[2]]
            kn = game.source.knowledge[0]
            lent = [(lender, kn.faces[h]) for b, lender, h in
                    game.state.extra.get(BORROWED, ()) if b == 0 and h in got]
        if lent:
            break
    assert lent, "the Leech never borrowed"
    told = [x for x in clients[0].log if x.startswith("the card you borrowed")]
    assert told[-1] == (f"the card you borrowed from {cfg.colors[lent[-1][0]]} is "
                        f"{card_label(lent[-1][1])}"), clients[0].log
    for c in clients[1:]:
        assert not any("borrowed" in x for x in c.log), c.log
