"""Seeding: one root SeedSequence per run, one child per game, separate streams inside a game.

Game ``i`` of a run with root entropy ``E`` uses ``SeedSequence(E, spawn_key=(i,))``, so a game's
randomness never depends on job count, chunking or which other games run. Inside a game, three
streams are derived with spawn keys ``(i, 0)``, ``(i, 1)`` and ``(i, 2)``:

* ``setup``: setup and every shuffle that is not the automa's deck;
* ``automa``: the automa's deck(s) and the automa's random choices;
* ``strategy``: the player strategy.

Each stream is a ``random.Random`` (a :class:`Stream`) seeded from 128 bits of ``SeedSequence.generate_state``: scalar
draws on the hot path are an order of magnitude cheaper than numpy ``Generator`` scalar draws.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

STREAMS = ("setup", "automa", "strategy")


def fresh_entropy() -> int:
    """Fresh root entropy for a run with no ``--seed`` (128 bits from the OS)."""
    return int(np.random.SeedSequence().entropy)


def game_sequence(root_entropy: int, game_index: int) -> np.random.SeedSequence:
    """The SeedSequence of game ``game_index``."""
    return np.random.SeedSequence(root_entropy, spawn_key=(game_index,))


class Stream(random.Random):
    """A ``random.Random`` whose ``shuffle`` makes exactly the stdlib's draws and swaps (Fisher-Yates,
    ``randrange(i + 1)`` by rejection on ``getrandbits``) without two Python calls per element: setup
    shuffles are a measurable share of a game."""

    def shuffle(self, x) -> None:
        bits = self.getrandbits
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            x[i], x[j] = x[j], x[i]


@dataclass(slots=True)
class Streams:
    """The random streams of one game."""

    setup: Stream
    automa: Stream
    strategy: Stream


@lru_cache(maxsize=16)
def _words(root_entropy: int) -> np.ndarray:
    """The root entropy as the little-endian uint32 words SeedSequence makes of it (given as words, it
    skips that conversion for every stream; the sequence is the same)."""
    words = [(root_entropy >> shift) & 0xFFFFFFFF for shift in range(0, max(root_entropy.bit_length(), 1), 32)]
    return np.array(words, dtype=np.uint32)


def _stream(root_entropy: int, game_index: int, k: int) -> Stream:
    """Stream ``k`` of game ``game_index``: the child ``(game_index, k)`` of the root, i.e. child ``k`` of
    :func:`game_sequence` (built directly, which saves constructing the game's own sequence)."""
    state = np.random.SeedSequence(_words(root_entropy), spawn_key=(game_index, k)).generate_state(4)
    return Stream(int.from_bytes(state.tobytes(), "little"))


def game_streams(root_entropy: int, game_index: int) -> Streams:
    """The three streams of game ``game_index`` (setup, automa, strategy)."""
    return Streams(_stream(root_entropy, game_index, 0), _stream(root_entropy, game_index, 1),
                   _stream(root_entropy, game_index, 2))
