"""The Vault Keepers, demoted the Badger Bodyguards (LoR-E, the seed's 16.4; its card, research notes §2.12):
Keepers and Vaults as a side of their own (LoR-E.3), their setup, when-hired action (RT-OWN-30) and Daylight
(RT-OWN-32), the Bodyguards' ignored hit (RT-OWN-31), and bots (RT-OWN-15, RT-OWN-16)."""
import pytest

from automa.root import battle, cards, data, hirelings, setup, state
from automa.root.decide import PASS
from automa.root.hirelings import keepers
from tests.root.script import hired_table, Dice, Script, opts, rng

VAULT = ("keepers", "vault")


def table(ask=None, **kw):
    """The Marquise (the player, first) and the Electric Eyrie, the Vault Keepers dealt (two seats: promoted);
    the map emptied."""
    return hired_table("keepers", ask, **kw)


def vaults(g) -> list[int]:
    return [c for c in range(1, 13) for p in g.clearings[c].buildings if p == VAULT]


def test_the_vault_keepers_set_up_two_keepers_and_a_vault_where_a_slot_is_open_LoR_A_6_3():
    """The Vault Keepers' setup (its card): two Keepers and a Vault in one clearing with an open building slot,
    the player's pick; a bot's by priority (RT-OWN-16)."""
    full = lambda choices: next(x for x in choices if x[1] == 6)
    ask = Script(hireling_setup=[full])
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=2, hirelings="keepers"), rng(),
                    ask=ask)
    offered = ask.choices("hireling_setup")[0]
    assert all(g.clearings[c].open_slots + (c == 6) > 0 for _, c in offered)
    assert g.clearings[6].warriors.get("keepers") == 2 and vaults(g) == [6]
    assert g.hired["keepers"].supply == {"warrior": 4, "vault": 5}
    roost = next(c for c in range(1, 13) if ("eyrie", "roost") in g.clearings[c].buildings)
    assert ("keepers", roost) not in offered and g.clearings[roost].slots == 1     # no open slot there
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1, hirelings="keepers"), rng(),
                    ask=Script())
    assert vaults(g) == [2] and g.clearings[2].warriors["keepers"] == 2    # 1 holds the keep: the next by priority


def test_the_badger_bodyguards_have_no_setup():
    """The demoted side (four seats demote the one card dealt, LoR-A.6.2) places nothing."""
    g = setup.setup(data.load(), opts(hirelings="keepers"), rng(), ask=Script())
    assert g.hirelings["keepers"].demoted and not vaults(g)
    assert not any(cl.warriors.get("keepers") for cl in g.clearings[1:])


def test_hired_with_no_keeper_piece_on_the_map_they_come_where_a_slot_is_open_RT_OWN_30():
    """LoR-E.2.1 (its card): with no Keeper piece on the map, two Keepers and a Vault in a clearing, one with an
    open slot (RT-OWN-30); with a Keeper on the map, nothing."""
    ask = Script(hireling_setup=[("keepers", 7)])
    g = table(ask)
    g.clearings[4].buildings.append(("eyrie", "roost"))          # clearing 4 has one slot: full
    hirelings.gain(g, g.seat("marquise"), g.hirelings["keepers"], "LoR-E.1.1")
    offered = [c for _, c in ask.choices("hireling_setup")[-1]]
    assert 4 not in offered and 7 in offered
    assert g.clearings[7].warriors == {"keepers": 2} and vaults(g) == [7]
    g = table()
    state.place_warriors(g, "keepers", 3, 1)
    hirelings.gain(g, g.seat("marquise"), g.hirelings["keepers"], "LoR-E.1.1")
    assert not vaults(g) and g.hired["keepers"].supply["warrior"] == 5


def test_the_first_daylight_step_places_a_vault_at_or_next_to_a_vault_else_a_keeper_and_a_vault():
    """The Vault Keepers' Daylight, 1st (its card): a Vault in a clearing with a Vault or next to one (an open
    slot); when none can go there, a Keeper and a Vault in any clearing (one with an open slot, RT-OWN-30)."""
    ask = Script(keepers_vault=[(12, 0, 1)], keepers_order=[PASS, PASS])
    g = table(ask)
    g.hirelings["keepers"].controller = "marquise"
    state.place_building(g, "keepers", "vault", 9)
    keepers.daylight(g, g.seat("marquise"), g.hirelings["keepers"])
    assert sorted(x[0] for x in ask.choices("keepers_vault")[0] if x != PASS) == [1, 4, 9, 12]
    assert vaults(g) == [9, 12] and not g.clearings[12].warriors
    for c in (9, 12):
        state.remove_piece(g, c, VAULT, None, building=True)
    ask.answers["keepers_vault"] = [(8, 1, 1)]
    keepers.daylight(g, g.seat("marquise"), g.hirelings["keepers"])
    assert len(ask.choices("keepers_vault")[1]) == 13                # every clearing with a slot, and pass
    assert vaults(g) == [8] and g.clearings[8].warriors == {"keepers": 1}
    g.hired["keepers"].supply["vault"] = 0                           # every Vault out: a Keeper alone (LoR-1.5.4)
    ask.answers.update(keepers_vault=[(2, 1, 0)], keepers_order=[PASS])
    keepers.daylight(g, g.seat("marquise"), g.hirelings["keepers"])
    assert all(x[1:] == (1, 0) for x in ask.choices("keepers_vault")[2][:-1]) and g.clearings[2].warriors == {"keepers": 1}


