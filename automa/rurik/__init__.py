"""Rurik: Dawn of Kiev with Stone & Blade, solo against the Rebellion: the registry entry."""
from __future__ import annotations

from automa.core.registry import Game, Ladder
from automa.rurik import data as _data
from automa.rurik.labels import describe
from automa.rurik.narrate import tell
from automa.rurik.options import OPTIONS, check
from automa.rurik.rounds import play
from automa.rurik.screen import render
from automa.rurik.scoring import CATEGORIES


def prepare(options: dict) -> _data.RurikData:
    """Validate cross-option rules and load the data files once per process."""
    check(options)
    return _data.load(options["cards"], options["solo_card_rows"], options["scoring"])


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
    },
    play=play,
    prepare=prepare,
    difficulty_ladder=Ladder(("difficulty",), leader="rebel_leader"),
    describe=describe,
    render=render,
    tell=tell,
    data_files=_data.FILES,
)
