"""The invariant checker of Root, run after every step of a game (issue 33, "Tests").

:func:`play_checked` plays one game through ``GAME.play`` with three hooks that change nothing in the
engine's play (a test compares the results with and without them):

* a trace (:class:`CheckingTrace`) whose ``event`` runs :meth:`Checker.check`: every bot step and rule
  event, and every decision of the player, is a check point;
* the faction and bot modules, wrapped (:class:`Modules`): the checker is armed once the last faction is
  set up, and a seat's turn ends with :meth:`Checker.turn_end` (strict: nothing in flight);
* :func:`watching` wraps ``state.score``, ``state.move_warriors``, ``battle.battle`` and every board's
  ``entered`` hook, to tally the VP scored and to see each move and battle before it happens.

The invariants, each named in the message of the ``AssertionError`` it raises (``Violation``):

* ``pieces``: per seat and kind, supply + map + out of the game (+ the Alliance's officers, who are
  warriors) = the module's ``PIECES`` (LoR-1.5.1, LoR-1.5.3, LoR-6.2.2, LoR-8.5.3); no negative supply,
  no piece of a faction not at the table, the Vagabond's pawn on the map exactly when he plays.
* ``items``: per kind, the map's supply + the Legendary Forge's card (LoR-F) + the ruins + every seat's
  crafted items + every board's items (the Vagabond's and the Vagabot's, damaged or not, and those the
  Vagabond removed over his limit, LoR-9.6.4) + the items a bot sent back to the box (RT-OPEN-31,
  RT-OPEN-45) = the item supply + the ruin items + the Vagabond's starting items (LoR-5.1.5, LoR-9.3.4,
  LoR-9.3.5, CW-VB-SETUP-5, CW-GEN-28); a ruin stands exactly while an item lies under it (LoR-2.2.4).
* ``slots``: buildings + ruin never over a clearing's slots (LoR-2.2.3, LoR-2.2.4), the printed ones and
  the Elder Treetop's one more, which holds ``treetop_piece`` or is free (LoR-F); at most one roost
  (LoR-7.4.3) and one sympathy token (LoR-8.4.3) per clearing; warrior counts positive; no piece in the
  Scoundrel's Scorched Earth (LoR-D.6).
* ``rule``: ``state.ruler`` agrees with a count made here from the pieces: strictly the most warriors +
  buildings, a tie ruled by the Eyrie when it is in it, tokens and pawns not counted (LoR-2.5, LoR-7.2.2,
  CW-EE-ABIL-1).
* ``vp``: each seat's VP = the sum of its sources = the sum of what ``state.score`` gave it (RT-STUDY-5), a
  hireling's none (LoR-E.3.6);
  every source a result category; never below 0 with ``vp_floor=floor_zero`` (RT-OPEN-32); never 30 or
  more while the game goes on, unless a dominance card is active (LoR-3.1, LoR-3.3.1).
* ``cards``: the 54 cards each in exactly one place: deck, discard, available dominance, hands, play
  areas, activated dominance, the boards (a Decree, the supporters, a bot's order card), face down at the
  Black Market (LoR-F) or out of the game
  at setup (the dominance cards, CW-GEN-20, RT-OPEN-34) (LoR-2.1, LoR-3.3.3); bots hold no hand
  (CW-GEN-15); a human hand ends its own turn with at most 5 cards (LoR-6.6, LoR-7.6.2, LoR-8.6.2,
  LoR-9.6.3), and at every turn's end the Alliance's supporters are at most 5 with no base on the map
  (LoR-8.2.3.I).
* ``targets``: every battle is legal when it starts: the attacker has warriors (the Vagabond: his pawn)
  there, the defender a piece, a bot attacks only its enemies (LoR-4.3, CW-GEN-22, CW-GEN-29) and a
  hireling only its controller's (LoR-E.3.2, RT-OWN-28); every
  move of warriors goes along a path and its mover rules the origin or the destination (LoR-4.2,
  LoR-4.2.1; Allied warriors the Vagabond moves along with him need not, LoR-9.2.9.II.b), never into the
  Scorched Earth (LoR-D.6); the sides the Vagrant names need not be enemies (Instigate, LoR-D.4); a move
  into a clearing holding another faction's sympathy reaches that Alliance's board (Outrage, LoR-8.2.6,
  CW-AA-ABIL-3, CW-GEN-25).

Some events fire in the middle of an operation, and the checker allows exactly what is in flight there
until the turn ends: the card named by an ``order`` (CW-GEN-13), ``craft`` (LoR-4.1) or ``vb_tinker``
(CW-VB-CHAR-TINKER) event, on its way to a board, a play area or the discard pile; the item a bot's
``craft`` event names, on its way to the Vagabot's Satchel; the cards drawn so far at an empty-deck
``guard`` (RT-OPEN-35); and the VP tally at a score cut at 0 (``guard`` RT-OPEN-32, :data:`MID`). A
violation's message names the invariant, the check point and the last events; :func:`play_checked` adds
the seed, game index and options.
"""
from __future__ import annotations

import contextlib
import itertools
import random
from collections import Counter

from automa.core.errors import UsageError
from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.root import battle, rounds, setup, state
from automa.root.bots import common
from automa.root.options import BOTS, CHARACTERS, LEVELS, MAPS, PREFIX, TIED, TRAITS, VB_CHARACTERS
from automa.root.landmarks import FORGE
from automa.root.hirelings import CARDS

GAME = get_game("root")
HAND_LIMIT = 5          # LoR-6.6, LoR-7.6.2, LoR-8.6.2, LoR-9.6.3
SUPPORTERS_CAP = 5      # LoR-8.2.3.I
ROOST = ("eyrie", "roost")
CATEGORIES = frozenset(rounds.CATEGORIES)
INVARIANTS = ("pieces", "items", "slots", "rule", "vp", "cards", "map", "targets")
IN_FLIGHT = ("order", "craft", "vb_tinker")     # events naming a card between two places
# events fired in the middle of an operation, and the invariant that is not whole there: a score cut at 0
# is reported before state.score returns (RT-OPEN-32); an empty deck while cards drawn are in no place yet
MID = {("guard", "RT-OPEN-32"): ("vp",), ("guard", "RT-OPEN-35"): ("cards",)}


