"""Module 2: hunting plans (ST-TK-PLAN-1..5)."""
from __future__ import annotations

from bisect import insort
from functools import partial

from automa.stroganov import economy
from automa.stroganov.hooks import Hooks
from automa.stroganov.state import C_PLAN, IVAN


def register(hooks: Hooks) -> None:
    """The hunting plans' hook points (automa/stroganov/hooks.py)."""
    hooks.start_plans = deal
    hooks.player_hunt += (on_hunt,)
    hooks.wish_steps = wish_steps
    hooks.ivan_hunt += (ivan_override,)
    hooks.end_vp += (end_vp,)


def deal(run) -> list[tuple]:
    """Two plans for the two start sets: from ``hunting_plan.plans`` or random sequences of base furs,
    no kind twice in a row (ST-TK-PLAN-1, ST-TK-PLAN-2, ST-OPEN-53)."""
    t = run.t
    if t.plans:
        return run.rng.sample(list(t.plans), 2)
    kinds = [v for v in range(2, 9) if t.bag_counts[v]]
    plans = []
    for _ in range(2):
        plan = []
        while len(plan) < t.plan_length:
            v = kinds[run.rng.randrange(len(kinds))]
            if not plan or v != plan[-1] or len(kinds) == 1:
                plan.append(v)
        plans.append(tuple(plan))
    return plans


def next_fur(side) -> int:
    """The next animal on a side's plan, 0 when complete or without a plan."""
    return side.plan[side.plan_pos] if side.plan_pos < len(side.plan) else 0


def on_hunt(run, who: int, furs) -> None:
    """Each hunted fur of the next animal advances the player's marker one step (ST-TK-PLAN-3, ST-HUNT-8).
    The furs of one hunt count in the order that takes the marker furthest, not lowest first: "every time"
    (line 88) one of them is the next animal it counts (ST-READ-3). Ivan's plan advances only through
    :func:`ivan_override`."""
    side = run.st.sides[who]
    left = list(furs)
    want = next_fur(side)
    while want and want in left:
        left.remove(want)
        side.plan_pos += 1
        want = next_fur(side)


def ivan_override(run, slot: int) -> bool:
    """Ivan hunts exactly the next plan fur when his tile holds it, instead of the card (ST-TK-PLAN-5). A card
    hunt never advances Ivan's plan: whenever the column holds his next plan fur this hunts it instead, so
    the card hunt runs only when that fur is absent (ST-TK-PLAN-5)."""
    side = run.st.sides[IVAN]
    want = next_fur(side)
    col = run.st.col[slot]
    if not want or want not in col:
        return False
    i = col.index(want)
    col = run.st.col[slot] = col[:i] + col[i + 1:]
    if run.trace:
        run.event("automa", action="hunt_plan", fur=want, rule="ST-TK-PLAN-5")
    side.plan_pos += 1
    economy.gain_fur(run, IVAN, want, hunted=True, back=partial(insort, col))
    return True


def wish_steps(plan_pos: int, total: int, paid: int, real: int) -> int:
    """Plan steps used to fulfil a wish: each step back up removes one unframed fur; red-framed furs
    stay (ST-TK-PLAN-4, ST-WISH-5)."""
    return max(0, min(plan_pos, total - paid, total - real))


def ivan_vp(run) -> int:
    """Ivan's plan VP, 3/6/9/12/15 for 1-5 plan furs hunted (ST-TK-PLAN-5)."""
    return run.t.plan_vp[min(run.st.sides[IVAN].plan_pos, len(run.t.plan_vp) - 1)]


def end_vp(run, who: int, vp: list) -> None:
    """Ivan scores his plan at the end (ST-TK-PLAN-5)."""
    if who == IVAN:
        vp[C_PLAN] += ivan_vp(run)
