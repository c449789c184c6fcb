"""Seeding: per-game streams depend only on (root entropy, game index) and are independent."""
from automa.core.seeding import fresh_entropy, game_streams


def draws(rng, n=5):
    return [rng.random() for _ in range(n)]


def test_same_root_and_index_give_the_same_streams():
    a, b = game_streams(123, 7), game_streams(123, 7)
    assert [draws(s) for s in (a.setup, a.automa, a.strategy)] == \
           [draws(s) for s in (b.setup, b.automa, b.strategy)]


def test_streams_differ_between_games_roots_and_each_other():
    s = game_streams(123, 7)
    seen = {tuple(draws(s.setup)), tuple(draws(s.automa)), tuple(draws(s.strategy)),
            tuple(draws(game_streams(123, 8).setup)), tuple(draws(game_streams(124, 7).setup))}
    assert len(seen) == 5


def test_drawing_from_the_strategy_stream_leaves_the_others_alone():
    a, b = game_streams(5, 0), game_streams(5, 0)
    draws(b.strategy, 1000)
    assert draws(a.automa) == draws(b.automa) and draws(a.setup) == draws(b.setup)


def test_fresh_entropy_is_large_and_fresh():
    a, b = fresh_entropy(), fresh_entropy()
    assert a != b and max(a, b) > 2**64


def test_stream_k_of_game_i_is_child_k_of_the_games_seed_sequence():
    """The documented derivation: spawn key (i, k), 128 bits of generate_state seed a random.Random,
    for roots of every size (the root is handed to SeedSequence as its uint32 words)."""
    import random

    import numpy as np

    from automa.core.seeding import game_sequence

    for root in (0, 1, 99, 2**32, 2**64 + 5, 2**128 - 1, fresh_entropy()):
        children = game_sequence(root, 4).spawn(3)
        expected = [random.Random(int.from_bytes(c.generate_state(4, np.uint32).tobytes(), "little"))
                    for c in children]
        got = game_streams(root, 4)
        assert [draws(s) for s in (got.setup, got.automa, got.strategy)] == [draws(r) for r in expected]


def test_a_streams_shuffle_is_the_stdlib_shuffle():
    """Stream.shuffle is only faster: the same draws, the same order, the same state afterwards."""
    import random

    from automa.core.seeding import Stream

    for seed in range(30):
        for n in (0, 1, 2, 3, 7, 8, 9, 17, 64, 100):
            ours, stdlib = Stream(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            ours.shuffle(a)
            stdlib.shuffle(b)
            assert a == b and ours.random() == stdlib.random()


def test_strategy_uniform_is_randrange():
    """Strategy.uniform is only faster: the element randrange(len(seq)) picks, and the same state after."""
    import random

    from automa.core.strategy import Strategy
    for seed in range(20):
        ours, stdlib = Strategy(random.Random(seed)), random.Random(seed)
        for n in (1, 2, 3, 5, 7, 8, 9, 31, 33, 100, 1000):
            seq = list(range(n))
            assert ours.uniform(seq) == seq[stdlib.randrange(n)]
        assert ours.rng.getstate() == stdlib.getstate()


def test_stream_seeds_are_numpys_seed_sequence_words():
    """The plain-Python SeedSequence hash gives numpy's words: for roots of one to 32 words (zero,
    all ones, random sizes) and game indices of one, two and three words, each key's 128 bits are
    ``SeedSequence(root, spawn_key=(i, k)).generate_state(4)``."""
    import random

    import numpy as np

    from automa.core.seeding import stream_seeds

    rng = random.Random(2026)
    roots = [0, 1, 2**32 - 1, 2**32, 2**64 + 5, 2**96, 2**128 - 1, 2**128, 2**1024 - 3, 5 << 300, fresh_entropy()]
    roots += [rng.getrandbits(rng.choice((7, 32, 33, 64, 127, 128, 129, 200, 512, 1000))) for _ in range(60)]
    indices = [0, 1, 2, 999, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**63, 2**64, 2**64 + 17]
    for root in roots:
        for index in indices + [rng.randrange(10**7) for _ in range(4)]:
            expected = [int.from_bytes(np.random.SeedSequence(root, spawn_key=(index, k)).generate_state(4).tobytes(),
                                       "little") for k in range(3)]
            assert stream_seeds(root, index) == expected, (root, index)


def test_a_seeded_stream_is_the_stream_of_that_seed():
    """Stream.seeded(s) skips random.Random's Python-level seeding only: the same state as Stream(s)
    and as random.Random(s), and the same draws after."""
    import random

    from automa.core.seeding import Stream

    for seed in (0, 1, 2**31, 2**32, 2**127 + 3, 2**128 - 1, 2**200 + 9):
        ours = Stream.seeded(seed)
        assert ours.getstate() == Stream(seed).getstate() == random.Random(seed).getstate()
        assert type(ours) is Stream and ours.gauss(0, 1) == random.Random(seed).gauss(0, 1)


def test_deck_dice_and_lookahead_are_spawn_keys_3_to_5_and_leave_the_first_three_alone():
    """The deck, dice and lookahead streams (docs/new-game.md section 13) are SeedSequence children
    (i, 3), (i, 4) and (i, 5); making them changes no bit of setup, automa or strategy."""
    import random

    import numpy as np

    from automa.core.seeding import stream_seeds

    for root in (0, 7, 2**64 + 5, 2**128 - 1, fresh_entropy()):
        for index in (0, 3, 2**32 + 1):
            expected = [int.from_bytes(np.random.SeedSequence(root, spawn_key=(index, k)).generate_state(4).tobytes(),
                                       "little") for k in range(6)]
            assert stream_seeds(root, index, keys=range(6)) == expected
            assert stream_seeds(root, index) == expected[:3]
            got, plain = game_streams(root, index), game_streams(root, index)
            assert draws(got.dice) == draws(random.Random(expected[4]))
            assert draws(got.deck) == draws(random.Random(expected[3]))
            assert draws(got.lookahead) == draws(random.Random(expected[5]))
            assert [draws(s) for s in (got.setup, got.automa, got.strategy)] == \
                   [draws(s) for s in (plain.setup, plain.automa, plain.strategy)]


def test_deck_and_dice_are_made_on_first_use_only():
    """A game that never draws from deck or dice pays nothing for them; once made, each is one stream."""
    s = game_streams(11, 2)
    assert s._deck is None and s._dice is None
    first = s.deck
    assert s.deck is first and s._dice is None and s.dice is not first


def test_streams_built_without_deck_or_dice_refuse_them():
    """A rollout's hand-built Streams has only the streams it was given (automa.core.rollout)."""
    import pytest

    from automa.core.seeding import Stream, Streams

    given = Stream(1)
    s = Streams(Stream(2), Stream(3), None, dice=given)
    assert s.dice is given
    with pytest.raises(ValueError, match="no deck stream"):
        s.deck