class Violation(AssertionError):
    """An invariant does not hold: ``invariant`` is one of :data:`INVARIANTS`."""

    def __init__(self, invariant: str, detail: str, where: str = ""):
        super().__init__(f"{invariant}: {detail}" + (f" [{where}]" if where else ""))
        self.invariant, self.detail, self.where = invariant, detail, where


def recount_ruler(cl: state.ClearingState, soup: str | None = None, hired: dict | None = None,
                  tie: str | None = None) -> str | None:
    """Who rules a clearing, counted here from its pieces (LoR-2.5, LoR-7.2.2): strictly the most warriors
    plus buildings (and twice the tokens of ``soup``, Soup Kitchens' holder, LoR-A.2), a hireling's counted
    for its controller in ``hired`` (name -> controller or None, LoR-E.3.1); a tie is the Eyrie's when it is
    in it, else ``tie``'s (the Bluebird Nobles' controller, LoR-E) when he is, else nobody's."""
    counts: dict = {}
    for f, n in cl.warriors.items():
        f = (hired or {}).get(f) or f
        counts[f] = counts.get(f, 0) + n
    for f, _ in cl.buildings:
        f = (hired or {}).get(f) or f
        counts[f] = counts.get(f, 0) + 1
    for f, _ in cl.tokens:
        if f == soup:
            counts[f] = counts.get(f, 0) + 2
    top, best = 0, []
    for f, n in counts.items():
        if n > top:
            top, best = n, [f]
        elif n == top:
            best.append(f)
    if top <= 0:
        return None
    if len(best) == 1:
        return best[0]
    return "eyrie" if "eyrie" in best else tie if tie in best else None


def nobles(game) -> str | None:
    """The Bluebird Nobles' controller, who rules his ties (LoR-E), or ``None``."""
    h = game.hirelings.get("dynasty")
    return h.controller if h is not None and h.demoted else None


def board_cards(seat: state.Seat) -> list[int]:
    """The cards on ``seat``'s board: a Decree's cards (the human Eyrie's lists, the bot's columns; viziers
    and cards already discarded are not cards here), the Alliance's supporters, and a bot's order card
    (which may also be in a pile already: RT-OPEN-42, the caller counts it only when it is nowhere else)."""
    b = seat.board
    out: list[int] = []
    decree = getattr(b, "decree", None)
    if decree is not None:
        for column in decree.values() if isinstance(decree, dict) else decree:
            out.extend(c for c in column if type(c) is int)
    out.extend(getattr(b, "supporters", ()))
    return out


def board_items(seat: state.Seat) -> list[str]:
    """The items on ``seat``'s board: the Vagabond's or the Vagabot's, in the Satchel, on a track or damaged
    (objects with a ``kind``), those the Vagabond removed from the game over his limit (``lost``,
    LoR-9.6.4), and the Scoundrel's torch left in his Scorched Earth (LoR-D.6)."""
    b = seat.board
    torch = ["torch"] if getattr(b, "scorched", None) is not None else []
    return [i.kind for i in getattr(b, "items", ())] + list(getattr(b, "lost", ())) + torch


