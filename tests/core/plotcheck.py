"""The plot checker: every text a figure draws is readable, that is, no two texts overlap and none is
cut off by the figure's edge.

:func:`problems` renders a figure with the Agg backend and records the window extent of every text
artist that is drawn (titles, the figure title, axis and tick labels, legends, colour-bar labels,
annotations, texts in the plot). :func:`saved_plots` checks every figure a plot function saves, at the
resolution it saves it, so the tests call the report's own plot functions unchanged.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import matplotlib
import numpy as np

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.text import Text  # noqa: E402

SLACK = 1.0  # pixels two boxes may share, or a box may stick out of the figure, before it counts


def drawn_texts(fig: Figure, dpi: float | None = None) -> list[tuple[Text, object]]:
    """Every non-empty text the figure draws, with its box in pixels (tick labels of ticks outside the view
    are not drawn and not listed)."""
    if dpi is not None:
        fig.set_dpi(dpi)
    seen = []
    draw = Text.draw

    def record(self, renderer):
        draw(self, renderer)
        if self.get_visible() and self.get_text().strip():
            seen.append((self, self.get_window_extent(renderer)))

    Text.draw = record
    try:
        fig.canvas.draw()
    finally:
        Text.draw = draw
    return seen


def _name(text: Text) -> str:
    return repr(text.get_text().replace("\n", " ")[:40])


def problems(fig: Figure, dpi: float | None = None) -> list[str]:
    """What is unreadable in ``fig``: each pair of texts whose boxes overlap by more than :data:`SLACK` pixels
    both ways, and each text whose box leaves the figure."""
    texts = drawn_texts(fig, dpi)
    width, height = fig.canvas.get_width_height()
    found = []
    for text, box in texts:
        if box.x0 < -SLACK or box.y0 < -SLACK or box.x1 > width + SLACK or box.y1 > height + SLACK:
            found.append(f"{_name(text)} is cut off: box {_box(box)} in a {width}x{height} figure")
    boxes = np.array([[box.x0, box.y0, box.x1, box.y1] for _, box in texts]).reshape(-1, 4)
    wide = np.minimum.outer(boxes[:, 2], boxes[:, 2]) - np.maximum.outer(boxes[:, 0], boxes[:, 0])
    high = np.minimum.outer(boxes[:, 3], boxes[:, 3]) - np.maximum.outer(boxes[:, 1], boxes[:, 1])
    for i, j in zip(*np.nonzero(np.triu((wide > SLACK) & (high > SLACK), 1))):
        (a, box_a), (b, box_b) = texts[i], texts[j]
        found.append(f"{_name(a)} {_box(box_a)} overlaps {_name(b)} {_box(box_b)}")
    return found


def _box(box) -> str:
    return f"({box.x0:.0f}, {box.y0:.0f})-({box.x1:.0f}, {box.y1:.0f})"


class Saved:
    """The figures saved inside :func:`saved_plots`, by file name, and what is unreadable in each."""

    def __init__(self):
        self.figures: dict[str, Figure] = {}
        self.problems: dict[str, list[str]] = {}

    def assert_readable(self, expected: int | None = None) -> None:
        """Fail with every problem of every saved plot (and if not ``expected`` plots were saved)."""
        if expected is not None:
            assert len(self.problems) == expected, f"saved {sorted(self.problems)}, expected {expected} plots"
        bad = [f"{name}: {p}" for name, found in self.problems.items() for p in found]
        assert not bad, "\n".join(bad)


@contextmanager
def saved_plots(write: bool = False):
    """Check every figure saved inside the ``with`` block, at the resolution it is saved at, instead of
    writing it (and as well, with ``write``); yields a :class:`Saved`, filled as the figures are saved."""
    saved = Saved()
    save = Figure.savefig

    def check_then_save(self, fname, *args, **kwargs):
        saved.problems[Path(fname).name] = problems(self, kwargs.get("dpi"))
        saved.figures[Path(fname).name] = self
        if write:
            save(self, fname, *args, **kwargs)

    Figure.savefig = check_then_save
    try:
        yield saved
    finally:
        Figure.savefig = save
