"""Place a set of games on a published ladder (``automa-sim rate``, issue 23; the method: docs/review.md).

A ladder (automa.studies.ladder) plays players of increasing strength, the search player at each budget
and the fixed reference strategies, at each of its settings, and publishes per cell the games, win
rate with its Wilson interval, mean margin (``ladder.csv``) and the margin's spread (``summary.csv``).
Its players, ordered by their mean margin over all its settings, make a scale of strength: rung
``k`` is the ``k``-th weakest, and between two rungs every statistic is interpolated linearly, so the
scale ``theta`` runs continuously from 0 to the number of rungs less one.

A player's games at one or more of the ladder's settings are placed on that scale by maximum
likelihood: at setting ``s`` the player's mean margin over ``n_s`` games is taken as normal with the
mean ``mu_s(theta)`` of the ladder at ``theta`` and the variance ``sd_s(theta)^2 (1/n_s + 1/N_s)``
(the spread of one game at that strength, over the player's games and the ladder's ``N_s``). The 95%
interval holds every ``theta`` whose log-likelihood is within ``Z95^2 / 2`` of the maximum (the
likelihood-ratio interval). At every setting of the ladder the win rate to expect is the ladder's
interpolated at ``theta``; its interval runs from the lowest interpolated Wilson bound to the highest
over the placement's interval, so it holds both the placement's uncertainty and the ladder's own.
"""
from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from automa.core.errors import UsageError
from automa.core.registry import Game, get_game, get_strategy
from automa.studies.rungs import rung_name, rung_words
from automa.core.intervals import Z95

FEW = 5            # fewer games than this: say how little they tell
STEPS = 100        # grid points of theta per rung


@dataclass(frozen=True)
class Rung:
    """One player of the ladder at one setting: its finished games, win rate with its Wilson bounds,
    mean margin and the margin's standard deviation."""

    games: int
    win: float
    win_lo: float
    win_hi: float
    margin: float
    sd: float


@dataclass(frozen=True)
class Ladder:
    """A published ladder: its folder, game, setting options (``keys``) and settings (their values as
    typed), every option's value at each setting (as typed), its players weakest first, and each
    player's :class:`Rung` per setting."""

    folder: Path
    game: Game
    keys: list
    settings: list
    options: dict          # setting -> {option: value as typed}
    players: list
    cells: dict            # (player, setting) -> Rung

    def column(self, setting: tuple, field: str) -> np.ndarray:
        """``field`` of every player at ``setting``, weakest first."""
        return np.array([getattr(self.cells[(p, setting)], field) for p in self.players], dtype=float)

    def name(self, setting: tuple) -> str:
        return " ".join(f"{k}={v}" for k, v in zip(self.keys, setting))

    def words(self, player: str) -> str:
        """A player of the ladder in words, with the search budget beside it (automa.studies.rungs)."""
        try:
            description = get_strategy(self.game, player).description
        except UsageError:
            description = ""
        return rung_words(player, description)


def typed(opt, value) -> str:
    """An option value as typed after ``--option``, from a games file's value or a summary's text."""
    if opt.type == "bool":
        return "true" if str(value).strip().lower() in ("true", "1", "yes", "on") else "false"
    return opt.typed(value)


def _read_csv(path: Path) -> list[dict]:
    try:
        with open(path, newline="") as f:
            return list(csv.DictReader(f))
    except OSError as exc:
        raise UsageError(f"cannot read the ladder's {path.name} in {path.parent}: {exc.strerror or exc}") from None


def load_ladder(folder: Path) -> Ladder:
    """Read a ladder folder's manifest.json, ladder.csv and summary.csv as ``automa-sim ladder`` writes
    them (UsageError naming what is missing or wrong)."""
    folder = Path(folder)
    try:
        manifest = json.loads((folder / "manifest.json").read_text())
    except OSError:
        raise UsageError(f"--ladder {folder}: no manifest.json there; give a folder written by automa-sim ladder") from None
    except ValueError as exc:
        raise UsageError(f"--ladder {folder}: manifest.json is not valid JSON: {exc}") from None
    if manifest.get("kind") != "ladder":
        raise UsageError(f"--ladder {folder}: not a ladder (its manifest's kind is {manifest.get('kind')!r})")
    game = get_game(manifest["game"])
    keys = list(manifest["grid"])
    table, summary = _read_csv(folder / "ladder.csv"), _read_csv(folder / "summary.csv")
    options, spread = {}, {}
    for row in summary:
        setting = tuple(typed(game.option(k), row[k]) for k in keys)
        options.setdefault(setting, {o.name: typed(o, row[o.name]) for o in game.options if o.name in row})
        finished = int(row["games"]) - int(row["errors"] or 0)
        spread[(row["strategy"], setting)] = (finished, float(row["margin_std"] or "nan"))
    cells, players, settings = {}, [], []
    for row in table:
        setting = tuple(row[k] for k in keys)
        player = row["strategy"]
        if (player, setting) not in spread:
            raise UsageError(f"--ladder {folder}: ladder.csv's cell {player} {setting} is not in summary.csv")
        finished, sd = spread[(player, setting)]
        if finished < 2 or not sd > 0:
            raise UsageError(f"--ladder {folder}: cell {player} {setting} has too few finished games")
        cells[(player, setting)] = Rung(finished, float(row["win_rate"]), float(row["win_rate_lo"]),
                                        float(row["win_rate_hi"]), float(row["margin_mean"]), sd)
        players += [player] if player not in players else []
        settings += [setting] if setting not in settings else []
    missing = [(p, s) for p in players for s in settings if (p, s) not in cells]
    if missing or len(players) < 2:
        raise UsageError(f"--ladder {folder}: it needs every player at every setting and two players or more")
    strength = {p: np.mean([cells[(p, s)].margin for s in settings]) for p in players}
    players.sort(key=lambda p: strength[p])
    return Ladder(folder, game, keys, settings, options, players, cells)


