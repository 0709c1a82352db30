"""The full-screen client driven through prompt_toolkit's pipe input, and the command
language: a local game with commands, completion, a refused action and its reason."""

import asyncio
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine import cosmic as engine
from bots import HeuristicBot
from cli.app import ClientApp, LocalSession, Stops
from cli.commands import command_table
from engine.cosmic import cards as C
from engine.cosmic.actions import Action, Play
from node.local import LocalGame, game_seed


def _game(seed: str = "app") -> LocalGame:
    s = game_seed(seed, 0)
    return LocalGame(engine.Config(3), s, [HeuristicBot(s + bytes([k])) for k in range(3)])


def _same_play(a: Action) -> object:
    """An action as a command names it: a card played is named by its face and target,
    so two copies of one card (different handles) are one command."""
    if isinstance(a, Play):
        return ("play", a.seat, a.card, a.args)
    return a


def test_command_table_covers_every_legal_action() -> None:
    g = _game("app4")  # a game whose seats hold a Plague: one card, several targets
    plays: set[tuple[int, tuple[int, ...]]] = set()  # (card, args) offered
    aimed = 0  # most targets one card was offered with at once
    for _ in range(300):
        p = engine.pending(g.state)
        for seat in p.seats if p.chance is None else ():
            kn = g.source.knowledge[seat]
            table = command_table(g.state, seat, kn)
            legal = engine.legal_actions(g.state, seat, kn)
            actions = {a for a, _ in table.values()}
            assert actions <= set(legal)
            # every legal action has a command (copies of one card share one)
            named = {_same_play(a) for a in actions}
            for a in legal:
                assert _same_play(a) in named, f"no command for {a}"
            now = [(a.card, a.args) for a in legal if isinstance(a, Play)]
            plays.update(now)
            aimed = max([aimed] + [len({x for c, x in now if c == card}) for card, _ in now
                                   if C.CATALOGUE[card].kind == "artifact"])
        if g.state.outcome is not None:
            break
        g.step()
    # the game offered one artifact aimed at different seats at once, and reinforcements
    # for either side
    assert aimed >= 2, plays
    sides = {args for card, args in plays if C.CATALOGUE[card].kind == "reinforcement"}
    assert {(0,), (1,)} <= sides, "a reinforcement is offered for either side"


def test_stops_depend_on_the_window_alone() -> None:
    stops = Stops()
    assert stops.wants("reveal") and not stops.wants("result")
    stops.rules.add("*")
    assert stops.wants("destiny")
    stops.rules.clear()
    assert not stops.wants("reveal")


def test_the_client_passes_by_window_never_by_hand() -> None:
    """At a window that is not a stop the client passes, holding a playable card or
    not; at a stop it asks, even with nothing to play (peers cannot time the hand)."""
    g = _game("stops")
    app = ClientApp(LocalSession(g, 0))
    seen = {"asked_empty": False, "passed_playable": False}
    for _ in range(3000):
        s = g.state
        if s.outcome is not None:
            break
        p = engine.pending(s)
        if p.chance is None and p.seats[0] == 0 and s.step()[0] == "window":
            app.table = command_table(s, 0, g.source.knowledge[0])
            plays = [a for a, _ in app.table.values() if isinstance(a, engine.Play)]
            powers = [a for a, _ in app.table.values() if isinstance(a, engine.UsePower)]
            auto = app.auto_pass()
            if not powers:
                assert (auto is None) == app.stops.wants(s.step()[1]), s.step()
                seen["asked_empty"] |= auto is None and not plays
                seen["passed_playable"] |= auto is not None and bool(plays)
        g.step()
    assert seen["asked_empty"] and seen["passed_playable"], seen


async def _wait_for_decision(app: ClientApp) -> None:
    for _ in range(300):
        await asyncio.sleep(0.01)
        if app.waiting is not None and not app.waiting.done():
            return
    raise AssertionError("the client never asked")


