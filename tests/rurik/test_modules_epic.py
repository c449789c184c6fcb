"""Module A, epic structures, in solo (RK-SB-EPIC-1..4, RK-EOR-2, RK-OPEN-24).

The seed's worked examples (Example D / EX-12, the solo Siege Tower example / EX-9) are in
test_examples.py; this file checks each structure, the Rebellion's use of them and their scoring.
"""
from __future__ import annotations

import pytest

from automa.rurik import choices, combat, player, rebellion
from automa.rurik.data import COLUMNS
from automa.rurik.modules import epic
from automa.rurik.modules.epic import NAMES
from automa.rurik.scoring import score
from automa.rurik.state import CHURCH, EPIC0, NOBODY, PLAYER, REBELLION, STRONGHOLD
from tests.rurik.conftest import _DATA, Scripted, card_index, make_match, region
from tests.rurik.helpers import build_struct, lay_out, place_epic, rebels, scheme_ids, troops

COL = {c: i for i, c in enumerate(COLUMNS)}
KIEV, VOLYN, NOV, ROSTOV = region("kiev"), region("volyn"), region("novgorod"), region("rostov")


def _epic_choices(m, points=3):
    return [c for c in choices.build_choices(m, points) if c[0] == "epic"]


def test_epic_indices_follow_the_data():
    """The module's structure indices follow stone_and_blade.json (RK-SB-EPIC-1)."""
    assert tuple(e["name"] for e in _DATA.epic_cards) == NAMES
    assert [e["name"] for e in _DATA.epic_cards if e["on_border"]] == ["Border Fort", "Siege Tower"]
    assert {e["name"]: e["copies"] for e in _DATA.epic_cards if e["copies"] == 2} == {"Border Fort": 2, "Siege Tower": 2}


def test_setup_lays_out_three_cards():
    """Solo setup: 3 epic cards in a column; the Renowned agenda joins the agendas (RK-SB-EPIC-1)."""
    from automa.core.registry import get_game, get_strategy
    from automa.core.seeding import game_streams
    from automa.rurik import rounds
    g = get_game("rurik")
    opts = g.resolve_options({"modules": "epic"})
    seen = []
    orig = rounds.strategy_phase

    def grab(m):
        seen.append(m)
        raise StopIteration
    rounds.strategy_phase = grab
    try:
        st = game_streams(1, 0)
        with pytest.raises(StopIteration):
            g.play(g.prepare(opts), opts, get_strategy(g, "random")(st.strategy), st, None)
    finally:
        rounds.strategy_phase = orig
    mod = seen[0].s.mod
    assert len(mod.epic_cards) == 3 and len(set(mod.epic_cards)) == 3
    assert not any(mod.epic_built) and not any(mod.epic_gone)


def test_build_conditions():
    """Build conditions: Capital Port fish, Logging Camp wood, Palace both sides' troops, Town Wall two
    other structures, Library a deed done, Veche a supply troop; an occupied region (RK-SB-EPIC-1)."""
    m = make_match(modules="epic")
    lay_out(m, "Capital Port", "Logging Camp", "Palace")
    troops(m, VOLYN, 1)
    troops(m, NOV, 1)
    troops(m, KIEV, 1)
    rebels(m, KIEV, 1)
    got = {(NAMES[m.s.mod.epic_cards[c[2]]], c[1]) for c in _epic_choices(m)}
    fish = [r for r in (VOLYN, NOV, KIEV) if _DATA.good[r] == 1]
    wood = [r for r in (VOLYN, NOV, KIEV) if _DATA.good[r] == 0]
    assert got == {("Capital Port", r) for r in fish} | {("Logging Camp", r) for r in wood} | {("Palace", KIEV)}
    m2 = make_match(modules="epic")
    lay_out(m2, "Town Wall", "Library", "Veche")
    troops(m2, VOLYN, 1)
    build_struct(m2, PLAYER, VOLYN, STRONGHOLD)
    assert {NAMES[m2.s.mod.epic_cards[c[2]]] for c in _epic_choices(m2)} == {"Veche"}
    build_struct(m2, REBELLION, VOLYN, CHURCH)
    m2.s.sides[PLAYER].deeds_done.append(0)
    assert {NAMES[m2.s.mod.epic_cards[c[2]]] for c in _epic_choices(m2)} == {"Town Wall", "Library", "Veche"}
    m2.s.sides[PLAYER].supply = 0
    assert "Veche" not in {NAMES[m2.s.mod.epic_cards[c[2]]] for c in _epic_choices(m2)}


