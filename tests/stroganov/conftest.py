"""Shared helpers for the Stroganov tests: a prepared context and runs with controllable state."""
from __future__ import annotations

from pathlib import Path

import pytest

from automa.core.seeding import game_streams
from automa.stroganov import GAME, _opts, economy, setup

REFERENCE = Path(__file__).parents[3] / "shared" / "reference" / "stroganov"
_CTX: dict = {}


def context(rules: str = "", layout: str = "five_regions", automa: str = ""):
    if (rules, layout, automa) not in _CTX:
        _CTX[rules, layout, automa] = GAME.prepare({"rules": rules, "region_layout": layout, "automa": automa})
    return _CTX[rules, layout, automa]


def make_run(seed: int = 0, strategy=None, **options):
    """A set-up game (start set chosen by default) ready for the tests to arrange."""
    opts = GAME.resolve_options(options)
    ctx = context(opts["rules"], opts["region_layout"], opts["automa"])
    return setup.setup(ctx["tables"], _opts(ctx, opts), game_streams(seed, 0), strategy, None)


def clear_board(run):
    """Empty every slot back into the bag, so a test can lay out exactly what it needs."""
    st = run.st
    for slot in range(run.t.n_slots):
        for v in st.col[slot]:
            economy.to_bag(run, v)
        st.col[slot] = []
        st.tigers_left += st.tiger[slot]
        st.tiger[slot] = 0


def take_from_bag(run, *values):
    """Remove furs from the bag (to place them somewhere, keeping the fur count conserved)."""
    for v in values:
        run.st.bag.remove(v)  # ValueError if none is left
    return list(values)


@pytest.fixture
def reference():
    if not REFERENCE.is_dir():
        pytest.skip(f"rules reference not found at {REFERENCE} (expected ../shared beside the checkout)")
    return REFERENCE
