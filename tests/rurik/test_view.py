"""View reads that strategies use to snapshot the board in one call each, and the claim-track
values the view keeps per claim board: they must say exactly what the per-region reads and the
track definitions say, on hand-built boards and at every decision of real games."""
from __future__ import annotations

import dataclasses

import pytest

from automa.core.registry import get_game
from automa.core.seeding import game_streams
from automa.core.strategy import Strategy
from automa.rurik import regions
from automa.rurik.data import load
from automa.rurik.state import CAPTURED, CHURCH, EPIC0, MARKET, NOBODY, PLAYER, REBELLION, STRONGHOLD
from automa.rurik.view import View
from tests.rurik.helpers import build_struct, rebels, troops

GAME = get_game("rurik")


def _same_as_per_region_reads(v: View) -> None:
    m = v._m
    pu, ru, pp, qq, neutral, total, mine = v.board_counts()
    assert (pu, ru) == (v.unit_counts(PLAYER), v.unit_counts(REBELLION))
    assert pu == tuple(v.units(PLAYER, r) for r in range(8)) and ru == tuple(v.units(REBELLION, r) for r in range(8))
    assert pp == tuple(regions.strength(m.s, PLAYER, r) for r in range(8))
    assert qq == tuple(regions.strength(m.s, REBELLION, r) for r in range(8))
    assert neutral == v.neutral
    assert total == tuple(len(v.structures(r)) for r in range(8))
    assert mine == tuple(any(o == PLAYER for o, _ in v.structures(r)) for r in range(8))
    for column in range(6):                  # RK-STRAT-4
        assert v.landing_rows(column, 12) == tuple(v.landing_row(column, st) for st in range(13))


def test_board_counts_on_a_built_board(mk, R):
    """Strength is units, the leader and the side's own strongholds (RK-CORE-4, RK-PL-BUILD-4); a
    captured leader (RK-SB-WAR-1) and structures of nobody (epic, RK-SB-EPIC-1) add nothing."""
    m = mk(modules="epic,warfare")
    kiev, volyn, novgorod = R("kiev"), R("volyn"), R("novgorod")
    troops(m, kiev, 2, leader=True)
    rebels(m, kiev, 1)
    build_struct(m, PLAYER, kiev, STRONGHOLD)
    build_struct(m, REBELLION, kiev, STRONGHOLD)
    build_struct(m, REBELLION, volyn, STRONGHOLD)
    build_struct(m, REBELLION, volyn, MARKET)
    m.s.structs[novgorod].append((NOBODY, EPIC0))
    build_struct(m, PLAYER, novgorod, CHURCH)
    m.s.sides[REBELLION].leader = CAPTURED
    v = View(m)
    pu, ru, pp, qq, _, total, mine = v.board_counts()
    assert pp[kiev] == 4 and qq[kiev] == 2 and pu[kiev] == 3 and ru[kiev] == 1
    assert qq[volyn] == 1 and pp[novgorod] == 0
    assert total[kiev] == 2 and total[volyn] == 2 and total[novgorod] == 2
    assert mine[kiev] and mine[novgorod] and not mine[volyn]
    _same_as_per_region_reads(v)


class _Checking(Strategy):
    """Checks the view at every decision, then chooses as ``random`` does; counts the decisions
    that saw some structure of the player's and some stronghold adding to a strength."""

    name = "checking"
    checked = built = strong = 0

    def choose(self, decision):
        v = decision.view
        _same_as_per_region_reads(v)
        self.checked += 1
        pu, ru, pp, qq, _, _, mine = v.board_counts()
        self.built += any(mine)
        self.strong += pp != pu or qq != ru
        return self.uniform(decision.choices)


def test_board_counts_through_games():
    """At every decision of games with every module (epic structures, captured leaders, the rebel
    camp), the one-call reads equal the per-region ones."""
    opts = GAME.resolve_options({"modules": "epic,warfare,factions"})
    ctx = GAME.prepare(opts)
    built = strong = 0
    for i in range(4):
        st = game_streams(3, i)
        strategy = _Checking(st.strategy)
        GAME.play(ctx, opts, strategy, st, None)
        assert strategy.checked > 30
        built += strategy.built
        strong += strategy.strong
    assert built and strong                  # the games saw the player's structures and strongholds