def test_one_epic_per_turn():
    """At most one epic structure per turn (RK-SB-EPIC-1)."""
    m = make_match(modules="epic")
    lay_out(m, "Catacombs", "City Gate", "Palace")
    troops(m, VOLYN, 3)
    choice = next(c for c in _epic_choices(m) if m.s.mod.epic_cards[c[2]] == epic.CATACOMBS)
    player.apply(m, choice)
    assert _epic_choices(m) == []
    assert m.s.sides[PLAYER].coins == 2                    # Catacombs' reward


def test_border_structures_outside_the_limit_two_copies():
    """Border Fort / Siege Tower sit on a border, count toward neither region's 3-structure limit,
    and come in 2 copies; the card stays buildable until both stand (RK-SB-EPIC-1)."""
    m = make_match(modules="epic")
    lay_out(m, "Siege Tower", "Catacombs", "Palace")
    troops(m, VOLYN, 3)
    for k in (0, 1, 2):
        build_struct(m, PLAYER, VOLYN, k)
    tower = [c for c in _epic_choices(m) if m.s.mod.epic_cards[c[2]] == epic.SIEGE_TOWER]
    assert tower and {c[1] for c in tower} == {VOLYN}
    m.strategy = Scripted(default=lambda d: d.choices[-1])          # the attack reward: pass
    player.apply(m, tower[0])
    assert len(m.s.structs[VOLYN]) == 3 and len(m.s.mod.borders) == 1
    assert m.s.mod.epic_left[0] == 1 and m.s.mod.epic_built[0]
    m.s.mod.turn = 0
    player.apply(m, _epic_choices(m)[0])
    assert len(m.s.mod.borders) == 2 and m.s.mod.epic_left[0] == 0
    m.s.mod.turn = 0
    assert not [c for c in _epic_choices(m) if c[2] == 0]


def test_border_structures_count_among_the_structures_of_both_regions():
    """"A Border Fort is in both regions (but does not count towards the three structure limit in
    either region)" (RK-SB-EPIC-1, RK-READ-4): a Siege Tower on Volyn's border counts as one of
    "the structures in this region" for a tavern's coins (the player's, RK-SB-STRUCT-1, and the
    Rebellion's, RK-REB-BUILD-4, -5) and as one of Town Wall's "two other structures"."""
    from automa.rurik.state import MARKET, TAVERN
    m = make_match(modules="epic", player_leader="boris")
    m.s.mod.borders.append((KIEV, VOLYN, epic.SIEGE_TOWER))
    troops(m, VOLYN, 1)
    build_struct(m, PLAYER, VOLYN, MARKET)
    player.apply(m, ("build", VOLYN, TAVERN, "none"))
    assert m.s.sides[PLAYER].coins == 3                    # market, tavern and the tower
    lay_out(m, "Town Wall", "Catacombs", "Palace")
    troops(m, KIEV, 1)
    build_struct(m, PLAYER, KIEV, MARKET)                  # one structure in Kiev, and the tower
    assert ("epic", KIEV, 0, -1) in _epic_choices(m)
    m2 = make_match(modules="epic")
    m2.s.mod.borders.append((KIEV, VOLYN, epic.BORDER_FORT))
    m2.s.card, m2.s.priority = card_index(1), "build"
    rebels(m2, VOLYN, 1)
    build_struct(m2, REBELLION, VOLYN, MARKET)             # a Rebellion structure: tier 1 has none
    coins = m2.s.sides[REBELLION].coins
    rebellion.build(m2, 1)
    assert (REBELLION, TAVERN) in m2.s.structs[VOLYN]
    assert m2.s.sides[REBELLION].coins == coins + 3 + 1     # market, tavern, fort; the unlock's coin


