"""The ``expert`` strategy: its choices in constructed situations, its ranking, determinism,
legality over many games, and a modest strength check against greedy."""
from __future__ import annotations

import random

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.strategy import Decision
from automa.rurik.state import CHURCH, STABLE
from automa.rurik.view import View
from strategies.rurik.expert import ExpertStrategy
from tests.rurik.helpers import build_struct, rebels, troops
from tests.rurik.test_invariants import LEADERS, checked  # noqa: F401  (the invariant-checking fixture)
from tests.rurik.test_invariants import _play as play_checked

GAME = get_game("rurik")


def _decide(m, kind, choices):
    return Decision(kind, View(m), choices)


def _picks(d):
    """Every choice expert makes here over 20 streams: a single one means it is strictly best."""
    return {ExpertStrategy(random.Random(i)).choose(d) for i in range(20)}


def test_muster_where_it_makes_the_player_rule(mk, R):
    """A troop where it breaks a tie with the Rebellion (RK-CORE-4) beats one on a region already ruled."""
    m = mk()
    troops(m, R("kiev"), 2)
    rebels(m, R("kiev"), 2)
    troops(m, R("novgorod"), 3)
    rebels(m, R("novgorod"), 1)
    d = _decide(m, "muster", [("muster", R("novgorod"), "troop"), ("muster", R("kiev"), "troop"), ("pass",)])
    assert _picks(d) == {("muster", R("kiev"), "troop")}


def test_attack_the_rebels_ruling_region_rather_than_passing(mk, R):
    """Attacking a rebel where the Rebellion rules by one (RK-PL-ATTACK-1, RK-SOLO-2) beats passing,
    and beats attacking a rebel in a region it still rules after the attack."""
    m = mk()
    troops(m, R("kiev"), 1)
    rebels(m, R("kiev"), 2)
    troops(m, R("volyn"), 1)
    rebels(m, R("volyn"), 4)
    d = _decide(m, "attack", [("attack", R("volyn"), "rebellion"), ("attack", R("kiev"), "rebellion"), ("pass",)])
    ranked = ExpertStrategy(random.Random(0)).rank(d)
    assert ranked[0] == ("attack", R("kiev"), "rebellion")
    assert ranked[-1] == ("pass",)


def test_church_converting_a_rebel_beats_a_stable(mk, R):
    """A church that converts a rebel into a troop (RK-PL-BUILD-3) is worth more than a stable."""
    m = mk()
    troops(m, R("kiev"), 2)
    rebels(m, R("kiev"), 2)
    d = _decide(m, "build", [("build", R("kiev"), STABLE, "none"), ("build", R("kiev"), CHURCH, "rebellion"),
                             ("pass",)])
    assert _picks(d) == {("build", R("kiev"), CHURCH, "rebellion")}


def test_build_joins_the_group(mk, R, data):
    """A structure next to the player's structures grows the build track (RK-CLAIM-2); one far away does not."""
    m = mk()
    kiev = R("kiev")
    near = next(r for r in data.adjacent[kiev] if r < 8)
    far = next(r for r in range(8) if r != kiev and r not in data.adjacent[kiev])
    for r in (kiev, near, far):
        troops(m, r, 2)
    build_struct(m, 0, kiev, STABLE)
    d = _decide(m, "build", [("build", far, 2, "none"), ("build", near, 2, "none"), ("pass",)])
    assert _picks(d) == {("build", near, 2, "none")}


def test_tax_denies_the_rebellion(mk, R):
    """Taxing a region the Rebellion occupies takes the token it would tax (RK-REB-TAX)."""
    m = mk()
    troops(m, R("kiev"), 2)
    rebels(m, R("kiev"), 1)
    troops(m, R("novgorod"), 2)
    d = _decide(m, "tax", [("tax", R("novgorod"), "none"), ("tax", R("kiev"), "none"), ("pass",)])
    assert _picks(d) == {("tax", R("kiev"), "none")}


def test_placement_uses_a_column_it_can_use_and_bribes_only_when_it_pays(mk, R):
    """On an empty board no bribe buys a better space (RK-STRAT-3, -4), so the best placement pays
    none; a column with nothing to do there (attack with no enemy) ranks below mustering."""
    m = mk()
    for r in (R("kiev"), R("novgorod")):
        troops(m, r, 2)
    m.s.sides[0].coins = 3
    choices = [("advisor", "4", c, b) for c in range(6) for b in range(3)]
    d = _decide(m, "advisor_place", choices)
    ranked = ExpertStrategy(random.Random(0)).rank(d)
    assert ranked[0][3] == 0
    assert ranked.index(("advisor", "4", 2, 0)) > ranked.index(("advisor", "4", 0, 0))
    # scores are for the legal choices, one each, in the engine's order
    assert sorted(map(str, ranked)) == sorted(map(str, choices))


def test_rank_agrees_with_choose_and_is_a_permutation(mk, R):
    m = mk()
    troops(m, R("kiev"), 1)
    rebels(m, R("kiev"), 1)
    choices = [("muster", R("kiev"), "troop"), ("pass",), ("forfeit",)]
    d = _decide(m, "muster", choices)
    s = ExpertStrategy(random.Random(3))
    assert s.rank(d)[0] == s.choose(d)
    assert sorted(map(str, s.rank(d))) == sorted(map(str, choices))


