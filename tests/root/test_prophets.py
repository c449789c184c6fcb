"""The Warm Sun Prophets, demoted the Lizard Envoys (LoR-E; its card, research notes §2.6): setup at the ruins
(RT-OWN-43), hiring, the forced battle and move (LoR-1.5.5, LoR-E.3.6, RT-OWN-44, a bot forced RT-OWN-45), the
Prophet placed, the Envoys' card from the discard pile (RT-OWN-46), and bots (RT-OWN-15)."""
from automa.root import data, hirelings, setup, state
from automa.root.decide import PASS
from automa.root.hirelings import prophets
from automa.root.options import TIED
from tests.root.script import Dice, Script, hired_table, opts, rng


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Prophets dealt, promoted, controlled by the
    player; the map emptied."""
    g = hired_table("prophets", ask, **kw)
    h = g.hirelings["prophets"]
    h.demoted, h.controller = False, g.seats[0].faction
    return g


def at(g) -> list[int]:
    return [c for c in range(1, 13) if g.clearings[c].warriors.get("prophets")]


def card_of(g, suit: str, kind: str | None = None, avoid=()) -> int:
    keys = {g.cards[k].key for k in avoid}
    return next(k for k, c in enumerate(g.cards) if c.suit == suit and c.kind != "dominance" and c.key not in keys
                and (kind is None or c.kind == kind) and (kind is not None or c.kind != "ambush"))


# ---------------------------------------------------------------------------------------------- setup, hired

def test_the_prophets_set_up_one_in_each_ruin_clearing_and_tie_no_faction_RT_OWN_43():
    """LoR-A.6.3: a Prophet in each of the Fall map's four ruin clearings; the Lizard Cult is no base faction
    (LoR-A.6.5): the card is tied to none."""
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1, hirelings="prophets"), rng(),
                    ask=Script())
    ruins = [c for c in range(1, 13) if g.clearings[c].ruin]
    assert ruins == [6, 10, 11, 12] and at(g) == ruins
    assert all(g.clearings[c].warriors["prophets"] == 1 for c in ruins) and g.hired["prophets"].supply == {"warrior": 0}
    assert "prophets" not in TIED


def test_more_ruins_than_prophets_the_seat_picks_fewer_leave_some_in_the_supply_RT_OWN_43():
    """RT-OWN-43: with five ruin clearings the seat setting up picks four, one at a time (a bot by priority);
    with two, two Prophets go and two stay in the supply."""
    g = table(Script(hireling_setup=[("prophets", 12), ("prophets", 3), ("prophets", 11), ("prophets", 10)]))
    for c in range(1, 13):
        g.clearings[c].ruin = c in (3, 6, 10, 11, 12)
    prophets.setup(g, g.seat("marquise"), g.hirelings["prophets"])
    assert at(g) == [3, 10, 11, 12] and len(g.ask.choices("hireling_setup")) == 4
    g = table()
    for c in range(1, 13):
        g.clearings[c].ruin = c in (3, 6, 10, 11, 12)
    prophets.setup(g, g.seat("eyrie"), g.hirelings["prophets"])
    assert at(g) == [3, 6, 10, 11]                                   # priority: lowest ids (RT-OWN-16)
    g = table()
    for c in range(1, 13):
        g.clearings[c].ruin = c in (6, 10)
    prophets.setup(g, g.seat("marquise"), g.hirelings["prophets"])
    assert at(g) == [6, 10] and g.hired["prophets"].supply == {"warrior": 2}


def test_the_lizard_envoys_have_no_setup():
    """Four seats demote the one card dealt (LoR-A.6.2): no Prophet on the map."""
    g = setup.setup(data.load(), opts(hirelings="prophets"), rng(), ask=Script())
    assert g.hirelings["prophets"].demoted and not at(g)


def test_hired_with_no_prophet_on_the_map_places_one_anywhere_LoR_E_2_1():
    """LoR-E.2.1: with none on the map, one in any clearing, the player's pick; with one there, nothing; the
    Lizard Envoys have no when-hired action."""
    g = table(Script(hireling_setup=[("prophets", 8)]))
    h = g.hirelings["prophets"]
    h.controller = None
    g.clearings[8].warriors["eyrie"] = 3                            # any clearing: an enemy's too
    hirelings.gain(g, g.seat("marquise"), h, "LoR-E.1.1")
    assert at(g) == [8] and len(g.ask.choices("hireling_setup")[0]) == 12
    hirelings.gain(g, g.seat("eyrie"), h, "LoR-E.1.3")
    assert at(g) == [8] and g.hired["prophets"].supply == {"warrior": 3}
    state.remove_warriors(g, "prophets", 8, 1)
    h.demoted = True
    hirelings.gain(g, g.seat("marquise"), h, "LoR-E.1.1")
    assert not at(g)


# ---------------------------------------------------------------------------------------------- the Daylight

def test_the_controller_forces_a_bot_to_battle_and_names_the_defender_it_scores_LoR_E_3_6():
    """The first branch: a player with faction pieces in a Prophet clearing battles there, the controller naming
    the defender (the Prophets themselves too: an enemy of the Eyrie); the bot removes a building and scores
    for it as usual (LoR-E.3.6)."""
    g = table(Script(prophets=[("battle", "eyrie", 4, "marquise")]))
    g.rng["dice"] = Dice(3, 0)
    g.clearings[4].warriors.update(prophets=1, eyrie=3)
    state.place_building(g, "marquise", "sawmill", 4)
    prophets.daylight(g, g.seat("marquise"), g.hirelings["prophets"])
    offers = g.ask.choices("prophets")[0]
    assert ("battle", "eyrie", 4, "marquise") in offers and ("battle", "eyrie", 4, "prophets") in offers
    assert ("marquise", "sawmill") not in g.clearings[4].buildings and g.seat("eyrie").vp == 1
    assert g.seat("marquise").vp == 0 and g.clearings[4].warriors["eyrie"] == 3     # no Marquise warrior hit back
    g = table(Script(prophets=[("battle", "eyrie", 4, "prophets")]))
    g.hirelings["prophets"].controller = None                       # in the supply: everyone's enemy
    g.clearings[4].warriors.update(prophets=1, eyrie=3)
    assert ("battle", "eyrie", 4, "prophets") in prophets.actions(g, g.seat("marquise"))


def test_the_controller_may_force_himself_and_a_faction_without_warriors_offers_no_battle():
    """"Even the controller": he battles as himself; the Prophets, his hireling, are no defender of his; a
    player with only a building in a Prophet clearing can be made neither to battle nor to move there."""
    g = table()
    g.clearings[4].warriors.update(prophets=1, marquise=2, eyrie=1)
    state.place_building(g, "eyrie", "roost", 9)
    g.clearings[9].warriors.update(prophets=1)
    offers = prophets.actions(g, g.seat("marquise"))
    assert ("battle", "marquise", 4, "eyrie") in offers and ("battle", "eyrie", 4, "marquise") in offers
    assert ("battle", "marquise", 4, "prophets") not in offers and ("battle", "eyrie", 4, "prophets") in offers
    assert not [o for o in offers if o[0] in ("battle", "move") and o[2] == 9]


def test_a_forced_move_takes_every_warrior_by_the_move_rules_then_a_battle_if_the_controller_wants():
    """The second branch: every warrior of the forced player there moves to the clearing the controller names,
    only where its owner could move them (rule, LoR-4.2.1; LoR-1.5.5); then the controller may make it battle
    there, naming the defender (RT-OWN-44)."""
    g = table(Script(prophets=[("move", "eyrie", 4, 8)], prophets_battle=[(8, "marquise")]))
    g.rng["dice"] = Dice(1, 1)
    g.clearings[4].warriors.update(prophets=1, eyrie=3)
    g.clearings[8].warriors.update(marquise=2)
    g.clearings[12].warriors.update(marquise=5)
    prophets.daylight(g, g.seat("marquise"), g.hirelings["prophets"])
    offers = g.ask.choices("prophets")[0]
    assert ("move", "eyrie", 4, 8) in offers and ("move", "eyrie", 4, 9) in offers
    assert g.clearings[4].warriors.get("eyrie", 0) == 0
    assert g.ask.choices("prophets_battle") == [((8, "marquise"), PASS)]
    assert g.clearings[8].warriors == {"eyrie": 2, "marquise": 1}
    g = table(Script(prophets=[("move", "eyrie", 4, 9)], prophets_battle=[PASS]))
    g.clearings[4].warriors.update(prophets=1, eyrie=1, marquise=2)
    g.clearings[9].warriors.update(marquise=1)
    offers = prophets.actions(g, g.seat("marquise"))
    assert not [o for o in offers if o[:3] == ("move", "eyrie", 4)]  # rules neither end: no move (LoR-4.2.1)


def test_a_forced_move_holds_to_the_band_and_a_vagabonds_pawn_moves_without_boots_RT_OWN_44():
    """The Vagabond's pawn goes alone, no boots exhausted (as RT-OWN-34), ignoring rule (LoR-9.2.3)."""
    g = table(Script(prophets=[("move", "vagabond", 4, 8)]), faction="vagabond")
    seat = g.seat("vagabond")
    g.hirelings["prophets"].controller = "vagabond"
    g.pawn = ("clearing", 4)
    g.clearings[4].warriors.update(prophets=1, eyrie=4)
    g.clearings[8].warriors.update(eyrie=4)
    for i in seat.board.items:
        i.exhausted = i.kind == "boot"
    prophets.daylight(g, seat, g.hirelings["prophets"])
    assert g.pawn == ("clearing", 8)
    assert all(i.exhausted == (i.kind == "boot") for i in seat.board.items)