def test_full_screen_client_refuses_with_reason_and_helps() -> None:
    g = _game("pipe")
    seen: dict[str, str] = {}
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))

        async def go() -> None:
            task = asyncio.ensure_future(app.run())
            await _wait_for_decision(app)
            before = len(g.actions)
            pipe.send_text("launch nowhere\r")
            await asyncio.sleep(0.1)
            seen["refused"] = app.refused
            seen["unchanged"] = str(len(g.actions) == before)
            pipe.send_text("help\r")
            await asyncio.sleep(0.1)
            pipe.send_text("quit\rquit\r")
            await asyncio.wait_for(task, 10)

        asyncio.run(go())
    assert "'launch nowhere' is not legal now. Closest:" in seen["refused"]
    assert seen["unchanged"] == "True"
    assert any(line.startswith("Commands now:") for line in app.log)


def test_a_line_typed_just_before_the_question_is_not_lost_silently() -> None:
    """A line that arrives while the game is not asking is refused; if the question
    comes a moment later, the refusal must not simply vanish with the new question: the
    person is told the line came early and to type it again."""
    g = _game("early")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))
        app.handle_line("launch nowhere")  # nothing is asked yet
        assert app.refused.startswith("Not your decision now")
        seen: dict[str, str] = {}

        async def go() -> None:
            task = asyncio.ensure_future(app.run())
            await _wait_for_decision(app)
            seen["asked"] = app.refused
            pipe.send_text("quit\rquit\r")
            await asyncio.wait_for(task, 10)

        asyncio.run(go())
    assert seen["asked"] == ("'launch nowhere' came just before this question: type it "
                             "again if you meant it."), seen


def test_a_refusal_for_a_question_the_game_withdrew_is_named_with_the_next() -> None:
    """A line answered with a refusal just as the game moves on (a peer's move, a timer)
    belonged to the question that is gone; the next question names it instead of wiping
    the refusal without a word."""
    g = _game("withdrawn")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))
        seen: dict[str, str] = {}

        async def go() -> None:
            task = asyncio.ensure_future(app.run())
            await _wait_for_decision(app)
            pipe.send_text("zz\r")
            for _ in range(100):
                await asyncio.sleep(0.01)
                if app.refused:
                    break
            seen["refused"] = app.refused
            assert app.waiting is not None
            app.waiting.set_result(None)  # what follow() does when the game moves on
            await asyncio.sleep(0.05)
            await _wait_for_decision(app)
            seen["asked"] = app.refused
            pipe.send_text("quit\rquit\r")
            await asyncio.wait_for(task, 10)

        asyncio.run(go())
    assert "'zz' is not legal now" in seen["refused"], seen
    assert seen["asked"] == ("'zz' came just before this question: type it again if you "
                             "meant it."), seen


def test_full_screen_client_completes_a_decision() -> None:
    g = _game("decide")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))

        async def go() -> None:
            task = asyncio.ensure_future(app.run())
            for _ in range(40):  # answer each decision with its first legal command
                for _ in range(200):
                    await asyncio.sleep(0.01)
                    if app.waiting is not None and not app.waiting.done():
                        break
                if g.state.outcome is not None:
                    break
                first = sorted(app.table)[0]
                pipe.send_text(first + "\r")
                await asyncio.sleep(0.02)
            pipe.send_text("quit\rquit\r")
            await asyncio.wait_for(task, 10)

        asyncio.run(go())
    mine = [a for a in g.actions if a.seat == 0]
    assert len(mine) >= 10, "the person's commands were applied"


