"""Alien powers: the registration API and the hook points the flow calls.

One alien is one module under engine/cosmic/aliens/ that builds an `Alien` and calls `register`.
An alien breaks rules only through these hooks; the encounter flow never names an alien.

How a power acts:
- **Uses at windows** (`windows`, `options`, `use`): the owner is asked at the named
  windows (engine.windows) and may answer with `UsePower(option, args)`; a use opens the
  Cosmic Zap response window (unless `zappable` says no) and then resolves. A window where
  `mandatory(s, seat, window)` is true does not offer the owner "pass".
- **Automatic uses** (`auto_use`): a mandatory use without a choice is pushed as an
  ("auto_power", seat, option, args) step: still a *use*, so still zappable.
- **Passive rules** read the state and change a number or a rule: `max_ships`,
  `may_ally`, `totals`, `decide`, `regroup`, `continue_turn`, `after_resolution`,
  `after_warp`, `on_discard`, `planning_order`, `card_values`, `show_selected`. A passive
  part works whenever the owner has its power; it cannot be zapped unless it reads a flag
  that a use set.
- **Extra steps** from hooks: `before_destiny` (before the draw; a power that names the
  defense skips it), `after_warp`, `encounter_end` (the encounter over, ships home). A
  step that asks the owner (the Healer's `heal`, the Will's `will_choose`) lives in the
  alien's module and goes through `windows.power_step`, so its use is zappable.
- **Discards**: `discarded(s, by, handles, why)` follows every face-up discard from a
  hand or the table (a played artifact, a new hand, the Plague's, the Hate's); the
  Vulch collects artifacts there.
- **Held cards and tidying up** (asked even of a lost or zapped power): `held` names
  cards in a hand that belong to someone else (the Demon's possessed cards), which
  random takes, gifts and trades leave alone (`held_for_others`); `encounter_cleanup`
  undoes a power's temporary effect at the end of every encounter.
- **Losses and going home** (`resolution_losses`, `before_going_home`): the resolution
  tells powers how many ships each seat lost from the gate, the target planet or beside
  it (the Carnage doubles its opponents' losses); an encounter that ends without a
  winner (a deal to make, or called off) runs `before_going_home` steps before its
  committed ships go home (the Conscriptor's drafted ships go back to the warp).
- **Draws** (`after_draw`): steps once a seat has drawn cards from the deck (every
  `draw`: the deal, new hands, rewards, a power's draws), after they are delivered; the
  Collector draws on until it holds the cards it wants.
- **Face-up hands** (`face_up`): cards in hands that a power keeps face up for all (the
  Aura's); whenever the game waits for a seat, any of them not yet public are turned up
  first (a `reveal_cards` chance, engine.cosmic.api), so a card drawn later is shown too.
- **Kept powers** (`kept_powers`, s.extra["kept"]): a power a seat keeps beneath its
  current alien (the Reincarnator's); its passive hooks run too.
- **The last reveal** (pseudo-window "last_reveal", engine.cosmic.flow RevealStep): a power with
  options there makes its owner reveal after the other main player, and offers those
  uses instead of its Reveal (the Gambler's bluff).
- **What the cards count as** (`card_kinds`): after a morph has copied and Emotion Control
  has acted, a power may change the kind each encounter card counts as (the Empath turns
  its opponent's card into a negotiate).
- **Landing** (`landing`): when the offense wins, each seat with ships on the gate lands
  them on the target only if every power's `landing(s, owner, lander)` agrees; ships that
  do not land stay on the gate and go home at the end of the encounter, unless a power's
  `after_resolution` steps place them elsewhere first (the Filth).

- **Who holds what, who defends, where** (rules 004: Changeling, Anarchy, Chameleon,
  Deflector, Chronos): `defense_known` (steps as soon as the defense is known, once, before
  the launch); `swap_aliens` and `take_all_aliens` move sheets between seats (a redeal is
  engine.alien_deal `redeal_steps`, one `new_alien` chance per seat); a power a seat gave
  away this encounter (s.extra["given_away"]) still runs its `encounter_cleanup` and
  `held` for that seat. `change_defense` names a new defensive main player; `join_defense`
  makes a seat's ships on the target count as the defense's (the flow reads
  `co_defenders`); `aim` fixes the planet the launch must aim at (the flow reads
  `aimed_at`). `set_aside` keeps a card out of every hand, under its handle, until the
  encounter ends (s.extra["aside"], a zone of its own); engine.cosmic.flow
  `replay_from_planning` rewinds the encounter to the choice of cards.
**Destiny deck** (engine.cosmic.flow Destiny, DestinyDrawn, EncounterEnd):
- `destiny_drawn(s, seat, drawer, handle)`: right after a destiny card is drawn and
  turned up, before the draw is followed (Assassin, Belch, Disease); its steps run first.
- `keep_destiny(s, seat, drawer, handle)`: a destiny card is about to go to the destiny
  discard pile (at the end of the encounter, or drawn again); a power that answers True
  holds it instead (the Ambush). Held destiny cards are public, kept by the framework in
  s.extra["destiny_held"] ([[seat, handle], ...]; `held_destiny`, `release_destiny`)
  and all go back into the deck when it is reshuffled, whoever holds them and whether or
  not their powers still work.
- `destiny_shuffled(s, seat)`: steps after the destiny deck is newly shuffled: at setup
  once the first player is known, and after every reshuffle (the Fate).
- Frozen planets (the Chill): a use sets the encounter flag "frozen:PLANET"; every ship
  choice that moves ships somewhere other than the warp asks `colony_sources(...,
  moving=True)` (engine.steps), which leaves frozen planets out.
- Held ships (`holds`, the Gorgon): a standing constraint on every move, read with the
  frozen planets by engine.steps `held` (so by `colony_sources(moving=True)` too): a
  power may keep a seat's ships on a planet, and they may then leave it only for the
  warp. A step that moves ships off a planet by other means (a power driving ships off,
  a retreat, a single ship moved: engine.zones `ship_moves`) asks `held` itself.

**Powers a seat uses** (rules 004: Insect, Plant, Null, Pentaform, Xenomorph, Zephyr):
- A seat uses its sheet (`state.aliens`), the powers kept beneath it, and the powers
  those lend it (`lends(s, seat, depth)`: the Insect's copy, the Plant's graft, the
  Pentaform's and Xenomorph's current power): `powers_of`. Every hook runner here reads
  `powers_of`, so a lent power's passive hooks run for the seat using it. The power whose
  uses the seat is offered at windows, and whose use a power step resolves, is
  `acting_power`: the first lent power if any, else the sheet (engine.windows; the
  "power" event and the resolve step name it, so a use is the acting power's use).
  `copyable` is what a copier takes from a seat (its acting power and kept powers).
- `silence_power(s, seat, name)`: `seat` may not use `name` for the rest of the
  encounter (the Null's choice; the Plant's victim): it drops out of `powers_of`, with
  what it lends, and a use of it still waiting for Cosmic Zap answers does nothing.
- `excludes`: two powers that may not be used against each other (the Insect and the
  Oracle): between the two main players, each drops out of the other's `powers_of`.
- `encounter_start` (steps before the start window of every encounter) and `power_used`
  (steps once a use has resolved, not cancelled): the Xenomorph's and Pentaform's draws.
- `spend(s, seat, name)`: `seat` has used `name` up for good (the Xenomorph's power,
  discarded once used): it stays among `powers_of` until the encounter ends, so what its
  use started still counts (the Human's 4, the Macron's ships worth 4), but it is never the
  acting power again, and a further use of it resolves to nothing.
- Asked at every step (`powered` for each hook, `acting_power` for each seat at each
  window), these read a table (`_Sheets`) of what the sheets and the powers kept beneath
  them give each hook, kept by (s.aliens, s.extra["kept"]) and shared by every state
  holding the same: s.aliens is a tuple, replaced and never changed in place. What else
  decides (`has_power`, the timing order, silenced, used up or excluded powers, what a
  sheet lends) is read from the state at each ask, never kept; but a seat whose power
  does not work is passed over before what it is lent is worked out, and whether a power
  may be used (`_usable`) is asked only where the answer could be no (a power silenced
  this encounter; a main player's power in an `excludes` pair, facing a defense).
- A sheet's reserve (`reserve`, `reserved`, `release`; s.extra["reserved_aliens"]):
  aliens drawn for a sheet (engine.alien_deal `reserve_alien`, the public `new_alien`
  chance) that belong to the sheet wherever it goes and that no other draw can give.
- `pass_aliens(s, shift)`: every sheet, with what is kept beneath it, moves round the
  table (the Zephyr).
**Hands a power supplies** (engine.cosmic.flow setup_steps, StartTurn, SecondChoice):
- `setup_hand(s, seat)`: False keeps the setup deal from giving this seat its eight cards
  (the flow's "setup_hand" step asks once the aliens are known).
- `supplies_cards(s, seat)`: True when the power brings the seat its cards as a main player;
  the seat then starts its turn, and may have a second encounter, without holding an
  encounter card and without a recorded claim (the Doppleganger).
- A card a power forces a main player to reveal (encounter flag "must_reveal:SEAT:HANDLE",
  `must_reveal`, read by engine.cosmic.flow RevealStep): that seat's Reveal must show that handle.

**Captured ships** (rules 004 Fungus; s.extra["captives"] = sorted [[holder, place, owner,
count], ...]; place: a planet, GATE or BESIDE): ships a power holds instead of the warp.
- `capture(s, seat, lost)`: the resolution (engine.cosmic.flow Resolve) asks the powers, in timing
  order, how many of each seat's losses they capture; the first that captures any takes
  them (it stores them with `hold_captives`), the rest go to the warp as usual.
- Captives belong to their owner's ship count (`GameState.ships_total`, every invariant
  check) but are nobody's colony and not the holder's ships: they move with the holder's
  ships. After every apply (engine.cosmic.api) `follow_captives` compares the holder's ships
  with the state the action started from: captives at a place where the holder has no
  ship left go where most of its ships went (ties to the warp); going to the warp, or
  with nowhere to go, they are released to their owners' warp (event "released"; powers
  acting on ships entering the warp are not asked). Whether the holder's power works
  does not matter: captives stay until released.

**Losses to the warp** (engine.steps `to_warp`; rules 004: Limpet, Sting, Wrath, and the
Healer, Vacuum, Warlock and Ghoul reacting): every loss goes through `to_warp`, in order:
1. `keep_loss(s, seat, owner, count, planet)`: when the loss names one planet (the
   defense's ships on the target), a power may keep some of them there (the Limpet);
2. the rest go to the warp; `redirect_loss(s, seat, owner, count)`: the first power (in
   timing order) that returns steps decides the loss first; the reactions wait in a
   ("warp_reactions", owner, count) step, which a power that takes the loss over removes
   (engine.steps `loss_taken_over`: the Sting's ships come home, another seat loses);
3. `after_warp`: every power reacts to the loss that stands (Healer, Vacuum, ...).
Ships taken from the warp to colonies (a place from the warp, defender rewards) run
`retrieved(s, seat, retriever, placed)` after (the Wrath may undo a retrieval).
`selectable_kinds` narrows the cards a main player may put face down (the Zero's
replacement: flag "select_only:SEAT:KINDS"), read by engine.cosmic.api `encounter_card_options`;
`run_after(s, name, step)` schedules a step right after the next pending step of a name
(the Zero's swap, after the reveal).

**The card to play and what it counts as** (issue 15; engine.cosmic.flow Planning, RevealStep):
- `before_select(s, seat)`: steps right before the main players choose their encounter
  cards, after the planning window (the Laser's random pick, the Visionary's named card).
- `bind_card(s, seat, rule)`: a rule on the card a main player will reveal: one card
  picked at random (strict: any other is refused at the reveal), or a named card, a kind,
  not a kind (kept if able: a card breaking them is accepted with a recorded claim that
  nothing else in the hand kept them, audited at the end). `playable_cards` filters what
  a client is offered to put face down (engine.cosmic.api `encounter_card_options`).
- `card_faces(s, seat, faces)`: a power changes what a played card counts as outright
  (the Jinx's attack 13), before a morph copies it.
- `turn_end(s, seat)`: steps at the end of every turn, asked of every registered alien
  (the Leech gives back what it borrowed).

**Turn order, forced alliances, turns that go on** (rules 004: Queue, Juggernaut, Zealot):
- `next_turn(s, seat, ended)`: steps after a turn, before the next one begins; the flow
  has moved s.offense clockwise, and a step may name another seat (the Queue's choice).
- `invited(s, seat, inviter, seats)`: steps once a main player has invited allies;
  `must_join(s, seat, ally, side)`: an invited seat with ships to send may not decline
  `side`'s invitation, only join a side (the Juggernaut's, after its use).
- `must_continue(s, seat, offense)`: after an encounter the flow lets the turn go on
  (`continue_turn`), the offense must take the next encounter unless it holds no
  encounter card: ending the turn is then a recorded claim of that (the Zealot's streak).
- `late_ships(s, seat, committer, side)`: a seat launching (side 0) or joining a side
  as an ally commits no ships then; the flow marks it (encounter flag "late:SEAT:SIDE")
  and asks it for its ships once both cards are chosen, just before the reveal (engine.cosmic.flow
  `late_ships` step; the Wavebender's). Nothing is hidden: the count is chosen then.
- `play_for(s, seat, side)`: the card `seat` chose face down counts as `side`'s, and
  `seat` turns it up at the reveal (the flow reads `revealer`): a power that changed the
  defense after the cards were chosen (the Paradigm).

**Targets that are not planets** (rules 004 Gith; engine.targets holds the readers):
- `extra_targets(s, seat)`: sites (a seat's warp, `targets.warp_site`) the offense may
  aim the gate at besides the planets of the defense's home system; the launch records
  the power that offered the one chosen.
- `site_won(s, owner, landers)`: steps when the offense wins at `owner`'s site, asked
  of the power that offered it whether or not it still works (instead of landing on a
  planet and the defense's loss from it; the defensive allies' losses are the flow's).
- `win_places(s, seat)`: the sites that count as the seat's colonies toward its win,
  or None when it cannot win now (engine.cosmic.flow `check_win`, also in team play).

Everything here asks `has_power` first: a power lost to too few home colonies, or zapped
this encounter, does nothing. Hooks run in timing order (offense, defense, then clockwise
from the offense's left; rules 001, Timing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .state import GameState

__all__ = [
    "Alien", "ALIENS", "register", "alien_of", "powered", "max_ships", "may_ally",
    "adjust_totals", "decide", "regroup_count", "continue_turn", "after_resolution",
    "after_warp", "on_discard", "planning_order", "Option", "kept_powers", "before_destiny",
    "encounter_end", "discarded", "held_for_others", "rehandled", "encounter_cleanup",
    "adjust_card_values", "must_show", "UNINVITED", "deal_frees", "resolution_losses",
    "before_going_home", "after_draw", "face_up_cards", "defense_known", "swap_aliens",
    "take_all_aliens", "GIVEN_AWAY", "set_aside", "aside", "ASIDE", "aim", "aimed_at",
    "join_defense", "co_defenders", "change_defense", "destiny_drawn", "discard_destiny",
    "held_destiny", "release_destiny", "gather_held_destiny", "destiny_shuffled",
    "HELD_DESTINY", "adjust_card_kinds", "may_land", "powers_of", "acting_power", "copyable",
    "silence_power", "silenced", "SILENCED", "encounter_start", "power_used", "reserve",
    "spend", "spent", "SPENT", "sheets_act",
    "reserved", "release", "RESERVED", "pass_aliens", "note_lent_use", "dealt_at_setup",
    "supplies_cards", "must_reveal", "forced_reveal", "CAPTIVES", "captures", "hold_captives",
    "captives_at", "captives_of", "follow_captives", "holds", "holding", "kept_on_planet",
    "redirect_loss", "retrieved", "selectable_kinds", "run_after",
    "before_select", "adjust_card_faces", "turn_end", "bind_card", "bindings",
    "playable_cards", "refuse_reveal", "settle_bindings", "BOUND", "release_reveal",
    "must_continue", "invited", "must_join", "next_turn", "late_ships", "play_for",
    "revealer",
]

Step_t = tuple[Any, ...]
Option = tuple[int, tuple[int, ...]]  # (option number, arguments)


def _none(*args: Any) -> None:
    return None


@dataclass(frozen=True)
class Alien:
    """An alien power: its sheet (data) and its hooks (behaviour).

    Sheet: `lamp` (green, yellow, red), `summary` (one line, our own words), `roles`
    (offense, defense, main, ally, any), `phases` (where it acts), `mandatory`, and
    `source` (which rule text it follows: "001 (FFG)", "004 (classic)", ...).
    """

    name: str
    lamp: str
    summary: str
    roles: tuple[str, ...]
    phases: tuple[str, ...]
    mandatory: bool
    source: str
    windows: tuple[str, ...] = ()
    options: Callable[[GameState, int, str], Sequence[Option]] = lambda s, seat, w: ()
    use: Callable[[GameState, int, int, tuple[int, ...]], None] = _none
    zappable: Callable[[int], bool] = lambda option: True
    must_use: Callable[[GameState, int, str], bool] = lambda s, seat, w: False
    # passive hooks; None = the rule as written
    max_ships: Callable[[GameState, int, str], int | None] | None = None
    may_ally: Callable[[GameState, int], Sequence[int]] | None = None
    totals: Callable[[GameState, int, int, int], tuple[int, int]] | None = None
    decide: Callable[[GameState, int, str], str] | None = None
    regroup: Callable[[GameState, int], int] | None = None
    continue_turn: Callable[[GameState, int], bool] | None = None
    after_resolution: Callable[[GameState, int, list[Step_t]], list[Step_t]] | None = None
    after_warp: Callable[[GameState, int, int, int], list[Step_t]] | None = None
    on_discard: Callable[[GameState, int, tuple[int, ...]], tuple[int, ...]] | None = None
    planning_order: Callable[[GameState, int], tuple[int, ...] | None] | None = None
    on_zapped: Callable[[GameState, int, int], None] | None = None  # (seat, option)
    # the two encounter card values (off, def) as a power changes them (Calculator, Mirror)
    card_values: Callable[[GameState, int, int, int], tuple[int, int]] | None = None
    # (seat, selector): must `selector` show its card face up as soon as it chose it (Oracle)
    show_selected: Callable[[GameState, int, int], bool] | None = None
    # steps before the destiny draw (a power that sets the defense skips the draw)
    before_destiny: Callable[[GameState, int], list[Step_t]] | None = None
    # steps once the encounter is over and its ships are home (every result, even aborted)
    encounter_end: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, by, handles, why): cards `by` just put face up on the discard pile (why:
    # "played", "new_hand", "plague", "hate"); returns steps to push (the Vulch)
    discarded: Callable[[GameState, int, int, tuple[int, ...], str], list[Step_t]] | None = None
    # asked whether or not the power works, so a lost power still tidies up (the Demon):
    held: Callable[[GameState, int, int], tuple[int, ...]] | None = None  # (seat, holder)
    # (seat, holder, old, kept): `holder`'s cards `old` were shuffled under new handles
    # by a random take, and it still holds `kept` of the new ones; a power that follows
    # cards by handle follows them (the Doppleganger's drawn hand). Asked like `held`.
    rehandled: Callable[[GameState, int, int, tuple[int, ...], tuple[int, ...]], None] | None \
        = None
    encounter_cleanup: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, other): how many of `other`'s ships in the warp this main player may free as
    # a term of a deal with it (the Zombie); 0 = none
    deal_frees: Callable[[GameState, int, int], int] | None = None
    # (seat, lost): ships each seat (index) lost to the warp in the resolution, from the
    # gate, the target planet or beside it; returns steps to push (the Carnage)
    resolution_losses: Callable[[GameState, int, tuple[int, ...]], list[Step_t]] | None = None
    # steps before the committed ships go home from an encounter without a winner (why:
    # "deal" or "aborted"): the Conscriptor's drafted ships go back to the warp
    before_going_home: Callable[[GameState, int, str], list[Step_t]] | None = None
    # (seat, drawer): steps once `drawer` has drawn cards from the deck (the Collector)
    after_draw: Callable[[GameState, int, int], list[Step_t]] | None = None
    # (seat): cards in hands that the power keeps face up for everyone now (the Aura)
    face_up: Callable[[GameState, int], Sequence[int]] | None = None
    # steps once the defense is known (after destiny, before the launch): the Changeling
    defense_known: Callable[[GameState, int], list[Step_t]] | None = None
    # -- the destiny deck (see "Destiny deck" above) --
    # (seat, drawer, handle): a destiny card `drawer` drew is face up; steps to push
    destiny_drawn: Callable[[GameState, int, int, int], list[Step_t]] | None = None
    # (seat, drawer, handle): does this power keep a destiny card `drawer` discards?
    keep_destiny: Callable[[GameState, int, int, int], bool] | None = None
    # (seat): steps once the destiny deck is newly shuffled (setup, reshuffles)
    destiny_shuffled: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, (off kind, def kind)) -> the kinds the two encounter cards count as (Empath)
    card_kinds: Callable[[GameState, int, tuple[str, str]], tuple[str, str]] | None = None
    # (seat, lander) -> may `lander` land its gate ships on the target when the offense
    # wins (the Filth keeps others off a planet holding its ships)
    landing: Callable[[GameState, int, int], bool] | None = None
    # -- hands a power supplies (see "Hands a power supplies" above) --
    # (seat): is this seat dealt a hand at setup? False: the deal skips it (Doppleganger)
    setup_hand: Callable[[GameState, int], bool] | None = None
    # (seat): the power brings this seat its cards when it is a main player, so the
    # new-hand rule at the start of its turn and the second encounter's need to hold an
    # encounter card do not apply (the Doppleganger)
    supplies_cards: Callable[[GameState, int], bool] | None = None
    # (seat, lost): how many of each seat's ships lost in the resolution this power
    # captures instead of the warp (the Fungus); see "Captured ships" above
    capture: Callable[[GameState, int, tuple[int, ...]], tuple[int, ...]] | None = None
    # (seat, owner, planet) -> may `owner`'s ships leave `planet` only for the warp? (the
    # Gorgon's petrified ships; read through engine.steps `held`)
    holds: Callable[[GameState, int, int, int], bool] | None = None
    # -- cards chosen and what they count as (issue 15: Laser, Visionary, Seeker, Jinx) --
    # (seat): steps right before the main players choose their encounter cards (after the
    # planning window); asked each time planning waits with no card chosen, so a hook
    # returns its steps once (its own flag)
    before_select: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, (off face, def face)) -> the faces the two encounter cards count as, before
    # a morph copies and before `card_kinds` (the Jinx's attack 13)
    card_faces: Callable[[GameState, int, tuple[int, int]], tuple[int, int]] | None = None
    # (seat): steps at the end of every turn; asked of every registered alien, dealt or
    # not, working or not, so a temporary effect is undone (the Leech's borrowed cards)
    turn_end: Callable[[GameState, int], list[Step_t]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # -- powers used through another sheet (see "Powers a seat uses" above) --
    # (seat, depth) -> powers this sheet makes its holder use now besides itself (the
    # Insect's copy, the Plant's graft, the Pentaform's and Xenomorph's current power);
    # the first one lent is the power the seat uses at windows. Pass `depth` on to
    # `copyable` (it bounds copies of copies).
    lends: Callable[[GameState, int, int], Sequence[str]] | None = None
    # powers this one may not be used against, nor they against it (between the two main
    # players of an encounter): the Insect and the Oracle
    excludes: tuple[str, ...] = ()
    # (seat): steps at the start of every encounter, before its start window
    encounter_start: Callable[[GameState, int], list[Step_t]] | None = None
    # (seat, user, power): steps once `user`'s use of `power` has resolved (not cancelled)
    power_used: Callable[[GameState, int, int, str], list[Step_t]] | None = None
    # -- losses to the warp and back (see "Losses to the warp" above) --
    # (seat, owner, count, planet): how many of `owner`'s ships lost from `planet` stay
    # there instead (the Limpet)
    keep_loss: Callable[[GameState, int, int, int, int], int] | None = None
    # (seat, owner, count): steps that decide `owner`'s loss of `count` ships first (the
    # Sting); [] leaves it alone
    redirect_loss: Callable[[GameState, int, int, int], list[Step_t]] | None = None
    # (seat, retriever, placed): steps once `retriever` took ships from the warp to its
    # colonies, `placed` as (planet, ships) pairs (the Wrath)
    retrieved: Callable[[GameState, int, int, tuple[tuple[int, int], ...]], list[Step_t]] \
        | None = None
    # -- the shape of the turn and the alliance (see "Turn order, forced alliances") --
    # (seat, offense): must the offense take another encounter now, if it holds an
    # encounter card (the Zealot's attacks until it wins)?
    must_continue: Callable[[GameState, int, int], bool] | None = None
    # (seat, inviter, invited seats): steps once a main player has invited (Juggernaut)
    invited: Callable[[GameState, int, int, tuple[int, ...]], list[Step_t]] | None = None
    # (seat, ally, side): must this invited seat join a side rather than decline?
    must_join: Callable[[GameState, int, int, int], bool] | None = None
    # (seat, ended): steps after `ended`'s turn, before the next turn; they may name the
    # next offense (s.offense), which the flow has already moved clockwise (Queue)
    next_turn: Callable[[GameState, int, int], list[Step_t]] | None = None
    # (seat, committer, side): does `committer` put its ships on `side` just before the
    # reveal rather than at the launch or alliance (the Wavebender's side)?
    late_ships: Callable[[GameState, int, int, int], bool] | None = None
    # -- targets that are not planets (see above; engine.targets) --
    # (seat) -> sites the offense may aim at besides the defense's home planets
    extra_targets: Callable[[GameState, int], Sequence[int]] | None = None
    # (owner, landers) -> steps settling the offense's win at `owner`'s site
    site_won: Callable[[GameState, int, tuple[int, ...]], list[Step_t]] | None = None
    # (seat) -> sites counted as colonies toward its win; None: it cannot win now
    win_places: Callable[[GameState, int], Sequence[int] | None] | None = None


ALIENS: dict[str, Alien] = {}


def register(alien: Alien) -> Alien:
    if alien.name in ALIENS:
        raise ValueError(f"alien {alien.name!r} registered twice")
    ALIENS[alien.name] = alien
    _TABLES.clear()  # a table names the hooks of the aliens registered when it was built
    _LAST[:] = [None, None]
    return alien


def alien_of(s: GameState, seat: int) -> Alien | None:
    name = s.aliens[seat]
    return ALIENS.get(name) if name else None


def powered(s: GameState, hook: str) -> list[tuple[int, Alien, Callable[..., Any]]]:
    """(seat, alien, hook function) of every seat whose working power has this hook, in
    timing order."""
    aliens = s.aliens
    if not any(aliens):
        return []
    last = _LAST  # `_table(s)`, its quickest case spelled out: asked at every hook
    t: _Sheets = last[1] if aliens is last[0] and not s.extra.get("kept") else _table(s)
    by_seat = t.powered.get(hook)
    if by_seat is None:
        by_seat = t.build(hook)
    e = s.enc  # `_as_own(s, t)`, spelled out
    if t.lending or (e is not None and (t.excl or SILENCED in e.flags or SPENT in e.flags)):
        return _powered_by_seat(s, hook, t, by_seat)
    if not by_seat:
        return []
    if len(by_seat) == 1:  # one seat has it: the timing order does not matter
        for seat, uses in by_seat.items():
            return list(uses) if s.has_power(seat) else []
    out: list[tuple[int, Alien, Callable[..., Any]]] = []
    for seat in s.timing_order_t():
        got = by_seat.get(seat)
        if got and s.has_power(seat):
            out += got
    return out


def _powered_by_seat(s: GameState, hook: str, t: _Sheets,
                     by_seat: dict[int, tuple[tuple[int, Alien, Callable[..., Any]], ...]]
                     ) -> list[tuple[int, Alien, Callable[..., Any]]]:
    """`powered` while a sheet lends powers or a power is silenced, used up or excluded:
    each seat's `powers_of` in timing order, except that a seat using just its own powers
    now (`_Sheets.simple`, nothing silenced or used up) takes its entries in `by_seat`."""
    e = s.enc
    flagged = e is not None and (SILENCED in e.flags or SPENT in e.flags)
    out: list[tuple[int, Alien, Callable[..., Any]]] = []
    for seat in s.timing_order_t():
        if t.simple[seat] and not flagged:
            got = by_seat.get(seat)
            if got and s.has_power(seat):
                out += got
            continue
        if not s.has_power(seat):  # asked first: a seat without a working power has none
            continue
        for name in _expand(s, seat, 0, True)[0]:  # its `powers_of`, not its own alone
            a = ALIENS.get(name)
            if a is None:
                continue
            fn = getattr(a, hook)
            if fn is not None:
                out.append((seat, a, _tagging(fn, a.name) if hook in _STEP_HOOKS else fn))
    return out


# hooks that return steps: an ("auto_power", seat, option, args) among them is tagged with
# the power it is a use of, so it stays that power's use whatever the seat holds by then
_STEP_HOOKS = frozenset({
    "after_warp", "before_destiny", "encounter_end", "discarded", "resolution_losses",
    "before_going_home", "after_draw", "defense_known", "destiny_drawn", "destiny_shuffled",
    "encounter_start", "power_used",
})


def _tagging(fn: Callable[..., Any], name: str) -> Callable[..., Any]:
    def tagged(*args: Any) -> Any:
        steps = fn(*args)
        if steps and any(st[0] == "auto_power" and len(st) == 4 for st in steps):
            return [(*st, name) if st[0] == "auto_power" and len(st) == 4 else st
                    for st in steps]
        return steps
    return tagged


def kept_powers(s: GameState, seat: int) -> tuple[str, ...]:
    """Powers a seat keeps beneath its current alien (the Reincarnator's own sheet stays
    under each alien it becomes). Stored as s.extra["kept"]: [[seat, name], ...]; their
    passive hooks run like the current alien's; they have no uses at windows."""
    return tuple(name for k, name in s.extra.get("kept", ())
                 if k == seat and name != s.aliens[seat])


