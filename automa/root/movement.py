"""Moving (LoR-4.2): adjacency by path, the rule requirement, the legal moves, and the "entered" reaction.

Two clearings are adjacent when an open path links them (LoR-2.2.1); rivers are not paths (LoR-2.3), nor is
the Lake (LoR-C.2.2), and a closed path is none until it is cleared (LoR-C.3.2, LoR-C.3.3): :func:`adjacent`.
On the Lake, or with the Ferry landmark (LoR-A.5) one river away, a move may also cross on the Ferry, once a
turn (LoR-C.2.5): :func:`reach` adds those crossings,
and :func:`move` and :func:`move_pawn` carry the Ferry and give the mover its card (a bot its point instead,
CW2-MAP). Bots see the map as CW2-MAP tells them (:func:`bot_adjacent`). A move takes any
number (more than zero) of a faction's warriors from one clearing to one adjacent clearing, and needs the
mover to rule the origin, the destination or both (LoR-4.2, LoR-4.2.1), unless it is ``nimble`` (the
Vagabond, LoR-9.2.3; the Vagabot, CW-VB-ABIL-2). A piece may move any number of times (LoR-4.2.2).

With the Exiles and Partisans deck (LoR-A.2, :mod:`automa.root.exiles`) the human's Boat Builders and Tunnels
add destinations and Corvid Planners lifts the rule requirement; a tunnel or river move is no Ferry crossing.

Board hook: after warriors of ``mover`` enter clearing ``c``, every other seat's board method
``entered(game, seat, c, mover)`` is called, if it has one (the Alliance's Outrage, LoR-8.2.6; the
Alliance bot's Automated Outrage, CW-AA-ABIL-3). The Vagabond's pawn is no warrior (LoR-9.2.2), so
:func:`move_pawn` calls no hook.
"""
from __future__ import annotations

from automa.root import exiles_always, state
from automa.root.decide import PASS, choose
from automa.root.state import Game


def adjacent(game: Game, c: int) -> tuple[int, ...]:
    """The clearings one open path from ``c`` (LoR-2.2.1; rivers are not paths, LoR-2.3; closed paths count
    once cleared, LoR-C.3.3)."""
    paths = game.paths
    return game.map.clearings[c - 1].adjacent if paths is None else paths[c]


def coast(game: Game) -> tuple[int, ...]:
    """The Lake's coastal clearings (LoR-C.2.3), in priority order."""
    return tuple(cl.id for cl in game.map.clearings if cl.coastal)


def crossings(game: Game, c: int) -> tuple[int, ...]:
    """The clearings a move from ``c`` reaches on the Ferry, when the Ferry is in ``c`` and has not crossed
    this turn: on the Lake every other coastal clearing (LoR-C.2.5); as a landmark on another map, the
    clearings one river away (the Ferry card, LoR-A.5); otherwise none."""
    if game.ferry != c or "ferry" in game.used:
        return ()
    cl = game.map.clearings[c - 1]
    if not cl.coastal:
        return cl.rivers
    return tuple(x for x in coast(game) if x != c)


def reach(game: Game, c: int) -> tuple[int, ...]:
    """Where a move from ``c`` may go: the adjacent clearings and the Ferry's crossings (LoR-4.2, LoR-C.2.5,
    :func:`crossings`)."""
    if game.ferry != c:
        return adjacent(game, c)
    near = adjacent(game, c)
    return near + tuple(x for x in crossings(game, c) if x not in near)


def bot_adjacent(game: Game, c: int) -> tuple[int, ...]:
    """The clearings a bot takes for adjacent (CW2-MAP): on the Mountain closed paths count as open (a bot
    never clears one); the Ferry's clearing is linked to each of its crossings (:func:`crossings`) while the
    Ferry has not crossed this turn (our reading: the once-a-turn limit of LoR-C.2.5 stands), both ways."""
    cl = game.map.clearings[c - 1]
    near = cl.adjacent + cl.closed if cl.closed else cl.adjacent
    if game.ferry is None or "ferry" in game.used:
        return near
    if c == game.ferry:
        return near + tuple(x for x in crossings(game, c) if x not in near)
    return near + (game.ferry,) if game.ferry not in near and c in crossings(game, game.ferry) else near


def can_move(game: Game, faction: str, origin: int, destination: int, nimble: bool = False) -> bool:
    """Whether ``faction`` may move warriors from ``origin`` to ``destination``: it has a warrior there, they
    are adjacent (LoR-4.2), the destination is not the Scoundrel's Scorched Earth (LoR-D.6) and it rules one
    of them (LoR-4.2.1) unless ``nimble`` (LoR-9.2.3); the Band holds none that entered its clearing this
    turn (``state.held_by_band``, LoR-E); the Otter Divers' controller needs no rule to or from a river
    clearing (``state.divers``, RT-OWN-54)."""
    if not game.clearings[origin].warriors.get(faction, 0) or state.held_by_band(game, faction, origin):
        return False
    ep = game.options.get("deck_choice") == "exiles_and_partisans"
    if destination not in reach(game, origin) and not (
            ep and destination in exiles_always.extra_reach(game, faction, origin)):
        return False
    if destination == state.scorched(game):
        return False
    return (nimble or state.rules(game, faction, origin) or state.rules(game, faction, destination)
            or (ep and exiles_always.ignores_rule(game, faction))
            or (bool(game.hirelings) and state.divers(game, faction, origin, destination)))    # the Otter Divers