_CTX = {}


def _play(strategy, seed, i, **opts):
    resolved = GAME.resolve_options(opts)
    key = tuple(sorted(opts.items()))
    if key not in _CTX:
        _CTX[key] = GAME.prepare(resolved)
    st = game_streams(seed, i)
    return GAME.play(_CTX[key], resolved, get_strategy(GAME, strategy)(st.strategy), st, None)


def _margin(res):
    return sum(res.player.values()) - sum(res.automa.values())


def test_deterministic():
    """Same seed and index, same game (its own stream only)."""
    a = [(_play("expert", 11, i).player, _play("expert", 11, i).automa) for i in range(3)]
    b = [(_play("expert", 11, i).player, _play("expert", 11, i).automa) for i in range(3)]
    assert a == b


@pytest.mark.parametrize("modules", ["", "epic,warfare,factions"])
def test_legal_and_invariant_over_many_games(checked, modules):
    """130 games, every difficulty and rebel leader: no illegal choice (StrategyError),
    the invariants of test_invariants hold at every step."""
    n = 100 if not modules else 30
    for i in range(n):
        checked.neutral = checked.claims = None
        play_checked({"difficulty": 1 + i % 4, "rebel_leader": LEADERS[i % 4], "modules": modules}, 21, i, "expert")
    assert checked.steps > n * 30


def test_beats_greedy_on_fixed_games():
    """Paired over 100 fixed games at difficulty 1, expert's mean margin is above greedy's."""
    diffs = []
    for i in range(100):
        e = _play("expert", 5, i, difficulty=1)
        g = _play("greedy", 5, i, difficulty=1)
        diffs.append(_margin(e) - _margin(g))
    assert sum(diffs) / len(diffs) > 0


class _ColdCheck(ExpertStrategy):
    """Expert that, at every placement, checks its scores against a fresh expert's (no tables
    kept from earlier placements of the round)."""

    placements = 0

    def choose(self, decision):
        if decision.kind == "advisor_place":
            assert self._scores(decision) == ExpertStrategy(random.Random(0))._scores(decision)
            self.placements += 1
        return super().choose(decision)


@pytest.mark.parametrize("opts", [{}, {"modules": "epic,warfare,factions", "difficulty": 4}])
def test_placement_tables_kept_over_a_round_score_as_fresh_ones(opts):
    """Placement tables are kept per round by column, advisors there, coins and hand
    (RK-STRAT-1..4); a kept table always equals a freshly computed one."""
    resolved = GAME.resolve_options(opts)
    ctx = GAME.prepare(resolved)
    for i in range(6):
        st = game_streams(9, i)
        strategy = _ColdCheck(st.strategy)
        GAME.play(ctx, resolved, strategy, st, None)
        assert strategy.placements >= 12


def test_share_is_rule_points():
    """2 rule points to the strictly strongest side, 1 to each side tied for the highest with some
    strength, none otherwise (RK-CORE-4; a tie counts as half a region ruled)."""
    from strategies.rurik.expert import _share
    for p in range(-1, 5):
        for q in range(-1, 5):
            for n in range(0, 5):
                top = max(p, q, n)
                player = 0 if p <= 0 or p < top else (2 if p > q and p > n else 1)
                rebel = 0 if q <= 0 or q < top else (2 if q > p and q > n else 1)
                assert _share(p, q, n) == (player, rebel), (p, q, n)


class _Against(ExpertStrategy):
    """Plays as expert and, until they first differ, scores every decision with ``other`` too."""

    def __init__(self, rng, other):
        super().__init__(rng)
        self.other, self.differs = other, False

    def choose(self, decision):
        if not self.differs and self._fixed(decision.kind, decision.choices) is None:
            self.differs = self._scores(decision) != self.other._scores(decision)
        return super().choose(decision)


def _changed(p):
    return p.default + 2 if p.type == "int" else p.default * 2 + 0.5


@pytest.mark.parametrize("weight", [p.name for p in ExpertStrategy.params])
def test_every_weight_is_a_declared_parameter_that_moves_a_score(weight):
    """Each declared weight is used: another value of it scores some decision differently, within
    a few games with every module or none (no dead parameter). ``scheme1`` (a scheme space below
    two advisors) is the rarest: the 16th game without modules."""
    p = next(p for p in ExpertStrategy.params if p.name == weight)
    assert p.hide_default and p.type in ("float", "int")
    for modules in ("epic,warfare,factions", ""):
        opts = GAME.resolve_options({"modules": modules, "difficulty": 4})
        ctx = _CTX.setdefault(modules, GAME.prepare(opts))
        for i in range(16):
            st = game_streams(17, i)
            strategy = _Against(st.strategy, ExpertStrategy(random.Random(0), **{weight: _changed(p)}))
            GAME.play(ctx, opts, strategy, st, None)
            if strategy.differs:
                return
    pytest.fail(f"weight {weight} changed no score in 32 games")


def test_weights_can_be_given_by_keyword():
    s = ExpertStrategy(random.Random(0), kill=3.0)
    assert s.kill == 3.0 and s.clear == 0.5
    with pytest.raises(TypeError, match="unknown parameters kil"):
        ExpertStrategy(random.Random(0), kil=3.0)
