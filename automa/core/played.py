"""The games people played (``automa-sim play``): each finished game appended as one row to a results
folder that ``summarize``, ``compare`` and ``report`` read like any run's, and where its margin sits
on a published ladder of the same setting (docs/play.md)."""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timezone
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.registry import Game
from automa.core.results import columns, csv_text, write_json
from automa.core.rungs import rung_name

STRATEGY = "human"  # the strategy column of a person's games


def check_folder(game: Game, folder: Path) -> None:
    """Refuse, before anything is played, a results folder whose games file is another game's or a run's."""
    games = folder / "games.csv"
    if games.is_file():
        with games.open(newline="") as f:
            head = next(csv.reader(f), [])
        if head != columns(game) and older_columns(game, head) is None:
            raise UsageError(f"{games} is not a games file of {game.name} (its columns differ); choose "
                             f"another --results folder")
    manifest = folder / "manifest.json"
    if manifest.is_file():
        try:
            kind = json.loads(manifest.read_text()).get("kind")
        except ValueError:
            kind = None
        if kind != "play":
            raise UsageError(f"{folder} holds a run that is not a person's games; choose another --results folder")


def older_columns(game: Game, head: list[str]) -> list[str] | None:
    """The option columns a games file of ``game`` written before those options existed lacks, when
    ``head`` is ``game``'s columns without them (in order); else ``None``."""
    options = {o.name for o in game.options}
    missing = [c for c in columns(game) if c not in head]
    if not missing or not set(missing) <= options or [c for c in columns(game) if c in head] != head:
        return None
    return missing


def upgrade(game: Game, games: Path) -> None:
    """Give an older games file the option columns it lacks, each holding the option's default (the
    rules its games were played under), so that a new row fits under its header."""
    with games.open(newline="") as f:
        rows = list(csv.DictReader(f))
    defaults = {o.name: str(o.default) for o in game.options}
    tmp = games.with_name(games.name + ".tmp")
    tmp.write_text(csv_text([columns(game)] + [[r.get(c, defaults.get(c)) for c in columns(game)] for r in rows]))
    tmp.replace(games)


def record(game: Game, row: list, saved: Path, folder: Path, command: str) -> int:
    """Append ``row`` (a ``games.csv`` row of :func:`automa.core.results.row`) to ``folder``'s games.csv
    and rewrite its summary.csv and manifest.json; the manifest lists each row's saved game
    (``saved_games``). Returns the row's number, 0 first."""
    from automa.core.manifest import new_manifest
    from automa.core.results import read_games
    from automa.core.stats import summarize

    check_folder(game, folder)
    folder.mkdir(parents=True, exist_ok=True)
    games = folder / "games.csv"
    fresh = not games.is_file()
    if not fresh:
        with games.open(newline="") as f:
            if older_columns(game, next(csv.reader(f), [])):
                upgrade(game, games)
    with games.open("a", newline="") as f:
        f.write(csv_text(([columns(game)] if fresh else []) + [row]))
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text()) if path.is_file() else new_manifest(command, {
        "kind": "play", "game": game.name, "strategy": STRATEGY, "seed": "per game (the seed column)",
        "options": {}, "games": 0, "saved_games": []})
    manifest["saved_games"].append(str(saved))
    count = len(manifest["saved_games"])
    manifest.update(games=count, games_done=count, command=command,
                    ended=datetime.now(timezone.utc).isoformat(timespec="seconds"))
    summary = summarize(read_games(games, game))
    tmp = folder / "summary.csv.tmp"
    tmp.write_text(summary.to_csv(index=False))
    tmp.replace(folder / "summary.csv")
    write_json(path, manifest)
    return count - 1


def ladder_folder(game: Game) -> Path:
    """Where the published ladder of ``game`` lies: ``results/<game>/ladder`` of this checkout, else of
    the current directory."""
    here = Path(__file__).resolve().parents[2] / "results" / game.name / "ladder"
    return here if (here / "ladder.csv").is_file() else Path("results") / game.name / "ladder"


def on_ladder(game: Game, options: dict, margin: int, folder: Path | None = None) -> list[str]:
    """Where ``margin`` sits among the mean margins of the published ladder's players at this game's
    setting; no lines when no ladder was published for it (its base options and grid decide)."""
    folder = ladder_folder(game) if folder is None else folder
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
