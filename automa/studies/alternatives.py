"""Alternative data tables: what ``automa-sim sensitivity`` tries instead of a game's proposed tables.

A game's proposed data tables (values no source states, e.g. Stroganov's song tiles, ST-SONG-5) live
in its packaged data files, which a user replaces with a data-file option (Stroganov ``rules=PATH``,
Rurik ``scoring=PATH``). The game's ``data/alternatives/index.json`` names each proposed table (an
*assumption* of the sensitivity design, alongside the rule options), its rule IDs, and its
alternatives, each with a plain description, where it comes from (the reference's listed alternative,
or a documented symmetric perturbation) and the transform that makes it from the packaged table:

- ``{"set": VALUE}``: the value the reference lists as an alternative;
- ``{"add": N, "field": F, "min": LO, "max": HI}``: every number (of field ``F`` of every item, if
  given) plus ``N``, kept within ``LO..HI``;
- ``{"percent": P, "field": F}``: every amount of every reward bundle (of field ``F`` of every item,
  if given; a plain list of numbers otherwise) times ``P`` / 100, rounded half up (so 1 × 50% stays 1).

Each alternative is shipped as a data file beside the index (``NAME-ALTERNATIVE.json``), an ordinary
file of the game's data-file option that a user can pass back, e.g. ``--option
rules=automa/stroganov/data/alternatives/songs.tiles-cost_minus_1.json``. ``python -m
automa.studies.alternatives`` (re)writes them from the index and the packaged data; the tests check that
the shipped files are what it writes and that each one loads.
"""
from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import math
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from automa.core.errors import UsageError
from automa.core.schema import AnyOf, Dict, Int, List, Map, Note, Opt, Str, read_data, validate

DIR = "alternatives"
INDEX = "index.json"
HOW = ("reference", "perturbation")  # where an alternative comes from
SPEC = Dict(fields={
    "about": Opt(Note()),
    "option": Str(doc="the game's data-file option that takes each alternative file"),
    "tables": List(min=1, unique="name", item=Dict(fields={
        "name": Str(doc="section.key of the table in the packaged data: the assumption's name"),
        "ref": Str(doc="its rule IDs"),
        "keys": List(min=1, item=List(min=1, item=Str()), doc="where the table is in the data file"),
        "alternatives": List(min=1, unique="name", item=Dict(fields={
            "name": Str(), "how": Str(doc="what changes, in plain words"),
            "source": Str(choices=HOW, doc="the reference's listed alternative, or a symmetric perturbation"),
            "transform": Dict(fields={
                "set": Opt(AnyOf(options=(List(item=Int(lo=0, hi=999)), Map(keys="[0-9]+", value=Int(lo=0, hi=999))))),
                "add": Opt(Int(lo=-99, hi=99)), "percent": Opt(Int(lo=1, hi=1000)),
                "field": Opt(Str()), "min": Opt(Int(lo=0, hi=999)), "max": Opt(Int(lo=0, hi=999))})}))}))})
KINDS = ("set", "add", "percent")


@dataclass(frozen=True)
class Alternative:
    """One alternative of a proposed table: its name, description, source, and its shipped file."""

    table: str
    name: str
    how: str
    source: str
    transform: dict
    path: Path

    def relative(self) -> str:
        """The file's path inside the repository (as published commands and tables name it)."""
        return path_in_repository(self.path)


@dataclass(frozen=True)
class Table:
    """A proposed data table: an assumption of the sensitivity design."""

    name: str
    ref: str
    option: str
    keys: tuple[tuple[str, ...], ...]
    alternatives: tuple[Alternative, ...]


def path_in_repository(path: Path) -> str:
    """``path`` relative to the directory holding the ``automa`` package (the repository root)."""
    root = Path(__file__).resolve().parents[2]
    try:
        return Path(path).resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


def folder(game: str) -> Path | None:
    """The game's ``data/alternatives`` folder (None for a game outside the ``automa`` package)."""
    if importlib.util.find_spec(f"automa.{game}") is None:
        return None
    return Path(importlib.import_module(f"automa.{game}").__file__).parent / "data" / DIR


def file_name(table: str, alternative: str) -> str:
    return f"{table}-{alternative}.json"


