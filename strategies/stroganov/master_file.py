"""The weights file of Stroganov's ``master`` player, ``strategies/stroganov/master.toml`` (the shared
format: strategies/weights_file.py): every weight of :data:`strategies.stroganov.expert.WEIGHTS`, read
and checked, and written from a tune run's ``best.txt``:

    python -m strategies.stroganov.master_file results/tune-master/best.txt
"""
from __future__ import annotations

import sys
from pathlib import Path

from strategies.stroganov.expert import WEIGHTS
from strategies.weights_file import WeightsFile

FILE = Path(__file__).with_name("master.toml")
WEIGHTS_FILE = WeightsFile("stroganov", "master", "strategies.stroganov.master_file", FILE, WEIGHTS, ("expert",))
load, weights_of, render, write, main = (WEIGHTS_FILE.load, WEIGHTS_FILE.weights_of, WEIGHTS_FILE.render,
                                         WEIGHTS_FILE.write, WEIGHTS_FILE.main)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
