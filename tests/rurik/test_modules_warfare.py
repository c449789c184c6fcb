"""Module B, warfare, in solo (RK-SB-WAR-1..6, RK-CLAIM-1, RK-OPEN-26..28, RK-OPEN-34).

Example E (EX-13, a capture after two reveals) is in test_examples.py; this file checks captures by
both sides, the dungeon limits, the release rows, the solo conversion token, the warfare cards and
deeds, and the Victorious agenda.
"""
from __future__ import annotations

import pytest

from automa.rurik import claims, player, rebellion
from automa.rurik.modules import warfare
from automa.rurik.scoring import score
from automa.rurik.state import CAPTURED, PLAYER, REBELLION, STRONGHOLD
from automa.rurik.decide import PASS
from tests.rurik.conftest import _DATA, Scripted, card_index, make_match, region
from tests.rurik.helpers import build_struct, rebels, scheme_ids, troops

KIEV, VOLYN = region("kiev"), region("volyn")
SAFE = scheme_ids(_DATA, 0)
ONE = scheme_ids(_DATA, 1)
TWO = scheme_ids(_DATA, 2, "warfare")


def _player_attack(m, deck0, fewer=0, answers=()):
    m.s.schemes = [list(deck0), list(SAFE)]
    m.strategy = Scripted(answers)
    player.attack(m, VOLYN, "rebellion", fewer)
    return m


def test_capture_needs_a_clean_check():
    """No capture is offered after a casualty (RK-SB-WAR-1)."""
    m = make_match(modules="warfare")
    troops(m, VOLYN, 3)
    rebels(m, VOLYN, 2)
    _player_attack(m, [ONE[0]] + SAFE[:3])
    assert "capture" not in [k for k, _ in m.strategy.asked]
    assert m.s.mod.dungeon[PLAYER] == [0, 0, 0]


def test_capture_fails_on_a_casualty_icon():
    """A failed attempt: the attacked rebel is removed as usual and the attacker loses one unit per
    icon; a double-casualty card takes two (RK-SB-WAR-1, RK-SB-WAR-4)."""
    m = make_match(modules="warfare")
    troops(m, VOLYN, 3)
    rebels(m, VOLYN, 2)
    supply = m.s.sides[REBELLION].supply
    _player_attack(m, [SAFE[0], TWO[0]] + SAFE[1:3])
    assert m.s.sides[PLAYER].units[VOLYN] == 1
    assert m.s.sides[REBELLION].supply == supply + 1 and m.s.mod.dungeon[PLAYER] == [0, 0, 0]


def test_capture_declined_keeps_cards():
    """The player may decline; nothing more is revealed (RK-SB-WAR-1)."""
    m = make_match(modules="warfare")
    troops(m, VOLYN, 2)
    rebels(m, VOLYN, 2)
    _player_attack(m, SAFE[:4], answers=[("deck", 0), PASS])
    assert len(m.s.discard) == 1 and m.s.mod.dungeon[PLAYER] == [0, 0, 0]


def test_dungeon_limits():
    """4 troops/rebels and 1 leader at most: a full dungeon allows no attempt (RK-SB-WAR-1)."""
    m = make_match(modules="warfare")
    m.s.mod.dungeon[PLAYER] = [3, 0, 1]
    assert not warfare.room(m, PLAYER, "troop") and warfare.room(m, PLAYER, "leader")
    troops(m, VOLYN, 2)
    rebels(m, VOLYN, 2)
    _player_attack(m, SAFE[:4])
    assert "capture" not in [k for k, _ in m.strategy.asked]
    m.s.mod.dungeon[PLAYER] = [0, 1, 0]
    assert not warfare.room(m, PLAYER, "leader")


def test_capturing_the_rebel_leader():
    """A captured leader sits in the dungeon (off the board, not musterable) until released
    (RK-SB-WAR-1, RK-SB-WAR-2, RK-REB-MUSTER-1)."""
    m = make_match(modules="warfare")
    troops(m, VOLYN, 2)
    m.s.sides[REBELLION].leader = VOLYN
    _player_attack(m, SAFE[:4])
    assert m.s.sides[REBELLION].leader == CAPTURED and m.s.mod.dungeon[PLAYER] == [0, 1, 0]
    m.s.card = card_index(1)
    rebels(m, KIEV, 1)
    rebellion.muster(m, 1)
    assert m.s.sides[REBELLION].leader == CAPTURED
    warfare.release(m)
    assert m.s.sides[REBELLION].leader == -1 and m.s.sides[PLAYER].vp_tokens == 2


