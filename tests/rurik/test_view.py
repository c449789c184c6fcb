"""View reads that strategies use to snapshot the board in one call each: they must say exactly
what the per-region reads say, on hand-built boards and at every decision of real games."""
from __future__ import annotations

from automa.core.registry import get_game
from automa.core.seeding import game_streams
from automa.core.strategy import Strategy
from automa.rurik import regions
from automa.rurik.state import CAPTURED, CHURCH, EPIC0, MARKET, NOBODY, PLAYER, REBELLION, STRONGHOLD
from automa.rurik.view import View
from tests.rurik.helpers import build_struct, rebels, troops

GAME = get_game("rurik")


def _same_as_per_region_reads(v: View) -> None:
    m = v._m
    for side in (PLAYER, REBELLION):
        assert v.strengths(side) == tuple(regions.strength(m.s, side, r) for r in range(8))
    total, mine = v.structure_counts()
    assert total == tuple(len(v.structures(r)) for r in range(8))
    assert mine == tuple(any(o == PLAYER for o, _ in v.structures(r)) for r in range(8))


def test_strengths_and_structure_counts_on_a_built_board(mk, R):
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
    assert v.strengths(PLAYER)[kiev] == 4 and v.strengths(REBELLION)[kiev] == 2
    assert v.strengths(REBELLION)[volyn] == 1 and v.strengths(PLAYER)[novgorod] == 0
    total, mine = v.structure_counts()
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
        self.built += any(v.structure_counts()[1])
        self.strong += v.strengths(PLAYER) != v.unit_counts(PLAYER) or v.strengths(REBELLION) != v.unit_counts(REBELLION)
        return self.uniform(decision.choices)


def test_strengths_and_structure_counts_through_games():
    """At every decision of games with every module (epic structures, captured leaders, the rebel
    camp), the one-call reads equal the per-region ones."""
    opts = GAME.resolve_options({"modules": "epic,warfare,factions"})
    ctx = GAME.prepare(opts)
    for i in range(4):
        st = game_streams(3, i)
        strategy = _Checking(st.strategy)
        GAME.play(ctx, opts, strategy, st, None)
        assert strategy.checked > 30 and strategy.built and strategy.strong
