"""A results directory read back as a :class:`Study`: a sweep directory, or a ``simulate`` one read as a
sweep of one cell.

It reads ``manifest.json`` (grid, baseline), ``summary.csv``, ``paired.csv`` and the games file,
``games.csv`` or ``games.csv.gz``; the report (:mod:`automa.report.report`) and its plots
(:mod:`automa.report.plots`) draw from it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from automa.core.errors import UsageError
from automa.analysis.paired import COLUMNS
from automa.core.registry import Game, get_game
from automa.core.results import games_file, read_games


@dataclass
class Study:
    """A results directory read back: its games, summary, paired table, manifest and game entry.

    ``axes`` maps ``strategy`` and every grid option to its values as text, in order; the games and the
    summary hold those columns as text too. A ``simulate`` directory is one cell with an empty grid.
    """

    path: Path
    game: Game
    manifest: dict
    games: pd.DataFrame
    summary: pd.DataFrame
    paired: pd.DataFrame
    axes: dict[str, list[str]]

    @property
    def is_sweep(self) -> bool:
        return self.manifest.get("kind") == "sweep"


def read_table(path: Path, text: list[str]) -> pd.DataFrame:
    """A CSV file with the ``text`` columns kept as text (an empty value stays empty) and the rest numeric."""
    header = list(pd.read_csv(path, nrows=0).columns)
    return pd.read_csv(path, dtype={c: str for c in header if c in text}, keep_default_na=False,
                       na_values={c: [""] for c in header if c not in text})


def _as_sweep(manifest: dict) -> dict:
    """A ``simulate`` manifest in the terms of a sweep's: one cell, named by its strategy, and no grid."""
    for key in ("game", "strategy", "games", "seed"):
        if key not in manifest:
            raise UsageError("not a sweep or simulate directory: its manifest.json has no " + key)
    cell = manifest["strategy"]
    return manifest | {"strategies": [cell], "grid": {}, "cells": [cell], "baseline": cell,
                       "games_per_cell": manifest["games"], "spec": None, "description": ""}


def load(path: Path) -> Study:
    """Read a sweep or simulate directory (UsageError if it is neither or a file is missing)."""
    path = Path(path)
    try:
        manifest = json.loads((path / "manifest.json").read_text())
    except (OSError, ValueError) as exc:
        raise UsageError(f"{path}: no readable manifest.json: {exc}") from None
    sweep = manifest.get("kind") == "sweep"
    manifest = manifest if sweep else _as_sweep(manifest)
    names = ["summary.csv"] + (["paired.csv"] if sweep else [])
    for name in names:
        if not (path / name).is_file():
            raise UsageError(f"{path}: no {name}; the run did not finish any game")
    try:
        source = games_file(path)
    except UsageError as exc:
        raise UsageError(f"{exc}; the report needs the games file of the run") from None
    game = get_game(manifest["game"])
    text = ["cell", "baseline", "strategy"] + [o.name for o in game.options]
    games = read_games(source, game)
    summary = read_table(path / "summary.csv", text)
    if sweep:
        paired = read_table(path / "paired.csv", text)
    else:
        games.insert(0, "cell", manifest["baseline"])
        summary.insert(0, "cell", manifest["baseline"])
        paired = pd.DataFrame(columns=list(COLUMNS))
    axes = {"strategy": strategy_names(summary)}
    axes |= {k: [str(v) for v in values] for k, values in manifest["grid"].items()}
    for name in axes:
        games[name] = games[name].astype(str)
    return Study(path, game, manifest, games, summary, paired, axes)


def strategy_names(summary: pd.DataFrame) -> list[str]:
    """The strategies as the games name them, in the run's order: a name with parameters is resolved
    ("mc(budget=4)" plays as "mc(budget=4,z=1)"), so the manifest's spelling may differ."""
    return list(dict.fromkeys(summary["strategy"].astype(str)))


def varying(study: Study) -> list[str]:
    """The grid options with more than one value, in grid order."""
    return [k for k, v in study.manifest["grid"].items() if len(v) > 1]


def question_axis(study: Study) -> str | None:
    """The axis of the sweep's question: the manifest's ``axis`` (sweep specs name it), else, for a
    manifest written before specs named one, the first varying grid option; none when nothing varies."""
    named = study.manifest.get("axis")
    return named if named in varying(study) else (varying(study) or [None])[0]


def question(study: Study) -> str:
    """The question the report answers first: the spec's, else one asked of its axis (a manifest
    written before specs asked one); empty when nothing varies but the strategy."""
    axis = question_axis(study)
    if study.manifest.get("question") or axis is None:
        return study.manifest.get("question", "")
    named = dict(part.split("=", 1) for part in study.manifest["baseline"].split(" ")[1:] if "=" in part)
    return f"How does each value of {axis} compare with the baseline's, {axis} {named[axis]}, for each player strategy?"


def default_x(study: Study) -> str | None:
    """The main axis (rows of the heat map, x of the win-rate plot): the question's axis
    (:func:`question_axis`), else the first grid option; none for a simulate directory."""
    return question_axis(study) or (list(study.manifest["grid"]) or [None])[0]
