"""The ``expert`` strategy for Root (issue 33): per faction a decision where the right choice is plain, its
parameters, its ranking, determinism, and a small paired check against greedy.

Tables are built on the Fall map (clearings by priority number): 1 fox corner (1 slot; adjacent 5, 9, 10),
2 mouse corner (2 slots), 5 rabbit (adjacent 1, 2), 9 mouse (adjacent 1, 4, 12).
"""
from __future__ import annotations

import random

import pytest

from automa.core.errors import UsageError
from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.strategy import Decision
from automa.root import alliance, data, eyrie, marquise, state, vagabond
from automa.root.state import Seat
from automa.root.view import View
from strategies.root.expert import PASS, ExpertStrategy

GAME = get_game("root")
MODULES = {"marquise": marquise, "eyrie": eyrie, "alliance": alliance}


def table(player):
    """A Fall table with the human ``player`` (its module's pieces and an empty board) and the two other
    factions of the three as seats with pieces only; nothing on the map, the deck in id order."""
    d = data.load()
    seats = []
    for f in ("marquise", "eyrie", "alliance"):
        seat = Seat(f, None if f == player else f"bot_{f}", dict(MODULES[f].PIECES))
        seat.board = MODULES[f].Board()
        seats.append(seat)
    g = state.new_game(d.maps["fall"], d.deck, seats, {}, {"deck": random.Random(3)})
    g.deck = list(range(len(g.cards)))
    return g


def card(g, suit, not_=()):
    """The id of a card of ``suit`` (not among ``not_``)."""
    return next(c.id for c in g.cards if c.suit == suit and c.id not in not_)


def picks(g, player, kind, choices):
    """Every choice expert makes over 20 streams (one: it is strictly best), without lookahead."""
    d = Decision(kind, View(g, player), tuple(choices))
    return {ExpertStrategy(random.Random(i)).choose(d) for i in range(20)}


# ---------------------------------------------------------------------------------------------- per faction

def test_marquise_builds_a_sawmill_rather_than_marching_or_passing_LoR_6_5_4():
    """With wood at hand the Marquise builds (VP and a sawmill's wood, LoR-6.5.4) rather than march with
    nothing to gain or end Daylight."""
    g = table("marquise")
    g.seat("marquise").board.keep = 1
    state.place_token(g, "marquise", "keep", 1)
    state.place_warriors(g, "marquise", 1, 2)
    state.place_warriors(g, "marquise", 5, 1)
    state.place_building(g, "marquise", "sawmill", 1)
    for _ in range(2):
        state.place_token(g, "marquise", "wood", 1)
    choices = [("march",), ("build", 5, "sawmill"), ("build", 5, "workshop"), PASS]
    assert picks(g, "marquise", "marquise_action", choices) == {("build", 5, "sawmill")}


def test_marquise_march_takes_a_clearing_with_a_free_slot_LoR_6_5_2():
    """A move that makes her rule a clearing with an open slot beats one between her own clearings."""
    g = table("marquise")
    state.place_warriors(g, "marquise", 1, 3)
    state.place_warriors(g, "marquise", 9, 2)
    state.place_warriors(g, "eyrie", 5, 1)
    choices = [(1, 9, 1), (1, 5, 1), (1, 5, 2), PASS]
    assert picks(g, "marquise", "march", choices) == {(1, 5, 2)}


def test_eyrie_adds_a_card_it_can_recruit_with_not_one_that_throws_it_into_turmoil_LoR_7_4_2_LoR_7_7():
    """The only roost is in fox clearing 1: a fox card in the recruit column can be carried out
    (LoR-7.5.2.I), a mouse card there cannot (turmoil, LoR-7.7)."""
    g = table("eyrie")
    b = g.seat("eyrie").board
    b.leader = "despot"
    eyrie._tuck_viziers(b)
    state.place_building(g, "eyrie", "roost", 1)
    state.place_warriors(g, "eyrie", 1, 6)
    fox, mouse = card(g, "fox"), card(g, "mouse")
    g.seat("eyrie").hand = [fox, mouse]
    choices = [(fox, "recruit"), (mouse, "recruit")]
    assert picks(g, "eyrie", "eyrie_decree_add", choices) == {(fox, "recruit")}


