"""Asking the player strategy: build a Decision only when there is a real choice."""
from __future__ import annotations

from typing import Callable

from automa.rurik.hidden import resample
from automa.rurik.match import Match
from automa.rurik.view import View
from automa.core.strategy import Decision, ask

PASS = ("pass",)


def decide(m: Match, kind: str, choices: list, apply: Callable | None = None):
    """One player decision. ``apply(match, choice)`` lets ``Decision.after`` show the result of a
    choice on a throwaway copy. Forced choices and lookahead copies never ask the strategy. A search
    strategy's choices are recorded and its decisions offer rollouts; a rollout replays them up to
    its branch point, re-samples what is hidden there and hands over to its policy (docs/search.md)."""
    if len(choices) == 1 or m.lookahead:
        return choices[0]
    b = m.branch
    if b is not None:
        choice, branch_point = b.take(kind, choices)
        if branch_point:
            m.branch, m.strategy, m.view = None, b.policy, None
            resample(m, b.rng)
        return choice
    after = None
    if apply is not None:
        def after(choice):
            copy = m.copy_for_lookahead()
            apply(copy, choice)
            return View(copy)
    if m.view is None:
        m.view = View(m)
    rec = m.recorder
    choice = ask(m.strategy, Decision(kind, m.view, choices, after, rec and rec.rollout))
    if rec is not None:
        rec.choices.append(choice)
    if m.trace:
        m.trace.event("decision", side="player", decision=kind, choice=list(choice), options=len(choices))
    return choice


def casualty_deck(m: Match) -> int:
    """The player chooses the scheme deck for every casualty check (RK-CAS-1)."""
    return decide(m, "casualty_deck", [("deck", 0), ("deck", 1)])[1]


def scheme_deck(m: Match) -> int:
    """The player chooses the scheme deck a scheme card is drawn from: for the scheme action
    (RK-PL-SCHEME-1) and for every scheme card reward (a warfare reward token, Border Fort, Veche;
    RK-READ-12)."""
    return decide(m, "scheme_deck", [("deck", 0), ("deck", 1)])[1]
