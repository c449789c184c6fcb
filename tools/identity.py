"""Byte-identity check for engine changes (issue 13): one hash over many games of every engine.

For each mix of game, strategy and options it hashes games.csv of a serial `automa-sim simulate`
run (the untraced hot path) and the full event trace of the first games (every rule event), plus a
few search games (mc with a small budget, traced only) whose choices depend on every rollout. Run it before and
after a change; the printed total must not move:

    .venv/bin/python tools/identity.py          # about 7,100 games
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.trace import Trace, event_json

# (game, strategy, games, options)
MIXES = [
    ("rurik", "random", 1500, {}),
    ("rurik", "random", 500, {"difficulty": 4, "modules": "epic,warfare,factions", "rebel_leader": "maria"}),
    ("rurik", "greedy", 150, {}),
    ("rurik", "greedy", 100, {"difficulty": 1, "modules": "epic,warfare,factions", "rebel_leader": "gleb"}),
    ("rurik", "warlord", 200, {"difficulty": 3, "modules": "warfare"}),
    ("rurik", "builder", 200, {"modules": "epic", "player_leader": "boris"}),
    ("rurik", "merchant", 200, {"modules": "factions", "rebel_leader": "theofana"}),
    ("rurik", "expert", 200, {"difficulty": 2, "modules": "warfare,factions"}),
    ("rurik", "mc(budget=4)", 4, {}),
    ("stroganov", "random", 1500, {}),
    ("stroganov", "random", 500, {"opponent": "katyusha", "difficulty": "hard",
                                  "modules": "merchant,hunting_plan,landscapes,diplomacy"}),
    ("stroganov", "greedy", 100, {}),
    ("stroganov", "greedy", 100, {"opponent": "katyusha", "difficulty": "medium", "modules": "landscapes,diplomacy"}),
    ("stroganov", "hunter", 200, {"modules": "hunting_plan"}),
    ("stroganov", "settler", 200, {"modules": "landscapes", "region_layout": "six_regions"}),
    ("stroganov", "courtier", 200, {"modules": "merchant,diplomacy", "automa_strategy": "c"}),
    ("stroganov", "expert", 200, {"modules": "diplomacy,merchant"}),
    ("stroganov", "mc(budget=4)", 4, {}),
    ("root", "random", 400, {}),
    ("root", "random", 200, {"faction": "vagabond", "vagabond_character": "ranger", "difficulty": "nightmare",
                             "mm_traits": "blitz,fortified,hospitals,iron_will",
                             "ee_traits": "nobility,relentless,swoop,war_tax",
                             "aa_traits": "informants,popularity,veterans,wildfire"}),
    ("root", "random", 200, {"faction": "none", "difficulty": "challenging"}),
    ("root", "master", 100, {"faction": "eyrie"}),
    ("root", "expert", 100, {"faction": "alliance", "bots": "vagabot", "vb_character": "tinker", "difficulty": "easy"}),
    ("root", "greedy", 40, {"faction": "vagabond", "vagabond_character": "thief"}),
    ("root", "mc(budget=4)", 2, {}),
]
SEED = 13
TRACED = 40


def games_csv_hash(game: str, strategy: str, n: int, options: dict) -> str:
    with tempfile.TemporaryDirectory() as out:
        cmd = [sys.executable, "-m", "cli", "simulate", game, "-n", str(n), "--seed", str(SEED),
               "-s", strategy, "-j", "1", "--backend", "serial", "-q", "--force", "--out", out]
        for k, v in options.items():
            cmd += ["-o", f"{k}={v}"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        return hashlib.sha256((Path(out) / "games.csv").read_bytes()).hexdigest()


def trace_hash(game: str, strategy: str, n: int, options: dict) -> str:
    g = get_game(game)
    opts = g.resolve_options(options)
    ctx = g.prepare(opts)
    spec = get_strategy(g, strategy)
    h = hashlib.sha256()
    for i in range(n):
        st = game_streams(SEED, i)
        strat = spec(st.strategy)
        trace = Trace()
        res = g.play(ctx, opts, strat, st, trace)
        for e in trace.events:
            h.update(event_json(e).encode())
        h.update(repr((res.player, res.automa, res.winner, res.turns)).encode())
    return h.hexdigest()


def main() -> None:
    total = hashlib.sha256()
    games = 0
    for game, strategy, n, options in MIXES:
        if "(" in strategy:
            digest = trace_hash(game, strategy, n, options)
        else:
            digest = games_csv_hash(game, strategy, n, options) + trace_hash(game, strategy, min(n, TRACED), options)
        games += n
        total.update(digest.encode())
        print(f"{game:10} {strategy:12} {n:5}  {digest[:16]}  {options}", flush=True)
    print(f"identical-check: {games} games, total {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
