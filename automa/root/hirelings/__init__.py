"""Hirelings (LoR-E, the seed's 16.4; setup LoR-A.6, 16.1.6), an optional module: ``hirelings`` names the
hireling cards dealt, empty by default, and then nothing here runs.

Each card is a module of this package (:data:`CARDS`) with its ``PIECES`` (none for a pawn), ``setup``,
``hired`` (LoR-E.2.1), a ``BOARD`` if its side reacts (else :data:`.side.SIDE`) and, if it has them,
``birdsong`` (LoR-E.2.3) and ``daylight`` (LoR-E.2.4); a hireling's pieces are a side of their own
(``game.hired``, :mod:`.side`). Built so far: the Furious / Stoic Protector (:mod:`.protector`), the Popular /
Street Band (:mod:`.band`), the Highway Bandits / Bandit Gangs (:mod:`.bandits`), the Corvid Spies / Raven
Sentries (:mod:`.spies`), the Vault Keepers / Badger Bodyguards (:mod:`.keepers`), the Flame Bearers / Rat
Smugglers (:mod:`.bearers`), the Sunward Expedition / Mole Artisans (:mod:`.expedition`), the Forest
Patrol / Feline Physicians (:mod:`.patrol`), the Spring Uprising / Rabbit Scouts (:mod:`.uprising`), the
Last Dynasty / Bluebird Nobles (:mod:`.dynasty`), the Warm Sun Prophets / Lizard Envoys (:mod:`.prophets`), the
Exile / Brigand (:mod:`.exile`) and the Riverfolk Flotilla / Otter Divers (:mod:`.flotilla`): the thirteen.

* Setup (LoR-A.6): the named cards in a random order (the setup stream: "shuffle, deal"); as many demoted as
  the table's seats ask (:data:`DEMOTED`, LoR-A.6.2, 16.1.6.II; bots are players, RT-OWN-18), chosen at
  random; from the last seat in turn order backwards each seat sets up one card (LoR-A.6.3); the markers on
  4, 8 and 12 (LoR-A.6.4). We set the hirelings up after the factions (RT-OWN-21). A card tied to a base
  faction (``options.TIED``: the Forest Patrol, the Marquise; the Spring Uprising, the Alliance; the Last
  Dynasty, the Eyrie; the Exile, the Vagabond) is refused while that faction is at the table, played by the
  player or a bot (LoR-A.6.5, 16.1.6.V; ``options.check``).
* Gaining (LoR-E.1.1): a score marker takes a hireling marker (:func:`automa.root.state.take_marks`); at the
  end of that turn the seat takes a card from the supply, rolls for control (LoR-E.1.2, :data:`CONTROL_DIE`)
  and carries out the card's when-hired action (LoR-E.2.1).
* Losing (LoR-E.1.3): at the end of each turn the seat takes a control marker off every card it did not
  take this turn, and gives each card left without markers to another seat, who rolls for it at once.
* Actions: at the start of its controller's Birdsong (LoR-E.2.3), before the faction's own start-of-Birdsong
  effects (RT-OWN-20). A card in the supply takes no action (only a controller does, LoR-E.2.3, LoR-E.2.4);
  its abilities still hold.
* Bots (RT-OWN-15, RT-OWN-16): no text says how a bot hires, so by default a bot takes markers and cards as a
  player does and its hireling takes the actions its card says it must, and none it may; its choices go by
  priority (CW-GEN-8); ``bot_hirelings=never``: bots take no marker, and a card a player gives up goes back to
  the supply.

The abilities that other rules consult live in :mod:`automa.root.state` (``guarded``: no enemy places pieces
in the Furious Protector's clearing; ``shielded``: no enemy battles or removes the Stoic Protector's
controller's pieces there; ``bodyguarded``: the Badger Bodyguards' controller ignores his first hit in a
battle), read by placement, battle and removal; ``ruler`` gives the Bluebird Nobles' controller his ties.
"""
from __future__ import annotations

from automa.root import state
from automa.root.decide import choose
from automa.root.hirelings import (band, bandits, bearers, dynasty, exile, expedition, flotilla, keepers, patrol,
                                   prophets, protector, spies, uprising)
from automa.root.hirelings.side import SIDE
from automa.root.options import TIED
from automa.root.state import Game, Hireling, Seat

MARKS = (4, 8, 12)                       # the hireling markers' score spaces (LoR-A.6.4)
DEMOTED = {2: 0, 3: 1, 4: 2}             # cards demoted by seats at the table (LoR-A.6.2, 16.1.6.II)
CONTROL_DIE = ((1, 2), (1, 2), (1, 3), (2, 3), (2, 3), (2, 4))   # a face: (gold pips, all pips), RT-OWN-19
# each card's module: PIECES, setup, hired, birdsong, daylight
CARDS = {"protector": protector, "band": band, "bandits": bandits, "spies": spies, "keepers": keepers,
         "bearers": bearers, "expedition": expedition, "patrol": patrol, "uprising": uprising, "dynasty": dynasty,
         "prophets": prophets, "exile": exile, "flotilla": flotilla}


# ---------------------------------------------------------------------------------------------- setup

