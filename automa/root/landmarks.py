"""Landmarks (LoR-F, the seed's 16.5; setup LoR-A.5, 16.1.5), an optional module: ``landmarks`` names one or
two of them (LoR-A.5.1), empty by default, and then nothing here runs.

Built so far: the Ferry and the Tower, which reuse the map sides' pieces (``game.ferry``, ``game.tower``)
and their rules (:mod:`automa.root.movement` crossings, :func:`automa.root.variant_maps.pass_point`), and
the Elder Treetop (``game.elder_treetop``):

* Setup (LoR-A.5.3, 16.1.5): the last seat in turn order sets up the first named landmark, the
  second-to-last the second. A player chooses the clearing (``landmark_clearing``); a bot, whose rules are
  silent, takes its highest-priority legal clearing (CW-GEN-8), or with ``landmark_placement=random`` one at
  random from the setup stream (our open point).
* Where (the landmark cards, research notes §3): the Ferry in a river clearing (on the Lake a coastal one)
  with no landmark in it or next to it; the Tower in a clearing with a ruin and no landmark; the Elder
  Treetop in a corner clearing, spaced as the Ferry (never at a table of two: options.check).
* The Elder Treetop adds a building slot to its clearing (set up here); which building holds that slot and
  the extra VP for removing it are :func:`automa.root.state.place_building` and ``remove_piece``'s.
* The Ferry's crossing off the Lake goes one river away (movement's ``crossings``); the Tower scores its
  ruler at the end of its Evening, as the Mountain's Pass does (LoR-C.3.4).
* Landmarks are nobody's pieces and cannot be battled, moved or removed (LoR-F.1.1, F.1.2, 16.5.1): they
  live apart from the clearings' pieces, so no battle, removal or rule count sees them.
"""
from __future__ import annotations

from automa.root.decide import choose
from automa.root.options import LANDMARKS as NAMES    # the landmarks built so far (the others: docs/root.md)
from automa.root.state import Game


def occupied(game: Game) -> tuple[int, ...]:
    """The clearings that hold a landmark now (the map's own Ferry and Tower included)."""
    return tuple(c for c in (game.ferry, game.tower, game.elder_treetop) if c is not None)


def legal(game: Game, name: str) -> list[int]:
    """The clearings where ``name`` may be set up, in priority order (CW-GEN-8): no landmark there; the
    Tower a ruin; the others also no landmark next to it (spaced), the Ferry a river (the Lake: the coast)
    through it, the Elder Treetop a corner (LoR-F, the cards; research notes §3)."""
    taken = occupied(game)
    out = []
    for cl in game.map.clearings:
        if cl.id in taken:
            continue
        if name == "tower":
            if cl.ruin:
                out.append(cl.id)
        elif not any(t in cl.adjacent for t in taken) and (
                (name == "ferry" and (cl.coastal or cl.rivers))
                or (name == "elder_treetop" and cl.id in game.map.corners)):
            out.append(cl.id)
    return out


def setup(game: Game) -> None:
    """LoR-A.5.2-A.5.3 (16.1.5): deal the named landmarks in a random order (the setup stream); the last seat
    in turn order sets up the first, the second-to-last the second."""
    names = [n for n in game.options.get("landmarks", "").split(",") if n]
    game.rng["setup"].shuffle(names)                                     # LoR-A.5.2: dealt at random
    for i, name in enumerate(names):
        seat = game.seats[-1 - i]
        where = legal(game, name)
        if not where:
            raise ValueError(f"no clearing for the {name} on {game.map.name}")
        if seat.bot is None:
            c = choose(game, "landmark_clearing", [(name, c) for c in where])[1]
        elif game.options.get("landmark_placement", "priority") == "random":
            c = game.rng["setup"].choice(where)
        else:
            c = where[0]
        setattr(game, name, c)
        if name == "elder_treetop":
            game.clearings[c].slots += 1                                 # LoR-F: one building slot more
        if game.trace:
            game.trace.event("landmark", rule="LoR-A.5.3", faction=seat.faction, landmark=name, clearing=c)