class Checker:
    """The invariants of one game (see the module docstring). :meth:`arm` takes the baselines once setup is
    done; :meth:`check` runs every invariant; :meth:`turn_end` runs them strictly and the end-of-turn ones.
    ``steps`` counts the checks made (a test proves it is called)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.turns = 0                       # turn ends checked
        self.armed_at = 0                    # events before the checker was armed
        self.game = None
        self.armed = False
        self.steps = 0
        self.set_up = 0
        self.pieces: dict[str, dict[str, int]] = {}
        self.cards: list[int] = []
        self.out_at_setup: list[int] = []
        self.items: Counter = Counter()
        self.boxed: Counter = Counter()      # items sent back to the box, by kind (RT-OPEN-31)
        self.boxed_any = 0                   # items sent back to the box, kind unknown (RT-OPEN-45)
        self.tally: dict[str, dict[str, int]] = {}
        self.in_flight: list[str] = []       # keys of cards that may be between places
        self.items_in_flight: Counter = Counter()   # items a bot crafted, on their way to its board
        self.unheard: list[tuple] = []       # moves into another faction's sympathy not yet heard
        self.last: list[dict] = []           # the game's events (the trace's), for the messages
        self.checks = [self.check_pieces, self.check_items, self.check_slots, self.check_rule, self.check_vp,
                       self.check_cards, self.check_map]

    # ------------------------------------------------------------------ hooks

    def event(self, kind: str, fields: dict) -> None:
        """A trace event of the checked game: note what it says, then check."""
        if not self.armed:
            return
        if kind in IN_FLIGHT and "card" in fields:
            self.in_flight.append(fields["card"])
            if kind == "craft" and "item" in fields:
                if self.game.options.get("bot_crafted_item_location", "crafted_items") == "box":
                    self.boxed[fields["item"]] += 1
                else:
                    self.items_in_flight[fields["item"]] += 1
        elif kind == "vb_item_cap":
            self.boxed_any += fields["removed"]

        elif kind in ("victory", "scores"):
            return
        self.check(("event", kind, fields.get("rule")), MID.get((kind, fields.get("rule")), ()))

    def arm(self, game) -> None:
        """Setup is done: take the baselines (pieces, cards, items) and check the table once."""
        self.game = game
        self.pieces = {s.faction: dict(setup.module(setup.player_of(s)).PIECES) for s in game.seats}
        self.pieces.update({n: dict(CARDS[n].PIECES) for n in game.options.get("hirelings", "").split(",")
                            if n})     # a hireling's pieces (LoR-E.3.3; none for a pawn's side or the Exile's), set up after the arming
        self.tally = {s.faction: {} for s in game.seats}
        comp = self.ctx.components
        where = "end of setup"
        if Counter({k: n for k, n in game.items.items() if n}) + Counter(game.forge_items) != Counter(comp.item_supply):
            raise Violation("items", f"the map's supply {dict(game.items)} is not {comp.item_supply}", where)
        under = Counter(i for stack in game.ruin_items.values() for i in stack)
        if under != Counter(comp.ruin_items):
            raise Violation("items", f"under the ruins {dict(under)}, not {comp.ruin_items}", where)
        if any(s.crafted for s in game.seats):
            raise Violation("items", "a seat starts with crafted items", where)
        self.items = Counter(comp.item_supply) + Counter(comp.ruin_items)
        for s in game.seats:
            self.items.update(board_items(s))
        self.cards = list(range(len(game.cards)))
        placed = set(self._card_places()[0])
        self.out_at_setup = [c for c in self.cards if c not in placed]
        humans = sum(s.bot is None for s in game.seats)
        keep = humans == 0 and game.options.get("dominance_without_humans", "remove") == "keep"
        dominance = [c.id for c in game.cards if c.kind == "dominance"]
        if self.out_at_setup != ([] if keep else dominance):
            raise Violation("cards", f"cards out of the game at setup {self.out_at_setup}, not the dominance "
                            "cards (CW-GEN-20, RT-OPEN-34)", where)
        self.armed = True
        self.armed_at = len(self.last)
        self.check(where)

    def scored(self, game, faction: str, gained: int, source: str) -> None:
        """``state.score`` gave ``faction`` ``gained`` VP by ``source``."""
        if game is self.game and self.armed:
            if faction in game.hired:             # a hireling's removals score nothing (LoR-E.3.6)
                if gained:
                    raise Violation("vp", f"the hireling {faction} scored {gained} VP (LoR-E.3.6)", self._at(source))
                return
            tally = self.tally[faction]
            tally[source] = tally.get(source, 0) + gained

    def moving(self, game, faction: str, origin: int, destination: int, n: int) -> None:
        """Warriors are about to move: along a path, ruling the origin or the destination (LoR-4.2,
        LoR-4.2.1), unless the Vagabond forces an Allied faction's warriors along with his pawn, which has just
        moved there (LoR-9.2.9.II.b, read by vagabond.py as regardless of rule); a move into another
        faction's sympathy must reach its board (LoR-8.2.6)."""
        if game is not self.game or not self.armed:
            return
        where = f"move {faction} {origin}->{destination} x{n}"
        if destination == state.scorched(game):
            raise Violation("targets", f"{faction} moves into the Scorched Earth (LoR-D.6)", self._at(where))
        cls = game.clearings
        active = game.seats[game.active]
        forced = active.faction == "vagabond" and faction != "vagabond" and game.pawn == ("clearing", destination)
        with_pawn = forced and game.ferry == destination       # on the Ferry the pawn just took (LoR-C.2.5)
        ep = exiles_move(game, faction, origin, destination)
        if not with_pawn and not ep[0] and not along_path(game, faction, origin, destination):
            raise Violation("targets", f"{faction} moves along no path", self._at(where))
        soup = holding(game, "soup_kitchens")
        hired, tie = {n: h.controller for n, h in game.hirelings.items()}, nobles(game)
        ruled = (recount_ruler(cls[origin], soup, hired, tie), recount_ruler(cls[destination], soup, hired, tie))
        if not forced and not ep[1] and not otter_divers(game, faction, origin, destination) and (
                hired.get(faction) or faction) not in ruled:
            raise Violation("targets", f"{faction} rules neither the origin nor the destination", self._at(where))
        who = hired.get(faction) or faction            # a hireling's move is its controller's (LoR-E.3.7)
        mover = game.seat(who)
        for f, kind in cls[destination].tokens:       # bots never outrage a bot (CW-AA-ABIL-3)
            if kind == "sympathy" and f != who and (mover.bot is None or game.seat(f).bot is None):
                self.unheard.append((f, destination, who))

    def heard(self, game, seat, c: int, mover: str) -> None:
        """A board's ``entered`` hook heard that ``mover`` moved into ``c``."""
        if game is self.game and (seat.faction, c, mover) in self.unheard:
            self.unheard.remove((seat.faction, c, mover))

    def battling(self, game, attacker: str, defender: str, c: int, remover: str | None = None) -> None:
        """A battle is about to start (:meth:`_battling`)."""
        if game is self.game and self.armed:
            try:
                self._battling(game, attacker, defender, c, remover)
            except Violation as v:
                raise Violation(v.invariant, v.detail, self._at(f"battle {attacker} vs {defender} in {c}")) from None

    def _battling(self, game, attacker: str, defender: str, c: int, remover: str | None) -> None:
        """A battle is about to start: legal (LoR-4.3), and a bot attacks only an enemy (CW-GEN-22,
        CW-GEN-29), unless the Vagrant named the sides (Instigate, LoR-D.4), from his clearing."""
        if remover is not None and game.pawn != ("clearing", c):
            raise Violation("targets", "an Instigate away from the Vagrant's clearing")
        seat, cl = game.seat(attacker), game.clearings[c]
        if game.seat(defender) is None or defender == attacker:
            raise Violation("targets", "the defender is not another faction at the table")
        if attacker == "vagabond":
            here = game.pawn == ("clearing", c)
        elif attacker == "exile":           # the Exile battles from its forest, next to the clearing (its card)
            here = c in game.map.forests[seat.board.forest].clearings
        elif attacker == "flotilla":                 # the Riverfolk Flotilla battles with its pawn (LoR-E)
            here = game.hired[attacker].board.at == c
        else:
            here = cl.warriors.get(attacker, 0) > 0
        if not here:
            raise Violation("targets", "the attacker has no warrior (or pawn) in the clearing")
        there = cl.warriors.get(defender, 0) or any(f == defender for f, _ in cl.buildings + cl.tokens) \
            or (defender == "vagabond" and game.pawn == ("clearing", c))
        if not there:
            raise Violation("targets", "the defender has no piece in the clearing")
        if attacker in game.hired:        # a hireling attacks its controller's enemies (LoR-E.3.2, RT-OWN-32)
            boss = game.hirelings[attacker].controller
            if boss is None or defender == boss or (defender in game.hired and game.hirelings[defender].controller == boss) \
                    or state.shielded(game, defender, c):
                raise Violation("targets", f"the hireling {attacker} of {boss} attacks a friend")
        elif seat.bot is not None and remover is None and defender not in common.enemies(game, seat) \
                and not self._forced(attacker, defender, c):
            raise Violation("targets", "a bot attacks a faction that is not its enemy")

    def turn_end(self, game, seat) -> None:
        """``seat``'s turn is over: nothing in flight, every move heard, the hand limit."""
        if game is not self.game or not self.armed:
            return
        where = f"end of the {seat.faction}'s turn {game.turn}"
        self.turns += 1
        self.in_flight.clear()
        self.items_in_flight.clear()
        self.check(where)
        if self.unheard:
            f, c, mover = self.unheard[0]
            raise Violation("targets", f"{mover} moved into {c}, sympathetic to the {f}, and the {f}'s board "
                            "never heard of it (Outrage, LoR-8.2.6, CW-GEN-25)", self._at(where))
        if seat.bot is None and len(seat.hand) > HAND_LIMIT:      # before the Mole Artisans' return (LoR-E)
            raise Violation("cards", f"the {seat.faction} ends its turn with {len(seat.hand)} cards", where)
        for s in game.seats:
            sup = getattr(s.board, "supporters", None)
            if sup is not None and len(sup) > SUPPORTERS_CAP and not any(
                    f == s.faction and k.startswith("base_") for c in game.clearings[1:] for f, k in c.buildings):
                raise Violation("cards", f"the {s.faction} has {len(sup)} supporters and no base (LoR-8.2.3.I)",
                                where)

    # ------------------------------------------------------------------ the invariants

    def check(self, where, skip: tuple[str, ...] = ()) -> None:
        """Every invariant but those in ``skip``, on the checked game."""
        self.steps += 1
        try:
            if skip:
                for name, check in zip(INVARIANTS, self.checks):
                    if name not in skip:
                        check(where)
            else:
                for check in self.checks:
                    check(where)
        except Violation as v:
            raise Violation(v.invariant, v.detail, self._at(where)) from None

    def _forced(self, attacker: str, defender: str, c: int) -> bool:
        """Whether the Warm Sun Prophets force this battle, their controller naming the defender (RT-OWN-44):
        the last Prophets event, decision or battle is the Prophets' battle order for it, or the controller's
        battle after their forced move."""
        last = next((e for e in reversed(self.last) if e["kind"] in ("prophets", "battle", "decision")), None)
        if last is not None and last["kind"] == "decision" and last.get("decision") == "prophets_battle":
            forced = next(e for e in reversed(self.last) if e["kind"] == "prophets")
            return forced["other"] == attacker and last["choice"] == (c, defender)
        return (last is not None and last["kind"] == "prophets" and last["act"] == "battle"
                and (last["other"], last["clearing"], last["target"]) == (attacker, c, defender))

    def _at(self, where) -> str:
        """``where`` (a text, or an event's ``("event", kind, rule)``) with the round, turn and last events."""
        if isinstance(where, tuple):
            where = f"event {where[1]} {where[2] or ''}"
        g = self.game
        last = "; ".join(" ".join(f"{k}={v}" for k, v in e.items()) for e in self.last[-3:])
        return f"{where}, round {g.round} turn {g.turn}; last events: {last}"

    def check_map(self, where: str) -> None:
        """The map side (LoR-A.1, LoR-C): four suits of each on a map of markers, printed suits otherwise
        (RT-OPEN-56); the Ferry on a coastal clearing, or as a landmark a river one (LoR-C.2.5, LoR-A.5); the Tower
        where the map puts it (LoR-C.3.1) or, a landmark, on a ruin's clearing without the Ferry (LoR-A.5); the
        Elder Treetop in a corner, the Black Market in a clearing of one printed slot and no ruin with its three
        cards, the Legendary Forge's items those of its clearing's suit (LoR-F);
        the closed paths a subset of the map's, and the open paths the printed ones plus those cleared."""
        g = self.game
        suits = [g.clearings[c].suit for c in range(1, len(g.clearings))]
        markers = g.map.markers or (("fox", "rabbit", "mouse") * 4
                                    if g.options.get("fall_suit_markers", "printed") == "random_markers" else ())
        printed = [cl.suit for cl in g.map.clearings]
        if (sorted(suits) != sorted(markers)) if markers else suits != printed:
            raise Violation("map", f"the clearings' suits {suits} are not the map's or its markers'", where)
        at = {cl.landmark: cl.id for cl in g.map.clearings if cl.landmark}
        marks = g.options.get("landmarks", "").split(",")
        if (g.ferry is None) != ("ferry" not in at and "ferry" not in marks) or (
                g.ferry and not (g.map.clearings[g.ferry - 1].coastal or g.map.clearings[g.ferry - 1].rivers)):
            raise Violation("map", f"the Ferry is in {g.ferry}, not on a coastal or river clearing", where)
        if "tower" in marks:          # the Tower landmark: on a ruin's clearing (LoR-A.5); the Ferry may sail in
            if g.tower is None or not g.map.clearings[g.tower - 1].ruin:
                raise Violation("map", f"the Tower landmark is in {g.tower}, not a ruin's clearing", where)
        elif g.tower != at.get("tower"):
            raise Violation("map", f"the Tower is in {g.tower}, the map puts it in {at.get('tower')}", where)
        if (g.elder_treetop is not None) != ("elder_treetop" in marks) or (
                g.elder_treetop is not None and g.elder_treetop not in g.map.corners) or (
                g.treetop_piece is not None and g.elder_treetop is None):
            raise Violation("map", f"the Elder Treetop is in {g.elder_treetop}, not a corner (LoR-F)", where)
        lf = g.legendary_forge
        if (lf is not None) != ("legendary_forge" in marks) or (
                g.forge_items and (lf is None or Counter(g.forge_items) - Counter(FORGE[g.clearings[lf].suit]))):
            raise Violation("map", f"the Legendary Forge in {lf} holds {g.forge_items}, not its suit's items (LoR-F)",
                            where)
        lc = g.lost_city
        if (lc is not None) != ("lost_city" in marks) or (
                lc is not None and not (g.map.clearings[lc - 1].coastal or g.map.clearings[lc - 1].rivers)):
            raise Violation("map", f"the Lost City is in {lc}, not on a coastal or river clearing (LoR-F)", where)
        bm = g.black_market
        if (bm is not None) != ("black_market" in marks) or len(g.market) != (3 if bm else 0) or (
                bm and (g.map.clearings[bm - 1].slots != 1 or g.map.clearings[bm - 1].ruin)):
            raise Violation("map", f"the Black Market is in {bm} with {len(g.market)} cards, not in a clearing "
                            "of one slot and no ruin with three (LoR-F)", where)
        printed_closed = {(cl.id, o) for cl in g.map.clearings for o in cl.closed if cl.id < o}
        if not set(g.closed) <= printed_closed:
            raise Violation("map", f"closed paths {g.closed} are not all the map's", where)
        if g.paths is not None:
            for cl in g.map.clearings:
                cleared = {o for o in cl.closed if tuple(sorted((cl.id, o))) not in g.closed}
                if set(g.paths[cl.id]) != set(cl.adjacent) | cleared:
                    raise Violation("map", f"clearing {cl.id}'s paths {g.paths[cl.id]} are not the printed ones "
                                    "and those cleared", where)

    def check_pieces(self, where: str) -> None:
        g = self.game
        on: dict[str, dict[str, int]] = {f: {} for f in self.pieces}
        for c in range(1, len(g.clearings)):
            cl = g.clearings[c]
            for f, n in cl.warriors.items():
                d = on.get(f)
                if d is None:
                    raise Violation("pieces", f"warriors of {f}, not at the table, in {c}", where)
                d["warrior"] = d.get("warrior", 0) + n
            for f, kind in cl.buildings + cl.tokens:
                d = on.get(f)
                if d is None:
                    raise Violation("pieces", f"a {kind} of {f}, not at the table, in {c}", where)
                d[kind] = d.get(kind, 0) + 1
        for s in g.seats + list(g.hired.values()):
            box, supply, out, here = self.pieces[s.faction], s.supply, s.out, on[s.faction]
            out = {k: n for k, n in out.items() if k != "coffin"} | (
                {"warrior": out.get("warrior", 0) + out["coffin"]} if out.get("coffin") else {})   # LoR-A.2
            if not (supply.keys() <= box.keys() and here.keys() <= box.keys() and out.keys() <= box.keys()):
                extra = sorted(set(supply) | set(here) | set(out) - set(box))
                raise Violation("pieces", f"the {s.faction} has pieces of kinds it does not own: {extra}", where)
            officers = getattr(s.board, "officers", 0)
            for kind, total in box.items():
                n = supply.get(kind, 0)
                held = n + here.get(kind, 0) + out.get(kind, 0) + (officers if kind == "warrior" else 0)
                if held != total or n < 0:
                    raise Violation("pieces", f"the {s.faction} has {held} {kind} (supply {n}, map "
                                    f"{here.get(kind, 0)}, out {out.get(kind, 0)}, officers {officers}), "
                                    f"not {total}", where)
        vagabond = g.seat("vagabond") is not None
        pawn = g.pawn
        if vagabond != (pawn is not None):
            raise Violation("pieces", f"the pawn is {pawn} with the Vagabond {'' if vagabond else 'not '}at the table",
                            where)
        flotilla = g.hired.get("flotilla")
        if flotilla is not None and (g.hirelings["flotilla"].demoted or flotilla.board.at is not None and not (
                1 <= flotilla.board.at < len(g.clearings) and g.map.clearings[flotilla.board.at - 1].rivers)):
            raise Violation("pieces", f"the Riverfolk Flotilla's pawn is off the river: {flotilla.board.at}", where)
        if pawn is not None:
            kind, i = pawn
            if not (kind == "clearing" and 1 <= i < len(g.clearings)
                    or kind == "forest" and 0 <= i < len(g.map.forests)):
                raise Violation("pieces", f"the pawn is nowhere on the map: {pawn}", where)

    def check_items(self, where: str) -> None:
        g = self.game
        have: dict[str, int] = {}
        for k, n in g.items.items():
            if n < 0:
                raise Violation("items", f"the map's supply is negative: {dict(g.items)}", where)
            if n:
                have[k] = n
        for k, n in g.forge_items.items():            # on the Legendary Forge's card (LoR-F)
            if n < 0:
                raise Violation("items", f"the Legendary Forge's card is negative: {g.forge_items}", where)
            if n:
                have[k] = have.get(k, 0) + n
        for c, stack in g.ruin_items.items():
            if stack and not g.clearings[c].ruin:
                raise Violation("items", f"items {stack} under clearing {c}, which has no ruin", where)
            for k in stack:
                have[k] = have.get(k, 0) + 1
        for c in range(1, len(g.clearings)):
            if g.clearings[c].ruin and not g.ruin_items.get(c):
                raise Violation("items", f"a ruin stands in {c} with no item under it (LoR-2.2.4)", where)
        for s in g.seats:
            for k in s.crafted:
                have[k] = have.get(k, 0) + 1
            if hasattr(s.board, "items") or hasattr(s.board, "lost"):
                for k in board_items(s):
                    have[k] = have.get(k, 0) + 1
        for s in g.hired.values():     # the Exile's card (LoR-E): its three Clubs, on it or removed, and map items
            kinds = board_items(s)
            if kinds and kinds.count("club") != 3:
                raise Violation("items", f"the Exile's card and removed items hold {kinds}, not three Clubs", where)
            for k in kinds:
                if k != "club":
                    have[k] = have.get(k, 0) + 1
        for k, n in self.boxed.items():
            have[k] = have.get(k, 0) + n
        if have == self.items:
            return
        have = Counter(have)
        missing, extra = self.items - have, have - self.items
        unexplained = missing - self.items_in_flight
        if extra or not sum(unexplained.values()) <= self.boxed_any <= sum(missing.values()):
            raise Violation("items", f"items in play {dict(have)}, {self.boxed_any} more in the box, not "
                            f"{dict(self.items)} (missing {dict(missing)}, extra {dict(extra)})", where)

    def check_slots(self, where: str) -> None:
        g = self.game
        for c in range(1, len(g.clearings)):
            cl = g.clearings[c]
            treetop = c == g.elder_treetop            # the Elder Treetop's slot more (LoR-F), held or free
            if cl.slots != g.map.clearings[c - 1].slots + treetop:
                raise Violation("slots", f"clearing {c} has {cl.slots} slots, printed "
                                f"{g.map.clearings[c - 1].slots}, Treetop {g.elder_treetop}", where)
            if treetop and (g.treetop_piece not in cl.buildings if g.treetop_piece
                            else len(cl.buildings) + cl.ruin >= cl.slots):
                raise Violation("slots", f"the Treetop's slot in {c} holds {g.treetop_piece}, buildings "
                                f"{cl.buildings}", where)
            if len(cl.buildings) + cl.ruin > cl.slots:
                raise Violation("slots", f"clearing {c} holds {len(cl.buildings)} buildings and "
                                f"{int(cl.ruin)} ruin in {cl.slots} slots", where)
            if cl.buildings.count(ROOST) > 1:
                raise Violation("slots", f"two roosts in {c} (LoR-7.4.3)", where)
            if len(cl.tokens) > 1 and sum(1 for _, k in cl.tokens if k == "sympathy") > 1:
                raise Violation("slots", f"two sympathy tokens in {c} (LoR-8.4.3)", where)
            for n in cl.warriors.values():
                if n <= 0:
                    raise Violation("slots", f"a warrior count of 0 or less in {c}: {cl.warriors}", where)
        c = state.scorched(g)
        if c is not None and (g.clearings[c].warriors or g.clearings[c].buildings or g.clearings[c].tokens):
            raise Violation("slots", f"pieces in the Scorched Earth {c} (LoR-D.6)", where)

    def check_rule(self, where: str) -> None:
        g = self.game
        ruler = state.ruler
        for c in range(1, len(g.clearings)):
            cl = g.clearings[c]
            soup = holding(g, "soup_kitchens")
            hired = {n: h.controller for n, h in g.hirelings.items()} if g.hired else None
            if soup is not None or hired:
                mine = recount_ruler(cl, soup, hired, nobles(g))
            elif not cl.warriors and not cl.buildings:
                mine = None
            elif not cl.buildings and len(cl.warriors) == 1:
                mine = next(iter(cl.warriors))
            else:
                mine = recount_ruler(cl)
            theirs = ruler(g, c)
            if mine != theirs:
                raise Violation("rule", f"clearing {c}: state.ruler says {theirs}, the pieces say {mine} "
                                f"({cl})", where)

    def check_vp(self, where: str) -> None:
        g = self.game
        floor = g.options.get("vp_floor", "floor_zero") == "floor_zero"
        for s in g.seats:
            sources = s.sources
            tally = self.tally[s.faction]
            if sources == tally and s.vp == sum(sources.values()) and (s.vp >= 0 or not floor) and \
                    (s.vp < state.WIN or s.dominance is not None) and sources.keys() <= CATEGORIES:
                continue
            if s.vp != sum(sources.values()):
                raise Violation("vp", f"the {s.faction} has {s.vp} VP, its sources {sources} sum to "
                                f"{sum(sources.values())}", where)
            if any(sources.get(k, 0) != n for k, n in tally.items()) or \
                    any(n != tally.get(k, 0) for k, n in sources.items()):
                raise Violation("vp", f"the {s.faction}'s sources {sources} are not what state.score gave "
                                f"{dict(tally)}", where)
            unknown = set(sources) - set(CATEGORIES)
            if unknown:
                raise Violation("vp", f"the {s.faction} scored by {sorted(unknown)}, not a category", where)
            if floor and s.vp < 0:
                raise Violation("vp", f"the {s.faction} has {s.vp} VP under vp_floor=floor_zero", where)
            if s.vp >= state.WIN and s.dominance is None:
                raise Violation("vp", f"the {s.faction} has {s.vp} VP and the game goes on (LoR-3.1)", where)

    def _card_places(self) -> tuple[list[int], list[str]]:
        """Every card in a place, and the places' names in step."""
        g = self.game
        ids: list[int] = []
        names: list[str] = []

        def add(cards, name):
            ids.extend(cards)
            names.extend([name] * len(cards))

        add(g.deck, "deck")
        add(g.discard, "discard")
        add(g.dominance, "available dominance")
        add(g.market, "Black Market")
        for s in g.seats:
            add(s.hand, f"{s.faction} hand")
            add(s.persistent, f"{s.faction} play area")
            if s.dominance is not None:
                add([s.dominance], f"{s.faction} dominance")
            add(board_cards(s), f"{s.faction} board")
        for h in g.hirelings.values():
            add(h.revealed, f"revealed on the {h.name}")
        seen = set(ids)
        for s in g.seats:
            order = getattr(s.board, "order", None)
            if order is not None and order not in seen:
                add([order], f"{s.faction} order card")
        return ids, names

    def check_cards(self, where: str) -> None:
        g = self.game
        ids = g.deck + g.discard + g.dominance + self.out_at_setup + g.market
        for h in g.hirelings.values():
            ids += h.revealed                 # the Mole Artisans' (LoR-E)
        for s in g.seats:
            if s.hand:
                if s.bot is not None:
                    raise Violation("cards", f"the bot {s.bot} holds a hand {s.hand} (CW-GEN-15)", where)
                ids += s.hand
            ids += s.persistent
            if s.dominance is not None:
                ids.append(s.dominance)
            board = s.board
            if hasattr(board, "decree") or hasattr(board, "supporters"):
                ids += board_cards(s)
        for s in g.seats:
            order = getattr(s.board, "order", None)
            if order is not None and order not in ids:
                ids.append(order)
        ids.sort()
        if ids == self.cards:
            return
        ids, names = self._card_places()
        have = Counter(ids)
        have.update(self.out_at_setup)
        twice = sorted(c for c, n in have.items() if n > 1)
        if twice:
            places = {c: [names[i] for i, x in enumerate(ids) if x == c] for c in twice}
            raise Violation("cards", f"cards in two places: {places}", where)
        keys = list(self.in_flight)
        for c in self.cards:
            if c in have:
                continue
            key = g.cards[c].key
            if key not in keys:
                raise Violation("cards", f"card {c} ({key}) is in no place; {len(ids)} placed", where)
            keys.remove(key)


