"""Rurik: Dawn of Kiev with Stone & Blade, solo against the Rebellion: the registry entry, and the
one place that wires the modules in play to the engine's hook points (automa/rurik/hooks.py)."""
from __future__ import annotations

from automa.core.registry import Game, Ladder
from automa.core.results import Result
from automa.rurik import data as _data
from automa.rurik import rounds
from automa.rurik.hooks import Hooks, register
from automa.rurik.labels import CATEGORIES as CATEGORY_WORDS, describe
from automa.rurik.modules import epic, factions, warfare
from automa.rurik.narrate import tell
from automa.rurik.options import MODULES, OPTIONS, check
from automa.rurik.screen import render
from automa.rurik.steps import steps
from automa.rurik.scoring import CATEGORIES

HOOKS = {"epic": epic.HOOKS, "warfare": warfare.HOOKS, "factions": factions.HOOKS}
_BY_OPTION: dict = {}    # the ``modules`` option's value -> its Hooks, made once per process


def module_hooks(modules) -> Hooks:
    """The hook points of the modules named in the ``modules`` option, registered in the order of
    :data:`options.MODULES` (epic, warfare, factions) whatever the option's order."""
    hooks = _BY_OPTION.get(modules)
    if hooks is None:
        hooks = _BY_OPTION[modules] = register([(name, HOOKS[name]) for name in MODULES if name in modules])
    return hooks


def play(data: _data.RurikData, options: dict, strategy, streams, trace=None) -> Result:
    """Play one game (:func:`rounds.play`) with the modules of ``options``."""
    return rounds.play(data, options, strategy, streams, trace, module_hooks(options.get("modules", "")))


def prepare(options: dict) -> _data.RurikData:
    """Validate cross-option rules and load the data files once per process."""
    check(options)
    return _data.load(options["automa"], options["solo_card_rows"], options["scoring"])


GAME = Game(
    name="rurik",
    title="Rurik: Dawn of Kiev (Stone & Blade), solo against the Rebellion",
    options=OPTIONS,
    categories=CATEGORIES,
    strategies={
        "random": "strategies.rurik.random:RandomStrategy",
        "greedy": "strategies.rurik.greedy:GreedyStrategy",
        "expert": "strategies.rurik.expert:ExpertStrategy",
        "master": "strategies.rurik.master:MasterStrategy",
        "warlord": "strategies.rurik.warlord:WarlordStrategy",
        "builder": "strategies.rurik.builder:BuilderStrategy",
        "merchant": "strategies.rurik.merchant:MerchantStrategy",
        "mc": "strategies.mc:FlatMonteCarlo",
        "mcts": "strategies.mcts:ISMCTS",
        "label": "strategies.rurik.label:RurikLabel",
        "learned": "strategies.rurik.learned:RurikLearned",
        "positions": "strategies.rurik.positions:RurikPositions",
    },
    play=play,
    prepare=prepare,
    difficulty_ladder=Ladder(("difficulty",), leader="rebel_leader"),
    describe=describe,
    render=render,
    tell=tell,
    category_words=CATEGORY_WORDS,
    steps=steps,
    data_files=_data.FILES,
    default_strategy="master",
)
