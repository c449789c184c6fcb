"""Setup with bots (LoR-5.1, CW-GEN-17..21) and the turn loop (LoR-1.4.1, LoR-3.1, RT-OPEN-36), played
with fake faction modules that record what they are asked to do."""
from types import SimpleNamespace

import pytest

from automa.core.trace import Trace
from automa.root import data, rounds, setup, state
from automa.root.state import Victory
from tests.root.script import opts, rng, Script


class Fakes:
    """A fake module per faction or bot: its setup and turns are logged; ``score`` maps a faction to the VP
    it scores each turn."""

    def __init__(self, score=None):
        self.log = []
        self.score = score or {}

    def __call__(self, name):
        def do_setup(game, seat):
            self.log.append(("setup", name))
            seat.board = SimpleNamespace(copy=lambda: None)

        def turn(game, seat):
            self.log.append(("turn", name))
            if self.score.get(seat.faction):
                state.score(game, seat.faction, self.score[seat.faction], "crafting")

        return SimpleNamespace(PIECES={"warrior": 20}, setup=do_setup, turn=turn)


def test_seats_are_the_players_faction_and_the_bots_CW_GEN_2_CW_GEN_18():
    assert setup.seating(opts()) == [("marquise", None), ("eyrie", "electric_eyrie"),
                                      ("alliance", "automated_alliance"), ("vagabond", "vagabot")]
    assert setup.seating(opts(faction="alliance", bots="vagabot,mechanical_marquise")) == [
        ("marquise", "mechanical_marquise"), ("alliance", None), ("vagabond", "vagabot")]
    assert setup.seating(opts(faction="none", bots="electric_eyrie,vagabot")) == [
        ("eyrie", "electric_eyrie"), ("vagabond", "vagabot")]


def test_factions_set_up_in_setup_letter_order_whatever_the_seating_LoR_5_1_7_CW_GEN_21():
    fakes = Fakes()
    g = setup.setup(data.load(), opts(), rng(3), fakes)
    assert [e for e in fakes.log if e[0] == "setup"] == [
        ("setup", "marquise"), ("setup", "electric_eyrie"), ("setup", "automated_alliance"), ("setup", "vagabot")]
    assert all(s.board is not None and s.supply == {"warrior": 20} for s in g.seats)


def test_seating_and_first_player_are_random_from_the_setup_stream_LoR_5_1_1():
    firsts = {setup.setup(data.load(), opts(), rng(seed), Fakes()).seats[0].faction for seed in range(12)}
    assert len(firsts) > 1
    a = setup.setup(data.load(), opts(), rng(4), Fakes())
    b = setup.setup(data.load(), opts(), rng(4), Fakes())
    assert [s.faction for s in a.seats] == [s.faction for s in b.seats] and a.deck == b.deck


def test_fixed_seating_puts_the_player_at_its_place_LoR_5_1_1():
    g = setup.setup(data.load(), opts(faction="eyrie", seating="fixed", seat=3), rng(), Fakes())
    assert [s.faction for s in g.seats] == ["marquise", "alliance", "eyrie", "vagabond"]
    assert g.seats[2].bot is None


def test_bots_get_their_difficulty_and_traits_CW_GEN_19():
    g = setup.setup(data.load(), opts(difficulty="challenging", vb_difficulty="nightmare", ee_traits="swoop"),
                    rng(), Fakes())
    assert (g.seat("eyrie").difficulty, g.seat("eyrie").traits) == ("challenging", ("swoop",))
    assert g.seat("vagabond").difficulty == "nightmare" and g.seat("vagabond").traits == ()


def test_no_dominance_cards_with_a_human_and_three_cards_each_CW_GEN_20_LoR_5_1_3():
    """The dominance cards leave (CW-GEN-20); the human draws three (LoR-5.1.3), the bots none."""
    g = setup.setup(data.load(), opts(), rng(), Fakes())
    everything = g.deck + g.seat("marquise").hand
    assert len(g.seat("marquise").hand) == 3 and all(s.hand == [] for s in g.seats if s.bot)
    assert len(everything) == 54 - 4 and len(set(everything)) == 50
    assert all(g.cards[c].kind != "dominance" for c in everything) and g.dominance == []


