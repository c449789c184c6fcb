"""Legal choices, read by the rules and by the view: the player's spending choices per action
(RK-PL-*) and the strategy-board row an advisor lands on (RK-STRAT-4). They change nothing and
ask nobody."""
from __future__ import annotations

from automa.rurik.match import Match
from automa.rurik.regions import occupies, rules
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION

P = PLAYER
# the choice tuples are made once: deciding builds lists of these, never new tuples
MUSTER_LEADER = tuple(("muster", r, "leader") for r in range(8))
MUSTER_TROOP = tuple(("muster", r, "troop") for r in range(8))
ATTACK_REBELLION = tuple(("attack", r, "rebellion") for r in range(8))
ATTACK_NEUTRAL = tuple(("attack", r, "neutral") for r in range(8))
BUILD = tuple(tuple(("build", r, k, "none") for k in range(5)) for r in range(8))
MOVE_ANY = tuple(tuple([("move", r, d, u) for d in range(8) if d != r] for u in ("troop", "leader"))
                 for r in range(8))


def landing(column: list, strength: int) -> int:
    """The highest space that is empty or holds a strictly weaker advisor (RK-STRAT-4)."""
    for i, a in enumerate(column):
        if a[2] < strength:
            return i
    return len(column)


def build_cost(m: Match, r: int) -> int:
    """1 point where the player rules, else 2 (RK-PL-TAX-1, RK-PL-BUILD-1); Mstislav's region 1."""
    pl = m.s.sides[P]
    if m.opt["player_leader"] == "mstislav" and pl.leader == r:
        return 1
    return 1 if rules(m.s, P, r, m.need_unit) else 2


def muster_choices(m: Match, points: int, only: int = -1) -> list:
    """Muster into occupied regions; an off-board leader first (RK-PL-MUSTER-1, RK-PL-MUSTER-2, RK-OPEN-37)."""
    pl = m.s.sides[P]
    units, leader = pl.units, pl.leader
    regs = [r for r in (range(8) if only < 0 else (only,)) if units[r] or leader == r]
    out = []
    if leader == -1:                                      # a captured leader (-2) cannot muster
        out = [MUSTER_LEADER[r] for r in regs]
        if m.opt["leader_reentry"] == "must_first":
            return out
    if pl.supply > 0:
        out += [MUSTER_TROOP[r] for r in regs]
    return out


def move_choices(m: Match, points: int, only: int = -1, anywhere: bool = False) -> list:
    """One unit one step to an adjacent region per point (RK-PL-MOVE-1); ``only`` limits the
    units to one region (stable, RK-SB-STRUCT-1; Gleb, RK-SB-LEAD-1). Modules may drop moves
    (hook ``move_choices``)."""
    pl = m.s.sides[P]
    units, leader = pl.units, pl.leader
    out = []
    for r in (range(8) if only < 0 else (only,)):
        if units[r]:
            out += MOVE_ANY[r][0] if anywhere else m.data.moves[r][0]
        if leader == r:
            out += MOVE_ANY[r][1] if anywhere else m.data.moves[r][1]
    for hook in m.hooks.move_choices:
        out = hook(m, out, points)
    return out


def attack_choices(m: Match, points: int, only: int = -1) -> list:
    """Attack a Rebellion unit or a neutral troop where the player has a unit, or from where a
    module lets them (hook ``attack_from``) (RK-PL-ATTACK-1)."""
    s = m.s
    pl, reb = s.sides[P], s.sides[REBELLION]
    reach = m.hooks.attack_from
    out = []
    for r in range(8):
        if not (pl.units[r] or pl.leader == r):
            if not reach:
                continue
            at = -1
            for hook in reach:
                if at < 0:
                    at = hook(m, P, r)
            if at < 0:
                continue
        if reb.units[r] or reb.leader == r:
            out.append(ATTACK_REBELLION[r])
        if s.neutral[r]:
            out.append(ATTACK_NEUTRAL[r])
    return out


def tax_choices(m: Match, points: int, only: int = -1) -> list:
    """Tax an occupied region whose goods token is still there; own market: extra good or coin
    (RK-PL-TAX-1, RK-PL-TAX-2, RK-PL-BUILD-5)."""
    s = m.s
    extra = tax_extra(m, P) if m.hooks.tax_cost else None
    out = []
    for r in range(8):
        if s.token[r] and occupies(s, P, r) and build_cost(m, r) + (extra[r] if extra else 0) <= points:
            if (P, MARKET) in s.structs[r]:
                out += [("tax", r, "good"), ("tax", r, "coin")]
            else:
                out.append(("tax", r, "none"))
    return out


def build_choices(m: Match, points: int, only: int = -1) -> list:
    """Build in an occupied region: 3 structures at most, one of each type, from supply
    (RK-PL-BUILD-1, -2); a church names its conversion target (RK-PL-BUILD-3, RK-OPEN-38).
    Modules: regions closed to building, churches that spare neutral troops and more choices (hooks
    ``build_blocked``, ``church_spares_neutral``, ``build_choices``)."""
    s, pl = m.s, m.s.sides[P]
    hooks = m.hooks
    out = []
    spares = False
    for hook in hooks.church_spares_neutral:
        spares = spares or hook(m, P)
    blocked = hooks.build_blocked
    units, leader, left = pl.units, pl.leader, pl.structures
    for r in range(8):
        here = s.structs[r]
        if len(here) >= 3 or not (units[r] or leader == r) or (points < 2 and build_cost(m, r) > points):
            continue                       # unoccupied (RK-CORE-3); a build costs 2 points at most
        if blocked:
            shut = False
            for hook in blocked:
                shut = shut or hook(m, r)
            if shut:
                continue
        present = [k for _, k in here]
        for k in range(5):
            if left[k] == 0 or k in present:
                continue
            if k == CHURCH:
                targets = (["rebellion"] if s.sides[REBELLION].units[r] else []) + (
                    ["neutral"] if s.neutral[r] and not spares else [])
                if not targets or m.opt["church_targets"] == "optional":
                    targets.append("none")
                out += [("build", r, k, t) for t in targets]
            else:
                out.append(BUILD[r][k])
    for hook in hooks.build_choices:
        out += hook(m, points)
    return out


def tax_cost(m: Match, r: int) -> int:
    """Tax points for ``r``: the build/tax cost (RK-PL-TAX-1), and what modules add (:func:`tax_extra`)."""
    extra = tax_extra(m, P) if m.hooks.tax_cost else None
    return build_cost(m, r) + (extra[r] if extra else 0)


def tax_extra(m: Match, side: int) -> list | None:
    """The tax points per region that modules add for ``side`` (hook ``tax_cost``), None if none."""
    extra = None
    for hook in m.hooks.tax_cost:
        more = hook(m, side)
        if more is not None:
            extra = more if extra is None else [a + b for a, b in zip(extra, more)]
    return extra


CHOICES = {"muster": muster_choices, "move": move_choices, "attack": attack_choices,
           "tax": tax_choices, "build": build_choices}