class CheckingTrace:
    """A trace whose every event is a check point of ``checker`` (and is kept, as a trace's events are)."""

    __slots__ = ("events", "checker")

    def __init__(self, checker: Checker):
        self.events: list[dict] = []
        self.checker = checker
        checker.last = self.events

    def __bool__(self) -> bool:
        return True

    def event(self, kind: str, **fields) -> None:
        self.events.append({"kind": kind, **fields})
        self.checker.event(kind, fields)


class _Wrapped:
    """A faction or bot module whose ``setup`` arms the checker after the last seat and whose ``turn`` ends
    with :meth:`Checker.turn_end`; everything else is the module's."""

    def __init__(self, module, checker: Checker):
        self._module, self._checker = module, checker

    def __getattr__(self, name):
        return getattr(self._module, name)

    def setup(self, game, seat) -> None:
        self._module.setup(game, seat)
        ck = self._checker
        # the checked game only, never a search player's rollout (set up while the real game's setup waits
        # on the player's choice; its trace is none)
        if ck.game is None and getattr(game.trace, "checker", None) is ck:
            ck.set_up += 1
            if ck.set_up == len(game.seats):
                ck.arm(game)

    def turn(self, game, seat) -> None:
        self._module.turn(game, seat)
        self._checker.turn_end(game, seat)


