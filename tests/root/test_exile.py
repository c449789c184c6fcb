"""The Exile, demoted the Brigand (LoR-E; its card, research notes §2.4): the Exile's forest and Clubs, the aid
players give it (RT-OWN-47), its moves and battles and the hits it takes (RT-OWN-48), the Brigand's ruins
(RT-OWN-49) and its theft with a crafted item exhausted (RT-OWN-50), a bot's part, and nothing of it when the
card is not dealt. No table here seats the Vagabond (LoR-A.6.5: the card is tied to him)."""
import pytest

from automa.core.errors import UsageError
from automa.root import battle, data, exiles, hirelings, setup, state
from automa.root.decide import PASS
from automa.root.hirelings import exile
from automa.root.options import OPTIONS
from tests.root.script import Dice, Script, hired_table, opts, rng

F1, F2, F3 = 0, 1, 2            # the Autumn map's forests: F1 by 1, 2, 5, 10; F2 by 1, 9, 10, 12; F3 by 2, 6, 10, 11, 12


def table(ask=None, forest=F1, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Exile promoted in ``forest``, the map empty."""
    g = hired_table("exile", ask, **kw)
    g.hirelings["exile"].demoted = False
    g.hired["exile"].board.forest = forest
    return g


def board(g) -> exile.Board:
    return g.hired["exile"].board


def test_the_exile_sets_up_in_a_forest_of_the_seats_choice_with_three_clubs_LoR_A_6_3():
    """Its setup (its card): the pawn in any forest, the seat choosing (``exile_forest``), three Clubs ready on
    the card; its side holds no piece, so it rules nothing and nobody can battle it."""
    ask = Script(exile_forest=[F3])
    g = hired_table("exile", ask, seat=2)                               # the player last: he sets it up
    assert ask.choices("exile_forest") == [tuple(range(7))]
    b = board(g)
    assert b.forest == F3 and [(i.kind, i.exhausted) for i in b.items] == [("club", False)] * 3 and b.lost == []
    assert g.hired["exile"].supply == {} and exile.PIECES == {}
    assert not any(battle.present(g, "exile", c) for c in range(1, 13))


def test_a_bot_sets_the_exile_up_in_the_forest_touching_most_clearings_RT_OWN_48():
    """A bot's forest (RT-OWN-48): the one touching the most clearings (F3 on Autumn: five), then the one
    touching the clearing of highest priority."""
    g = hired_table("exile")                                             # the Eyrie last: it sets it up
    assert board(g).forest == F3 and len(g.map.forests[F3].clearings) == 5
    assert max(len(f.clearings) for i, f in enumerate(g.map.forests) if i != F3) < 5


def test_the_brigand_sets_up_nothing_the_ruins_already_hold_their_items_RT_OWN_49():
    """The Brigand's setup (its card): the ruin items under the ruins as for a Vagabond, which our frame does at
    every table (CW-VB-SETUP-4); the Exile's side is not made."""
    g = setup.setup(data.load(), opts(hirelings="exile", bots="mechanical_marquise,electric_eyrie", faction="alliance"),
                    rng(), ask=Script())
    assert g.hirelings["exile"].demoted and "exile" not in g.hired
    ruins = [c for c in range(1, 13) if g.clearings[c].ruin]
    assert sorted(g.ruin_items) == ruins and all(len(g.ruin_items[c]) == 1 for c in ruins)


def test_the_exile_is_tied_to_the_vagabond_LoR_A_6_5():
    """LoR-A.6.5: no Exile at a table where the Vagabond or the Vagabot sits."""
    from automa.root.options import check
    for kw in ({"faction": "vagabond", "bots": "electric_eyrie"}, {"faction": "marquise", "bots": "vagabot"}):
        with pytest.raises(UsageError, match="Vagabond"):
            check(opts(hirelings="exile", **kw))


def test_a_player_next_to_the_exile_may_aid_it_from_his_crafted_items_RT_OWN_47():
    """Its ability (RT-OWN-47): at the start of his Daylight, the player with pieces in a clearing touching the
    Exile's forest, controlling it or not, puts crafted items on the card, each for a card drawn and 1 VP, until
    he passes; they go on the card ready."""
    ask = Script(exile_aid=["sword", "bag", PASS])
    g = table(ask, forest=F1)
    me = g.seat("marquise")
    me.crafted = ["sword", "bag", "sword"]
    g.clearings[5].warriors["marquise"] = 1                 # clearing 5 touches F1
    hand = len(me.hand)
    g.hirelings["exile"].controller = "eyrie"
    hirelings.daylight(g, me)
    assert ask.choices("exile_aid") == [("bag", "sword", PASS), ("bag", "sword", PASS), ("sword", PASS)]
    assert me.crafted == ["sword"] and me.vp == 2 and me.sources["aid"] == 2 and len(me.hand) == hand + 2
    assert [(i.kind, i.exhausted) for i in board(g).items][3:] == [("sword", False), ("bag", False)]


def test_no_aid_away_from_the_exile_nor_from_a_bot_nor_to_the_brigand():
    """No pieces next to its forest (clearing 3 does not touch F1), no crafted item, a bot (it never aids, a
    "may", RT-OWN-47) or the Brigand: nothing is asked."""
    ask = Script()
    g = table(ask, forest=F1)
    me, bot = g.seat("marquise"), g.seat("eyrie")
    me.crafted = ["sword"]
    g.clearings[3].warriors["marquise"] = 1
    exile.aid(g, me)
    g.clearings[5].warriors["eyrie"] = 1
    bot.crafted = ["bag"]
    exile.aid(g, bot)
    g.clearings[5].warriors["marquise"] = 1
    me.crafted = []
    exile.aid(g, me)
    me.crafted = ["sword"]
    g.hirelings["exile"].demoted = True
    exile.aid(g, me)
    assert "exile_aid" not in ask.kinds() and bot.crafted == ["bag"] and len(board(g).items) == 3


def test_the_exile_moves_forest_to_forest_for_an_item_then_readies_them_all():
    """Its Daylight (its card): one item exhausted moves it to an adjacent forest (across one path, LoR-G.1.2);
    when the player is done every item is ready again."""
    ask = Script(exile_act=[("move", F2), ("move", F3), ("move", F1)])
    g = table(ask, forest=F1)
    me = g.seat("marquise")
    g.hirelings["exile"].controller = "marquise"
    hirelings.daylight(g, me)
    first, second, third = ask.choices("exile_act")                     # three Clubs, three moves, then none
    assert first == (("move", F2), ("move", F3), PASS)                 # F1 is next to F2 and F3
    assert third == (("move", F1), ("move", F2), ("move", 3), ("move", 4), PASS)
    assert board(g).forest == F1 and not any(i.exhausted for i in board(g).items)


def test_the_exile_battles_next_to_its_forest_for_two_items_its_hits_capped_by_its_items():
    """Two items exhausted: a battle in a clearing touching its forest, against an enemy of its controller; it
    rolls at most as many hits as items on the card (three Clubs: a roll of 3 deals 3, a defender with no
    warrior left takes one more, LoR-4.3.3.II, none here)."""
    ask = Script(exile_act=[("battle", 10, "eyrie"), PASS])
    g = table(ask, forest=F1)
    me = g.seat("marquise")
    g.hirelings["exile"].controller = "marquise"
    g.clearings[10].warriors.update(eyrie=5, marquise=1)
    g.clearings[9].warriors["eyrie"] = 2                                 # clearing 9 does not touch F1
    g.rng["dice"] = Dice(3, 0)
    hirelings.daylight(g, me)
    assert ask.choices("exile_act")[0] == (("move", F2), ("move", F3), ("battle", 10, "eyrie"), PASS)
    assert g.clearings[10].warriors == {"eyrie": 2, "marquise": 1}
    assert me.vp == 0                                                    # a hireling's removals score none (LoR-E.3.6)
    assert ask.choices("exile_act")[1] == (("move", F2), ("move", F3), PASS)    # one ready Club: no battle


def test_each_hit_exhausts_an_item_then_removes_one_for_good():
    """Its card: each hit taken exhausts a ready item, then removes one (out of the game, LoR-G.1.22); its cap
    counts the items left, exhausted ones too."""
    g = table(forest=F1)
    b, side = board(g), g.hired["exile"]
    b.items.append(exile.Item("sword", exhausted=True))
    assert b.max_rolled_hits(g, side, 10, battle.ATTACKER) == 4
    assert b.take_hits(g, side, 10, 5, "eyrie") == 5
    assert [i.kind for i in b.items] == ["club", "club"] and all(i.exhausted for i in b.items)
    assert b.lost == ["sword", "club"]
    assert b.take_hits(g, side, 10, 3, "eyrie") == 2 and b.items == [] and b.max_rolled_hits(g, side, 10, "attacker") == 0


def test_the_exile_battles_only_its_controllers_enemies():
    """The defenders (LoR-E.3.2, as RT-OWN-32): never its controller, nor a hireling he controls, nor the Spring
    Uprising, whose card a hireling cannot pay; another's hireling, yes."""
    g = table(forest=F1, hirelings="exile,keepers,uprising")
    for n in ("exile", "keepers", "uprising"):
        g.hirelings[n].demoted = False
    g.hired["exile"].board.forest = F1
    g.hirelings["exile"].controller = "marquise"
    g.hirelings["keepers"].controller = "marquise"
    g.clearings[10].warriors.update(marquise=1, keepers=1, uprising=1, eyrie=1)
    assert exile.defenders(g, g.seat("marquise"), 10) == ["eyrie"]
    g.hirelings["keepers"].controller = "eyrie"
    assert exile.defenders(g, g.seat("marquise"), 10) == ["eyrie", "keepers"]


def test_a_bot_controller_takes_no_exile_action_RT_OWN_15():
    """The Exile's Daylight is a "may" (RT-OWN-15): a bot's takes none."""
    ask = Script()
    g = table(ask, forest=F1)
    ask.asked.clear()                                                    # the setup's
    g.hirelings["exile"].controller = "eyrie"
    g.clearings[10].warriors["marquise"] = 3
    hirelings.daylight(g, g.seat("eyrie"))
    assert ask.asked == [] and board(g).forest == F1 and not any(i.exhausted for i in board(g).items)


def brigand(ask=None, **kw):
    g = hired_table("exile", ask, **kw)
    g.hirelings["exile"].demoted = True
    g.hired.pop("exile", None)
    g.hirelings["exile"].controller = "marquise"
    return g


def test_the_brigand_takes_a_ruin_item_into_the_crafted_items_and_the_empty_ruin_goes_RT_OWN_49():
    """Its first action: an item from a ruin in a clearing with the player's pieces into his Crafted Items box,
    no VP; the ruin goes with its last item (LoR-2.2.4)."""
    ask = Script(brigand_explore=[11], brigand_steal=[PASS])
    g = brigand(ask)
    me = g.seat("marquise")
    g.clearings[11].warriors["marquise"] = 1
    g.clearings[10].tokens.append(("marquise", "wood"))
    g.clearings[3].warriors["marquise"] = 1                              # no ruin there
    item = g.ruin_items[11][-1]
    hirelings.daylight(g, me)
    assert ask.choices("brigand_explore") == [(10, 11, PASS)]
    assert me.crafted == [item] and not g.clearings[11].ruin and 11 not in g.ruin_items and me.vp == 0


def test_the_brigand_exhausts_a_crafted_item_to_take_a_card_from_a_bot_a_draw_RT_OWN_50():
    """Its second action: with a crafted item ready, a card taken from a player with pieces in a clearing with
    his; from a bot, which has no hand, a card drawn (CW-GEN-15, as RT-OWN-29). The item stays exhausted for the
    turn: the League of Adventurous Mice finds none ready (RT-OWN-7)."""
    ask = Script(brigand_explore=[PASS], brigand_steal=["eyrie"])
    g = brigand(ask)
    me = g.seat("marquise")
    me.crafted = ["boot"]
    g.clearings[4].warriors.update(marquise=1, eyrie=1)
    deck, hand = len(g.deck), len(me.hand)
    hirelings.daylight(g, me)
    assert ask.choices("brigand_steal") == [("eyrie", PASS)]
    assert len(me.hand) == hand + 1 and len(g.deck) == deck - 1 and me.crafted == ["boot"]
    assert state.crafted_ready(g, me) == 0
    g.used.clear()                                                       # the next turn
    assert state.crafted_ready(g, me) == 1


def test_no_theft_without_a_crafted_item_or_a_neighbour_and_no_brigand_for_a_bot():
    """Nothing crafted, or nobody in a clearing with his pieces: no theft offered; a bot controller takes
    neither action (a "may", RT-OWN-15)."""
    ask = Script()
    g = brigand(ask)
    ask.asked.clear()                                                    # the setup's
    me = g.seat("marquise")
    g.clearings[4].warriors.update(marquise=1, eyrie=1)
    hirelings.daylight(g, me)
    me.crafted = ["boot"]
    g.clearings[4].warriors.pop("eyrie")
    g.clearings[9].warriors["eyrie"] = 1
    hirelings.daylight(g, me)
    g.hirelings["exile"].controller = "eyrie"
    g.clearings[12].warriors["eyrie"] = 1
    g.seat("eyrie").crafted = ["bag"]
    hirelings.daylight(g, g.seat("eyrie"))
    assert ask.asked == [] and g.clearings[12].ruin


def test_the_league_is_refused_only_when_the_brigand_exhausted_the_last_item(monkeypatch):
    """The League of Adventurous Mice reads the crafted items ready this turn (RT-OWN-50, RT-OWN-7)."""
    g = brigand(deck_choice="exiles_and_partisans")
    me = g.seat("marquise")
    league = [k for k, c in enumerate(g.cards) if c.effect == "league_of_adventurous_mice"][0]
    me.persistent.append(league)
    used = []
    monkeypatch.setattr(exiles, "league", lambda game, seat: used.append(1))
    me.crafted = ["boot"]
    exiles.daylight(g, me)
    g.used.add(state.CRAFTED_EXHAUSTED)
    exiles.daylight(g, me)
    me.crafted.append("bag")
    exiles.daylight(g, me)
    assert used == [1, 1]


def test_no_exile_code_runs_without_the_card(monkeypatch):
    """Another card dealt, not the Exile: no aid offered, no side made."""
    monkeypatch.setattr(exile, "aid", lambda *a: pytest.fail("ran"))
    g = hired_table("keepers")
    g.seat("marquise").crafted = ["sword"]
    hirelings.daylight(g, g.seat("marquise"))
    assert "exile" not in g.hired


def test_the_exile_is_an_option_value():
    """Registered (options.HIRELINGS, TIED)."""
    from automa.root.options import HIRELINGS, TIED
    assert "exile" in HIRELINGS and TIED["exile"] == "vagabond"
    assert "exile" in next(o for o in OPTIONS if o.name == "hirelings").choices


def test_the_view_and_the_screen_show_the_exiles_forest_and_items():
    """The table sees the Exile's forest and the items on its card (a face-up card, LoR-E)."""
    from automa.root import screen
    from automa.root.view import View
    g = table(forest=F3)
    board(g).items[0].exhausted = True
    v = View(g, "marquise")
    assert v.exile == (F3, (("club", False, False), ("club", False, False), ("club", True, False)))
    assert "in the forest by clearings 2, 6, 10, 11 and 12, items 2 club; exhausted club" in screen.map_key(v)
    assert View(hired_table("keepers"), "marquise").exile is None


def test_every_exile_event_and_choice_is_told_in_words():
    """The narration tells each event of a game with the card, both sides (the Exile's battle by its name), and
    the labels name each of its choices."""
    from automa.root import labels, narrate
    from automa.root.view import View
    from tests.root.invariants import GAME, play_checked
    told, kinds = [], set()
    for i, raw in enumerate(({"faction": "marquise", "bots": "electric_eyrie", "hirelings": "exile"},
                             {"faction": "eyrie", "bots": "mechanical_marquise,automated_alliance", "hirelings": "exile"})):
        for k in range(4):
            _, chk = play_checked(GAME.resolve_options(raw), 3, k)
            g = chk.game
            v = View(g, raw["faction"])
            for e in chk.last:
                if e["kind"].startswith(("exile", "brigand")) or e.get("attacker") == "exile":
                    kinds.add(e["kind"])
                    told.append(narrate.tell(v, e))
                if e["kind"] == "decision" and e["decision"].startswith(("exile", "brigand")):
                    kinds.add(e["decision"])
    assert kinds >= {"exile_forest", "exile_move", "battle", "exile_act", "exile_aid", "brigand_explore",
                     "brigand_steal"}, kinds
    assert all(t and "{" not in t for t in told) and any("The Exile battles" in t for t in told)
    assert labels.describe(v, "exile_act", ("battle", 10, "eyrie")).startswith("exhaust two items: the Exile battles")


def test_a_bots_forest_among_equals_touches_the_clearing_of_highest_priority_the_pass_first():
    """RT-OWN-48 among forests touching as many clearings: the one touching the highest-priority clearing; on
    the Mountain the Pass comes first (CW2-MAP)."""
    g = table(forest=F1)
    g.map = g.map.__class__(g.map.name, g.map.title, g.map.clearings,
                            tuple(f.__class__(f.name, f.clearings[:2], f.adjacent, f.via) for f in g.map.forests),
                            g.map.markers, g.map.corners)
    exile.setup(g, g.seat("eyrie"), g.hirelings["exile"])              # every forest touches two: F1 has 1
    assert board(g).forest == F1
    g.tower = 9                                                          # the Pass: F7 touches 4 and 9, F2 1 and 9
    exile.setup(g, g.seat("eyrie"), g.hirelings["exile"])
    assert board(g).forest == F2


def test_a_copy_of_the_game_shares_no_part_of_the_exiles_card():
    """The lookahead plays copies (``Game.copy``): the copy's Exile moves and tires without touching the game's."""
    g = table(forest=F1)
    c = g.copy()
    board(c).forest = F2
    board(c).items[0].exhausted = True
    board(c).lost.append("club")
    assert board(g).forest == F1 and not board(g).items[0].exhausted and board(g).lost == []
