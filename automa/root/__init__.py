"""Root: a scripted player (or none) against the Clockwork bots (issue 33).

``GAME`` is the registry entry; ``prepare`` checks the options and loads the data files once per process;
``play`` plays one seeded game and returns a :class:`automa.core.results.Result`: the player's VP by source
(``player``), the best bot's (``automa``), every bot's total (``sides``, by bot name), the winner
(``player``, ``automa`` or ``none`` at the turn cap, RT-OPEN-36), the rounds and turns played and the
guards that fired. A bots-only game (``faction=none``) has a ``player`` side of zeros and asks nothing.

Lookahead (``Decision.after``): at each turn's start the game is copied with its streams' states; a
choice is looked at by replaying that turn on a copy with the choices made so far and the candidate, up
to the player's next decision or the turn's end, with what the player cannot see re-sampled where the
candidate is taken (from the game's ``lookahead`` stream, :mod:`automa.root.hidden`), so that a look at a
battle or a draw never shows the true dice or deck. Choices made during setup offer no lookahead.

Rollouts (``Decision.rollout``, for search strategies, automa.core.rollout): a search strategy's game keeps
its streams' starting states and its choices; a rollout replays them on a new game up to the decision
searched, re-samples there what the player cannot see and hands every future draw to the searcher's
stream (:mod:`automa.root.hidden`), takes the candidate and lets the policy play to the end.
"""
from __future__ import annotations

from functools import partial

from automa.core.registry import Game, Ladder
from automa.core.results import Result
from automa.core.rollout import Recorder
from automa.core.seeding import Stream
from automa.core.strategy import Decision, ask
from automa.root import data, hidden, rounds, setup
from automa.root.options import BOTS, OPTIONS, check
from automa.root.labels import CATEGORIES as CATEGORY_WORDS, describe
from automa.root.narrate import tell
from automa.root.rounds import CATEGORIES
from automa.root.screen import preface, render
from automa.root.state import FACTIONS, Victory
from automa.root.steps import steps
from automa.root.view import View


def prepare(options: dict):
    """Check the cross-option rules (RT-STUDY-1, CW-GEN-2, CW-GEN-22) and load the data files once."""
    check(options)
    return data.load(options.get("maps", ""), options.get("deck", ""), options.get("components", ""))


class _Ahead(Exception):
    """A lookahead replay reached the player's next decision."""


class _Table:
    """One game in play: the player's strategy and faction, the choices made so far, and the last turn's
    checkpoint (a copy of the game and its streams' states) for lookahead. The real game's ``streams`` give
    the lookahead its re-samples of what the player cannot see, one ``ahead`` seed per decision. A search
    strategy's game has a ``recorder`` (its choices, for rollouts); a rollout's game has a ``branch``, and
    once past it ``resampled``: where in this turn's choices the hidden cards were re-sampled, and from
    what stream state, so that a lookahead replay of this turn re-samples them the same way."""

    __slots__ = ("strategy", "faction", "trace", "modules", "choices", "mark", "recorder", "branch", "resampled",
                 "streams", "ahead")

    def __init__(self, strategy, faction: str | None, trace, modules, recorder=None, branch=None, streams=None):
        self.strategy, self.faction, self.trace, self.modules = strategy, faction, trace, modules
        self.recorder, self.branch, self.streams = recorder, branch, streams
        self.choices: list = []
        self.mark = self.resampled = self.ahead = None

    def checkpoint(self, game) -> None:
        """At a turn's start: the game, its streams' states and how many choices came before."""
        self.mark = (game.copy(), {k: s.getstate() for k, s in game.rng.items()}, len(self.choices))
        self.resampled = None

    def ask(self, game, kind: str, choices: tuple):
        """The player's choice (:func:`automa.root.decide.choose`), recorded for lookahead. A search
        strategy's choices are recorded and its decisions offer rollouts; a rollout replays them up to its
        branch point, re-samples there what the player cannot see (:func:`hidden.resample`) and hands over
        to its policy (docs/search.md)."""
        b = self.branch
        if b is not None:
            choice, branch_point = b.take(kind, choices)
            if branch_point:
                self.branch, self.strategy = None, b.policy
                self.resampled = (len(self.choices), b.rng.getstate())
                hidden.resample(game, self.faction, b.rng)
            self.choices.append(choice)
            return choice
        after = None if self.mark is None else (lambda choice: self.after(choice))
        self.ahead = None
        rec = self.recorder
        choice = ask(self.strategy, Decision(kind, View(game, self.faction), choices, after, rec and rec.rollout))
        if rec is not None:
            rec.choices.append(choice)
        if self.trace:
            self.trace.event("decision", decision=kind, choice=choice, options=len(choices))
        self.choices.append(choice)
        return choice

    def after(self, choice) -> View:
        """The view after ``choice``: this turn replayed from its checkpoint on a copy, with the choices made
        since and ``choice``, up to the player's next decision or the end of the turn. In the real game,
        what the player cannot see is re-sampled where ``choice`` is taken (RT-STUDY-9): the deck's order,
        the hands, the ruins and every future draw, dice included, the same way for every choice of one
        decision; the turn so far replays with the true draws, which the table has seen."""
        base, states, start = self.mark
        game = base.copy()
        for name, st in states.items():
            game.rng[name] = Stream(0)
            game.rng[name].setstate(st)
        script = self.choices[start:] + [choice]
        resampled = self.resampled
        at = None if resampled is None else resampled[0] - start

        def scripted(g, kind, choices):
            nonlocal at
            if not script:
                raise _Ahead
            if at == 0:
                rng = Stream(0)
                rng.setstate(resampled[1])
                hidden.resample(g, self.faction, rng)
            if at is not None:
                at -= 1
            if len(script) == 1 and self.streams is not None:
                if self.ahead is None:
                    self.ahead = self.streams.lookahead.getrandbits(64)
                hidden.resample(g, self.faction, Stream.seeded(self.ahead))
            return script.pop(0)

        game.ask = scripted
        seat = game.seats[game.active]
        try:
            rounds.turn(game, seat, self.modules)
        except (_Ahead, Victory):
            pass
        return View(game, self.faction)


