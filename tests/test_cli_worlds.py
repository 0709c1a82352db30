"""The map game's command language (cli/worlds_commands.py) over whole bot games: every
legal action of every decision is one short command that reads back to it (or to an
action that differs only in which copy of a card it uses), the action text form reads
too, and a line that is not legal is refused with the closest commands."""

from __future__ import annotations

from typing import Any

from bots.worlds import HeuristicWorldsBot, RandomWorldsBot
from cli import worlds_commands as wc
from cli.game_ui import for_rules
from cli.worlds_words import POWER_WORDS
from engine import games
from engine.worlds import actions as A
from engine.worlds.actions import format_action
from engine.worlds.data import RACES
from engine.worlds.races import hand_limit
from node.local import LocalGame, game_seed

RULES = games.load("worlds")


def _faces(s: Any, kn: Any, a: Any) -> tuple[Any, ...]:
    """An action with its cards named (handles and card ids dropped): two copies of
    force 5 are the same move for a person."""
    face = lambda h: wc.card_word(kn.faces.get(h, s.faces.get(h)))  # noqa: E731
    word = wc.card_word
    if isinstance(a, A.Play):
        args = a.args
        if wc.card_word(a.card) == "power-up" and s.conf is not None and args:
            side = 0 if args[0] in s.conf.cards[0] else 1
            args = (side, face(args[0]))
        return ("play", word(a.card), args)
    if isinstance(a, (A.Reveal, A.Second)):
        return (a.KIND, word(a.card) if a.handle >= 0 else "none")
    if isinstance(a, A.Discard):
        return ("discard", tuple(sorted(word(f) for _, f in a.cards)))
    if isinstance(a, A.Keep):
        return ("keep", kn.faces.get(a.handle))
    if isinstance(a, A.Power):  # a card given by a power: named, not by its handle
        kinds = POWER_WORDS.get(RACES[a.race].key, ("",))[0].split()
        named = tuple(face(v) if k == "card" else v for k, v in zip(kinds, a.args))
        return ("power", a.race, named if len(kinds) == len(a.args) else a.args)
    return tuple(a.to_data())


def test_every_legal_action_is_a_command_that_reads_back() -> None:
    checked = kinds = 0
    seen: set[str] = set()
    for i, bot in enumerate((RandomWorldsBot, HeuristicWorldsBot, RandomWorldsBot)):
        seed = game_seed("commands", i)
        config = RULES.config_from(RULES.COLOURS[:3], (), {"max_turns": 25})
        game = LocalGame(config, seed, [bot(seed + bytes([k])) for k in range(3)],
                         rules=RULES)
        while RULES.outcome(game.state) is None:
            p = RULES.pending(game.state)
            if p.chance is None:
                s, seat = game.state, p.seats[0]
                kn = game.source.knowledge[seat]
                table = wc.command_table(s, seat, kn)
                assert table, (p.phase, p.step)
                for a in RULES.legal_actions(s, seat, kn):
                    seen.add(a.KIND)
                    if isinstance(a, A.Select):
                        continue  # one command a card to hide: checked below
                    cmd = wc.normalise(wc.command_for(s, a, kn))
                    found = wc.lookup(table, cmd, s, seat)
                    assert not isinstance(found, str), (cmd, found)
                    assert _faces(s, kn, found[0]) == _faces(s, kn, a), (cmd, a)
                    raw = wc.lookup(table, format_action(a), s, seat)  # the text form
                    assert not isinstance(raw, str) and \
                        _faces(s, kn, raw[0]) == _faces(s, kn, a), (format_action(a), raw)
                    checked += 1
                selects = {c: e for c, e in table.items() if c.startswith("select ")}
                options = RULES.secret_options(s, seat, kn)
                if selects:  # one per force card value held, else only "select none"
                    held = {wc.card_word(kn.faces[h]) for h in options}
                    assert set(selects) == ({f"select {w}" for w in held} if held
                                            else {"select none"})
                    assert all(e[1] in options for c, e in selects.items() if c != "select none")
                    kinds += 1
            game.step()
    assert checked > 500
    assert kinds > 0 and {"home", "keep", "move", "attack", "select", "reveal"} <= seen