def test_the_vagabond_forced_to_battle_exhausts_no_sword_RT_OWN_44():
    """His forced battle is no Battle action: no sword exhausted; his undamaged swords still cap his hits."""
    g = table(Script(prophets=[("battle", "vagabond", 4, "eyrie")]), faction="vagabond")
    seat = g.seat("vagabond")
    g.hirelings["prophets"].controller = "vagabond"
    g.pawn = ("clearing", 4)
    g.clearings[4].warriors.update(prophets=1, eyrie=3)
    g.rng["dice"] = Dice(3, 0)
    ready = seat.board.ready("sword")
    prophets.daylight(g, seat, g.hirelings["prophets"])
    assert ready >= 1 and seat.board.ready("sword") == ready
    assert g.clearings[4].warriors["eyrie"] == 3 - min(3, ready)


def test_a_forced_bot_moves_every_warrior_and_the_vagabots_pawn_RT_OWN_45():
    """A bot forced to move moves all its warriors (no choice arises: they are alike); the Vagabot's pawn
    moves too."""
    g = table(Script(prophets=[("move", "vagabond", 4, 8)]), bots="vagabot")
    g.pawn = ("clearing", 4)
    g.clearings[4].warriors.update(prophets=1)
    assert ("move", "vagabond", 4, 8) in prophets.actions(g, g.seat("marquise"))
    prophets.daylight(g, g.seat("marquise"), g.hirelings["prophets"])
    assert g.pawn == ("clearing", 8)