def _claim_progress_by_definition(m, side: int, smooth: bool) -> float:
    """Claim VP straight from RK-CLAIM-2..5: per track the highest level whose threshold the
    measure reaches and whose regions are ruled, never below the marker (RK-OPEN-18); with
    ``smooth`` a tie for the highest strength counts half a region ruled, plus the fraction of the
    way to the next level."""
    s, data = m.s, m.data
    now = regions.ruled(s, side, m.need_unit)
    ties = 0
    for r in range(8):
        mine = regions.strength(s, side, r)
        if mine and mine == max(regions.strength(s, 1 - side, r), s.neutral[r]):
            ties += 1
    rule = sum(now) + (0.5 * ties if smooth and ties else 0)
    values = (rule, regions.build_group(s, side, data.adjacent), sum(s.sides[side].boat))
    total = 0.0
    for t, name in enumerate(("rule", "build", "trade")):
        levels, level = data.claim_levels[name], s.sides[side].claims[t]
        for i, (threshold, required) in enumerate(levels):
            if i >= level and values[t] >= threshold and all(now[r] for r in required):
                level = i + 1
        here = data.claim_vp[level - 1] if level else 0
        if smooth and level < len(levels):
            low = levels[level - 1][0] if level else 0
            frac = max(0.0, (values[t] - low) / max(1, levels[level][0] - low))
            here += min(frac, 0.99) * (data.claim_vp[level] - here)
        total += here
    return total


class _ClaimChecking(Strategy):
    """Checks claim_progress against the definition at every decision, with the packaged claim
    board and with one whose levels need regions ruled on every track; chooses as ``random``."""

    name = "claim-checking"
    checked = 0

    def __init__(self, rng, other):
        super().__init__(rng)
        self.other = other

    def choose(self, decision):
        m = decision.view._m
        for data in (m.data, self.other):
            mm = dataclasses.replace(m, data=data)
            v = View(mm)
            for smooth in (True, False):
                both = v.claim_progress_both(smooth)
                for side in (PLAYER, REBELLION):
                    assert v.claim_progress(side, smooth) == both[side] == _claim_progress_by_definition(mm, side,
                                                                                                         smooth)
        self.checked += 1
        return self.uniform(decision.choices)


def test_claim_progress_by_the_track_definition():
    """claim_progress and claim_progress_both give the RK-CLAIM-2..5 values at every decision of
    games, also for a claim board whose levels need regions on every track; each claim board
    keeps its own worked-out values (alternating the two boards never mixes them up)."""
    opts = GAME.resolve_options({"modules": "epic,warfare"})
    ctx = GAME.prepare(opts)
    packaged = load()
    levels = dict(packaged.claim_levels)
    levels["rule"] = ((1, ()), (2, (3,)), (3, ()), (4, (1, 6)), (6, (5, 0)))
    levels["build"] = ((1, (2,)), (3, ()), (4, ()), (5, (4,)), (6, ()))
    levels["trade"] = ((2, ()), (4, (7,)), (6, ()), (8, ()), (10, ()))
    other = dataclasses.replace(packaged, claim_levels=levels)
    for i in range(3):
        st = game_streams(4, i)
        strategy = _ClaimChecking(st.strategy, other)
        GAME.play(ctx, opts, strategy, st, None)
        assert strategy.checked > 30


def test_largest_group_of_every_region_set(data):
    """The build-track measure (RK-CLAIM-2) of every set of the 8 regions, against a plain search."""
    for mask in range(256):
        left = {r for r in range(8) if mask >> r & 1}
        best = 0
        while left:
            group, frontier = set(), [left.pop()]
            while frontier:
                r = frontier.pop()
                group.add(r)
                frontier += [q for q in data.adjacent[r] if q in left]
                left -= set(data.adjacent[r])
            best = max(best, len(group))
        assert regions.largest_group(mask, data.adjacent) == best, mask


def test_advisor_numbers_are_read_only():
    """Each advisor's number is its strength before bribes (RK-STRAT-3: "2+" and "3+" count 2 and
    3); strategies read them from the view and cannot change them."""
    assert dict(View.ADVISOR_NUMBER) == {"1": 1, "2": 2, "2+": 2, "3+": 3, "4": 4, "5": 5}
    with pytest.raises(TypeError):
        View.ADVISOR_NUMBER["5"] = 6


def test_largest_group_kept_per_mask_is_the_build_track_measure(mk, data):
    """The build-track group (RK-CLAIM-2) the view keeps per region set equals the engine's measure
    for every set of the 8 regions, asked twice (the second time from what it kept)."""
    v = View(mk())
    for _ in range(2):
        for mask in range(256):
            assert v.largest_group(mask) == regions.largest_group(mask, data.adjacent), mask