def play(ctx, options: dict, strategy, streams, trace=None, modules=setup.module) -> Result:
    """Play one game (setup, then :func:`rounds.play`) and read its result. ``modules`` finds the module of
    each faction or bot (tests pass fakes)."""
    player = options["faction"] if options["faction"] != "none" else None
    recorder = None
    if strategy.searches and player is not None:
        recorder = Recorder(streams.setup, streams.automa, partial(_rollout, ctx, options, modules, player),
                            deck=streams.deck, dice=streams.dice)
    return _play(ctx, options, modules, _Table(strategy, player, trace, modules, recorder, streams=streams),
                 {"setup": streams.setup, "automa": streams.automa, "deck": streams.deck, "dice": streams.dice})


def _rollout(ctx, options: dict, modules, player: str, setup_rng, automa_rng, branch, deck, dice) -> Result:
    """A rollout: the game replayed from its starting streams up to ``branch``, then played on by its
    policy (automa.core.rollout)."""
    return _play(ctx, options, modules, _Table(None, player, None, modules, branch=branch),
                 {"setup": setup_rng, "automa": automa_rng, "deck": deck, "dice": dice})


def _play(ctx, options: dict, modules, table: _Table, rng: dict) -> Result:
    """Set up and play one game whose player's choices ``table`` makes, and read its result."""
    game = setup.setup(ctx, options, rng, modules, table.trace, table.ask)
    policy = table.branch.policy if table.branch is not None else table.strategy
    looks = table.faction is not None and policy.looks_ahead
    outcome = rounds.play(game, modules, table.checkpoint if looks else None)
    return result(game, outcome, table.faction, table.trace)


def result(game, outcome: rounds.Outcome, player: str | None, trace=None) -> Result:
    """The Result (RT-STUDY-4, RT-STUDY-5): the player's VP by source, the best bot's (ties: the earlier
    setup letter), each bot's total, and the winner as the player, the automa (a bot) or none."""
    bots = sorted((s for s in game.seats if s.bot), key=lambda s: FACTIONS.index(s.faction))
    best = max(bots, key=lambda s: s.vp)
    mine = rounds.by_source(game, player) if player else dict.fromkeys(CATEGORIES, 0)
    theirs = rounds.by_source(game, best.faction)
    if outcome.winner == rounds.NONE:
        winner = "none"
    else:
        winner = "player" if outcome.winner == player else "automa"
    if trace:
        trace.event("scores", player=sum(mine.values()), automa=sum(theirs.values()),
                    **{s.faction: s.vp for s in game.seats})
    return Result(player=mine, automa=theirs, winner=winner, rounds=game.round, turns=game.turn,
                  events=trace.events if trace else None, sides={s.bot: s.vp for s in bots},
                  guards=tuple(game.guards))


GAME = Game(
    name="root",
    title="Root against the Clockwork bots",
    options=OPTIONS,
    categories=CATEGORIES,
    strategies={"random": "strategies.root.random:RandomStrategy",
                "greedy": "strategies.root.greedy:GreedyStrategy",
                "expert": "strategies.root.expert:ExpertStrategy",
                "master": "strategies.root.master:MasterStrategy",
                "mc": "strategies.mc:FlatMonteCarlo", "mcts": "strategies.mcts:ISMCTS"},
    play=play,
    prepare=prepare,
    default_strategy="master",
    describe=describe,
    render=render,
    tell=tell,
    category_words=CATEGORY_WORDS,
    steps=steps,
    preface=preface,
    difficulty_ladder=Ladder(("difficulty",)),
    data_files=data.FILES,
    sides=tuple(BOTS),
    no_winner=True,
    guards={"RT-OPEN-36": "turn cap", "RT-OPEN-35": "empty deck", "RT-OPEN-6": "Expand repeats"},
)
