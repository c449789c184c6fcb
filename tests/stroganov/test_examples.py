"""Every worked example of the Turukhan rulebook and of the rules reference, one test each."""
from __future__ import annotations

import json

from automa.core.seeding import game_streams
from automa.core.trace import Trace
from automa.stroganov import GAME, economy, player
from automa.stroganov.data import DATA
from automa.stroganov.modules import diplomacy, hunting_plan
from automa.stroganov.state import C_MERCHANT, C_SONGS, C_TROPHY, IVAN, PLAYER
from automa.core.strategy import Strategy
from strategies.stroganov.random import RandomStrategy
from tests.stroganov.conftest import context, make_run, take_from_bag


class FirstReal(Strategy):
    """Takes the first choice that is not 'nothing'."""

    def choose(self, decision):
        return next(c for c in decision.choices if c is not None)


def test_vladimir_trades_two_chipmunks_for_3vp_and_8_horses():
    """Round 3, merchant in region 4, an outpost there: 2 chipmunks give 3 VP and 8 horses (ST-TK-MERCH-3,
    ST-TK-MERCH-4)."""
    run = make_run(modules="merchant")
    st, side = run.st, run.st.sides[PLAYER]
    st.merchant_tile, st.merchant_region = 0, 4
    side.pos = 1
    side.outposts[4] = 1
    side.furs[1] += 2
    take_from_bag(run, 1, 1)
    horses, bag = side.horses, st.bag.count(1)
    assert ("merchant", 2) in player.actions(run, side, False)
    player.act(run, ("merchant", 2))
    assert side.vp[C_MERCHANT] == 3 and side.horses == horses + 8
    assert side.furs[1] == 0 and st.bag.count(1) == bag + 2


def test_maria_uses_three_plan_steps_for_five_elk_wish(tmp_path):
    """Plan marker 4 steps down, 2 elks: 3 steps back up fulfil a 5-elk wish, one elk paid, one kept
    (ST-TK-PLAN-4, ST-WISH-3, ST-WISH-5)."""
    params = json.loads((DATA / "parameters.json").read_text())
    params["wishes"]["cards"].append({"id": "W-example", "group": "first_half", "fur_value": 6,
                                      "furs_required_total": 5, "furs_red_framed_paid": 1, "vp_end": 4,
                                      "reward_on_fulfil": {}})
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"wishes": {"cards": params["wishes"]["cards"]}}))
    run = make_run(modules="hunting_plan", rules=str(rules))
    side = run.st.sides[PLAYER]
    wish = len(run.t.wishes) - 1
    side.furs = [0] * 9
    side.furs[6] = 2
    side.tigers = side.coins = 0
    side.plan_pos = 4
    side.wishes = [wish]
    assert player.wish_payment(run, side, wish)[0] == 3
    player.fulfil(run, wish)
    assert side.plan_pos == 1 and side.furs[6] == 1 and side.fulfilled == [wish]


def test_diplomacy_example_1_maria_skips_two_occupied_spaces():
    """A fox (4) with the 4th and 5th spaces ahead occupied ends two spaces further, in zone 6
    (ST-TK-DIPLO-4)."""
    run = make_run(modules="diplomacy")
    pos = run.st.sides[PLAYER].diplo = diplomacy.advance(11, 4, {15, 16}, 30)
    assert pos == 17 and diplomacy.zones(run)[PLAYER] == 6


def test_diplomacy_example_2_vladimir_moves_only_2_of_3_steps():
    """A rabbit (3) with the final two spaces occupied moves only 2 steps (ST-TK-DIPLO-4)."""
    assert diplomacy.advance(26, 3, {29, 30}, 30) == 28


def test_mavra_passes_a_bonus_tile():
    """Donating a wolverine (5) on a marked tile moves 5 steps past a bonus tile, which gives a market fur
    of her choice (ST-TK-DIPLO-3, ST-TK-DIPLO-5)."""
    run = make_run(modules="diplomacy")
    st, side = run.st, run.st.sides[PLAYER]
    st.diplo_bonus = [0, 1, 2, 3, 4]  # space 5 holds the market-fur bonus
    side.pos, side.diplo = 3, 3
    st.diplo[3] = 1
    side.furs[5] += 1
    take_from_bag(run, 5)
    furs, market = side.fur_count(), len(st.market)
    diplomacy.player_donate(run, ("fur", 5))
    assert side.diplo == 8
    assert st.don[3] == [5] and side.fur_count() == furs and len(st.market) == market - 1


def test_winter_zone_scoring_zones_3_5_7_score_0_2_4():
    """Last marker in zone 3, others in 5 and 7: they score 0, 2 and 4 (ST-TK-DIPLO-7)."""
    assert diplomacy.zone_scores([3, 5, 7]) == [0, 2, 4]
    run = make_run(modules="diplomacy")
    run.st.sides[0].diplo, run.st.sides[1].diplo = 15, 9  # zones 5 and 3
    diplomacy.winter_score(run)
    assert [s.vp[-1] for s in run.st.sides] == [2, 0]