def test_catacombs_blocks_building():
    """Catacombs: no further structure in its region, for either side (RK-SB-EPIC-1, RK-SB-EPIC-4)."""
    m = make_match(modules="epic")
    lay_out(m, "Town Wall", "Palace", "Library")
    troops(m, VOLYN, 2)
    rebels(m, VOLYN, 3)
    place_epic(m, "Catacombs", VOLYN)
    assert not [c for c in choices.build_choices(m, 3) if c[1] == VOLYN]
    assert rebellion._buildable(m, VOLYN) == []


def test_cathedral_replaces_a_church_in_rounds_1_to_3():
    """Cathedral replaces the player's church in rounds 1-3; the ruler of its region earns a VP token
    at game end, the Rebellion too (RK-SB-EPIC-1, RK-SB-EPIC-4)."""
    m = make_match(modules="epic")
    lay_out(m, "Cathedral", "Palace", "Library")
    troops(m, VOLYN, 2)
    assert _epic_choices(m) == []
    build_struct(m, PLAYER, VOLYN, CHURCH)
    m.s.round = 4
    assert _epic_choices(m) == []
    m.s.round = 3
    (c,) = _epic_choices(m)
    player.apply(m, c)
    assert (PLAYER, CHURCH) not in m.s.structs[VOLYN] and (NOBODY, EPIC0 + epic.CATHEDRAL) in m.s.structs[VOLYN]
    assert m.s.sides[PLAYER].structures[CHURCH] == 3 and m.s.sides[PLAYER].vp_tokens == 1
    assert epic.game_end_tokens(m) == (1, 0)
    rebels(m, VOLYN, 4)
    assert epic.game_end_tokens(m) == (0, 1)
    p, r = score(m)
    assert p["epic"] == 1 and r["epic"] == 1 and p["vp_tokens"] == 0


def test_city_gate_costs_two_move_points_both_sides():
    """City Gate: moving a unit into its region costs 2 move points, for the player and the
    Rebellion (RK-SB-EPIC-1, RK-SB-EPIC-4)."""
    m = make_match(modules="epic")
    lay_out(m, "City Gate", "Palace", "Library")
    per = region("pereyaslavl")
    place_epic(m, "City Gate", per)
    troops(m, KIEV, 2)
    assert not [c for c in choices.move_choices(m, 1) if c[2] == per]
    into = [c for c in choices.move_choices(m, 2) if c[2] == per]
    assert into and player.apply(m, into[0]) == 2
    m2 = make_match(modules="epic")
    place_epic(m2, "City Gate", VOLYN)                  # card 1: Kiev, Volyn, ...: the target is Volyn
    m2.s.card, m2.s.priority = card_index(1), "build"
    rebels(m2, KIEV, 3)
    assert rebellion.move(m2, 1) == 0
    assert rebellion.move(m2, 2) == 1 and m2.s.sides[REBELLION].units[VOLYN] == 1


def test_border_fort_free_crossing_once_per_turn():
    """Border Fort: once per turn one troop crosses its border for no move point (RK-SB-EPIC-1)."""
    m = make_match(modules="epic")
    m.s.mod.borders.append((KIEV, VOLYN, epic.BORDER_FORT))
    troops(m, KIEV, 3)
    move = ("move", KIEV, VOLYN, "troop")
    assert player.apply(m, move) == 0
    assert player.apply(m, move) == 1