class Modules:
    """The ``modules`` argument of ``GAME.play``: :func:`automa.root.setup.module`, wrapped."""

    def __init__(self, checker: Checker):
        self.checker = checker

    def __call__(self, name: str):
        return _Wrapped(setup.module(name), self.checker)


@contextlib.contextmanager
def watching(checker: Checker):
    """While in the block, ``state.score``, ``state.move_warriors``, ``battle.battle`` and every board's
    ``entered`` report to ``checker`` (``checker`` may be replaced through the yielded list)."""
    current = [checker]
    score, move, fight = state.score, state.move_warriors, battle.battle

    def scored(game, faction, vp, source):
        seat = game.seat(faction)
        before = seat.vp
        try:
            score(game, faction, vp, source)
        finally:
            current[0].scored(game, faction, seat.vp - before, source)

    def moved(game, faction, origin, destination, n):
        current[0].moving(game, faction, origin, destination, n)
        move(game, faction, origin, destination, n)

    def battled(game, attacker, defender, c, extra=0, remover=None):
        current[0].battling(game, attacker, defender, c, remover)
        return fight(game, attacker, defender, c, extra, remover)

    boards = []
    for name in setup.MODULES:
        mod = setup.module(name)
        for obj in vars(mod).values():
            if isinstance(obj, type) and obj.__module__ == mod.__name__ and "entered" in vars(obj):
                boards.append((obj, vars(obj)["entered"]))

    def hearing(orig):
        def entered(self, game, seat, c, mover):
            current[0].heard(game, seat, c, mover)
            return orig(self, game, seat, c, mover)
        return entered

    state.score, state.move_warriors, battle.battle = scored, moved, battled
    for cls, orig in boards:
        setattr(cls, "entered", hearing(orig))
    try:
        yield current
    finally:
        state.score, state.move_warriors, battle.battle = score, move, fight
        for cls, orig in boards:
            setattr(cls, "entered", orig)