def test_a_deal_through_the_prompt() -> None:
    """From the position where both negotiated (a scenario), the person proposes terms
    at the prompt; the bot accepts them; the deal is carried out and logged."""
    from pathlib import Path

    from engine.cosmic.scenario import run_scenario
    text = (Path(__file__).parent / "scenarios" / "morph_negotiate.toml").read_text()
    res = run_scenario(text)
    assert res.state.step()[0] == "deal"
    g = _game("deal")
    g.state, g.source = res.state, res.source  # the game goes on from that position
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))

        async def go() -> None:
            task = asyncio.ensure_future(app.run())
            await _wait_for_decision(app)
            assert "propose 0 1 - -" in app.table
            pipe.send_text("propose 0 1 - -\r")
            for _ in range(100):
                await asyncio.sleep(0.02)
                if any(line == "the deal is made" for line in app.log):
                    break
            pipe.send_text("quit\rquit\r")
            await asyncio.wait_for(task, 10)

        asyncio.run(go())
    assert "you propose a deal: you get 1 card" in app.log  # the defense gives one (red)
    assert "the deal is made" in app.log


def test_proposing_the_other_players_terms_is_agreeing_to_them() -> None:
    """The person types, as a proposal, exactly the terms the other player has on the
    table: that is agreement, so the deal is made, not a third proposal that lets the
    minute run out."""
    from pathlib import Path

    from engine.cosmic.scenario import run_scenario
    text = (Path(__file__).parent / "scenarios" / "morph_negotiate.toml").read_text()
    text += '\n[[step]]\ndo = ["red propose 0 1 - -", "blue propose 1 0 - -"]\n'
    res = run_scenario(text)
    assert res.state.step()[0] == "deal"
    g = _game("agree")
    g.state, g.source = res.state, res.source
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))

        async def go() -> None:
            task = asyncio.ensure_future(app.run())
            await _wait_for_decision(app)
            pipe.send_text("propose 1 0 - -\r")
            for _ in range(100):
                await asyncio.sleep(0.02)
                if "the deal is made" in app.log:
                    break
            pipe.send_text("quit\rquit\r")
            await asyncio.wait_for(task, 10)

        asyncio.run(go())
    assert "that is the standing proposal: you accept it" in app.log
    assert "the deal is made" in app.log
    assert sum(isinstance(a, engine.Accept) and a.seat == 0 for a in g.actions) == 1


def test_the_deck_setup_shows_its_progress(tmp_path: Path) -> None:
    """A networked seat before its peers arrive: the status says the game is being set
    up, at the card protocol's first step (the keys), how many of its card messages are
    in, and whose comes next. The card protocol opens with
    every seat's key commitment in seat order, so alone, the first seat has sent its own
    and waits for the second; any other seat waits for the first seat's. The expectation
    is read from the seat's journal file and the genesis, not from the client."""
    from cli.app import NetworkSession
    from cli.cmd_demo import prepare
    from node.journal_file import JournalFile, read_key_file
    from node.runner import NodeOptions, NodeRunner
    from protocol.envelope import open_envelope
    from protocol.game import GAME_KINDS
    from protocol.genesis import Genesis

    gpath, keys = prepare(3, "setup-progress", tmp_path, 1)
    genesis = Genesis.decode(gpath.read_bytes())
    colours = [s.colour for s in genesis.seats]
    assert colours == ["red", "blue", "yellow"]
    for seat, waits_for in ((0, 1), (1, 0)):
        journal = tmp_path / f"seat-{seat}.journal"
        runner = NodeRunner(genesis, seat, read_key_file(keys[seat]), journal,
                            NodeOptions(hello_bind=None))
        try:
            with create_pipe_input() as pipe, create_app_session(input=pipe,
                                                                 output=DummyOutput()):
                app = ClientApp(NetworkSession(runner))
                runner.tick(0)
                text = app.waiting_text()
        finally:
            runner.close()
        f, contents, _ = JournalFile.open(journal)
        f.close()
        taken = [open_envelope(raw, genesis, GAME_KINDS) for raw in contents.records]
        assert [(e.author, e.kind) for e in taken] == (
            [(0, "cards.key-commit")] if seat == 0 else [])
        # (the key registration: a commitment, then the key, from each of 3 seats)
        assert text == (f"setting up: registering the keys (card protocol {len(taken)}/6, "
                        f"next from {colours[waits_for]})")