def setup(game: Game) -> None:
    """LoR-A.6.1-A.6.4 (16.1.6): deal, demote, set up from the last seat backwards, place the markers.
    ``hirelings=random`` deals three of the cards whose faction is not at the table (LoR-A.6.5)."""
    names = [n for n in game.options.get("hirelings", "").split(",") if n]
    rng = game.rng["setup"]
    if names == ["random"]:                                              # LoR-A.6.1: three dealt
        seated = {s.faction for s in game.seats}
        names = rng.sample([n for n in CARDS if TIED.get(n) not in seated], 3)
    rng.shuffle(names)                                                   # LoR-A.6.1: shuffled and dealt
    demoted = set(rng.sample(names, min(DEMOTED[len(game.seats)], len(names))))    # LoR-A.6.2
    game.hirelings = {n: Hireling(n, n in demoted) for n in names}
    for name in names:
        pieces = CARDS[name].PIECES
        if pieces:                                                       # a hireling's own pieces (LoR-E.3.3)
            game.hired[name] = Seat(name, state.HIRED, dict(pieces), board=getattr(CARDS[name], "BOARD", SIDE))
    for i, h in enumerate(game.hirelings.values()):                     # LoR-A.6.3
        seat = game.seats[-1 - i % len(game.seats)]
        CARDS[h.name].setup(game, seat, h)
    game.marks = list(MARKS)                                             # LoR-A.6.4
    if game.trace:
        game.trace.event("hirelings", rule="LoR-A.6", dealt=",".join(names),
                         demoted=",".join(n for n in names if n in demoted))


# ---------------------------------------------------------------------------------------------- control

def end_of_turn(game: Game, seat: Seat) -> None:
    """The end of ``seat``'s turn: a card for each hireling marker taken this turn (LoR-E.1.1), then a
    control marker off each card gained before this turn and the cards left bare given away (LoR-E.1.3).
    First, at the end of its Evening, the cards it revealed through the Mole Artisans come back (RT-OWN-36)."""
    if "expedition" in game.hirelings:
        expedition.evening_end(game, seat)
    for _ in range(game.taken.pop(seat.faction, 0)):
        supply = [n for n, h in game.hirelings.items() if h.controller is None]
        if not supply:
            break
        name = choose(game, "hire", supply) if seat.bot is None else supply[0]     # RT-OWN-16
        gain(game, seat, game.hirelings[name], "LoR-E.1.1")
    for h in game.hirelings.values():
        if h.controller == seat.faction and h.gained != game.turn:
            h.control -= 1
            if h.control <= 0:
                give(game, seat, h)


def gain(game: Game, seat: Seat, h: Hireling, rule: str) -> None:
    """``seat`` takes control of ``h`` and rolls for control (LoR-E.1.2, 16.4.1.II): the gold pips only if
    it has the most VP or shares the most and has no dominance card active, every pip otherwise; then the
    card's when-hired action (LoR-E.2.1)."""
    top = max(s.vp for s in game.seats)
    face = CONTROL_DIE[game.rng["dice"].randrange(len(CONTROL_DIE))]
    leads = seat.vp >= top and seat.dominance is None
    h.controller, h.control, h.gained = seat.faction, face[0] if leads else face[1], game.turn
    if game.trace:
        game.trace.event("hire", rule=rule, faction=seat.faction, hireling=h.name, control=h.control)
    CARDS[h.name].hired(game, seat, h)


def give(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.1.3 (16.4.1.III): ``h`` has no control marker left, so ``seat`` gives it to another seat of
    its choice, who rolls for it at once. A bot gives it to the seat with the fewest VP, the earliest after
    it in turn order among equals (RT-OWN-16); with ``bot_hirelings=never`` only a player may take it, and
    with none it goes back to the supply (RT-OWN-15)."""
    never = game.options.get("bot_hirelings", "mandatory") == "never"
    i = game.seats.index(seat)
    others = [game.seats[(i + k) % len(game.seats)] for k in range(1, len(game.seats))]
    others = [s for s in others if not (never and s.bot is not None)]
    h.controller, h.control = None, 0
    if not others:
        if game.trace:
            game.trace.event("hireling_back", rule="RT-OWN-15", faction=seat.faction, hireling=h.name)
        return
    if seat.bot is None:
        to = game.seat(choose(game, "hireling_gift", [s.faction for s in others]))
    else:
        to = min(others, key=lambda s: s.vp)
    if game.trace:
        game.trace.event("hireling_gift", rule="LoR-E.1.3", faction=seat.faction, to=to.faction, hireling=h.name)
    gain(game, to, h, "LoR-E.1.3")


# ---------------------------------------------------------------------------------------------- actions

def birdsong(game: Game, seat: Seat) -> None:
    """The start of ``seat``'s Birdsong (LoR-E.2.3): each card it controls takes its Birdsong action."""
    for h in game.hirelings.values():
        if h.controller == seat.faction and hasattr(CARDS[h.name], "birdsong"):
            CARDS[h.name].birdsong(game, seat, h)


def daylight(game: Game, seat: Seat) -> None:
    """Once in ``seat``'s Daylight (LoR-E.2.4), offered at its start (RT-OWN-20): each card it controls may
    take its Daylight action (the Rat Smugglers' ability too, repeated at will); a bot's takes none, it is a
    "may" (RT-OWN-15), and a bot holds no card to smuggle with (CW-GEN-15). First the player may aid the Exile,
    whoever controls it (RT-OWN-47)."""
    if seat.bot is not None:
        return
    if "exile" in game.hirelings:
        exile.aid(game, seat)
    for h in game.hirelings.values():
        if h.controller == seat.faction and hasattr(CARDS[h.name], "daylight"):
            CARDS[h.name].daylight(game, seat, h)
