"""``play``'s hint (automa/table/hint.py): the search player's verdict, and the wider hint that does
not hide a better move than the two it compared (issue 29)."""
from __future__ import annotations

import random

from automa.table import saved as saves
from automa.table.hint import MORE, hint, wider
from automa.core.registry import get_game, get_strategy
from automa.run.runner import prepare
from automa.core.seeding import game_streams
from automa.run.simulate import resolve

# Stroganov, seed 3, greedy's game: at its 102nd decision (a paid second action, 19 choices) both
# choices the default hint compares lose all 8 rollouts, while taking region 3's Tsar's Wish wins
# all 8 on the same deals (found by searching greedy's games of seeds 1-6 for such decisions).
SEED, AT, HINT = 3, 102, "mc(budget=16,width=2)"


def decision_of(game: str, seed: int, at: int, strategy: str, ask):
    """Play ``strategy``'s game of ``seed`` up to its ``at``-th decision and return ``ask(decision)``
    there (the player searches, so the decision offers rollouts)."""
    entry, asked = get_game(game), []
    spec = resolve(game, None, {}, seed)
    streams = game_streams(seed, 0)
    player = get_strategy(entry, strategy)(streams.strategy)

    def then(decision, number):
        if number + 1 == at:
            asked.append(ask(decision))
        return player.choose(decision)

    script = saves.Script(streams.strategy, [], then)
    script.searches = True
    entry.play(prepare(spec), spec.options, script, streams, None)
    return asked[0]


def test_hint_rolls_out_the_shortlist_on_the_same_deals():
    """hint: the search player's verdict (strategies/search.py): its shortlist, each choice rolled out
    budget // width times on the same deals, the choice it plays first (Stroganov, seed 3, greedy's
    third decision, where the two compared choices win rollouts, so it does not widen)."""
    mc = get_strategy(get_game("stroganov"), HINT)
    found, pick = decision_of("stroganov", SEED, 3, "greedy", lambda d: (hint(d, mc, 7), mc(random.Random(7)).choose(d)))
    verdicts = found.verdicts
    assert (found.compared, found.widened) == (2, "") and len(verdicts) == 2 and found.choices > 2
    assert all(v.rollouts == 8 for v in verdicts) and any(v.wins for v in verdicts)
    assert verdicts[0].choice == pick
    assert all(0 <= v.win_lo <= v.wins / 8 <= v.win_hi <= 1 for v in verdicts)
    assert all(v.margin_lo <= v.margin <= v.margin_hi for v in verdicts)


def test_a_hint_whose_choices_all_lose_widens_and_finds_the_winning_move():
    """Issue 29: where both choices the hint compared lose every rollout, it compares the policy's
    MORE best on the same deals (the first two keep exactly their rollouts) and shows the move that
    wins them; ``more`` asks for the same."""
    entry = get_game("stroganov")
    spec = get_strategy(entry, HINT)

    def ask(decision):
        narrow = spec(random.Random("h")).verdict(decision)
        wide = wider(spec, "h", MORE, 8).verdict(decision)
        return decision, narrow, wide, hint(decision, spec, "h"), hint(decision, spec, "h", more=True)

    decision, narrow, wide, found, asked = decision_of("stroganov", SEED, AT, "greedy", ask)
    assert len(decision.choices) > MORE and all(r.wins == 0 for r in narrow.rated())
    for i, choice in enumerate(narrow.choices):          # the same deals: the same rollouts
        assert wide.values[wide.index(choice)] == narrow.values[i]
    assert (found.widened, found.compared, found.choices) == ("lost", MORE, len(decision.choices))
    best = found.verdicts[0]
    assert best.choice not in narrow.choices and best.wins == best.rollouts == 8
    assert "Tsar's Wish" in entry.describe(decision.view, decision.kind, best.choice)
    assert asked.widened == "asked" and asked.verdicts == found.verdicts


def test_hint_more_at_the_prompt(tmp_path, monkeypatch):
    """``hint more`` typed at play's prompt compares more choices than ``hint`` (all 8 of Stroganov's
    third decision, seed 3, where ``hint`` compares two), and each says which it compared."""
    from automa.table.line import ANSI, Terminal
    from automa.table.play import start

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "200")
    said, keys = [], iter(["1", "1", "hint", "hint more", "quit"])
    start("stroganov", {}, 3, 0, None, tmp_path / "g.json", tmp_path / "r", HINT, "automa-sim play",
          Terminal(lambda prompt: next(keys), lambda text="": said.extend(ANSI.sub("", text).split("\n"))))
    first, more = " ".join(said).split("Hint from ")[1:]
    assert "compared the 2 choices its rollout policy rates best, of 8 (hint more: all):" in first
    assert "compared all 8 choices:" in more
    assert first.count(" — wins ") == 2 and more.count(" — wins ") == 5
