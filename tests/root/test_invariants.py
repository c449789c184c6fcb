"""The invariant checker of Root (tests/root/invariants.py): a small checked run over every seating, proof
that the checker is called at every step and changes nothing, and, for each invariant, a deliberately
broken state that it catches. ``pytest -m fuzz`` runs 100,000 checked games (tests/test_fuzz.py)."""
from __future__ import annotations

import contextlib

import pytest

from automa.core.registry import get_strategy
from automa.core.seeding import game_streams
from automa.root import battle, rounds, state
from automa.root.options import BOTS, HIRELINGS, LANDMARKS, LEVELS, PREFIX, TIED, TRAITS
from tests.root.invariants import (
    GAME, HIRELING_PLAN, INVARIANTS, LANDMARK_PLAN, STRATEGIES, Checker, CheckingTrace, Modules, Violation,
    all_seatings, game_plan, play_checked, playable, recount_ruler, seatings, watching,
)

SEED = 20_261_206 + 1          # not the fuzz run's


def test_checked_games_over_every_seating_and_difficulty():
    """Four random games for each playable seating, every bot at every difficulty with traits, the
    rule options varied; every trace event and turn end checked (issue 33, "Tests")."""
    tables = seatings()
    seen_levels, seen_traits, steps, games = set(), set(), 0, 4 * len(tables)
    with watching(None) as w:
        for i in range(games):
            options, _ = game_plan(i, tables)
            _, ck = play_checked(options, SEED, i, "random", w)
            assert ck.steps > ck.turns > 0
            steps += ck.steps
            for bot, p in PREFIX.items():
                seen_levels.add((bot, options[f"{p}_difficulty"]))
                seen_traits.update((bot, t) for t in options[f"{p}_traits"].split(",") if t)
    assert seen_levels == {(b, lv) for b in BOTS for lv in LEVELS}
    assert seen_traits == {(b, t) for b in BOTS for t in TRAITS[b]}
    assert steps > games * 100


def test_checked_games_with_the_best_strategy():
    """The second strategy of the fuzz run (:data:`STRATEGIES`) keeps the invariants too."""
    tables = [t for t in seatings() if t[0] != "none"]
    with watching(None) as w:
        for i in range(len(tables)):
            options, _ = game_plan(i, tables)
            play_checked(options, SEED, i, STRATEGIES[1], w)


def test_a_search_player_s_rollouts_are_not_the_checked_game():
    """A search player's choice in the advanced setup (LoR-A.10) plays rollouts while the real game's setup
    waits; the checker arms on the real game, whose trace it is, never on a rollout's finished game (it once
    did, and then read the rollout's winner as a game going on past 30 VP)."""
    options = GAME.resolve_options({"setup": "advanced", "bots": "electric_eyrie,automated_alliance"})
    result, ck = play_checked(options, SEED, 0, "mc(budget=2)")
    assert ck.game.trace is not None and ck.game.trace.checker is ck and result.turns > 0


def test_the_fuzz_plan_plays_every_landmark_LoR_A_5():
    """The fuzz run's plan (``game_plan``) sets up every landmark built (LoR-A.5.1, LoR-F), alone and in
    pairs, and never the Elder Treetop at a table of two (its card)."""
    tables = seatings()
    seen = set()
    for i in range(len(tables) * 3 * len(LANDMARK_PLAN)):
        options, _ = game_plan(i, tables)
        marks = tuple(m for m in options["landmarks"].split(",") if m)
        seen.add(marks)
        players = len(options["bots"].split(",")) + (options["faction"] != "none")
        assert "elder_treetop" not in marks or players > 2
    assert {m for ms in seen for m in ms} == set(LANDMARKS) and any(len(ms) == 2 for ms in seen)