@pytest.mark.parametrize("is_troop", ["yes", "no"])
def test_leader_is_a_troop_for_the_border_fort_and_the_veche(is_troop):
    """With ``player_leader_is_troop=yes`` a leader is "a troop" (RK-SB-CLAR-1, -3), so it takes
    the Border Fort's free crossing ("move one troop between these regions", either side) and its
    move into the Veche's region offers the Veche ("after moving a troop into the Veche's region")
    (RK-SB-EPIC-1, RK-SB-EPIC-4); ``no`` keeps the leader out of both."""
    free = is_troop == "yes"
    m = make_match(modules="epic", player_leader_is_troop=is_troop)
    m.s.mod.borders.append((KIEV, VOLYN, epic.BORDER_FORT))
    troops(m, KIEV, 1, leader=True)
    assert player.apply(m, ("move", KIEV, VOLYN, "leader")) == (0 if free else 1)
    m2 = make_match(modules="epic", player_leader_is_troop=is_troop)
    m2.s.mod.borders.append((KIEV, VOLYN, epic.BORDER_FORT))
    m2.s.card, m2.s.priority = card_index(1), "build"      # card 1: Kiev, Volyn, ...: the target is Volyn
    rebels(m2, KIEV, 2, leader=True)
    assert rebellion.move(m2, 1) == (2 if free else 1)      # free: the point is left for a rebel
    assert m2.s.sides[REBELLION].leader == VOLYN and m2.s.sides[REBELLION].units[VOLYN] == free
    m3 = make_match(modules="epic", player_leader_is_troop=is_troop)
    place_epic(m3, "Veche", VOLYN)
    troops(m3, KIEV, 1, leader=True)
    m3.strategy = Scripted([("veche",)])
    player.apply(m3, ("move", KIEV, VOLYN, "leader"))
    assert (m3.s.mod.veche[PLAYER], m3.s.sides[PLAYER].supply) == ((1, 10) if free else (0, 11))


@pytest.mark.parametrize("leader", ["sviatoslav", "theofana"])
def test_library_after_a_leader_step(leader):
    """"Once per round per player, after moving your leader into the Library's region, you may
    exchange one of your deeds" (RK-SB-EPIC-1): Sviatoslav's step before building (RK-SB-LEAD-2) and
    Theofana's step after taxing (RK-SB-LEAD-3) move the leader too, so they offer the exchange."""
    m = make_match(modules="epic", player_leader=leader)
    place_epic(m, "Library", VOLYN)
    pl = m.s.sides[PLAYER]
    pl.deeds, m.s.mod.library = [0], [1, 2, 3]
    troops(m, KIEV, 1, leader=True)
    rebels(m, VOLYN, 1)                                    # Sviatoslav's step there is free
    m.strategy = Scripted([("step", VOLYN), ("exchange", 0, 2)])
    if leader == "sviatoslav":
        player._sviatoslav(m)
    else:
        player._theofana(m)
    assert pl.leader == VOLYN and pl.deeds == [2] and 0 in m.s.mod.library


def test_town_wall_reveals_one_more_card():
    """Town Wall: attacking an opponent in its region reveals 1 extra card (RK-SB-EPIC-1, -4)."""
    m = make_match(modules="epic")
    rebels(m, VOLYN, 1)
    before = combat.casualty_cards(m, REBELLION, VOLYN)
    place_epic(m, "Town Wall", VOLYN)
    assert combat.casualty_cards(m, REBELLION, VOLYN) == before + 1
    assert combat.casualty_cards(m, PLAYER, VOLYN) == combat.casualty_cards(make_match(), PLAYER, VOLYN) + 1


def test_siege_tower_attacks_across_its_border():
    """Siege Tower: a unit in either region may attack in the other (RK-SB-EPIC-1, -4)."""
    m = make_match(modules="epic")
    m.s.mod.borders.append((KIEV, VOLYN, epic.SIEGE_TOWER))
    troops(m, KIEV, 2)
    rebels(m, VOLYN, 1)
    assert ("attack", VOLYN, "rebellion") in choices.attack_choices(m, 1)
    m.s.schemes = [scheme_ids(_DATA, 0), scheme_ids(_DATA, 0)]
    player.attack(m, VOLYN, "rebellion")
    assert m.s.sides[REBELLION].units[VOLYN] == 0 and m.s.sides[PLAYER].warfare == 1
    assert rebellion._attack_targets(make_match(modules="epic"), VOLYN) is False


def test_capital_port_swap_for_the_player():
    """Capital Port: after taxing its region the taxed good is placed first, then one good may be
    swapped for another kind (RK-SB-EPIC-1)."""
    m = make_match(modules="epic")
    place_epic(m, "Capital Port", VOLYN)
    troops(m, VOLYN, 2)
    fish, fur = 1, 4
    m.strategy = Scripted([("swap", fish, fur)])
    player.apply(m, ("tax", VOLYN, "none"))
    pl = m.s.sides[PLAYER]
    assert pl.boat[fish] + pl.dock[fish] == 0 and pl.boat[fur] == 1