@pytest.mark.parametrize("priority, mapping, tries", [
    ("build", "pair_is_build_tax", True), ("tax", "pair_is_build_tax", True),
    ("attack_move", "pair_is_build_tax", False), ("attack_move", "pair_is_attack_move", True),
    ("build", "pair_is_attack_move", False)])
def test_rebellion_captures_by_priority(priority, mapping, tries):
    """Single icon (attack_move) never; icon pair (build, tax) always, revealing 1 card first when its
    attack revealed none (RK-REB-ATTACK-7, RK-SB-WAR-5, RK-OPEN-34 ``icon_mapping``)."""
    m = make_match(modules="warfare", icon_mapping=mapping, rebel_leader="gleb", player_leader="mstislav")
    m.s.card, m.s.priority = card_index(1), priority
    troops(m, VOLYN, 2)
    rebels(m, VOLYN, 3)
    m.s.schemes = [SAFE[:6], SAFE[6:12]]
    rebellion.attack_in(m, VOLYN, 5)                      # reveal-fewer 5: the attack reveals no card
    assert m.s.sides[PLAYER].units[VOLYN] == 1
    assert (m.s.mod.dungeon[REBELLION] == [1, 0, 0]) is tries
    assert len(m.s.discard) == (2 if tries else 0)
    assert m.s.sides[PLAYER].supply == (10 if tries else 11)   # a captive is not in the supply


@pytest.mark.parametrize("dungeon, tokens, left, leader_back", [
    ([0, 1, 0], 2, [0, 0, 0], True),
    ([2, 0, 0], 2, [0, 0, 0], False),
    ([3, 0, 0], 2, [1, 0, 0], False),
    ([1, 0, 0], 0, [1, 0, 0], False),
    ([4, 1, 0], 6, [0, 0, 0], True),
    ([1, 0, 1], 2, [0, 0, 0], False),
])
def test_release_rows(dungeon, tokens, left, leader_back):
    """Release at the start of the claim phase: any leader 2 VP tokens; each set of two troops (any
    mix) 2 VP tokens; a single troop stays; troops return to the owner's supply (RK-SB-WAR-2,
    RK-CLAIM-1, RK-OPEN-27 ``rebellion_supply``). Both sides release; tokens score as ``captives``."""
    for side in (PLAYER, REBELLION):
        m = make_match(modules="warfare")
        m.s.mod.dungeon[side] = list(dungeon)
        other = m.s.sides[1 - side]
        if dungeon[1]:
            other.leader = CAPTURED
        other.supply -= dungeon[0]
        supply = other.supply
        warfare.release(m)
        assert m.s.mod.dungeon[side] == left
        assert m.s.sides[side].vp_tokens == tokens
        assert other.supply == supply + dungeon[0] - left[0]
        assert (other.leader == -1) is leader_back or not dungeon[1]
        assert m.s.sides[side].defeated_neutral == dungeon[2] - left[2]
        cats = score(m)[side]
        assert cats["captives"] == tokens and cats["vp_tokens"] == 0


def test_released_rebels_beside_the_mat():
    """``released_rebels=beside_player_mat``: released rebels stay with the player (RK-OPEN-27)."""
    m = make_match(modules="warfare", released_rebels="beside_player_mat")
    m.s.mod.dungeon[PLAYER] = [2, 0, 0]
    m.s.sides[REBELLION].supply -= 2
    warfare.release(m)
    assert m.s.mod.beside == 2 and m.s.sides[REBELLION].supply == 14


def test_release_comes_first_in_the_claim_phase():
    """Captives are released before the claim tracks (RK-CLAIM-1, RK-CLAIM-5)."""
    m = make_match(modules="warfare")
    m.s.mod.dungeon[PLAYER] = [2, 0, 0]
    m.s.sides[REBELLION].supply -= 2
    m.s.round = 4
    claims.claim_phase(m)
    assert m.s.sides[PLAYER].vp_tokens == 2 and m.s.sides[REBELLION].supply == 16