def test_eyrie_resolves_specific_suits_before_birds_LoR_7_5_2():
    g = table("eyrie")
    assert picks(g, "eyrie", "eyrie_decree_card", ("fox", "bird")) == {"fox"}


def test_eyrie_leader_avoids_a_battle_vizier_with_no_enemy_in_reach_LoR_7_3_3_LoR_7_3_4():
    """Alone in its corner, a leader whose Loyal Vizier battles (Charismatic, Commander) would fall into
    turmoil at once; the Builder and the Despot would not."""
    g = table("eyrie")
    state.place_building(g, "eyrie", "roost", 1)
    state.place_warriors(g, "eyrie", 1, 6)
    got = picks(g, "eyrie", "eyrie_leader", ("charismatic", "commander", "builder", "despot"))
    assert got <= {"builder", "despot"}


def test_alliance_spreads_where_no_martial_law_raises_the_cost_LoR_8_4_2():
    """Two clearings next to its sympathy: one under Martial Law (three Marquise warriors, one supporter
    more, LoR-8.4.2.II.a), one empty: the empty one."""
    g = table("alliance")
    state.place_token(g, "alliance", "sympathy", 1)
    state.place_warriors(g, "marquise", 9, 3)
    g.seat("alliance").board.supporters = [card(g, "rabbit"), card(g, "mouse")]
    assert picks(g, "alliance", "alliance_spread", (5, 9, PASS)) == {5}


def test_alliance_spends_a_suited_supporter_and_keeps_the_bird_LoR_8_2_3():
    g = table("alliance")
    fox, bird = card(g, "fox"), card(g, "bird")
    assert picks(g, "alliance", "supporters", (bird, fox)) == {fox}


# ---------------------------------------------------------------------------------------------- protocol

def test_rank_agrees_with_choose_and_is_a_permutation():
    g = table("marquise")
    state.place_warriors(g, "marquise", 1, 3)
    state.place_warriors(g, "marquise", 9, 2)
    state.place_warriors(g, "eyrie", 5, 1)
    choices = ((1, 9, 1), (1, 5, 1), (1, 5, 2), PASS)
    d = Decision("march", View(g, "marquise"), choices)
    s = ExpertStrategy(random.Random(3))
    ranked = s.rank(d)
    assert ranked[0] == ExpertStrategy(random.Random(3)).choose(d) == (1, 5, 2)
    assert sorted(map(str, ranked)) == sorted(map(str, choices))


def test_an_unknown_kind_is_valued_by_lookahead():
    """A kind no section scores falls back on the position after each choice: the one with more VP."""
    g = table("alliance")
    rich, poor = g.copy(), g.copy()
    rich.seat("alliance").vp = 3
    views = {"a": View(rich, "alliance"), "b": View(poor, "alliance")}
    d = Decision("some_new_kind", View(g, "alliance"), ("a", "b"), views.__getitem__)
    assert ExpertStrategy(random.Random(0)).choose(d) == "a"


def vb_table(items, at=10, relations=None, quests=()):
    """A Fall table with the human Vagabond in clearing ``at`` holding ``items`` (kinds, face up and
    undamaged, or ``(kind, exhausted, damaged)``), the three other factions as bots, each Indifferent unless
    ``relations`` says otherwise, and ``quests`` face up."""
    d = data.load()
    seats = [Seat(f, f"bot_{f}", dict(MODULES[f].PIECES)) for f in ("marquise", "eyrie", "alliance")]
    for seat in seats:
        seat.board = MODULES[seat.faction].Board()
    me = Seat("vagabond", None, {})
    b = me.board = vagabond.Board()
    b.items = [vagabond.Item(*((i,) if isinstance(i, str) else i)) for i in items]
    b.relations = {f: "indifferent" for f in ("marquise", "eyrie", "alliance")} | (relations or {})
    b.quests = [q for q in d.components.quests if q.key in quests]
    g = state.new_game(d.maps["fall"], d.deck, seats + [me], {}, {"deck": random.Random(3)})
    g.deck = list(range(len(g.cards)))
    g.pawn = ("clearing", at)
    return g


