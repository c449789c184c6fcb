"""The weights file of Root's ``master`` player, ``strategies/root/master.toml`` (the shared format:
strategies/weights_file.py): every weight of :data:`strategies.root.expert.WEIGHTS`, read and checked,
and written from a tune run's ``best.txt``:

    python -m strategies.root.master_file results/tune-master-root/best.txt
"""
from __future__ import annotations

import sys
from pathlib import Path

from strategies.root.expert import WEIGHTS
from strategies.weights_file import WeightsFile

FILE = Path(__file__).with_name("master.toml")
WEIGHTS_FILE = WeightsFile("root", "master", "strategies.root.master_file", FILE, WEIGHTS, ("expert",))
load, weights_of, render, write, main = (WEIGHTS_FILE.load, WEIGHTS_FILE.weights_of, WEIGHTS_FILE.render,
                                         WEIGHTS_FILE.write, WEIGHTS_FILE.main)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