def test_a_bad_line_is_refused_with_the_closest_commands() -> None:
    seed = game_seed("refuse", 0)
    config = RULES.config_from(RULES.COLOURS[:2], (), {})
    game = LocalGame(config, seed, [RandomWorldsBot(seed), RandomWorldsBot(seed)],
                     rules=RULES)
    while RULES.pending(game.state).chance is not None:
        game.step()
    s, seat = game.state, RULES.pending(game.state).seats[0]
    table = wc.command_table(s, seat, game.source.knowledge[seat])
    assert "home A" in table or "home B" in table
    why = wc.lookup(table, "move Q Z Q 9", s, seat)
    assert isinstance(why, str) and "is not legal now. Closest: home " in why
    why = wc.lookup(table, "fly away", s, seat)
    assert isinstance(why, str) and "'fly' is not a command" in why
    free = next(c for c in table if c.startswith("home "))
    assert wc.lookup(table, free.lower(), s, seat) == table[free]  # either case
    assert game.state is s  # nothing was applied


def test_the_board_shows_a_player_their_own_hand_and_tokens() -> None:
    seed = game_seed("board", 0)
    config = RULES.config_from(RULES.COLOURS[:3], (), {})
    game = LocalGame(config, seed, [HeuristicWorldsBot(seed + bytes([k])) for k in range(3)],
                     rules=RULES)
    while game.state.turns < 3:
        game.step()
    s, kn = game.state, game.source.knowledge[0]
    ui = for_rules(RULES)
    text = ui.board(s, kn)
    assert text.startswith(f"Turn {s.turns}: ")
    hand = ", ".join(A_label for _, A_label in ui.hand(s, kn, set()))
    assert hand and all(w.startswith("force ") or w.replace(" ", "").isalpha()
                        for w in hand.split(", "))  # spoken names ("force 5", "Mutation")
    assert f"Your hand (red): {hand}\n" in text  # the full screen's hand: the board's words
    home = next(w for w in range(26) if s.control[w] == 0)
    assert f"Your tokens (world count (born on:count)): " in text
    assert f"{chr(65 + home)} " in text.split("Your tokens")[1]
    screen = ui.screen_board(s, kn)
    assert "Your hand" not in screen and screen.count("\n") < text.count("\n")
    assert "Worlds/tokens/cards: red " in screen


def test_short_forms_a_player_tries_mean_the_one_legal_action() -> None:
    """`move A F 2` (the tokens there born on one world), `attack H` (one player there),
    `discard force5,force7` (several at once, as the engine takes them at the hand limit),
    `select 7` (a force card by its value alone);
    a taken homeworld and an overlong move are refused with the reason."""
    seen: set[str] = set()
    for i in range(3):
        seed = game_seed("short-forms", i)
        config = RULES.config_from(RULES.COLOURS[:2], (), {"max_turns": 12})
        game = LocalGame(config, seed, [HeuristicWorldsBot(seed + bytes([k])) for k in range(2)],
                         rules=RULES)
        while RULES.outcome(game.state) is None:
            p = RULES.pending(game.state)
            if p.chance is None:
                s, seat = game.state, p.seats[0]
                kn = game.source.knowledge[seat]
                table = wc.command_table(s, seat, kn)
                moves = [c for c in sorted(table) if c.startswith("move ")]
                for cmd in moves[::7] + [c for c in table if not c.startswith("move ")]:
                    w = cmd.split()
                    if w[0] == "move":
                        origins = {c.split()[3] for c in table
                                   if c.split()[:3] == w[:3] and c.split()[4] == w[4]}
                        short = wc.lookup(table, f"move {w[1]} {w[2]} {w[4]}", s, seat)
                        if len(origins) == 1:
                            assert short == table[cmd], (cmd, short)
                            seen.add("move")
                        else:
                            assert isinstance(short, str) and "different worlds" in short
                        if cmd == moves[0]:  # a refusal looks for the closest: once
                            far = wc.lookup(table, f"move {w[1]} {w[2]} {w[3]} 99", s, seat)
                            assert isinstance(far, str) and "at most " in far, far
                    if w[0] == "select" and w[1].startswith("force"):  # select 7
                        assert wc.lookup(table, f"select {w[1][5:]}", s, seat) == table[cmd]
                        seen.add("select")
                    if w[0] == "attack" and sum(c.startswith(f"attack {w[1]} ") for c in table) == 1:
                        assert wc.lookup(table, f"attack {w[1]}", s, seat) == table[cmd]
                        seen.add("attack")
                    if w[0] == "home" and "home" not in seen:
                        taken = next((x for x in range(26) if s.control[x] >= 0), None)
                        if taken is not None:
                            why = wc.lookup(table, f"home {chr(65 + taken)}", s, seat)
                            assert isinstance(why, str) and "'s homeworld)" in why, why
                            seen.add("home")
                if p.step == "limit":
                    hand = [wc.card_word(kn.faces[h]) for h in s.hands[seat]]
                    excess = len(hand) - hand_limit(s, seat, 7)
                    if excess >= 2:
                        found = wc.lookup(table, "discard " + ",".join(hand[:2]), s, seat)
                        assert not isinstance(found, str), found
                        assert len(found[0].cards) == 2
                        RULES.apply(s, found[0])  # the engine takes it
                        seen.add("discard")
                    many = wc.lookup(table, "discard " + ",".join(hand), s, seat)
                    assert isinstance(many, str) and "refused" in many, many
                    assert game.state is s  # nothing applied by a refusal
            game.step()
    assert seen == {"move", "attack", "discard", "home", "select"}, seen


