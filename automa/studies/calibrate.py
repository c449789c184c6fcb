"""Difficulty calibration: the setting of a ladder whose win rate is closest to a target.

The settings come from the game's :class:`~automa.core.registry.Ladder`, easiest to hardest, or from
``over``, one option's values in the order given (a designer's own ladder, for example automa files
easiest first); with ``by_leader``, one ladder per value of the game's leader option. Every setting
plays games ``0 .. n-1`` of one root seed (common random numbers), in batches: each round, every
setting that is still sampling plays the next batch, in ladder order. A setting closes when its
Wilson 95% interval separates from the target or its half-width reaches :data:`HALF_WIDTH`,
whichever comes first (or at ``max_games``).

A setting is recommended only if the data tell it apart from every other setting of its group: the
range of distances to the target that its interval allows lies wholly below that of every other
setting. While the closest settings cannot be told apart, they keep playing (up to ``max_games``);
if they still cannot, no setting of that group is recommended and the output says so.

**Early stop.** A group is *settled* when every setting's 95% interval lies on one side of the
target: every upper bound below it (no setting reaches the target) or every lower bound above it (no
setting is as hard as the target). More games cannot bring a setting to the target then, so the
answer, that the ladder ends short of it, cannot change: the group stops, and its answer is the
setting whose win rate is nearest the target (the easiest, when every setting is below; the hardest,
when every one is above), with its interval. Which of the settings at that end is nearest is not
worth more games (against a 50% target, telling 2.0% from 1.5% took Rurik's greedy 67,200 games).

**Interrupted and resumed.** A calibration with files (:func:`start`) saves its state beside its
table after every batch (:func:`state_path`). Ctrl-C keeps every finished batch (the batch under way
is dropped), writes the table so far and the state, and :func:`resume` continues from them: the
rounds' batches are the same as an uninterrupted run's, and so is the final table.
"""
from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pandas as pd

from automa.core.errors import UsageError
from automa.core.intervals import wilson
from automa.core.registry import get_game
from automa.core.results import columns, write_json
from automa.run.collect import Interrupts, run
from automa.run.inputs import RunSpec, refuse_records, resolve
from automa.run.manifest import data_files, new_manifest, now

HALF_WIDTH = 0.02  # a setting's interval is narrow enough at ±2 percentage points
BATCH = 200
MAX_GAMES = 10_000
KIND = "calibrate"  # the state file's kind


@dataclass
class Setting:
    """One setting: its values, its run, and its games so far."""

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


@dataclass
class Calibration:
    """A calibration's settings and where it is: the round, and the settings (indices into
    ``settings``) still to play in it."""

    fields: dict[str, Any]  # what defines it: game, strategy, target, options, by_leader, over, seed, batch, max_games
    steps: list[str]  # the ladder's option names (the table's columns)
    leader: str | None  # the group column with by_leader
    settings: list[Setting]
    round: int = 0
    pending: list[int] = field(default_factory=list)
    manifest: dict = field(default_factory=dict)  # the state file's record (with files only)

    @property
    def target(self) -> float:
        return self.fields["target"]

    def games(self) -> int:
        return sum(s.games for s in self.settings)

    def sampling(self) -> list[int]:
        """The settings the next round plays: those still open and those tied with the closest of an
        unsettled group, below ``max_games``."""
        tied = {id(s) for group in _groups(self.settings) if len(found := contenders(group, self.target)) > 1
                for s in found}
        return [i for i, s in enumerate(self.settings) if s.games < self.fields["max_games"]
                and (s.status(self.target) == "open" or id(s) in tied)]

    def worst_case_left(self) -> int:
        """The games still to play if every setting still sampling plays on to ``max_games``."""
        return sum(self.fields["max_games"] - self.settings[i].games for i in self.sampling())

    def table(self) -> pd.DataFrame:
        return _table(self.settings, self.target)


@dataclass(frozen=True)
class Progress:
    """After a round: its number, the settings it sampled, the games of every setting so far, the
    games played in this session, and the worst-case games left."""

    round: int
    sampled: int
    games: int
    played: int
    left: int


def parse_over(text: str | None) -> tuple[str, list[str]] | None:
    """``OPTION=V1,V2,...`` of ``--over``: the option's name and its values, in order."""
    if text is None:
        return None
    name, eq, values = text.partition("=")
    items = [v.strip() for v in values.split(",")]
    if not eq or not name.strip() or not all(items):
        raise UsageError(f"--over expects OPTION=V1,V2,... (values easiest first), got {text!r}")
    return name.strip(), items


