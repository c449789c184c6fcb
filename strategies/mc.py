"""``mc``: flat Monte Carlo over determinizations, the simple baseline of the search players.

At each decision it takes the rollout policy's ``width`` best choices (``Strategy.rank``) and plays
each of them on the same determinizations: every round re-samples what the player cannot see
(docs/search.md) and seeds the policy once, and all the choices are rolled out from that one
sample. Paired like this (common random numbers), two choices differ in value only by what the
choice itself changes, so few rollouts tell them apart. It keeps the policy's pick unless another
choice beats it by ``z`` standard errors of their paired difference, and then plays the one whose
lower bound (mean difference less ``z`` standard errors) is highest. ``budget`` rollouts per
decision are split evenly over the choices; with a budget below the width, only the policy's
``budget`` best are tried, so ``budget=1`` plays as the policy does. Without a ``width`` it searches
``max(2, round(sqrt(budget)))`` choices (strategies/search.py, ``default_width``). The budget is a
cap: ``choose`` stops rolling out a choice, and the decision, as soon as the rounds left could not
make it overrule the pick whatever they gave (:func:`can_overrule`), which changes no pick.

Its :meth:`FlatMonteCarlo.verdict` is that evaluation as data (strategies/search.py, ``Verdict``):
each choice's win chance, margin and paired loss against its pick, with intervals. ``choose`` plays
the verdict's pick, so ``automa-sim review`` and ``play``'s hint show exactly what ``mc`` sees.

With ``horizon=H`` (0 or more) a rollout stops at the policy's first decision ``H + 1`` rounds after
the searched decision's round, and the rollout policy's learned position value (its
``position_value``, strategies/value.py) puts a value on the position there: the predicted final
margin and the win chance and value that follow (docs/learned.md, "Position value"). The replayed
prefix is the same; what is saved is the rest of the game, and the luck in it.
"""
import math
import random
import statistics

from automa.core.errors import UsageError
from automa.core.params import Param
from strategies.search import Search, Verdict

PRIOR_SD = 0.3   # the spread of a paired difference assumed when one round gives no estimate of it


