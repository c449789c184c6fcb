"""The Flame Bearers, demoted the Rat Smugglers (LoR-E; its card, research notes §2.11): setup and hiring, the
Birdsong removals (the card's FAQ: warriors first; RT-OWN-33 for a bot) and spread, the Smugglers' Daylight
(RT-OWN-34), and bots (RT-OWN-15)."""
from automa.root import cards, data, hirelings, movement, setup, state, vagabond
from automa.root.decide import PASS
from automa.root.hirelings import bearers
from tests.root.script import hired_table, Dice, Script, opts, rng


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Flame Bearers dealt and not yet on the map;
    the map emptied."""
    g = hired_table("bearers", ask, **kw)
    g.hirelings["bearers"].demoted = False
    return g


def item_card(g, item=True) -> int:
    return next(k for k, c in enumerate(g.cards) if bool(c.item) == item and c.kind != "dominance")


def test_the_flame_bearers_set_up_two_warriors_even_in_one_clearing_LoR_A_6_3():
    """The Flame Bearers' setup (its card): two Bearers among any clearings, both in one if the seat likes;
    six in all, four left in their supply."""
    ask = Script(hireling_setup=[("bearers", 6), ("bearers", 6)])
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=2, hirelings="bearers"), rng(),
                    ask=ask)
    assert not g.hirelings["bearers"].demoted
    assert g.clearings[6].warriors.get("bearers") == 2 and g.hired["bearers"].supply == {"warrior": 4}
    assert ("bearers", 6) in ask.choices("hireling_setup")[1]


def test_the_rat_smugglers_have_no_setup():
    """The Rat Smugglers' card has no setup step (four seats demote one card of one, LoR-A.6.2)."""
    g = setup.setup(data.load(), opts(hirelings="bearers"), rng(), ask=Script())
    assert g.hirelings["bearers"].demoted and not any(cl.warriors.get("bearers") for cl in g.clearings[1:])


def test_hired_with_no_bearer_on_the_map_places_two_LoR_E_2_1():
    """LoR-E.2.1: hired with no Bearer on the map, two among any clearings; with one there, none; the Rat
    Smugglers place none."""
    g = table(Script(hireling_setup=[("bearers", 4), ("bearers", 9)]))
    hirelings.gain(g, g.seat("marquise"), g.hirelings["bearers"], "LoR-E.1.1")
    assert [c for c in range(1, 13) if g.clearings[c].warriors.get("bearers")] == [4, 9]
    hirelings.gain(g, g.seat("eyrie"), g.hirelings["bearers"], "LoR-E.1.3")
    assert g.hired["bearers"].supply["warrior"] == 4
    g = table()
    g.hirelings["bearers"].demoted = True
    hirelings.gain(g, g.seat("eyrie"), g.hirelings["bearers"], "LoR-E.1.1")
    assert g.hired["bearers"].supply["warrior"] == 6


def test_the_bearers_remove_one_enemy_piece_each_warriors_first_and_score_nothing_LoR_E_3_6():
    """The Flame Bearers' Birdsong, first step (its card; the FAQ): one enemy piece per Bearer in each of their
    clearings, an enemy's warriors before its buildings and tokens, the controller's own pieces never; the
    controller scores nothing (LoR-E.3.6) and the owner scores nothing either."""
    ask = Script(bearers_remove=[(4, "eyrie", "warrior", "warrior"), (4, "eyrie", "roost", "building")],
                 bearers_place=[4])
    g = table(ask, bots="electric_eyrie,automated_alliance")
    h = g.hirelings["bearers"]
    h.controller = "marquise"
    g.clearings[4].warriors.update(bearers=2, eyrie=1, alliance=1, marquise=2)
    g.clearings[4].buildings.append(("eyrie", "roost"))
    g.seat("eyrie").supply["roost"] -= 1
    roosts = g.seat("eyrie").supply["roost"]
    bearers.birdsong(g, g.seat("marquise"), h)
    first, second = ask.choices("bearers_remove")
    assert first == ((4, "eyrie", "warrior", "warrior"), (4, "alliance", "warrior", "warrior"))   # the roost waits
    assert second == ((4, "eyrie", "roost", "building"), (4, "alliance", "warrior", "warrior"))
    assert g.clearings[4].warriors == {"bearers": 3, "alliance": 1, "marquise": 2} and not g.clearings[4].buildings
    assert g.seat("marquise").vp == 0 and g.seat("eyrie").supply["roost"] == roosts + 1


def test_warriors_first_holds_per_player_the_cards_faq():
    """The card's FAQ: "warriors first" is each player's own: an enemy's undefended building may go while a
    third player's warriors stand there."""
    g = table(Script(), bots="electric_eyrie,automated_alliance")
    h = g.hirelings["bearers"]
    h.controller = "marquise"
    g.clearings[4].warriors.update(bearers=1, eyrie=2)
    g.clearings[4].tokens.append(("alliance", "sympathy"))
    assert bearers.targets(g, g.seat("marquise"), 4) == [(4, "eyrie", "warrior", "warrior"),
                                                         (4, "alliance", "sympathy", "token")]