def test_commands_as_a_person_types_them() -> None:
    """Ships in any order, a count of ships, card names as the hand shows them; what is
    not legal is refused with the closest legal commands; the start of a command ('ally
    blue', 'launch') says what it still needs (it was "not legal")."""
    from cli.commands import lookup

    g = _game("typed")
    for _ in range(2000):
        p = engine.pending(g.state)
        if p.chance is None and p.seats[0] == 0 and g.state.step()[0] == "launch":
            break
        g.step()
    s, kn = g.state, g.source.knowledge[0]
    table = command_table(s, 0, kn)
    two = next(c for c in table if c.startswith("launch ") and "," in c.split()[-1])
    head, ships = two.rsplit(" ", 1)
    assert lookup(table, f"{head} {','.join(reversed(ships.split(',')))}", s, 0) == table[two]
    total = sum(int(x.split(":")[1]) for x in ships.split(","))
    action, _ = lookup(table, f"{head} {total}", s, 0)  # type: ignore[misc]
    assert sum(n for _, n in action.ships) == total and action.planet == table[two][0].planet
    refused = lookup(table, "launch nowhere 3", s, 0)
    assert isinstance(refused, str) and "not legal now. Closest: launch " in refused
    # a well-formed command the rules refuse: the engine's reason, planets by name
    own = lookup(table, "launch red.2 red.1:1", s, 0)
    assert isinstance(own, str) and "not legal now: the gate cannot point at red.2." in own
    # the start of a command says what it still needs, and each command it shows is taken
    short = lookup(table, head, s, 0)
    assert isinstance(short, str) and short.startswith(f"'{head}' says too little: how "
                                                       "many ships"), short
    shown = short.split("Closest: ")[1].removesuffix(" ...").split(", ")
    assert shown and all(not isinstance(lookup(table, c, s, 0), str) for c in shown), shown
    bare = lookup(table, "launch", s, 0)
    assert isinstance(bare, str) and "goes on with " in bare and head.split()[1] in bare


def test_command_table_with_flares_at_two_seats() -> None:
    """A flare's arguments are its own (cards, ships), not seats: the table of every seat
    asked in flares games has a command for each legal play, and never fails. Games are
    played until two of them offered flare plays (which games do depends on the rules
    data: a new alien's flare card changes every deal)."""
    games_with_flares = 0
    for i in range(20):
        s0 = game_seed("flares", i)
        g = LocalGame(engine.Config(2, flares=True), s0,
                      [HeuristicBot(s0 + bytes([k])) for k in range(2)])
        flare_plays = 0
        for _ in range(3000):
            if g.state.outcome is not None:
                break
            p = engine.pending(g.state)
            if p.chance is None:
                seat = p.seats[0]
                kn = g.source.knowledge[seat]
                table = command_table(g.state, seat, kn)
                actions = {a for a, _ in table.values()}
                for a in engine.legal_actions(g.state, seat, kn):
                    if isinstance(a, engine.Play) and C.CATALOGUE[a.card].kind == "flare":
                        assert a in actions, a
                        flare_plays += 1
            g.step()
        games_with_flares += flare_plays > 0
        if games_with_flares == 2:
            return
    raise AssertionError(f"only {games_with_flares} of 20 games offered a flare play")


class _KeepsFaceDown(HeuristicBot):
    """Red's stand-in until the test types 'turn up': the heuristic bot's choices, but
    its alien stays face down (any game then reaches red's turn-up rounds)."""

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> Action:
        action = super().choose(state, seat, kn)
        if isinstance(action, engine.TurnUp):
            return next(a for a in engine.legal_sequence(state, seat, kn)
                        if not isinstance(a, engine.TurnUp))
        return action


