"""The fur bag (ST-FUR-3): random draws and furs put back. The bag lies sorted by value."""
from __future__ import annotations

from bisect import bisect_right


def draws(run, n: int) -> list[int]:
    """``n`` random furs from the bag, fewer if it runs out (ST-FUR-3): each a uniform pick among the furs
    left, which lie in the bag sorted by value."""
    bag = run.st.bag
    rnd = run.rng.random
    return [bag.pop(int(rnd() * len(bag))) for _ in range(min(n, len(bag)))]


def draw(run) -> int:
    """One random fur from the bag, 0 if it is empty (ST-FUR-3); the same pick as :func:`draws`."""
    bag = run.st.bag
    return bag.pop(int(run.rng.random() * len(bag))) if bag else 0


def to_bag(run, value: int, n: int = 1) -> None:
    """Spent furs go back into the bag (ST-FUR-3), which stays sorted by value."""
    bag = run.st.bag
    i = bisect_right(bag, value)
    bag[i:i] = [value] * n
