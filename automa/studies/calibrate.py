"""Difficulty calibration: the setting of a game's difficulty ladder whose win rate is closest to a target.

The settings come from the game's :class:`~automa.core.registry.Ladder`, easiest to hardest (with
``by_leader``, one ladder per value of its leader option). Every setting plays games ``0 .. n-1`` of
one root seed (common random numbers), in batches: each round, every setting that is still open
plays the next batch. A setting closes when its Wilson 95% interval separates from the target or
its half-width reaches :data:`HALF_WIDTH`, whichever comes first (or at ``max_games``).

A setting is recommended only if the data tell it apart from every other setting of its group: the
range of distances to the target that its interval allows lies wholly below that of every other
setting. While the closest settings cannot be told apart, they keep playing (up to ``max_games``);
if they still cannot, no setting of that group is recommended and the output says so.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any, Callable

import pandas as pd

from automa.run.collect import run
from automa.core.errors import UsageError
from automa.run.inputs import RunSpec, resolve
from automa.core.registry import get_game
from automa.core.results import columns
from automa.core.intervals import wilson

HALF_WIDTH = 0.02  # a setting's interval is narrow enough at ±2 percentage points
BATCH = 200
MAX_GAMES = 10_000


@dataclass
class Setting:
    """One difficulty setting: its values, its run, and its games so far."""

    group: dict[str, Any]  # the leader value with by_leader, else empty
    values: dict[str, Any]  # the ladder options' values
    spec: RunSpec
    ctx: Any
    games: int = 0
    errors: int = 0
    wins: int = 0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games - self.errors)

    def win_rate(self) -> float:
        done = self.games - self.errors
        return self.wins / done if done else math.nan

    def distance(self, target: float) -> tuple[float, float]:
        """The nearest and farthest distance from ``target`` that the 95% interval allows."""
        lo, hi = self.interval()
        if math.isnan(lo):
            return 0.0, 1.0
        near = 0.0 if lo <= target <= hi else min(abs(lo - target), abs(hi - target))
        return near, max(abs(lo - target), abs(hi - target))

    def status(self, target: float) -> str:
        """``easier`` or ``harder`` than the target (interval separated), ``at target`` (±2 points), or ``open``."""
        lo, hi = self.interval()
        if lo > target:
            return "easier"
        if hi < target:
            return "harder"
        return "at target" if (hi - lo) / 2 <= HALF_WIDTH else "open"


def settings(game_name: str, strategy: str | None, options: dict[str, str], by_leader: bool,
             seed: int) -> list[Setting]:
    """The ladder's settings in order (grouped by leader with ``by_leader``), prepared to play."""
    game = get_game(game_name)
    ladder = game.difficulty_ladder
    if ladder is None:
        raise UsageError(f"game {game.name} has no difficulty ladder to calibrate")
    if by_leader and not ladder.leader:
        raise UsageError(f"--by-leader: game {game.name}'s difficulty ladder has no leader option")
    walked = list(ladder.steps) + ([ladder.leader] if by_leader else [])
    for name in options:
        if name in walked:
            raise UsageError(f"--option {name}: calibrate sets it (the difficulty ladder walks it)")
    base = game.resolve_options(options)           # a data file may add levels (Game.allowed)
    groups = [{}] if not by_leader else [{ladder.leader: v} for v in game.allowed(ladder.leader, base)]
    steps = [dict(zip(ladder.steps, combo))
             for combo in itertools.product(*[game.allowed(n, base) for n in ladder.steps])]
    out = []
    contexts: dict[tuple, Any] = {}
    for group in groups:
        for values in steps:
            spec = resolve(game.name, strategy, options | group | values, seed)
            key = tuple(sorted((k, str(v)) for k, v in spec.options.items()))
            if key not in contexts:
                contexts[key] = game.prepare(spec.options)
            out.append(Setting(group, values, spec, contexts[key]))
    return out


def calibrate(game: str, strategy: str | None, target: float, options: dict[str, str] | None = None,
              by_leader: bool = False, seed: int = 0, batch: int = BATCH, max_games: int = MAX_GAMES,
              jobs: int = 1, progress: Callable[[int, int, int], None] | None = None) -> pd.DataFrame:
    """Sample the ladder until every setting closes; the table of settings with the recommendation marked.

    ``progress(round, open settings, games played)`` is called after each round.
    """
    if not 0 < target < 1:
        raise UsageError(f"--target must be between 0 and 1 (a win rate), got {target}")
    if batch < 1:
        raise UsageError(f"--batch must be at least 1, got {batch}")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")
    if max_games < batch:
        raise UsageError(f"--max-games must be at least --batch ({batch}), got {max_games}")
    ladder = settings(game, strategy, dict(options or {}), by_leader, seed)
    cols = columns(ladder[0].spec.game)
    winner = cols.index("winner")
    rounds = 0
    while True:
        ties = [found for group in _groups(ladder) if len(found := contenders(group, target)) > 1]
        tied = {id(s) for found in ties for s in found}
        open_ = [s for s in ladder if s.games < max_games and (s.status(target) == "open" or id(s) in tied)]
        if not open_:
            break
        rounds += 1
        for s in open_:
            def count(rows: list[list], s: Setting = s) -> None:
                s.errors += sum(1 for r in rows if r[-1])
                s.wins += sum(1 for r in rows if not r[-1] and r[winner] == "player")

            n = min(batch, max_games - s.games)
            if run(s.spec, s.ctx, n, jobs, count, start=s.games):
                raise KeyboardInterrupt
            s.games += n
            if s.errors == s.games:
                raise UsageError(f"every game of setting {_name(s)} raised; see `automa-sim simulate`")
        if progress:
            progress(rounds, len(open_), sum(s.games for s in ladder))
    return _table(ladder, target)