def test_turn_up_rounds_are_answered_at_once_and_a_queued_turn_up_waits_for_a_question(
) -> None:
    """Hidden powers: at a turn-up round the client passes for the person at once; once
    the person typed 'turn up' while not asked, the next question turns the alien up;
    typed again, it is refused (nothing is face down any more)."""
    s0 = game_seed("hidden-client", 0)
    cfg = engine.Config(3, aliens=("?",) * 3, hidden_powers=True)
    g = LocalGame(cfg, s0, [_KeepsFaceDown(s0 + b"\0")]
                  + [HeuristicBot(s0 + bytes([k])) for k in (1, 2)])
    app = ClientApp(LocalSession(g, 0))
    rounds = 0
    for _ in range(3000):
        s = g.state
        p = engine.pending(s)
        assert not p.over, "the game ended before two turn-up rounds of red's"
        if p.chance is None and p.seats[0] == 0:
            app.table = command_table(s, 0, g.source.knowledge[0])
            if s.step()[0] == "turn_up":
                assert app.auto_pass() == engine.Pass(0)
                rounds += 1
                if rounds == 2:
                    app.table = {}  # not asked: the line is queued
                    app.handle_line("turn up")
                    assert app.turn_up_queued and "next question" in app.log[-1]
                    app.table = command_table(s, 0, g.source.knowledge[0])
                    assert app.auto_pass() == engine.TurnUp(0)
                    assert not app.turn_up_queued
                    g.step(engine.TurnUp(0))
                    break
        g.step()
    assert rounds == 2 and engine.pending(g.state).chance is not None  # the reveal
    g.step()
    assert g.state.aliens[0] and g.state.extra["face_down_aliens"][0] == -1
    app.table = {}
    app.handle_line("reveal power")
    assert app.refused == "you have no alien face down" and not app.turn_up_queued


def test_an_encounter_card_is_found_however_its_value_is_typed() -> None:
    """`select attack30`, `select attack 4`, `select 4`, `select neg`, `reinforcement 3`:
    a card typed with its value (or the start of its name) as a person writes it is the
    card the hand shows as `attack 30`, `attack 04`, `negotiate`, `reinforcement +3` (the
    refusal offered `select attack 30` for `select attack30`)."""
    from cli.commands import lookup

    g = _game("typed-cards")
    for _ in range(3000):
        p = engine.pending(g.state)
        if p.chance is None and 0 in p.seats and any(
                c.startswith("select attack") for c in command_table(
                    g.state, 0, g.source.knowledge[0])):
            break
        g.step()
    s, kn = g.state, g.source.knowledge[0]
    table = command_table(s, 0, kn)
    for command in [c for c in table if c.startswith("select attack ")]:
        value = int(command.split()[-1])
        for typed in (f"select attack{value}", f"select attack {value}",
                      f"Select Attack{value:02d}", f"select {value}"):  # (the value alone)
            assert lookup(table, typed, s, 0) == table[command], typed
    selects = [c for c in table if c.startswith("select ")]
    for command in selects:  # the start of a card's name, when no other card has it
        start = command[7:10]
        if sum(c[7:].startswith(start) for c in selects) == 1:
            assert lookup(table, f"select {start}", s, 0) == table[command], start
    # completion still reads what is typed: the start of a value is not made a value
    from cli.commands import normalise
    assert normalise("select attack 0") == "select attack 0"


def test_a_card_on_its_way_to_the_hand_says_so() -> None:
    """A card of your hand whose face your node has not received yet (a deal or a draw
    whose card messages are still coming) reads '? (being dealt)', not a bare '?'."""
    from cli.game_ui import CosmicUI
    from engine.games import load

    g = _game("dealt")
    kn = g.source.knowledge[0]
    while not g.state.hands[0] or any(h not in kn.faces for h in g.state.hands[0]):
        g.step()  # the deal: the hand is made, then its faces delivered
    ui = CosmicUI(load("cosmic"))
    known = [label for _, label in ui.hand(g.state, g.source.knowledge[0], set())]
    assert known and "?" not in " ".join(known)
    coming = [label for _, label in ui.hand(g.state, engine.Knowledge(0), set())]
    assert coming == ["? (being dealt)"] * len(g.state.hands[0])


