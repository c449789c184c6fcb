"""The ``master`` player (strategies/rurik/master.py) and its weights file (strategies/rurik/master_file.py):
it is expert with the file's weights, deterministic from its own stream, legal under option mixes,
and the file is checked on load and written from a tune run's best.txt."""
from __future__ import annotations

import json

import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.trace import Trace
from strategies.rurik import master_file
from strategies.rurik.expert import WEIGHTS
from strategies.rurik.master import MasterStrategy, _pushed, _rebel_plan
from tests.core.test_cli import run_cli
from tests.rurik.test_invariants import LEADERS, checked  # noqa: F401  (the invariant-checking fixture)
from tests.rurik.test_invariants import _play as play_checked

GAME = get_game("rurik")
PLAYER_LEADERS = ("mstislav", "boris", "gleb", "theofana", "sviatoslav")   # sviatopolk needs another option


def _game(strategy: str, seed: int, index: int, **options):
    opts = GAME.resolve_options(options)
    st, trace = game_streams(seed, index), Trace()
    result = GAME.play(GAME.prepare(opts), opts, get_strategy(GAME, strategy)(st.strategy), st, trace)
    return trace.events, (result.player, result.automa, result.winner)


def _expert_text(weights: dict) -> str:
    return "expert(" + ",".join(f"{k}={v!r}" for k, v in weights.items()) + ")"


def test_master_without_its_own_terms_plays_expert_with_the_files_weights():
    """``master`` with its own terms off (``foresee=0``) is exactly expert with the weights of
    master.toml: same games, move for move. Its canonical string is ``master``, its parameters are
    expert's then its own, defaulting to the file's values; with ``foresee`` on it plays otherwise."""
    weights = master_file.load()
    spec = get_strategy(GAME, "master")
    assert spec.canonical == "master"
    assert {p.name: p.default for p in spec.params} == weights
    assert [p.name for p in spec.params] == [p.name for p in WEIGHTS] + ["foresee", "block"]
    expert = _expert_text({p.name: weights[p.name] for p in WEIGHTS})
    for i in range(3):
        assert _game("master(foresee=0)", 31, i) == _game(expert, 31, i)
    assert any(_game("master(foresee=1)", 31, i) != _game(expert, 31, i) for i in range(3))


def test_master_parameters_override_the_file():
    """``master(kill=...)`` changes that weight only, and is named by it."""
    spec = get_strategy(GAME, "master(kill=9.5)")
    assert spec.canonical == "master(kill=9.5)"
    s = spec(None)
    assert s.kill == 9.5 and s.deny == master_file.load()["deny"]


def test_deterministic_from_its_own_stream():
    """Same seed and game index, the same game, event for event, at every difficulty."""
    for level in (1, 4):
        assert _game("master", 12, 0, difficulty=level) == _game("master", 12, 0, difficulty=level)


def test_legal_under_option_mixes(checked):
    """Every module, every rebel leader, several player leaders and every difficulty: every choice
    legal (an illegal one raises StrategyError) and the invariants hold at every step."""
    modules = ("", "epic,warfare,factions", "warfare", "epic,factions")
    n = 24
    for i in range(n):
        checked.neutral = checked.claims = None
        rebel = LEADERS[i % 4]
        player = next(x for x in PLAYER_LEADERS[i % 5:] + PLAYER_LEADERS if x != rebel)
        play_checked({"difficulty": 1 + i % 4, "rebel_leader": rebel, "player_leader": player,
                      "modules": modules[i // 4 % 4]}, 41, i, "master")
    assert checked.steps > n * 30


def test_listed(capsys):
    """``list strategies rurik`` lists master with its weights."""
    code, out, _ = run_cli(capsys, "list", "strategies", "rurik")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("master"))
    assert "tuned weights" in line


# --- the weights file --------------------------------------------------------------------------

def _file(tmp_path, text):
    path = tmp_path / "master.toml"
    path.write_text(text)
    return path


def _good():
    return master_file.render({p.name: p.default for p in master_file.ALL}, "automa-sim tune rurik expert --seed 1")


def test_file_reads_back_as_rendered(tmp_path):
    weights = master_file.load(_file(tmp_path, _good()))
    assert weights == {p.name: p.default for p in master_file.ALL}
    assert isinstance(weights["outnumbered"], int) and isinstance(weights["kill"], float)


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("kill = 2.0\n", "kill = 2.0\nkil = 1.0\n"), "weights: unknown weight 'kil'"),
    (lambda t: t.replace("deny = 1.3\n", ""), "weights: missing weight 'deny'"),
    (lambda t: t.replace("[weights]", "seed = 3\n[weights]"), "unknown key 'seed'"),
    (lambda t: t.replace("kill = 2.0", 'kill = "2"'), "weights: kill: '2' is not a number"),
    (lambda t: t.replace("kill = 2.0", "kill = true"), "weights: kill: True is not a number"),
    (lambda t: t.replace("outnumbered = 2", "outnumbered = 2.5"), "weights: outnumbered: 2.5 is not a whole number"),
    (lambda t: t.replace("war_spread = 1.5", "war_spread = 0.01"), "war_spread: 0.01 is below the smallest allowed value 0.1"),
    (lambda t: t.replace("kill = 2.0", "kill = nan"), "weights: kill: nan is not a finite number"),
    (lambda t: t.split("[weights]")[0], "no [weights] table"),
    (lambda t: t.replace("kill = 2.0", "kill = = 2"), "cannot read the master weights"),
])
def test_bad_file_is_a_one_line_error_naming_the_field(tmp_path, edit, message):
    path = _file(tmp_path, edit(_good()))
    with pytest.raises(UsageError) as e:
        master_file.load(path)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_write_from_a_tune_runs_best_txt(tmp_path, capsys):
    """A tune run's best.txt (expert with some weights) becomes a full, valid file: the weights it
    names, expert's defaults for the others, and the run's command from its manifest."""
    run = tmp_path / "run"
    run.mkdir()
    (run / "best.txt").write_text("expert(kill=2.61,deny=1.05,outnumbered=3)\n")
    (run / "manifest.json").write_text(json.dumps({"command": "automa-sim tune rurik expert --seed 5"}))
    out = tmp_path / "m.toml"
    assert master_file.main([str(run / "best.txt"), str(out)]) == 0
    assert "3 differ from the defaults" in capsys.readouterr().out
    weights = master_file.load(out)
    assert weights["kill"] == 2.61 and weights["deny"] == 1.05 and weights["outnumbered"] == 3
    assert weights["coin"] == 0.2
    assert 'regenerate = "automa-sim tune rurik expert --seed 5"' in out.read_text()
    (run / "best.txt").write_text("expert(kil=2)\n")
    assert master_file.main([str(run / "best.txt"), str(out)]) == 2
    assert "unknown weight 'kil'" in capsys.readouterr().err
    assert master_file.load(out)["kill"] == 2.61        # the old file is kept


