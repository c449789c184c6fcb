"""What Stroganov's position value sees: a row of numbers per position, read from the view only (no
peeking), at the player's first decision of an action season (docs/learned.md, "Position value").

For each side (the player, the automa): the VP it would have if the game ended now (final conversions
included, ST-END-1) and its VP so far, coins, furs held and their value, tigers, horses, banners,
story, outposts on the board and in supply, tiles, wishes held and fulfilled, and its trophy step;
then the lead in end-now VP, the furs left in the bag, and the setting: Katyusha or Ivan
(ST-IVAN-KAT-1) and the difficulty (ST-IVAN-DIFF-1, ST-IVAN-DIFF-2; a level of the user's own automa
file is none of the three). A model is fit per season, so the season is not a feature.

``version`` names this list; a position model of another version is refused on load.
"""
from __future__ import annotations

from operator import mul

from strategies.value import PositionFeatures

VERSION = "stroganov-position-1"
ROUNDS = tuple(range(1, 13))
SIDES = ("player", "automa")
SIDE_FACTS = ("end_vp", "vp", "coins", "furs", "fur_value", "tigers", "horses", "banners", "story", "outposts",
              "outpost_supply", "tiles", "wishes", "fulfilled", "trophy")
DIFFICULTIES = ("normal", "medium", "hard")
VALUES = range(9)       # the fur values, 0..8 (ST-FUR-1)
NAMES = [*(f"{side}_{fact}" for side in SIDES for fact in SIDE_FACTS), "end_vp_lead", "bag",
         "katyusha", *(f"difficulty_{d}" for d in DIFFICULTIES)]


class StroganovPosition(PositionFeatures):
    """The position rows of Stroganov, one group of the model per action season (``round_1`` .. ``round_12``)."""

    version = VERSION
    rounds = ROUNDS
    names_row = NAMES

    @staticmethod
    def row(view) -> list[float]:
        """The features :data:`NAMES` of the position ``view`` shows."""
        ends = (sum(view.end_scores(0)), sum(view.end_scores(1)))
        out: list = []
        for end, side in zip(ends, (view.player, view.automa)):
            furs = side.furs                    # the count per fur value (0..8); outposts: per region
            out += (end, side.vp, side.coins, sum(furs), sum(map(mul, VALUES, furs)), side.tigers, side.horses,
                    side.banners, side.story, sum(side.outposts), side.outpost_supply, len(side.tiles),
                    len(side.wishes), len(side.fulfilled), side.trophy)
        difficulty = view.difficulty
        out += (ends[0] - ends[1], view.bag_size, view.opponent == "katyusha", *(difficulty == d for d in DIFFICULTIES))
        return list(map(float, out))