def test_the_seekers_question_is_answered_yes_or_no() -> None:
    """The Seeker asks a player about a card: 'yes' and 'no' answer it (accept and
    decline; 'yes' was refused as no command)."""
    from cli.commands import lookup

    for seed in range(40):
        s0 = game_seed(f"seek{seed}", 0)
        g = LocalGame(engine.Config(3, aliens=("", "seeker", "")), s0,
                      [HeuristicBot(s0 + bytes([k])) for k in range(3)])
        for _ in range(600):
            p = engine.pending(g.state)
            if g.state.outcome is not None:
                break
            if p.chance is None and p.seats[0] == 0 and g.state.step()[0] == "seek":
                s, kn = g.state, g.source.knowledge[0]
                table = command_table(s, 0, kn)
                if set(table) == {"accept", "decline"}:  # (else the answer is forced)
                    assert lookup(table, "yes", s, 0) == table["accept"]
                    assert lookup(table, "No", s, 0) == table["decline"]
                    return
            g.step()
    raise AssertionError("the Seeker never asked red in 40 games")


def test_cards_to_give_are_named_in_any_order() -> None:
    """`give` (and a Plague's `discard`) with the cards in any order, spaces after the
    commas, a value as a person writes it, an artifact's name in words: the same
    command (nine cards to give had to be typed exactly as listed)."""
    from cli.commands import lookup

    g = _game("give")
    give = engine.Give(0, (1, 2, 3))
    table = {"give flare-ghoul,attack 08,cosmic_zap,attack 04": (give, None),
             "give attack 08,attack 04,attack 06": (engine.Give(0, (4, 5, 6)), None)}
    for typed in ("give attack 4, cosmic zap, attack 08, flare ghoul",
                  "give cosmic_zap,attack 04,attack 8,flare-ghoul"):
        assert lookup(table, typed, g.state, 0) == (give, None), typed
    assert isinstance(lookup(table, "give attack 4, cosmic zap", g.state, 0), str)
    asked = lookup(table, "give", g.state, 0)  # how many, and how to name them
    assert isinstance(asked, str) and "name the 3 or 4 cards to give, separated by " \
        "commas, in any order" in asked, asked


def test_a_command_longer_than_a_row_is_broken_after_a_comma() -> None:
    """A refusal listing a command longer than the terminal (nine cards to give) breaks
    it after one of its commas, never inside a card's name ('a ttack 06')."""
    g = _game("long")
    long = "give " + ",".join(["flare-ghoul"] + [f"attack {n:02d}" for n in range(1, 12)])
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))
        app.refused = f"'give' is not legal now. Closest: {long}, give attack 01 ..."
        rows = app._refused_rows()
        width = app.app.output.get_size().columns
    assert len(rows) > 1 and all(len(r) <= width for r in rows), rows
    assert all(r.startswith("  ") for r in rows[1:]), rows
    pieces = [r.strip() for r in rows]
    joined = pieces[0] + "".join(("" if pieces[i - 1].endswith(",") else " ") + p
                                 for i, p in enumerate(pieces[1:], 1))
    assert f"Closest: {long}, give attack 01 ..." in joined, rows


def test_a_command_that_fits_a_row_is_never_broken() -> None:
    """Seven cards to give fit a row of their own but not beside "Closest:": the command
    starts the next row whole (it was broken after a comma, and the piece on the next
    row read as a command of its own)."""
    g = _game("seven")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))
        width = app.app.output.get_size().columns
        cards = [f"attack {n:02d}" for n in range(1, 12)]
        seven = "give " + ",".join(cards[:7])
        while len(seven) < width - 2 - 8:
            seven += ",negotiate"
        app.refused = f"'give negotiate' is not legal now. Closest: {seven}, give x"
        rows = app._refused_rows()
    assert len(seven) <= width - 2 < len("Closest: " + seven), seven
    assert any(r.strip() == seven + "," for r in rows), rows
    assert all(len(r) <= width for r in rows), rows


