"""What a person types to play one round of a game at the keyboard (``automa-sim play``, docs/play.md):
the prompts answered and the keys pressed (Enter included) when every decision is answered with a
strategy's choice, asked as ``play`` asks it before issue 29 (one flat numbered list) and now (big
decisions in steps, answered by number at each step, or typed in one go in the notation; decisions
taken without asking cost nothing). A choice on a later page of a list costs an ``n`` (and Enter) per
page turned, at ``PAGE`` choices a page (an 80x24 terminal with no story); story pagers are not counted.

    python tools/keystrokes.py rurik --seed 3 --round 1 --strategy expert
"""
from __future__ import annotations

import argparse

from automa.table.prompt import STEPPED
from automa.core.registry import get_game, get_strategy
from automa.run.runner import prepare
from automa.table.saved import encode
from automa.core.seeding import game_streams
from automa.run.simulate import resolve
from automa.core.steps import Stepper
from automa.core.strategy import Strategy

PAGE = 20  # choices a page in an 80x24 terminal (its 24 rows less the heading, the prompt and the margin)


def cost(position: int) -> tuple[int, int]:
    """Prompts and keys to take the choice at ``position`` (0 first) of a list: the pages turned, then
    its number, each with Enter."""
    pages = position // PAGE
    return pages + 1, 2 * pages + len(str(position + 1)) + 1


def measure(game: str, seed: int, rounds: int, strategy: str) -> dict:
    entry = get_game(game)
    spec = resolve(game, None, {}, seed)
    streams = game_streams(seed, 0)
    inner = get_strategy(entry, strategy)(streams.strategy)
    counts = dict.fromkeys(("decisions", "old_prompts", "old_keys", "step_prompts", "step_keys",
                            "typed_prompts", "typed_keys", "taken"), 0)
    passed: dict = {}

    class Typist(Strategy):
        def choose(self, decision):
            view, kind, choices = decision.view, decision.kind, list(decision.choices)
            choice = inner.choose(decision)
            i = next(k for k, c in enumerate(choices) if encode(c) == encode(choice))
            counts["decisions"] += 1
            prompts, keys = cost(i)
            counts["old_prompts"] += prompts
            counts["old_keys"] += keys
            offer = entry.offer(view, kind, choices) if entry.offer else None
            idle = entry.idle(view, kind, choices) if entry.idle else None
            if offer is not None:
                taken = idle is None and passed.get(kind) == offer[0]
                if i == offer[1]:
                    passed[kind] = offer[0]
                else:
                    passed.pop(kind, None)
            else:
                taken = False
            if idle is not None or taken:
                counts["taken"] += 1
                return choice
            steps = [entry.steps(view, kind, c) for c in choices] if entry.steps else [None]
            if len(choices) <= STEPPED or not all(steps):
                for name in ("step", "typed"):
                    counts[name + "_prompts"] += prompts
                    counts[name + "_keys"] += keys
                return choice
            stepper = Stepper(choices, steps)
            while stepper.chosen is None:
                options = [o.key for o in stepper.options()]
                k = options.index(stepper.keys[i][len(stepper.path)])
                prompts_, keys_ = cost(k)
                counts["step_prompts"] += prompts_
                counts["step_keys"] += keys_
                stepper.pick(options[k])
            counts["typed_prompts"] += 1
            counts["typed_keys"] += len(stepper.notation(i)) + 1
            return choice

    class Stop(Exception):
        pass

    class Rounds(Typist):
        def choose(self, decision):
            if getattr(decision.view, "round", 1) > rounds or getattr(decision.view, "year", 1) > rounds:
                raise Stop
            return super().choose(decision)

    try:
        entry.play(prepare(spec), spec.options, Rounds(streams.strategy), streams, None)
    except Stop:
        pass
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--round", type=int, default=1, help="play up to the end of this round (Stroganov: year)")
    parser.add_argument("--strategy", default="expert")
    args = parser.parse_args()
    c = measure(args.game, args.seed, args.round, args.strategy)
    print(f"{args.game} seed {args.seed}, up to round {args.round}, {args.strategy}'s choices: {c['decisions']} decisions")
    print(f"  before (one flat list):          {c['old_prompts']:>4} prompts, {c['old_keys']:>4} keys")
    print(f"  now, by number at each step:     {c['step_prompts']:>4} prompts, {c['step_keys']:>4} keys "
          f"({c['taken']} taken without asking)")
    print(f"  now, big ones typed in one go:   {c['typed_prompts']:>4} prompts, {c['typed_keys']:>4} keys")


if __name__ == "__main__":
    main()
