"""``learned``: the fast player of the learned evaluation (docs/learned.md): it plays master's games
when its model weighs master's score alone and legal choices under every mix of options
(tests/core/test_learned_player.py has what both games share)."""
from __future__ import annotations

import pytest

from automa.core import model as models
from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from strategies.rurik.features import NAMES, VERSION
from strategies.rurik.master import MasterStrategy

GAME = get_game("rurik")


def model_file(tmp_path, weight_of_score: float, name: str = "m.json"):
    """A model that weighs only master's score, by ``weight_of_score``, in every group."""
    groups = {g: models.Linear(names, [weight_of_score] + [0.0] * (len(names) - 1), [0.0] * len(names),
                               [1.0] * len(names)) for g, names in NAMES.items()}
    path = tmp_path / name
    models.write(models.Model("rurik", "choices", "value", VERSION, groups, {}, {}, "automa-sim learn rurik"), path)
    return path


def results(strategy, opts, games=3):
    spec = get_strategy(GAME, strategy) if isinstance(strategy, str) else strategy
    values = GAME.resolve_options(opts)
    ctx = GAME.prepare(values)
    out = []
    for i in range(games):
        st = game_streams(12, i)
        r = GAME.play(ctx, values, spec(st.strategy), st, None)
        out.append((r.player, r.automa, r.winner))
    return out


def test_a_model_of_masters_score_plays_masters_games(tmp_path):
    """With a model that weighs master's score alone the learned player picks master's best choice
    (ties drawn as master draws them), so it plays master's games; with the score's sign turned it
    plays other games, so the model is what chooses."""
    path = model_file(tmp_path, 1.0)
    master = results(get_strategy(GAME, "master"), {"difficulty": 2})
    assert results(f"learned(model={path})", {"difficulty": 2}) == master
    worse = model_file(tmp_path, -1.0, "worse.json")
    assert results(f"learned(model={worse})", {"difficulty": 2}) != master


@pytest.mark.parametrize("opts", [
    {"difficulty": 1},
    {"difficulty": 4, "modules": "epic,warfare,factions", "rebel_leader": "maria"},
    {"difficulty": 3, "modules": "warfare", "player_leader": "boris", "rebel_leader": "theofana"},
    {"difficulty": 2, "modules": "epic,factions", "rebel_leader": "gleb"},
])
def test_the_shipped_model_plays_legal_games_under_option_mixes(opts):
    """Every choice of the shipped model is legal (the engine raises on an illegal one) under the
    modules and leaders, and the games finish."""
    assert all(w in ("player", "automa", "tie") for *_, w in results("learned", opts, games=2))


def test_a_model_of_other_features_is_refused(tmp_path):
    """A model trained on another features version names the command that retrains it."""
    path = model_file(tmp_path, 1.0)
    path.write_text(path.read_text().replace(VERSION, "rurik-0"))
    with pytest.raises(Exception, match="retrain"):
        get_strategy(GAME, f"learned(model={path})")