def _check_transform(where: str, t: Any) -> None:
    kinds = [k for k in KINDS if k in t]
    if len(kinds) != 1:
        raise UsageError(f"{where}.transform: must hold exactly one of {', '.join(KINDS)}")
    allowed = {"set": {"set"}, "add": {"add", "field", "min", "max"}, "percent": {"percent", "field"}}[kinds[0]]
    bad = sorted(set(t) - allowed)
    if bad:
        raise UsageError(f"{where}.transform.{bad[0]}: not used with {kinds[0]} (allowed: {', '.join(sorted(allowed))})")


@cache
def tables(game: str) -> tuple[Table, ...]:
    """The game's proposed tables and their alternatives, from its checked index (none without one)."""
    index = folder(game) / INDEX if folder(game) else None
    if index is None or not index.is_file():
        return ()
    raw = validate(str(index), SPEC, read_data(index))
    out = []
    for i, t in enumerate(raw["tables"]):
        alts = []
        for j, a in enumerate(t["alternatives"]):
            _check_transform(f"{index}: tables[{i}].alternatives[{j}]", a["transform"])
            alts.append(Alternative(t["name"], a["name"], a["how"], a["source"], a["transform"],
                                    folder(game) / file_name(t["name"], a["name"])))
        out.append(Table(t["name"], t["ref"], raw["option"], tuple(tuple(k) for k in t["keys"]), tuple(alts)))
    return tuple(out)


def table(game: str, name: str) -> Table | None:
    return next((t for t in tables(game) if t.name == name), None)


def _round(x: float) -> int:
    return int(math.floor(x + 0.5))


def _scale_reward(reward: Any, factor: float) -> Any:
    if isinstance(reward, list):
        return [_scale_reward(r, factor) for r in reward]
    if isinstance(reward, dict):
        return {k: _round(v * factor) for k, v in reward.items()}
    return _round(reward * factor)


def apply(transform: dict, value: Any) -> Any:
    """The table ``value`` changed by ``transform`` (see the module's docstring)."""
    if "set" in transform:
        return copy.deepcopy(transform["set"])
    field = transform.get("field")
    if "add" in transform:
        lo, hi = transform.get("min", -10**9), transform.get("max", 10**9)

        def change(v):
            return max(lo, min(hi, v + transform["add"]))
    else:
        def change(v):
            return _scale_reward(v, transform["percent"] / 100)
    if field is None:
        return [change(v) for v in value] if isinstance(value, list) else change(value)
    return [item | {field: change(item[field])} for item in value]


def _get(data: dict, keys: tuple[str, ...]) -> Any:
    for k in keys:
        data = data[k]
    return data


def _put(data: dict, keys: tuple[str, ...], value: Any) -> None:
    for k in keys[:-1]:
        data = data.setdefault(k, {})
    data[keys[-1]] = value


def content(game: str, t: Table, alt: Alternative) -> dict:
    """The data file of one alternative: each of the table's keys, changed, with a note saying what."""
    data_file = data_file_of(game, t.option)
    packaged = data_file.packaged()
    note_key = "about" if "about" in data_file.spec.fields else "_meta"
    out: dict = {note_key: f"Alternative for automa-sim sensitivity ({t.ref}): {t.name} {alt.name}: {alt.how} "
                           f"[{alt.source}]. Made by: python -m automa.studies.alternatives"}
    for keys in t.keys:
        _put(out, keys, apply(alt.transform, _get(packaged, keys)))
    return out


def data_file_of(game: str, option: str):
    files = importlib.import_module(f"automa.{game}.data").FILES
    found = [f for f in files if f.option == option]
    if not found:
        raise UsageError(f"{folder(game) / INDEX}: option: {option!r} is not a data-file option of {game}")
    return found[0]


def render(data: dict) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write(game: str) -> list[Path]:
    """(Re)write every alternative file of ``game`` from its index and the packaged data."""
    written = []
    for t in tables(game):
        for alt in t.alternatives:
            alt.path.write_text(render(content(game, t, alt)))
            written.append(alt.path)
    return written


def main(argv: list[str]) -> int:
    for game in argv or ["rurik", "stroganov"]:
        for path in write(game):
            print(path_in_repository(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
