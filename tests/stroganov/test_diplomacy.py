"""Module 4: diplomacy (ST-TK-DIPLO-1..9)."""
from __future__ import annotations

from automa.core.trace import Trace
from automa.stroganov import economy, ivan, player
from automa.stroganov.data import Card
from automa.stroganov.modules import diplomacy
from automa.stroganov.state import IVAN, PLAYER
from tests.stroganov.conftest import clear_board, make_run, take_from_bag


def test_setup_marks_tiles_of_the_terrain():
    """Every board tile of the drawn terrain carries a diplomacy tile (ST-TK-DIPLO-2)."""
    run = make_run(modules="diplomacy")
    st, t = run.st, run.t
    for slot, tile in enumerate(st.tiles):
        assert st.diplo[slot] == (t.tiles[tile].terrain == st.diplo_terrain)


def test_ivan_donates_first_item_of_his_list_at_first_marked_tile():
    """Bear first, then a coin (as value 8), then his highest fur (ST-TK-DIPLO-8, ST-OPEN-55)."""
    run = make_run(modules="diplomacy")
    st, ivan = run.st, run.st.sides[IVAN]
    st.diplo = [0] * 12
    st.diplo[4] = st.diplo[6] = 1
    ivan.coins = 0
    ivan.furs[5] = 1
    take_from_bag(run, 5)
    diplomacy.ivan_donate(run, [3, 4, 5, 6])
    assert st.don[4] == [5] and ivan.diplo == 5 and st.don[6] == []
    ivan.coins = 1
    diplomacy.ivan_donate(run, [6])
    assert st.don_coins[6] == 1 and ivan.diplo == 13


def test_ivan_at_the_end_of_the_track_donates_by_default_or_keeps_his_goods():
    """The solo text: Ivan conducts diplomacy "whenever" he passes a marked tile, also when his marker
    stands on the last space and moves 0 steps (ST-TK-DIPLO-8, ST-TK-DIPLO-4);
    ivan_diplomacy_at_track_end=skip keeps his goods when no step is possible."""
    for option, donated in (("donate", True), ("skip", False)):
        run = make_run(modules="diplomacy", ivan_diplomacy_at_track_end=option)
        st, ivan = run.st, run.st.sides[IVAN]
        st.diplo = [0] * 12
        st.diplo[4] = 1
        ivan.diplo, ivan.coins = run.t.diplo_spaces, 1
        run.trace = Trace()
        diplomacy.ivan_donate(run, [4])
        assert ivan.diplo == run.t.diplo_spaces
        event = run.trace.events[-1]  # the trace says the marker did not move
        assert (event["action"], event.get("moved")) == (("donate", 0) if donated else ("no_donation", None))
        assert (ivan.coins, st.don_coins[4]) == ((0, 1) if donated else (1, 0))
    # all spaces ahead held by the player's marker: no step is possible either
    run = make_run(modules="diplomacy", ivan_diplomacy_at_track_end="skip")
    st, ivan = run.st, run.st.sides[IVAN]
    st.diplo = [0] * 12
    st.diplo[4] = 1
    ivan.diplo, st.sides[PLAYER].diplo, ivan.coins = run.t.diplo_spaces - 1, run.t.diplo_spaces, 1
    diplomacy.ivan_donate(run, [4])
    assert ivan.coins == 1 and ivan.diplo == run.t.diplo_spaces - 1
    ivan.diplo = run.t.diplo_spaces - 2  # one free space ahead: he donates
    diplomacy.ivan_donate(run, [4])
    assert ivan.coins == 0 and ivan.diplo == run.t.diplo_spaces - 1


def test_ivan_ignores_donations_when_buying():
    """Ivan's claim ignores donated furs; they go back to the bag (ST-TK-DIPLO-9)."""
    run = make_run(modules="diplomacy")
    st = run.st
    st.col[2] = []
    st.don[2] = take_from_bag(run, 6)
    bag = st.bag.count(6)
    economy.take_tile(run, IVAN, 2)
    assert st.bag.count(6) == bag + 1 and run.st.sides[IVAN].furs[6] == 0