@dataclass(frozen=True)
class Expected:
    """What to expect at one setting of the ladder at the placed strength: the win rate and the mean
    margin, each ``(estimate, lo, hi)``; and what was seen there (games, wins, mean margin; 0 games
    where none were played)."""

    setting: tuple
    win: tuple
    margin: tuple
    games: int
    wins: int
    observed_margin: float


@dataclass(frozen=True)
class Rating:
    """A placement: who was rated, the games used (and those at settings the ladder lacks), ``theta``
    with its interval, the rung nearest to it, and what to expect at every setting."""

    who: str
    games: int
    left_out: int
    theta: float
    lo: float
    hi: float
    nearest: str
    expected: list
    ladder: Ladder


def _interp(theta: np.ndarray, values: np.ndarray) -> np.ndarray:
    return np.interp(theta, np.arange(len(values)), values)


def place(ladder: Ladder, played: dict) -> tuple[float, float, float, np.ndarray]:
    """The maximum-likelihood ``theta`` for ``played`` (setting -> list of margins), its 95%
    likelihood-ratio interval, and the grid of ``theta`` inside that interval."""
    grid = np.linspace(0, len(ladder.players) - 1, STEPS * (len(ladder.players) - 1) + 1)
    loglik = np.zeros_like(grid)
    for setting, margins in played.items():
        n, mean = len(margins), float(np.mean(margins))
        mu = _interp(grid, ladder.column(setting, "margin"))
        sd = _interp(grid, ladder.column(setting, "sd"))
        big = _interp(grid, ladder.column(setting, "games"))
        var = sd * sd * (1 / n + 1 / big)
        loglik += -0.5 * (mean - mu) ** 2 / var - 0.5 * np.log(var)
    best = int(np.argmax(loglik))
    inside = grid[loglik >= loglik[best] - Z95 * Z95 / 2]
    return float(grid[best]), float(inside.min()), float(inside.max()), inside


def expected(ladder: Ladder, setting: tuple, theta: float, inside: np.ndarray, margins: list, wins: int) -> Expected:
    """What to expect at ``setting`` at ``theta`` (intervals over the placement's interval ``inside``),
    beside the ``margins`` and ``wins`` seen there."""
    col = ladder.column

    def at(field: str, where) -> np.ndarray:
        return _interp(np.asarray(where, dtype=float), col(setting, field))

    se = col(setting, "sd") / np.sqrt(col(setting, "games"))
    margin_lo = _interp(inside, col(setting, "margin") - Z95 * se)
    margin_hi = _interp(inside, col(setting, "margin") + Z95 * se)
    return Expected(setting, (float(at("win", theta)), float(at("win_lo", inside).min()), float(at("win_hi", inside).max())),
                    (float(at("margin", theta)), float(margin_lo.min()), float(margin_hi.max())),
                    len(margins), wins, float(np.mean(margins)) if margins else math.nan)


def settings_of(ladder: Ladder, games) -> list:
    """Each game's ladder setting: the one whose every option it shares (an option the ladder's files
    lack at its default), or ``None``."""
    game = ladder.game
    text = {}
    for o in game.options:
        column = games[o.name]
        words = {v: typed(o, v) for v in column.unique()}
        text[o.name] = column.map(words).to_numpy()
    found = np.full(len(games), -1)
    for k, setting in enumerate(ladder.settings):
        theirs = ladder.options[setting]
        hit = np.ones(len(games), dtype=bool)
        for o in game.options:
            hit &= text[o.name] == theirs.get(o.name, typed(o, o.default))
        found[(found < 0) & hit] = k
    return [ladder.settings[k] if k >= 0 else None for k in found]


