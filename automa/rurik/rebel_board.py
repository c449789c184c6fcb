"""The rebel board: bonus spaces, which apply, and unlocking (RK-REB-BONUS-1..4)."""
from __future__ import annotations

from automa.rurik.data import PRIORITIES
from automa.rurik.match import Match
from automa.rurik.state import REBELLION


def unlock(m: Match, why: str) -> None:
    """Take the coin from the top-most covered space of the current priority column, else of the
    leftmost column that has one, and put it on the Rebellion's dock (RK-REB-BONUS-3)."""
    s = m.s
    cols = [PRIORITIES.index(s.priority)] + list(range(len(s.covered)))
    for c in cols:
        col = s.covered[c]
        for i, covered in enumerate(col):
            if covered:
                col[i] = False
                s.sides[REBELLION].coins += 1
                if m.trace:
                    trig, bonus, amount, _ = m.data.boards[m.opt["difficulty"]].columns[c][1][i]
                    m.trace.event("unlock", column=PRIORITIES[c], space=f"{trig}->{bonus}+{amount}",
                                  why=why, rule="RK-REB-BONUS-3")
                return


def open_bonuses(m: Match, action: str) -> list[tuple[str, int]]:
    """Every open bonus space, in all three columns, whose trigger is ``action`` (RK-REB-BONUS-2)."""
    covered = m.s.covered
    return [(bonus, amount) for c, i, bonus, amount in m.data.boards[m.opt["difficulty"]].triggered[action]
            if not covered[c][i]]
