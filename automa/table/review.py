"""Where a game was won or lost (``automa-sim review``, issue 23): replay one game and ask a search
player about every decision the player made.

The game is replayed exactly, by its seed, options and the player's choices: a strategy's choices
come from playing it again on the game's strategy stream (as ``replay`` does), a saved game's from
its list. At each player decision the reviewer, a search strategy with a verdict (``mc``,
strategies/search.py ``Verdict``), searches at its budget from its own stream, exactly as it would
in a game of its own: what it rates best is the choice it would play (its ``pick``). Where the
player chose otherwise, the pick and the player's choice are then rolled out again on fresh paired
determinizations (``rounds`` each, from a second stream): the value lost is the mean paired
difference in rollout value, with its t interval, and likewise the win chance and the margin. The
fresh rollouts matter: the pick won on the search's own rollouts, so its lead measured on them is
biased upward (it was chosen for beating the policy's choice by a standard error), and over a
hundred decisions those biased leads would outrank a real blunder. The rollouts re-sample what the
player could not see (docs/search.md), so the review judges each decision by what was known when
it was made.

What it prints is ranked by what the player lost with certainty (:func:`finding`): the lower bound of
the loss interval, in win chance first and in VP where the win chance shows no certain difference
(as where it is near 0 both ways, in a lost game), so that a small win blip does not outrank a
solid VP loss, as it would by the value's 0.7 x win blend. Decisions whose intervals all hold 0 are
marked not significant; where the player's choice beat the pick with certainty is listed as a gain.

A first pass replays the game without the reviewer: it counts the decisions (for the progress bar and
the time estimate) and checks that the game replays to the result on record, before any rollout.
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from automa.core.errors import UsageError
from automa.core.params import StrategySpec
from automa.core.registry import Game, get_strategy
from automa.core.results import Result
from automa.run.runner import RunSpec, prepare
from automa.table.saved import Mismatch, Script, Unfinished
from automa.core.seeding import game_streams
from automa.core.strategy import Strategy, ask

DEFAULT_REVIEWER = "mc(budget=48,width=3)"
TOP = 5
NEAR = 0.05     # both win chances within this of 0 (or of 1): the win is not in question, VP decides
COLUMNS = ("decision", "kind", "choices", "chosen", "chosen_label", "best", "best_label", "same", "rollouts",
           "value_lost", "value_lost_lo", "value_lost_hi", "win_lost", "win_lost_lo", "win_lost_hi",
           "margin_lost", "margin_lost_lo", "margin_lost_hi", "chosen_win", "chosen_win_lo", "chosen_win_hi",
           "best_win", "best_win_lo", "best_win_hi", "chosen_margin", "chosen_margin_lo", "chosen_margin_hi",
           "best_margin", "best_margin_lo", "best_margin_hi", "finding", "measure", "certain", "bound")
MEASURES = {"win": "win chance", "VP": "VP"}


@dataclass(frozen=True)
class Finding:
    """What the fresh paired rollouts show where the player chose otherwise than the reviewer:
    ``kind`` "loss" or "gain" for the player ("even" where every mean difference is 0), ``measure``
    "win" (win chance) or "VP", whether its 95% interval excludes 0 (``certain``), and ``bound``, the
    interval's end nearer 0 as an amount lost (or gained): what is lost (gained) with certainty where
    it is certain, at most 0 where it is not."""

    kind: str
    measure: str
    certain: bool
    bound: float

    def rank(self) -> tuple:
        """Sort key, first the worst: certain before not, win chance before VP, the larger bound first."""
        return (not self.certain, self.measure != "win", -self.bound)


@dataclass(frozen=True)
class Target:
    """The game to review: its setting (``spec``: game, options, strategy, root seed) and index; a
    saved game's ``choices`` as ``[kind, choice]`` pairs (automa.table.saved; then the strategy is not
    asked); how the report names it; and the record to check the replay against (a ``games.csv`` row
    as a dict, or ``None``)."""

    spec: RunSpec
    index: int
    choices: tuple | None
    name: str
    record: dict | None = None


@dataclass(frozen=True)
class Reviewed:
    """One player decision of the game: its number (1-based), kind, how many legal choices it had,
    the player's choice and the reviewer's pick (each with its words), the reviewer's verdict, the
    fresh paired rollouts of pick and choice (``check``; ``None`` where they are the same), the board
    as the player saw it, and the seconds it took."""

    number: int
    kind: str
    options: int
    chosen: Any
    chosen_label: str
    pick: Any
    pick_label: str
    verdict: Any
    check: Any
    board: str
    seconds: float

    @property
    def same(self) -> bool:
        return self.check is None

    @property
    def loss(self):
        """The player's choice's :class:`strategies.search.Rated`: what it loses against the pick."""
        return self.check.rate(1) if self.check else self.verdict.rate(self.verdict.best)

    @property
    def best(self):
        """The pick's :class:`strategies.search.Rated`, on the same rollouts as :attr:`loss`."""
        return self.check.rate(0) if self.check else self.verdict.rate(self.verdict.best)

    @property
    def finding(self) -> Finding | None:
        """What the player's choice lost or gained against the pick (``None`` where they are the same)."""
        return None if self.same else finding(self.loss, self.best)


