"""Seeding: one root SeedSequence per run, one child per game, separate streams inside a game.

Game ``i`` of a run with root entropy ``E`` uses ``SeedSequence(E, spawn_key=(i,))``, so a game's
randomness never depends on job count, chunking or which other games run. Inside a game, the
streams are derived with spawn keys ``(i, 0)`` to ``(i, 5)``:

* ``setup``: setup and every shuffle that is not the automa's deck;
* ``automa``: the automa's deck(s) and the automa's random choices;
* ``strategy``: the player strategy;
* ``deck``: a shared deck's shuffles and draws, for a game that keeps them apart from setup (Root);
* ``dice``: dice rolls, for a game that keeps them apart (Root);
* ``lookahead``: what a game's one-step lookahead re-samples of what the player cannot see, for a game
  whose lookahead replays a stretch of play (Root).

Each key is derived alone (:func:`_key_hashes`), so adding ``deck``, ``dice`` and ``lookahead`` left the
bits of the first three as they were. These three are made on first use: a game that never draws from
them (Rurik, Stroganov) pays nothing for them.

Each stream is a ``random.Random`` (a :class:`Stream`) seeded from 128 bits of ``generate_state(4)``
of its ``SeedSequence``: scalar draws on the hot path are an order of magnitude cheaper than numpy
``Generator`` scalar draws.

Those 128 bits are computed here in plain Python, by SeedSequence's own hash (numpy's
``bit_generator.pyx``: ``mix_entropy`` and ``generate_state``), which gives the same words as numpy
(tests/core/test_seeding.py checks it against numpy on many roots and indices, small and huge) for
a fraction of the cost of building three numpy SeedSequences per game. The hash constant advances
the same way whatever the data, so the pool after the root's words is computed once per root, and
the hashes of the stream keys once per position.
"""
from __future__ import annotations

import _random
import random
import secrets
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is not needed to seed: a run's startup is part of its time
    import numpy as np

STREAMS = ("setup", "automa", "strategy", "deck", "dice", "lookahead")  # stream k has spawn key (i, k)
EAGER = 3  # the first EAGER streams are made with the game; the rest on first use

# numpy SeedSequence's constants (a pool of 4 uint32 words, 32-bit arithmetic)
_MASK = 0xFFFF_FFFF
_POOL = 4
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875  # hashing entropy words into the pool
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED  # hashing the pool out (generate_state)
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715    # mixing a hashed word into a pool word


def fresh_entropy() -> int:
    """Fresh root entropy for a run with no ``--seed``: 128 bits from the OS, as ``SeedSequence()`` draws."""
    return secrets.randbits(_POOL * 32)


def game_sequence(root_entropy: int, game_index: int) -> np.random.SeedSequence:
    """The SeedSequence of game ``game_index``."""
    import numpy as np

    return np.random.SeedSequence(root_entropy, spawn_key=(game_index,))


class Stream(random.Random):
    """A ``random.Random`` whose ``shuffle`` makes exactly the stdlib's draws and swaps (Fisher-Yates,
    ``randrange(i + 1)`` by rejection on ``getrandbits``) without two Python calls per element: setup
    shuffles are a measurable share of a game."""

    @classmethod
    def seeded(cls, seed: int) -> "Stream":
        """``Stream(seed)`` for an int ``seed`` (the same state), without ``random.Random``'s Python-level
        ``__init__`` and ``seed``, which for an int only call the C seed and clear ``gauss_next``."""
        stream = cls.__new__(cls)
        _random.Random.seed(stream, seed)
        stream.gauss_next = None
        return stream

    def shuffle(self, x) -> None:
        bits = self.getrandbits
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            x[i], x[j] = x[j], x[i]


class Streams:
    """The random streams of one game: ``setup``, ``automa`` and ``strategy`` made with it, ``deck``,
    ``dice`` and ``lookahead`` on first use (from ``source``, the game's ``(root entropy, game index)``).

    An engine's rollout builds its own ``Streams(setup, automa, strategy, deck=..., dice=...)`` from
    restored streams (automa.core.rollout); asking such a one for a stream it was not given and has no
    ``source`` for is a ValueError.
    """

    __slots__ = ("setup", "automa", "strategy", "_deck", "_dice", "_lookahead", "source")

    def __init__(self, setup: Stream, automa: Stream, strategy: Stream | None,
                 deck: Stream | None = None, dice: Stream | None = None,
                 source: tuple[int, int] | None = None):
        self.setup = setup
        self.automa = automa
        self.strategy = strategy
        self._deck = deck
        self._dice = dice
        self._lookahead = None
        self.source = source

    @property
    def deck(self) -> Stream:
        """The ``deck`` stream (spawn key ``(i, 3)``)."""
        if self._deck is None:
            self._deck = self._make("deck")
        return self._deck

    @property
    def dice(self) -> Stream:
        """The ``dice`` stream (spawn key ``(i, 4)``)."""
        if self._dice is None:
            self._dice = self._make("dice")
        return self._dice

    @property
    def lookahead(self) -> Stream:
        """The ``lookahead`` stream (spawn key ``(i, 5)``)."""
        if self._lookahead is None:
            self._lookahead = self._make("lookahead")
        return self._lookahead

    def _make(self, name: str) -> Stream:
        if self.source is None:
            raise ValueError(f"these streams have no {name} stream and no game seed to make one from")
        return Stream.seeded(stream_seeds(*self.source, keys=(STREAMS.index(name),))[0])


