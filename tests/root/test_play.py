"""A whole game through ``play`` with fake faction modules: the Result (sides, winner, guards, RT-STUDY-4/5),
determinism, the lookahead (Decision.after) and a bots-only game that asks nothing (RT-STUDY-1)."""
from types import SimpleNamespace

from automa.core.seeding import game_streams
from automa.core.strategy import Strategy
from automa.core.trace import Trace
from automa.root import GAME, decide, play, prepare, state
from automa.root.bots import common
from automa.root.view import View
from strategies.root.greedy import GreedyStrategy
from strategies.root.random import RandomStrategy


def opts(**kw):
    out = {o.name: o.default for o in GAME.options}
    out.update(kw)
    return out


class Board:
    __slots__ = ("turns",)

    def __init__(self, turns=0):
        self.turns = turns

    def copy(self):
        return Board(self.turns)


def fakes(name):
    """The player's faction scores the VP it chooses (0, 1 or 2: a decision each turn); a bot draws an order
    card, crafts it if it can and scores 1 VP every other turn; everyone draws on the dice stream."""

    def do_setup(game, seat):
        seat.board = Board()

    def turn(game, seat):
        seat.board.turns += 1
        game.rng["dice"].random()
        if seat.bot is None:
            state.score(game, seat.faction, decide.choose(game, "gain", (0, 1, 2)), "card")
            return
        card = common.reveal_order(game, seat)
        common.craft_order(game, seat, card)
        common.discard_order(game, card)
        if seat.board.turns % 2 and game.rng["automa"].random() < 0.9:
            state.score(game, seat.faction, 1, "bonus")

    return SimpleNamespace(PIECES={"warrior": 20}, setup=do_setup, turn=turn)


def run(strategy_cls, seed=3, index=0, trace=None, **kw):
    options = opts(**kw)
    streams = game_streams(seed, index)
    return play(prepare(options), options, strategy_cls(streams.strategy), streams, trace, modules=fakes)


class First(Strategy):
    name = "first"

    def choose(self, decision):
        return decision.choices[0]


class LooksFirst(First):
    """Looks at every choice, then takes the first: the game must go as with First."""

    def choose(self, decision):
        for c in decision.choices:
            assert isinstance(decision.after(c), View)
        return decision.choices[0]


class Never(Strategy):
    name = "never"

    def choose(self, decision):
        raise AssertionError("a bots-only game asked the strategy")


def test_a_game_is_determined_by_its_seed_RT_STUDY_8():
    a, b = run(RandomStrategy), run(RandomStrategy)
    assert (a.player, a.automa, a.sides, a.winner, a.rounds, a.turns) == \
        (b.player, b.automa, b.sides, b.winner, b.rounds, b.turns)
    assert any(run(RandomStrategy, index=i).sides != a.sides for i in range(1, 4))


def test_the_result_has_every_bot_and_the_best_as_the_automa_RT_STUDY_4_RT_STUDY_5():
    r = run(First, turn_cap=4)
    assert set(r.sides) == {"electric_eyrie", "automated_alliance", "vagabot"}
    assert r.automa_score == max(r.sides.values()) and r.player_score == 0
    assert (r.winner, r.rounds, r.turns, r.guards) == ("none", 4, 16, ("RT-OPEN-36",))
    assert set(r.player) == set(GAME.categories)


def test_the_first_to_30_wins_LoR_3_1():
    r = run(GreedyStrategy)
    assert r.winner == "player" and r.player_score == 30 and r.player["card"] == 30
    assert r.rounds == 15 and r.guards == ()


def test_greedy_takes_the_best_margin_and_lookahead_leaves_the_game_untouched():
    assert run(LooksFirst, trace=None) == run(First)
    t = Trace()
    run(GreedyStrategy, trace=t)
    assert {e["choice"] for e in t.events if e["kind"] == "decision"} == {2}


def test_a_bots_only_game_asks_nothing_RT_STUDY_1_RT_OPEN_34():
    r = run(Never, faction="none", turn_cap=3)
    assert r.player_score == 0 and set(r.sides) == set(GAME.sides) and r.winner == "none"


def test_the_trace_names_turns_and_scores():
    t = Trace()
    r = run(RandomStrategy, trace=t, turn_cap=2)
    kinds = [e["kind"] for e in t.events]
    assert kinds.count("turn") == 8 and kinds[-1] == "scores" and r.events is t.events
    assert run(RandomStrategy, turn_cap=2).events is None
    assert t.events[-1]["player"] == r.player_score and t.events[-1]["automa"] == r.automa_score