@dataclass(frozen=True)
class Review:
    """A finished review: the game, the reviewer, the seed of its stream, the game's result (``None``
    for an unfinished saved game) and every player decision in order."""

    target: Target
    reviewer: str
    seed: int
    result: Result | None
    decisions: list[Reviewed]

    def ranked(self, kind: str) -> list[Reviewed]:
        """The decisions whose :class:`Finding` is a ``kind`` ("loss" or "gain"), the worst loss (the
        largest gain) first by :meth:`Finding.rank`; ties in game order."""
        found = [d for d in self.decisions if d.finding is not None and d.finding.kind == kind]
        return sorted(found, key=lambda d: d.finding.rank())

    def costliest(self, n: int = TOP) -> list[Reviewed]:
        """The ``n`` decisions that lost the most with certainty (:meth:`ranked`); then, to fill ``n``,
        those whose loss is not significant."""
        return self.ranked("loss")[:n]


def finding(lost, best) -> Finding:
    """The :class:`Finding` of a player's choice (``lost``, its :class:`strategies.search.Rated`) against
    the pick (``best``): a win chance lost or gained with certainty (the paired interval excludes 0);
    else VP lost or gained with certainty; else, not significant, measured in win chance unless both
    win chances are within :data:`NEAR` of 0 (or of 1), and then in VP."""
    win, vp = lost.win_loss, lost.margin_loss
    for measure, (mean, lo, hi) in (("win", win), ("VP", vp)):
        if lo > 0:
            return Finding("loss", measure, True, lo)
        if hi < 0:
            return Finding("gain", measure, True, -hi)
    settled = all(r.win[0] <= NEAR for r in (lost, best)) or all(r.win[0] >= 1 - NEAR for r in (lost, best))
    order = [("VP", vp), ("win", win)] if settled else [("win", win), ("VP", vp)]
    for measure, (mean, lo, hi) in order:
        if mean > 0:
            return Finding("loss", measure, False, lo)
        if mean < 0:
            return Finding("gain", measure, False, -hi)
    return Finding("even", order[0][0], False, 0.0)


def reviewer_spec(game: Game, text: str) -> StrategySpec:
    """The reviewing search strategy (UsageError unless it gives a verdict with two or more rollouts
    per choice, so that each loss has an interval)."""
    spec = get_strategy(game, text)
    if not (callable(getattr(spec.cls, "verdict", None)) and callable(getattr(spec.cls, "compare", None))):
        raise UsageError(f"--strategy {text}: not a search strategy with a verdict (use mc)")
    budget, width = spec.values["budget"], searched_width(spec)
    if width < 2 or budget < 2 * width:
        raise UsageError(f"--strategy {spec.canonical}: a review needs width >= 2 and budget >= 2 x width "
                         f"(two rollouts per choice, for an interval)")
    return spec