@pytest.mark.parametrize("where", ["tax", "veche", "library", "palace"])
def test_rebellion_unlocks_instead_of_optional_effects(where):
    """The Rebellion unlocks a bonus space when it taxes the Capital Port's region, moves a unit into
    the Veche's or its leader into the Library's (once per round each), or has its leader in the
    Palace's region at round end (RK-SB-EPIC-4, RK-EOR-2)."""
    m = make_match(modules="epic", difficulty=2)
    m.s.card, m.s.priority = card_index(1), "build"
    coins = m.s.sides[REBELLION].coins
    if where == "tax":
        place_epic(m, "Capital Port", VOLYN)
        rebels(m, VOLYN, 1)
        rebellion.tax(m, 1)
        assert m.s.sides[REBELLION].coins == coins + 1
        return
    if where == "palace":
        place_epic(m, "Palace", VOLYN)
        rebels(m, VOLYN, 1, leader=True)
        epic.round_end(m)
        assert m.s.sides[REBELLION].coins == coins + 1
        return
    place_epic(m, "Veche" if where == "veche" else "Library", VOLYN)
    reb = m.s.sides[REBELLION]

    def march():
        reb.units[VOLYN], reb.units[KIEV], reb.leader = 0, 2, KIEV
        assert rebellion.move(m, 1) == 1 and reb.leader == VOLYN
    march()
    assert reb.coins == coins + 1
    march()
    assert reb.coins == coins + 1                         # once per round
    m.s.mod.used = 0
    march()
    assert reb.coins == coins + 2                         # a new round


def test_rebellion_three_points_rewards_it_cannot_use():
    """3 build points with a scheme/deed reward on top: 1 VP token and an unlock; any good: the first
    of fur, honey, stone, wood, fish with boat room; with ``rebel_epic_reward=ignore`` only the VP
    token (RK-SB-EPIC-2, RK-SB-EPIC-3, RK-OPEN-24)."""
    m = make_match(modules="epic", difficulty=2)
    lay_out(m, "Library", "Capital Port", "Border Fort")
    coins = m.s.sides[REBELLION].coins
    assert epic.rebel_build(m, 3)
    assert m.s.sides[REBELLION].vp_tokens == 1 and m.s.sides[REBELLION].coins == coins + 1
    assert epic.rebel_build(m, 3)
    assert m.s.sides[REBELLION].boat[4] == 1                # fur
    assert epic.rebel_build(m, 3)
    assert m.s.mod.epic_gone == [True, True, True] and not epic.rebel_build(m, 3)
    m2 = make_match(modules="epic", rebel_epic_reward="ignore")
    lay_out(m2, "Capital Port", "Library", "Veche")
    epic.rebel_build(m2, 3)
    epic.rebel_build(m2, 3)
    assert m2.s.sides[REBELLION].vp_tokens == 2 and sum(m2.s.sides[REBELLION].boat) == 0
    assert m2.s.sides[REBELLION].coins == 3
    assert score(m2)[1]["epic"] == 2


def test_rebellion_two_build_points_build_normally():
    """Fewer than 3 build points: an ordinary build, the cards stay (RK-SB-EPIC-2, RK-REB-BUILD-9)."""
    m = make_match(modules="epic", difficulty=2)
    lay_out(m, "Library", "Capital Port", "Border Fort")
    m.s.card, m.s.priority = card_index(1), "build"
    rebels(m, VOLYN, 2)
    troops(m, VOLYN, 1)
    m.s.board[COL["build"]] = [(REBELLION, "1", 1)]
    rebellion.take_turn(m)
    assert any(o == REBELLION for o, _ in m.s.structs[VOLYN]) and not any(m.s.mod.epic_gone)


def test_game_end_logging_camp_and_veche():
    """Logging Camp: strictly the most wood earns a token; Veche: most troops on its card, ties
    included (RK-SB-EPIC-1, -4); both in the ``epic`` category."""
    m = make_match(modules="epic")
    place_epic(m, "Logging Camp", NOV)
    m.s.sides[PLAYER].boat[0] = 2
    m.s.sides[REBELLION].dock[0] = 2
    assert epic.game_end_tokens(m) == (0, 0)
    m.s.sides[REBELLION].dock[0] = 3
    assert epic.game_end_tokens(m) == (0, 1)
    place_epic(m, "Veche", KIEV)
    m.s.mod.veche[PLAYER] = 1
    assert epic.game_end_tokens(m) == (1, 1)
    p, r = score(m)
    assert p["epic"] == 1 and r["epic"] == 1


