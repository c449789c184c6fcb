"""``master``: ``expert``'s direct scores with tuned weights, read from ``master.toml``; no lookahead.

It plays exactly as ``expert`` (strategies/rurik/expert.py) with other values of expert's declared
weights: the values in ``strategies/rurik/master.toml``, found by ``automa-sim tune rurik expert``
(CMA-ES on paired deals) and written into the file from the tune run's ``best.txt`` by

    python -m strategies.rurik.master_file results/tune-master-rurik/best.txt

(docs/rurik.md, "The `master` player", has the whole command and its measured strength). Its
parameters are expert's, with the file's values as defaults: ``master`` plays the file,
``master(kill=2.5)`` the file with one weight changed, and ``tune rurik master`` tunes on from it.

The file is checked when the strategy is loaded (strategies/rurik/master_file.py): every weight of
expert, each a number of its type and range, and nothing else; an unknown key or a missing weight
is a one-line error naming it.
"""
from __future__ import annotations


from pathlib import Path

from strategies.rurik.expert import POINTS, WEIGHTS, ExpertStrategy
from strategies.rurik.master_file import EXTRA, WEIGHTS_FILE
from strategies.rurik.position import RurikPosition
from strategies.value import PositionValue

PARAMS = WEIGHTS_FILE.declared()


class MasterStrategy(ExpertStrategy):
    name = "master"
    description = "expert's direct scores with tuned weights (strategies/rurik/master.toml), no lookahead (fast)"

    params = PARAMS
    __slots__ = tuple(p.name for p in EXTRA)

    @classmethod
    def position_value(cls) -> PositionValue:
        """What a position is worth when ``master`` plays on from it: the model fit to ``master``'s games,
        strategies/rurik/position.json (docs/learned.md, "Position value"), for ``mc``'s ``horizon``."""
        return PositionValue.load("rurik", RurikPosition, Path(__file__).with_name("position.json"))

    # --- placement: where the Rebellion's advisors will push the player's ------------------------

    def _tables(self, v, values, seen, coins, hand):
        """Each column's table of expert's placement values, with each space taken as the space the
        advisor will hold after the Rebellion's remaining placements of the round (``foresee`` of the
        way): the solo card in
        use and the priority, both face up (``view.solo_card``, RK-REB-STRAT-2), say which advisor
        the Rebellion places next and where, so an advisor that a stronger rebel will push down is
        worth the lower space's points and coin (RK-STRAT-4, RK-REB-STRAT-4..6)."""
        if not self.foresee:
            return super()._tables(v, values, seen, coins, hand)
        plan = _rebel_plan(v)
        rcoins = v.coins(v.REBELLION)
        tables = []
        for column in range(6):
            col = v.board_column(column)
            coming = tuple((n, coin) for n, c, coin in plan if c == column)
            key = ("f", column, col, coins, hand, coming, rcoins if coming else 0)
            table = seen.get(key)
            if table is None:
                table = seen[key] = self._foreseen_table(v, values, column, col, coins, hand, coming, rcoins)
            tables.append(table)
        return tables

    def _foreseen_table(self, v, values, column, col, coins, hand, coming, rcoins):
        """Per advisor strength, as expert's ``_column_table`` (value, coin cost, penalty per advisor
        number) with the space now blended (by ``foresee``) with the space the advisor holds after
        the Rebellion's placements ``coming`` in this column."""
        n = len(col)
        if n >= 3:
            return None
        if not coming:
            return self._column_table(v, values, column, col, coins, hand)
        entries = self._row_entries(v, values, column, col, hand)
        points = POINTS[column]
        f, block = self.foresee, self.block
        _, theirs = _pushed(col, 0, None, coming, rcoins, points)
        out = []
        for strength in range(6 + coins):
            row = _landing(col, strength)
            end, left = _pushed(col, strength, row, coming, rcoins, points)
            value, cost, pen = entries[row]
            if end != row:
                later = entries[end]
                value, cost, pen = (1 - f) * value + f * later[0], later[1], (1 - f) * pen + f * later[2]
            out.append((value + block * (theirs - left), cost, pen))
        return out


def _landing(col, strength):
    """The row an advisor of ``strength`` takes in ``col`` ((side, strength), top first): the first
    empty space or strictly weaker advisor (RK-STRAT-4)."""
    for i, (_, st) in enumerate(col):
        if st < strength:
            return i
    return len(col)


def _pushed(col, strength, row, coming, rcoins, points):
    """Where the Rebellion's ``coming`` placements ((advisor number, coin icon), in order) into this
    column leave the player's advisor (``strength``, placed at ``row`` of ``col``; ``row`` None: no
    advisor placed), and the action points of the Rebellion's advisors there then: (row, points).
    Each is placed as the Rebellion places (RK-REB-STRAT-4..7, at the default options): with a coin
    icon it bribes past the top advisor if it can; else it walks down to the first empty space or
    weaker advisor, paying 1 coin to pass a player's advisor of its own number. A full column sends
    it elsewhere."""
    P = 0
    board = list(col)
    if row is not None:
        board.insert(row, (P, strength))
    for n, coin in coming:
        if len(board) >= 3:
            break
        if coin and board and board[0][1] >= n and board[0][1] - n + 1 <= rcoins:
            need = board[0][1] - n + 1
            rcoins -= need
            board.insert(0, (1, n + need))
            if row is not None:
                row += 1
            continue
        for i in range(len(board) + 1):
            if i == len(board) or board[i][1] < n:
                board.insert(i, (1, n))
                break
            side, occ = board[i]
            if side == P and occ == n and rcoins >= 1:
                rcoins -= 1
                board.insert(i, (1, n + 1))
                break
        if row is not None and i <= row:
            row += 1
    return row, sum([points[k] for k, (side, _) in enumerate(board) if side == 1])


def _rebel_plan(v):
    """The Rebellion's remaining placements this round, in order, as (advisor number, column, coin
    icon): the strategy row of the current priority on the solo card in use, without the advisors it
    has placed or does not have this round, a full column passing to the next one to the right without
    its coin icon (RK-REB-STRAT-1..3, RK-OPEN-3 at its default); the columns fill as it places."""
    _, _, rows = v.solo_card
    row = rows.get(v.priority)
    if row is None:
        return ()
    placements = row[1]
    R = v.REBELLION
    placed = [a for c in range(6) for side, a, _ in v.board_advisors(c) if side == R]
    left = list(v.round_advisors)
    for a in placed:
        if a in left:
            left.remove(a)
    fill = [len(v.board_column(c)) for c in range(6)]
    numbers = v.ADVISOR_NUMBER
    plan = []
    for label, c, coin in placements:
        if label not in left:
            continue
        left.remove(label)
        if sum(fill) >= 18:
            break
        if fill[c] >= 3:
            coin = False
            while fill[c] >= 3:
                c = (c + 1) % 6
        fill[c] += 1
        plan.append((numbers[label], c, coin))
    return tuple(plan)


class MasterStart(MasterStrategy):
    """``master``'s scoring at expert's default weights and its own terms' defaults, whatever
    master.toml holds: the fixed start from which ``automa-sim tune`` regenerates master.toml
    (docs/rurik.md), named ``strategies.rurik.master:MasterStart``."""

    name = "master-start"
    description = "master's scoring at expert's default weights: the start of master's tuning"
    params = WEIGHTS + EXTRA
    __slots__ = ()