class _Reviewing(Strategy):
    """The player of the replayed game: at each decision it takes the player's choice and (with a
    reviewer) asks the reviewer's verdict there, then measures the choice against the pick on fresh
    rollouts where they differ. It searches, so decisions offer rollouts."""

    name = "reviewing"
    searches = True

    def __init__(self, player: Strategy, game: Game, reviewer=None, rounds: int = 0, world=None,
                 seen: Callable | None = None):
        super().__init__(None)
        self.player, self.game, self.reviewer, self.seen = player, game, reviewer, seen
        self.rounds, self.world = rounds, world
        self.decisions: list[Reviewed] = []
        self.count = 0

    def choose(self, decision):
        if not decision.can_roll_out:
            raise UsageError(f"game {self.game.name} offers no rollouts, so a search player cannot review it")
        chosen = ask(self.player, decision)
        self.count += 1
        if self.reviewer is None:
            return chosen
        clock = time.perf_counter()
        verdict = self.reviewer.verdict(decision)
        check = None
        if chosen != verdict.pick:
            check = self.reviewer.compare(decision, [verdict.pick, chosen], self.rounds, self.world)
        words = describer(self.game)
        draw = self.game.render
        reviewed = Reviewed(self.count, decision.kind, len(decision.choices), chosen,
                            words(decision.view, decision.kind, chosen), verdict.pick,
                            words(decision.view, decision.kind, verdict.pick), verdict, check,
                            draw(decision.view) if draw else "", time.perf_counter() - clock)
        self.decisions.append(reviewed)
        if self.seen:
            self.seen(reviewed)
        return chosen


def describer(game: Game) -> Callable:
    """``(view, kind, choice) -> words``: the game's own labels, or the choice as JSON."""
    return game.describe or (lambda view, kind, choice: json.dumps(choice))


def _play(target: Target, ctx, reviewing: _Reviewing) -> Result | None:
    """Play the game with ``reviewing`` as its player: its Result, or ``None`` if the saved choices end
    before the game does (an unfinished game: every saved decision is reviewed)."""
    streams = game_streams(target.spec.root, target.index)
    if target.choices is None:
        reviewing.player = target.spec.strategy_cls(streams.strategy)
    else:
        reviewing.player = Script(streams.strategy, list(target.choices))
    try:
        return target.spec.game.play(ctx, target.spec.options, reviewing, streams, None)
    except Unfinished:
        return None
    except Mismatch as exc:
        raise UsageError(f"{target.name}: {exc}") from None


def check(target: Target) -> tuple[int, Any]:
    """Replay the game without reviewing: its number of player decisions and the game context
    (UsageError if a saved choice does not fit, or the result is not the one on record)."""
    ctx = prepare(target.spec)
    reviewing = _Reviewing(None, target.spec.game)
    result = _play(target, ctx, reviewing)
    if result is not None and target.choices is not None and reviewing.player.asked != len(target.choices):
        raise UsageError(f"{target.name}: the game ended after {reviewing.player.asked} of the saved game's "
                         f"{len(target.choices)} choices; the saved game does not replay")
    record = target.record
    if result is not None and record is not None:
        if record.get("error"):
            raise UsageError(f"{target.name}: that game raised an error when it was played "
                             f"({record['error']}); there is nothing to review")
        now = (result.player_score, result.automa_score, result.winner)
        then = (int(record["player_score"]), int(record["automa_score"]), record["winner"])
        if now != then:
            raise UsageError(f"{target.name}: the game replays to {now[0]}-{now[1]} ({now[2]}), not to the "
                             f"recorded {then[0]}-{then[1]} ({then[2]}): the rules changed since it was played")
    return reviewing.count, ctx


def review(target: Target, reviewer: StrategySpec, seed: int, rounds: int | None = None, ctx=None,
           seen: Callable[[Reviewed], None] | None = None) -> Review:
    """Review every player decision of ``target`` with ``reviewer``, its losses measured on
    ``rounds`` fresh paired rollouts (default: as many as the reviewer gives each choice it searches).
    Two streams of ``seed``: the reviewer's, and the fresh rollouts'. ``seen(reviewed)`` is called after
    each decision (progress)."""
    ctx = prepare(target.spec) if ctx is None else ctx
    streams = game_streams(seed, 0)
    searcher = reviewer(streams.strategy)
    reviewing = _Reviewing(None, target.spec.game, searcher, rounds or check_rounds(reviewer), streams.automa, seen)
    result = _play(target, ctx, reviewing)
    return Review(target, reviewer.canonical, seed, result, reviewing.decisions)


def check_rounds(reviewer: StrategySpec) -> int:
    """The default rollouts per choice that measure a loss: the reviewer's per searched choice."""
    return reviewer.values["budget"] // searched_width(reviewer)


