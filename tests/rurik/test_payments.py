"""What a cost gives up is the player's decision (issue 29): goods, scheme cards, units, New
Beginning's structures and Peace Treaty's captives (RK-OPEN-42, RK-OPEN-29, RK-OPEN-28, RK-SB-BOON-1,
RK-READ-1, RK-SB-CLAR-3, RK-SB-WAR-6). Each decision is asked when the ways to pay differ and not
when they do not; its first choice is the fixed order the engine paid in before, which every built-in
strategy but ``random`` answers."""
from __future__ import annotations

import itertools
import random

import pytest

from automa.table import saved as saves
from automa.core.registry import get_game, get_strategy
from automa.run.runner import prepare
from automa.core.seeding import game_streams
from automa.run.simulate import resolve
from automa.core.strategy import Decision, Strategy
from automa.rurik import boat, deeds, payments
from automa.rurik import player as rplayer
from automa.rurik.labels import describe
from automa.rurik.state import CHURCH, MARKET, PLAYER, REBELLION, STRONGHOLD
from automa.rurik.view import View
from tests.rurik.conftest import _DATA, Scripted, make_match, region
from tests.rurik.helpers import build_struct, troops

WOOD, FISH, HONEY, STONE, FUR = range(5)
PAYMENTS = ("pay_goods", "pay_scheme", "pay_troops", "pay_structure", "pay_captive")


def deed(name):
    return next(i for i, x in enumerate(_DATA.deeds) if x["name"] == name)


def accomplish(m, name, *answers):
    """Accomplish deed ``name`` with the player's ``answers`` to the decisions its cost asks; the
    payment decisions asked, as (kind, choices)."""
    d = deed(name)
    m.s.sides[PLAYER].deeds = [d]
    assert deeds.affordable(m, d)
    m.strategy.answers.extend([("accomplish", d), *answers])
    rplayer.accomplish(m)
    assert m.s.sides[PLAYER].deeds_done == [d]
    return [(kind, choices) for kind, choices in m.strategy.asked if kind in PAYMENTS]


# --- goods ----------------------------------------------------------------------------------------

def test_the_player_chooses_the_goods_of_a_deed():
    """Hoard (3 goods of one kind): 2 wood on the dock, 3 stone on the boat and a boon token can pay
    it as 2 wood and the boon (the old order: dock goods, then boons), 3 stone, or 2 stone and the
    boon; the player's choice is paid (RK-OPEN-42, RK-SB-BOON-1, RK-READ-1)."""
    m = make_match()
    pl = m.s.sides[PLAYER]
    pl.dock[WOOD], pl.boat[STONE], pl.boons = 2, 3, 1
    asked = accomplish(m, "Hoard", ("pay", STONE, STONE, STONE))
    assert asked == [("pay_goods", [("pay", -1, WOOD, WOOD), ("pay", -1, STONE, STONE), ("pay", STONE, STONE, STONE)])]
    assert pl.dock[WOOD] == 2 and pl.boons == 1 and pl.boat[STONE] == 0
    assert describe(View(m), "pay_goods", ("pay", -1, WOOD, WOOD)) == "pay 2 wood, 1 trade boon token"


def test_goods_of_one_kind_are_no_choice():
    """Hire Mercenaries costs a fish and a stone: fish on the dock and on the boat, stone on the boat
    and no boon token are one way to pay (a good from the dock first, RK-OPEN-35): nothing is asked."""
    m = make_match()
    pl = m.s.sides[PLAYER]
    pl.dock[FISH], pl.boat[FISH], pl.boat[STONE], pl.coins = 1, 2, 2, 2
    assert accomplish(m, "Hire Mercenaries") == []
    assert pl.dock[FISH] == 0 and pl.boat[FISH] == 2 and pl.boat[STONE] == 1


def test_the_player_chooses_a_conversion_tokens_goods():
    """The build token (2 goods, one wood or stone, RK-OPEN-29): a wood on the dock, a fish on the
    boat and a boon can pay wood+boon (the old order), wood+fish or boon+fish."""
    m = make_match(strategy=Scripted([("pay", WOOD, FISH)]))
    pl = m.s.sides[PLAYER]
    pl.dock[WOOD], pl.boat[FISH], pl.boons = 1, 1, 1
    payments.pay_two(m, dict(deeds.CONVERSIONS)["build"])
    assert m.strategy.asked == [("pay_goods", [("pay", -1, WOOD), ("pay", -1, FISH), ("pay", WOOD, FISH)])]
    assert pl.boons == 1 and pl.dock[WOOD] == 0 and pl.boat[FISH] == 0


def test_the_player_chooses_the_solo_conversion_tokens_good():
    """The solo conversion token's good (RK-SB-WAR-5, RK-OPEN-28): any good or a boon token."""
    from automa.rurik.modules import warfare
    m = make_match(modules="warfare", strategy=Scripted([("pay", FUR)]))
    pl = m.s.sides[PLAYER]
    pl.dock[WOOD], pl.boat[FUR], pl.coins = 1, 1, 2
    warfare.pay_conversion(m, ("convert", "attack", "good"))
    assert m.strategy.asked == [("pay_goods", [("pay", WOOD), ("pay", FUR)])]
    assert pl.dock[WOOD] == 1 and pl.boat[FUR] == 0 and pl.coins == 0