def test_the_stoic_protector_shields_its_controllers_pieces_from_the_bearers():
    """The Stoic Protector (its card): the Bearers' controller is an enemy, so he removes none of the
    Protector's controller's pieces in its clearing; elsewhere he may."""
    g = table(Script(), hirelings="bearers,protector")
    g.hirelings["bearers"].controller = "marquise"
    stoic = g.hirelings["protector"]
    stoic.demoted, stoic.controller, g.protector = True, "eyrie", 4
    for c in (4, 5):
        g.clearings[c].warriors.update(bearers=1, eyrie=1)
    assert bearers.targets(g, g.seat("marquise"), 4) == []
    assert bearers.targets(g, g.seat("marquise"), 5) == [(5, "eyrie", "warrior", "warrior")]


def test_other_hirelings_are_enemies_unless_the_controller_holds_them_LoR_E_3_2():
    """LoR-E.3.2: the Band's warriors are the Bearers' controller's enemies unless he controls the Band too."""
    g = table(Script(), hirelings="bearers,band")
    g.hirelings["bearers"].controller = "marquise"
    g.clearings[4].warriors.update(bearers=1, band=1)
    assert bearers.targets(g, g.seat("marquise"), 4) == [(4, "band", "warrior", "warrior")]
    g.hirelings["band"].controller = "marquise"
    assert bearers.targets(g, g.seat("marquise"), 4) == []


def test_a_bot_controller_removes_from_the_player_with_most_vp_RT_OWN_33():
    """RT-OWN-33: a bot's Bearers must act too (RT-OWN-15); each removal goes to the player with the most VP
    (setup order among equals, CW-GEN-9), a token before a building once its warriors are gone; its Bearer
    goes to the highest-priority clearing it may (RT-OWN-16)."""
    g = table(Script(), bots="electric_eyrie,automated_alliance")
    h = g.hirelings["bearers"]
    h.controller = "eyrie"
    g.seat("marquise").vp, g.seat("alliance").vp = 2, 3
    g.clearings[7].warriors.update(bearers=2, marquise=1, alliance=1)
    g.clearings[7].tokens.append(("alliance", "sympathy"))
    g.seat("alliance").supply["sympathy"] -= 1
    bearers.birdsong(g, g.seat("eyrie"), h)
    assert g.clearings[7].warriors == {"bearers": 2, "marquise": 1} and not g.clearings[7].tokens
    near = [c for c in range(1, 13) if c == 7 or 7 in movement.adjacent(g, c)]
    assert min(near) != 7 and g.clearings[min(near)].warriors == {"bearers": 1}
    assert g.seat("eyrie").vp == 0


def test_the_bearers_spread_next_to_a_bearer_or_two_anywhere():
    """The second step (its card): one Bearer in or next to a Bearers' clearing, the player choosing among
    those; with no such clearing open to placing (the keep's, LoR-6.2.2, for a controller other than the
    Marquise), two among any clearings."""
    ask = Script(bearers_place=[lambda cs: cs[0]])
    g = table(ask)
    h = g.hirelings["bearers"]
    h.controller = "marquise"
    g.clearings[5].warriors["bearers"] = 1
    bearers.birdsong(g, g.seat("marquise"), h)
    offered = ask.choices("bearers_place")[0]
    assert offered == tuple(sorted([5] + list(movement.adjacent(g, 5))))
    assert g.clearings[offered[0]].warriors == {"bearers": 1}
    g = table(Script(hireling_setup=[("bearers", 2), ("bearers", 3)]))
    g.hirelings["bearers"].controller = "marquise"
    bearers.spread(g, g.seat("marquise"))
    assert [c for c in range(1, 13) if g.clearings[c].warriors.get("bearers")] == [2, 3]
    g = table()
    g.hirelings["bearers"].controller = "eyrie"                 # a bot: its picks by priority (RT-OWN-16)
    g.clearings[1].warriors["bearers"] = 1
    for a in (1,) + movement.adjacent(g, 1):                   # keeps: the Eyrie's Bearers may not go there
        g.clearings[a].tokens.append(("marquise", "keep"))
    bearers.spread(g, g.seat("eyrie"))
    assert g.clearings[2].warriors == {"bearers": 2}


def test_the_removals_are_the_hirelings_no_hostility_but_outrage_LoR_E_3_7():
    """The Bearers remove as the hireling: a Vagabond controller turns nobody Hostile (LoR-E.3.5; the FAQ),
    but a sympathy token removed sets off Automated Outrage against the controller (LoR-E.3.7): he
    discards a matching card."""
    g = table(Script(bearers_remove=[(4, "eyrie", "warrior", "warrior")]), faction="vagabond")
    g.hirelings["bearers"].controller = "vagabond"
    g.clearings[4].warriors.update(bearers=1, eyrie=1)
    board = g.seat("vagabond").board
    bearers.birdsong(g, g.seat("vagabond"), g.hirelings["bearers"])
    assert "eyrie" not in g.clearings[4].warriors and not vagabond.hostile(board, "eyrie")
    g = table(Script(), bots="automated_alliance")
    g.hirelings["bearers"].controller = "marquise"
    g.clearings[4].warriors["bearers"] = 1
    g.clearings[4].tokens.append(("alliance", "sympathy"))
    g.seat("alliance").supply["sympathy"] -= 1
    me = g.seat("marquise")
    me.hand = [k for k, c in enumerate(g.cards) if state.matches(c.suit, g.clearings[4].suit)][:1]
    bearers.birdsong(g, me, g.hirelings["bearers"])
    assert me.hand == [] and g.seat("alliance").vp == 0 and g.discard[-1:] == [k for k in g.discard[-1:]]


