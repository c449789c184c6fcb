"""A tiny race game with several bots, for the parts of the core Root needs (docs/new-game.md section 13).

Up to three bots (sides ``cat``, ``bird``, ``mouse``) each turn draw a card of a shared deck (the
``deck`` stream) and score it; the player seat, if any (``seat=true``), rolls two dice (the ``dice``
stream) and keeps one (a strategy decision). The first to ``target`` points wins; at the turn cap
no one has won (winner ``none``, guard BOTS-CAP). An empty deck is reshuffled from the discards
(guard BOTS-DECK). With ``seat=false`` only bots play: the strategy is never asked.
"""
from __future__ import annotations

from automa.core.registry import Game, Option
from automa.core.results import Result
from automa.core.strategy import Decision, Strategy, ask

TARGET = f"{__name__}:GAME"  # the registry path of GAME
SIDES = ("cat", "bird", "mouse")
CAP, EMPTY_DECK = "BOTS-CAP", "BOTS-DECK"
CARDS = (1, 2, 3, 4, 5, 6, 7, 8)
OPTIONS = (
    Option("seat", "bool", True, "a player seat; false: bots only", ref="BOTS-1"),
    Option("bots", "int", 2, "how many bots play", min=1, max=3, ref="BOTS-2"),
    Option("cap", "int", 5, "the turn cap", min=1, ref=CAP),
    Option("target", "int", 25, "points that win", min=1, ref="BOTS-3"),
)


def play(ctx, options, strategy, streams, trace) -> Result:
    """Play one game: the seat (if any) then each bot, turn by turn, up to the target or the cap."""
    bots = SIDES[:options["bots"]]
    deck, discard = list(CARDS), []
    streams.deck.shuffle(deck)
    vp, player, guards, winner, turn = dict.fromkeys(bots, 0), 0, [], None, 0

    def guard(rule: str) -> None:
        if rule not in guards:
            guards.append(rule)
        if trace:
            trace.event("guard", turn=turn, rule=rule)

    while winner is None and turn < options["cap"]:
        turn += 1
        if options["seat"]:
            roll = (streams.dice.randint(1, 6), streams.dice.randint(1, 6))
            player += roll[ask(strategy, Decision("keep", roll, (0, 1)))]
            winner = "player" if player >= options["target"] else None
        for bot in bots:
            if winner is not None:
                break
            if not deck:
                guard(EMPTY_DECK)
                deck, discard = discard, []
                streams.deck.shuffle(deck)
            card = deck.pop()
            discard.append(card)
            vp[bot] += card
            if trace:
                trace.event("card", turn=turn, side=bot, card=card, rule="BOTS-4")
            winner = "automa" if vp[bot] >= options["target"] else None
    if winner is None:
        guard(CAP)
        winner = "none"
    best = max(vp.values())
    return Result({"vp": player}, {"vp": best}, winner, turn, turn, trace.events if trace else None,
                  sides=vp, guards=tuple(guards))


class High(Strategy):
    """Keeps the higher die."""

    name = "high"

    def choose(self, decision):
        return self.pick_best(decision, lambda i: decision.view[i])


class Never(Strategy):
    """Fails if it is ever asked: a bots-only game must not ask it."""

    name = "never"

    def choose(self, decision):
        raise AssertionError(f"asked {decision.kind!r} in a bots-only game")


GAME = Game(
    name="bots",
    title="Bots race (a test game)",
    options=OPTIONS,
    categories=("vp",),
    strategies={"high": f"{__name__}:High", "never": f"{__name__}:Never"},
    play=play,
    default_strategy="high",
    sides=("cat", "bird", "mouse", "lizard"),
    no_winner=True,
    guards={CAP: "turn cap", EMPTY_DECK: "empty deck"},
)