def test_the_fuzz_plan_plays_every_hireling_LoR_A_6():
    """The fuzz run's plan (``game_plan``) deals every hireling built (LoR-A.6, LoR-E) at tables of two, three
    and four seats (so promoted and demoted, LoR-A.6.2), and plays without them too; a card tied to a faction
    (``TIED``) never while it sits (LoR-A.6.5), so at two and three seats only (four seat every faction)."""
    tables = seatings()
    seen = set()
    for i in range(len(tables) * 2 * len(HIRELING_PLAN)):
        options, _ = game_plan(i, tables)
        sitting = {options["faction"]} | {BOTS[b] for b in options["bots"].split(",")}
        seats = len(options["bots"].split(",")) + (options["faction"] != "none")
        seen.update((n, seats) for n in options["hirelings"].split(","))
    # LoR-A.6.5: a card tied to a faction never sits with it, and four seats always seat the Marquise (and
    # every other base faction), so a tied card is dealt at two and three seats only
    assert {(n, s) for n in ("", *HIRELINGS) for s in (2, 3, 4) if not (n in TIED and s == 4)} <= seen
    for options in (game_plan(i, tables)[0] for i in range(len(tables) * 2 * len(HIRELING_PLAN))):
        seated = {BOTS[b] for b in options["bots"].split(",")} | {options["faction"]}
        assert not {TIED.get(n) for n in options["hirelings"].split(",")} & seated


def test_every_event_and_turn_end_is_a_check_point():
    """A checker that is not called catches nothing: one check when setup ends, one per trace event after it
    (but the game's last two, ``victory`` and ``scores``) and one per turn end."""
    options = GAME.resolve_options({"faction": "eyrie"})
    ctx = GAME.prepare(options)
    ck = Checker(ctx)
    trace = CheckingTrace(ck)
    streams = game_streams(SEED, 3)
    with watching(ck):
        res = GAME.play(ctx, options, get_strategy(GAME, "random")(streams.strategy), streams, trace, Modules(ck))
    after = [e for e in trace.events[ck.armed_at:] if e["kind"] not in ("victory", "scores")]
    assert ck.steps == 1 + len(after) + ck.turns
    assert ck.turns == res.turns - (res.winner != "none")     # a win ends a turn before its end
    assert len(after) > 100


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_hooks_change_nothing(strategy):
    """The same games with and without the checker's hooks have the same result (the hooks only look)."""
    options = GAME.resolve_options({"faction": "alliance", "ee_traits": "war_tax"})
    ctx = GAME.prepare(options)
    for i in range(4):
        streams = game_streams(SEED, i)
        plain = GAME.play(ctx, options, get_strategy(GAME, strategy)(streams.strategy), streams, None)
        checked, _ = play_checked(options, SEED, i, strategy)
        assert (checked.player, checked.automa, checked.sides, checked.winner, checked.turns) == \
               (plain.player, plain.automa, plain.sides, plain.winner, plain.turns)


def test_a_game_with_war_tax_ends_with_a_result_CW_EE_TRAIT_4():
    """Found by the first fuzz sample (fixed on main by the audit): the VP an enemy lost to War Tax had a
    source outside the result categories, and the game ended in rounds.by_source's ValueError."""
    res, ck = play_checked(GAME.resolve_options({"ee_traits": "war_tax"}), 1, 1)
    assert ck.turns and set(res.player) == set(rounds.CATEGORIES)


def test_vagabond_seatings_follow_setup():
    """The human Vagabond's seatings are played once setup seats him (branch root-vagabond), and left out
    cleanly until then."""
    vagabond = [t for t in all_seatings() if t[0] == "vagabond"]
    assert len(vagabond) == 7 and len(all_seatings()) == 39
    assert all((t in seatings()) == playable("vagabond") for t in vagabond)


# ---------------------------------------------------------------------------------------------- broken states

@pytest.fixture
def table():
    """A checker armed on a real game stopped after two rounds (the turn cap: no winner), whose state
    passes every check; the tests below break it one invariant at a time."""
    options = GAME.resolve_options({"faction": "eyrie", "turn_cap": 2, "ee_traits": ""})
    with watching(None) as w:
        _, ck = play_checked(options, SEED, 7, "random", w)
        ck.check("before the break")
        yield ck


def broken(invariant):
    return pytest.raises(Violation, match=f"^{invariant}: ")