# -- hook points the flow calls ----------------------------------------------------------------


def _hooks_of(s: GameState, seat: int, hook: str) -> list[Callable[..., Any]]:
    """The `hook` functions of every power `seat` uses now (its sheet, kept and lent
    powers), if its power works."""
    if not s.aliens[seat] or not s.has_power(seat):
        return []
    t = _table(s)
    if _as_own(s, t) or (t.simple[seat] and not _flagged(s)):
        return list(t.raw(hook).get(seat, ()))
    out = []
    for name in _expand(s, seat, 0, True)[0]:  # its `powers_of`, not its own alone
        a = ALIENS.get(name)
        fn = getattr(a, hook) if a is not None else None
        if fn is not None:
            out.append(fn)
    return out


def max_ships(s: GameState, seat: int, role: str, default: int = 4) -> int:
    """How many ships `seat` may commit as `role` (offense / ally)."""
    for fn in _hooks_of(s, seat, "max_ships"):
        limit = fn(s, seat, role)
        if limit is not None:
            return int(limit)
    return default


UNINVITED = 99  # the option of the use that is joining a side uninvited (`may_ally`)


def may_ally(s: GameState, seat: int) -> list[int]:
    """Sides (0 offense, 1 defense) a seat may join without being invited. Joining so is a
    use of the power (option UNINVITED, args (side,)): the flow opens the Cosmic Zap
    window after the join, and a zapped use calls the alien's `on_zapped`."""
    for fn in _hooks_of(s, seat, "may_ally"):
        return list(fn(s, seat))
    return []