def test_vagabond_carries_out_a_quest_his_items_are_ready_for_LoR_9_5_5():
    """In fox clearing 12 with a torch and a tea face up, Give a Speech (fox: torch, tea) scores, rather
    than moving on or ending Daylight."""
    g = vb_table(["torch", "tea", "boot"], at=12, quests=("give_a_speech_fox", "escort_mouse"))
    g.clearings[12].ruin = False
    choices = [("quest", "give_a_speech_fox"), ("move", 9), PASS]
    assert picks(g, "vagabond", "vagabond_daylight", choices) == {("quest", "give_a_speech_fox")}


def test_vagabond_explores_the_ruin_he_stands_in_LoR_9_5_3():
    """In ruin clearing 10 with a torch: explore (1 VP and an item) before moving or ending Daylight."""
    g = vb_table(["torch", "boot", "sword"], at=10)
    choices = [("move", 1), ("move", 2), ("explore",), PASS]
    assert picks(g, "vagabond", "vagabond_daylight", choices) == {("explore",)}


def test_vagabond_moves_toward_a_ruin_rather_than_an_empty_clearing_LoR_9_5_1():
    """From clearing 1, clearing 10 (a ruin) beats clearings 5 and 9 (nothing to do) for his torch."""
    g = vb_table(["torch", "boot"], at=1)
    choices = [("move", 5), ("move", 9), ("move", 10), PASS]
    assert picks(g, "vagabond", "vagabond_daylight", choices) == {("move", 10)}


def test_vagabond_does_not_make_a_faction_hostile_for_nothing_LoR_9_2_9_III():
    """Striking an Indifferent Marquise's warrior scores nothing and turns her Hostile: he ends Daylight
    instead; her building, with no warrior of hers there, scores 1 VP (LoR-3.2.1) and he strikes it."""
    g = vb_table(["crossbow"], at=1)
    state.place_warriors(g, "marquise", 1, 2)
    assert picks(g, "vagabond", "vagabond_daylight", [("strike", "marquise"), PASS]) == {PASS}
    g = vb_table(["crossbow"], at=1)
    state.place_building(g, "marquise", "sawmill", 1)
    choices = [("strike", "marquise", "sawmill", "building"), PASS]
    assert picks(g, "vagabond", "vagabond_daylight", choices) == {choices[0]}


def test_vagabond_battles_for_infamy_not_to_make_an_enemy_LoR_9_2_9_III_LoR_4_3():
    """Against two warriors of an Indifferent Marquise a battle wins no VP and turns her Hostile: he passes.
    A Hostile Eyrie's roost with no warrior to guard it (defenseless, LoR-4.3.3.II) is worth its removal VP
    and the Infamy: he battles."""
    g = vb_table(["sword", "sword"], at=1)
    state.place_warriors(g, "marquise", 1, 2)
    assert picks(g, "vagabond", "vagabond_daylight", [("battle", "marquise"), PASS]) == {PASS}
    g = vb_table(["sword", "sword"], at=1, relations={"eyrie": "hostile"})
    state.place_building(g, "eyrie", "roost", 1)
    assert picks(g, "vagabond", "vagabond_daylight", [("battle", "eyrie"), PASS]) == {("battle", "eyrie")}


def test_vagabond_aids_only_where_the_aids_reach_the_next_space_LoR_9_2_9_I():
    """One fox card: an Aid takes an Indifferent Eyrie to Allied 1 (1 VP), so he gives it; at Allied 1 the
    next space needs two Aids in the turn, which one card cannot give, so he keeps the card."""
    g = vb_table(["boot", "sword"], at=1, relations={"eyrie": "indifferent"})
    state.place_warriors(g, "eyrie", 1, 1)
    fox = card(g, "fox")
    g.seat("vagabond").hand = [fox]
    assert picks(g, "vagabond", "vagabond_daylight", [("aid", "eyrie", fox), PASS]) == {("aid", "eyrie", fox)}
    g.seat("vagabond").board.relations["eyrie"] = "allied_1"
    assert picks(g, "vagabond", "vagabond_daylight", [("aid", "eyrie", fox), PASS]) == {PASS}