@pytest.mark.parametrize("name", ["Splendid Feast", "Wilderness Forts", "Trade Route", "Reward Laborers",
                                  "Hoard", "Establish Fortress"])
def test_every_way_to_pay_is_valid_and_the_old_plan_comes_first(name):
    """Over many holdings, the choices of ``pay_goods`` are distinct, each pays the cost with what the
    player holds (a boon for any one good), and the first is the old fixed order's plan."""
    cost = _DATA.deeds[deed(name)]["cost"]
    slots, rule = payments.deed_goods(cost)
    rng = random.Random(5)
    for _ in range(300):
        m = make_match()
        pl = m.s.sides[PLAYER]
        pl.dock[:] = [rng.choice((0, 0, 1, 2)) for _ in range(5)]
        pl.boat[:] = [rng.choice((0, 1, 2)) for _ in range(5)]
        pl.boons = rng.choice((0, 0, 1, 2))
        old = deeds.goods_plan(m, cost)
        if old is None:
            continue
        choices = payments.goods_choices(m, slots, rule, old)
        assert choices[0] == ("pay", *sorted(old))
        assert len(set(choices)) == len(choices)
        have = boat.payable(m, PLAYER)
        for c in choices:
            goods = c[1:]
            assert goods.count(-1) <= pl.boons and all(goods.count(g) <= have[g] for g in range(5))
            real = [g for g in goods if g >= 0]
            if rule == "same":
                assert len(set(real)) <= 1
            elif rule == "distinct":
                assert len(set(real)) == len(real)
            else:
                assert any(all(g < 0 or g in s for g, s in zip(p, slots)) for p in itertools.permutations(goods))


# --- scheme cards ---------------------------------------------------------------------------------

def test_the_player_chooses_the_scheme_card_to_discard():
    """Honorable Prince costs a scheme card (and 3 coins): of two cards with different faces the
    player discards the one they choose; the first card in hand is the old order (RK-OPEN-42)."""
    m = make_match()
    pl = m.s.sides[PLAYER]
    a, b = next((x.id, y.id) for x in _DATA.schemes for y in _DATA.schemes
                if (x.reward_all, x.casualty_icons) != (y.reward_all, y.casualty_icons))
    pl.hand, pl.coins = [a, b], 3
    asked = accomplish(m, "Honorable Prince", ("discard", b))
    assert asked == [("pay_scheme", [("discard", a), ("discard", b)])]
    assert pl.hand == [a] and m.s.discard[-1] == b


def test_scheme_cards_with_the_same_face_are_no_choice():
    """Two copies of one scheme card (the same reward, cost and casualty icons) are one choice."""
    m = make_match()
    pl = m.s.sides[PLAYER]
    c = next(c for c in _DATA.schemes
             if sum((d.reward_all, d.reward_choice, d.coin_cost, d.casualty_icons) ==
                    (c.reward_all, c.reward_choice, c.coin_cost, c.casualty_icons) for d in _DATA.schemes) > 1)
    twin = next(d.id for d in _DATA.schemes if d.id != c.id and (d.reward_all, d.casualty_icons, d.coin_cost)
                == (c.reward_all, c.casualty_icons, c.coin_cost) and d.reward_choice == c.reward_choice)
    pl.hand, pl.coins = [c.id, twin], 3
    assert accomplish(m, "Honorable Prince") == []
    assert pl.hand == [twin] and m.s.discard[-1] == c.id


# --- units ----------------------------------------------------------------------------------------

def test_the_player_chooses_the_troops_to_remove():
    """Retire Veterans removes 2 units from any regions: with 3 troops in one region and a troop and
    the leader in another, the player may take both from the second (the leader as the last unit
    there, RK-SB-CLAR-3); the old order took them from the fullest region (RK-OPEN-42)."""
    m = make_match()
    pl = m.s.sides[PLAYER]
    volyn, kiev = region("volyn"), region("kiev")          # in the map's order
    troops(m, volyn, 3)
    troops(m, kiev, 1, leader=True)
    pl.coins = 2
    asked = accomplish(m, "Retire Veterans", ("remove", kiev, kiev))
    assert asked == [("pay_troops", [("remove", volyn, volyn), ("remove", volyn, kiev), ("remove", kiev, kiev)])]
    assert pl.units[kiev] == 0 and pl.leader == -1 and pl.units[volyn] == 3
    m = make_match()
    troops(m, volyn, 3)
    troops(m, kiev, 1, leader=True)
    assert [describe(View(m), "pay_troops", c) for c in asked[0][1]] == [
        "remove 2 troops from Volyn", "remove 1 troop from Volyn, 1 troop from Kiev",
        "remove 1 troop and your leader from Kiev"]