def holding(game, effect: str) -> str | None:
    """The faction with a persistent card of ``effect`` in play (the Exiles and Partisans deck, LoR-A.2)."""
    for s in game.seats:
        if any(game.cards[k].effect == effect for k in s.persistent):
            return s.faction
    return None


def exiles_move(game, faction: str, origin: int, destination: int) -> tuple[bool, bool]:
    """What the Exiles and Partisans deck allows a move (LoR-A.2), recounted: whether it follows a river with
    Boat Builders (not on the Lake) or links two clearings holding the mover's crafting pieces with Tunnels;
    whether it needs no rule (Corvid Planners, or the active player's False Orders moving an enemy)."""
    if game.options.get("deck_choice") != "exiles_and_partisans":
        return False, False
    active = game.seats[game.active]
    free = holding(game, "corvid_planners") == faction or (
        active.faction != faction and any(game.cards[k].effect == "false_orders" for k in active.persistent))
    river = (holding(game, "boat_builders") == faction and game.map.name != "lake"
             and destination in game.map.clearings[origin - 1].rivers)
    piece = {"marquise": "workshop", "eyrie": "roost", "alliance": "sympathy"}.get(faction)
    tunnel = holding(game, "tunnels") == faction and all(
        (faction, piece) in game.clearings[c].buildings + game.clearings[c].tokens for c in (origin, destination))
    return river or tunnel, free


