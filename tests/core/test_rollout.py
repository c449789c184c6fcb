"""The rollout Recorder restores every stream a game draws from (docs/new-game.md section 13)."""
from automa.core.rollout import Branch, Recorder
from automa.core.seeding import Stream, game_streams


def draws(rng, n=4):
    return [rng.random() for _ in range(n)]


def test_a_rollout_replays_setup_automa_deck_and_dice_from_their_starting_states():
    """The recorder keeps the starting state of setup and automa and of every named stream (deck,
    dice); a rollout gets fresh copies in those states, whatever the real game drew since."""
    played = game_streams(5, 1)
    fresh = game_streams(5, 1)
    seen = []

    def play_from(setup, automa, branch, **named):
        seen.append((draws(setup), draws(automa), {k: draws(v) for k, v in named.items()}, branch))
        return "result"

    rec = Recorder(played.setup, played.automa, play_from, deck=played.deck, dice=played.dice)
    for stream in (played.setup, played.automa, played.deck, played.dice):
        draws(stream, 9)  # the real game goes on
    rec.choices.append(2)
    assert rec.rollout(1, policy="policy", rng=Stream(0)) == "result"
    setup, automa, named, branch = seen[0]
    assert (setup, automa) == (draws(fresh.setup), draws(fresh.automa))
    assert named == {"deck": draws(fresh.deck), "dice": draws(fresh.dice)}
    assert isinstance(branch, Branch) and branch.prefix == [2] and branch.choice == 1
    assert draws(played.dice, 1) != named["dice"][:1]  # the real streams were not rewound


def test_a_recorder_without_named_streams_calls_back_as_before():
    """Rurik and Stroganov give only setup and automa: play_from gets (setup, automa, branch)."""
    s = game_streams(5, 1)
    rec = Recorder(s.setup, s.automa, lambda setup, automa, branch: (setup.random(), automa.random()))
    fresh = game_streams(5, 1)
    assert rec.rollout(0, None, Stream(0)) == (fresh.setup.random(), fresh.automa.random())
