"""A tiny dice game that exercises the runner: setup dice, an automa card deck, one decision per round.

Each round the player rolls three dice (setup stream) and keeps one (a strategy decision); the
automa draws the next card of its deck (automa stream) and scores it. A kept six scores a bonus of
2 with ``variant=bonus``. Options also make games fail, sleep or load a deck file, for the tests.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.params import Param
from automa.core.registry import Game, Option
from automa.core.results import Result
from automa.core.strategy import Decision, Strategy, ask

TARGET = f"{__name__}:GAME"  # the registry path of GAME
DECK = (1, 2, 3, 4, 5, 6, 2, 3, 4, 5)
OPTIONS = (
    Option("length", "int", 5, "rounds to play", (3, 5, 8), ref="TINY-1"),
    Option("variant", "str", "plain", "plain, or a +2 bonus for a kept six", ("plain", "bonus"), ref="TINY-2"),
    Option("extras", "set", "", "cosmetic modules (tests the set type)", ("a", "b")),
    Option("player_colour", "str", "red", "cosmetic; named like a score column on purpose", ("red", "blue")),
    Option("crash_rate", "int", 0, "percent of games that raise (tests error isolation)", min=0, max=100),
    Option("delay_ms", "int", 0, "sleep per game in ms (tests Ctrl-C)", min=0),
    Option("deck", "path", "", "a deck file: one card value per line; empty means the built-in deck"),
)


def prepare(options: dict) -> tuple[int, ...]:
    """Load the automa deck (UsageError for a broken file)."""
    if not options["deck"]:
        return DECK
    try:
        return tuple(int(line) for line in Path(options["deck"]).read_text().split())
    except ValueError as exc:
        raise UsageError(f"deck file {options['deck']}: {exc}") from None


DIE_MARKER = "TINY_DIE_MARKER"  # environment: a path; the first worker game to create it kills its process


def die_once() -> None:
    """The worker-death hook: with ``$TINY_DIE_MARKER`` set, the first game played in a worker process
    (never in the parent) creates the marker file and kills its process; the marker makes it one-shot."""
    marker = os.environ.get(DIE_MARKER)
    if not marker or multiprocessing.parent_process() is None:
        return
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return
    os._exit(3)


def play(ctx, options, strategy, streams, trace) -> Result:
    """Play one game."""
    die_once()
    if options["delay_ms"]:
        time.sleep(options["delay_ms"] / 1000)
    deck = list(ctx)
    streams.automa.shuffle(deck)
    if streams.setup.randrange(100) < options["crash_rate"]:
        raise RuntimeError("the dice fell off the table")
    player = {"dice": 0, "bonus": 0}
    automa = {"dice": 0, "bonus": 0}
    for rnd in range(1, options["length"] + 1):
        roll = tuple(streams.setup.randint(1, 6) for _ in range(3))
        keep = ask(strategy, Decision("keep", roll, (0, 1, 2)))
        player["dice"] += roll[keep]
        if options["variant"] == "bonus" and roll[keep] == 6:
            player["bonus"] += 2
        card = deck[(rnd - 1) % len(deck)]
        automa["dice"] += card
        if trace:
            trace.event("roll", round=rnd, dice=roll, kept=roll[keep])
            trace.event("automa_card", round=rnd, card=card, rule="TINY-AUT-1")
            trace.event("round_end", round=rnd, player=sum(player.values()), automa=sum(automa.values()))
    p, a = sum(player.values()), sum(automa.values())
    winner = "player" if p > a else "automa" if a > p else "tie"
    return Result(player, automa, winner, options["length"], options["length"])


class High(Strategy):
    """Keeps the highest die."""

    name = "high"

    def choose(self, decision):
        return self.pick_best(decision, lambda i: decision.view[i])


class First(Strategy):
    """Keeps the first die."""

    name = "first"
    ignores = {"variant=bonus": "keeps the first die, so never goes for the bonus of a kept six"}

    def choose(self, decision):
        return decision.choices[0]


class Noisy(Strategy):
    """Keeps a random die after burning some extra random numbers of its own stream."""

    name = "noisy"

    def choose(self, decision):
        for _ in range(17):
            self.rng.random()
        return self.rng.choice(decision.choices)


class Broken(Strategy):
    """Returns an illegal choice."""

    name = "broken"

    def choose(self, decision):
        return 99


class Picky(Strategy):
    """Keeps the ``rank``-th highest die (0 = the highest); tests strategy parameters."""

    name = "picky"
    params = (Param("rank", "int", 0, "which die to keep, 0 = the highest", least=0),
              Param("weight", "float", 1.0, "unused; a float parameter"),
              Param("then", "strategy", "high", "a strategy parameter (unused)"))

    def __init__(self, rng, rank=0, weight=1.0, then=None):
        super().__init__(rng)
        self.rank, self.then = rank, then

    def choose(self, decision):
        ranked = sorted(decision.choices, key=lambda i: decision.view[i], reverse=True)
        return ranked[min(self.rank, len(ranked) - 1)]


GAME = Game(
    name="tiny",
    title="Tiny dice (a test game)",
    options=OPTIONS,
    categories=("dice", "bonus"),
    strategies={"high": f"{__name__}:High", "first": f"{__name__}:First"},
    play=play,
    prepare=prepare,
    default_strategy="high",
)
