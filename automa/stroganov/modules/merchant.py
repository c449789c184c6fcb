"""Module 1: chipmunks and the traveling merchant (ST-TK-MERCH-1..7)."""
from __future__ import annotations

from automa.stroganov import economy
from automa.stroganov.hooks import Hooks, ModuleAction
from automa.stroganov.state import C_MERCHANT, IVAN, PLAYER


def register(hooks: Hooks) -> None:
    """The merchant's hook points (automa/stroganov/hooks.py)."""
    hooks.setup_bag += (chipmunks,)
    hooks.setup += (setup,)
    hooks.actions += (ModuleAction("merchant", player_choices, region, player_exchange),)
    hooks.ivan_chipmunk += (ivan_chipmunk,)
    hooks.winter_start += (winter_start,)
    hooks.refill_end += (move,)


def chipmunks(run) -> None:
    """The chipmunks go into the bag (ST-TK-MERCH-1), below every other fur: the bag stays sorted."""
    run.st.bag[:0] = [1] * run.t.chipmunks


def setup(run) -> None:
    """One random merchant tile in the start region (ST-TK-MERCH-2)."""
    run.st.merchant_tile = run.rng.randrange(len(run.t.merchant_tiles))
    run.st.merchant_region = run.t.merchant_start


def player_choices(run, side, regions) -> list:
    """Exchanges of 1 or 2 chipmunks where the cossack or an own outpost shares the merchant's region
    (ST-TK-MERCH-3)."""
    if run.st.merchant_region not in regions:
        return []
    return [("merchant", n) for n in (1, 2) if side.furs[1] >= n]


def region(run, action) -> int:
    """An exchange is performed in the merchant's region (ST-TK-MERCH-3, ST-TURN-5)."""
    return run.st.merchant_region


def player_exchange(run, action) -> None:
    """The player's exchange action ``("merchant", n)``."""
    exchange(run, PLAYER, action[1])


def exchange(run, who: int, n: int) -> None:
    """Sell n chipmunks to the merchant for the reward under that arrow; they go back to the bag
    (ST-TK-MERCH-3, ST-TK-MERCH-4)."""
    economy.spend_furs(run, who, 1, n)
    economy.gain_reward(run, who, run.t.merchant_tiles[run.st.merchant_tile][n - 1], C_MERCHANT)


def ivan_exchange(run, n: int) -> None:
    """Ivan exchanges at once, without presence or action (ST-TK-MERCH-5, ST-TK-MERCH-7)."""
    if run.trace:
        run.event("automa", action="merchant", chipmunks=n, rule="ST-TK-MERCH-5" if n == 2 else "ST-TK-MERCH-6")
    exchange(run, IVAN, n)


def ivan_chipmunk(run) -> None:
    """Ivan exchanges two chipmunks as soon as he holds them (ST-TK-MERCH-5)."""
    if run.st.sides[IVAN].furs[1] >= 2:
        ivan_exchange(run, 2)


def winter_start(run) -> None:
    """Ivan sells a lone chipmunk at the start of winter (ST-TK-MERCH-6)."""
    if run.st.sides[IVAN].furs[1] == 1:
        ivan_exchange(run, 1)


def move(run) -> None:
    """The merchant moves one region east at the end of winter step 3 (ST-TK-MERCH-2)."""
    run.st.merchant_region = min(run.st.merchant_region + 1, run.t.n_regions - 1)


