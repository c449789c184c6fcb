"""The master player: expert with the weights of master.toml; the file's validation and regeneration,
determinism and legality under option mixes (docs/stroganov.md, "The `master` player")."""
from __future__ import annotations

import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_strategy
from automa.core.seeding import game_streams
from automa.stroganov import GAME
from strategies.stroganov import master_file as master
from strategies.stroganov.expert import WEIGHTS
from tests.stroganov.conftest import context


def play(name: str, index: int, seed: int = 99, **options):
    opts = GAME.resolve_options(options)
    streams = game_streams(seed, index)
    ctx = context(opts["rules"], opts["region_layout"])
    return GAME.play(ctx, opts, get_strategy(GAME, name)(streams.strategy), streams, None)


def write(tmp_path, text: str):
    path = tmp_path / "master.toml"
    path.write_text(text, encoding="utf-8")
    return path


def full(**change) -> str:
    values = {p.name: p.default for p in WEIGHTS} | change
    return 'regenerate = "automa-sim tune stroganov expert --seed 1"\n[weights]\n' + "".join(f"{k} = {str(v).lower() if isinstance(v, bool) else repr(v)}\n"
                                    for k, v in values.items() if v is not None)


def test_master_is_listed_and_its_defaults_are_the_file():
    spec = get_strategy(GAME, "master")
    assert spec.canonical == "master"
    assert {p.name: p.default for p in spec.cls.params} == master.load()
    assert [p.name for p in spec.cls.params] == [p.name for p in WEIGHTS]


def test_master_plays_expert_with_the_files_weights():
    """master is expert with other weights: the same games as expert given the file's values."""
    weights = ",".join(f"{k}={v!r}" for k, v in master.load().items())
    for i in range(2):
        a = play("master", i, opponent="katyusha")
        b = play(f"expert({weights})", i, opponent="katyusha")
        assert (a.player, a.automa, a.winner) == (b.player, b.automa, b.winner)


def test_the_shipped_weights_differ_from_expert():
    defaults = {p.name: p.default for p in WEIGHTS}
    assert master.load() != defaults


SETTINGS = [
    dict(opponent="katyusha", difficulty="normal"),
    dict(opponent="katyusha", difficulty="hard", modules="merchant,hunting_plan,landscapes,diplomacy"),
    dict(opponent="ivan", difficulty="medium", modules="landscapes,diplomacy"),
    dict(opponent="ivan", difficulty="hard", modules="merchant,hunting_plan", region_layout="six_regions"),
    dict(opponent="katyusha", difficulty="medium", modules="hunting_plan,landscapes", market_trade="none",
         guide_any_fur="advanced_only"),
]


@pytest.mark.parametrize("options", SETTINGS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_master_is_legal_and_deterministic_under_option_mixes(options):
    """Each game finishes without an illegal choice (the engine rejects one) and plays the same again;
    another game index deals differently."""
    a = [play("master", i, seed=5, **options) for i in range(2)]
    b = [play("master", i, seed=5, **options) for i in range(2)]
    assert [(r.player, r.automa, r.winner) for r in a] == [(r.player, r.automa, r.winner) for r in b]
    assert all(r.rounds == 12 for r in a)
    assert (a[0].player, a[0].automa) != (a[1].player, a[1].automa)


def test_load_rejects_an_unknown_weight(tmp_path):
    with pytest.raises(UsageError, match=r"weights: unknown weight 'kill' \(see `automa-sim list strategies stroganov --long`\)"):
        master.load(write(tmp_path, full() + "kill = 1.0\n"))


def test_load_rejects_an_unknown_table(tmp_path):
    with pytest.raises(UsageError, match="unknown key 'source'"):
        master.load(write(tmp_path, "[source]\nseed = 1\n" + full()))


def test_load_rejects_a_missing_weight(tmp_path):
    with pytest.raises(UsageError, match="missing weight 'horse_stock'"):
        master.load(write(tmp_path, full(horse_stock=None)))
    with pytest.raises(UsageError, match=r"no \[weights\] table"):
        master.load(write(tmp_path, "# nothing\n"))


@pytest.mark.parametrize("change, message", [
    (dict(horse_stock=7.5), "horse_stock: 7.5 is not a whole number"),
    (dict(horse="x"), "horse: 'x' is not a number"),
    (dict(horse=True), "horse: True is not a number"),
    (dict(fur_stock=-1), "fur_stock: -1 is below the smallest allowed value 0"),
])
def test_load_rejects_a_bad_value(tmp_path, change, message):
    with pytest.raises(UsageError, match=message.replace(".", r"\.")):
        master.load(write(tmp_path, full(**change)))


def test_a_bad_file_is_one_line(tmp_path):
    with pytest.raises(UsageError) as err:
        master.load(write(tmp_path, "[weights\n"))
    assert "\n" not in str(err.value) and "master.toml: cannot read the master weights" in str(err.value)


def test_a_tune_runs_best_txt_is_written_into_the_file(tmp_path):
    """``python -m strategies.stroganov.master_file BEST_TXT OUT``: a best.txt of `tune stroganov
    expert` becomes a file that loads to those weights, the others at expert's defaults, with the run's
    command as its regenerate line; a bad best.txt leaves OUT as it was."""
    run = tmp_path / "run"
    run.mkdir()
    (run / "best.txt").write_text("expert(horse=0.1,horse_stock=5)\n")
    (run / "manifest.json").write_text('{"command": "automa-sim tune stroganov expert --seed 3"}')
    out = tmp_path / "master.toml"
    assert master.main([str(run / "best.txt"), str(out)]) == 0
    defaults = {p.name: p.default for p in WEIGHTS}
    assert master.load(out) == defaults | {"horse": 0.1, "horse_stock": 5}
    assert 'regenerate = "automa-sim tune stroganov expert --seed 3"' in out.read_text()
    (run / "best.txt").write_text("expert(kill=1)\n")
    assert master.main([str(run / "best.txt"), str(out)]) == 2
    assert master.load(out)["horse"] == 0.1
    with pytest.raises(UsageError, match="not a strategy string of expert, master"):
        master.weights_of("greedy")