@pytest.mark.parametrize("cost, coins, goods, offered", [
    ("two_coins_plus_good_or_two_coins", 2, 1, [("convert", "attack", "good")]),
    ("two_coins_plus_good_or_two_coins", 4, 0, [("convert", "attack", "coins")]),
    ("two_coins_plus_good_or_two_coins", 3, 0, []),
    ("literal", 2, 0, [("convert", "attack", "coins")]),
    ("literal", 2, 1, [("convert", "attack", "coins"), ("convert", "attack", "good")]),
])
def test_solo_conversion_token(cost, coins, goods, offered):
    """The solo conversion token: 2 coins + 1 good or 4 coins (default), or literally 2 coins or
    1 good + 2 coins, for 1 attack point (RK-SB-WAR-5, RK-OPEN-28)."""
    m = make_match(modules="warfare", solo_conversion_cost=cost, goods_conversion_tokens="none")
    pl = m.s.sides[PLAYER]
    pl.coins, pl.dock[3] = coins, goods
    assert warfare.conversion_options(m) == offered
    if offered:
        troops(m, VOLYN, 1)
        rebels(m, VOLYN, 1)
        m.s.schemes = [SAFE[:4], SAFE[4:8]]
        m.strategy = Scripted([offered[0], ("attack", VOLYN, "rebellion")], default=lambda d: d.choices[-1])
        player._conversion(m)
        assert m.s.sides[REBELLION].units[VOLYN] == 0
        paid = 4 if offered[0][2] == "coins" and cost != "literal" else 2
        assert pl.coins == coins - paid and pl.dock[3] == goods - (offered[0][2] == "good")


def test_one_conversion_token_per_turn():
    """All conversion tokens are one bonus action: one per turn (RK-SB-WAR-3)."""
    m = make_match(modules="warfare")
    pl = m.s.sides[PLAYER]
    pl.coins, pl.dock[0], pl.dock[1] = 6, 2, 2
    m.strategy = Scripted(default=lambda d: d.choices[-1])
    player._conversion(m)
    kinds = [k for k, _ in m.strategy.asked]
    assert kinds.count("conversion") == 1
    assert {c[1] for c in m.strategy.asked[0][1] if c != PASS} == {"muster", "build", "attack"}


def test_warfare_cards_deeds_and_agenda_join_setup():
    """The 5 warfare scheme cards, the 4 warfare deeds and Victorious join only with the module
    (RK-SB-WAR-6)."""
    from automa.rurik import setup as rsetup
    names = {d["name"] for d in _DATA.deeds if d.get("module") == "warfare"}
    assert names == {"Besiege Citadel", "Deadly Plot", "Conquest", "Peace Treaty"}
    for modules, n_cards, with_war in (("", 27, False), ("warfare", 32, True)):
        m = make_match(modules=modules, player_agenda_deal="two_keep_one")
        rsetup.deal_cards(m)
        assert len(m.s.schemes[0]) + len(m.s.schemes[1]) == n_cards
        dealt = {_DATA.deeds[d]["name"] for d in m.s.deed_deck + m.s.deed_display}
        assert (names <= dealt) is with_war and not (names & dealt and not with_war)


def test_warfare_deed_conditions():
    """Besiege Citadel, Deadly Plot and Conquest read this turn's attacks; Peace Treaty lets a captive
    go (RK-SB-WAR-6)."""
    from automa.rurik import deeds
    idx = {d["name"]: i for i, d in enumerate(_DATA.deeds)}
    m = make_match(modules="warfare")
    troops(m, VOLYN, 4)
    rebels(m, VOLYN, 3, leader=True)
    build_struct(m, REBELLION, VOLYN, STRONGHOLD)
    pl = m.s.sides[PLAYER]
    pl.coins = 2
    pl.hand = [SAFE[0]]
    assert not deeds.affordable(m, idx["Besiege Citadel"])
    m.s.schemes = [SAFE[1:10], SAFE[10:]]
    m.strategy = Scripted(default=lambda d: PASS if PASS in d.choices else d.choices[0])
    for _ in range(3):
        player.attack(m, VOLYN, "rebellion")
    assert deeds.affordable(m, idx["Besiege Citadel"]) and deeds.affordable(m, idx["Deadly Plot"])
    assert deeds.affordable(m, idx["Conquest"]) and not deeds.affordable(m, idx["Peace Treaty"])
    m.s.mod.dungeon[PLAYER] = [1, 0, 0]
    m.s.sides[REBELLION].supply -= 1
    assert deeds.affordable(m, idx["Peace Treaty"])
    pl.deeds = [idx["Peace Treaty"]]
    player._apply_deed(m, ("accomplish", idx["Peace Treaty"]))
    assert m.s.mod.dungeon[PLAYER] == [0, 0, 0] and pl.coins == 0


