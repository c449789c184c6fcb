"""The Riverfolk Flotilla, demoted the Otter Divers (LoR-E, the seed's 16.4; its card, research notes §2.5).

* Flotilla (promoted): a pawn, its side ``game.hired["flotilla"]`` holding no piece, the pawn's clearing on
  its :class:`Board` (``at``). Set up in a clearing on the map edge and on a river (LoR-A.6.3); a pawn
  neither rules (LoR-2.5) nor can be battled or removed (no rule reaches it; its board takes no hit). At the
  start of its controller's Birdsong (LoR-E.2.3), a must: every player with faction pieces in its clearing
  draws a card (RT-OWN-53; a bot: ``flotilla_bot_draw``, RT-OWN-52), then it moves one river on, ignoring
  rule, and may battle there, rolling at most three hits (:data:`MAX_HITS`); a bot's takes no battle
  (RT-OWN-15).
* Otter Divers (demoted): its controller's own moves ignore rule to or from a river clearing
  (``state.divers``, read by ``movement.can_move`` and the Mechanical Marquise's ``may_move``, RT-OWN-54).

On the Lake the lake's links are its rivers (LoR-C.2.2; ``flotilla_lake``, RT-OWN-51): the pawn starts on
the coastal corner and crosses to any other coastal clearing.
"""
from __future__ import annotations

from automa.root import battle, state
from automa.root.bots.common import priority_order
from automa.root.decide import PASS, choose
from automa.root.hirelings.side import pick
from automa.root.state import FACTIONS, Game, Hireling, Seat

NAME = "flotilla"
PIECES: dict[str, int] = {}        # a pawn only, on the side's board
MAX_HITS = 3                       # its card: the most hits it rolls


class Board:
    """The Flotilla's side: where its pawn is (``None``: off the map); in battle it rolls at most
    :data:`MAX_HITS` and takes no hit (it cannot be removed)."""

    def __init__(self, at: int | None = None):
        self.at = at

    def copy(self) -> Board:
        return Board(self.at)

    def max_rolled_hits(self, game: Game, seat: Seat, c: int, role: str) -> int:
        return MAX_HITS

    def take_hits(self, game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
        return 0


def at(game: Game) -> int | None:
    """The Flotilla's clearing, ``None`` off the map or demoted."""
    side = game.hired.get(NAME)
    return side.board.at if side is not None else None


def setup(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-A.6.3: the Flotilla in a clearing on the map edge and on a river, ``seat`` choosing (a bot by
    priority, RT-OWN-16); none such (the keep on the Lake's coastal corner): off the map for good."""
    if h.demoted:
        return
    game.hired[NAME] = Seat(NAME, state.HIRED, {}, board=Board())
    where = [cl.id for cl in game.map.clearings if cl.edge and state.riverside(game, cl.id)]
    c = pick(game, seat, NAME, where)
    if c is not None:
        game.hired[NAME].board.at = c
        if game.trace:
            game.trace.event("hireling_setup", rule="LoR-A.6.3", faction=seat.faction, hireling=NAME, clearing=c)


def hired(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.1: neither side has a when-hired action."""


def birdsong(game: Game, seat: Seat, h: Hireling) -> None:
    """LoR-E.2.3, a must: the draws, the move one river on (``flotilla_move``, a bot by priority), then the
    player's battle (``flotilla_battle``). The Otter Divers have no Birdsong."""
    if h.demoted or at(game) is None:
        return
    c = at(game)
    draws(game, seat, c)
    where = [x for x in state.rivers(game, c) if x != state.scorched(game)]          # LoR-D.6
    if where:
        c = choose(game, "flotilla_move", where) if seat.bot is None else priority_order(game, where)[0]
        game.hired[NAME].board.at = c
        if game.trace:
            game.trace.event("flotilla", rule="LoR-E.2.3", faction=seat.faction, clearing=c)
    if seat.bot is not None:
        return                                                    # a "may": a bot's takes none (RT-OWN-15)
    fights = targets(game, seat)
    fight = choose(game, "flotilla_battle", fights + [PASS]) if fights else PASS
    if fight != PASS:
        battle.battle(game, NAME, fight, c)


def draws(game: Game, seat: Seat, c: int) -> None:
    """The first step: each player with faction pieces in ``c`` draws a card, from the controller ``seat`` on
    in turn order (RT-OWN-53); a bot holds no hand (CW-GEN-15): nothing, or 1 VP with
    ``flotilla_bot_draw=score_one`` (RT-OWN-52)."""
    i = game.seats.index(seat)
    for s in game.seats[i:] + game.seats[:i]:
        if not battle.present(game, s.faction, c):
            continue
        if s.bot is None:
            s.hand.extend(state.draw(game, 1))
        elif game.options.get("flotilla_bot_draw", "nothing") == "score_one":
            state.score(game, s.faction, 1, "card")
        else:
            continue
        if game.trace:
            game.trace.event("flotilla_draw", rule="LoR-E.2.3", faction=s.faction, clearing=c)


def targets(game: Game, seat: Seat) -> list[str]:
    """Whom the Flotilla may battle in its clearing: its controller's enemies with a piece there (LoR-E.3.2),
    as ``battle.defenders`` names them (not shielded by the Stoic Protector, not the Bandit Gangs at their
    controller's pieces), but no Spring Uprising, whose fee a hireling cannot pay (``state.battle_fee``)."""
    c = at(game)
    out = [f for f in FACTIONS if f != seat.faction and game.seat(f) is not None and battle.present(game, f, c)
           and not state.shielded(game, f, c)]
    return out + [n for n in game.hired if n != NAME and game.hirelings[n].controller != seat.faction
                  and battle.present(game, n, c) and not state.gangs_guarded(game, n, c)
                  and state.battle_fee(game, NAME, n, c) != []]
