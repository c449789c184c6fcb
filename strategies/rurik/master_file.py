"""The weights file of Rurik's ``master`` player, ``strategies/rurik/master.toml`` (the shared format:
strategies/weights_file.py): every weight of :data:`strategies.rurik.expert.WEIGHTS` and master's own
terms :data:`EXTRA`, read and checked, and written from a tune run's ``best.txt``:

    python -m strategies.rurik.master_file results/tune-master-rurik/best.txt
"""
from __future__ import annotations

import sys
from pathlib import Path

from automa.core.params import Param
from strategies.rurik.expert import WEIGHTS
from strategies.weights_file import WeightsFile

# master's own scoring terms, beyond expert's weights (their defaults are in master.toml too)
EXTRA = (
    Param("foresee", "float", 1.0, "how far a placement is valued at the space the Rebellion's coming "
          "advisors will push it to (solo card, RK-REB-STRAT-2), 0 = as expert", least=0.0, hide_default=True),
    Param("block", "float", 0.0, "an action point the Rebellion's coming advisors lose because a placement "
          "pushes them down (RK-STRAT-4)", hide_default=True),
)
ALL = WEIGHTS + EXTRA     # every weight the file holds, in order
START = "strategies.rurik.master:MasterStart"   # master at expert's weights: where its tuning starts

FILE = Path(__file__).with_name("master.toml")
WEIGHTS_FILE = WeightsFile("rurik", "master", "strategies.rurik.master_file", FILE, ALL, ("expert", START))
load, weights_of, render, write, main = (WEIGHTS_FILE.load, WEIGHTS_FILE.weights_of, WEIGHTS_FILE.render,
                                       WEIGHTS_FILE.write, WEIGHTS_FILE.main)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
