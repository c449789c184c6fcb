"""The position value of each game and ``mc``'s horizon (docs/learned.md, "Position value"): the
``positions`` player's records, the shipped models, rollouts cut short at a round's end, and the checks
that stop a run that cannot use them before its first game."""
from __future__ import annotations

import gzip
import math
import re
from dataclasses import dataclass

import pytest

from automa.core.errors import UsageError
from automa.core.seeding import game_streams
from automa.run.inputs import resolve
from strategies.mc import FlatMonteCarlo
from strategies.rurik.master import MasterStrategy as RurikMaster
from strategies.rurik.position import RurikPosition
from strategies.search import Estimate
from strategies.stroganov.master import MasterStrategy as StroganovMaster
from strategies.stroganov.position import StroganovPosition


@dataclass(frozen=True)
class Case:
    game: str
    options: dict
    rounds: int             # RK-ROUND-1: four rounds; ST-YEAR-1: twelve action seasons
    features: type
    master: type
    horizons: tuple         # horizons whose cut the test sees inside a game


CASES = [Case("rurik", {"difficulty": 1}, 4, RurikPosition, RurikMaster, (0, 1)),
         Case("stroganov", {}, 12, StroganovPosition, StroganovMaster, (0, 5))]
IDS = [c.game for c in CASES]


def play(case: Case, strategy, index: int = 0):
    """Game ``index`` of seed 5 at the case's options, by ``strategy`` (a name, or a class taking a stream)."""
    spec = resolve(case.game, strategy if isinstance(strategy, str) else "master", case.options, 5)
    streams = game_streams(spec.root, index)
    player = (spec.strategy_cls if isinstance(strategy, str) else strategy)(streams.strategy)
    return player, spec.game.play(spec.game.prepare(spec.options), spec.options, player, streams, None)


@pytest.mark.parametrize("case", CASES, ids=IDS)
@pytest.mark.parametrize("index", range(2))
def test_positions_plays_masters_games_and_records_each_round_once(case, index):
    """``positions`` plays exactly as its player (``master``) on the same stream; it records one
    position per round at most, in order, each a row of the features' length, with the game's own
    final margin and result."""
    recorder, result = play(case, "positions", index)
    _, alone = play(case, "master", index)
    assert (result.player, result.automa, result.winner) == (alone.player, alone.automa, alone.winner)
    rows = recorder.records(result)
    margin = sum(result.player.values()) - sum(result.automa.values())
    rounds = [r[0] for r in rows]
    assert rounds == sorted(set(rounds)) and rounds[0] == 1 and len(rounds) >= case.rounds - 1
    assert set(rounds) <= set(range(1, case.rounds + 1)) and all(r[1] == f"round_{r[0]}" for r in rows)
    assert all(r[2] == margin and r[3] == {"player": 1.0, "tie": 0.5}.get(result.winner, 0.0) for r in rows)
    width = len(next(iter(case.features.names.values())))
    assert all(len(r[5].split(";")) == width for r in rows)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_shipped_position_value_loads_and_values_a_position(case):
    """The model shipped for ``master`` is a position model of these features, one group per round,
    and values real positions within 0..1 with a win chance and a margin."""
    value = case.master.position_value()
    assert value.model.kind == "position" and set(value.model.groups) == set(case.features.names)
    seen = []

    class Probe(case.master):
        def choose(self, decision):
            seen.append(value(decision.view))
            return super().choose(decision)

    play(case, Probe)
    assert seen and all(isinstance(e, Estimate) and 0 <= e.value <= 1 and 0 <= e.win <= 1 and math.isfinite(e.margin)
                        for e in seen)
    assert len({round(e.margin, 6) for e in seen}) > 10


class Outcomes(FlatMonteCarlo):
    """``mc`` that keeps, per searched decision, its round and the kinds of its rollouts' outcomes; it
    ends the game (:class:`Enough`) after ``limit`` decisions."""

    def __init__(self, rng, limit: int = 10 ** 6, **search):
        super().__init__(rng, **search)
        self.limit, self.log = limit, []

    def choose(self, decision):
        if len(self.log) == self.limit:
            raise Enough
        verdict = self.verdict(decision)
        self.log.append((decision.view.round, {type(r).__name__ for rs in verdict.results for r in rs},
                         [v for vs in verdict.values for v in vs]))
        return verdict.pick