def test_master_string_is_read_relative_to_the_file():
    """A ``master(...)`` string (from ``tune rurik master``) is the file with those weights changed."""
    weights = master_file.weights_of("master(kill=3.25)")
    assert weights == dict(master_file.load(), kill=3.25)
    start = master_file.weights_of("strategies.rurik.master:MasterStart(foresee=0.5)")
    assert start == dict({p.name: p.default for p in master_file.ALL}, foresee=0.5)
    with pytest.raises(UsageError):
        master_file.weights_of("greedy")


def test_shipped_file_is_the_strategys():
    """The shipped file loads, and every weight of it is the master strategy's default."""
    assert {p.name: p.default for p in MasterStrategy.params} == master_file.load(master_file.FILE)


# --- foresight: where the Rebellion's coming advisors go ------------------------------------------

def test_pushed_follows_the_rebellions_placement_rules():
    """A player advisor of 2 on top of an empty column: a rebel 4 takes the top and pushes it to the
    middle; a rebel 2 with no coin does not pass it (equal strength, RK-STRAT-4) unless the Rebellion
    pays a coin to pass a player's advisor of its number (RK-REB-STRAT-6); with a coin icon it bribes
    past the top (RK-REB-STRAT-5). The Rebellion's points are those of the rows it ends on."""
    pts = (3, 2, 1)
    assert _pushed((), 2, 0, ((4, False),), 0, pts) == (1, 3)
    assert _pushed((), 2, 0, ((2, False),), 0, pts) == (0, 2)
    assert _pushed((), 2, 0, ((2, False),), 1, pts) == (1, 3)
    assert _pushed((), 2, 0, ((1, True),), 5, pts) == (1, 3)
    assert _pushed((), 2, 0, ((1, True),), 1, pts) == (0, 2)
    assert _pushed((), 0, None, ((1, False), (4, False)), 0, pts) == (None, 5)
    assert _pushed(((1, 5), (0, 1)), 3, 1, ((4, False),), 0, pts) == (1, 3)   # full: the 4 goes elsewhere
    assert _pushed(((1, 5),), 3, 1, ((4, False), (4, False)), 0, pts) == (2, 5)   # the second finds it full


class _Watch(MasterStrategy):
    """master that notes, at each of its placements, the Rebellion's next placement it foresees,
    and whether its own choice fills that column (which sends the Rebellion elsewhere)."""

    def __init__(self, rng, **kw):
        super().__init__(rng, **kw)
        self.seen = []

    def choose(self, decision):
        choice = super().choose(decision)
        v = decision.view
        if decision.kind == "advisor_place":
            plan = _rebel_plan(v)
            if plan:
                n, c, _ = plan[0]
                fills = choice[2] == c and len(v.board_column(c)) == 2
                self.seen.append((v.round, n, c, fills))
        return choice


@pytest.mark.parametrize("difficulty", [1, 4])
def test_rebel_plan_is_where_the_rebellion_places(difficulty):
    """At each placement the plan read off the face-up solo card names the Rebellion's next
    placement: its advisor, and its column unless the player's advisor fills that column first."""
    from automa.rurik.data import ADVISOR_NUMBER, COLUMNS
    opts = GAME.resolve_options({"difficulty": difficulty})
    ctx = GAME.prepare(opts)
    checked = 0
    for i in range(4):
        st, trace = game_streams(23, i), Trace()
        s = _Watch(st.strategy)
        GAME.play(ctx, opts, s, st, trace)
        placed = [(ADVISOR_NUMBER[e["advisor"]], COLUMNS.index(e["column"])) for e in trace.events
                  if e["kind"] == "advisor" and e["side"] == "rebellion"]
        assert len(placed) == len(s.seen) == 2 * (4 + 4 + 5 + 6) // 2
        for (_, n, c, fills), (n2, c2) in zip(s.seen, placed):
            assert n == n2
            if not fills:
                assert c == c2
                checked += 1
    assert checked > 60