def adjust_card_values(s: GameState, off: int, dfn: int) -> tuple[int, int]:
    """The encounter cards' values (offense, defense) after powers that change them."""
    for seat, _, fn in powered(s, "card_values"):
        off, dfn = fn(s, seat, off, dfn)
    return off, dfn


def must_show(s: GameState, selector: int) -> bool:
    """Must `selector` turn its encounter card face up right after choosing it?"""
    hooks = powered(s, "show_selected")  # most games: none (no generator made)
    return bool(hooks) and any(fn(s, seat, selector) for seat, _, fn in hooks)


def adjust_totals(s: GameState, off: int, dfn: int) -> tuple[int, int]:
    for seat, _, fn in powered(s, "totals"):
        off, dfn = fn(s, seat, off, dfn)
    return off, dfn


def decide(s: GameState, result: str) -> str:
    """The winner after the printed rules ("offense"/"defense"), as powers change it."""
    for seat, _, fn in powered(s, "decide"):
        result = fn(s, seat, result)
    return result


def regroup_count(s: GameState, seat: int) -> int:
    """Ships the offense retrieves in its regroup: one, or what a power or an effect
    played this encounter says (the flag "regroup3:SEAT", set by the Kamikaze's super
    flare, makes it three)."""
    base = 3 if s.enc is not None and s.enc.has_flag(f"regroup3:{seat}") else 1
    for fn in _hooks_of(s, seat, "regroup"):
        return max(base, int(fn(s, seat)))
    return base


