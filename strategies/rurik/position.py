"""What Rurik's position value sees: a row of numbers per position, read from the view only (no
peeking), at the player's first decision of a round (docs/learned.md, "Position value").

For each side: its levels on the rule, build and trade tracks and the VP they score now and would
score if updated now (RK-CLAIM-2..5), warfare and VP tokens, coins, troops in supply, units and
structures on the board, goods held, regions ruled and occupied, structures left; then both sides'
claim progress (with ties and partial levels) and its difference, the player's deeds done (VP),
hand and deeds held, the Rebellion's income, and the difficulty (RK-REB-SETUP-4). A position model is
fit per round, so the round is not a feature.

``version`` names this list; a position model of another version is refused on load.
"""
from __future__ import annotations

from strategies.value import PositionFeatures

VERSION = "rurik-position-1"
ROUNDS = (1, 2, 3, 4)
SIDES = ("player", "rebellion")
SIDE_FACTS = ("rule_level", "build_level", "trade_level", "claim_vp", "projected_claim_vp", "warfare",
              "vp_tokens", "coins", "supply", "units", "structures", "goods", "ruled", "occupied",
              "structures_left")
NAMES = [*(f"{side}_{fact}" for side in SIDES for fact in SIDE_FACTS),
         "player_progress", "rebellion_progress", "progress_lead", "deeds_vp", "hand", "deeds", "rebel_income",
         *(f"difficulty_{d}" for d in (1, 2, 3, 4))]


class RurikPosition(PositionFeatures):
    """The position rows of Rurik, one group of the model per round (``round_1`` .. ``round_4``)."""

    version = VERSION
    rounds = ROUNDS
    names_row = NAMES

    @staticmethod
    def row(view) -> list[float]:
        """The features :data:`NAMES` of the position ``view`` shows."""
        out: list[float] = []
        for side in (view.PLAYER, view.REBELLION):
            units, structures, goods = view.position(side)
            out += [*view.claims(side), view.claim_vp(side), view.projected_claim_vp(side), view.warfare(side),
                    view.vp_tokens(side), view.coins(side), view.supply(side), units, structures, goods,
                    view.ruled_count(side), view.occupied_count(side), sum(view.structures_left(side))]
        player, rebellion = view.claim_progress_both()
        difficulty = view.difficulty
        out += [player, rebellion, player - rebellion, view.deeds_done_vp, len(view.hand), len(view.deeds),
                view.rebel_income, *(float(difficulty == d) for d in (1, 2, 3, 4))]
        return [float(x) for x in out]