def test_a_power_is_used_with_planets_named() -> None:
    """`power 0 red.4` for the Chill's `power 0 3` (freeze red.4): a power's planets typed
    by name, as its words say them (the numbers alone were taken)."""
    import re

    from cli.commands import lookup
    from cli.power_words import use_words

    for seed in range(20):
        s0 = game_seed(f"chill{seed}", 0)
        g = LocalGame(engine.Config(3, aliens=("chill", "", "")), s0,
                      [HeuristicBot(s0 + bytes([k])) for k in range(3)])
        for _ in range(400):
            p = engine.pending(g.state)
            if g.state.outcome is not None or not (p.chance or p.seats):
                break
            if g.state.outcome is not None:
                break
            table = command_table(g.state, 0, g.source.knowledge[0]) \
                if p.chance is None and p.seats[0] == 0 else {}
            uses = {c: e for c, e in table.items() if c.startswith("power 0 ")}
            if uses:
                s = g.state
                for cmd, entry in uses.items():
                    said = use_words(s, 0, 0, entry[0].args)  # type: ignore[attr-defined]
                    planets = re.findall(r"\b[a-z]+\.\d+\b", said)
                    assert planets, said
                    typed = "power 0 " + " ".join(reversed(planets))
                    assert lookup(table, typed, s, 0) == entry, (typed, cmd, said)
                return
            g.step()
    raise AssertionError("the Chill's power was never offered to red in 20 games")


def test_the_status_line_is_never_cut() -> None:
    """Too long for the terminal, the status line drops its title first; a decision's
    commands are then shortened to what fits (with ' ...': 'help' lists them all); any
    other status wraps onto more rows, whole (the end of a game with many winners)."""
    g = _game("status")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0), title="cosmic - you are red (seed status, local)")
        width = app.app.output.get_size().columns
        app.status = "waiting for blue (alliance)"
        assert app._status_rows() == [" waiting for blue (alliance) | cosmic - you are red "
                                      "(seed status, local) "]
        asked = "YOUR DECISION (resolution: respond_power window): "
        app.status = asked + "noencounter, pass, play, power, reestablish ..."
        rows = app._status_rows()
        assert len(rows) == 1 and len(rows[0]) <= width, rows
        assert rows[0].startswith(" " + asked) and rows[0].endswith(", play ..."), rows
        over = ("game over: red, blue, yellow, green, purple, orange, black won (5 foreign "
                "colonies); 'quit' leaves")
        app.status = over
        rows = app._status_rows()
        assert len(rows) == 2 and all(len(r) <= width for r in rows), rows
        assert " ".join(r.strip() for r in rows) == over, rows