def continue_turn(s: GameState, seat: int) -> bool:
    """May the offense have another encounter beyond the rules' limit?"""
    return any(fn(s, seat) for fn in _hooks_of(s, seat, "continue_turn"))


def after_resolution(s: GameState, steps: list[Step_t]) -> list[Step_t]:
    for seat, _, fn in powered(s, "after_resolution"):
        steps = fn(s, seat, steps)
    return steps


def after_warp(s: GameState, owner: int, count: int) -> list[Step_t]:
    """Steps that follow `count` of `owner`'s ships going to the warp (Zombie, Healer...)."""
    steps: list[Step_t] = []
    if count <= 0:
        return steps
    for seat, _, fn in powered(s, "after_warp"):
        steps += fn(s, seat, owner, count)
    return steps


def on_discard(s: GameState, handles: tuple[int, ...]) -> tuple[int, ...]:
    """Cards about to go to the discard pile; a power may take some (returns the rest)."""
    for seat, _, fn in powered(s, "on_discard"):
        handles = fn(s, seat, handles)
    return handles


def planning_order(s: GameState) -> tuple[int, ...] | None:
    for seat, _, fn in powered(s, "planning_order"):
        order: tuple[int, ...] | None = fn(s, seat)
        if order is not None:
            return order
    return None


def before_destiny(s: GameState) -> list[Step_t]:
    """Steps before the offense draws destiny (the Will may choose its defense instead)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "before_destiny"):
        steps += fn(s, seat)
    return steps


def encounter_end(s: GameState) -> list[Step_t]:
    """Steps when the encounter is over and its ships are home (the Reincarnator)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "encounter_end"):
        steps += fn(s, seat)
    return steps


def discarded(s: GameState, by: int, handles: tuple[int, ...], why: str) -> list[Step_t]:
    """Steps that follow `by` putting these cards (faces public) on the discard pile."""
    steps: list[Step_t] = []
    if handles:
        for seat, _, fn in powered(s, "discarded"):
            steps += fn(s, seat, by, handles, why)
    return steps


def rehandled(s: GameState, holder: int, old: tuple[int, ...], kept: tuple[int, ...]) -> None:
    """A random take shuffled `holder`'s cards `old` under new handles, and `holder` still
    holds `kept` of them: powers that follow cards by handle are told (the `rehandled`
    hook; asked even of a lost power, as `held` is)."""
    if not _powers_held(s):
        return
    for seat in range(s.n):
        for name in _held_this_encounter(s, seat):
            a = ALIENS.get(name)
            if a is not None and a.rehandled is not None:
                a.rehandled(s, seat, holder, old, kept)


def held_for_others(s: GameState, holder: int) -> tuple[int, ...]:
    """Handles in `holder`'s hand that are not its own (the Demon's possessed cards):
    random takes, gifts and trades leave them alone. Asked even of a lost power."""
    out: tuple[int, ...] = ()
    if not _powers_held(s):
        return out
    for seat in range(s.n):
        for name in _held_this_encounter(s, seat):
            a = ALIENS.get(name)
            if a is not None and a.held is not None:
                out += a.held(s, seat, holder)
    return out


def encounter_cleanup(s: GameState) -> list[Step_t]:
    """Steps at the end of an encounter that undo a power's temporary effects (cards
    possessed by the Demon go home); run for every alien, whether its power works or not."""
    steps: list[Step_t] = []
    for seat in s.timing_order() if _powers_held(s) else ():
        for name in _held_this_encounter(s, seat):
            a = ALIENS.get(name)
            if a is not None and a.encounter_cleanup is not None:
                steps += a.encounter_cleanup(s, seat)
    s.extra.pop(GIVEN_AWAY, None)
    _return_aside(s)
    return steps


def deal_frees(s: GameState) -> tuple[int, int, int] | None:
    """(freer, freed, most): a main player whose power lets it free the other main
    player's ships from the warp as a term of their deal (a fifth deal term), if any."""
    e = s.enc
    if e is None:
        return None
    for seat, other in ((e.offense, e.defense), (e.defense, e.offense)):
        for fn in _hooks_of(s, seat, "deal_frees"):
            most = int(fn(s, seat, other))
            if most > 0:
                return seat, other, most
    return None


def resolution_losses(s: GameState, lost: tuple[int, ...]) -> list[Step_t]:
    """Steps that follow the resolution's losses: `lost[seat]` ships of each seat went to
    the warp from the gate, the target planet or beside it (not the Plague's, nor any
    power's)."""
    steps: list[Step_t] = []
    if any(lost):
        for seat, _, fn in powered(s, "resolution_losses"):
            steps += fn(s, seat, lost)
    return steps


def before_going_home(s: GameState, why: str) -> list[Step_t]:
    """Steps before the ships of an encounter without a winner go home (why: "deal", both
    main players negotiating, or "aborted", the encounter called off)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "before_going_home"):
        steps += fn(s, seat, why)
    return steps


def after_draw(s: GameState, drawer: int) -> list[Step_t]:
    """Steps once `drawer` has drawn cards from the deck and holds them (the Collector)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "after_draw"):
        steps += fn(s, seat, drawer)
    return steps


def face_up_cards(s: GameState) -> tuple[int, ...]:
    """Cards that powers keep face up (the Aura's) and whose faces are not public yet."""
    out: list[int] = []
    for seat, _, fn in powered(s, "face_up"):
        out += [h for h in fn(s, seat) if h not in s.faces and h not in out]
    return tuple(out)


# -- powers changing hands, the defense and the target (rules 004: Changeling, Anarchy,
# Chameleon, Deflector; Chronos's cards set aside) ----------------------------------------

GIVEN_AWAY = "given_away"  # extra: [[seat, alien], ...] powers a seat held earlier this encounter
ASIDE = "aside"  # extra: [[owner, handle], ...] cards a power set aside until the encounter ends


