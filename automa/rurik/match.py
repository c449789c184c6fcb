"""One game in progress: the state with the data, options, random streams, strategy and trace."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from automa.rurik.data import RurikData
from automa.rurik.hooks import NO_HOOKS, Hooks
from automa.rurik.state import State


@dataclass(slots=True)
class Match:
    """What every rule procedure receives. ``lookahead`` marks a throwaway copy used by
    ``Decision.after``: it takes no decisions, reveals no hidden cards and logs nothing."""

    data: RurikData
    opt: dict
    s: State
    strategy: object
    setup_rng: random.Random
    automa_rng: random.Random
    trace: object = None
    hooks: Hooks = NO_HOOKS           # the modules in play and their hook points (automa/rurik/hooks.py)
    lookahead: bool = False
    turn_scheme_played: bool = False
    builder_step_offered: bool = False  # player Sviatoslav's step, once per turn (RK-SB-LEAD-2)
    token_played: bool = False        # one conversion token per turn (RK-SB-WAR-3)
    left: dict = field(default_factory=dict)  # points of each kind still unspent this turn (extra_points_timing=pooled)
    view: object = None               # the one live read-only View of this game, made on first use
    need_unit: bool = False           # rule needs a unit there, read once from opt (RK-OPEN-43 rule_requires_unit)
    lead: object = None               # the Rebellion's leader's abilities (data.RebelLeader), read once from opt
    moved_from: int = -1              # source region of the Rebellion's last move (hook moved)
    recorder: object = None           # a search strategy's game: choices recorded for rollouts (automa.core.rollout)
    branch: object = None             # a rollout replaying those choices up to its branch point
    offer: int = -1                   # the scheme card being played while its reward is chosen (View.scheme_in_play)
    spending: tuple = ()              # (action, points left) while the player spends them (View.spending)

    def __post_init__(self):
        self.need_unit = self.opt.get("rule_requires_unit") == "yes"
        self.lead = self.data.leaders[self.opt["rebel_leader"]]

    def copy_for_lookahead(self) -> "Match":
        return Match(self.data, self.opt, self.s.copy(), self.strategy, _LOOKAHEAD_RNG,
                     _LOOKAHEAD_RNG, None, self.hooks, True, self.turn_scheme_played,
                     self.builder_step_offered, self.token_played, {})


# lookahead copies reveal no card and shuffle nothing that is read again, so they share one stream
_LOOKAHEAD_RNG = random.Random(0)