def test_vagabond_remembers_the_aids_he_gave_this_turn_LoR_9_2_9_I_a():
    """At Allied 1 the next space takes two Aids in one turn. With two fox cards he gives the first; with
    the one card left he gives the second, as he remembers the first (the view does not show it); a player
    who gave none this turn keeps the card."""
    g = vb_table(["boot", "sword", "torch"], at=1, relations={"eyrie": "allied_1"})
    g.seat("marquise").vp = 5                                # the Eyrie's gift VP does not make it lead
    state.place_warriors(g, "eyrie", 1, 1)
    fox, fox2 = card(g, "fox"), card(g, "fox", not_=(card(g, "fox"),))
    g.seat("vagabond").hand = [fox, fox2]
    s = ExpertStrategy(random.Random(0))
    assert s.choose(Decision("vagabond_daylight", View(g, "vagabond"), (("aid", "eyrie", fox), PASS))) != PASS
    g.seat("vagabond").hand = [fox2]
    d = Decision("vagabond_daylight", View(g, "vagabond"), (("aid", "eyrie", fox2), PASS))
    assert s.choose(d) == ("aid", "eyrie", fox2)
    assert ExpertStrategy(random.Random(0)).choose(d) == PASS


def test_vagabond_removes_the_least_valuable_item_over_his_limit_LoR_9_6_4():
    """A bag before a torch or a sword, a damaged sword before an undamaged one."""
    g = vb_table([])
    got = picks(g, "vagabond", "vagabond_remove", [("bag", False, False), ("sword", False, False),
                                                    ("torch", True, False)])
    assert got == {("bag", False, False)}
    assert picks(g, "vagabond", "vagabond_remove", [("sword", False, False), ("sword", False, True)]) == {
        ("sword", False, True)}


def test_vagabond_takes_hits_on_exhausted_items_first_LoR_9_2_7():
    g = vb_table([])
    assert picks(g, "vagabond", "vagabond_damage", [("sword", False), ("sword", True)]) == {("sword", True)}


def test_vagabond_scores_a_quest_late_and_draws_early_LoR_9_5_5():
    """His first fox quest done: two cards while the leader is far from 30 VP, the VP once it is near."""
    g = vb_table([])
    g.seat("vagabond").board.quests_done = [q for q in data.load().components.quests if q.key == "errand_fox"]
    assert picks(g, "vagabond", "vagabond_quest_reward", ("score", "draw")) == {"draw"}
    g.seat("eyrie").vp = 26
    assert picks(g, "vagabond", "vagabond_quest_reward", ("score", "draw")) == {"score"}


def test_parameters_bind_and_a_bad_name_is_refused():
    spec = get_strategy(GAME, "expert(mq_sawmill=3,opp=1)")
    assert spec.canonical == "expert(opp=1,mq_sawmill=3)"
    s = spec(random.Random(0))
    assert s.mq_sawmill == 3.0 and s.opp == 1.0 and s.ey_build == 1.3
    with pytest.raises(UsageError, match="unknown parameter 'mq_sawmil'"):
        get_strategy(GAME, "expert(mq_sawmil=3)")


def _play(strategy, seed, i, faction):
    opts = GAME.resolve_options({"faction": faction})
    st = game_streams(seed, i)
    return GAME.play(GAME.prepare(opts), opts, get_strategy(GAME, strategy)(st.strategy), st, None)


def _margin(res):
    return sum(res.player.values()) - sum(res.automa.values())