def test_the_second_step_battles_in_each_vault_clearing_the_keepers_enemies_RT_OWN_32():
    """The Vault Keepers' Daylight, 2nd (its card), battling: in each Vault clearing with a Keeper, an enemy of
    the controller's choice: the other players and the hirelings he does not control, never his own pieces
    (LoR-E.3.2, RT-OWN-32). The Keepers score nothing (LoR-E.3.6); the defender removing a Vault scores 1 VP."""
    ask = Script(keepers_vault=[PASS], keepers_order=["battle"], keepers_battle=[(5, "eyrie"), (11, "eyrie")])
    g = table(ask, hirelings="keepers,band")
    g.hirelings["keepers"].controller = "marquise"
    for c in (5, 11):
        state.place_building(g, "keepers", "vault", c)
    g.clearings[5].warriors.update(keepers=1, eyrie=3, marquise=2, band=1)
    g.clearings[11].warriors.update(keepers=2, eyrie=1)
    g.rng["dice"] = Dice(2, 2, 3, 0)
    keepers.daylight(g, g.seat("marquise"), g.hirelings["keepers"])
    first, second = ask.choices("keepers_battle")
    assert first == ((5, "eyrie"), (5, "band"), PASS) and second == ((11, "eyrie"), PASS)
    assert g.clearings[5].warriors == {"eyrie": 2, "marquise": 2, "band": 1}   # 1 hit: one Keeper rolls
    assert vaults(g) == [11] and g.seat("eyrie").vp == 1             # the Eyrie's 2 hits: a Keeper, a Vault: 1 VP
    assert g.clearings[11].warriors == {"keepers": 2} and g.seat("marquise").vp == 0
    g.hirelings["band"].controller = "marquise"
    assert "band" not in keepers.defenders(g, g.seat("marquise"), 5)


def test_the_second_step_places_a_keeper_at_each_vault():
    """The Vault Keepers' Daylight, 2nd (its card), placing: a Keeper at each Vault, two where two stand; with
    too few in the supply the player picks which Vaults get one (LoR-1.5.4)."""
    ask = Script(keepers_vault=[PASS, PASS], keepers_order=["recruit"], keepers_recruit=[9])
    g = table(ask)
    g.hirelings["keepers"].controller = "marquise"
    for c in (7, 7, 9):
        state.place_building(g, "keepers", "vault", c)
    keepers.daylight(g, g.seat("marquise"), g.hirelings["keepers"])
    assert ask.choices("keepers_order")[0] == ("recruit", PASS)      # no enemy: no battle offered
    assert g.clearings[7].warriors == {"keepers": 2} and g.clearings[9].warriors == {"keepers": 1}
    g.hired["keepers"].supply["warrior"] = 1
    keepers.daylight(g, g.seat("marquise"), g.hirelings["keepers"])
    assert ask.choices("keepers_recruit") == [(7, 9)] and g.clearings[9].warriors == {"keepers": 2}


def test_a_bots_vault_keepers_take_only_the_when_hired_action_RT_OWN_15():
    """A bot controller: the Keepers come when hired (a must), at its highest-priority clearing with a slot
    (RT-OWN-16); no Daylight action (a "may"); the player's Daylight offers it through his cards' step."""
    g = table()
    hirelings.gain(g, g.seat("eyrie"), g.hirelings["keepers"], "LoR-E.1.1")
    assert vaults(g) == [1] and g.clearings[1].warriors == {"keepers": 2}
    hirelings.daylight(g, g.seat("eyrie"))
    assert vaults(g) == [1] and g.hired["keepers"].supply == {"warrior": 4, "vault": 5}
    ask = Script(keepers_vault=[(5, 0, 1)], keepers_order=[PASS])
    g.ask = ask
    g.hirelings["keepers"].controller = "marquise"
    cards.daylight_effects(g, g.seat("marquise"))
    assert "keepers_vault" in ask.kinds() and vaults(g) == [1, 5]


def test_players_battle_the_keepers_and_score_their_vaults_LoR_E_3_6():
    """LoR-E.3.2, LoR-E.3.6: an enemy of the Keepers battles them and scores each Vault it removes; their
    controller may not battle them; bots never do (RT-OWN-27)."""
    g = table()
    g.clearings[6].warriors.update(marquise=3)
    state.place_building(g, "keepers", "vault", 6)
    assert battle.defenders(g, "marquise", 6) == ["keepers"]
    g.rng["dice"] = Dice(2, 0)
    battle.battle(g, "marquise", "keepers", 6)
    assert not vaults(g) and g.seat("marquise").vp == 1 and g.hired["keepers"].supply["vault"] == 6
    state.place_building(g, "keepers", "vault", 6)
    g.hirelings["keepers"].controller = "marquise"
    assert battle.defenders(g, "marquise", 6) == []