def test_the_other_branch_places_a_prophet_where_none_is():
    """The card's other branch: a Prophet in a clearing without one, while the supply holds one."""
    g = table(Script(prophets=[("place", 7)]))
    g.clearings[4].warriors.update(prophets=1)
    prophets.daylight(g, g.seat("marquise"), g.hirelings["prophets"])
    offers = g.ask.choices("prophets")[0]
    assert ("place", 4) not in offers and ("place", 3) in offers
    assert at(g) == [4, 7]
    g.hired["prophets"].supply["warrior"] = 0
    assert not [o for o in prophets.actions(g, g.seat("marquise")) if o[0] == "place"]


def test_a_bots_prophets_take_no_daylight_action_RT_OWN_15():
    """The Daylight action is a "may": a bot controller's Prophets take none."""
    g = table()
    g.hirelings["prophets"].controller = "eyrie"
    g.clearings[4].warriors.update(prophets=1, marquise=3)
    hirelings.daylight(g, g.seat("eyrie"))
    assert "prophets" not in g.ask.kinds() and at(g) == [4] and g.clearings[4].warriors["marquise"] == 3


# ---------------------------------------------------------------------------------------------- the Lizard Envoys

def test_the_envoys_take_a_card_of_the_top_fives_most_common_suit_RT_OWN_46():
    """The discard pile's top five (its last five); birds are a suit of their own; an ambush counts but is
    never taken; the card goes to the player's hand."""
    g = table()
    h = g.hirelings["prophets"]
    h.demoted = True
    fox1 = card_of(g, "fox")
    fox2 = card_of(g, "fox", avoid=(fox1,))
    fox_ambush = card_of(g, "fox", "ambush")
    bird1 = card_of(g, "bird")
    bird2 = card_of(g, "bird", avoid=(bird1,))
    mouse = card_of(g, "mouse")
    g.discard[:] = [fox1, fox2, bird1, bird2, fox_ambush, mouse]          # fox1 is sixth from the top
    assert prophets.envoys(g) == [bird2, bird1, fox2]                    # fox and bird tied at two
    g.discard[:] = [mouse, fox1, fox2, bird1, fox_ambush]                  # three foxes: the ambush not taken
    assert prophets.envoys(g) == [fox2, fox1]
    g.ask = Script(envoys=[fox1])
    prophets.birdsong(g, g.seat("marquise"), h)
    assert fox1 in g.seat("marquise").hand and g.discard == [mouse, fox2, bird1, fox_ambush]