def test_erratum_final_trophy_gives_two_rewards_once():
    """The last trophy step gives any two rewards from the steps above, once; later trophies give one
    reward from the track (ST-TROPHY-4, ST-TK-ERRATA-1)."""
    run = make_run(strategy=FirstReal(None))
    side = run.st.sides[PLAYER]
    last = len(run.t.trophy_rewards)  # the final step, after the steps with rewards of their own
    side.trophy = last
    side.furs[8] += 2
    take_from_bag(run, 8, 8)
    vp = side.vp[C_TROPHY]
    economy.trophy(run, PLAYER)
    first, second = [b for alts in run.t.trophy_rewards for b in alts][:2]
    gained = dict(first) | {k: v + dict(first).get(k, 0) for k, v in second}
    assert side.final_trophy_used and side.vp[C_TROPHY] == vp + gained.get("vp", 0)
    vp = side.vp[C_TROPHY]
    economy.trophy(run, PLAYER)
    assert side.trophy == last + 2 and side.vp[C_TROPHY] == vp + dict(run.t.trophy_rewards[0][0]).get("vp", 0)


def test_erratum_story_track_end_takes_a_song_reward_once_per_turn():
    """Reaching step 12 lets one take a displayed song's reward for its cost, the tile staying; points
    beyond 12 are lost first; only once per turn (ST-SONG-3, ST-SONG-4, ST-TK-ERRATA-2)."""
    run = make_run(strategy=FirstReal(None))
    side, st = run.st.sides[PLAYER], run.st
    side.story = 10
    display = st.songs[:]
    priciest = max(display, key=lambda s: run.t.songs[s][0])
    economy.gain_story(run, PLAYER, 5)
    cost, reward = run.t.songs[priciest]
    assert st.songs == display and side.story == 12 - cost
    assert side.vp[C_SONGS] == dict(reward[0]).get("vp", 0)
    side.story = 11
    economy.gain_story(run, PLAYER, 3)
    assert side.story == 12


def test_a_lookahead_knows_the_song_reward_was_taken_this_turn():
    """A lookahead is in the live turn: after this turn's song reward, reaching 12 again in a
    lookahead takes no second one (ST-SONG-4). Lookaheads used to start at turn 0."""
    run = make_run(strategy=FirstReal(None))
    side = run.st.sides[IVAN]
    run.turns = 5
    side.story = 10
    economy.gain_story(run, IVAN, 5)
    side.story = 11
    view = run.lookahead(lambda r, n: economy.gain_story(r, IVAN, n), 3)
    assert view.automa.story == 12
    assert view.automa.vp_by_category == tuple(side.vp)


def test_each_strategy_leaves_13_cards():
    """Deck building leaves 13 cards; a letter removes exactly its 5 cards (ST-IVAN-DECK-2)."""
    t = context()["tables"]
    from automa.stroganov.setup import build_deck
    import random
    for letter in "abcdef":
        deck = build_deck(t, letter, random.Random(1))
        assert len(deck) == 13 and not any(letter in t.card_by_id[c].letters for c in deck)
    assert len(set(build_deck(t, "random", random.Random(2)))) == 13


def test_movement_sum_is_kept_deck_sum_minus_first_card():
    """Turn t reads card t for its action and card t+1 for movement: the 12 movement cards are the kept deck
    without the first card drawn, and 13 cards cover 12 turns (ST-IVAN-DRAW-1, ST-IVAN-DRAW-2)."""
    opts = GAME.resolve_options({})
    ctx = context()
    streams = game_streams(5, 3)
    trace = Trace()
    GAME.play(ctx, opts, RandomStrategy(streams.strategy), streams, trace)
    cards = [e for e in trace.events if e["kind"] == "card"]
    t = ctx["tables"]
    actions = [e["action_card"] for e in cards]
    moves = [e["move_card"] for e in cards]
    assert len(cards) == 12 and moves[:-1] == actions[1:]
    deck = actions + [moves[-1]]
    assert len(set(deck)) == 13
    assert sum(t.card_by_id[c].move for c in moves) == sum(t.card_by_id[c].move for c in deck) - \
        t.card_by_id[deck[0]].move


def test_hunting_plan_override_hunts_one_plan_fur():
    """Ivan on a tile with his next plan fur hunts exactly that fur, even when his card says two
    (ST-TK-PLAN-5, ST-IVAN-HUNT-5)."""
    from tests.stroganov.conftest import clear_board
    run = make_run(modules="hunting_plan")
    clear_board(run)
    ivan = run.st.sides[1]
    ivan.plan, ivan.plan_pos, ivan.pos = (4, 5, 6, 7, 8), 0, 2
    run.st.col[2] = take_from_bag(run, 2, 4, 7)
    assert hunting_plan.ivan_override(run, 2)
    assert run.st.col[2] == [2, 7] and ivan.plan_pos == 1 and ivan.furs[4] == 1
