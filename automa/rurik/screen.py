"""The Rurik table as a person playing solo sees it, in plain text of at most 80 columns, for
``automa-sim play``: the map, both sides' pieces and tracks, the strategy board, the rebel board,
the solo card in use, and the player's own hand, deeds and agenda. It reads only the strategy view,
so it shows nothing a person at the table cannot see (docs/search.md, automa/rurik/hidden.py)."""
from __future__ import annotations

import textwrap

from automa.rurik.data import COLUMNS
from automa.rurik.labels import scheme

WIDTH = 80
SIDES = ("Y", "R", "-")
SHORT = ("ch", "sh", "ma", "sb", "ta")  # church, stronghold, market, stable, tavern


def wrap(text: str, indent: int = 2) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False) or [""]


def units(view, side: int, r: int) -> str:
    """Troops, and L for the leader: "2+L", "L", "3", "-"."""
    n = view.units(side, r)
    leader = view.leader(side) == r
    troops = n - leader
    text = (str(troops) if troops else "") + ("+L" if troops and leader else "L" if leader else "")
    return text or "-"


def board_map(view) -> list[str]:
    lines = [f"{'REGION':<12}{'GOOD':<7}{'YOU':<6}{'REBELS':<7}{'NEUTRAL':<8}{'TAX':<4}STRUCTURES"]
    for r, name in enumerate(view.regions):
        here = ", ".join(f"{SIDES[o]} {n}" for o, n in view.structures(r)) or "-"
        neutral = view.neutral[r]
        lines.append(f"{name.capitalize():<12}{view.region_goods[r]:<7}{units(view, view.PLAYER, r):<6}"
                     f"{units(view, view.REBELLION, r):<7}{(str(neutral) if neutral else '-'):<8}"
                     f"{'●' if view.goods_token(r) else '·':<4}{here}"[:WIDTH])
    return lines


def goods(view, counts) -> str:
    return ", ".join(f"{n} {good}" for good, n in zip(view.GOODS, counts) if n) or "none"


def side_lines(view, side: int, name: str) -> list[str]:
    c = view.claims(side)
    left = view.structures_left(side)
    stock = " ".join(f"{n} {k}" for k, n in zip(SHORT, left))
    coins = view.coins(side)
    lines = wrap(f"{name}: {coins} coin{'' if coins == 1 else 's'} · {view.supply(side)} in supply · warfare "
                 f"{view.warfare(side)} · VP tokens {view.vp_tokens(side)} · claims rule {c[0]}, build {c[1]}, "
                 f"trade {c[2]} ({view.claim_vp(side)} VP) · left {stock}")
    lines += wrap(f"  boat: {goods(view, view.boat(side))} · dock: {goods(view, view.dock(side))}", 4)
    return lines


def cell(view, entry, points: int, cost: int) -> str:
    side, label, strength = entry
    if side < 0:
        who = "·"
    else:
        who = f"{SIDES[side]}{label}" + (f"({strength})" if strength != view.ADVISOR_NUMBER[label] else "")
    return f"{who:<7}{points}{'$' if cost else ' '}"


def strategy_board(view) -> list[str]:
    """The 1-2 player strategy board: who stands on each space (Y2 your advisor 2, R4(5) the Rebellion's 4
    bribed to strength 5), each space's points, $ if it costs a coin (RK-STRAT-2..4, RK-ACT-2)."""
    spaces = view.strategy_spaces
    lines = [f"{'BOARD':<7}" + "".join(f"{c:<11}" for c in COLUMNS)]
    for row, name in enumerate(("top", "middle", "bottom")):
        cells = []
        for c in range(len(COLUMNS)):
            here = view.board_advisors(c)
            points, cost = spaces[c][row]
            cells.append(cell(view, here[row], points, cost) if row < len(here) else f"{'':<7}{points}{'$' if cost else ' '}")
        lines.append(f"{name:<7}" + "".join(f"{x:<11}" for x in cells).rstrip())
    lines.append("  Y you, R Rebellion (strength if bribed) · points · $ costs 1 coin · · vacated")
    placed = [[label for c in range(len(COLUMNS)) for side, label, _ in view.board_advisors(c) if side == who]
              for who in (view.PLAYER, view.REBELLION)]
    vacated = any(side < 0 for c in range(len(COLUMNS)) for side, _, _ in view.board_advisors(c))
    if not placed[0] and not placed[1]:
        lines.append(f"  advisors each round {view.round}: {' '.join(view.round_advisors)}")
    elif not vacated:
        left = []
        for who, name in ((0, "you"), (1, "Rebellion")):
            rest = list(view.round_advisors)
            for label in placed[who]:
                rest.remove(label)
            left.append(f"{name} {' '.join(rest) or '-'}")
        lines.append("  advisors to place: " + " · ".join(left))
    return lines


