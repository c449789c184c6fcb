"""Options: every Rurik option is listed in docs/rurik.md with its default and allowed values."""
from __future__ import annotations

import re
from pathlib import Path

from automa.core.registry import get_game

DOCS = (Path(__file__).parents[2] / "docs" / "rurik.md").read_text()


def test_every_option_is_documented_with_its_default():
    """The options table in docs/rurik.md has a row per option, with the option's default and its
    allowed values, so a new rule option cannot go unlisted."""
    rows = {m.group(1): (m.group(2), m.group(3)) for m in
            re.finditer(r"^\| `(\w+)` \| `([^`]*)` \| ([^|]*) \|", DOCS, re.M)}
    for o in get_game("rurik").options:
        assert o.name in rows, f"{o.name} is missing from the options table in docs/rurik.md"
        default, allowed = rows[o.name]
        assert default == str(o.default), o.name
        if o.type == "str":
            assert [a.strip() for a in allowed.split(",")] == list(o.choices), o.name
