"""A ladder's players in words a player understands (issue 29): ``rate`` and the end of ``play`` name
the rungs so, with the search budget beside the search player, not by their strategy strings."""
from __future__ import annotations

from automa.core.params import split_spec

PLAIN = {  # what the ladders' reference players do
    "greedy": "takes what scores most one step ahead",
    "expert": "fast rules of thumb",
    "master": "the expert's rules of thumb, tuned: the strongest fast player",
    "random": "any legal move",
}
SEARCH = ("mc", "mcts")


def rung_name(player: str) -> str:
    """``player`` (a ladder's strategy string) named shortly: the search player with its budget, any
    other by its name."""
    name, params = split_spec(player)
    if name in SEARCH and "budget" in params:
        return f"the search player at budget {int(params['budget'])}"
    return f"the {player} player"


def rung_words(player: str, description: str = "") -> str:
    """:func:`rung_name` with what the player does: for the search player what its budget means, for a
    reference player :data:`PLAIN`, for any other its ``description`` up to its first ``:``, ``;`` or
    ``(``."""
    name, params = split_spec(player)
    if name in SEARCH and "budget" in params:
        budget = int(params["budget"])
        horizon = int(params.get("horizon", -1))
        until = ("to the end" if horizon < 0 else
                 f"to the end of the round{f' {horizon} after' if horizon else ''}, valued from there,")
        what = (f"plays as its rollout player, {split_spec(params.get('rollout', 'expert'))[0]}" if budget == 1 else
                f"plays {budget} trial games {until} before each decision")
    elif name in PLAIN and not params:
        what = PLAIN[name]
    else:
        what = description.split(":")[0].split(";")[0].split(" (")[0].strip()
    return rung_name(player) + (f" ({what})" if what else "")