def test_renowned_agenda_scores_in_epic():
    """Renowned: rule the most regions with epic structures; its 2 VP go to ``epic`` (RK-SB-EPIC-1)."""
    m = make_match(modules="epic")
    m.s.sides[PLAYER].agenda = next(i for i, a in enumerate(_DATA.agendas) if a["id"] == "renowned")
    place_epic(m, "Palace", VOLYN)
    troops(m, VOLYN, 2)
    p, _ = score(m)
    assert p["epic"] == 2 and p["agenda"] == 0
    rebels(m, VOLYN, 3)
    assert score(m)[0]["epic"] == 0


def test_palace_player_draws_a_deed_at_round_end():
    """Palace: the player's leader in its region at round end draws the top deed (RK-EOR-2)."""
    m = make_match(modules="epic")
    place_epic(m, "Palace", VOLYN)
    troops(m, VOLYN, 1, leader=True)
    m.s.deed_deck[:] = [5, 6]
    epic.round_end(m)
    assert m.s.sides[PLAYER].deeds == [5]


# --- the readings of the second audit (issue 21), as rule options -------------------------------

@pytest.mark.parametrize("mode", ["every_round", "rounds_1_to_3"])
def test_palace_at_the_end_of_round_four(mode):
    """Palace's "Round end" effect follows round 4 too by default; ``palace_rounds=rounds_1_to_3``
    skips it (RK-EOR-2, RK-READ-7): here the Rebellion's leader there unlocks a bonus space, one coin."""
    m = make_match(modules="epic", palace_rounds=mode)
    place_epic(m, "Palace", VOLYN)
    rebels(m, VOLYN, 1, leader=True)
    m.s.round = 4
    coins = m.s.sides[REBELLION].coins
    epic.round_end(m)
    assert m.s.sides[REBELLION].coins == coins + (mode == "every_round")


@pytest.mark.parametrize("mode", ["to_supply", "out_of_game"])
def test_the_church_the_cathedral_replaces(mode):
    """The replaced church goes back to the player's supply by default, to the box with
    ``cathedral_church=out_of_game`` (RK-SB-EPIC-1, RK-READ-8)."""
    m = make_match(modules="epic", cathedral_church=mode)
    lay_out(m, "Cathedral", "Palace", "Library")
    troops(m, VOLYN, 2)
    build_struct(m, PLAYER, VOLYN, CHURCH)
    (c,) = _epic_choices(m)
    player.apply(m, c)
    assert m.s.sides[PLAYER].structures[CHURCH] == (3 if mode == "to_supply" else 2)


@pytest.mark.parametrize("mode, free", [("one_per_turn", 1), ("one_per_fort", 2)])
def test_border_fort_crossings_over_two_forts(mode, free):
    """With both Border Forts built, one free crossing per side per turn over both by default,
    one per fort with ``border_fort_crossings=one_per_fort`` (RK-SB-EPIC-1, RK-READ-9)."""
    m = make_match(modules="epic", border_fort_crossings=mode)
    nov, pol = region("novgorod"), region("polotsk")
    m.s.mod.borders += [(KIEV, VOLYN, epic.BORDER_FORT), (nov, pol, epic.BORDER_FORT)]
    troops(m, KIEV, 1)
    troops(m, nov, 1)
    costs = [player.apply(m, ("move", KIEV, VOLYN, "troop")), player.apply(m, ("move", nov, pol, "troop"))]
    assert costs.count(0) == free
    m.s.mod.turn = m.s.mod.turn & ~epic.FORT_MASK[PLAYER]  # a new turn: free again
    assert player.apply(m, ("move", VOLYN, KIEV, "troop")) == 0