def rate(ladder: Ladder, games, who: str) -> Rating:
    """Place the finished ``games`` (a games table of one player) on ``ladder``."""
    finished = games[games["error"] == ""]
    where = settings_of(ladder, finished)
    played: dict = {}
    wins: dict = {}
    for setting, margin, winner in zip(where, finished["margin"], finished["winner"]):
        if setting is not None:
            played.setdefault(setting, []).append(int(margin))
            wins[setting] = wins.get(setting, 0) + (winner == "player")
    used = sum(len(v) for v in played.values())
    if not used:
        raise UsageError(f"{who}: none of its {len(finished)} finished games is at a setting of the ladder in "
                         f"{ladder.folder} ({', '.join(ladder.name(s) for s in ladder.settings)}, with the ladder's "
                         f"other options)")
    theta, lo, hi, inside = place(ladder, played)
    rows = [expected(ladder, s, theta, inside, played.get(s, []), wins.get(s, 0)) for s in ladder.settings]
    return Rating(who, used, len(finished) - used, theta, lo, hi, ladder.players[round(theta)], rows, ladder)


def games_for_1vp(rating: Rating) -> tuple[int, float, tuple]:
    """About how many games at the most played setting would pin the mean margin to within 1 VP
    (``Z95 sd / sqrt(n) <= 1`` at the placed strength's spread), how far apart the ladder's rungs lie
    there on average (VP), and that setting."""
    ladder = rating.ladder
    setting = max(rating.expected, key=lambda e: e.games).setting
    margins = ladder.column(setting, "margin")
    sd = float(_interp(np.array(rating.theta), ladder.column(setting, "sd")))
    return math.ceil((Z95 * sd) ** 2), (margins.max() - margins.min()) / (len(margins) - 1), setting


MEANING = ("What a placement means: these games' margins against the automa are those of that player of the "
           "ladder at the same settings, so its win rates below are what to expect of this player over many games.")


def _rung(ladder: Ladder, theta: float) -> str:
    """``theta`` in words: a rung, or between which two it lies."""
    k = int(math.floor(theta))
    if abs(theta - round(theta)) < 0.05:
        return rung_name(ladder.players[round(theta)])
    return f"between {rung_name(ladder.players[k])} and {rung_name(ladder.players[k + 1])}"


def text(rating: Rating) -> str:
    """The rating for people: the placement with its interval and the expectations per setting."""
    lad, n = rating.ladder, rating.games
    top = len(lad.players) - 1
    lo = f"the bottom of the ladder ({rung_name(lad.players[0])})" if rating.lo == 0 else _rung(lad, rating.lo)
    hi = f"the top of the ladder ({rung_name(lad.players[-1])})" if rating.hi == top else _rung(lad, rating.hi)
    played = ", ".join(f"{lad.name(e.setting)} ({e.games})" for e in rating.expected if e.games)
    out = [f"{rating.who}: {n} game{'s' if n != 1 else ''} at {played}"
           + (f"; {rating.left_out} at settings the ladder does not have were left out" if rating.left_out else "")]
    if n < FEW:
        out.append(f"only {n} game{'s' if n != 1 else ''}: one game's margin varies by many VP from deal to deal, "
                   f"so this says little. The interval below is wide, and it rests on the ladder's spread of "
                   f"margins, not on these games' own.")
    out.append(f"placed at {rating.theta:.2f} on the ladder's scale (95% interval {rating.lo:.2f} to {rating.hi:.2f}): "
               f"closest to {rung_name(rating.nearest)}; the interval runs from {lo} to {hi}")
    if rating.lo == 0 or rating.hi == top:
        ends = [end for end, at in (("weakest", rating.lo == 0), ("strongest", rating.hi == top)) if at]
        out.append(f"  (the ladder cannot tell how far beyond its {' or '.join(ends)} player these games lie)")
    out.append(MEANING)
    need, gap, setting = games_for_1vp(rating)
    if need > n:
        out.append(f"about {need} games at {lad.name(setting)} would pin the mean margin to +-1 VP "
                   f"(the rungs there lie {gap:.1f} VP apart on average)")
    out.append("what to expect at each setting of the ladder (95% intervals), and what these games did:")
    width = max(len(lad.name(e.setting)) for e in rating.expected)
    for e in rating.expected:
        seen = (f"   played {e.games}: won {e.wins / e.games:.0%}, margin {e.observed_margin:+.1f}" if e.games else "")
        out.append(f"  {lad.name(e.setting):<{width}}  win {e.win[0]:6.1%} [{e.win[1]:.1%}, {e.win[2]:.1%}]  "
                   f"margin {e.margin[0]:+6.1f} [{e.margin[1]:+.1f}, {e.margin[2]:+.1f}]{seen}")
    return "\n".join(out)