def otter_divers(game, faction: str, origin: int, destination: int) -> bool:
    """Whether ``faction`` (a player, not a hireling, LoR-E.3.5) controls the Otter Divers and moves to or from
    a clearing with a printed river (on the Lake a coastal one, unless ``flotilla_lake=none``): no rule asked
    (its card, RT-OWN-51, RT-OWN-54)."""
    h = game.hirelings.get("flotilla")
    if h is None or not h.demoted or h.controller != faction:
        return False
    if game.map.name == "lake" and game.options.get("flotilla_lake", "coast") == "none":
        return False
    cls = game.map.clearings
    return bool(cls[origin - 1].rivers or cls[destination - 1].rivers)


def along_path(game, faction: str, origin: int, destination: int) -> bool:
    """Whether a move from ``origin`` to ``destination`` follows the map, recounted from the printed map: an
    open path, or a closed one cleared (LoR-2.2.1, LoR-C.3.3); the Ferry's crossing from its clearing to
    another coastal one, or as a landmark one river away, once a turn (LoR-C.2.5, LoR-A.5); for a bot any closed path and, while the Ferry has not
    crossed, a lake link to or from the Ferry's clearing (CW2-MAP)."""
    cl = game.map.clearings[origin - 1]
    if destination in cl.adjacent:
        return True
    if destination in cl.closed and (game.seat(faction).bot is not None
                                     or tuple(sorted((origin, destination))) not in game.closed):
        return True
    other = game.map.clearings[destination - 1]
    link = cl.coastal and other.coastal if cl.coastal else destination in cl.rivers   # the Ferry landmark: a river
    return "ferry" not in game.used and link and (origin == game.ferry or (destination == game.ferry and game.seat(faction).bot is not None))


def play_checked(options: dict, seed: int, index: int, strategy: str = "random", watch=None):
    """Game ``index`` of ``seed`` with the resolved ``options``, the player's seat played by ``strategy``,
    every step checked. ``watch`` is the list :func:`watching` yields (one ``with`` around many games);
    without it the hooks are installed for this game. Returns ``(result, checker)``; a violation is
    re-raised with what reproduces it."""
    ctx = GAME.prepare(options)
    checker = Checker(ctx)
    streams = game_streams(seed, index)
    strat = get_strategy(GAME, strategy)(streams.strategy)
    with contextlib.ExitStack() as stack:
        if watch is None:
            watch = stack.enter_context(watching(checker))
        watch[0] = checker
        try:
            result = GAME.play(ctx, options, strat, streams, CheckingTrace(checker), Modules(checker))
        except Violation as v:
            raise Violation(v.invariant, v.detail, f"{v.where} -- reproduce: seed {seed}, game {index}, strategy "
                            f"{strategy}, options {changed(options)}") from None
    if not checker.armed:
        raise Violation("pieces", f"the checker was never armed: seed {seed}, game {index}")
    return result, checker


