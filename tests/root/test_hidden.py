"""What a Root player cannot see and how a rollout re-samples it (RT-STUDY-9, automa/root/hidden.py), and the
search players on Root: rollouts leave the real game untouched, and no rollout peeks (docs/search.md)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from automa.core.registry import get_game
from automa.core.seeding import game_streams
from automa.root import hidden, setup
from automa.root.options import OPTIONS
from automa.root.rounds import play
from strategies.root.greedy import GreedyStrategy
from strategies.root.random import RandomStrategy
from tests.core.searchcheck import first_difference, same_game_with_rollouts, shown

GAME = get_game("root")
OPTS = GAME.resolve_options({})
CTX = GAME.prepare(OPTS)
PLAYER = OPTS["faction"]


def played(seed: int, rounds: int = 2, **options):
    """A game of the default table (the Marquise against the three other bots) after ``rounds`` rounds of a
    random player (the turn cap stops it there)."""
    opts = {o.name: o.default for o in OPTIONS} | {"turn_cap": rounds} | options
    pick = random.Random(seed)
    rng = {name: random.Random(seed * 10 + i) for i, name in enumerate(("setup", "automa", "deck", "dice"))}
    game = setup.setup(CTX, opts, rng, ask=lambda g, kind, choices: pick.choice(choices))
    play(game)
    return game


def known(game) -> tuple:
    """Everything RT-STUDY-9 lets the player see, as plain values: the map, every seat (its hand only for
    the player, and its board less the quest deck's order), the discard, dominance cards, the item supply,
    the pawn, and the sizes of every hidden set with the hidden sets as wholes."""
    clearings = tuple((c.suit, c.slots, tuple(sorted(c.warriors.items())), tuple(c.buildings), tuple(c.tokens), c.ruin)
                      for c in game.clearings[1:])
    seats = []
    for s in game.seats:
        seats.append((s.faction, s.vp, tuple(sorted(s.supply.items())), face_up(s.board, _keys), tuple(s.crafted),
                      tuple(s.persistent), len(s.hand), tuple(s.hand) if s.faction == PLAYER else ()))
    unseen = sorted(game.deck + [k for s in game.seats if s.faction != PLAYER for k in s.hand] + game.market)
    ruins = tuple((c, len(v)) for c, v in sorted(game.ruin_items.items()))
    under = sorted(i for v in game.ruin_items.values() for i in v)
    return (clearings, tuple(seats), tuple(game.discard), tuple(game.dominance), tuple(sorted(game.items.items())),
            game.pawn, len(game.deck), len(game.market), unseen, ruins, under)


def face_up(board, quests) -> str:
    """A board as plain text, its quest deck (face down) shown as ``quests(deck)`` only."""
    if board is None:
        return ""
    board = board.copy()
    if hasattr(board, "quest_deck"):
        board.quest_deck = quests(board.quest_deck)
    return repr(board)


def _keys(quests) -> list:
    return sorted(q.key for q in quests)


def secret(game) -> tuple:
    """What the player cannot see: the deck's order, what lies under each ruin, the quest deck's order."""
    quests = tuple(q.key for s in game.seats for q in getattr(s.board, "quest_deck", ()))
    return tuple(game.deck), tuple((c, tuple(v)) for c, v in sorted(game.ruin_items.items())), quests


def test_a_played_game_has_every_kind_of_hidden_set():
    """The fixture is not vacuous: cards in the deck, items under two or more ruins, a quest deck."""
    game = played(1)
    deck, ruins, quests = secret(game)
    assert len(deck) > 10 and len(ruins) >= 2 and len(quests) > 5


@pytest.mark.parametrize("seed", range(4))
def test_resample_keeps_what_the_player_knows_RT_STUDY_9(seed):
    """Re-sampling keeps the map, every board, the discard, every hand's size and the player's hand, and
    conserves the size and contents of each hidden set (RT-STUDY-9, LoR-1.2.1, LoR-1.2.2)."""
    game = played(seed)
    before = known(game)
    hidden.resample(game, PLAYER, random.Random(seed))
    assert known(game) == before


def test_resample_re_deals_what_the_player_cannot_see_RT_STUDY_9():
    """The deck's order, the items under the ruins and the quest deck's order are drawn anew: over a few
    streams each of them changes (LoR-9.3.4, CW-VB-SETUP-3)."""
    game = played(2)
    deck, ruins, quests = secret(game)
    seen = {0: set(), 1: set(), 2: set()}
    for k in range(6):
        copy = game.copy()
        hidden.resample(copy, PLAYER, random.Random(k))
        for i, part in enumerate(secret(copy)):
            seen[i].add(part)
    assert len(seen[0] - {deck}) >= 5 and seen[1] - {ruins} and len(seen[2] - {quests}) >= 5


def test_resample_hands_the_future_to_the_searchers_stream():
    """Every stream of the game is replaced by one drawn from the searcher's stream: two games whose own
    streams differ draw the same dice and shuffles after re-sampling with the same stream."""
    a, b = played(3), played(3)
    for name in b.rng:
        b.rng[name] = random.Random(1000)
    hidden.resample(a, PLAYER, random.Random(7))
    hidden.resample(b, PLAYER, random.Random(7))
    assert sorted(a.rng) == sorted(b.rng) == ["automa", "deck", "dice", "setup"]
    assert len({id(s) for s in a.rng.values()}) == 4
    assert [a.rng[n].random() for n in sorted(a.rng)] == [b.rng[n].random() for n in sorted(b.rng)]


def test_resample_depends_on_what_is_known_and_the_stream_only():
    """Deterministic: the same game and stream give the same deal; two games that differ only in what the
    player cannot see get the same deal from the same stream (each hidden set is sorted first), and
    another stream gives another deal."""
    a, b = played(4), played(4)
    b.deck.reverse()
    stacks = [b.ruin_items[c] for c in sorted(b.ruin_items)]
    stacks.append(stacks.pop(0)[:])
    for c, stack in zip(sorted(b.ruin_items), stacks):
        b.ruin_items[c] = stack
    for s in b.seats:
        if getattr(s.board, "quest_deck", None):
            s.board.quest_deck.reverse()
    assert secret(a) != secret(b) and known(a) == known(b)
    c = a.copy()
    for g in (a, b):
        hidden.resample(g, PLAYER, random.Random(11))
    hidden.resample(c, PLAYER, random.Random(12))
    assert secret(a) == secret(b) and secret(c) != secret(a)


# ---------------------------------------------------------------------------------------------- rollouts

def test_rollouts_leave_the_real_game_untouched():
    """A game whose strategy runs rollouts at every decision has the same trace and result as the same
    choices made without any rollout."""
    traces, results = same_game_with_rollouts(GAME, CTX, OPTS, RandomStrategy, 0)
    assert len(traces[0]) > 100 and traces[0] == traces[1] and results[0] == results[1]


KEEP = 24   # the top of the deck the no-peeking test leaves as it is: the cards the first rounds draw
NEXT = 3    # and the top of the quest deck


def _reordered(original):
    """``setup.setup`` followed by a new order for what the player cannot see, in the real game and in the
    replays of it (a rollout re-samples past its branch point anyway): the deck below its top ``KEEP``
    cards, the items under the ruins (each ruin's moved to the next) and the quest deck."""
    def reorder(*args, **kw):
        game = original(*args, **kw)
        table = game.ask.__self__                     # the player's seat at this table (automa/root/__init__.py)
        if table.recorder is None and table.branch is None:
            return game                               # a rollout already past its branch point
        rest = game.deck[:-KEEP]
        random.Random(99).shuffle(rest)
        game.deck[:-KEEP] = rest
        ruins = sorted(game.ruin_items)
        stacks = [game.ruin_items[c] for c in ruins]
        for c, stack in zip(ruins, stacks[1:] + stacks[:1]):
            game.ruin_items[c] = stack
        for s in game.seats:
            quests = getattr(s.board, "quest_deck", None)
            if quests:
                quests[:-NEXT] = quests[-NEXT - 1::-1]
        return game
    return reorder


def _shown(monkeypatch, reorder: bool, peek: bool, limit: int, policy, **search) -> list[tuple]:
    """What ``mc`` capped at ``limit`` decisions was shown and chose in game 0 of seed 11, ``policy`` playing
    its rollouts. ``reorder``: :func:`_reordered`. ``peek``: rollouts keep the true order of what is hidden
    (they only hand the future draws over)."""
    with monkeypatch.context() as patch:
        if reorder:
            patch.setattr(setup, "setup", _reordered(setup.setup))
        if peek:
            def keep_order(game, faction, rng):
                for name in sorted(game.rng):
                    game.rng[name] = random.Random(rng.getrandbits(64))
            patch.setattr(hidden, "resample", keep_order)
        return shown(GAME, CTX, OPTS, policy, limit, public, **search)


def public(view) -> tuple:
    """All that the view shows, and the bots' boards as they lie face up on the table (the bot modules offer
    no ``public()`` yet, so the view shows none of them: read here off the game, the quest deck by its size
    alone): what a player at the table sees that no trace event says (the Vagabot's next quest, say)."""
    factions = [f for f, _ in view.seats]
    boards = tuple(face_up(s.board, len) for s in view._g.seats)
    return (view.hand, view.discard, view.dominance, view.items, view.deck_size, view.pawn,
            tuple(view.clearing(c) for c in range(1, 13)), boards,
            tuple((view.vp(f), view.supply(f), view.crafted(f), view.persistent(f), view.hand_size(f), view.board(f))
                  for f in factions))


@pytest.mark.parametrize("limit, policy, search", [(40, RandomStrategy, {}), (40, RandomStrategy, {"rank": GreedyStrategy}),
                                                   (10, GreedyStrategy, {})],
                         ids=["random", "greedy-ranks", "greedy"])
def test_search_player_does_not_peek_RT_STUDY_9(monkeypatch, limit, policy, search):
    """Two games that differ only in what the player cannot see (the deck below the cards the first rounds
    draw, the items under the ruins, the quest deck below its next quests): with the strategy's stream
    fixed, mc's choices and the values of its rollouts (its verdict) are the same until that order shows
    in what the player sees. With rollouts that peek (keeping the true order) a choice differs first, so
    this test fails for a player that peeks. ``greedy`` ranks the shortlist in the real game with its
    lookahead in the second case, and plays the rollouts too in the third (10 decisions: greedy rollouts
    cost ten times random ones)."""
    n, first = first_difference(_shown(monkeypatch, False, False, limit, policy, **search),
                                _shown(monkeypatch, True, False, limit, policy, **search))
    assert n >= 10 and (first is None or first[0] != "choice"), (n, first)
    n, first = first_difference(_shown(monkeypatch, False, True, limit, policy, **search),
                                _shown(monkeypatch, True, True, limit, policy, **search))
    assert first is not None and first[0] == "choice", (n, first)


class Foresight(RandomStrategy):
    """A rollout policy that plays as ``random`` and checks its lookahead: the view after its choice
    (``decision.after``) must be exactly the view of its next decision when that comes in the same turn.
    ``checks`` counts the comparisons made in the turn of the branch point, ``wrong`` those that failed."""

    looks_ahead = True

    def __init__(self, rng, log):
        super().__init__(rng)
        self.log, self.first, self.expect = log, None, None

    def choose(self, decision):
        view = decision.view
        if self.first is None:
            self.first = view.turn
        if self.expect is not None and self.expect[0] == view.turn:
            self.log["wrong"] += self.expect[1] != public(view)
            self.log["checks"] += view.turn == self.first
        pick = super().choose(decision)
        self.expect = (view.turn, public(decision.after(pick))) if decision.can_look_ahead else None
        return pick


def test_a_rollouts_lookahead_sees_its_own_re_sampled_world():
    """Past a rollout's branch point its policy's lookahead replays the turn from its start, re-sampling at
    the branch point as the rollout did: the view after a choice is the view the rollout then reaches. The
    player is the Eyrie, whose Decree battles in its own turn, so dice roll between its decisions (a replay
    that did not re-sample would roll the true dice: 10 of these checks fail then)."""
    opts = GAME.resolve_options({"faction": "eyrie"})
    log = {"wrong": 0, "checks": 0}

    class Prober(RandomStrategy):
        searches = True

        def choose(self, decision):
            for choice in decision.choices[:2]:
                decision.rollout(choice, Foresight(random.Random(3), log), random.Random(4))
            return super().choose(decision)

    for index in range(2):
        st = game_streams(7, index)
        GAME.play(CTX, opts, Prober(st.strategy), st)
    assert log["checks"] > 100 and log["wrong"] == 0, log


class _Looker(RandomStrategy):
    """Plays at random; at every decision offering lookahead it looks at each choice twice, the second time
    with another true future where the choice is taken (``_perturbed``)."""

    looks_ahead = True

    def __init__(self, rng, seen: list):
        super().__init__(rng)
        self.seen = seen

    def choose(self, decision):
        if decision.can_look_ahead:
            for choice in decision.choices:
                real = public(decision.after(choice))
                _Future.other = len(self.seen) + 1
                self.seen.append((real, public(decision.after(choice))))
                _Future.other = 0
        return super().choose(decision)


class _Future:
    """Where the lookahead re-samples (``hidden.resample`` at the choice), first give the replayed game
    another true future: the deck in another order and other streams (dice, the bots' draws)."""

    other = calls = 0
    resample = staticmethod(hidden.resample)
    honest = True

    @staticmethod
    def perturbed(game, faction, rng):
        if _Future.other:
            _Future.calls += 1
            random.Random(_Future.other).shuffle(game.deck)
            for name in sorted(game.rng):
                game.rng[name] = random.Random(_Future.other * 7 + len(name))
        if _Future.honest:
            _Future.resample(game, faction, rng)


@pytest.mark.parametrize("faction", ["marquise", "eyrie"])
def test_the_real_games_lookahead_never_reads_the_true_deck_or_dice_RT_STUDY_9(monkeypatch, faction):
    """``Decision.after`` in the real game re-samples what the player cannot see where the choice is taken
    (RT-STUDY-9): another true future there (the deck's order, the dice, the bots' draws) changes no view a
    choice shows. The contrast: a lookahead that kept the true future would show the difference."""
    import automa.root as root

    monkeypatch.setattr(root.hidden, "resample", _Future.perturbed)
    opts = GAME.resolve_options({"faction": faction})
    for honest in (True, False):
        seen, _Future.honest, _Future.calls = [], honest, 0
        streams = game_streams(3, 1)
        GAME.play(CTX, opts, _Looker(streams.strategy, seen), streams, None)
        differing = sum(real != other for real, other in seen)
        assert len(seen) > 100 and _Future.calls == len(seen)     # every second look re-sampled at its choice
        assert (differing == 0) if honest else (differing > 10), (honest, differing, len(seen))
    _Future.honest = True