def rebel_board(view) -> list[str]:
    """The rebel board's bonus spaces: ■ still covered by a coin, □ open (RK-REB-BONUS-1..3)."""
    parts = []
    for prio, spaces in view.rebel_board:
        mark = "▶" if prio == view.priority else ""
        cells = ", ".join(f"{'■' if covered else '□'}{trig}→{bonus}+{n}" for trig, bonus, n, covered in spaces)
        parts.append(f"{mark}{prio}: {cells}")
    return wrap("REBEL BOARD (■ covered, □ open): " + " | ".join(parts))


def solo_card(view) -> list[str]:
    """The solo card in use and what it means: the region order, and in the current priority's row the
    advisor placements ($: with a bribe coin) and the build order (RK-REB-CARD-1, -2, RK-REB-STRAT-1..5,
    RK-REB-BUILD-6)."""
    number, order, rows = view.solo_card
    builds, places = rows[view.priority]
    regions = " > ".join(view.regions[r].capitalize() for r in order)
    placements = ", ".join(f"{label} {COLUMNS[c]}{'$' if coin else ''}" for label, c, coin in places)
    return (wrap(f"SOLO CARD {number}: regions {regions}")
            + wrap(f"  {view.priority} row: places {placements}; builds {', '.join(builds)}", 4))


def cards(view) -> list[str]:
    """The player's own cards and the open piles."""
    hand = "; ".join(scheme(view, c) for c in view.hand) or "none"
    deeds = "; ".join(f"{view.deed_card(d)[0]} ({view.deed_card(d)[1]} VP)" for d in view.deeds) or "none"
    display = "; ".join(f"{view.deed_card(d)[0]} ({view.deed_card(d)[1]} VP)" for d in view.deed_display) or "none"
    lines = wrap(f"HAND: {hand}") + wrap(f"YOUR DEEDS: {deeds} · done: {view.deeds_done_vp} VP")
    lines += wrap(f"FACE-UP DEEDS: {display}")
    if view.agenda >= 0:
        name, vp, text = view.agenda_card(view.agenda)
        lines += wrap(f"AGENDA: {name} ({vp} VP): {text}")
    top = view.discard
    lines += wrap(f"SCHEME DECKS: {view.scheme_decks[0]} and {view.scheme_decks[1]} cards · discard "
                  f"{len(top)} cards" + (f", top {scheme(view, top[-1])}" if top else ""))
    return lines


def modules(view) -> list[str]:
    """Stone & Blade: epic cards and border structures, dungeons and warfare tokens, the faction."""
    lines = []
    mods = view.modules
    if "epic" in mods:
        epics = "; ".join(f"{name} ({'gone' if gone else f'{left} left'}{', built' if built else ''})"
                          for name, left, built, gone in view.epic_cards)
        borders = "; ".join(f"{name} {view.regions[a].capitalize()}–{view.regions[b].capitalize()}"
                            for a, b, name in view.border_structures)
        lines += wrap(f"EPIC: {epics}" + (f" · on borders: {borders}" if borders else ""))
    if "warfare" in mods:
        cells = [f"{SIDES[s][0].lower()}:{t}/{c}/{n}" for s, (t, c, n) in
                 ((s, view.dungeon(s)) for s in (view.PLAYER, view.REBELLION))]
        tokens = ", ".join(f"{space}:{token}" + ({1: " (yours)", 2: " (Rebellion's)", 3: " (both)"}.get(taken, ""))
                           for space, token, taken in view.warfare_rewards)
        lines += wrap(f"DUNGEONS (troops/leader/neutral): {' '.join(cells)} · WARFARE TOKENS: {tokens}")
    faction = view.faction
    if faction:
        name, camp, defeated = faction
        state = "defeated" if defeated else (f"camp in {view.regions[camp].capitalize()}" if camp >= 0 else "no camp")
        lines += wrap(f"FACTION: {name}, {state}")
    return lines


def render(view) -> str:
    """The whole table, at most 80 columns wide."""
    you, reb = view.leaders
    head = (f"RURIK · round {view.round} of 4 · difficulty {view.difficulty} · Rebellion priority "
            f"{view.priority} · you: {you.capitalize()}, Rebellion: {reb.capitalize()}")
    lines = wrap(head) + board_map(view) + side_lines(view, view.PLAYER, "YOU")
    lines += side_lines(view, view.REBELLION, "REBELLION") + strategy_board(view) + rebel_board(view)
    lines += solo_card(view) + cards(view) + modules(view)
    return "\n".join(line.rstrip() for line in lines)