def test_the_board_says_what_a_setup_keep_and_a_discard_ask() -> None:
    """While choosing a race, the seat's four chits are on its board (no other seat's);
    at the hand limit, how many cards to discard."""
    seed = game_seed("board-asks", 0)
    config = RULES.config_from(RULES.COLOURS[:2], (), {})
    game = LocalGame(config, seed, [HeuristicWorldsBot(seed + bytes([k])) for k in range(2)],
                     rules=RULES)
    ui = for_rules(RULES)
    seen = set()
    while game.state.turns < 6 and len(seen) < 2:
        s, st = game.state, game.state.step()
        if st[0] == "keep_race":
            for seat in (0, 1):
                kn = game.source.knowledge[seat]
                names = [RACES[kn.faces[h]].name for h in s.dealt[seat]]
                line = next(r for r in ui.screen_board(s, kn).splitlines()
                            if r.startswith("Keep one race chit"))
                assert line.endswith(": " + ", ".join(names)), line
            seen.add("keep")
        if st[0] == "limit":
            kn = game.source.knowledge[st[1]]
            held, limit = len(s.hands[st[1]]), hand_limit(s, st[1], 7)
            assert f"Hand limit {limit}: discard {held - limit} of your {held} " in \
                ui.screen_board(s, kn)
            seen.add("limit")
        game.step()
    assert seen == {"keep", "limit"}


def test_the_board_says_what_a_conflict_asks_of_the_seat_asked() -> None:
    """A conflict's moment is said on the board of the seat it asks, not on the others'."""
    seed = game_seed("board-conflict", 0)
    config = RULES.config_from(RULES.COLOURS[:4], (), {})
    game = LocalGame(config, seed, [HeuristicWorldsBot(seed + bytes([k])) for k in range(4)],
                     rules=RULES)
    ui = for_rules(RULES)
    while game.state.step()[0] != "select" and RULES.outcome(game.state) is None:
        game.step()
    s = game.state
    asked = set(RULES.pending(s).seats)
    assert asked
    for seat in range(4):
        board = ui.screen_board(s, game.source.knowledge[seat])
        assert ("Put a force card face down: select forceN" in board) == (seat in asked)
    # Use the Force played by the attacker: its side says so.
    from cli.worlds_render import conflict_line
    forced = s.clone()
    assert forced.conf is not None
    forced.conf.add_flag("force2:0")
    line = conflict_line(forced)
    attacker = line.split(" attacks ")[0]
    assert attacker.endswith("(Use the Force: a second card)"), line
    assert "Use the Force" not in conflict_line(s)