def test_donated_furs_cannot_be_hunted():
    """A donated fur lies on the tile's right-hand side: neither the player's hunt nor Ivan's takes it
    (ST-HUNT-7, ST-TK-DIPLO-6)."""
    run = make_run(modules="diplomacy")
    clear_board(run)
    st, p, i = run.st, run.st.sides[PLAYER], run.st.sides[IVAN]
    st.col[3], st.don[3] = take_from_bag(run, 4), take_from_bag(run, 8)
    p.pos = i.pos = 3
    assert [a for a in player.actions(run, p, True) if a[0] == "hunt"] == [("hunt", 3, 0, 1)]
    player.act(run, ("hunt", 3, 0, 1))
    assert st.col[3] == [] and st.don[3] == [8]
    furs, coins = i.furs[8], i.coins
    ivan.hunt(run, Card(99, 1, True, 1, "trophy", False, False, ()))
    assert st.don[3] == [8] and i.furs[8] == furs and i.coins == coins + 1


def test_a_donated_tiger_lies_on_the_tile_and_goes_to_the_buyer():
    """A donated tiger is a "tiger fur" placed on the tile's right-hand side like any donated fur (line 161,
    165): a later buyer pays one more fur for it and receives it as a tiger; Ivan's purchase returns it to
    the tiger supply (ST-TK-DIPLO-3, ST-TK-DIPLO-6, ST-TK-DIPLO-9)."""
    run = make_run(modules="diplomacy")
    clear_board(run)
    st, p = run.st, run.st.sides[PLAYER]
    st.diplo[3], p.pos = 1, 3
    p.tigers, st.tigers_left = 1, st.tigers_left - 1
    tigers_left = st.tigers_left
    diplomacy.player_donate(run, ("tiger",))
    assert p.tigers == 0 and p.diplo == run.t.diplo_wild
    assert st.tigers_left == tigers_left and len(st.don[3]) == 1  # on the tile, not back in the supply
    p.furs[:] = [0] * 9
    p.furs[st.region_fur[run.t.slot_region[3]]] = 1  # the base region fur only
    assert not economy.can_claim(run, p, 3)  # the tiger fur costs one more fur
    p.furs[2] += 1
    take_from_bag(run, 2)
    assert economy.can_claim(run, p, 3)
    player.act(run, ("claim", 3))
    assert p.tigers == 1 and st.don[3] == [] and st.tigers_left == tigers_left
    # Ivan buying a tile with a donated tiger: it goes back to the supply (ST-TK-DIPLO-9)
    run = make_run(modules="diplomacy")
    st, i = run.st, run.st.sides[IVAN]
    st.diplo[2], i.tigers, st.tigers_left = 1, 1, st.tigers_left - 1
    i.furs[:] = [0] * 9
    i.coins = 0
    diplomacy.ivan_donate(run, [2])
    tigers_left = st.tigers_left
    st.col[2] = []
    economy.take_tile(run, IVAN, 2)
    assert i.tigers == 0 and st.tigers_left == tigers_left + 1


def test_a_salesman_kind_fur_is_a_wild_donation_of_value_8():
    """A fur of the Salesman's kind "can be used as a wild fur" (line 125), and a wild fur is donated at
    any value (line 165), so it moves the marker 8 steps; the coin option never spends a coin on it
    (ST-TK-LAND-6, ST-TK-DIPLO-3)."""
    run = make_run(modules="diplomacy,landscapes")
    clear_board(run)
    st, p = run.st, run.st.sides[PLAYER]
    st.diplo[3], p.pos = 1, 3
    p.furs[:] = [0] * 9
    p.furs[3], p.salesman, p.coins = 1, 3, 1
    assert diplomacy.player_choices(run, p) == [None, ("fur", 3)]  # no coin for a fur that is wild already
    diplomacy.player_donate(run, ("fur", 3))
    assert p.diplo == run.t.diplo_wild and st.don[3] == [3] and p.coins == 1