def test_the_envoys_offer_every_suit_tied_for_most_and_ask_nothing_of_a_bot_CW_GEN_15():
    """The controller breaks a tie among suits; the promoted side has no Birdsong; a bot holds no hand."""
    g = table()
    h = g.hirelings["prophets"]
    fox1 = card_of(g, "fox")
    mouse = card_of(g, "mouse")
    g.discard[:] = [fox1, mouse]
    prophets.birdsong(g, g.seat("marquise"), h)
    assert "envoys" not in g.ask.kinds()                            # promoted: no Birdsong
    h.demoted = True
    assert set(prophets.envoys(g)) == {fox1, mouse}
    h.controller = "eyrie"
    hirelings.birdsong(g, g.seat("eyrie"))
    assert g.discard == [fox1, mouse] and "envoys" not in g.ask.kinds()
    g.discard[:] = [card_of(g, "rabbit", "ambush")]
    assert prophets.envoys(g) == []


def test_the_screen_the_narration_and_the_labels_name_the_prophets():
    """The key lists the Prophets' warriors; their events and choices read in words, a forced player and a
    hireling defender named."""
    from automa.root import labels, narrate, screen
    from automa.root.view import View
    g = table()
    state.place_warriors(g, "prophets", 6, 1)
    state.place_warriors(g, "prophets", 10, 1)
    v = View(g, "marquise")
    assert "Warm Sun Prophets: yours, 0 control, warriors 6 10" in screen.map_key(v)
    told = narrate.tell(v, {"kind": "prophets", "rule": "LoR-E.2.4", "faction": "marquise", "other": "eyrie",
                            "act": "move", "clearing": 6, "target": 2})
    assert "the Electric Eyrie" in told and "clearing 2" in told and told.endswith("[LoR-E.2.4]")
    told = narrate.tell(v, {"kind": "prophets", "rule": "LoR-E.2.4", "faction": "marquise", "other": "eyrie",
                            "act": "battle", "clearing": 6, "target": "prophets"})
    assert "battle the Warm Sun Prophets" in told
    assert "Lizard Envoys" in narrate.tell(v, {"kind": "envoys", "rule": "LoR-E.2.3", "faction": "marquise",
                                                "card": card_of(g, "fox")})
    assert labels.describe(v, "prophets", ("battle", "eyrie", 6, "marquise")) == \
        "make the Electric Eyrie battle you in clearing 6 (fox)"
    assert "take no Prophets action" == labels.describe(v, "prophets", PASS)
    assert "Warm Sun Prophets" in labels.describe(v, "prophets_battle", (2, "prophets"))
