"""The map sides (LoR-C, the seed's 16.2; LoR-A.1, 16.1.1): the suit markers, the Mountain's closed paths and
its Pass, as the Law and the bots' map rule (CW2-MAP) say.

* Suit markers (LoR-A.1, 16.1.1): on Winter, Lake and Mountain the twelve markers are shuffled and one lies
  on each clearing; Fall keeps its printed suits unless ``fall_suit_markers=markers`` (RT-OPEN-56).
* Winter (LoR-C.1.1, 16.2.1.I): the raging river divides forests; that is the map's forest adjacency
  (data/maps.json), so it has no code here.
* Lake (LoR-C.2, 16.2.2): the Ferry is movement's (:mod:`automa.root.movement`: ``reach``, ``ferried``);
  the lake's links are rivers, which no base faction uses (LoR-2.3).
* Mountain (LoR-C.3, 16.2.3): once in a Daylight a player may spend a card to clear a closed path beside
  any of their pieces, for 1 VP (:func:`clear_path`, LoR-C.3.3); bots never do, since closed paths are
  open to them (CW2-MAP). Whoever rules the Pass at the end of their Evening scores 1 VP (:func:`pass_point`,
  LoR-C.3.4). The Pass comes first in every priority a bot reads (CW2-MAP, :func:`automa.root.bots.common`).

Nothing here runs on a map without the feature: setup lays no marker on a printed map, and a game with no
closed path and no Tower never calls the Daylight action or the Pass.
"""
from __future__ import annotations

from automa.root import decide, state
from automa.root.battle import PASS
from automa.root.decide import choose
from automa.root.state import Game, Seat


def lay_suit_markers(game: Game, markers: tuple[str, ...]) -> None:
    """LoR-A.1 (16.1.1): the map's suit markers, shuffled with the setup stream, one on each clearing in
    clearing order. A map with printed suits gets the box's markers over them only with
    ``fall_suit_markers=markers`` (RT-OPEN-56); by default it keeps them and nothing is drawn."""
    if game.map.markers:
        markers = game.map.markers
    elif game.options.get("fall_suit_markers", "printed") == "printed":
        return
    order = list(markers)
    game.rng["setup"].shuffle(order)
    for c, suit in enumerate(order, start=1):
        game.clearings[c].suit = suit
    if game.trace:
        game.trace.event("suits", rule="LoR-A.1", suits=",".join(order))


def _touches(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction`` has any piece in clearing ``c``: warriors, a building, a token or the pawn."""
    cl = game.clearings[c]
    return bool(cl.warriors.get(faction) or any(f == faction for f, _ in cl.buildings)
                or any(f == faction for f, _ in cl.tokens) or (faction == "vagabond" and game.pawn == ("clearing", c)))


def clearable(game: Game, seat: Seat) -> list[tuple[int, int]]:
    """The closed paths ``seat`` may clear now (LoR-C.3.3): it has a card to spend, has not cleared one this
    turn, and has a piece in a clearing at either end."""
    if not game.closed or not seat.hand or "clear_path" in game.used:
        return []
    return [p for p in game.closed if _touches(game, seat.faction, p[0]) or _touches(game, seat.faction, p[1])]


def clear_path(game: Game, seat: Seat) -> None:
    """LoR-C.3.3 (16.2.3.III), offered to a player at the start of Daylight (as the card effects are, cards.py):
    spend any card to remove a closed path marker for good and score 1 VP. The two clearings become adjacent
    (LoR-C.3.2)."""
    paths = clearable(game, seat)
    if not paths:
        return
    path = choose(game, "clear_path", paths + [PASS])
    if path == PASS:
        return
    card = choose(game, "clear_path_card", decide.one_per_name(game, sorted(seat.hand)))
    seat.hand.remove(card)
    state.discard(game, card)
    game.used.add("clear_path")
    game.closed = tuple(p for p in game.closed if p != path)
    a, b = path
    game.paths = tuple(() if c == 0 else tuple(sorted(game.map.clearings[c - 1].adjacent
                                                     + tuple(o for o in game.map.clearings[c - 1].closed
                                                             if tuple(sorted((c, o))) not in game.closed)))
                       for c in range(len(game.clearings)))
    if game.trace:
        game.trace.event("clear_path", rule="LoR-C.3.3", faction=seat.faction, path=f"{a}-{b}",
                         card=game.cards[card].key)
    state.score(game, seat.faction, 1, "map")


def pass_point(game: Game, seat: Seat) -> None:
    """LoR-C.3.4 (16.2.3.IV): at the end of its Evening, a seat that rules the Pass scores 1 VP (bots as well:
    the Law's rules hold for them where the bots' rules are silent, CW-GEN-1)."""
    if game.tower is not None and state.rules(game, seat.faction, game.tower):
        if game.trace:
            game.trace.event("pass", rule="LoR-C.3.4", faction=seat.faction, clearing=game.tower)
        state.score(game, seat.faction, 1, "map")
