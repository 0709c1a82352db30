"""The technology variant (engine.techs) beyond the scenarios: the setup deal (two techs
to each seat, seen by it alone, one kept, the other face up on the tech pile), the
four-planets filter, and the words a person types and reads for techs."""

from __future__ import annotations

from engine import cosmic as engine
from bots import RandomBot
from cli.commands import command_table
from cli.render import board_text
from engine.cosmic import cards as C
from node.local import LocalGame, game_seed


def _to(g: LocalGame, step: str) -> None:
    """Play (random bots, seeded source) until the top step is `step`."""
    for _ in range(5000):
        if g.state.step()[0] == step:
            return
        g.step()
    raise AssertionError(f"never reached {step}")


def test_setup_deals_two_techs_to_each_seat_seen_by_it_alone_and_each_keeps_one() -> None:
    """Rules 000 and 001, Technology: Setup."""
    seats = 4
    seed = game_seed("techs-setup", 0)
    g = LocalGame(engine.Config(seats, technology=True), seed,
                  [RandomBot(seed + bytes([k])) for k in range(seats)])
    deck = len(C.tech_deck(False))
    assert deck == 20
    for seat in range(seats):
        _to(g, "tech_keep")
        st = g.state.step()
        assert st[1] == seat and len(st[2]) == 2
        for other in range(seats):  # the holder alone knows the faces
            known = [h in g.source.knowledge[other].faces for h in st[2]]
            assert known == [other == seat] * 2
        assert not any(h in g.state.faces for h in st[2])
        cmds = command_table(g.state, seat, g.source.knowledge[seat])
        names = {C.CATALOGUE[g.source.truth[h]].name.replace("_", "-") for h in st[2]}
        assert {c.split()[1].split("#")[0] for c in cmds} == names
        assert all(c.startswith("keeptech ") for c in cmds)
        kept = st[2][0]
        g.step(engine.KeepTech(seat, kept))
        while g.state.step()[0] == "reveal_cards":
            g.step()
        rows = g.state.extra["techs"]
        assert [seat, kept, 0, 0] in rows and kept not in g.state.faces
        assert st[2][1] in g.state.extra["tech_discard"] and st[2][1] in g.state.faces
    assert len(g.state.extra["tech_deck"]) == deck - 2 * seats
    assert len(g.state.extra["tech_discard"]) == seats
    text = board_text(g.state)
    assert "tech red: 1 down (ships 0)" in text and f"tech deck {deck - 2 * seats}" in text


def test_a_refused_keep_changes_nothing() -> None:
    seed = game_seed("techs-setup", 1)
    g = LocalGame(engine.Config(3, technology=True), seed, [RandomBot(seed)] * 3)
    _to(g, "tech_keep")
    before = engine.public_hash(g.state)
    st = g.state.step()
    wrong = engine.KeepTech(st[1], max(st[2]) + 1)
    try:
        engine.apply(g.state, wrong)
    except engine.IllegalAction as exc:
        assert "keep one of the techs just dealt" in exc.reason
    else:
        raise AssertionError("a keep of a tech not dealt was accepted")
    assert engine.public_hash(g.state) == before


def test_four_planets_leaves_out_research_eight_or_more() -> None:
    """Rules 000 and 001: with four planets the techs of research 8 or more stay in the
    box. Our printed techs (3 and 4) all stay; a catalogue with a research-8 card (a test
    table, not a tech of the game) loses it."""
    assert C.tech_deck(True) == C.tech_deck(False) == C.TECH_CARDS
    table = (C.CardInfo(0, "tech", 3, "a"), C.CardInfo(1, "tech", 8, "b"),
             C.CardInfo(2, "tech", 9, "c"), C.CardInfo(3, "attack", 9))
    assert C.tech_deck(True, table) == (0,)
    assert C.tech_deck(False, table) == (0, 1, 2)


def test_the_variant_is_named_in_the_config_and_without_it_nothing_changes() -> None:
    cfg = engine.Config(4, **engine.variant_options(["technology", "four_planets"]))
    assert cfg.variants == ("four_planets", "technology")
    assert "technology" in engine.VARIANTS
    s = engine.new_game(engine.Config(4))
    assert "techs" not in s.extra and not any(st[0].startswith("tech") for st in s.stack)


def test_research_words_in_the_command_table_and_the_board() -> None:
    """At a tech moment the holder may pass, research onto its tech from a colony,
    complete it (only with ships enough), or abandon it."""
    for i in range(20):
        seed = game_seed("techs-words", i)
        g = LocalGame(engine.Config(3, technology=True, max_turns=12), seed,
                      [RandomBot(seed + bytes([k])) for k in range(3)])
        while g.state.outcome is None and g.state.step()[0] != "tech_moment":
            g.step()
        if g.state.outcome is not None:
            continue
        p = engine.pending(g.state)
        seat = p.seats[0]
        cmds = command_table(g.state, seat, g.source.knowledge[seat])
        assert "pass" in cmds
        home = f" {g.state.config.colors[seat]}.1"
        assert any(c.startswith("research ") and c.endswith(home) for c in cmds)
        assert any(c.startswith("abandon ") for c in cmds)
        assert not any(c.startswith("complete ") for c in cmds)  # no ship on it yet
        research = next(c for c in cmds if c.startswith("research "))
        g.step(cmds[research][0])
        assert "(ships 1)" in board_text(g.state)
        return
    raise AssertionError("no tech moment reached")


def test_techs_over_the_card_protocol_keep_every_face_where_it_belongs() -> None:
    """A networked game (the real card protocol, in process) under technology: every seat
    keeps the same public state, the audit holds, and no seat learns a face it was not
    entitled to: a face-down tech is its holder's alone until turned up."""
    from _secret_games import play_secret_game

    turned: list[int] = []
    held_down: list[tuple[int, int]] = []

    def watch(s: engine.GameState) -> None:
        turning = {st[2] for st in s.stack if st[0] in ("tech_settle", "tech_return")}
        for r in s.extra.get("techs", ()):
            if not r[3] and r[1] not in turning:
                held_down.append((r[0], r[1]))
                assert r[1] not in s.faces, "a face-down tech is public"
        for ev in s.events:
            if ev[0] in ("tech_completed", "tech_abandoned"):
                turned.append(ev[1])

    from bots import HeuristicBot
    public = play_secret_game(engine.Config(3, technology=True, max_turns=8), b"techs",
                              watch, bot=HeuristicBot)  # type: ignore[arg-type]
    assert held_down and turned, (held_down, turned)
    assert any(h not in public for _, h in held_down)  # some stayed hidden to the end


def test_info_describes_the_printed_techs_in_our_words() -> None:
    from cli.info import info
    s = engine.new_game(engine.Config(3, technology=True))
    words = info(s, "warpspace-key")
    assert words.startswith("Warpspace Key (tech, research 3; the offense only, in the "
                            "regroup phase)")
    assert "research 4; any player, at the start of an encounter" in info(s, "enigma device")
    assert "warpspace key" in info(s, "no-such-tech")  # the names as said, as typed
