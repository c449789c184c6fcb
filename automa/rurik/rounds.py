"""The round and phase loop, the only place that sequences play (RK-ROUND-1, RK-ROUND-2,
RK-ACT-1, RK-REB-CARD-1, RK-OPEN-1, RK-EOR-3)."""
from __future__ import annotations

from automa.core.results import Result
from automa.core.rollout import Recorder
from automa.rurik import player, rebellion
from automa.rurik.claims import claim_phase
from automa.rurik.hooks import NO_HOOKS, Hooks
from automa.rurik.match import Match
from automa.rurik.scoring import score, winner
from automa.rurik.setup import setup
from automa.rurik.state import PLAYER, REBELLION
from automa.rurik.strategy_board import strategy_phase


def _advance_deck(m: Match) -> None:
    """Move the bottom solo card to the top; it is the card in use (RK-REB-CARD-1)."""
    s = m.s
    s.deck.insert(0, s.deck.pop())
    s.card = s.deck[0]
    s.seen |= 1 << s.card
    if m.trace:
        m.trace.event("card", side="rebellion", card=m.data.cards[s.card].id, rule="RK-REB-CARD-1")


def _has_advisor(m: Match, side: int) -> bool:
    for col in m.s.board:
        for a in col:
            if a[0] == side:
                return True
    return False


def action_phase(m: Match) -> None:
    """Alternate turns, the player first, until both sides have taken back every advisor; with
    ``rebel_card_cycle=per_turn`` each Rebellion turn starts with a new card (RK-ACT-1)."""
    per_turn = m.opt["rebel_card_cycle"] == "per_turn"
    while True:
        acted = False
        if _has_advisor(m, PLAYER):
            player.take_turn(m)
            m.s.turns += 1
            acted = True
        if _has_advisor(m, REBELLION):
            if per_turn:
                _advance_deck(m)
            rebellion.take_turn(m)
            m.s.turns += 1
            acted = True
        if not acted:
            return


def play_round(m: Match) -> None:
    """Strategy, action and claim phases of one round, then the reset (RK-ROUND-1, RK-EOR-3)."""
    s = m.s
    if m.opt["rebel_card_cycle"] == "per_round":
        _advance_deck(m)
    else:
        s.card = s.deck[-1]                                # RK-REB-STRAT-1: the bottom card
        s.seen |= 1 << s.card
    player.out_of_troops(m)                                # RK-PL-MUSTER-3: before the strategy phase
    strategy_phase(m)
    action_phase(m)
    for col in s.board:
        col.clear()                                        # the vacated spaces are free again (RK-ACT-2)
    claim_phase(m)
    s.token = [True] * 8
    s.sides[PLAYER].leader_used = False
    s.sides[PLAYER].tokens_used = 0                        # each conversion token once per round (RK-OPEN-29)
    if m.trace:
        p, r = score(m)
        m.trace.event("scores", round=s.round, player=sum(p.values()), automa=sum(r.values()),
                      player_categories=p, automa_categories=r)


def play(data, options: dict, strategy, streams, trace=None, hooks: Hooks = NO_HOOKS) -> Result:
    """Play one complete solo game with the modules' ``hooks`` and return its result (RK-ROUND-1,
    RK-END-1, RK-REB-END-1). A search strategy's game is recorded so that its decisions offer
    rollouts (automa.core.rollout)."""
    m = Match(data, options, None, strategy, streams.setup, streams.automa, trace, hooks)
    if strategy.searches:
        m.recorder = Recorder(streams.setup, streams.automa,
                              lambda setup_rng, automa_rng, branch: _rollout(m, setup_rng, automa_rng, branch))
    return _play(m)


def _rollout(m: Match, setup_rng, automa_rng, branch) -> Result:
    """``m``'s game replayed from its starting streams up to ``branch``, then played on by its policy."""
    r = Match(m.data, m.opt, None, branch.policy, setup_rng, automa_rng, None, m.hooks)
    r.branch = branch
    return _play(r)


def _play(m: Match) -> Result:
    trace = m.trace
    setup(m)
    for rnd in range(1, 5):
        m.s.round = rnd
        if trace:
            trace.event("round", round=rnd, priority=m.s.priority)
        play_round(m)
    p, r = score(m)
    won = winner(m, sum(p.values()), sum(r.values()))
    m.view = m.recorder = None  # both refer back to the match: without them it is freed at once, not by the GC
    return Result(p, r, won, rounds=4, turns=m.s.turns, events=trace.events if trace else None)
