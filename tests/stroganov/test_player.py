"""The player's legal choices and their effects (ST-TURN, ST-MOVE, ST-HUNT, ST-CLAIM, ST-WISH)."""
from __future__ import annotations

from automa.stroganov import player
from automa.stroganov.state import PLAYER
from tests.stroganov.conftest import clear_board, make_run, take_from_bag


def arranged(**options):
    run = make_run(**options)
    clear_board(run)
    return run, run.st.sides[PLAYER]


def test_move_costs_horses_beyond_two_tiles():
    """1-2 tiles free, the 3rd/4th/5th cost 1/2/3 horses, never past the east end (ST-MOVE-1, ST-MOVE-2,
    ST-MOVE-4)."""
    run, side = arranged()
    side.horses = 3
    assert player.move_choices(run, side) == [1, 2, 3, 4]
    player.move(run, 4)
    assert side.horses == 0 and side.pos == 3
    side.pos = 10
    assert player.move_choices(run, side) == [1]


def test_hunt_skip_for_horses_extra_for_coins():
    """Skipping a fur costs a horse, each extra fur a coin; the tiger tops the column (ST-HUNT-2..5)."""
    run, side = arranged()
    side.pos, side.horses, side.coins = 2, 1, 1
    run.st.col[2] = take_from_bag(run, 2, 4, 6)
    hunts = [a for a in player.actions(run, side, True) if a[0] == "hunt"]
    assert hunts == [("hunt", 2, 0, 1), ("hunt", 2, 0, 2), ("hunt", 2, 1, 1), ("hunt", 2, 1, 2)]
    player.act(run, ("hunt", 2, 1, 2))
    assert run.st.col[2] == [2] and side.furs[4] == side.furs[6] == 1 and side.horses == side.coins == 0


def test_claim_price_and_compensation():
    """Claim: one fur per fur on the tile plus a region fur; the claimer gets the tile's furs and bonus
    (ST-CLAIM-1..3)."""
    run, side = arranged()
    side.pos = 4
    fur = run.st.region_fur[2]
    side.furs = [0] * 9
    side.coins = 0
    run.st.col[4] = take_from_bag(run, 7)
    assert ("claim", 4) not in player.actions(run, side, False)
    side.furs[fur] += 1
    side.furs[2 if fur != 2 else 3] += 1
    take_from_bag(run, fur, 2 if fur != 2 else 3)
    tile = run.st.tiles[4]
    assert ("claim", 4) in player.actions(run, side, False)
    player.act(run, ("claim", 4))
    assert side.tiles == [tile] and side.furs[7] == 1 and sum(side.furs) == 1


def test_paid_action_needs_the_region_fur():
    """The second main action costs a fur of the region where it is done (ST-TURN-5)."""
    run, side = arranged()
    side.pos, side.furs, side.coins, side.tigers = 2, [0] * 9, 0, 0
    assert player.paid_actions(run, side) == []
    fur = run.st.region_fur[1]
    side.furs[fur] = 1
    take_from_bag(run, fur)
    assert ("horses",) in player.paid_actions(run, side)
    player.paid_act(run, ("horses",))
    assert side.furs[fur] == 0


def test_outpost_location_allows_village():
    """Villages, yurts and wishes may be used where the player has an outpost (ST-TURN-6, ST-OUTPOST-4)."""
    run, side = arranged()
    side.pos = 0
    side.outposts[5] = 1
    acts = player.actions(run, side, False)
    assert ("village", 5) in acts and not any(a[0] == "hunt" and a[1] >= 10 for a in acts)


def test_wish_with_tiger_and_coin_wilds():
    """Tigers and fur+coin stand in for missing furs (ST-WISH-3, ST-FUR-4, ST-FUR-5)."""
    run, side = arranged()
    w = run.t.wish_groups["start"][0]
    value, total, paid = run.t.wishes[w][:3]
    side.furs, side.tigers, side.coins = [0] * 9, 1, total
    side.furs[value] = total - 2
    other = 8 if value != 8 else 7
    side.furs[other] = 1
    side.wishes = [w]
    assert player.wish_payment(run, side, w) == (0, total - 2, 0, 1, (other,))
    player.fulfil(run, w)
    reward_coins = dict(run.t.wishes[w][4][0]).get("coins", 0)
    assert side.fulfilled == [w] and side.coins == total - 1 + reward_coins
    assert side.tigers == 1 and side.furs[other] == 1 and side.furs[value] == total - 2 - paid