def plan(game_name: str, strategy: str | None, target: float, options: dict[str, str] | None = None,
         by_leader: bool = False, over: tuple[str, list[str]] | None = None, seed: int = 0, batch: int = BATCH,
         max_games: int = MAX_GAMES) -> Calibration:
    """Check the input (a UsageError naming the bad flag, before any game) and lay out the settings."""
    if not 0 < target < 1:
        raise UsageError(f"--target must be between 0 and 1 (a win rate), got {target}")
    if batch < 1:
        raise UsageError(f"--batch must be at least 1, got {batch}")
    if max_games < batch:
        raise UsageError(f"--max-games must be at least --batch ({batch}), got {max_games}")
    options = dict(options or {})
    found = settings(game_name, strategy, options, by_leader, seed, over)
    ladder = get_game(game_name).difficulty_ladder
    fields = {"game": game_name, "strategy": strategy, "target": target, "options": options, "by_leader": by_leader,
              "over": list(over) if over else None, "seed": seed, "batch": batch, "max_games": max_games}
    return Calibration(fields, [over[0]] if over else list(ladder.steps), ladder.leader if by_leader else None, found)


def settings(game_name: str, strategy: str | None, options: dict[str, str], by_leader: bool, seed: int,
             over: tuple[str, list[str]] | None = None) -> list[Setting]:
    """The ladder's settings in order (grouped by leader with ``by_leader``), prepared to play: the
    game's difficulty ladder, or ``over``'s option values."""
    game = get_game(game_name)
    ladder = game.difficulty_ladder
    if ladder is None and not over:
        raise UsageError(f"game {game.name} has no difficulty ladder to calibrate; give one with "
                         f"--over OPTION=V1,V2,...")
    if by_leader and not (ladder and ladder.leader):
        raise UsageError(f"--by-leader: game {game.name}'s difficulty ladder has no leader option" if ladder
                         else f"--by-leader: game {game.name} has no difficulty ladder")
    if over:
        name, values = over
        if game.option(name).type == "set":
            raise UsageError(f"--over {name}: a set option's values hold commas; compare them with a sweep")
        if len(values) < 2 or len(set(values)) < len(values):
            raise UsageError(f"--over {name}: give two or more different values, easiest first")
        if by_leader and name == ladder.leader:
            raise UsageError(f"--over {name}: --by-leader walks it already")
        steps = [{name: v} for v in values]
        walked = [name]
    else:
        walked = list(ladder.steps)
    walked += [ladder.leader] if by_leader else []
    for name in options:
        if name in walked:
            raise UsageError(f"--option {name}: calibrate sets it (the {'--over' if over else 'difficulty'} "
                             f"ladder walks it)")
    # a data file may add levels (Game.allowed): with --over, the first value's files define them
    try:
        base = game.resolve_options(options | (steps[0] if over else {}))
    except UsageError as exc:
        raise UsageError(f"--over {over[0]}={steps[0][over[0]]}: {exc}" if over else str(exc)) from None
    if not over:
        steps = [dict(zip(ladder.steps, combo))
                 for combo in itertools.product(*[game.allowed(n, base) for n in ladder.steps])]
    groups = [{}] if not by_leader else [{ladder.leader: v} for v in game.allowed(ladder.leader, base)]
    out = []
    contexts: dict[tuple, Any] = {}
    for group in groups:
        for values in steps:
            try:
                spec = resolve(game.name, strategy, options | group | values, seed)
            except UsageError as exc:
                raise UsageError(f"--over {over[0]}={values[over[0]]}: {exc}" if over else str(exc)) from None
            refuse_records(spec.strategy_cls)
            key = tuple(sorted((k, str(v)) for k, v in spec.options.items()))
            if key not in contexts:
                contexts[key] = game.prepare(spec.options)
            out.append(Setting(group, {k: spec.options[k] for k in values}, spec, contexts[key]))
    return out


