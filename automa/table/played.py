"""The games people played (``automa-sim play``): each finished game appended as one row to a results
folder that ``summarize``, ``compare`` and ``report`` read like any run's (docs/play.md); where its
margin sits on a published ladder is :func:`automa.studies.rate.on_ladder`."""
from __future__ import annotations

import csv
import json
from datetime import datetime, timezone
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.registry import Game
from automa.core.results import columns, csv_text, write_json

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
    from automa.run.manifest import new_manifest
    from automa.core.results import read_games
    from automa.analysis.stats import summarize

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