class FlatMonteCarlo(Search):
    name = "mc"
    description = "flat Monte Carlo: the policy's best choices, each rolled out on the same determinizations"
    params = Search.params + (
        Param("z", "float", 1.0, "standard errors by which a choice must beat the policy's pick to overrule it", least=0),
        Param("only", "str", "", "the decision kinds searched, joined by '+' (advisor_place+attack); the others are "
              "played as the ranker chooses, without rollouts; empty (the default): every kind", hide_default=True),
        Param("horizon", "int", -1, "rounds a rollout plays after the searched decision's round before the rollout "
              "policy's learned position value takes over (0: to the end of this round); -1 (the default): to the "
              "game's end", least=-1, hide_default=True, tuned=False),
    )

    def __init__(self, rng, z: float = 1.0, only: str = "", horizon: int = -1, **search):
        super().__init__(rng, **search)
        self.z = z
        self.only = frozenset(only.split("+")) if only else None
        if horizon >= 0:
            self.horizon, self.evaluate = horizon, getattr(self.make_policy, "cls", self.make_policy).position_value()

    @classmethod
    def check(cls, values: dict) -> None:
        """A ``horizon`` needs a rollout policy with a learned position value (its file is loaded here,
        so that a bad one stops the run before its first game)."""
        if values.get("horizon", -1) < 0:
            return
        policy = values["rollout"]
        if getattr(policy.cls, "position_value", None) is None:
            raise UsageError(f"mc: horizon={values['horizon']} needs a rollout policy with a learned position "
                             f"value, which {policy.canonical} has not (docs/learned.md, \"Position value\")")
        policy.cls.position_value()

    def choose(self, decision):
        if self.only is not None and decision.kind not in self.only:
            return self.ranker.choose(decision)
        return self.search(decision)

    def search(self, decision):
        """The verdict's pick, found with fewer rollouts where that is certain: the rounds are played one
        at a time, a choice is dropped as soon as no result of its remaining rounds could overrule the
        policy's pick (:func:`can_overrule`), and the search stops once every other choice is dropped.
        Every round's determinization is drawn before the first rollout, so the streams, and the pick,
        are those of :meth:`verdict` at the full budget."""
        choices = self.shortlist(decision)[:self.budget]
        if len(choices) == 1:
            return choices[0]
        rounds = self.budget // len(choices)
        draws = [(self.world.getrandbits(64), self.world.getrandbits(64)) for _ in range(rounds)]
        values = [[] for _ in choices]
        alive = list(range(1, len(choices)))
        for done, (seed, stream) in enumerate(draws, 1):
            for i in [0, *alive]:
                values[i].append(self.play_out(decision, choices[i], seed, stream)[1])
            if done < rounds:
                alive = [i for i in alive
                         if can_overrule([v - p for v, p in zip(values[i], values[0])], rounds, self.z)]
                if not alive:
                    return choices[0]
        return choices[self.best(values, alive, rounds)]

    def best(self, values: list, challengers, rounds: int) -> int:
        """The index of the choice to play: the policy's pick (0) unless a challenger's paired difference
        from it, less ``z`` standard errors, is above 0; then the challenger for which it is highest."""
        best, best_bound = 0, 0.0
        for i in challengers:
            diffs = [v - p for v, p in zip(values[i], values[0])]
            spread = statistics.stdev(diffs) if rounds > 1 else PRIOR_SD
            bound = statistics.fmean(diffs) - self.z * spread / math.sqrt(rounds)
            if bound > best_bound:
                best, best_bound = i, bound
        return best

    def verdict(self, decision, also=(), shortlist=None) -> Verdict:
        """The search's :class:`~strategies.search.Verdict` on ``decision``: the rollouts it makes there at
        its budget and the choice it plays (``pick``), exactly as :meth:`choose` sees them. ``also``
        are more choices to roll out on the same determinizations, after the searched ones (a player's
        choice to compare); they cost rollouts but change neither the pick nor this strategy's streams.
        A single searched choice is played without rollouts, and then ``also`` is not rolled out.
        ``shortlist`` is this decision's :meth:`shortlist` when the caller has already drawn it (it
        draws from the policy's stream)."""
        choices = (self.shortlist(decision) if shortlist is None else shortlist)[:self.budget]
        if len(choices) == 1:
            return Verdict(decision.kind, choices, 1, 0, [[]], [[]])
        rounds = self.budget // len(choices)
        tried = choices + [c for c in dict.fromkeys(also) if c not in choices]
        results, values = self.paired(decision, tried, rounds, self.world)
        best = self.best(values, range(1, len(choices)), rounds)
        return Verdict(decision.kind, tried, len(choices), best, results, values)


def can_overrule(diffs: list, rounds: int, z: float) -> bool:
    """Whether a challenger whose paired differences from the pick so far are ``diffs`` could still
    overrule it after ``rounds`` in all: whether some results of the rounds left (each difference within
    -1..1, as values are within 0..1) give a mean less ``z`` standard errors above 0. That bound is
    concave in the results left and symmetric in them, so its maximum has them all equal, and a
    golden-section search over that one number finds it; a small allowance keeps the answer on the
    side of "could" where rounding might decide."""
    left = rounds - len(diffs)
    total, squares = math.fsum(diffs), math.fsum(d * d for d in diffs)

    def bound(t: float) -> float:
        mean = (total + left * t) / rounds
        var = max(0.0, (squares + left * t * t - rounds * mean * mean) / (rounds - 1))
        return mean - z * math.sqrt(var / rounds)

    lo, hi = -1.0, 1.0
    ratio = (math.sqrt(5) - 1) / 2
    a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
    fa, fb = bound(a), bound(b)
    for _ in range(60):
        if fa < fb:
            lo, a, fa = a, b, fb
            b = lo + ratio * (hi - lo)
            fb = bound(b)
        else:
            hi, b, fb = b, a, fa
            a = hi - ratio * (hi - lo)
            fa = bound(a)
    top = max(fa, fb, bound(-1.0), bound(1.0))
    return top > -1e-9