def play(cal: Calibration, jobs: int = 1, progress: Callable[[Progress], None] | None = None,
         save: Callable[[Calibration], None] | None = None) -> bool:
    """Sample the settings until every one closes (or its group settles); ``True`` if Ctrl-C stopped it.

    Each finished batch is counted and ``save``d at once (Ctrl-C waits for that); the batch under way
    when Ctrl-C comes is dropped. ``progress`` is called after each round.
    """
    check_jobs(jobs)
    cols = columns(cal.settings[0].spec.game)
    winner = cols.index("winner")
    played = 0
    with Interrupts() as guard:
        try:
            while True:
                if not cal.pending:
                    cal.pending = cal.sampling()
                    if not cal.pending:
                        return False
                    cal.round += 1
                sampled = len(cal.pending)
                while cal.pending:
                    s = cal.settings[cal.pending[0]]
                    n = min(cal.fields["batch"], cal.fields["max_games"] - s.games)
                    wins, errors = _play_batch(s, n, jobs, winner)
                    with guard.shielded():
                        s.games, s.wins, s.errors = s.games + n, s.wins + wins, s.errors + errors
                        cal.pending.pop(0)
                        played += n
                        if save:
                            save(cal)
                    if s.errors == s.games:
                        raise UsageError(f"every game of setting {_name(s)} raised; see `automa-sim simulate`")
                if progress:
                    progress(Progress(cal.round, sampled, cal.games(), played, cal.worst_case_left()))
        except KeyboardInterrupt:
            return True


def check_jobs(jobs: int) -> None:
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {jobs}")


def _play_batch(s: Setting, n: int, jobs: int, winner: int) -> tuple[int, int]:
    """Play setting ``s``'s next ``n`` games: their wins and errors (KeyboardInterrupt if stopped)."""
    counts = [0, 0]

    def count(rows: list[list]) -> None:
        counts[1] += sum(1 for r in rows if r[-1])
        counts[0] += sum(1 for r in rows if not r[-1] and r[winner] == "player")

    if run(s.spec, s.ctx, n, jobs, count, start=s.games):
        raise KeyboardInterrupt
    return counts[0], counts[1]


def calibrate(game: str, strategy: str | None, target: float, options: dict[str, str] | None = None,
              by_leader: bool = False, seed: int = 0, batch: int = BATCH, max_games: int = MAX_GAMES,
              jobs: int = 1, over: tuple[str, list[str]] | None = None) -> pd.DataFrame:
    """Calibrate in memory, without files: the table of settings with the recommendation marked."""
    cal = plan(game, strategy, target, options, by_leader, over, seed, batch, max_games)
    if play(cal, jobs):
        raise KeyboardInterrupt
    return cal.table()


def state_path(out: Path) -> Path:
    """The state file of the calibration whose table is ``out``: beside it, ``NAME.state.json``."""
    return out.with_name(out.stem + ".state.json")


def start(cal: Calibration, out: Path, force: bool, command: str) -> None:
    """Claim ``out`` for a new calibration (refusing an earlier one's without ``force``) and write its state."""
    state = state_path(out)
    if (out.exists() or state.exists()) and not force:
        raise UsageError(f"output file {out if out.exists() else state} already exists; use --force to overwrite "
                         f"it or choose another --out")
    cal.manifest = new_manifest(command, {"kind": KIND, **cal.fields, "seed": str(cal.fields["seed"])})
    cal.manifest["data_files"] = _files(cal.fields)
    cal.manifest["resumed"] = []
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.unlink(missing_ok=True)
        save_state(cal, out)
    except OSError as exc:
        raise UsageError(f"cannot write {state}: {exc.strerror or exc}") from None


def resume(out: Path, command: str) -> Calibration:
    """The interrupted calibration whose table is ``out``, from its state (UsageError if there is none,
    or a data file it reads changed)."""
    path = state_path(out)
    try:
        manifest = json.loads(path.read_text())
    except OSError:
        raise UsageError(f"--resume {out}: no calibration state {path} beside it; nothing to resume "
                         f"(a finished calibration removes it)") from None
    except ValueError as exc:
        raise UsageError(f"--resume {out}: {path} is not valid JSON: {exc}") from None
    if manifest.get("kind") != KIND:
        raise UsageError(f"--resume {out}: {path} is not a calibration's state")
    m = manifest
    cal = plan(m["game"], m["strategy"], m["target"], m["options"], m["by_leader"], m["over"], int(m["seed"]),
               m["batch"], m["max_games"])
    if _files(cal.fields) != m["data_files"]:
        raise UsageError(f"--resume {out}: a data file the calibration reads is missing or changed since it started")
    for s, (games, errors, wins) in zip(cal.settings, m["counts"], strict=True):
        s.games, s.errors, s.wins = games, errors, wins
    cal.round, cal.pending = m["round"], list(m["pending"])
    manifest["resumed"].append({"command": command, "at": now(), "games_done": cal.games()})
    cal.manifest = manifest
    return cal


