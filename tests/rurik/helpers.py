"""Small state-editing helpers shared by the Rurik tests."""
from __future__ import annotations

import random

from automa.rurik import decide, hidden, rounds
from automa.rurik.state import PLAYER, REBELLION


def put(m, side: int, r: int, n: int) -> None:
    """Move ``n`` troops/rebels of ``side`` from its supply into region ``r``."""
    sd = m.s.sides[side]
    sd.units[r] += n
    sd.supply -= n


def rebels(m, r: int, n: int, leader: bool = False) -> None:
    put(m, REBELLION, r, n)
    if leader:
        m.s.sides[REBELLION].leader = r


def troops(m, r: int, n: int, leader: bool = False) -> None:
    put(m, PLAYER, r, n)
    if leader:
        m.s.sides[PLAYER].leader = r


def build_struct(m, side: int, r: int, kind: int) -> None:
    m.s.sides[side].structures[kind] -= 1
    m.s.structs[r].append((side, kind))


def lay_out(m, *names: str, built=()) -> None:
    """Lay out epic cards by name, top first; ``built`` names cards to mark as built (RK-SB-EPIC-1)."""
    from automa.rurik.modules.epic import NAMES
    mod = m.s.mod
    mod.epic_cards = [NAMES.index(n) for n in names]
    mod.epic_left = [m.data.epic_cards[e]["copies"] for e in mod.epic_cards]
    mod.epic_built = [n in built for n in names]
    mod.epic_gone = [False] * len(names)


def place_epic(m, name: str, r: int) -> None:
    """Put a (non-border) epic structure on the map as if the player had built it."""
    from automa.rurik.modules.epic import NAMES
    from automa.rurik.state import EPIC0, NOBODY
    e = NAMES.index(name)
    m.s.structs[r].append((NOBODY, EPIC0 + e))
    m.s.mod.epic_region[e] = r


def scheme_ids(data, icons: int, module: str | None = None) -> list[int]:
    """Scheme card ids with exactly ``icons`` casualty icons."""
    return [c.id for c in data.schemes if c.casualty_icons == icons and (module is None or c.module == module)]


def hide_differently(patch, reorder: bool, peek: bool) -> None:
    """Patch Rurik for the no-peeking tests (docs/search.md). ``reorder``: right after setup the cards
    the player has not seen get a new order, in the real game and in the replays of it (not after a
    rollout's branch point, which re-samples them anyway); the solo deck is kept, so the game diverges
    later. ``peek``: rollouts keep the true order of the hidden cards instead of re-sampling it."""
    if reorder:
        original = rounds.setup

        def reordered(m):
            original(m)
            if m.recorder is not None or m.branch is not None:   # the real game, or a replay of it
                keep = m.s.deck[:], m.setup_rng, m.automa_rng
                hidden.resample(m, random.Random(99))
                m.s.deck[:], m.setup_rng, m.automa_rng = keep
        patch.setattr(rounds, "setup", reordered)
    if peek:
        def keep_order(m, rng):
            m.setup_rng = m.automa_rng = rng
        patch.setattr(decide, "resample", keep_order)