def searched_width(spec: StrategySpec) -> int:
    """The choices a search strategy searches per decision: its ``width``, or the width its class derives
    from the budget when the width is left at its default (``mc``: strategies/search.py)."""
    derive = getattr(spec.cls, "searched_width", None)
    return derive(spec.values["budget"], spec.values["width"]) if derive else spec.values["width"]


def cost(reviewer: StrategySpec, rounds: int | None = None) -> str:
    """The review's rollouts per decision, in words."""
    budget, width = reviewer.values["budget"], searched_width(reviewer)
    rounds = rounds or check_rounds(reviewer)
    per = budget // width
    return (f"{per * width} rollouts per decision to find its pick ({per} for each of its {width} best "
            f"choices), and {2 * rounds} more ({rounds} each for its pick and the player's choice, on fresh "
            f"deals) where the player chose otherwise")


def table(rv: Review) -> list[dict]:
    """The whole review as rows (:data:`COLUMNS`), one per player decision."""
    rows = []
    for d in rv.decisions:
        lost, best, found = d.loss, d.best, d.finding
        rows.append(dict(zip(COLUMNS, (
            d.number, d.kind, d.options, json.dumps(d.chosen), d.chosen_label,
            json.dumps(d.pick), d.pick_label, d.same, lost.rollouts,
            *lost.value_loss, *lost.win_loss, *lost.margin_loss, *lost.win, *best.win,
            *lost.margin, *best.margin,
            *((found.kind, found.measure, found.certain, found.bound) if found else ("", "", "", ""))))))
    return rows


def write_csv(rv: Review, path) -> None:
    """The review table as CSV (NaN as empty): the same bytes for the same game, reviewer and seed."""
    import csv

    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in table(rv):
            writer.writerow({k: "" if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()})


def _iv(triple, fmt: str) -> str:
    """``mean [lo, hi]`` in ``fmt`` (the mean alone without an interval)."""
    mean, lo, hi = triple
    if math.isnan(lo):
        return fmt.format(mean)
    return f"{fmt.format(mean)} [{fmt.format(lo)}, {fmt.format(hi)}]"


def _headline(d: Reviewed) -> str:
    """What a decision lost or gained, in words: the certain amount first, then both intervals."""
    f, lost = d.finding, d.loss
    verb = "lost" if f.kind == "loss" else "gained"
    if f.measure == "VP":
        what = f"{f.bound:.1f} VP"
    else:
        what = f"{f.bound:.0%} win chance" if f.bound >= 0.005 else "a little win chance (under 1%)"
    sure = f"{verb} at least {what}" if f.certain else "not significant, every interval holds 0"

    def signed(triple: tuple) -> tuple:   # a gain as a positive amount, its bounds swapped
        mean, lo, hi = triple
        return triple if f.kind != "gain" else (0.0 - mean, 0.0 - hi, 0.0 - lo)

    return (f"{sure}: win chance {_iv(signed(lost.win_loss), '{:+.0%}')}, "
            f"VP {_iv(signed(lost.margin_loss), '{:+.1f}')} {verb}")


def _entry(k: int, d: Reviewed, n: int, board: bool) -> list[str]:
    lost, best = d.loss, d.best
    out = ["", f"{k}. decision {d.number} of {n} ({d.kind.replace('_', ' ')}, {d.options} choices): {_headline(d)}",
           f"   played: {d.chosen_label}  (win {_iv(lost.win, '{:.0%}')}, margin {_iv(lost.margin, '{:+.1f}')})",
           f"   {'better' if d.finding.kind == 'loss' else 'the pick'}: {d.pick_label}  "
           f"(win {_iv(best.win, '{:.0%}')}, margin {_iv(best.margin, '{:+.1f}')})"]
    if board and d.board:
        out += ["   the board then:", *("   " + line if line else "" for line in d.board.splitlines())]
    return out


