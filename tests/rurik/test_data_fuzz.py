"""Fuzz the data files a user can replace (``automa=PATH``, each of its packaged parts, and
``scoring=PATH``: RK-COMP-4, RK-REB-SETUP-4, RK-SB-REBLEAD-1..4, RK-CAS-2, RK-OPEN-18, RK-OPEN-20): every broken variant is a one-line UsageError naming the file, or loads and plays."""
from __future__ import annotations

import copy
import json

import pytest

from automa.core.errors import UsageError
from automa.run.runner import play_one
from automa.run.simulate import resolve
from automa.rurik.data import DATA_DIR, load

MISSING = object()


def _broken(value):
    """Broken versions of one value: wrong kinds, empty, out of range."""
    if isinstance(value, bool):
        return [not value, None]
    if isinstance(value, (int, float)):
        return [-1, 0, 1.5, 10**9, None, "x"]
    if isinstance(value, str):
        return ["", "zzz", None, [1]]
    if isinstance(value, dict):
        return [{}, {"x": 1}, None, "x", [1]]
    return [[], [None], ["x"], None, {"a": 1}]


def _variants(value, path=()):
    """(path, replacement) for every broken value, every deleted field, down every dict and into the
    largest entry of every list (the solo card with the most disputed rows, say)."""
    for new in _broken(value):
        yield path, new
    if isinstance(value, dict):
        for key, sub in value.items():
            if key != "_meta":
                yield path + (key,), MISSING
                yield from _variants(sub, path + (key,))
    elif isinstance(value, list) and value:
        i = max(range(len(value)), key=lambda i: len(json.dumps(value[i])))
        yield from _variants(value[i], path + (i,))


def _apply(raw, path, new):
    raw = copy.deepcopy(raw)
    *parents, last = path
    node = raw
    for p in parents:
        node = node[p]
    if new is MISSING:
        del node[last]
    else:
        node[last] = new
    return raw


@pytest.mark.parametrize("option, name", [("automa", "solo_cards.json"), ("automa", "rebel_boards.json"),
                                          ("automa", "rebellion.json"), ("scoring", "scoring.json")])
def test_any_broken_data_file_is_a_usage_error_or_plays(tmp_path, option, name):
    """Every broken value or missing field of a user's card or scoring file either fails to load with a
    one-line UsageError naming the file, or loads and plays games without a crash, with the disputed
    rows read either way (RK-OPEN-20) and with and without all modules. A variant that loads the
    packaged data unchanged (a field the engine never reads) needs no games."""
    raw = json.loads((DATA_DIR / name).read_text())
    path = tmp_path / name
    packaged = load()
    loaded = rejected = played = 0
    for where, new in _variants(raw):
        path.write_text(json.dumps(_apply(raw, where, new) if where else new))
        for rows in ("brdgm", "pdhummel") if name == "solo_cards.json" else ("brdgm",):
            try:   # resolve reads an automa file's levels (the difficulty option follows them)
                spec = resolve("rurik", "random", {option: str(path), "solo_card_rows": rows}, 1)
                ctx = spec.game.prepare(spec.options)
            except UsageError as err:
                assert str(path) in str(err) and "\n" not in str(err), (where, new, str(err))
                rejected += 1
                continue
            loaded += 1
            if ctx == packaged:
                continue
            played += 1
            for modules in ("", "epic,warfare,factions"):
                spec = resolve("rurik", "random", {option: str(path), "solo_card_rows": rows, "modules": modules}, 1)
                for i in range(2):
                    error = play_one(spec, ctx, i)[-1]
                    assert not error, (where, new, rows, modules, error)
    assert rejected > 100 and loaded > 10 and played > 3, (rejected, loaded, played)   # the boards: 4 play