def test_the_rat_smugglers_trade_item_cards_for_moves_and_battles_until_pass():
    """The Rat Smugglers (Controller): any number of times in Daylight the player discards a card showing an
    item (craftable or not) for a move or a battle; a card without an item pays nothing; offered at the start
    of Daylight (RT-OWN-20)."""
    g = table()
    g.hirelings["bearers"].demoted = True
    g.hirelings["bearers"].controller = "marquise"
    one, two, three = [k for k, c in enumerate(g.cards) if c.item][:3]
    plain = item_card(g, False)
    me = g.seat("marquise")
    me.hand = [plain, one, two, three]
    g.clearings[1].warriors.update(marquise=3)
    g.clearings[5].warriors.update(eyrie=1)
    g.clearings[1].buildings.append(("marquise", "sawmill"))
    g.rng["dice"] = Dice(3, 0)
    near = 5 if 5 in movement.adjacent(g, 1) else movement.adjacent(g, 1)[0]
    g.ask = Script(smugglers=[("move", 1, near, 2), lambda cs: next(c for c in cs if c[0] == "battle"), PASS],
                   smugglers_card=[one, two])
    cards.daylight_effects(g, me)
    assert g.ask.choices("smugglers_card")[0] == (one, two, three)
    assert me.hand == [plain, three] and g.discard[-2:] == [one, two]
    assert g.clearings[near].warriors == {"marquise": 2} and g.ask.kinds().count("smugglers") == 3


def test_the_smugglers_need_an_item_card_and_a_bot_never_smuggles_CW_GEN_15():
    """Without a card showing an item nothing is offered; a bot controller holds no hand (CW-GEN-15): its
    Rat Smugglers give it nothing."""
    g = table()
    h = g.hirelings["bearers"]
    h.demoted, h.controller = True, "marquise"
    g.clearings[1].warriors.update(marquise=3)
    g.seat("marquise").hand = [item_card(g, False)]
    hirelings.daylight(g, g.seat("marquise"))
    assert "smugglers" not in g.ask.kinds()
    h.controller = "eyrie"
    g.clearings[2].warriors.update(eyrie=3)
    hirelings.daylight(g, g.seat("eyrie"))
    assert "smugglers" not in g.ask.kinds()


def test_the_vagabonds_smuggled_move_is_his_pawns_without_boots_RT_OWN_34():
    """RT-OWN-34: for the Vagabond the card pays a move of his pawn, no boots exhausted; a battle in his
    clearing."""
    g = table(faction="vagabond")
    h = g.hirelings["bearers"]
    h.demoted, h.controller = True, "vagabond"
    seat = g.seat("vagabond")
    seat.hand = [item_card(g)]
    g.pawn = ("clearing", 1)
    for i in seat.board.items:
        if i.kind == "boot":
            i.exhausted = True
    dest = movement.adjacent(g, 1)[0]
    g.ask = Script(smugglers=[("move", dest)])
    bearers.daylight(g, seat, h)
    assert g.pawn == ("clearing", dest) and seat.hand == []
    assert ("move", dest) in g.ask.choices("smugglers")[0]


def test_the_smugglers_battle_the_uprising_only_with_a_card_left_for_its_fee():
    """A Rat Smugglers battle against the Spring Uprising needs two cards: the item card paid to the Smugglers
    and another matching the clearing for the Uprising's fee (its card); one card cannot pay both. Found by
    the checked fuzz plan: the fee was asked with no card left."""
    g = hired_table("bearers,uprising")
    g.hirelings["bearers"].demoted, g.hirelings["bearers"].controller = True, "marquise"
    g.hirelings["uprising"].controller = "eyrie"
    g.clearings[4].warriors.update(uprising=1, marquise=2)
    suit = state.suit_of(g, 4)
    both = next(k for k, c in enumerate(g.cards) if c.item and c.suit == suit and c.kind != "dominance")
    me = g.seat("marquise")
    me.hand = [both]
    hand = [both]
    assert ("battle", 4, "uprising") in bearers.actions(g, me)
    assert bearers.payers(g, me, ("battle", 4, "uprising"), hand) == []
    g.ask = Script(smugglers=[PASS])
    bearers.daylight(g, me, g.hirelings["bearers"])
    assert all(("battle", 4, "uprising") not in cs for cs in g.ask.choices("smugglers"))
    plain = next(k for k, c in enumerate(g.cards) if not c.item and c.suit == suit and c.kind != "dominance")
    me.hand = [both, plain]
    assert bearers.payers(g, me, ("battle", 4, "uprising"), hand) == [both]