def text(rv: Review, top: int = TOP, csv_path=None) -> str:
    """The review for people: the game, the reviewer, the decisions that lost the most with certainty
    (with the board and the better choice in words; those not significant marked), where the player
    beat the reviewer, and where the table is."""
    t, n = rv.target, len(rv.decisions)
    r = rv.result
    agree = sum(d.same for d in rv.decisions)
    if r is None:
        game = f"the game: unfinished, {n} player decisions saved"
    else:
        outcome = {"player": "a win", "tie": "a tie", "none": "no winner"}.get(r.winner, "a loss")
        game = (f"the game: player {r.player_score}, automa {r.automa_score} (margin "
                f"{r.player_score - r.automa_score:+d}, {outcome}); {n} player decisions")
    losses, gains = rv.ranked("loss"), rv.ranked("gain")
    sure = [d for d in losses if d.finding.certain]
    won = [d for d in gains if d.finding.certain]
    out = [f"review of {t.name}", game,
           f"reviewer {rv.reviewer}, seed {rv.seed}; each choice that differs from its pick measured on fresh "
           f"paired rollouts, intervals 95%",
           f"the player's choice was the reviewer's pick at {agree} of {n} decisions; of the other {n - agree}: "
           f"{len(sure)} lost with certainty ({sum(d.finding.measure == 'win' for d in sure)} in win chance, "
           f"{sum(d.finding.measure == 'VP' for d in sure)} in VP only), {len(won)} gained with certainty, "
           f"{n - agree - len(sure) - len(won)} without a certain difference",
           "ranked by what was lost with certainty: the lower end of the loss's interval, in win chance first, "
           "then in VP (where the win chance shows no certain difference)"]
    costly = losses[:top]
    if not costly:
        out.append("no decision lost anything on the reviewer's rollouts")
    else:
        out.append(f"the {len(costly)} costliest decisions:" if len(costly) > 1 else "the costliest decision:")
    for k, d in enumerate(costly, 1):
        out += _entry(k, d, n, True)
    out += ["", f"where the player beat the reviewer ({len(won)} with certainty):" if won else
            f"the player's choice beat the reviewer's pick with certainty nowhere "
            f"({len(gains)} did better on its rollouts, none by a certain amount)"]
    for k, d in enumerate(won[:top], 1):
        out += _entry(k, d, n, False)
    if csv_path is not None:
        out += ["", f"table of all {n} decisions: {csv_path}"]
    return "\n".join(out)


def setting(spec: RunSpec) -> str:
    """The options of ``spec`` that differ from the game's defaults, as ``key=value`` words."""
    return " ".join(f"{o.name}={o.typed(spec.options[o.name])}" for o in spec.game.options
                    if spec.options[o.name] != o.default) or "default options"


def run_target(out, spec: RunSpec, cell: str | None, index: int) -> Target:
    """Game ``index`` of the run (or sweep ``cell``) in folder ``out``, played by ``spec``, with its
    row of the games file as the record to check (none if the run did not finish that game)."""
    from automa.core.results import games_file, read_games

    games = read_games(games_file(out), spec.game)
    rows = games[games["game_index"] == index]
    if cell is not None:
        rows = rows[rows["cell"] == cell]
    record = rows.iloc[0].to_dict() if len(rows) else None
    where = f"{out}" + (f" cell {cell!r}" if cell is not None else "")
    return Target(spec, index, None, f"{spec.game.name} game {index} of {where}: {spec.strategy}, seed {spec.root}, "
                                     f"{setting(spec)}", record)


def saved_target(path) -> Target:
    """The game saved in ``path`` by ``automa-sim play`` (docs/play.md), its result (if it is over) the
    record to check."""
    from automa.table.saved import load
    from automa.run.simulate import resolve

    game = load(path)
    spec = resolve(game.game, None, game.options, game.seed)
    return Target(spec, game.game_index, tuple(game.choices),
                  f"{game.game} game saved in {path}: seed {game.seed}, deal {game.game_index}, {setting(spec)}",
                  game.result)


def played_target(folder, index: int) -> Target:
    """Game ``index`` of a folder of a person's games (``automa-sim play``: a manifest of kind ``play``
    that lists each row's saved game)."""
    manifest = json.loads((Path(folder) / "manifest.json").read_text())
    saves = manifest.get("saved_games") or []
    if not 0 <= index < len(saves):
        raise UsageError(f"--game-index {index}: {folder} holds games 0..{len(saves) - 1}" if saves
                         else f"{folder} holds no saved games")
    path = Path(saves[index])
    if not path.is_file():
        raise UsageError(f"game {index} of {folder}: its saved game {path} is missing")
    return saved_target(path)


def duration(seconds: float) -> str:
    """A time span in words: "40 s", "3 min", "1.5 h"."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 5400:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"