def cleared(ck):
    """The clearings with no building or token, their warriors sent back to their supplies (conserved)."""
    g = ck.game
    out = [c for c in range(1, 13) if not g.clearings[c].buildings and not g.clearings[c].tokens]
    for c in out:
        for f, n in list(g.clearings[c].warriors.items()):
            state.remove_warriors(g, f, c, n)
    ck.check("cleared")
    return out


def test_pieces_a_warrior_from_nowhere_LoR_1_5_1(table):
    c = next(c for c in range(1, 13) if table.game.clearings[c].warriors.get("eyrie"))
    table.game.clearings[c].warriors["eyrie"] += 1
    with broken("pieces"):
        table.check("test")


def test_pieces_a_building_lost_LoR_1_5_3(table):
    table.game.seat("marquise").supply["sawmill"] -= 1
    with broken("pieces"):
        table.check("test")


def test_pieces_a_piece_of_a_faction_not_at_the_table(table):
    table.game.clearings[cleared(table)[0]].tokens.append(("alliance", "sympathy"))
    with broken("pieces"):
        table.check("test")


def test_items_an_item_from_nowhere_LoR_5_1_5(table):
    table.game.items["boot"] = table.game.items.get("boot", 0) + 1
    with broken("items"):
        table.check("test")


def test_items_a_ruin_emptied_without_its_item_LoR_2_2_4(table):
    c = next(c for c in range(1, 13) if table.game.clearings[c].ruin)
    table.game.ruin_items[c].clear()
    with broken("items"):
        table.check("test")


def test_slots_a_building_over_capacity_LoR_2_2_3(table):
    g, seat = table.game, table.game.seat("marquise")
    c = min(range(1, 13), key=lambda c: g.clearings[c].open_slots)
    for kind in ("sawmill", "workshop", "recruiter", "sawmill"):
        if g.clearings[c].open_slots < 0:
            break
        seat.supply[kind] -= 1                         # conserved: only the slots are broken
        g.clearings[c].buildings.append(("marquise", kind))
    with broken("slots"):
        table.check("test")


def test_rule_a_ruler_that_ignores_lords_of_the_forest_LoR_2_5_LoR_7_2_2(table, monkeypatch):
    g = table.game
    c = cleared(table)[0]
    for f in ("eyrie", "marquise"):
        g.seat(f).supply["warrior"] -= 1
        g.clearings[c].warriors[f] = 1
    assert recount_ruler(g.clearings[c]) == "eyrie" == state.ruler(g, c)
    table.check("a tie the Eyrie rules")

    def plain(game, clearing):                         # strictly the most, no tie rule for the Eyrie
        counts = dict(game.clearings[clearing].warriors)
        for f, _ in game.clearings[clearing].buildings:
            counts[f] = counts.get(f, 0) + 1
        best = max(counts.values(), default=0)
        who = [f for f, n in counts.items() if n == best and n]
        return who[0] if len(who) == 1 else None
    monkeypatch.setattr(state, "ruler", plain)
    with broken("rule"):
        table.check("test")


def test_vp_scored_outside_state_score_RT_STUDY_5(table):
    seat = table.game.seat("marquise")
    seat.vp += 1
    seat.sources["removal"] = seat.sources.get("removal", 0) + 1
    with broken("vp"):
        table.check("test")


def test_vp_not_the_sum_of_its_sources(table):
    table.game.seat("eyrie").vp += 2
    with broken("vp"):
        table.check("test")


def test_vp_a_source_that_is_no_category(table):
    state.score(table.game, "eyrie", 1, "bogus")
    with broken("vp"):
        table.check("test")


def test_vp_thirty_and_the_game_goes_on_LoR_3_1(table):
    seat = table.game.seat("alliance")
    seat.vp, seat.sources = 30, {"crafting": 30}
    table.tally["alliance"] = {"crafting": 30}
    with broken("vp"):
        table.check("test")


def test_cards_a_card_in_two_places_LoR_2_1(table):
    table.game.seat("eyrie").hand.append(table.game.deck[0])
    with broken("cards"):
        table.check("test")


def test_cards_a_card_lost(table):
    table.game.deck.pop()
    with broken("cards"):
        table.check("test")


def test_cards_a_bot_holds_a_hand_CW_GEN_15(table):
    card = table.game.deck.pop()
    table.game.seat("marquise").hand.append(card)
    with broken("cards"):
        table.check("test")