def test_a_bots_only_game_removes_them_unless_kept_RT_OPEN_34():
    d = data.load()
    assert len(setup.setup(d, opts(faction="none"), rng(), Fakes()).deck) == 50
    kept = setup.setup(d, opts(faction="none", dominance_without_humans="keep"), rng(), Fakes())
    assert len(kept.deck) == 54 and all(s.hand == [] for s in kept.seats)


def test_ruin_items_and_the_item_supply_LoR_5_1_5_LoR_9_3_4_RT_OPEN_1():
    """One item under each ruin (LoR-9.3.4), with the Vagabot at the table too (CW-VB-SETUP-4)."""
    d = data.load()
    g = setup.setup(d, opts(), rng(), Fakes())
    assert sorted(g.ruin_items) == [c for c in range(1, 13) if g.clearings[c].ruin]
    assert sorted(i for v in g.ruin_items.values() for i in v) == sorted(d.components.ruin_items)
    assert g.items == {"boot": 2, "bag": 2, "coins": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2}
    orders = {str(setup.setup(d, opts(), rng(s), Fakes()).ruin_items) for s in range(8)}
    assert len(orders) > 1                                  # shuffled


def test_scores_start_at_zero_LoR_5_1_2():
    """Score markers on 0 (LoR-5.1.2): after the real factions' and bots' setup nobody has a point."""
    g = setup.setup(data.load(), opts(), rng(2), ask=Script())
    assert [(s.vp, s.sources) for s in g.seats] == [(0, {})] * 4


def test_separate_bot_streams_RT_OPEN_3():
    g = setup.setup(data.load(), opts(bot_random="separate_streams"), rng(), Fakes())
    assert {"automa:vagabot", "automa:electric_eyrie"} <= set(g.rng)


def test_every_faction_and_bot_has_a_module_with_the_same_face():
    for name in setup.MODULES:
        m = setup.module(name)
        assert isinstance(m.PIECES, dict) and callable(m.setup) and callable(m.turn), name


def test_every_seat_takes_its_turn_in_order_each_round_and_the_cap_ends_it_LoR_1_4_1_RT_OPEN_36():
    fakes = Fakes()
    g = setup.setup(data.load(), opts(turn_cap=3), rng(), fakes)
    g.trace = Trace()
    out = rounds.play(g, fakes)
    assert (out.winner, out.how) == ("none", "turn_cap") and g.guards == ["RT-OPEN-36"]
    turns = [name for kind, name in fakes.log if kind == "turn"]
    assert turns == [setup.player_of(s) for s in g.seats] * 3
    assert (g.round, g.turn) == (3, 12)
    assert g.trace.events[-1] == {"kind": "guard", "rule": "RT-OPEN-36", "rounds": 3}


def test_30_VP_ends_the_game_at_once_LoR_3_1():
    fakes = Fakes({"alliance": 11})
    g = setup.setup(data.load(), opts(seating="fixed"), rng(), fakes)
    out = rounds.play(g, fakes)
    assert (out.winner, out.how) == ("alliance", "score")
    assert (g.round, g.turn) == (3, 11) and g.guards == []
    assert rounds.by_source(g, "alliance")["crafting"] == 33


def test_a_source_that_is_no_category_is_an_error_RT_STUDY_5():
    g = setup.setup(data.load(), opts(), rng(), Fakes())
    state.score(g, "eyrie", 2, "roosts")
    assert sum(rounds.by_source(g, "eyrie").values()) == 2
    g.seat("eyrie").sources["mystery"] = 1
    with pytest.raises(ValueError):
        rounds.by_source(g, "eyrie")


def test_a_victory_raised_elsewhere_names_its_winner_LoR_3_3_1():
    def modules(name):
        def turn(game, seat):
            raise Victory(seat.faction, "dominance")
        return SimpleNamespace(PIECES={}, setup=lambda g, s: None, turn=turn)

    g = setup.setup(data.load(), opts(seating="fixed", seat=2), rng(), modules)
    assert rounds.play(g, modules).winner == "eyrie"
