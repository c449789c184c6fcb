"""``label``: the training data of the learned evaluation (docs/learned.md): its records, the game
it plays, and what it may know (no peeking)."""
from __future__ import annotations

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from strategies.label import COLUMNS
from strategies.rurik.features import NAMES, RurikFeatures
from strategies.rurik.master import MasterStrategy
from tests.rurik.helpers import hide_differently

GAME = get_game("rurik")
OPTS = GAME.resolve_options({"difficulty": 1})
CTX = GAME.prepare(OPTS)
CHEAP = "mc(budget=4,width=2,rollout=master)"


class Stop(Exception):
    pass


def labelled(rate: float, index: int = 0, limit: int | None = None, extra: int = 1):
    """Game ``index`` of seed 5 played by ``label`` with a cheap teacher: its result and records
    (the game ends after ``limit`` labelled decisions when given)."""
    spec = get_strategy(GAME, f"label(teacher={CHEAP},rate={rate},extra={extra})")
    st = game_streams(5, index)
    strategy = spec(st.strategy)
    if limit is not None:
        label = strategy._label

        def capped(decision, group):
            if strategy.decisions == limit:
                raise Stop
            return label(decision, group)
        strategy._label = capped
    try:
        result = GAME.play(CTX, OPTS, strategy, st, None)
    except Stop:
        result = None
    return result, strategy.records(result)


def test_records_are_the_verdicts_of_labelled_decisions():
    """One record per choice rolled out, in COLUMNS; the feature row has its group's length and
    starts with master's score; each labelled decision has one pick among the searched choices and
    at most one played choice, and values are within 0..1."""
    _, records = labelled(0.5, limit=12)
    assert records and all(len(r) == len(COLUMNS) for r in records)
    by = {}
    for r in records:
        rec = dict(zip(COLUMNS, r))
        assert len(rec["features"].split(";")) == len(NAMES[rec["group"]])
        assert 0 <= rec["value"] <= 1 and rec["rounds"] >= 1
        by.setdefault(rec["decision"], []).append(rec)
    assert len(by) == 12
    for recs in by.values():
        assert sum(r["pick"] for r in recs) == 1 and sum(r["played"] for r in recs) <= 1
        assert all(r["searched"] for r in recs if r["pick"])
        assert sum(1 for r in recs if not r["searched"]) <= 1        # extra=1
    assert {rec[3] for rec in records} >= {"place", "spend"}


def test_labelling_never_changes_the_game():
    """The game is the player's whatever share of its decisions is labelled (the teacher, the sampler
    and the extra choices draw from streams of their own)."""
    results = [labelled(rate)[0] for rate in (0.0, 0.3)]
    assert [(r.player, r.automa, r.winner) for r in results][0] == [(r.player, r.automa, r.winner) for r in results][1]


def _records(monkeypatch, reorder: bool, peek: bool) -> list:
    """The records of the first labelled decisions of game 0, Rurik patched by :func:`hide_differently`."""
    with monkeypatch.context() as patch:
        hide_differently(patch, reorder, peek)
        return labelled(1.0, limit=4, extra=0)[1]


def test_records_do_not_peek(monkeypatch):
    """Two games that differ only in the order of cards the player has not seen write the same
    records for their first decisions (features from the view, verdicts on re-sampled rollouts);
    with rollouts that peek they differ, so the test fails for a label that peeks."""
    assert _records(monkeypatch, False, False) == _records(monkeypatch, True, False)
    assert _records(monkeypatch, False, True) != _records(monkeypatch, True, True)


def test_feature_rows_start_with_masters_score():
    """Every feature row's first number is master's score of that choice (strategies/rurik/features.py)."""
    features = RurikFeatures()
    seen = []

    class Watch(MasterStrategy):
        def choose(self, decision):
            group = features.group(decision.kind)
            if group is not None and len(seen) < 40:
                scores = features.scores(decision)
                rows = features.rows(decision, scores, range(len(decision.choices)))
                seen.append((group, [row[0] for row in rows], scores, [len(row) for row in rows]))
            return super().choose(decision)
    st = game_streams(5, 1)
    GAME.play(CTX, OPTS, Watch(st.strategy), st, None)
    assert len(seen) == 40 and {g for g, *_ in seen} >= {"place", "spend"}
    for group, first, scores, lengths in seen:
        assert first == scores and set(lengths) == {len(NAMES[group])}


def test_search_rank_parameter_is_optional_and_canonical():
    """``rank`` of a search is left out of its canonical name unless given, and then named."""
    assert get_strategy(GAME, "mc(budget=4)").canonical == "mc(budget=4,rollout=expert,z=1)"
    assert get_strategy(GAME, "mc(budget=4,rank=master)").canonical == "mc(budget=4,rollout=expert,rank=master,z=1)"
    assert get_strategy(GAME, "mc(budget=4,only=advisor_place+move)").canonical == \
        "mc(budget=4,rollout=expert,z=1,only=advisor_place+move)"
