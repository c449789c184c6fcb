"""The Sunward Expedition, demoted the Mole Artisans (LoR-E, the seed's 16.4; its card, research notes §2.8):
warriors and Foothold tokens as a side of their own (LoR-E.3), the two-step Daylight (RT-OWN-35), the revealed
crafted cards (RT-OWN-36), and bots (RT-OWN-15)."""
import pytest

from automa.root import battle, crafting, data, hirelings, movement, rounds, setup, state
from automa.root.decide import PASS
from automa.root.hirelings import side as sides
from automa.root.hirelings import expedition
from tests.root.script import hired_table, Dice, Script, opts, rng

FOOTHOLD = expedition.FOOTHOLD


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Expedition dealt promoted (two seats,
    LoR-A.6.2) and controlled by the player; the map emptied."""
    g = hired_table("expedition", ask, **kw)
    g.hirelings["expedition"].controller = "marquise"
    return g


def card_id(g, key: str) -> int:
    return next(i for i, c in enumerate(g.cards) if c.key == key)


def test_the_sunward_expedition_sets_up_a_foothold_and_three_warriors_LoR_A_6_3():
    """Its card's setup: a Foothold and three warriors in one clearing, the player choosing; a bot by
    priority (RT-OWN-16); the Mole Artisans set up nothing."""
    ask = Script(hireling_setup=[("expedition", 7)])
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=2, hirelings="expedition"),
                    rng(), ask=ask)
    assert g.clearings[7].warriors["expedition"] == 3 and FOOTHOLD in g.clearings[7].tokens
    assert g.hired["expedition"].supply == {"warrior": 5, "foothold": 2} and g.hired["expedition"].bot == state.HIRED
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1, hirelings="expedition"),
                    rng(), ask=Script())
    at = [c for c in range(1, 13) if g.clearings[c].warriors.get("expedition")]
    assert len(at) == 1 and FOOTHOLD in g.clearings[at[0]].tokens          # the bot's pick
    g = setup.setup(data.load(), opts(hirelings="expedition"), rng(), ask=Script())
    assert g.hirelings["expedition"].demoted                                # four seats demote it
    assert not any(c.warriors.get("expedition") or FOOTHOLD in c.tokens for c in g.clearings[1:])


def test_hiring_the_expedition_does_nothing_LoR_E_2_1():
    """The card has no when-hired action, on either side."""
    g = table()
    g.hirelings["expedition"].controller = None
    hirelings.gain(g, g.seat("marquise"), g.hirelings["expedition"], "LoR-E.1.1")
    assert not any(c.warriors.get("expedition") or FOOTHOLD in c.tokens for c in g.clearings[1:])


def test_the_first_step_lands_a_foothold_and_up_to_three_warriors_where_none_is():
    """Daylight, 1st (its card): a Foothold and up to three warriors, in a clearing without a Foothold;
    passing there takes no action at all."""
    ask = Script(expedition_foothold=[4], expedition_warriors=[2], expedition_order=[PASS])
    g = table(ask)
    state.place_token(g, "expedition", "foothold", 9)
    expedition.daylight(g, g.seat("marquise"), g.hirelings["expedition"])
    offered = ask.choices("expedition_foothold")[0]
    assert 9 not in offered and 4 in offered and PASS in offered
    assert [list(c) for c in ask.choices("expedition_warriors")] == [[0, 1, 2, 3]]
    assert g.clearings[4].warriors == {"expedition": 2} and FOOTHOLD in g.clearings[4].tokens
    g = table(Script(expedition_foothold=[PASS]))
    expedition.daylight(g, g.seat("marquise"), g.hirelings["expedition"])
    assert g.hired["expedition"].supply == {"warrior": 8, "foothold": 3}


def test_with_no_foothold_left_one_comes_back_from_the_map_for_no_vp():
    """Daylight, 1st: with every Foothold on the map, the player first takes one back (``expedition_uproot``),
    scoring nothing (his hireling's own piece)."""
    ask = Script(expedition_foothold=[10], expedition_uproot=[2], expedition_warriors=[3], expedition_order=[PASS])
    g = table(ask)
    for c in (1, 2, 3):
        state.place_token(g, "expedition", "foothold", c)
    expedition.daylight(g, g.seat("marquise"), g.hirelings["expedition"])
    assert [list(c) for c in ask.choices("expedition_uproot")] == [[1, 2, 3]]
    assert expedition.footholds(g) == [1, 3, 10] and g.seat("marquise").vp == 0


def test_the_expedition_moves_by_its_controllers_rule_its_own_warriors_only_LoR_E_3_1_LoR_E_3_4():
    """Daylight, 2nd, the move: the hireling's pieces count for its controller's rule (LoR-E.3.1) and only its
    warriors move (LoR-E.3.4), any number from one clearing; without rule at either end, no move."""
    g = table()
    g.clearings[1].warriors.update(expedition=2, marquise=1)
    g.clearings[5].warriors.update(eyrie=4)
    assert state.ruler(g, 1) == "marquise"
    legal = sides.moves(g, g.seat("marquise"), "expedition")
    assert (1, 5, 2) in legal and (1, 5, 1) in legal
    assert not movement.can_move(g, "expedition", 1, 5)          # the hireling alone rules nothing here
    g.hirelings["expedition"].controller = "eyrie"
    assert (1, 5, 2) in sides.moves(g, g.seat("eyrie"), "expedition")     # the Eyrie rules 5
    g.clearings[1].warriors["marquise"] = 3
    g.clearings[5].warriors["marquise"] = 5
    assert not [m for m in sides.moves(g, g.seat("eyrie"), "expedition") if m[0] == 1]
    g.hirelings["expedition"].controller = "marquise"
    g.ask = Script(expedition_move=[(1, 5, 1)], expedition_battle=[PASS])
    expedition.march(g, g.seat("marquise"))
    assert g.clearings[1].warriors == {"expedition": 1, "marquise": 3}
    assert g.clearings[5].warriors == {"eyrie": 4, "marquise": 5, "expedition": 1}


def test_the_expedition_battles_only_its_controllers_enemies_and_scores_nothing_LoR_E_3_6():
    """Daylight, 2nd, the battle: the player picks the defender among his enemies (never himself); the
    hireling's removals score him nothing (LoR-E.3.6)."""
    g = table()
    g.clearings[6].warriors.update(expedition=3, marquise=1)
    g.clearings[6].buildings.append(("eyrie", "roost"))
    assert sides.targets(g, g.seat("marquise"), "expedition") == [(6, "eyrie")]
    g.rng["dice"] = Dice(3, 3)
    g.ask = Script(expedition_move=[PASS], expedition_battle=[(6, "eyrie")])
    expedition.march(g, g.seat("marquise"))
    assert ("eyrie", "roost") not in g.clearings[6].buildings and g.seat("marquise").vp == 0
    assert g.clearings[6].warriors["marquise"] == 1                  # his warriors took no part (LoR-E.3.4)


def test_removing_a_foothold_scores_for_the_remover():
    """A Foothold is a hireling's token: an enemy who removes it scores 1 VP (LoR-3.2.1; LoR-E.3.6 spares
    only the hireling's own removals)."""
    g = table()
    state.place_token(g, "expedition", "foothold", 6)
    g.clearings[6].warriors.update(eyrie=2)
    g.rng["dice"] = Dice(2, 0)
    battle.battle(g, "eyrie", "expedition", 6)
    assert FOOTHOLD not in g.clearings[6].tokens and g.seat("eyrie").vp == 1
    assert g.hired["expedition"].supply["foothold"] == 3


def test_the_other_branch_places_a_warrior_at_each_foothold_RT_OWN_35():
    """Daylight, 2nd, the other branch: a warrior at each Foothold (the one just placed too), in clearing
    order while the supply lasts (RT-OWN-35)."""
    ask = Script(expedition_foothold=[8], expedition_warriors=[3], expedition_order=["recruit"])
    g = table(ask)
    state.place_token(g, "expedition", "foothold", 2)
    state.place_token(g, "expedition", "foothold", 11)
    state.place_warriors(g, "expedition", 11, 3)
    expedition.daylight(g, g.seat("marquise"), g.hirelings["expedition"])
    assert [g.clearings[c].warriors.get("expedition") for c in (2, 8, 11)] == [1, 4, 3]     # two left: 11 gets none
    assert g.hired["expedition"].supply["warrior"] == 0


def test_a_bots_expedition_takes_no_daylight_action_RT_OWN_15():
    """The Daylight action is a "may": a bot controller's Expedition takes none."""
    g = table()
    g.hirelings["expedition"].controller = "eyrie"
    hirelings.daylight(g, g.seat("eyrie"))
    assert g.hired["expedition"].supply == {"warrior": 8, "foothold": 3}


def test_the_band_holds_the_expedition_unless_one_controller_holds_both():
    """The Band's hold (its card) on a hireling moving in: an enemy's (LoR-E.3.2) is held, one sharing its
    controller is not."""
    g = table(hirelings="expedition,band")
    g.hirelings["expedition"].controller = "marquise"
    g.clearings[5].warriors.update(band=1)
    g.clearings[1].warriors.update(expedition=3, marquise=2)
    movement.move(g, "expedition", 1, 5, 1)
    assert ("expedition", 5) in g.stuck
    g.stuck.clear()
    g.hirelings["band"].controller = "marquise"
    movement.move(g, "expedition", 1, 5, 1)
    assert not g.stuck


def test_the_mole_artisans_keep_a_crafted_card_and_give_it_back_after_the_hand_limit_RT_OWN_36():
    """The Mole Artisans (its card): the player may reveal a card crafted for an item instead of discarding
    it; at the end of his Evening it comes back to his hand, even above five (RT-OWN-36)."""
    g = table(Script(mole_reveal=[lambda cs: cs[0]]))
    h = g.hirelings["expedition"]
    h.demoted = True
    seat = g.seat("marquise")
    anvil, knapsack = card_id(g, "anvil"), card_id(g, "gently_used_knapsack")
    seat.hand[:] = [anvil, knapsack] + [k for k in g.deck[:4]]
    del g.deck[:4]
    crafting.craft(g, seat, anvil, {"fox": 1})
    assert h.revealed == [anvil] and anvil not in g.discard and "hammer" in seat.crafted
    g.ask = Script(mole_reveal=[PASS])
    crafting.craft(g, seat, knapsack, {"mouse": 1})
    assert knapsack in g.discard and h.revealed == [anvil]
    seat.hand.append(g.deck.pop())
    hirelings.end_of_turn(g, seat)
    assert anvil in seat.hand and len(seat.hand) == 6 and h.revealed == []


def test_the_mole_artisans_ask_nothing_of_a_bot_nor_for_a_card_without_item():
    """Only an item card may be revealed; a bot holds no hand (CW-GEN-15) and is never asked; the promoted
    side has no such ability."""
    g = table()
    h = g.hirelings["expedition"]
    seat = g.seat("marquise")
    anvil = card_id(g, "anvil")
    seat.hand[:] = [anvil]
    crafting.craft(g, seat, anvil, {"fox": 1})                    # promoted: no reveal
    assert "mole_reveal" not in g.ask.kinds() and anvil in g.discard
    h.demoted = True
    assert not expedition.reveal(g, g.seat("eyrie"), anvil)
    h.controller = "eyrie"
    assert not expedition.reveal(g, seat, anvil)
    assert "mole_reveal" not in g.ask.kinds()


def test_no_mole_artisans_code_runs_without_hirelings(monkeypatch):
    """Without hirelings neither crafting nor the end of a turn reaches the Mole Artisans."""
    def boom(*args):
        raise AssertionError("reached")
    monkeypatch.setattr(expedition, "reveal", boom)
    monkeypatch.setattr(expedition, "evening_end", boom)
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1), rng(), ask=Script())
    seat = g.seat("marquise")
    anvil = card_id(g, "anvil")
    seat.hand.append(anvil)
    crafting.craft(g, seat, anvil, {"fox": 1})
    assert anvil in g.discard
    with pytest.raises(AssertionError):
        expedition.reveal(g, seat, anvil)
    assert not g.hirelings
    rounds.turn(g, g.seat("eyrie"))


