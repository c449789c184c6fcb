"""Forward-model test of the lookahead copies (issue 13): a copy shares no mutable part that a
later move changes.

At many decisions of real games (every module, each player leader's ability in turn), the state is
hashed, every choice's ``Decision.after`` copy is made, and a further copy plays the rest of the
game on its own (the rest of the action phase, the claim phase and the later rounds, with a random
player and fresh streams). The original's hash must not move, and its game must then go on exactly
as an untouched game does.
"""
from __future__ import annotations

import random

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.strategy import Strategy
from automa.rurik import rounds
from automa.rurik.claims import claim_phase

GAME = get_game("rurik")
RANDOM = get_strategy(GAME, "random")


def state_hash(m) -> int:
    """Every field of the state, the module pieces included (dataclass reprs are recursive)."""
    return hash(repr(m.s))


def play_on(copy, seed: int) -> None:
    """Play the copy's game to its end with a random player: the rest of this round's action
    phase, its claim phase and every later round (RK-ROUND-1)."""
    copy.lookahead = False
    copy.strategy = RANDOM(random.Random(seed))
    copy.setup_rng = copy.automa_rng = random.Random(-seed)
    rounds.action_phase(copy)
    for col in copy.s.board:
        col.clear()
    claim_phase(copy)
    for rnd in range(copy.s.round + 1, 5):
        copy.s.round = rnd
        rounds.play_round(copy)


class Prober(Strategy):
    """Plays as ``random`` does; at every ``every``-th decision it hashes the state, looks at every
    choice and plays a copy on to the end, then checks the hash."""

    def __init__(self, rng, every: int):
        super().__init__(rng)
        self.inner, self.every, self.asked, self.probes = RANDOM(rng), every, 0, 0

    def choose(self, decision):
        self.asked += 1
        if self.asked % self.every == 0:
            m = decision.view._m
            before = state_hash(m)
            if decision.can_look_ahead:
                for c in decision.choices:
                    decision.after(c)
            play_on(m.copy_for_lookahead(), self.asked)
            assert state_hash(m) == before, f"decision {self.asked} ({decision.kind}): a copy changed the original"
            self.probes += 1
        return self.inner.choose(decision)


@pytest.mark.parametrize("options", [
    {},
    {"modules": "epic,warfare,factions", "rebel_leader": "maria", "player_leader": "gleb"},
    {"modules": "epic,warfare,factions", "rebel_leader": "gleb", "player_leader": "sviatoslav"},
    {"modules": "epic,warfare", "player_leader": "theofana", "extra_points_timing": "pooled"},
])
def test_copies_never_change_the_original(options):
    """Copies played on to the end leave the original's hash alone, and the original game's result
    equals that of the same game played without probes."""
    opts = GAME.resolve_options(options)
    ctx = GAME.prepare(opts)
    probes = 0
    for i in range(3):
        st = game_streams(5, i)
        prober = Prober(st.strategy, every=7)
        probed = GAME.play(ctx, opts, prober, st, None)
        probes += prober.probes
        st = game_streams(5, i)
        plain = GAME.play(ctx, opts, RANDOM(st.strategy), st, None)
        assert (probed.player, probed.automa, probed.winner, probed.turns) == \
            (plain.player, plain.automa, plain.winner, plain.turns)
    assert probes >= 10