def test_cards_a_hand_over_five_at_the_turn_end_LoR_7_6_2(table):
    seat = table.game.seat("eyrie")
    while len(seat.hand) <= 5:
        seat.hand.append(table.game.deck.pop())
    table.check("mid-turn: more than five is allowed")
    with broken("cards"):
        table.turn_end(table.game, seat)


def test_targets_a_battle_with_no_warrior_there_LoR_4_3(table):
    g = table.game
    c = next(c for c in range(1, 13) if g.clearings[c].warriors.get("marquise") and not g.clearings[c].warriors.get(
        "eyrie"))
    with broken("targets"):
        battle.battle(g, "eyrie", "marquise", c)


def test_targets_a_bot_attacks_no_enemy_in_coop_CW_GEN_22(table):
    g = table.game
    g.options = dict(g.options, victory="coop")
    c = cleared(table)[0]
    for f in ("marquise", "alliance"):
        g.seat(f).supply["warrior"] -= 1
        g.clearings[c].warriors[f] = 1
    table.check("conserved")
    with broken("targets"):
        battle.battle(g, "marquise", "alliance", c)


@pytest.fixture
def hired():
    """As ``table``, with the Vault Keepers dealt at two seats (promoted) and controlled by the player."""
    options = GAME.resolve_options({"faction": "marquise", "bots": "electric_eyrie", "hirelings": "keepers",
                                    "turn_cap": 2})
    with watching(None) as w:
        _, ck = play_checked(options, SEED, 7, "random", w)
        ck.game.hirelings["keepers"].controller = "marquise"
        ck.check("before the break")
        yield ck


def test_targets_a_hireling_attacks_its_controller_LoR_E_3_2(hired):
    g = hired.game
    c = cleared(hired)[0]
    for f in ("marquise", "keepers"):
        g.seat(f).supply["warrior"] -= 1
        g.clearings[c].warriors[f] = 1
    hired.check("conserved")
    with broken("targets"):
        battle.battle(g, "keepers", "marquise", c)


def test_vp_a_hireling_scores_LoR_E_3_6(hired):
    with broken("vp"):
        hired.scored(hired.game, "keepers", 1, "removal")


def test_targets_a_move_along_no_path_LoR_4_2(table):
    g = table.game
    o = next(c for c in range(1, 13) if g.clearings[c].warriors.get("eyrie"))
    d = next(c for c in range(1, 13) if c != o and c not in g.map.clearings[o - 1].adjacent)
    with broken("targets"):
        state.move_warriors(g, "eyrie", o, d, 1)


def test_targets_a_move_ruling_neither_end_LoR_4_2_1(table):
    g = table.game
    empty = cleared(table)
    o, d = next((o, d) for o in empty for d in g.map.clearings[o - 1].adjacent if d in empty)
    for c in (o, d):
        g.clearings[c].warriors.update(marquise=1, eyrie=2)
        g.seat("marquise").supply["warrior"] -= 1
        g.seat("eyrie").supply["warrior"] -= 2
    table.check("conserved")
    with broken("targets"):
        state.move_warriors(g, "marquise", o, d, 1)


def test_a_bot_march_into_the_human_alliance_sympathy_outrages_it_CW_GEN_25():
    """Found by the first fuzz sample (fixed on main by the audit): the Mechanical Marquise's march moved
    with state.move_warriors, so the human Alliance never heard it move into clearing 9, sympathetic, in
    turn 20 of this game (no Outrage, CW-GEN-25, LoR-8.2.6)."""
    res, _ = play_checked(GAME.resolve_options({"faction": "alliance"}), 7, 0, "random")
    assert {"kind": "outrage", "rule": "LoR-8.2.6", "clearing": 9, "by": "marquise", "how": "move",
            "drawn": 1} in res.events