def test_a_hirelings_move_is_its_controllers_for_outrage_and_the_ferry_LoR_E_3_7():
    """LoR-E.3.7: moving the Expedition into the Automated Alliance's sympathy, or removing it with the
    Expedition, is its controller's doing (Outrage: he discards a matching card); crossing on the Ferry, he
    draws."""
    g = table(bots="automated_alliance")
    seat = g.seat("marquise")
    g.clearings[1].warriors.update(expedition=3, marquise=2)
    g.clearings[5].tokens.append(("alliance", "sympathy"))
    suit = state.suit_of(g, 5)
    seat.hand[:] = [next(i for i, c in enumerate(g.cards) if c.suit == suit and c.kind != "dominance")]
    card = seat.hand[0]
    movement.move(g, "expedition", 1, 5, 1)
    assert seat.hand == [] and card in g.discard
    g.clearings[5].tokens.append(("alliance", "sympathy"))
    seat.hand[:] = [card]
    g.discard.remove(card)
    state.remove_piece(g, 5, ("alliance", "sympathy"), "expedition", False)    # removed by the Expedition
    assert seat.hand == [] and card in g.discard
    g = table(landmarks="ferry", map="fall")
    seat = g.seat("marquise")
    seat.hand[:] = []
    c = g.ferry
    far = next(x for x in movement.crossings(g, c) if x not in movement.adjacent(g, c))
    g.clearings[c].warriors.update(expedition=1, marquise=2)
    movement.move(g, "expedition", c, far, 1)
    assert len(seat.hand) == 1 and g.ferry == far


def test_the_screens_key_gives_the_expeditions_warriors_and_footholds():
    """The map key lists the card with its controller, warriors and Footholds; the narration names the
    hireling's side (labels.faction)."""
    from automa.root import labels, screen
    from automa.root.view import View
    g = table()
    state.place_token(g, "expedition", "foothold", 4)
    state.place_warriors(g, "expedition", 4, 2)
    state.place_warriors(g, "expedition", 9, 1)
    v = View(g, "marquise")
    assert "Sunward Expedition: yours, 0 control, warriors 4x2 9, footholds 4" in screen.map_key(v)
    assert labels.faction(v, "expedition") == "the Sunward Expedition"