def scale(ladder: Ladder) -> str:
    """The ladder's scale in words: each rung's number and player, weakest first."""
    return "\n".join([f"ladder {ladder.folder}: {len(ladder.players)} players at {len(ladder.settings)} settings "
                      f"({', '.join(ladder.name(s) for s in ladder.settings)}); its rungs, weakest first:"]
                     + [f"  {k}  {ladder.words(p)}" for k, p in enumerate(ladder.players)])


def table(ratings: list[Rating]) -> list[dict]:
    """Every rating's expectations as rows (one per rated player and setting)."""
    rows = []
    for r in ratings:
        for e in r.expected:
            rows.append({"player": r.who, **dict(zip(r.ladder.keys, e.setting)), "theta": round(r.theta, 2),
                         "theta_lo": round(r.lo, 2), "theta_hi": round(r.hi, 2), "nearest": r.nearest,
                         "win_rate": e.win[0], "win_rate_lo": e.win[1], "win_rate_hi": e.win[2],
                         "margin_mean": e.margin[0], "margin_lo": e.margin[1], "margin_hi": e.margin[2],
                         "games": e.games, "wins": e.wins,
                         "observed_margin": "" if math.isnan(e.observed_margin) else e.observed_margin})
    return rows


def rate_folder(folder: Path, ladder_folder: Path | None = None, strategy: str | None = None) -> tuple[Ladder, list]:
    """Rate the games in ``folder`` (its games file) on the ladder in ``ladder_folder`` (default: the
    published ``results/<game>/ladder``): each strategy of the games file apart, or only ``strategy``."""
    from automa.core.registry import get_strategy
    from automa.core.results import games_file, read_games

    games = read_games(games_file(folder), get_game)
    game = get_game(games["game"].iloc[0])
    ladder = load_ladder(published_folder(game) if ladder_folder is None else ladder_folder)
    if ladder.game.name != game.name:
        raise UsageError(f"--ladder {ladder.folder} is a ladder of {ladder.game.name}, but {folder} holds {game.name} games")
    names = list(dict.fromkeys(games["strategy"]))
    if strategy is not None:
        wanted = strategy if strategy in names else get_strategy(game, strategy).canonical
        if wanted not in names:
            raise UsageError(f"--strategy {strategy}: no games of it in {folder}; its strategies: {', '.join(names)}")
        names = [wanted]
    return ladder, [rate(ladder, games[games["strategy"] == name], name) for name in names]


def published_folder(game: Game) -> Path:
    """Where the published ladder of ``game`` lies: ``results/<game>/ladder`` of this checkout, else of
    the current directory."""
    here = Path(__file__).resolve().parents[2] / "results" / game.name / "ladder"
    return here if (here / "ladder.csv").is_file() else Path("results") / game.name / "ladder"


def on_ladder(game: Game, options: dict, margin: int, folder: Path | None = None) -> list[str]:
    """Where ``margin`` sits among the mean margins of the published ladder's players at this game's
    setting; no lines when no ladder was published for it (its base options and grid decide)."""
    folder = published_folder(game) if folder is None else folder
    try:
        manifest = json.loads((folder / "manifest.json").read_text())
        text = (folder / "ladder.csv").read_text()
    except (OSError, ValueError):
        return []
    grid = {k: [str(v) for v in values] for k, values in manifest.get("grid", {}).items()}
    base = game.resolve_options(manifest.get("options") or {})
    typed = {o.name: o.typed(options[o.name]) for o in game.options}
    if any(typed[o.name] not in grid[o.name] if o.name in grid else options[o.name] != base[o.name]
           for o in game.options):
        return []
    rows = [r for r in csv.DictReader(io.StringIO(text)) if all(r.get(k) == typed[k] for k in grid)]
    if not rows:
        return []
    rows.sort(key=lambda r: float(r["margin_mean"]))
    setting = ", ".join(f"{k}={typed[k]}" for k in grid)
    lines = [f"On the published ladder (results/{game.name}/ladder, {setting}; {rows[0]['games']} games per player), the mean "
             f"margin of each player, and this game's:"]
    placed = False
    for r in rows:
        mean = float(r["margin_mean"])
        if not placed and margin < mean:
            lines.append(f"  ▶ {margin:+7d}     you, this game")
            placed = True
        lines.append(f"    {mean:+7.1f}     {rung_name(r['strategy'])} (wins {float(r['win_rate']):.0%})")
    if not placed:
        lines.append(f"  ▶ {margin:+7d}     you, this game")
    lines.append("  One game says little: its margin varies by many VP from deal to deal.")
    return lines