def test_targets_a_move_into_sympathy_not_heard_is_caught_LoR_8_2_6():
    """The human Eyrie moving into the Alliance bot's sympathy with state.move_warriors alone: the checker
    sees that no board heard it at the turn's end (a human mover outrages the bot, CW-AA-ABIL-3)."""
    options = GAME.resolve_options({"faction": "eyrie", "turn_cap": 3})
    with watching(None) as w:
        _, ck = play_checked(options, SEED, 5, "random", w)
        g = ck.game
        d = next(c for c in range(1, 13) if ("alliance", "sympathy") in g.clearings[c].tokens)
        o = g.map.clearings[d - 1].adjacent[0]
        g.clearings[o].warriors["eyrie"] = g.clearings[o].warriors.get("eyrie", 0) + 9
        g.seat("eyrie").supply["warrior"] -= 9
        state.move_warriors(g, "eyrie", o, d, 1)
        with broken("targets"):
            ck.turn_end(g, g.seat("eyrie"))


@pytest.fixture
def mountain():
    """As ``table``, on the Lake or the Mountain (LoR-C.2, LoR-C.3)."""
    with contextlib.ExitStack() as stack:
        def on(side):
            options = GAME.resolve_options({"faction": "eyrie", "turn_cap": 2, "ee_traits": "", "map": side})
            _, ck = play_checked(options, SEED, 7, "random", stack.enter_context(watching(None)))
            ck.check("before the break")
            return ck
        yield on


def test_map_a_suit_marker_too_many_LoR_A_1(mountain):
    ck = mountain("mountain")
    cls = ck.game.clearings
    other = next(c for c in range(2, 13) if cls[c].suit != cls[1].suit)
    cls[other].suit = cls[1].suit
    with broken("map"):
        ck.check("test")


def test_map_the_ferry_off_the_coast_LoR_C_2_5(mountain):
    ck = mountain("lake")
    ck.game.ferry = next(cl.id for cl in ck.game.map.clearings if not cl.coastal)
    with broken("map"):
        ck.check("test")


def test_map_a_closed_path_opened_without_its_marker_going_LoR_C_3_3(mountain):
    ck = mountain("mountain")
    g = ck.game
    g.paths = tuple(() if c == 0 else g.map.clearings[c - 1].adjacent + g.map.clearings[c - 1].closed
                    for c in range(13))
    with broken("map"):
        ck.check("test")


def test_targets_a_player_moves_along_a_closed_path_LoR_C_3_2(mountain):
    ck = mountain("mountain")
    g = ck.game
    a, b = g.closed[0]
    g.clearings[a].warriors["eyrie"] = g.clearings[a].warriors.get("eyrie", 0) + 9
    g.seat("eyrie").supply["warrior"] -= 9
    with broken("targets"):
        state.move_warriors(g, "eyrie", a, b, 1)


def test_every_invariant_has_a_breaking_test():
    names = {n.split("_")[1] for n in globals() if n.startswith("test_") and n.split("_")[1] in INVARIANTS}
    assert names == set(INVARIANTS)


def test_allied_warriors_move_with_the_vagabond_regardless_of_rule_LoR_9_2_9():
    """Found by the fuzz sample: the human Vagabond (Tinker) forces two Allied Eyrie warriors from 2 to 6
    along with his pawn, ruling neither; vagabond.py reads LoR-9.2.9.II.b as a move regardless of rule
    (like his own, Nimble, LoR-9.2.3), and the checker follows that reading."""
    options = GAME.resolve_options({      # game 1548 of the fuzz sample, as it was planned then
        "faction": "vagabond", "vagabond_character": "tinker", "mm_difficulty": "nightmare", "mm_traits": "blitz,hospitals",
        "ee_difficulty": "easy", "ee_traits": "relentless,swoop", "aa_traits": "informants,popularity,veterans",
        "bird_order_scope": "no_clearing", "bot_random": "separate_streams", "crafted_order_card": "discard_at_once",
        "mm_random_setup": "bottom_right", "mm_move_rule": "skip_origin", "mm_expand_limit": "once",
        "ee_failed_step": "turmoil", "aa_revolt_warriors": "as_human", "aa_spread_fallback": "ordered_only",
        "aa_organize_order": "remove_all_first", "outrage_by_bot": "none"})
    res, _ = play_checked(options, 20_261_206, 1548, "greedy")
    assert any(e["kind"] == "ally_move" for e in res.events)
