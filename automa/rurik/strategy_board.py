"""The strategy phase: placing advisors on the strategy board for both sides
(RK-STRAT-1..6, RK-REB-STRAT-1..7, RK-OPEN-2, RK-OPEN-3)."""
from __future__ import annotations

from automa.rurik.choices import landing
from automa.rurik.data import ADVISOR_NUMBER, COLUMNS
from automa.rurik.decide import decide
from automa.rurik.match import Match
from automa.rurik.state import PLAYER, REBELLION


def place(m: Match, side: int, label: str, c: int, bribe: int, row: int | None = None) -> int:
    """Put an advisor with ``bribe`` coins in column ``c`` (paid to the supply, RK-STRAT-3); the
    occupant and everything below shift down. Returns the row taken."""
    column = m.s.board[c]
    strength = ADVISOR_NUMBER[label] + bribe
    i = landing(column, strength) if row is None else row
    column.insert(i, (side, label, strength))
    m.s.sides[side].coins -= bribe
    if m.trace:
        m.trace.event("advisor", side=("player", "rebellion")[side], advisor=label, column=COLUMNS[c],
                      row=i, bribe=bribe, rule="RK-STRAT-4" if side == PLAYER else "RK-REB-STRAT-4")
    return i


def player_choices(m: Match, available: list[str]) -> list[tuple]:
    """(advisor, column, bribe) choices: one advisor per number, columns with an empty space and
    allowed by the spreading rule (RK-STRAT-4, -6), and every affordable bribe (RK-STRAT-3), whether
    it reaches a higher space or only protects the advisor from being pushed down. Bribes past the
    strength no later advisor can beat (5 + the Rebellion's coins) or the top occupant + 1 would
    only waste coins and are left out."""
    s = m.s
    coins = s.sides[PLAYER].coins
    mine = [False] * len(s.board)
    for c, col in enumerate(s.board):
        for a in col:
            if a[0] == PLAYER:
                mine[c] = True
                break
    numbers = {}
    for a in available:
        numbers.setdefault(ADVISOR_NUMBER[a], a)
    spread = sum(mine) >= 3
    safe = 5 + s.sides[REBELLION].coins                  # no Rebellion advisor can pass this strength
    out = []
    for c, col in enumerate(s.board):
        if len(col) >= 3 or (mine[c] and not spread):
            continue
        cap = safe
        for a in col:
            if a[2] >= cap:
                cap = a[2] + 1                              # passes every occupant
        for n, a in numbers.items():
            most = cap - n if cap > n else 0
            if most > coins:
                most = coins
            row = _BRIBES.get((a, c))
            if row is None or len(row) <= most:
                row = _BRIBES[a, c] = tuple(("advisor", a, c, bribe) for bribe in range(most + 16))
            out += row[:most + 1]
    return out


_BRIBES: dict = {}  # (advisor, column) -> its choices ("advisor", advisor, column, bribe), bribe 0, 1, ...


def player_place(m: Match, available: list[str]) -> None:
    """The player places one advisor (RK-STRAT-1)."""
    choice = decide(m, "advisor_place", player_choices(m, available),
                    lambda mm, ch: place(mm, PLAYER, ch[1], ch[2], ch[3]))
    available.remove(choice[1])
    place(m, PLAYER, choice[1], choice[2], choice[3])


def rebel_place(m: Match, available: list[str]) -> None:
    """The Rebellion's next placement of the round from the strategy row of the current priority on
    the card in use, skipping advisors it does not have yet; a full column passes to the next one to
    the right, wrapping (RK-REB-STRAT-1..3). Bribes: RK-REB-STRAT-5..7."""
    s, reb = m.s, m.s.sides[REBELLION]
    card = m.data.cards[s.card]
    entries = [e for e in card.placements[s.priority] if e[0] in available]
    label, c, coin = entries[0]
    available.remove(label)
    fallback = False
    while len(s.board[c]) >= 3:
        c = (c + 1) % 6
        fallback = True
    if fallback and m.opt["rebel_fallback_bribe"] == "no_coin_icon":
        coin = False                                       # RK-OPEN-3
    n = ADVISOR_NUMBER[label]
    column = s.board[c]
    if coin and column:
        mode = m.opt["rebel_coin_icon_bribe"]
        rows = range(len(column)) if mode == "first_affordable_space" else range(1)
        for i in rows:
            occ = column[i][2]
            if occ < n:
                break
            need = occ - n + 1
            if need <= reb.coins:                          # RK-REB-STRAT-5, RK-REB-STRAT-7
                place(m, REBELLION, label, c, need, i)
                return
    for i in range(len(column) + 1):                      # RK-REB-STRAT-6 walk
        if i == len(column) or column[i][2] < n:
            place(m, REBELLION, label, c, 0, i)
            return
        side, _, occ = column[i]
        if side == PLAYER and occ == n and reb.coins >= 1:
            place(m, REBELLION, label, c, 1, i)
            return


def strategy_phase(m: Match) -> None:
    """Alternate single placements, the player first, until both have placed every advisor of the
    round (RK-STRAT-1, RK-STRAT-5, RK-SOLO-1)."""
    per_round = m.data.advisors_per_round[m.s.round]
    mine, theirs = list(per_round), list(per_round)
    while mine or theirs:
        if mine:
            player_place(m, mine)
        if theirs:
            rebel_place(m, theirs)