def moves(game: Game, faction: str, nimble: bool = False) -> list[tuple[int, int, int]]:
    """Every legal move of ``faction`` as ``(origin, destination, warriors at the origin)``, in clearing
    order (LoR-4.2, LoR-4.2.1)."""
    out = []
    for origin in range(1, len(game.clearings)):
        n = game.clearings[origin].warriors.get(faction, 0)
        if n:
            near = reach(game, origin)
            if game.options.get("deck_choice") == "exiles_and_partisans":
                near = set(near) | set(exiles_always.extra_reach(game, faction, origin))
            out.extend((origin, d, n) for d in sorted(near) if can_move(game, faction, origin, d, nimble))
    return out


def move(game: Game, faction: str, origin: int, destination: int, n: int) -> None:
    """Move ``n`` (> 0) warriors of ``faction`` from ``origin`` to ``destination`` (LoR-4.2; the caller has
    checked :func:`can_move`), then the other seats' ``entered`` hooks (LoR-8.2.6), in turn order, told of the
    player moving (a hireling's controller, LoR-E.3.7). A move
    from the Ferry's clearing to one no open path reaches crosses on the Ferry (:func:`ferried`). Along a path
    with a Highway Bandit an enemy pays one of the warriors (:func:`_bandits`)."""
    paid = bool(game.bandits) and destination in adjacent(game, origin) and state.toll(game, faction, origin,
                                                                                       destination)
    if n > paid:
        state.move_warriors(game, faction, origin, destination, n - paid)
        if game.trace:
            game.trace.event("move", rule="LoR-4.2", faction=faction, origin=origin, destination=destination,
                             warriors=n - paid)
        if game.ferry is not None and not (game.options.get("deck_choice") == "exiles_and_partisans"
                                           and destination in exiles_always.extra_reach(game, faction, origin)):
            ferried(game, faction, origin, destination)
        mover = faction
        if game.hired:
            state.entered(game, faction, destination)
            mover = state.player(game, faction)       # a hireling's move is its controller's (LoR-E.3.7)
        for seat in game.seats:
            if seat.faction != mover:
                hook = getattr(seat.board, "entered", None)
                if hook is not None:
                    hook(game, seat, destination, mover)
    if game.bandits and destination in adjacent(game, origin):
        _bandits(game, faction, origin, destination, paid)


def _bandits(game: Game, faction: str, origin: int, destination: int, paid: bool) -> None:
    """A move along a path with a Highway Bandit (its card, LoR-E): an enemy ``paid`` one of its moving
    warriors, removed on the path once the move has begun (taken from the origin after the rest moved), with
    no reaction firing (the FAQ: not in a clearing); the controller may place a warrior of his in the
    destination (the player's ``bandit_recruit``; a bot does not, RT-OWN-15)."""
    if paid:
        state.remove_warriors(game, faction, origin, 1)
        if game.trace:
            game.trace.event("toll", rule="LoR-E", faction=faction, origin=origin, destination=destination)
        return
    if ((min(origin, destination), max(origin, destination)) in game.bandits and game.seat(faction).bot is None
            and choose(game, "bandit_recruit", (destination, PASS)) != PASS):
        state.place_warriors(game, faction, destination, 1)


def tolled(game: Game, seat, origin: int | None, destination: int) -> None:
    """The Vagabond's pawn (his or the Vagabot's) moved along a path with a Highway Bandit not his own: one
    item damaged, through his board's ``take_hits`` (its card, LoR-E)."""
    if origin is not None and destination in adjacent(game, origin) and state.toll(game, seat.faction, origin,
                                                                                    destination):
        if game.trace:
            game.trace.event("toll", rule="LoR-E", faction=seat.faction, origin=origin, destination=destination)
        seat.board.take_hits(game, seat, destination, 1, None)


def move_pawn(game: Game, destination: int) -> None:
    """Move the Vagabond's pawn to clearing ``destination``, regardless of rule (Nimble, LoR-9.2.3); the
    Vagabond's own rules (boots, Hostile clearings, LoR-9.2.9.IIIb) are its module's. From the Ferry's
    clearing to one no open path reaches, the pawn crosses on the Ferry (:func:`ferried`)."""
    origin = game.pawn[1] if game.pawn is not None and game.pawn[0] == "clearing" else None
    game.pawn = ("clearing", destination)
    if game.trace:
        game.trace.event("move", rule="LoR-9.2.3", faction="vagabond", destination=destination)
    if game.ferry is not None:
        ferried(game, "vagabond", origin, destination)
    if game.bandits:
        tolled(game, game.seat("vagabond"), origin, destination)
    if game.hired:
        state.entered(game, "vagabond", destination)


def ferried(game: Game, faction: str, origin: int | None, destination: int) -> None:
    """After ``faction``'s pieces moved from ``origin`` to ``destination``: if they left the Ferry's clearing
    for one of its crossings no open path reaches, they crossed on the Ferry (LoR-C.2.5, :func:`crossings`): it goes with them, it has crossed
    for this turn, and the mover draws a card, or, a bot, scores 1 VP instead (CW2-MAP); for a hireling's
    pieces the mover is its controller (LoR-E.3.7)."""
    if origin is None or destination in adjacent(game, origin) or destination not in crossings(game, origin):
        return                          # no crossing (a bot's closed path on the Mountain is none, CW2-MAP)
    game.ferry = destination
    game.used.add("ferry")
    seat = game.seat(state.player(game, faction) if game.hired else faction)
    if game.trace:
        game.trace.event("ferry", rule="LoR-C.2.5", faction=seat.faction, destination=destination)
    if seat.bot is None:
        seat.hand.extend(state.draw(game, 1))
    else:
        state.score(game, seat.faction, 1, "map")
