"""Small state-editing helpers shared by the Rurik tests."""
from __future__ import annotations

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