def test_troops_of_one_region_are_no_choice():
    """Peace Maker removes 2 units of one ruled region: the only region with 2 units is no choice."""
    m = make_match()
    pl = m.s.sides[PLAYER]
    troops(m, region("kiev"), 2)
    troops(m, region("volyn"), 1)
    assert accomplish(m, "Peace Maker") == []
    assert pl.units[region("kiev")] == 0


def test_border_patrols_asks_which_regions():
    """Border Patrols removes one unit from each of 3 different regions: 4 occupied regions are 4
    choices, the 3 fullest (the old order) first."""
    m = make_match()
    names = ("kiev", "volyn", "chernigov", "pereyaslavl")
    for n, name in zip((3, 2, 2, 1), names):
        troops(m, region(name), n)
    asked = accomplish(m, "Border Patrols")
    assert asked[0][0] == "pay_troops" and len(asked[0][1]) == 4
    assert asked[0][1][0] == ("remove", *sorted(region(n) for n in names[:3]))


# --- structures and captives ----------------------------------------------------------------------

def test_new_beginning_asks_which_market():
    """New Beginning returns a market, a stronghold and a church: with two markets the player chooses
    which (the first region in the map's order is the old one); the single stronghold and church are
    no choice (RK-OPEN-42)."""
    m = make_match()
    pl = m.s.sides[PLAYER]
    a, b = sorted((region("kiev"), region("volyn")))
    build_struct(m, PLAYER, a, MARKET)
    build_struct(m, PLAYER, b, MARKET)
    build_struct(m, PLAYER, b, STRONGHOLD)
    build_struct(m, PLAYER, a, CHURCH)
    asked = accomplish(m, "New Beginning", ("remove", b, MARKET))
    assert asked == [("pay_structure", [("remove", a, MARKET), ("remove", b, MARKET)])]
    assert m.s.structs[a] == [(PLAYER, MARKET)] and m.s.structs[b] == []
    assert describe(View(m), "pay_structure", ("remove", b, MARKET)) == "remove your market in " + (
        m.data.regions[b].capitalize())


def test_peace_treaty_asks_which_captive():
    """Peace Treaty lets a captive go: with a rebel and the rebel leader in the dungeon the player
    chooses; the rebel first is the old order; a dungeon of rebels only is no choice (RK-SB-WAR-6)."""
    from automa.rurik.modules import warfare
    m = make_match(modules="warfare", strategy=Scripted([("release", "leader")]))
    m.s.mod.dungeon[PLAYER] = [1, 1, 0]
    m.s.sides[REBELLION].leader = -2
    warfare.let_go(m, 1)
    assert m.strategy.asked == [("pay_captive", [("release", "troop"), ("release", "leader")])]
    assert m.s.mod.dungeon[PLAYER] == [1, 0, 0] and m.s.sides[REBELLION].leader == -1
    assert describe(View(m), "pay_captive", ("release", "leader")) == "let the captive rebel leader go"
    warfare.let_go(m, 1)
    assert len(m.strategy.asked) == 1 and m.s.mod.dungeon[PLAYER] == [0, 0, 0]


# --- the built-in strategies ----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["greedy", "expert", "master", "warlord", "builder", "merchant"])
def test_the_built_in_strategies_pay_in_the_old_order(name):
    """Every built-in strategy but random answers a payment with its first choice, the old fixed order,
    without drawing from its stream (so its games are those of before issue 29)."""
    m = make_match()
    strategy = get_strategy(get_game("rurik"), name)(random.Random(3))
    state = strategy.rng.getstate()
    for kind in PAYMENTS:
        choices = [("x", 2), ("x", 1), ("x", 0)]
        assert strategy.choose(Decision(kind, View(m), choices)) == choices[0]
    assert strategy.rng.getstate() == state


# --- saved games and play -------------------------------------------------------------------------

class Picky(Strategy):
    """Random, but pays with the last way offered; labels every payment and records every choice."""

    def __init__(self, rng):
        super().__init__(rng)
        self.made, self.labels = [], []

    def choose(self, decision):
        choices = decision.choices
        pick = choices[-1] if decision.kind in PAYMENTS else self.uniform(choices)
        if decision.kind in PAYMENTS:
            self.labels.append(describe(decision.view, decision.kind, pick))
        self.made.append((decision.kind, saves.encode(pick)))
        return pick


def test_a_saved_game_with_payments_replays(tmp_path):
    """A game in which the player paid otherwise than the old order is saved, loaded and replayed to
    the same end (docs/play.md), and each payment has a label in words."""
    spec = resolve("rurik", None, {"modules": "warfare"}, 1)
    for i in range(100):
        streams = game_streams(1, i)
        picky = Picky(streams.strategy)
        result = spec.game.play(prepare(spec), spec.options, picky, streams, None)
        if picky.labels:
            break
    assert picky.labels and all(label.startswith(("pay ", "remove ", "discard ", "let ")) for label in picky.labels)
    path = tmp_path / "game.json"
    saves.Saved("rurik", 1, i, {"modules": "warfare"}, picky.made).write(path)
    row = saves.replay(saves.load(path))
    assert (row["player_score"], row["automa_score"]) == (result.player_score, result.automa_score)
