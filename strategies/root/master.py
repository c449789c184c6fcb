"""``master``: the ``expert`` player with tuned weights, read from ``master.toml``.

It plays exactly as :mod:`strategies.root.expert` does (the same per-faction heuristics on one VP scale,
the same lookahead fallback), with every weight taken from ``strategies/root/master.toml`` beside this
module. The faction sections' weights (``mq_``, ``ey_``, ``al_``, ``vb_``) were tuned one faction at a
time (``automa-sim tune``, CMA-ES on paired deals at the default difficulty against the three other bots;
the commands, in order, are the file's ``regenerate``): the Marquise's and the Alliance's from expert, then
the Alliance's, the Eyrie's and the Vagabond's from master; each kept only where the paired confirmation
on fresh games was above 0. The weights shared by every faction keep expert's defaults. The file's values are the defaults of
``master``'s declared parameters, so ``master`` plays the file and ``master(mq_sawmill=2)`` changes one
weight of it; the file is checked when this module is imported (strategies/root/master_file.py).
"""
from __future__ import annotations

from strategies.root.expert import ExpertStrategy
from strategies.root.master_file import WEIGHTS_FILE


class MasterStrategy(ExpertStrategy):
    name = "master"
    description = "expert with tuned weights (strategies/root/master.toml)"
    params = WEIGHTS_FILE.declared()