def defense_known(s: GameState) -> list[Step_t]:
    """Steps as soon as the defense is known, before the launch (the Changeling's swap).
    Runs once, after destiny (or a power) named the defense; a later change of defense
    (`change_defense`) does not run it again."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "defense_known"):
        steps += fn(s, seat)
    return steps


def _given_away(s: GameState, seat: int) -> tuple[str, ...]:
    return tuple(name for k, name in s.extra.get(GIVEN_AWAY, ()) if k == seat)


def _note_given_away(s: GameState, seat: int, name: str) -> None:
    """Remember that `seat` held `name` during this encounter, so the power's tidying up
    (`encounter_cleanup`, `held`) still runs for that seat when the encounter ends."""
    if not name:
        return
    entries = [list(k) for k in s.extra.get(GIVEN_AWAY, ())]
    if [seat, name] not in entries:
        s.extra[GIVEN_AWAY] = sorted(entries + [[seat, name]])


def _set_aliens(s: GameState, aliens: list[str]) -> None:
    for seat, name in enumerate(aliens):
        if name != s.aliens[seat]:
            _note_given_away(s, seat, s.aliens[seat])
    s.aliens = tuple(aliens)


def swap_aliens(s: GameState, a: int, b: int) -> None:
    """Seats `a` and `b` exchange their current aliens (the power sheets, not what lies
    beneath: kept powers stay with their seats). Emits ("alien", seat, name) for both."""
    from .steps import emit  # steps imports this module
    aliens = list(s.aliens)
    aliens[a], aliens[b] = aliens[b], aliens[a]
    _set_aliens(s, aliens)
    emit(s, "alien", a, aliens[a])
    emit(s, "alien", b, aliens[b])


def take_all_aliens(s: GameState, seats: Sequence[int]) -> list[str]:
    """Gather the powers of these seats for a new deal: their current aliens and every
    power kept beneath them (s.extra["kept"]), sorted; the seats are left without an alien
    and nothing is kept beneath any more. The caller deals from the returned pool
    (engine.alien_deal `redeal_steps`)."""
    pool = {s.aliens[seat] for seat in seats if s.aliens[seat]}
    pool |= {name for k, name in s.extra.get("kept", ()) if k in seats}
    kept = [list(k) for k in s.extra.get("kept", ()) if k[0] not in seats]
    if kept:
        s.extra["kept"] = kept
    else:
        s.extra.pop("kept", None)
    aliens = list(s.aliens)
    for seat in seats:
        aliens[seat] = ""
    _set_aliens(s, aliens)
    return sorted(pool)


def set_aside(s: GameState, owner: int, handle: int) -> None:
    """Put a card of `owner`'s aside, out of every hand, under its own handle (its face
    stays as public or hidden as it was); it goes back to `owner`'s hand when the
    encounter ends (`encounter_cleanup`). The caller has taken it from where it was."""
    s.extra[ASIDE] = [list(k) for k in s.extra.get(ASIDE, ())] + [[owner, handle]]


def aside(s: GameState) -> tuple[int, ...]:
    """The handles set aside (a zone of their own until the encounter ends)."""
    return tuple(h for _, h in s.extra.get(ASIDE, ()))


def _return_aside(s: GameState) -> None:
    """Cards set aside go back to their owners' hands. A card never leaves its owner's
    knowledge while aside, so no delivery is needed."""
    for owner, h in s.extra.pop(ASIDE, ()):
        s.set_hand(owner, s.hands[owner] + (h,))


def aim(s: GameState, planet: int) -> None:
    """The offense must aim the gate at this planet (the Deflector's choice); read by the
    launch (engine.cosmic.flow) as the encounter flag "aim:PLANET"."""
    assert s.enc is not None
    s.enc.flags = tuple(f for f in s.enc.flags if not f.startswith("aim:"))
    s.enc.add_flag(f"aim:{planet}")


def aimed_at(s: GameState) -> int | None:
    """The planet a power made the offense aim at, if any."""
    e = s.enc
    for f in e.flags if e is not None else ():
        if f.startswith("aim:"):
            return int(f[4:])
    return None


def change_defense(s: GameState, seat: int) -> None:
    """`seat` becomes the defensive main player of the encounter under way (its own power
    acts as the defense's from now on)."""
    from .steps import emit
    assert s.enc is not None
    s.enc.defense = seat
    emit(s, "new_defense", seat)


def join_defense(s: GameState, seat: int) -> None:
    """`seat`'s ships on the target planet count as the defense's from now on: in the
    defense's total, and lost with the defense's ships if the offense wins (the
    Chameleon's change of colour). Read by the flow through `co_defenders`."""
    assert s.enc is not None
    s.enc.add_flag(f"co_defense:{seat}")


def co_defenders(s: GameState) -> tuple[int, ...]:
    """Seats whose ships on the target count as the defense's (besides the defense)."""
    e = s.enc
    if e is None:
        return ()
    return tuple(sorted(int(f.split(":")[1]) for f in e.flags if f.startswith("co_defense:")
                        and int(f.split(":")[1]) != e.defense))


# -- the destiny deck ---------------------------------------------------------------------------

HELD_DESTINY = "destiny_held"  # s.extra key: [[seat, handle], ...], destiny cards held face up


def destiny_drawn(s: GameState, drawer: int, handle: int) -> list[Step_t]:
    """Steps that follow `drawer` turning up destiny card `handle` (its face is public)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "destiny_drawn"):
        steps += fn(s, seat, drawer, handle)
    return steps


def discard_destiny(s: GameState, drawer: int, handle: int) -> None:
    """Put the destiny card `drawer` drew on the destiny discard pile, unless a power keeps
    it (the first in timing order that wants it)."""
    for seat, _, fn in powered(s, "keep_destiny"):
        if fn(s, seat, drawer, handle):
            s.extra[HELD_DESTINY] = [*s.extra.get(HELD_DESTINY, []), [seat, handle]]
            s.events.append(("destiny_kept", seat, s.faces[handle]))
            return
    s.destiny_discard = s.destiny_discard + (handle,)


def held_destiny(s: GameState, seat: int) -> tuple[int, ...]:
    """The destiny cards `seat` holds, oldest first."""
    return tuple(h for k, h in s.extra.get(HELD_DESTINY, ()) if k == seat)


def release_destiny(s: GameState, seat: int, handle: int) -> None:
    """`seat` discards a destiny card it holds onto the destiny discard pile."""
    held = [[k, h] for k, h in s.extra.get(HELD_DESTINY, ()) if [k, h] != [seat, handle]]
    if held:
        s.extra[HELD_DESTINY] = held
    else:
        s.extra.pop(HELD_DESTINY, None)
    s.destiny_discard = s.destiny_discard + (handle,)


def gather_held_destiny(s: GameState) -> tuple[int, ...]:
    """Every held destiny card, taken back for a reshuffle (asked of no power: the cards
    go back even if their holder's power is lost or gone)."""
    held = tuple(h for _, h in s.extra.pop(HELD_DESTINY, ()))
    return held


def destiny_shuffled(s: GameState) -> list[Step_t]:
    """Steps once the destiny deck is newly shuffled (the Fate arranges it)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "destiny_shuffled"):
        steps += fn(s, seat)
    return steps


def adjust_card_kinds(s: GameState, kinds: tuple[str, str]) -> tuple[str, str]:
    """What the two encounter cards (offense, defense) count as, after powers that change
    it (the Empath)."""
    for seat, _, fn in powered(s, "card_kinds"):
        kinds = fn(s, seat, kinds)
    return kinds


def may_land(s: GameState, lander: int) -> bool:
    """May `lander` land its gate ships on the target planet when the offense wins? A
    power may keep it off (the Filth); its ships then stay on the gate."""
    return all(fn(s, seat, lander) for seat, _, fn in powered(s, "landing"))


# -- powers a seat uses besides its sheet (rules 004: Insect, Plant, Pentaform, Xenomorph),
# powers kept from being used (Null, Plant), powers passed around (Zephyr) -----------------

SILENCED = "silenced"  # encounter flag prefix: "silenced:SEAT:NAME"
SPENT = "spent"  # encounter flag prefix: "spent:SEAT:NAME"
RESERVED = "reserved_aliens"  # extra: [[sheet, name], ...] aliens a sheet holds in reserve
MAX_LEND_DEPTH = 3  # copies of copies stop here (an Insect facing an Insect)
_EXCLUSIVE: list[Any] = [0, frozenset()]  # (registry size, names in any `excludes` pair)


def _own(s: GameState, seat: int) -> tuple[str, ...]:
    """The seat's sheet and the powers kept beneath it."""
    return _table(s).own[seat]


def _exclusive() -> frozenset[str]:
    if _EXCLUSIVE[0] != len(ALIENS):
        names = {n for a in ALIENS.values() if a.excludes for n in (a.name, *a.excludes)}
        _EXCLUSIVE[:] = [len(ALIENS), frozenset(names)]
    got: frozenset[str] = _EXCLUSIVE[1]
    return got


def _lending(s: GameState) -> bool:
    """Is any power that lends others in play (fast path for `powers_of`)?"""
    return _table(s).lending


class _Sheets:
    """What the sheets in play and the powers kept beneath them make of each hook: a
    value derived from (s.aliens, s.extra["kept"]) alone, so it is kept by that key
    (`_table`) and shared by every state holding the same powers; what else decides
    whether a power is used now (its colonies, Cosmic Zap, the timing order, silenced,
    used up or excluded powers, what a power lends) is read from the state each time.

    - `own[seat]`: the seat's sheet and kept powers (`_own`);
    - `lending`: a sheet lends powers (`Alien.lends`); `excl`: a sheet is in an
      `excludes` pair. Without either (and no power silenced or used up), `powers_of`
      is `own` for every seat (`_as_own`);
    - `simple[seat]`: none of the seat's own powers lends or is in an `excludes` pair:
      then, with no power silenced or used up, the seat uses just its own powers
      whatever the others hold, and acts with its sheet (`powers_of`, `acting_power`);
    - per hook, the (seat, alien, function) of each seat's own powers having it."""

    __slots__ = ("own", "lending", "excl", "simple", "powered", "_raw")

    def __init__(self, aliens: tuple[str, ...], kept: tuple[tuple[int, str], ...]) -> None:
        own = []
        for seat, sheet in enumerate(aliens):
            under = tuple(name for k, name in kept if k == seat and name != sheet)
            own.append(tuple(n for n in (sheet, *under) if n))
        self.own = tuple(own)
        exclusive = _exclusive()

        def lends(name: str) -> bool:
            a = ALIENS.get(name)
            return a is not None and a.lends is not None

        self.lending = any(lends(name) for name in aliens)
        self.excl = bool(exclusive.intersection(aliens))
        self.simple = tuple(not any(lends(n) or n in exclusive for n in names)
                            for names in own)
        self.powered: dict[str, dict[int, tuple[tuple[int, Alien, Callable[..., Any]], ...]]] \
            = {}
        self._raw: dict[str, dict[int, tuple[Callable[..., Any], ...]]] = {}

    def raw(self, hook: str) -> dict[int, tuple[Callable[..., Any], ...]]:
        """Seat -> the `hook` functions of its own powers, in order (seats with none left
        out)."""
        got = self._raw.get(hook)
        if got is None:
            got = {}
            for seat, names in enumerate(self.own):
                fns = []
                for name in names:
                    a = ALIENS.get(name)
                    fn = getattr(a, hook) if a is not None else None
                    if fn is not None:
                        fns.append(fn)
                if fns:
                    got[seat] = tuple(fns)
            self._raw[hook] = got
        return got

    def build(self, hook: str) -> dict[int, tuple[tuple[int, Alien, Callable[..., Any]], ...]]:
        """Seat -> `powered`'s entries for its own powers having `hook` (step hooks
        tagged with their power, `_tagging`)."""
        got: dict[int, tuple[tuple[int, Alien, Callable[..., Any]], ...]] = {}
        for seat, names in enumerate(self.own):
            uses: list[tuple[int, Alien, Callable[..., Any]]] = []
            for name in names:
                a = ALIENS.get(name)
                fn = getattr(a, hook) if a is not None else None
                if a is not None and fn is not None:
                    uses.append((seat, a, _tagging(fn, a.name) if hook in _STEP_HOOKS else fn))
            if uses:
                got[seat] = tuple(uses)
        self.powered[hook] = got
        return got


_TABLES: dict[tuple[tuple[str, ...], tuple[tuple[int, str], ...]], _Sheets] = {}
_TABLES_MAX = 4096  # distinct (sheets, kept) keys kept; then the cache starts again


def _table(s: GameState) -> _Sheets:
    """The `_Sheets` of the powers `s` holds (kept by their key; `register` drops them
    all, so an alien registered later is seen)."""
    kept = s.extra.get("kept")
    if not kept and s.aliens is _LAST[0]:
        last: _Sheets = _LAST[1]
        return last  # the very tuple of sheets last asked about: it cannot have changed
    key = (s.aliens, tuple((k, name) for k, name in kept) if kept else ())
    t = _TABLES.get(key)
    if t is None:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        t = _TABLES[key] = _Sheets(*key)
    if not kept:
        _LAST[:] = [s.aliens, t]
    return t


_LAST: list[Any] = [None, None]  # (s.aliens, its table) last found without kept powers


def _as_own(s: GameState, t: _Sheets) -> bool:
    """Is `powers_of` every seat's own powers now (no sheet lends, and, during an
    encounter, no power silenced, used up or excluded)?"""
    e = s.enc
    if t.lending:
        return False
    return e is None or not (t.excl or SILENCED in e.flags or SPENT in e.flags)


def _flagged(s: GameState) -> bool:
    """Is a power silenced or used up this encounter (`silence_power`, `spend`)?"""
    e = s.enc
    return e is not None and (SILENCED in e.flags or SPENT in e.flags)


def _usable(s: GameState, seat: int, name: str, depth: int) -> bool:
    """May `seat` use `name` now: not silenced this encounter (`silence_power`), and not
    against an opposing main player whose power excludes it (`Alien.excludes`)?"""
    e = s.enc
    if e is None:
        return True
    if e.has_flag(SILENCED) and e.has_flag(f"{SILENCED}:{seat}:{name}"):
        return False
    if name in _exclusive() and e.defense >= 0 and seat in (e.offense, e.defense):
        other = e.defense if seat == e.offense else e.offense
        mine = ALIENS[name]
        for theirs in _expand(s, other, depth + 1, False)[0]:
            b = ALIENS.get(theirs)
            if theirs in mine.excludes or (b is not None and name in b.excludes):
                return False
    return True


def _expand(s: GameState, seat: int, depth: int, check: bool) -> tuple[list[str], int]:
    """(the powers `seat` uses: its sheet, kept powers, what they lend, then the powers
    it used up this encounter (`spend`) and what those lend, in order; how many of them
    are its own). With `check`, silenced and excluded powers are left out, and so is
    what they would lend (`_usable`, asked only where it could say no: a power is
    silenced this encounter, or `seat` is a main player facing a defense and the name is
    in an `excludes` pair)."""
    e = s.enc
    excl: frozenset[str] = frozenset()
    if check:
        if e is None:
            check = False
        else:
            flags = e.flags
            if e.defense >= 0 and seat in (e.offense, e.defense):
                excl = _exclusive()
            if SILENCED not in flags:
                if not excl:
                    check = False
            else:
                excl = _ALL_NAMES  # every name may be silenced: ask each
    own_names = _table(s).own[seat]
    if check:
        names = [n for n in own_names if n not in excl or _usable(s, seat, n, depth)]
    else:
        names = list(own_names)
    own = len(names)
    if depth >= MAX_LEND_DEPTH:
        return names, own
    aliens = ALIENS
    i = 0
    for more in ((), spent(s, seat) if e is not None and SPENT in e.flags else ()):
        for n in more:
            if n not in names and n in aliens and (
                    n not in excl or _usable(s, seat, n, depth)):
                names.append(n)
        while i < len(names):
            a = aliens.get(names[i])
            if a is not None and a.lends is not None:
                for n in a.lends(s, seat, depth + 1):
                    if n and n not in names and n in aliens and (
                            n not in excl or _usable(s, seat, n, depth)):
                        names.append(n)
            i += 1
    return names, own


class _AllNames(frozenset[str]):
    """Contains every name (`_expand` asks `_usable` of each while powers are silenced)."""

    def __contains__(self, name: object) -> bool:
        return True


_ALL_NAMES = _AllNames()


def powers_of(s: GameState, seat: int) -> tuple[str, ...]:
    """Every power `seat` uses now, in order: its sheet, the powers kept beneath it
    (`kept_powers`), then the powers they lend it (`Alien.lends`: copied, grafted,
    drawn). A silenced power (`silence_power`) and a power excluded against the opposing
    main player (`Alien.excludes`) are left out, with what they would lend. Whether any
    works at all is `has_power` (colonies, Cosmic Zap)."""
    t = _table(s)
    if _as_own(s, t) or (t.simple[seat] and not _flagged(s)):
        return t.own[seat]
    return tuple(_expand(s, seat, 0, True)[0])


def acting_power(s: GameState, seat: int) -> str:
    """The power whose uses `seat` is offered at windows, and whose use a power step
    resolves: the first power lent to it (`Alien.lends`) if any, else its sheet (if
    usable); "" for none."""
    sheet = s.aliens[seat]
    if not sheet:
        return ""
    if _table(s).simple[seat] and not _flagged(s):
        return sheet  # nothing lent, silenced, used up or excluded
    names, own = _expand(s, seat, 0, True)
    lent = _unspent(s, seat, names[own:])
    if lent:
        return lent[0]
    return s.aliens[seat] if s.aliens[seat] in names else ""


def sheets_act(s: GameState) -> tuple[bool, ...]:
    """For each seat: is `acting_power` its sheet now, known without working it out
    (nothing lent, silenced, used up or excluded)? False: ask `acting_power`."""
    if _flagged(s):
        return (False,) * s.n
    return _table(s).simple


def _unspent(s: GameState, seat: int, names: Sequence[str]) -> list[str]:
    used_up = spent(s, seat)
    return [n for n in names if n not in used_up] if used_up else list(names)


def copyable(s: GameState, seat: int, depth: int = 0) -> tuple[str, ...]:
    """The powers another seat takes when it copies or grafts `seat`'s power: the power
    `seat` acts with (lent or its sheet), then the powers kept beneath its sheet (a
    Reincarnator's). Whether `seat`'s power works does not matter (the Insect's text), nor
    whether it is silenced."""
    if not s.aliens[seat]:
        return ()
    names, own = _expand(s, seat, depth, False)
    lent = _unspent(s, seat, names[own:])
    first = lent[0] if lent else s.aliens[seat]
    return (first, *[n for n in kept_powers(s, seat) if n != first])


def _powers_held(s: GameState) -> bool:
    """Does any seat hold a power now or hold one earlier this encounter (a sheet, a kept
    power, one given away)? Without, `_held_this_encounter` names none for every seat."""
    return any(s.aliens) or bool(s.extra.get("kept")) or bool(s.extra.get(GIVEN_AWAY))


def _held_this_encounter(s: GameState, seat: int) -> tuple[str, ...]:
    """Powers whose tidying up runs for `seat`: its sheet, kept and lent powers (silenced
    or not), and those it gave away this encounter."""
    names = _expand(s, seat, 0, False)[0] if _lending(s) else list(_own(s, seat))
    if not names:
        names = [s.aliens[seat]]
    return tuple(dict.fromkeys((*names, *_given_away(s, seat))))


def silence_power(s: GameState, seat: int, name: str) -> None:
    """`seat` may not use power `name` for the rest of the encounter (the Null's choice,
    the Plant's grafted victim): its hooks stop, its windows offer nothing, and a use of
    it still waiting for Cosmic Zap answers does nothing (engine.windows ResolvePower).
    Its other powers still work. Tidying up (`encounter_cleanup`, `held`) still runs."""
    from .steps import emit
    e = s.enc
    if e is None:
        return
    e.add_flag(SILENCED)
    e.add_flag(f"{SILENCED}:{seat}:{name}")
    emit(s, "silenced", seat, name)


def silenced(s: GameState, seat: int) -> tuple[str, ...]:
    """The powers `seat` may not use this encounter."""
    e = s.enc
    pre = f"{SILENCED}:{seat}:"
    return tuple(f[len(pre):] for f in e.flags if f.startswith(pre)) if e is not None else ()


def spend(s: GameState, seat: int, name: str) -> None:
    """`seat` has used `name` up (the Xenomorph discards a power once used): until the
    encounter ends the power stays among `powers_of(seat)`, so its passive hooks finish
    what its use started, but it is never `acting_power` again and a further use of it
    resolves to nothing (engine.windows ResolvePower, AutoPower)."""
    e = s.enc
    if e is None:
        return
    e.add_flag(SPENT)
    e.add_flag(f"{SPENT}:{seat}:{name}")


def spent(s: GameState, seat: int) -> tuple[str, ...]:
    """The powers `seat` has used up this encounter (`spend`), in name order."""
    e = s.enc
    if e is None or not e.has_flag(SPENT):
        return ()
    pre = f"{SPENT}:{seat}:"
    return tuple(f[len(pre):] for f in e.flags if f.startswith(pre))


def encounter_start(s: GameState) -> list[Step_t]:
    """Steps at the start of every encounter, before the start window (the Xenomorph's
    draw, the Pentaform's stack)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "encounter_start"):
        steps += fn(s, seat)
    return steps


def power_used(s: GameState, user: int, power: str) -> list[Step_t]:
    """Steps once `user`'s use of `power` has resolved without being cancelled (the
    Xenomorph changes its power after each use)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "power_used"):
        steps += fn(s, seat, user, power)
    return steps


def reserve(s: GameState, sheet: str, name: str) -> None:
    """The sheet `sheet` holds alien `name` in reserve (the Pentaform's stack, the
    Xenomorph's current power): no other draw can give it (engine.alien_deal `unheld`).
    The reserve belongs to the sheet, not the seat, so it follows the sheet."""
    s.extra[RESERVED] = [*[list(k) for k in s.extra.get(RESERVED, ())], [sheet, name]]


def reserved(s: GameState, sheet: str) -> tuple[str, ...]:
    """The aliens `sheet` holds in reserve, in the order they were drawn."""
    return tuple(n for k, n in s.extra.get(RESERVED, ()) if k == sheet)


def release(s: GameState, sheet: str, name: str) -> None:
    """`sheet` discards `name` from its reserve: it is out of the game for good."""
    from .alien_deal import REMOVED
    left = [list(k) for k in s.extra.get(RESERVED, ()) if list(k) != [sheet, name]]
    if left:
        s.extra[RESERVED] = left
    else:
        s.extra.pop(RESERVED, None)
    s.extra[REMOVED] = sorted(set(s.extra.get(REMOVED, ())) | {name})


def pass_aliens(s: GameState, shift: int) -> None:
    """Every seat holding an alien passes its sheet and the powers kept beneath it to the
    seat holding an alien `shift` places round the table among them (-1: the nearest
    such seat on its right); a seat without an alien neither passes nor receives. Emits
    ("alien", seat, name) for every seat whose sheet changed."""
    from .steps import emit
    holders = [seat for seat in range(s.n) if s.aliens[seat]]
    if len(holders) < 2:
        return
    to = {seat: holders[(i + shift) % len(holders)] for i, seat in enumerate(holders)}
    aliens = list(s.aliens)
    for seat in holders:
        aliens[to[seat]] = s.aliens[seat]
    kept = [[to.get(k, k), name] for k, name in s.extra.get("kept", ())]
    before = s.aliens
    _set_aliens(s, aliens)
    if kept:
        s.extra["kept"] = sorted(kept)
    for seat in range(s.n):
        if aliens[seat] != before[seat]:
            emit(s, "alien", seat, aliens[seat])


def note_lent_use(s: GameState, seat: int, name: str) -> None:
    """`seat` has used `name` (a power lent to it, not its sheet) this encounter: its
    tidying up (`encounter_cleanup`, `held`) runs for that seat when the encounter ends,
    even if the seat no longer uses it by then (a Pentaform whose colony count changed)."""
    if name != s.aliens[seat]:
        _note_given_away(s, seat, name)
# -- hands a power supplies (the Doppleganger) and forced reveals (the Enigma) -------------


def dealt_at_setup(s: GameState, seat: int) -> bool:
    """Does `seat` get its eight cards in the setup deal? Not if its power says no."""
    return all(fn(s, seat) for fn in _hooks_of(s, seat, "setup_hand"))


def supplies_cards(s: GameState, seat: int) -> bool:
    """Does `seat`'s power bring it its cards as a main player (so it need not hold an
    encounter card to start its turn or to have a second encounter)?"""
    return any(fn(s, seat) for fn in _hooks_of(s, seat, "supplies_cards"))


def must_reveal(s: GameState, seat: int, handle: int) -> None:
    """`seat` must reveal this card (by handle) at the reveal, whatever it chose before."""
    assert s.enc is not None
    s.enc.flags = tuple(f for f in s.enc.flags if not f.startswith(f"must_reveal:{seat}:"))
    s.enc.add_flag(f"must_reveal:{seat}:{handle}")


def release_reveal(s: GameState, seat: int) -> None:
    """`seat` need no longer reveal a forced card: it gave up the card it played (the
    Zero's swap for another attack after an Enigma handed it one)."""
    if s.enc is not None:
        s.enc.flags = tuple(f for f in s.enc.flags if not f.startswith(f"must_reveal:{seat}:"))


def forced_reveal(s: GameState, seat: int) -> int | None:
    """The handle a power forces `seat` to reveal, if any."""
    e = s.enc
    for f in e.flags if e is not None else ():
        if f.startswith(f"must_reveal:{seat}:"):
            return int(f.split(":")[2])
    return None


# -- captured ships (the Fungus) ---------------------------------------------------------------

CAPTIVES = "captives"  # extra: sorted [[holder, place, owner, count], ...]
_GATE, _WARP, _BESIDE = -1, -2, -3  # engine.actions GATE, engine.steps WARP and BESIDE


def captures(s: GameState, lost: tuple[int, ...]) -> tuple[int, ...]:
    """How many of each seat's resolution losses a power captures (the first in timing
    order that captures any); the caller sends only the rest to the warp."""
    for seat, _, fn in powered(s, "capture"):
        caught = tuple(fn(s, seat, lost))
        if any(caught):
            return caught
    return (0,) * len(lost)


def hold_captives(s: GameState, holder: int, place: int, owner: int, count: int) -> None:
    """`holder` now holds `count` of `owner`'s ships at `place`, stacked under its ships."""
    if count <= 0:
        return
    rows = [list(r) for r in s.extra.get(CAPTIVES, ())]
    for r in rows:
        if r[:3] == [holder, place, owner]:
            r[3] += count
            break
    else:
        rows.append([holder, place, owner, count])
    s.extra[CAPTIVES] = sorted(rows)


def captives_at(s: GameState, holder: int, place: int) -> int:
    """Ships `holder` holds captive at `place`."""
    return sum(r[3] for r in s.extra.get(CAPTIVES, ()) if r[0] == holder and r[1] == place)


def captives_of(s: GameState, owner: int) -> int:
    """Ships of `owner` held captive by anyone."""
    return sum(r[3] for r in s.extra.get(CAPTIVES, ()) if r[2] == owner)


def _ships_at(s: GameState, seat: int, place: int) -> int:
    if place == _GATE:
        return s.gate[seat]
    if place == _BESIDE:
        return s.beside[seat]
    if place == _WARP:
        return s.warp[seat]
    return s.on(place, seat)


def follow_captives(before: GameState, s: GameState) -> None:
    """Captives follow their holder's ships (see "Captured ships"): called once an action
    has been applied, with the state it was applied to."""
    rows = s.extra.get(CAPTIVES)
    if not rows:
        return
    from .steps import emit
    places = [_WARP, _GATE, _BESIDE, *range(s.planet_count)]  # ties go to the first
    out: list[list[int]] = []
    for holder, place, owner, count in rows:
        if _ships_at(s, holder, place) > 0:
            out.append([holder, place, owner, count])
            continue
        gains = [_ships_at(s, holder, p) - _ships_at(before, holder, p) for p in places]
        best = max(range(len(places)), key=lambda i: (gains[i], -i))
        to = places[best] if gains[best] > 0 else _WARP
        if to == _WARP:
            s.warp[owner] += count
            emit(s, "released", holder, owner, count)
        else:
            out.append([holder, to, owner, count])
            emit(s, "captives_move", holder, place, to, count)
    merged: dict[tuple[int, int, int], int] = {}
    for holder, place, owner, count in out:
        merged[(holder, place, owner)] = merged.get((holder, place, owner), 0) + count
    if merged:
        s.extra[CAPTIVES] = [[*k, v] for k, v in sorted(merged.items())]
    else:
        s.extra.pop(CAPTIVES, None)
def holding(s: GameState) -> bool:
    """Does any working power hold ships on planets (the `holds` hook)?"""
    return bool(powered(s, "holds"))


def holds(s: GameState, owner: int, planet: int) -> bool:
    """Does a power keep `owner`'s ships on `planet`, so that they may leave it only for
    the warp (the Gorgon petrifies others' ships on planets where it has a colony)? A
    standing constraint on every move: engine.steps `held` asks it, with frozen planets."""
    hooks = powered(s, "holds")  # most games: none (no generator made)
    return bool(hooks) and any(fn(s, seat, owner, planet) for seat, _, fn in hooks)
# -- losses to the warp and back (rules 004: Limpet, Sting, Wrath; Zero) -------------------


def kept_on_planet(s: GameState, owner: int, count: int, planet: int) -> int:
    """How many of `owner`'s `count` ships lost from `planet` stay there (the most any
    power keeps)."""
    return max((fn(s, seat, owner, count, planet) for seat, _, fn in powered(s, "keep_loss")),
               default=0)


def redirect_loss(s: GameState, owner: int, count: int) -> list[Step_t]:
    """Steps of the first power (timing order) that decides `owner`'s loss of `count`
    ships before anyone reacts to it; [] if none does."""
    for seat, _, fn in powered(s, "redirect_loss"):
        steps: list[Step_t] = fn(s, seat, owner, count)
        if steps:
            return steps
    return []


def retrieved(s: GameState, retriever: int,
              placed: tuple[tuple[int, int], ...]) -> list[Step_t]:
    """Steps once `retriever` took ships from the warp to these (planet, ships)."""
    steps: list[Step_t] = []
    if sum(c for _, c in placed) > 0:
        for seat, _, fn in powered(s, "retrieved"):
            steps += fn(s, seat, retriever, placed)
    return steps


def selectable_kinds(s: GameState, selector: int) -> tuple[str, ...] | None:
    """The card kinds `selector` may put face down now (None: any encounter card): an
    effect narrows them with the encounter flag "select_only:SEAT:KIND,KIND" (the Zero's
    replacement must be an attack), which the effect's own reveal step enforces."""
    e = s.enc
    for f in e.flags if e is not None else ():
        if f.startswith(f"select_only:{selector}:"):
            return tuple(f.split(":", 2)[2].split(","))
    return None


def run_after(s: GameState, name: str, step: Step_t) -> None:
    """Schedule `step` to run right after the nearest pending step named `name` (or at
    once if there is none)."""
    stack = list(s.stack)
    for i in range(len(stack) - 1, -1, -1):
        if stack[i][0] == name:
            stack.insert(i, step)
            s.stack = tuple(stack)
            return
    s.stack = s.stack + (step,)


# -- the card a main player must play (issue 15: Laser, Visionary, Seeker) -----------------

BOUND = "bound"  # encounter flag prefix: "bound:SEAT:RULE", a rule on SEAT's encounter card


def before_select(s: GameState) -> list[Step_t]:
    """Steps before the main players choose their encounter cards (engine.cosmic.flow Planning
    asks while no card is chosen; each hook returns its steps once)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "before_select"):
        steps += fn(s, seat)
    return steps


def adjust_card_faces(s: GameState, faces: tuple[int, int]) -> tuple[int, int]:
    """The faces the two encounter cards (offense, defense) count as, after powers that
    change a card outright (the Jinx); a morph then copies the result."""
    for seat, _, fn in powered(s, "card_faces"):
        faces = fn(s, seat, faces)
    return faces


def turn_end(s: GameState) -> list[Step_t]:
    """Steps at the end of a turn, from every registered alien (sorted by name), whether
    or not it is dealt or working: a temporary effect is undone even after its power was
    lost or changed hands. A hook returns its steps once (it clears what it undoes)."""
    steps: list[Step_t] = []
    for fn in _turn_end_hooks():
        steps += fn(s, -1)
    return steps


def _turn_end_hooks() -> tuple[Callable[..., Any], ...]:
    """The `turn_end` hooks of every registered alien, by name; rebuilt when an alien
    registers later (every turn asks, so the sort is not redone each time)."""
    if _TURN_END[0] != len(ALIENS):
        hooks = (ALIENS[n].turn_end for n in sorted(ALIENS))
        _TURN_END[:] = [len(ALIENS), tuple(fn for fn in hooks if fn is not None)]
    got: tuple[Callable[..., Any], ...] = _TURN_END[1]
    return got


_TURN_END: list[Any] = [-1, ()]


def bind_card(s: GameState, seat: int, rule: str) -> None:
    """Put a rule on the encounter card `seat` will reveal this encounter (an encounter
    flag "bound:SEAT:RULE"). Rules:
    - "h:HANDLE": that very card (the Laser's random pick). Strict: any other card is
      refused at the reveal. A newer "h:" rule replaces an older one, and while one
      stands (its card in the seat's hand) the other rules do not apply: a random pick
      prevents any promise (rules 004 Visionary: "unless prevented by another player").
    - "is:FACE": a card of that kind and value (the Visionary's named card);
    - "kind:KIND" / "not:KIND": a card of that kind / of another kind (the Seeker's
      answer about its intention).
    The last three are kept "if able": the engine cannot see the hand, so a card that
    breaks them is accepted at the reveal with a recorded claim that the rest of the hand
    held no card keeping them (kind "playable:RULE;RULE", audited at the end)."""
    assert s.enc is not None
    if rule.startswith("h:"):
        s.enc.flags = tuple(f for f in s.enc.flags if not f.startswith(f"{BOUND}:{seat}:h:"))
    s.enc.add_flag(f"{BOUND}:{seat}:{rule}")


def bindings(s: GameState, seat: int) -> tuple[str, ...]:
    """The rules standing on `seat`'s encounter card (see `bind_card`): the one card it
    must play if a random pick named one still in its hand, else every other rule."""
    e = s.enc
    if e is None or not e.flags:  # no rule without a flag (most encounters have none)
        return ()
    head = f"{BOUND}:{seat}:"
    rules = tuple(f[len(head):] for f in e.flags if f.startswith(head))
    picked = [r for r in rules if r.startswith("h:") and int(r[2:]) in s.hands[seat]]
    return tuple(picked) if picked else tuple(r for r in rules if not r.startswith("h:"))


def rule_holds(rule: str, handle: int, face: int) -> bool:
    """Does this card (handle and face) keep one rule of `bind_card`?"""
    from . import cards as C
    info = C.CATALOGUE[face]
    what, _, arg = rule.partition(":")
    if what == "h":
        return handle == int(arg)
    if what == "is":
        named = C.CATALOGUE[int(arg)]
        return (info.kind, info.value) == (named.kind, named.value)
    if what == "kind":
        return info.kind == arg
    if what == "not":
        return info.kind != arg
    return False


def playable_cards(s: GameState, seat: int, cards: Sequence[tuple[int, int]]) -> list[int]:
    """Of these (handle, face) encounter cards, those `seat` may put face down: those
    keeping every rule on its card, or all of them if none does (a promise kept if able)."""
    rules = bindings(s, seat)
    keep = [h for h, f in cards if all(rule_holds(r, h, f) for r in rules)]
    strict = any(r.startswith("h:") for r in rules)
    return keep if keep or strict else [h for h, _ in cards]


def refuse_reveal(s: GameState, seat: int, handle: int, face: int) -> str | None:
    """Why `seat` may not reveal this card (a strict rule of `bind_card`), or None."""
    for r in bindings(s, seat):
        if r.startswith("h:") and not rule_holds(r, handle, face):
            return f"a power picked card {r[2:]} for you: reveal that one"
    return None


def settle_bindings(s: GameState, seat: int, handle: int, face: int) -> None:
    """After `seat` revealed this card (already out of its hand): a card that breaks a
    rule kept if able records the claim that nothing left in the hand could keep them
    all (engine.audit "playable:")."""
    e = s.enc
    if e is None or not e.flags:
        return  # no rule stands on the card (`bindings`: each is a flag)
    if f"{BOUND}:{seat}:h:{handle}" in e.flags:
        return  # the card a random pick named: it overrode every other rule
    rules = bindings(s, seat)
    if rules and not any(r.startswith("h:") for r in rules) and not all(
            rule_holds(r, handle, face) for r in rules):
        from .steps import claim
        claim(s, seat, "playable:" + ";".join(rules))


# -- turn order, forced alliances, turns that go on (rules 004: Queue, Juggernaut, Zealot) --


def must_continue(s: GameState, offense: int) -> bool:
    """Must the offense go on to another encounter now (it may end its turn only without
    an encounter card: a recorded claim)? The Zealot's streak."""
    hooks = powered(s, "must_continue")  # most games: none (no generator made)
    return bool(hooks) and any(fn(s, seat, offense) for seat, _, fn in hooks)


def invited(s: GameState, inviter: int, seats: tuple[int, ...]) -> list[Step_t]:
    """Steps once main player `inviter` has invited these seats (the Juggernaut's forced
    alliance is a use here)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "invited"):
        steps += fn(s, seat, inviter, seats)
    return steps


def must_join(s: GameState, ally: int, side: int) -> bool:
    """Must invited seat `ally`, if it joins no other side, join `side` (it may not
    decline)? Asked only while it has ships it could send."""
    hooks = powered(s, "must_join")  # most games: none (no generator made)
    return bool(hooks) and any(fn(s, seat, ally, side) for seat, _, fn in hooks)


def next_turn(s: GameState, ended: int) -> list[Step_t]:
    """Steps between `ended`'s turn and the next; s.offense is already the next seat
    clockwise, and a step may name another (the Queue)."""
    steps: list[Step_t] = []
    for seat, _, fn in powered(s, "next_turn"):
        steps += fn(s, seat, ended)
    return steps


def late_ships(s: GameState, committer: int, side: int) -> bool:
    """Does `committer`, launching (side 0) or allying with `side`, put its ships in just
    before the reveal instead of now?"""
    hooks = powered(s, "late_ships")  # most games: none (no generator made)
    return bool(hooks) and any(fn(s, seat, committer, side) for seat, _, fn in hooks)


def play_for(s: GameState, seat: int, side: int) -> None:
    """The card `seat` put face down is `side`'s encounter card: `seat` reveals it (a
    power made another seat that side's main player after the cards were chosen)."""
    assert s.enc is not None
    s.enc.flags = tuple(f for f in s.enc.flags if not f.startswith(f"plays_for:{side}:"))
    s.enc.add_flag(f"plays_for:{side}:{seat}")


def revealer(s: GameState, side: int) -> int:
    """The seat that turns up `side`'s encounter card: its main player, unless a power
    said otherwise (`play_for`)."""
    e = s.enc
    assert e is not None
    for f in e.flags:
        if f.startswith(f"plays_for:{side}:"):
            return int(f.split(":")[2])
    return e.defense if side else e.offense