def _words(n: int) -> list[int]:
    """A non-negative int as SeedSequence reads it: little-endian uint32 words, at least one."""
    words = [n & _MASK]
    n >>= 32
    while n:
        words.append(n & _MASK)
        n >>= 32
    return words


def _hash(value: int, h: int) -> tuple[int, int]:
    """SeedSequence's ``hashmix``: ``value`` hashed with the running constant ``h``, and the next ``h``."""
    value ^= h
    h = h * _MULT_A & _MASK
    value = value * h & _MASK
    return value ^ value >> 16, h


def _mix(x: int, y: int) -> int:
    """SeedSequence's ``mix`` of a pool word ``x`` and a hashed word ``y``."""
    r = (_MIX_L * x - _MIX_R * y) & _MASK
    return r ^ r >> 16


def _absorb(pool: tuple, h: int, word: int) -> tuple[tuple, int]:
    """One entropy word past the pool's size mixed into every pool word (``mix_entropy``'s last loop)."""
    out = []
    for x in pool:
        v, h = _hash(word, h)
        out.append(_mix(x, v))
    return tuple(out), h


@lru_cache(maxsize=16)
def _root_pool(root_entropy: int) -> tuple[tuple, int]:
    """The pool and the running constant after the root's words: ``mix_entropy`` over the root,
    padded with zeros to the pool size (numpy pads when a spawn key follows, as here)."""
    words = _words(root_entropy)
    words += [0] * (_POOL - len(words))
    h = _INIT_A
    pool = []
    for word in words[:_POOL]:
        v, h = _hash(word, h)
        pool.append(v)
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                v, h = _hash(pool[src], h)
                pool[dst] = _mix(pool[dst], v)
    pool = tuple(pool)
    for word in words[_POOL:]:
        pool, h = _absorb(pool, h, word)
    return pool, h


@lru_cache(maxsize=16)
def _key_hashes(h: int) -> tuple[tuple[int, ...], ...]:
    """For each stream key (0 to 5) absorbed at running constant ``h``: ``_MIX_R`` times the key's
    hash, for each pool word (the right-hand term of :func:`_mix`, which depends on ``h`` alone). Each
    key's terms depend on that key and ``h`` only: more keys leave the others' as they are."""
    out = []
    for key in range(len(STREAMS)):
        terms, hk = [], h
        for _ in range(_POOL):
            v, hk = _hash(key, hk)
            terms.append(_MIX_R * v)
        out.append(tuple(terms))
    return tuple(out)


def _out_constants() -> tuple[tuple[int, int], ...]:
    """``generate_state``'s (xor, multiplier) for each pool word."""
    out, h = [], _INIT_B
    for _ in range(_POOL):
        nxt = h * _MULT_B & _MASK
        out.append((h, nxt))
        h = nxt
    return tuple(out)


_OUT = _out_constants()


def stream_seeds(root_entropy: int, game_index: int, keys=range(EAGER)) -> list[int]:
    """The seeds of game ``game_index``'s streams ``keys`` (default: the streams made with the game):
    for each key ``k``, the 128 bits (little-endian) of
    ``SeedSequence(root_entropy, spawn_key=(game_index, k)).generate_state(4)``."""
    pool, h = _root_pool(root_entropy)
    for word in _words(game_index):
        pool, h = _absorb(pool, h, word)
    left = [_MIX_L * x for x in pool]  # the left-hand terms of _mix, shared by the keys
    hashes = _key_hashes(h)
    seeds = []
    for key in keys:
        terms = hashes[key]
        seed = 0
        for i, (xor, mul) in enumerate(_OUT):
            r = (left[i] - terms[i]) & _MASK
            v = ((r ^ r >> 16) ^ xor) * mul & _MASK
            seed |= (v ^ v >> 16) << (32 * i)
        seeds.append(seed)
    return seeds


def game_streams(root_entropy: int, game_index: int) -> Streams:
    """The streams of game ``game_index``: setup, automa and strategy now, deck and dice on first use."""
    setup, automa, strategy = stream_seeds(root_entropy, game_index)
    return Streams(Stream.seeded(setup), Stream.seeded(automa), Stream.seeded(strategy),
                   source=(root_entropy, game_index))