def _groups(ladder: list[Setting]) -> list[list[Setting]]:
    """The ladder's settings split by group (one group without ``by_leader``), in order."""
    out: dict[tuple, list[Setting]] = {}
    for s in ladder:
        out.setdefault(tuple(s.group.items()), []).append(s)
    return list(out.values())


def contenders(group: list[Setting], target: float) -> list[Setting]:
    """The closest setting of ``group`` and every setting the data cannot tell apart from it (whose
    distance range reaches below the closest one's farthest distance)."""
    best = min(group, key=lambda s: abs(s.win_rate() - target) if s.games > s.errors else math.inf)
    reach = best.distance(target)[1]
    return [s for s in group if s is best or s.distance(target)[0] <= reach]


def _name(s: Setting) -> str:
    return " ".join(f"{k}={v}" for k, v in (s.group | s.values).items())


def _table(ladder: list[Setting], target: float) -> pd.DataFrame:
    """One row per setting; ``contender``: it cannot be told apart from the closest setting of its
    group; ``recommended``: it is the only contender of its group."""
    marks = {}
    for group in _groups(ladder):
        found = contenders(group, target)
        marks |= {id(s): (True, len(found) == 1) for s in found}
    rows = []
    for s in ladder:
        lo, hi = s.interval()
        rows.append({"game": s.spec.game.name, "strategy": s.spec.strategy, "target": target,
                     "seed": str(s.spec.root)} | s.group | s.values
                    | {"games": s.games, "errors": s.errors, "player_wins": s.wins, "win_rate": s.win_rate(),
                       "win_rate_lo": lo, "win_rate_hi": hi, "status": s.status(target)}
                    | dict(zip(("contender", "recommended"), marks.get(id(s), (False, False)))))
    return pd.DataFrame(rows)


def ladder_columns(game: str, by_leader: bool) -> tuple[list[str], list[str]]:
    """The table's group columns (the leader option with ``by_leader``) and ladder option columns."""
    ladder = get_game(game).difficulty_ladder
    return ([ladder.leader] if by_leader else []), list(ladder.steps)


def text_table(df: pd.DataFrame, ladder_cols: list[str]) -> str:
    """The calibration table as fixed-width text, the recommended settings marked ``<- closest`` and
    the settings that cannot be told apart ``tied``."""
    head = ladder_cols + ["games", "win rate", "95% interval", "status", "recommendation"]
    cells = [[str(r[c]) for c in ladder_cols]
             + [f"{r.games:,}", f"{r.win_rate:.1%}", f"{r.win_rate_lo:.1%} to {r.win_rate_hi:.1%}",
                r.status, "<- closest" if r.recommended else "tied" if r.contender else ""]
             for _, r in df.iterrows()]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(head)]
    return "\n".join("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip()
                     for line in [head, ["-" * w for w in widths]] + cells)


def recommendations(df: pd.DataFrame, ladder_cols: list[str], group_cols: list[str]) -> list[str]:
    """One line per group: its recommended setting, or the settings its data cannot tell apart."""
    lines = []
    groups = df.groupby(group_cols, sort=False) if group_cols else [((), df)]
    for _, group in groups:
        r = group.iloc[0]
        where = f" with {', '.join(f'{c}={r[c]}' for c in group_cols)}" if group_cols else ""
        if not group["recommended"].any():
            tied = group[group["contender"]]
            names = "; ".join(", ".join(f"{c}={t[c]}" for c in ladder_cols) for _, t in tied.iterrows())
            lines.append(f"no recommendation{where}: {names} cannot be told apart at "
                         f"{tied['games'].max():,} games each (their 95% intervals allow the same "
                         f"distance to the target {r.target:.0%}); raise --max-games")
            continue
        r = group[group["recommended"]].iloc[0]
        setting = ", ".join(f"{c}={r[c]}" for c in ladder_cols)
        statuses = set(group["status"])
        note = f"; every setting is {statuses.pop()} than the target" if statuses in ({"easier"}, {"harder"}) else ""
        lines.append(f"recommendation{where}: {setting} — {r.strategy} wins {r.win_rate:.1%} (95% CI "
                     f"{r.win_rate_lo:.1%} to {r.win_rate_hi:.1%}, {r.games:,} games), closest to the "
                     f"target {r.target:.0%}{note}")
    lines.append("(a scripted strategy's win rate, not a human player's)")
    return lines