def test_deterministic():
    """The same seed and index give the same game."""
    a = [_play("expert", 7, i, "eyrie") for i in range(2)]
    b = [_play("expert", 7, i, "eyrie") for i in range(2)]
    assert [(r.player, r.automa, r.turns) for r in a] == [(r.player, r.automa, r.turns) for r in b]


@pytest.mark.parametrize("faction", ["marquise", "eyrie"])
def test_beats_greedy_on_fixed_games(faction):
    """Paired over 12 fixed games, expert's mean margin is above greedy's. (The Alliance's edge, about
    1.6 VP over 200 games, is too small for a dozen.)"""
    diffs = [_margin(_play("expert", 5, i, faction)) - _margin(_play("greedy", 5, i, faction)) for i in range(12)]
    assert sum(diffs) / len(diffs) > 0


# ---------------------------------------------------------------------------------------------- master

def test_master_plays_the_file_and_refuses_a_broken_one(tmp_path):
    """``master`` is expert with master.toml's weights as its defaults; the file is checked on load."""
    from strategies.root import master_file

    spec = get_strategy(GAME, "master")
    assert spec.canonical == "master"
    assert {p.name: p.default for p in spec.cls.params} == master_file.load()
    assert [p.name for p in spec.cls.params] == [p.name for p in ExpertStrategy.params]
    broken = tmp_path / "master.toml"
    broken.write_text(master_file.FILE.read_text(encoding="utf-8").replace("[weights]", "[weights]\nmq_sawmil = 1"),
                      encoding="utf-8")
    with pytest.raises(UsageError, match="unknown weight 'mq_sawmil'"):
        master_file.load(broken)


class _Against(ExpertStrategy):
    """Plays as expert and, until they first differ, scores every decision with ``other`` too."""

    def __init__(self, rng, other):
        super().__init__(rng)
        self.other, self.differs = other, False

    def choose(self, decision):
        if not self.differs:
            self.differs = self.scores(decision) != self.other.scores(decision)
        return super().choose(decision)


FACTION_OF = {"mq": "marquise", "ey": "eyrie", "al": "alliance", "vb": "vagabond"}


@pytest.mark.parametrize("weight", [p.name for p in ExpertStrategy.params])
def test_every_weight_is_a_declared_parameter_that_moves_a_score(weight):
    """Each declared weight is used: another value of it scores some decision of its faction (the shared
    ones: the Marquise's) differently within twelve games (no dead parameter). ``mq_extra`` (a bird card
    spent once the three actions are used) is the rarest: the 9th game."""
    p = next(p for p in ExpertStrategy.params if p.name == weight)
    assert p.hide_default and p.type == "float"
    faction = FACTION_OF.get(weight.partition("_")[0], "marquise")
    opts = GAME.resolve_options({"faction": faction})
    ctx = GAME.prepare(opts)
    for i in range(12):
        st = game_streams(17, i)
        strategy = _Against(st.strategy, ExpertStrategy(random.Random(0), **{weight: p.default * 2 + 0.5}))
        GAME.play(ctx, opts, strategy, st, None)
        if strategy.differs:
            return
    pytest.fail(f"weight {weight} changed no score in 12 games")


def test_the_experts_rule_counts_a_hireling_for_its_controller_LoR_E_3_1():
    """A hireling's pieces count for its controller in the expert's view of rule (LoR-E.3.1), and the Bluebird
    Nobles give their controller his ties (LoR-E); in the supply they count for nobody else."""
    from strategies.root.expert import _ruler, _sides
    war = {"marquise": 2, "alliance": 3, "band": 1}
    assert _ruler(war, ()) == "alliance"
    side, ties = _sides((("band", False, "marquise", 2), ("marks", (4, 8))))
    assert _ruler(war, (), side, ties) is None                  # 3 against 3: a tie for nobody
    side, ties = _sides((("band", False, "marquise", 2), ("dynasty", True, "marquise", 1)))
    assert _ruler(war, (), side, ties) == "marquise"            # the Nobles' tie
    side, ties = _sides((("band", False, None, 0),))
    assert _ruler({"marquise": 1, "band": 2}, (), side, ties) == "band"
