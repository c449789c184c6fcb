"""State copies for lookahead share no mutable part with the original."""
from __future__ import annotations

from dataclasses import fields

from tests.stroganov.conftest import make_run


def _mutables(obj, path="state"):
    for f in fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, list):
            yield f"{path}.{f.name}", value
            for i, item in enumerate(value):
                if isinstance(item, list):
                    yield f"{path}.{f.name}[{i}]", item
                elif hasattr(item, "__dataclass_fields__"):
                    yield from _mutables(item, f"{path}.{f.name}[{i}]")


def test_copy_shares_no_mutable_part():
    run = make_run(modules="merchant,hunting_plan,landscapes,diplomacy")
    original = dict(_mutables(run.st))
    copied = dict(_mutables(run.st.copy()))
    assert original.keys() == copied.keys()
    for name, value in original.items():
        assert copied[name] is not value and copied[name] == value, name


def test_lookahead_leaves_the_game_untouched():
    """Applying a choice to a copy changes neither the state nor the game's random streams."""
    from automa.stroganov import player
    run = make_run()
    before, rng = run.st.copy(), run.rng.getstate()
    run.lookahead(player.act, ("horses",))
    assert run.st == before and run.rng.getstate() == rng