@pytest.mark.parametrize("mode, cost", [("free", 0), ("two_points", 2)])
def test_border_fort_crossing_into_the_city_gate(mode, cost):
    """A Border Fort crossing into the City Gate's region costs nothing by default; with
    ``fort_into_city_gate=two_points`` the City Gate's 2 points win (RK-SB-EPIC-1, RK-READ-10)."""
    m = make_match(modules="epic", fort_into_city_gate=mode)
    m.s.mod.borders.append((KIEV, VOLYN, epic.BORDER_FORT))
    place_epic(m, "City Gate", VOLYN)
    troops(m, KIEV, 2)
    assert player.apply(m, ("move", KIEV, VOLYN, "troop")) == cost
    assert bool(m.s.mod.turn & epic.TURN_FORT[PLAYER]) == (cost == 0)   # a crossing paid for is not used up


@pytest.mark.parametrize("how", ["veche", "border_fort"])
def test_scheme_card_rewards_from_the_deck_the_player_chooses(how):
    """The Veche's scheme card and the Border Fort's reward come from the scheme deck the player
    chooses (RK-SB-EPIC-1, RK-READ-12); they always came from deck 0."""
    m = make_match(modules="epic")
    m.s.schemes = [[1, 2], [3, 4]]
    troops(m, KIEV, 2)
    if how == "veche":
        place_epic(m, "Veche", VOLYN)
        m.strategy = Scripted([("veche",), ("deck", 1)])
        player.apply(m, ("move", KIEV, VOLYN, "troop"))
    else:
        lay_out(m, "Border Fort", "Palace", "Library")
        m.strategy = Scripted([("deck", 1)])
        player.apply(m, next(c for c in _epic_choices(m) if c[3] == VOLYN))
    assert m.s.sides[PLAYER].hand == [3] and m.s.schemes[1] == [4]


@pytest.mark.parametrize("leader", ["gleb", "maria"])
@pytest.mark.parametrize("where", ["library", "veche"])
def test_rebel_leader_round_end_move_triggers_library_and_veche(leader, where):
    """The Rebellion's Gleb and Maria move at round end to a revealed inheritance region
    (RK-SB-REBLEAD-2, -3): moving the leader into the Library's region, or a unit into the Veche's,
    unlocks a bonus space as any other move does, once per round (RK-SB-EPIC-4). Before, only its
    marches did; the player's leader steps already counted."""
    from automa.rurik import claims
    m = make_match(modules="epic", difficulty=2, rebel_leader=leader, player_leader="boris")
    m.s.card, m.s.priority = card_index(1), "build"
    place_epic(m, "Library" if where == "library" else "Veche", VOLYN)
    reb = m.s.sides[REBELLION]
    rebels(m, KIEV, 1, leader=True)
    coins = reb.coins
    m.s.inherit = [VOLYN, KIEV, VOLYN]
    claims.end_of_round(m)
    assert reb.leader == VOLYN and reb.coins == coins + 1    # an unlocked coin space
    claims.end_of_round(m)                                 # back to Kiev: nothing
    claims.end_of_round(m)                                 # Volyn again, the same round: once per round
    assert reb.leader == VOLYN and reb.coins == coins + 1


@pytest.mark.parametrize("leader", ["sviatoslav", "theofana"])
@pytest.mark.parametrize("mode", ["free", "blocked"])
def test_leader_step_into_the_city_gate(leader, mode):
    """Player Sviatoslav's and Theofana's own steps spend no movement point, so the City Gate's
    2-point entry does not apply to them: free by default; ``leader_step_city_gate=blocked`` reads
    the gate as closed to them (RK-SB-EPIC-1, RK-SB-LEAD-2, -3, RK-READ-13)."""
    m = make_match(modules="epic", player_leader=leader, leader_step_city_gate=mode)
    place_epic(m, "City Gate", VOLYN)
    troops(m, KIEV, 1, leader=True)
    rebels(m, VOLYN, 1)                                    # Sviatoslav's step there is free
    m.s.sides[PLAYER].coins = 1
    m.strategy = Scripted()
    player._sviatoslav(m) if leader == "sviatoslav" else player._theofana(m)
    steps = [c for c in m.strategy.asked[0][1] if c[0] == "step"]
    assert (("step", VOLYN) in steps) is (mode == "free")
    assert len(steps) == len(_DATA.adjacent[KIEV]) - (mode == "blocked")
