"""Module 1: chipmunks and the traveling merchant (ST-TK-MERCH-1..7)."""
from __future__ import annotations

from automa.stroganov import economy
from automa.stroganov.state import C_MERCHANT, IVAN


def setup(run) -> None:
    """One random merchant tile in the start region (ST-TK-MERCH-2); chipmunks are in the bag (ST-TK-MERCH-1)."""
    run.st.merchant_tile = run.rng.randrange(len(run.t.merchant_tiles))
    run.st.merchant_region = run.t.merchant_start


def player_choices(run, side, regions) -> list:
    """Exchanges of 1 or 2 chipmunks where the cossack or an own outpost shares the merchant's region
    (ST-TK-MERCH-3)."""
    if run.st.merchant_region not in regions:
        return []
    return [("merchant", n) for n in (1, 2) if side.furs[1] >= n]


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


def winter_start(run) -> None:
    """Ivan sells a lone chipmunk at the start of winter (ST-TK-MERCH-6)."""
    if run.st.sides[IVAN].furs[1] == 1:
        ivan_exchange(run, 1)


def move(run) -> None:
    """The merchant moves one region east at the end of winter step 3 (ST-TK-MERCH-2)."""
    run.st.merchant_region = min(run.st.merchant_region + 1, run.t.n_regions - 1)