# ---------------------------------------------------------------------------------------------- the games

STRATEGIES = ("random", "expert")     # the player's strategies, by turns: random and expert (issue 33)
PLAYERS = ("marquise", "eyrie", "alliance", "vagabond")
SEED = 20_261_206


def _subsets(items, least: int) -> list[tuple]:
    return [c for k in range(least, len(items) + 1) for c in itertools.combinations(items, k)]


def all_seatings() -> list[tuple[str, str]]:
    """Every seating as ``(faction, bots)``: each player faction with every non-empty set of the other
    factions' bots, and every bots-only table of 2-4 bots (RT-STUDY-1, CW-GEN-2)."""
    out = [(f, ",".join(b)) for f in PLAYERS for b in _subsets([b for b in BOTS if BOTS[b] != f], 1)]
    return out + [("none", ",".join(b)) for b in _subsets(list(BOTS), 2)]


def playable(faction: str) -> bool:
    """Whether setup seats ``faction`` for the player (its module is written)."""
    try:
        setup.module(faction)
    except (UsageError, ImportError):
        return False
    return True


def seatings() -> list[tuple[str, str]]:
    """The seatings whose player faction setup accepts (the human Vagabond may not be written yet)."""
    return [(f, b) for f, b in all_seatings() if f == "none" or playable(f)]


RULES = [o for o in GAME.options if o.kind == "rule" and o.type == "str" and len(o.choices) > 1]


# LoR-A.5.1: none, each landmark alone, and pairs (the Elder Treetop only at 3+ players: game_plan)
HIRELING_PLAN = ("", "protector", "", "band", "", "bandits", "", "spies", "", "keepers", "", "bearers", "",
                 "expedition", "", "band,bandits,protector", "", "spies,band,protector", "", "keepers,bandits,spies",
                 "", "bearers,band,protector", "", "band,expedition,protector", "", "patrol", "",
                 "patrol,keepers,bearers", "", "uprising", "", "uprising,bearers,keepers", "", "dynasty", "",
                 "dynasty,spies,protector", "", "prophets", "", "prophets,spies,band", "", "exile", "",
                 "exile,spies,band", "", "flotilla", "", "flotilla,spies,band")   # built (LoR-E): each, and
                                                                                    # three (a tied card dropped)
LANDMARK_PLAN = ((), ("ferry",), ("tower",), ("elder_treetop",), ("black_market",), ("legendary_forge",),
                 ("ferry", "tower"), ("tower", "elder_treetop"), ("black_market", "elder_treetop"),
                 ("legendary_forge", "ferry"), ("lost_city",), ("lost_city", "black_market"))


def game_plan(i: int, tables: list[tuple[str, str]]) -> tuple[dict, str]:
    """Game ``i`` of a fuzz run over ``tables``: its options and the player's strategy. The seating cycles
    fastest; over the cycles each bot takes every difficulty (LEVELS) and every set of its traits, the
    Vagabot and the player's Vagabond every character, every map side comes with and without the rule
    options' alternatives (LoR-C) and with no landmark, each one and both (:data:`LANDMARK_PLAN`, LoR-A.5), the
    hirelings built one cycle in two (:data:`HIRELING_PLAN`, LoR-A.6), the strategy alternates (:data:`STRATEGIES`), and
    one cycle in four keeps every rule option's default while the others give a third of the rule options
    an alternative (RT-OPEN-n)."""
    faction, bots = tables[i % len(tables)]
    k = i // len(tables)
    pick = random.Random(k)                       # the rule options of the cycle
    raw = {"faction": faction, "bots": bots, "vb_character": VB_CHARACTERS[k % len(VB_CHARACTERS)],
           "vagabond_character": CHARACTERS[(k + 1) % len(CHARACTERS)], "map": MAPS[(k + k // 4) % len(MAPS)]}
    for j, bot in enumerate(BOTS):
        p = PREFIX[bot]
        raw[f"{p}_difficulty"] = LEVELS[(k + j) % len(LEVELS)]
        mask = (k * 5 + j + k // 16) % 16           # any 4 cycles from 0 give every trait; 16, every set
        raw[f"{p}_traits"] = ",".join(t for n, t in enumerate(TRAITS[bot]) if mask >> n & 1)
    if k % 7 == 3:
        raw["seating"] = "fixed"
        if faction != "none":
            raw["seat"] = 1 + k % (len(bots.split(",")) + 1)
    if faction != "none" and k % 5 == 2:
        raw["victory"] = "coop"
    if k % 3 == 1:
        raw["deck_choice"] = "exiles_and_partisans"                 # LoR-A.2
    marks = LANDMARK_PLAN[(k // 3) % len(LANDMARK_PLAN)]          # every single landmark and the pair
    players = len(bots.split(",")) + (faction != "none")
    raw["landmarks"] = ",".join(m for m in marks if (m, raw["map"]) not in (("ferry", "lake"), ("tower", "mountain"))
                                and (m != "elder_treetop" or players > 2))
    seated = {BOTS[b] for b in bots.split(",")} | {faction}             # LoR-A.6.5: no card of a seated faction
    raw["hirelings"] = ",".join(n for n in HIRELING_PLAN[(k // 2) % len(HIRELING_PLAN)].split(",")
                                if TIED.get(n) not in seated)          # LoR-A.6: with and without
    if k % 4:
        for o in RULES:
            if pick.random() < 1 / 3:
                raw[o.name] = pick.choice(o.choices[1:])
    return GAME.resolve_options(raw), STRATEGIES[k % 2]


def changed(options: dict) -> dict:
    """The options that differ from their defaults (what a reproduction needs)."""
    return {o.name: options[o.name] for o in GAME.options if options.get(o.name) != o.default}
