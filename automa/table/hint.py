"""``play``'s hint: a search player's verdict on the decision at hand (docs/play.md, "hint").

The hint player (``--hint-strategy``, a search strategy with a verdict such as ``mc``) rolls out its
rollout policy's best choices on the same re-sampled deals (strategies/search.py ``Verdict``; what the
player cannot see is re-dealt, docs/search.md) and shows each choice's win chance and mean margin,
the one it would play first. It compares only a few choices, so the best move can lie outside
them: ``hint more`` compares the policy's :data:`MORE` best, and a hint widens by itself when every
choice it compared lost every rollout. A wider hint is the same player with a larger width and the
same rollouts per choice, built from the same stream: round ``k`` deals alike in both, so the
choices of the narrow hint get exactly the rollouts they had, and the added ones are rolled out on
those same deals. The real game is untouched.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

MORE = 8    # choices a wider hint compares, the rollout policy's best first
SHOWN = 5   # of those, the most it lists (its pick first)


@dataclass
class Verdict:
    """A choice as a hint rates it: rollouts, wins (ties count as none), their 95% Wilson interval, and
    the mean margin with its 95% interval (None with one rollout)."""

    choice: Any
    rollouts: int
    wins: int
    win_lo: float
    win_hi: float
    margin: float
    margin_lo: float | None
    margin_hi: float | None


@dataclass
class Hint:
    """A hint: its verdicts (the choice it would play first), how many choices it compared of how many
    legal ones, and whether it was widened (``"asked"`` for ``hint more``, ``"lost"`` where every
    choice compared at first lost every rollout, ``""`` where it was not)."""

    verdicts: list[Verdict]
    compared: int
    choices: int
    widened: str = ""


def _verdicts(player, decision, most: int) -> list[Verdict]:
    out = []
    for r in player.verdict(decision).rated()[:most]:
        _, win_lo, win_hi = r.win
        margin, lo, hi = r.margin
        out.append(Verdict(r.choice, r.rollouts, r.wins, win_lo, win_hi, margin,
                           None if math.isnan(lo) else lo, None if math.isnan(hi) else hi))
    return out


def hint(decision, spec, seed: str | int = 0, more: bool = False) -> Hint:
    """The search player ``spec``'s verdict on ``decision``, from a stream seeded by ``seed`` (the same
    hint every time), widened to :data:`MORE` choices when ``more`` or when every compared choice lost
    all its rollouts. A strategy that does not search gives its ranking without numbers (rollouts 0)."""
    player = spec(random.Random(seed))
    legal = len(decision.choices)
    if not (hasattr(player, "verdict") and decision.can_roll_out):
        ranked = player.rank(decision)[:3]
        return Hint([Verdict(c, 0, 0, math.nan, math.nan, math.nan, None, None) for c in ranked], len(ranked), legal)
    width, budget = player.width, player.budget
    compared = min(width, budget, legal)
    verdicts = _verdicts(player, decision, compared)
    lost = all(v.rollouts and v.wins == 0 for v in verdicts)
    wide = min(MORE, legal)
    if not (more or lost) or wide <= compared:
        return Hint(verdicts, compared, legal)
    return Hint(_verdicts(wider(spec, seed, wide, budget // compared), decision, SHOWN), wide, legal,
                "asked" if more else "lost")


def wider(spec, seed: str | int, width: int, rounds: int):
    """The hint player ``spec`` searching ``width`` choices, ``rounds`` rollouts each, from the stream of
    ``seed``: its round ``k`` deals as the round ``k`` of ``spec`` from that stream does."""
    return spec.cls(random.Random(seed), **{**spec.values, "width": width, "budget": rounds * width})


def hint_scope(found: Hint) -> str:
    """Which choices a hint compared, in words."""
    if not found.verdicts or not found.verdicts[0].rollouts:
        return f"its ranking of the {found.choices} choices, best first (it rolls nothing out)"
    which = (f"all {found.choices} choices" if found.compared >= found.choices else
             f"the {found.compared} choices its rollout policy rates best, of {found.choices}")
    lost = "; none of them won a rollout either (the margins tell them apart)" if not any(
        v.wins for v in found.verdicts) else ""
    if found.widened == "lost":
        return (f"every choice it compared first lost every rollout, so it compared {which}"
                f"{',' if found.compared < found.choices else ''} on the same deals{lost}:")
    if found.widened == "asked":
        return f"compared {which}{lost}:"
    more = f" (hint more: {'all' if found.choices <= MORE else f'the best {MORE}'})" if found.choices > found.compared else ""
    return f"compared {which}{more}:"