class Enough(Exception):
    pass


@pytest.mark.parametrize("case, horizon", [(c, h) for c in CASES for h in c.horizons],
                         ids=[f"{c.game}-{h}" for c in CASES for h in c.horizons])
def test_a_horizon_cuts_rollouts_short_at_a_later_rounds_first_decision(case, horizon):
    """With ``horizon=H`` a rollout from a decision of round r is cut short at the policy's first
    decision of round r + H + 1 (an :class:`Estimate`) where the game has that round, and plays to
    the end (a Result) where it has not; every value is within 0..1."""
    player, _ = play(case, lambda rng: Outcomes(rng, budget=2, width=2, rollout=case.master, horizon=horizon))
    rounds = {r for r, _, _ in player.log}
    assert set(range(1, case.rounds + 1)) - rounds <= {1}
    for r, kinds, values in player.log:
        if values:
            assert kinds == ({"Estimate"} if r + horizon + 1 <= case.rounds else {"Result"}), (r, kinds)
            assert all(0 <= v <= 1 for v in values)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_no_horizon_plays_to_the_end(case):
    """Without a horizon (the default, -1) every rollout is a finished game."""
    player = None

    def make(rng):
        nonlocal player
        player = Outcomes(rng, limit=20, budget=2, width=2, rollout=case.master)
        return player
    with pytest.raises(Enough):
        play(case, make)
    assert player.log and all(kinds <= {"Result"} for _, kinds, _ in player.log)


@pytest.mark.parametrize("game, strategy, message", [
    ("rurik", "mc(rollout=expert,horizon=0)", 'mc: horizon=0 needs a rollout policy with a learned position value, '
                                              'which expert has not (docs/learned.md, "Position value")'),
    ("rurik", "mc(rollout=random,horizon=1)", "which random has not"),
    ("rurik", "mc(rollout=master,horizon=-2)", "horizon"),
    ("stroganov", "mc(horizon=0)", "which expert has not"),
])
def test_a_horizon_without_a_position_value_is_refused_before_any_game(game, strategy, message):
    with pytest.raises(UsageError, match=re.escape(message)) as e:
        resolve(game, strategy, {}, 1)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_bad_position_model_is_refused_when_the_strategy_is_bound(case, tmp_path, monkeypatch):
    """The position model is loaded when ``mc(horizon=...)`` is bound, so a broken file stops the run in
    one line before any game (the file is the strategy's: a test swaps it)."""
    import strategies.value as value_module
    bad = tmp_path / "position.json"
    bad.write_text("{")
    monkeypatch.setattr(value_module, "_LOADED", {})
    monkeypatch.setattr(case.master, "position_value", classmethod(
        lambda cls: value_module.PositionValue.load(case.game, case.features, bad)))
    with pytest.raises(UsageError, match="not a model file: bad JSON") as e:
        resolve(case.game, "mc(rollout=master,horizon=0)", {}, 1)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_learn_command_fits_a_position_value_from_positions_records(case, tmp_path, capsys):
    """The regeneration command at a tiny size: ``positions`` games, then ``learn`` on them writes a
    position model that loads for master's features and names its command."""
    from automa.core import model as models
    from tests.core.test_cli import run_cli
    code, _, err = run_cli(capsys, "simulate", case.game, "--strategy", "positions", "--games", 20, "--seed", 2,
                           "--out", tmp_path / "p", "--quiet")
    assert code == 0, err
    with gzip.open(tmp_path / "p" / "records.csv.gz", "rt") as f:
        positions = len(f.read().splitlines()) - 1
    assert 20 * (case.rounds - 1) <= positions <= 20 * case.rounds
    out = tmp_path / "m.json"
    code, text, err = run_cli(capsys, "learn", case.game, tmp_path / "p", "--out", out, "--seed", 1)
    assert code == 0, err
    assert f"position value on features {case.features.version}: 20 games ({positions} positions)" in text
    model = models.load(out, case.game, case.features.version, case.features.names, kind="position")
    assert model.regenerate.startswith(f"automa-sim learn {case.game}") and all(g.spread > 0 for g in model.groups.values())