def test_ivans_coin_goes_alone_by_default_or_with_his_lowest_fur():
    """Ivan's list has "1 coin" second (line 232): by default the coin alone, a wild donation of 8 steps
    (ST-OPEN-55); with ivan_coin_donation=with_fur it goes with his lowest fur as a wild fur of value 8, as
    the player's rule asks ("a fur together with a coin", line 165), and without a fur he gives the next
    item of his list (ST-TK-DIPLO-8)."""
    for option, don, coins, diplo in (("alone", [], 0, 8), ("with_fur", [3], 0, 8)):
        run = make_run(modules="diplomacy", ivan_coin_donation=option)
        st, i = run.st, run.st.sides[IVAN]
        st.diplo[4], i.coins, i.furs[:] = 1, 1, [0, 0, 0, 1, 0, 0, 0, 1, 0]
        take_from_bag(run, 3, 7)
        diplomacy.ivan_donate(run, [4])
        assert (st.don[4], i.coins, i.diplo, st.don_coins[4]) == (don, coins, diplo, 1), option
    run = make_run(modules="diplomacy", ivan_coin_donation="with_fur")
    st, i = run.st, run.st.sides[IVAN]
    st.diplo[4], i.coins, i.furs[:], i.tigers, st.tigers_left = 1, 1, [0] * 9, 1, st.tigers_left - 1
    diplomacy.ivan_donate(run, [4])
    assert i.coins == 1 and i.tigers == 0 and i.diplo == run.t.diplo_wild  # no fur: the tiger instead


def test_the_start_space_is_zone_0_by_default_or_part_of_zone_1():
    """Line 185: "the diplomacy track is divided in 10 zones". By default the start space (line 150, the
    "0" space) lies before them with zone value 0, so a marker there scores one less than a marker in zone
    1; with diplomacy_start_zone=one it is part of zone 1, ten zone values in all (ST-TK-DIPLO-7, ST-READ-1).
    The view's zones follow the option."""
    from automa.stroganov.view import View
    for option, vp in (("zero", [0, 1]), ("one", [0, 0])):
        run = make_run(modules="diplomacy", diplomacy_start_zone=option)
        run.st.sides[IVAN].diplo = run.t.diplo_per_zone  # the last space of zone 1
        diplomacy.winter_score(run)
        assert [s.vp[-1] for s in run.st.sides] == vp, option
        assert View(run).diplo_zones() == ((0, 1) if option == "zero" else (1, 1))


def test_a_cossack_that_cannot_move_donates_only_with_donation_without_move():
    """The player donates "after moving" when the cossack "ends his movement" on a marked tile (line 159,
    ST-TK-DIPLO-3); Ivan when he "moves over or stops on" one (line 227, ST-TK-DIPLO-8). A cossack on the
    last slot cannot move: by default neither side donates there, with donation_without_move=donate both
    do, on the tile they stand on (ST-READ-8)."""
    from tests.stroganov.test_player import Recorder
    for option, donates in (("none", False), ("donate", True)):
        rec = Recorder()
        run = make_run(modules="diplomacy", strategy=rec, donation_without_move=option)
        st, me, him = run.st, run.st.sides[PLAYER], run.st.sides[IVAN]
        last = run.t.n_slots - 1
        st.diplo = [0] * run.t.n_slots
        st.diplo[last] = 1
        me.pos, me.furs[5] = last, me.furs[5] + 1
        take_from_bag(run, 5)
        rec.seen.clear()
        player.turn(run)
        assert ("donate" in [k for k, _ in rec.seen]) == donates, option
        him.pos, him.furs[5], him.coins = last, 1, 0
        take_from_bag(run, 5)
        run.trace = Trace()
        ivan.turn(run)
        donated = [e for e in run.trace.events if e.get("action") == "donate"]
        assert [(e["slot"], e["fur"]) for e in donated] == ([(last, 5)] if donates else []), option