def _files(fields: dict) -> dict:
    """The data files a calibration reads, with their hashes: those of its options and of ``--over``."""
    over = {fields["over"][0]: fields["over"][1]} if fields["over"] else {}
    return data_files(fields["game"], [fields["options"], over])


def save_state(cal: Calibration, out: Path, interrupted: bool = False) -> None:
    """Write the state of ``cal`` (started by :func:`start` or :func:`resume`) beside ``out``."""
    cal.manifest |= {"round": cal.round, "pending": cal.pending,
                     "counts": [[s.games, s.errors, s.wins] for s in cal.settings],
                     "games_done": cal.games(), "interrupted": interrupted, "ended": now() if interrupted else None}
    write_json(state_path(out), cal.manifest)


def finish(cal: Calibration, out: Path, interrupted: bool) -> None:
    """Write the table (so far, if ``interrupted``) to ``out``; keep the state to resume from, or remove it."""
    try:
        cal.table().to_csv(out, index=False)
        if interrupted:
            save_state(cal, out, interrupted=True)
        else:
            state_path(out).unlink(missing_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None


def _groups(ladder: list[Setting]) -> list[list[Setting]]:
    """The ladder's settings split by group (one group without ``by_leader``), in order."""
    out: dict[tuple, list[Setting]] = {}
    for s in ladder:
        out.setdefault(tuple(s.group.items()), []).append(s)
    return list(out.values())


def settled(group: list[Setting], target: float) -> str | None:
    """``harder`` if every setting's interval lies below the target, ``easier`` if every one lies above
    it (the group stops: more games cannot bring a setting to the target), else ``None``."""
    found = {s.status(target) for s in group}
    return found.pop() if found in ({"harder"}, {"easier"}) else None


def contenders(group: list[Setting], target: float) -> list[Setting]:
    """The closest setting of ``group`` and every setting the data cannot tell apart from it (whose
    distance range reaches below the closest one's farthest distance); the closest alone in a
    settled group."""
    best = min(group, key=lambda s: abs(s.win_rate() - target) if s.games > s.errors else math.inf)
    if settled(group, target):
        return [best]
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


def text_table(df: pd.DataFrame, ladder_cols: list[str]) -> str:
    """The calibration table as fixed-width text, the recommended settings marked ``<- closest`` and
    the settings that cannot be told apart ``tied``."""
    head = ladder_cols + ["games", "win rate", "95% interval", "status", "recommendation"]
    cells = [[str(r[c]) for c in ladder_cols]
             + ([f"{r.games:,}", f"{r.win_rate:.1%}", f"{r.win_rate_lo:.1%} to {r.win_rate_hi:.1%}"]
                if r.games > r.errors else [f"{r.games:,}", "-", "-"])  # not played yet (an interrupted run)
             + [r.status, "<- closest" if r.recommended else "tied" if r.contender else ""]
             for _, r in df.iterrows()]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(head)]
    return "\n".join("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip()
                     for line in [head, ["-" * w for w in widths]] + cells)


def recommendations(df: pd.DataFrame, ladder_cols: list[str], group_cols: list[str]) -> list[str]:
    """One line per group: its recommended setting, the end of a ladder that stops short of the target,
    or the settings its data cannot tell apart."""
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
                         f"distance to the target {_percent(r.target)}); raise --max-games")
            continue
        r = group[group["recommended"]].iloc[0]
        setting = ", ".join(f"{c}={r[c]}" for c in ladder_cols)
        side = set(group["status"])
        if side in ({"easier"}, {"harder"}):
            below = side == {"harder"}
            lines.append(f"{'no setting reaches' if below else 'every setting is easier than'} the target "
                         f"{_percent(r.target)}{where}: the {'easiest' if below else 'hardest'}, {setting}, gives "
                         f"{r.win_rate:.1%} [{r.win_rate_lo:.1%}, {r.win_rate_hi:.1%}] ({r.games:,} games; every "
                         f"setting's 95% interval lies {'below' if below else 'above'} the target, so more games "
                         f"cannot change this)")
            continue
        lines.append(f"recommendation{where}: {setting} — {r.strategy} wins {r.win_rate:.1%} (95% CI "
                     f"{r.win_rate_lo:.1%} to {r.win_rate_hi:.1%}, {r.games:,} games), closest to the "
                     f"target {_percent(r.target)}")
    lines.append("(a scripted strategy's win rate, not a human player's)")
    return lines


def _percent(x: float) -> str:
    """A target as a percentage, with the digits it was given (50%, 46.5%)."""
    return f"{100 * x:.4g}%"
