"""Stroganov solo: a scripted player against Ivan or Katyusha, with the Turukhan modules.

``GAME`` is the registry entry. ``prepare`` loads and validates the data once per process; ``play``
plays one complete game and returns a :class:`automa.core.results.Result`. ``rounds`` counts the 12
action seasons; ``turns`` counts both sides' turns (24).

This file is also the wiring of the Turukhan modules: the only file of the base game that imports them.
:func:`hooks` registers the modules in play at the base game's hook points (automa/stroganov/hooks.py).
"""
from __future__ import annotations

from types import SimpleNamespace

from automa.core.errors import UsageError
from automa.core.registry import Game, Ladder, did_you_mean
from automa.core.results import Result
from automa.core.rollout import Recorder
from automa.core.seeding import Streams
from automa.stroganov import rounds, scoring, setup
from automa.stroganov.data import FILES, Tables
from automa.stroganov.hooks import Hooks
from automa.stroganov.labels import CATEGORIES as CATEGORY_WORDS, describe
from automa.stroganov.modules import diplomacy, hunting_plan, landscapes, merchant
from automa.stroganov.narrate import tell
from automa.stroganov.options import OPTIONS, parse_values
from automa.stroganov.screen import render
from automa.stroganov.steps import idle, offer, preface, reminder, steps
from automa.stroganov.state import CATEGORIES, IVAN, PLAYER

# The trophy options' defaults: the packaged tracks, which leave the automa file's track in play (ST-OPEN-19)
TROPHY_DEFAULTS = {o.name: o.default for o in OPTIONS if o.name.endswith("_trophy_values")}


# Each module's register(hooks), by its name in the ``modules`` option, in the order of options.MODULES
REGISTER = {"merchant": merchant.register, "hunting_plan": hunting_plan.register,
            "landscapes": landscapes.register, "diplomacy": diplomacy.register}


def hooks(modules, house_rules=()) -> Hooks:
    """The hooks of the modules named in ``modules``, registered in the order of options.MODULES whatever
    the order given, then those of ``house_rules``, more ``register(hooks)`` functions
    (docs/modules.md, "Stroganov")."""
    out = Hooks()
    for name, register in REGISTER.items():
        if name in modules:
            register(out)
    for register in house_rules:
        register(out)
    return out


def prepare(options: dict) -> dict:
    """Load the data files (packaged, or ``rules=PATH`` and ``automa=PATH``) with the region layout
    (ST-OPEN-3) and check the difficulty level against the automa's levels (ST-IVAN-DIFF-1)."""
    automa = options.get("automa", "")
    tables = Tables(options.get("rules", ""), options.get("region_layout", "five_regions"), automa)
    level = options.get("difficulty", "normal")
    if level not in tables.levels:
        where = f"the automa file {automa}" if automa else "the packaged automa (an --option automa=FILE may add more)"
        raise UsageError(f"option difficulty: {level!r} is not a level of {where}"
                         f"{did_you_mean(level, tables.levels)}; its levels: {', '.join(tables.levels)} (ST-IVAN-DIFF-1)")
    return {"tables": tables, "opts": {}}


def _opts(ctx: dict, options: dict) -> SimpleNamespace:
    """The options as attributes, with the automa's trophy track (the automa file's, unless the option
    gives another than its default, ST-OPEN-19) and difficulty level's numbers and the modules' hooks (cached per option set; a run passes the same dict
    for every game, so that is checked first)."""
    last = ctx.get("last")
    if last is not None and last[0] is options:
        return last[1]
    key = tuple(sorted((k, str(v)) for k, v in options.items()))
    opts = ctx["opts"].get(key)
    if opts is None:
        tables = ctx["tables"]
        values = {o.name: options.get(o.name, o.default) for o in OPTIONS}
        side = values["opponent"]
        track = f"{side}_trophy_values"
        values["trophy_values"] = tables.trophy_vp[side] if values[track] == TROPHY_DEFAULTS[track] \
            else parse_values(track, values[track])
        values["missing_fur_coins"], values["trade_fur_coins"] = tables.levels[values["difficulty"]]
        values["modules"] = tuple(m for m in str(values["modules"]).split(",") if m)
        values["hooks"] = hooks(values["modules"])
        opts = ctx["opts"][key] = SimpleNamespace(**values)
    ctx["last"] = (options, opts)
    return opts


def play(ctx: dict, options: dict, strategy, streams, trace=None) -> Result:
    """Play one seeded game of the player strategy against the automa. A search strategy's game is
    recorded so that its decisions offer rollouts (automa.core.rollout)."""
    opts = _opts(ctx, options)
    recorder = None
    if strategy.searches:
        tables = ctx["tables"]
        recorder = Recorder(streams.setup, streams.automa,
                            lambda setup_rng, automa_rng, branch: _rollout(tables, opts, setup_rng, automa_rng, branch))
    return _play(setup.setup(ctx["tables"], opts, streams, strategy, trace, recorder), trace)


def _rollout(tables, opts, setup_rng, automa_rng, branch) -> Result:
    """The game replayed from its starting streams up to ``branch``, then played on by its policy."""
    return _play(setup.setup(tables, opts, Streams(setup_rng, automa_rng, None), branch.policy, None,
                             branch=branch), None)


def _play(run, trace) -> Result:
    scores = rounds.play_game(run)
    winner = scoring.winner(run, scores)
    run.view = run.recorder = None  # both refer back to the run: without them it is freed at once, not by the GC
    return Result(player=dict(zip(CATEGORIES, scores[PLAYER])), automa=dict(zip(CATEGORIES, scores[IVAN])),
                  winner=winner, rounds=12, turns=run.turns, events=trace.events if trace else None)


GAME = Game(
    name="stroganov",
    title="Stroganov solo (Ivan / Katyusha) with the Turukhan modules",
    options=OPTIONS,
    categories=CATEGORIES,
    strategies={name: f"strategies.stroganov.{name}:{cls}" for name, cls in (
        ("random", "RandomStrategy"), ("greedy", "GreedyStrategy"), ("hunter", "HunterStrategy"),
        ("settler", "SettlerStrategy"), ("courtier", "CourtierStrategy"), ("expert", "ExpertStrategy"),
        ("master", "MasterStrategy"))}
    | {"mc": "strategies.mc:FlatMonteCarlo", "mcts": "strategies.mcts:ISMCTS",
       "positions": "strategies.stroganov.positions:StroganovPositions",
       "label": "strategies.stroganov.label:StroganovLabel",
       "learned": "strategies.stroganov.learned:StroganovLearned"},
    play=play,
    prepare=prepare,
    default_strategy="master",
    difficulty_ladder=Ladder(("opponent", "difficulty")),
    describe=describe,
    render=render,
    tell=tell,
    category_words=CATEGORY_WORDS,
    steps=steps,
    idle=idle,
    offer=offer,
    reminder=reminder,
    preface=preface,
    data_files=FILES,
)