def test_the_badger_bodyguards_ignore_the_first_hit_their_controller_takes_RT_OWN_31():
    """The Badger Bodyguards (its card): the controller ignores the first hit he takes in a battle, attacker
    or defender; only one per battle, the immediate hits counting; nobody else; the promoted side gives none."""
    g = table(hirelings="keepers", bots="electric_eyrie,automated_alliance,vagabot")
    h = g.hirelings["keepers"]
    assert h.demoted
    h.controller = "marquise"
    g.clearings[3].warriors.update(marquise=3, eyrie=3)
    g.rng["dice"] = Dice(2, 2)
    result = battle.battle(g, "eyrie", "marquise", 3)
    assert g.clearings[3].warriors == {"marquise": 2, "eyrie": 1} and result.taken == [2, 1]
    g.rng["dice"] = Dice(3, 1)
    battle.battle(g, "marquise", "eyrie", 3)
    assert g.clearings[3].warriors == {"marquise": 2}                   # his 1 hit taken, ignored
    h.demoted = False
    g.clearings[3].warriors.update(eyrie=2)
    g.rng["dice"] = Dice(1, 1)
    battle.battle(g, "eyrie", "marquise", 3)
    assert g.clearings[3].warriors == {"marquise": 1, "eyrie": 1}


def test_the_bodyguards_hold_for_a_bot_controller_and_its_fortified_buildings_RT_OWN_31():
    """A bot controller ignores its first hit too (its board's own way of taking hits then takes the rest):
    the Mechanical Marquise with Fortified, whose buildings take two hits each (CW-MM-TRAIT-2), a different
    effect that combines with it."""
    g = table(faction="eyrie", bots="mechanical_marquise,automated_alliance,vagabot", seat=1,
              mm_traits="fortified")
    g.hirelings["keepers"].controller = "marquise"
    g.clearings[8].warriors.update(eyrie=3, marquise=1)
    g.clearings[8].buildings.append(("marquise", "sawmill"))
    g.seat("marquise").supply["sawmill"] -= 1
    g.rng["dice"] = Dice(3, 0)
    battle.battle(g, "eyrie", "marquise", 8)
    assert g.clearings[8].warriors == {"eyrie": 3}                    # 3 hits: 1 ignored, 1 warrior, 1 too few
    assert g.clearings[8].buildings == [("marquise", "sawmill")] and g.seat("marquise").bot == "mechanical_marquise"


def test_the_bodyguards_ask_nothing_without_hirelings(monkeypatch):
    """Without the option no hireling code runs in battle."""
    def boom(*a):
        raise AssertionError("asked")
    monkeypatch.setattr(state, "bodyguarded", boom)
    g = setup.setup(data.load(), opts(bots="electric_eyrie", seating="fixed", seat=1), rng(), ask=Script())
    c = next(c for c in range(1, 13) if g.clearings[c].warriors.get("eyrie"))
    g.clearings[c].warriors["marquise"] = 2
    g.rng["dice"] = Dice(3, 3)
    battle.battle(g, "marquise", "eyrie", c)
    g.hirelings = {"keepers": state.Hireling("keepers", True, "marquise")}
    with pytest.raises(AssertionError):
        g.clearings[c].warriors["eyrie"] = 2
        g.rng["dice"] = Dice(3, 3)
        battle.battle(g, "marquise", "eyrie", c)


def test_the_screen_the_narration_and_the_labels_name_the_keepers():
    """The key lists the Keepers' warriors and Vaults; the trace reads in words; a hireling defender is named
    by its card."""
    from automa.root import labels, narrate, screen
    from automa.root.view import View
    g = table(hirelings="keepers,band")
    state.place_warriors(g, "keepers", 3, 2)
    state.place_building(g, "keepers", "vault", 3)
    state.place_building(g, "keepers", "vault", 7)
    v = View(g, "marquise")
    assert "Vault Keepers: in the supply, warriors 3x2, vaults 3 7" in screen.map_key(v)
    told = narrate.tell(v, {"kind": "hireling_setup", "rule": "LoR-A.6.3", "faction": "eyrie", "hireling": "keepers",
                            "clearing": 3, "warriors": 2, "vaults": 1})
    assert "2 Keepers and 1 Vault" in told
    assert "ignore the first hit" in narrate.tell(v, {"kind": "bodyguards", "rule": "LoR-E.2.2", "faction": "marquise",
                                                      "clearing": 3})
    assert "Popular Band" in labels.describe(v, "keepers_battle", (3, "band"))
