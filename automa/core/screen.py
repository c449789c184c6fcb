"""Layout for the games' play screens (automa/<game>/screen.py): plurals in words, text wrapped to a
width, blocks of lines set side by side, and the colours that tell the player from the automa (none
unless asked for: ``NO_COLOR`` and pipes get plain text, docs/play.md)."""
from __future__ import annotations

import re
import textwrap

ANSI = re.compile(r"\x1b\[[0-9;]*m")
IRREGULAR = {"story": "story", "VP": "VP", "trophy": "trophies", "church": "churches"}
COLOURS = {"you": "36", "automa": "31", "head": "1"}  # cyan, red, bold


def plural(word: str) -> str:
    return IRREGULAR.get(word, word + "s")


def count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: count(1, "card") -> "1 card", count(2, "card") ->
    "2 cards"."""
    return f"{n} {word if n == 1 else plural(word)}"


def visible(text: str) -> int:
    """The columns ``text`` takes on a terminal (colour codes take none)."""
    return len(ANSI.sub("", text))


def paint(text: str, who: str, colour: bool) -> str:
    """``text`` in the colour of ``who`` ("you", "automa" or "head"), or as it is without ``colour``."""
    return f"\033[{COLOURS[who]}m{text}\033[0m" if colour and text else text


def wrap(text: str, width: int, indent: int = 2) -> list[str]:
    """``text`` wrapped to ``width`` columns, the lines after the first indented by ``indent``."""
    return textwrap.wrap(text, width, subsequent_indent=" " * indent, break_on_hyphens=False) or [""]


def side_by_side(blocks: list[list[str]], widths: list[int], gap: int = 2) -> list[str]:
    """Blocks of lines set side by side, block i padded to ``widths[i]`` columns, ``gap`` spaces between;
    a block shorter than the others is padded with blank lines."""
    rows = max((len(b) for b in blocks), default=0)
    out = []
    for i in range(rows):
        cells = [b[i] if i < len(b) else "" for b in blocks]
        line = (" " * gap).join(c + " " * max(0, w - visible(c)) for c, w in zip(cells, widths))
        out.append(line.rstrip())
    return out