def test_victorious_counts_vp_tokens():
    """Victorious: the most VP tokens, in the agenda category (RK-SB-WAR-6, RK-OPEN-41)."""
    m = make_match(modules="warfare")
    m.s.sides[PLAYER].agenda = next(i for i, a in enumerate(_DATA.agendas) if a["id"] == "victorious")
    m.s.sides[PLAYER].vp_tokens = 1
    assert score(m)[0]["agenda"] == 2
    m.s.sides[REBELLION].vp_tokens = 1
    assert score(m)[0]["agenda"] == 0


def test_neutral_capture_option():
    """``neutral_capture=yes``: a neutral troop can be captured after a 1-card check (RK-OPEN-26)."""
    for mode, captured in (("no", 0), ("yes", 1)):
        m = make_match(modules="warfare", neutral_capture=mode)
        troops(m, VOLYN, 1)
        m.s.neutral[VOLYN] = 1
        m.s.schemes = [SAFE[:4], SAFE[4:8]]
        player.attack(m, VOLYN, "neutral")
        assert m.s.mod.dungeon[PLAYER][2] == captured
        assert m.s.sides[PLAYER].defeated_neutral == 1 - captured


def test_warfare_deeds_and_module_agendas_match_the_reference():
    """The 4 warfare deeds' rewards and VP, and the Renowned and Victorious agendas, agree with the
    reference data (RK-SB-WAR-6, RK-SB-EPIC-1, RK-OPEN-42)."""
    import json

    from tests.rurik.test_data import REF
    if not REF.is_dir():
        pytest.skip(f"reference data not found at {REF}")
    ref = json.loads((REF / "stone_and_blade.json").read_text())
    theirs = {d["name"]: d for d in ref["deeds"] if d["module"] == "warfare"}
    mine = {d["name"]: d for d in _DATA.deeds if d.get("module") == "warfare"}
    assert set(mine) == set(theirs)
    for name, d in mine.items():
        assert d["reward"] == theirs[name]["reward"] and d["vp"] == theirs[name]["vp_U"]
    agendas = {a["name"]: a for a in _DATA.agendas if a.get("module") in ("epic", "warfare")}
    assert {a["name"] for a in ref["agendas"]} == set(agendas)
    assert all(agendas[a["name"]]["vp"] == a["vp"] for a in ref["agendas"])


@pytest.mark.parametrize("target", ["rebellion", "neutral"])
@pytest.mark.parametrize("casualty", [True, False])
def test_capture_check_is_part_of_the_attack_for_gleb(target, casualty):
    """The optional 1-card check before a capture, when the attack revealed no card, is the attack's
    casualty check: a casualty there cancels player Gleb's two moves (RK-SB-LEAD-1, RK-SB-WAR-1;
    RK-OPEN-26 for a neutral troop). Before, Gleb moved after it."""
    m = make_match(modules="warfare", neutral_capture="yes", player_leader="gleb", rebel_leader="sviatopolk")
    troops(m, VOLYN, 2, leader=True)
    if target == "rebellion":
        rebels(m, VOLYN, 2)
    else:
        m.s.neutral[VOLYN] = 1
    m.s.schemes = [([ONE[0]] if casualty else []) + SAFE[:4], list(SAFE[4:8])]
    m.strategy = Scripted()
    player.attack(m, VOLYN, target, 5)            # reveal 5 fewer: the attack itself reveals no card
    asked = [k for k, _ in m.strategy.asked]
    assert "capture" in asked
    assert ("move" in asked) is (not casualty) and m.s.sides[PLAYER].leader_used is (not casualty)