def test_tab_offers_the_next_word_then_ship_counts() -> None:
    """Tab with many commands offers the next word of each ('ally ', 'decline'), not a
    wall of ship lists; at one group of ship choices, their counts first ('ally blue 3',
    which the prompt takes), then the lists."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cli.app import _LegalCompleter
    from cli.commands import HELP, lookup, normalise

    g = _game("tab")
    table: dict[str, tuple[engine.Action, int | None]] = {"decline": (engine.Decline(0), None)}
    for a in range(0, 5):
        for b in range(0, 5 - a):
            if not a + b:
                continue
            ships = (((0, a),) if a else ()) + (((1, b),) if b else ())
            cmd = "ally blue " + ",".join(f"red.{p + 1}:{n}" for p, n in ships)
            table[cmd] = (engine.Ally(0, 1, ships), None)
    assert len(table) > 12
    tab = _LegalCompleter(lambda: table, HELP, normalise)

    def offered(typed: str) -> list[str]:
        return [c.text for c in tab.get_completions(Document(typed), CompleteEvent(
            completion_requested=True))]
    assert offered("") == ["ally ", "decline"]
    counts = offered("ally blue ")
    assert counts[:4] == ["ally blue 1", "ally blue 2", "ally blue 3", "ally blue 4"], counts
    assert all(not isinstance(lookup(table, c, g.state, 0), str) for c in counts), counts


def test_a_newcomer_keeps_the_goal_in_view_and_is_told_the_board_and_windows() -> None:
    """The line under the board names your colour and what wins (the greeting scrolls
    away under the bots' first moves), at 80 columns, teams too; `help` says the goal
    first and `help board` the board's columns; the first window passed for you says
    what a window is and how to be asked there, the later ones briefly."""
    from cli.game_ui import CosmicUI
    from cli.render import BOARD_COLUMNS

    g = _game("first")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        app = ClientApp(LocalSession(g, 0))
        row = app.rule_row(80)
        assert len(row) == 80 and row.startswith(
            "-- you are red; five foreign colonies win (on other players' home planets) "), row
        teams = CosmicUI.short_goal(engine.Config(4, teams=True))
        assert "team" in teams and len(f"-- you are purple; {teams} ") <= 80, teams
        app._help("help")
        assert app.log[0] == ("You are red. Five foreign colonies win. 'help board' "
                              "explains the board."), app.log
        assert app.log[1].startswith("Commands now:"), app.log
        app._help("help board")
        said = app.log[-1]  # (the columns as the board draws them: cli/render.py)
        assert said.startswith("The board: a row a player: "), said
        assert all(f"{c.head} = {c.means}" in said for c in BOARD_COLUMNS), said
        first = app.pass_words("start", "artifact plague")
        assert "A window is a moment of the turn when cards may be played" in first
        assert "'stops' lists them" in first and "type 'stop start'" in first, first
        from cli.client import CHANCE_WORDS  # what the card source is asked: in words
        kinds: set[str] = set()
        for _ in range(400):
            p = engine.pending(g.state)
            if g.state.outcome is not None or not (p.chance or p.seats):
                break
            if p.chance is not None and g.state.turns > 0:  # (the setup: "setting up")
                kinds.add(p.chance.kind)
                assert f"({CHANCE_WORDS[p.chance.kind]})" in app.waiting_text(), p.chance
            g.step()
        assert {"deliver", "shuffle", "reveal"} & kinds, kinds
        later = app.pass_words("alliance", "reinforcement +2")
        assert later == ("(passed for you at the alliance window, where you could play "
                         "reinforcement +2: 'stop alliance' to be asked there)"), later


def test_every_step_a_person_is_asked_at_is_said_in_words() -> None:
    """The status line's step (\"YOUR DECISION (alliance: join a side or not)\") is said
    in words for every step the game asks seat 0 at, never as the engine's name; and
    a bare 'ally' says to name a side and a number of ships, with an example taken."""
    from cli.commands import lookup
    from cli.game_ui import CosmicUI

    asked: set[str] = set()
    ally = ""
    for k in range(12):  # games until seat 0 has been invited to ally (course-free)
        g = _game(f"steps{k}")
        for _ in range(3000):
            s = g.state
            if s.outcome is not None:
                break
            p = engine.pending(s)
            if p.chance is None and 0 in p.seats[:1] and s.step()[0] != "window":
                asked.add(str(s.step()[0]))
                if s.step()[0] == "accept" and not ally:
                    table = command_table(s, 0, g.source.knowledge[0])
                    said = lookup(table, "ally", s, 0)
                    assert isinstance(said, str), said
                    ally = said
                    example = said.split("e.g. ")[1].split(".")[0]
                    assert not isinstance(lookup(table, example, s, 0), str), example
            g.step()
        if ally:
            break
    assert {"accept", "launch", "planning"} <= asked, asked
    words = CosmicUI.STEP_WORDS
    assert all(step in words for step in asked), asked - set(words)
    assert ally.startswith("'ally' says too little: name a side (") and \
        ") and how many ships, e.g. ally " in ally, ally
