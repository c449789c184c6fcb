"""State copies for lookahead share no part with the original that a later move changes in place."""
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


# Shared by copies (State.copy): replaced when written, never changed in place (test_forward_model.py).
SHARED = {"state.region_fur", "state.village", "state.songs", "state.song_pile", "state.tile_pile",
          "state.special_pile", "state.yurt_pile", "state.wish_pile", "state.deck", "state.diplo_bonus",
          "state.order", "state.first_order"} | {f"state.sides[{i}].{name}" for i in (0, 1)
                                                 for name in ("tiles", "wishes", "fulfilled")}


def test_copy_shares_only_what_is_replaced_when_written():
    """A copy has its own list for every part that the action seasons change in place; it shares the
    parts that are only ever replaced: the hunt columns and donations of each slot, the song display, the
    piles and deck, what only setup writes, and each side's tiles, wishes and fulfilled wishes."""
    run = make_run(modules="merchant,hunting_plan,landscapes,diplomacy")
    original = dict(_mutables(run.st))
    copied = dict(_mutables(run.st.copy()))
    assert original.keys() == copied.keys()
    for name, value in original.items():
        shared = name in SHARED or name.startswith(("state.col[", "state.don["))
        assert (copied[name] is value) == shared and copied[name] == value, name


def test_copy_sets_every_field():
    """State.copy and Side.copy set each field themselves: every field of a copy, of the state and of both
    sides, equals the original's (a field left out would be unset and fail here)."""
    run = make_run(modules="merchant,hunting_plan,landscapes,diplomacy")
    st = run.st
    st.sides[0].song_vp, st.sides[1].diplo, st.arrivals, st.merchant_tile = 3, 2, 5, 4
    copy = st.copy()
    for original, copied in [(st, copy), *zip(st.sides, copy.sides)]:
        assert copied is not original and type(copied) is type(original)
        for f in fields(original):
            assert getattr(copied, f.name) == getattr(original, f.name), f.name


def test_lookahead_leaves_the_game_untouched():
    """Applying a choice to a copy changes neither the state nor the game's random streams."""
    from automa.stroganov import player
    run = make_run()
    before, rng = run.st.copy(), run.rng.getstate()
    run.lookahead(player.act, ("horses",))
    assert run.st == before and run.rng.getstate() == rng
