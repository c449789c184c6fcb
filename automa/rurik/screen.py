"""The Rurik table as a person playing solo sees it, for ``automa-sim play``: ``render(view, width,
colour)`` is the board that stays in sight, at most 18 lines at 80 columns in most positions (the map,
the strategy board with the solo card's placements, both sides, the action being spent), and
``render(..., full=True)`` adds the rest (the whole solo card, the rebel board, the player's cards and
deeds with what they need and give, the modules). It reads only the strategy view, so it shows nothing
a person at the table cannot see (docs/search.md, automa/rurik/hidden.py)."""
from __future__ import annotations

from automa.core.screen import ANSI, count, paint, side_by_side, wrap
from automa.rurik.data import COLUMNS
from automa.rurik.labels import bonus, deed_words, priority, scheme

SIDES = ("Y", "R", "-")
KEYS = ("ch", "sh", "ma", "sb", "ta")  # church, stronghold, market, stable, tavern: the keys of a build step
WHO = ("you", "automa")
COSTS = {"muster": "a unit costs 1 point", "move": "a unit moved one region costs 1 point",
         "attack": "an attack costs 1 point",
         "tax": "a tax costs 1 point where you rule, 2 elsewhere",
         "build": "a build costs 1 point where you rule, 2 elsewhere"}


def units(view, side: int, r: int) -> str:
    """Troops, and L for the leader: "2+L", "L", "3", "-"."""
    n = view.units(side, r)
    leader = view.leader(side) == r
    troops = n - leader
    text = (str(troops) if troops else "") + ("+L" if troops and leader else "L" if leader else "")
    return text or "-"


def board_map(view, width: int, colour: bool) -> list[str]:
    """One line a region, under a heading that carries the round and the difficulty; a line too long for
    a narrow terminal is wrapped."""
    head = f"{f'ROUND {view.round}/4':<12}{'GOOD':<7}{'YOU':<6}{'REBELS':<7}{'NEUTRAL':<8}{'TAX':<4}STRUCTURES"
    prio = f"priority {priority(view.priority)}"
    lines = [paint(f"{head:<56}{prio}" if width >= 80 else f"{head[:width]}\n{prio}", "head", colour)]
    for r, name in enumerate(view.regions):
        here = [(o, f"{SIDES[o]} {n}" if o < 2 else n) for o, n in view.structures(r)]
        neutral = view.neutral[r]
        you, reb = f"{units(view, view.PLAYER, r):<6}", f"{units(view, view.REBELLION, r):<7}"
        start = f"{name.capitalize():<12}{view.region_goods[r]:<7}"
        rest = f"{(str(neutral) if neutral else '-'):<8}{'●' if view.goods_token(r) else '·':<4}"
        plain = start + you + reb + rest + (", ".join(t for _, t in here) or "-")
        if len(plain) > width:
            lines += wrap(plain, width, 12)
            continue
        built = ", ".join(paint(t, WHO[o], colour) if o < 2 else t for o, t in here) or "-"
        lines.append(start + paint(you, "you", colour) + paint(reb, "automa", colour) + rest + built)
    return lines


def cell(view, entry, points: int, cost: int, colour: bool) -> str:
    """A strategy-board space, 11 columns wide."""
    side, label, strength = entry
    if side < 0:
        who = "·"
    else:
        who = f"{SIDES[side]}{label}" + (f"({strength})" if strength != view.ADVISOR_NUMBER[label] else "")
    text = f"{who:<7}{points}{'$' if cost else ' '}"
    return paint(text, WHO[side], colour) + "  " if side >= 0 else f"{text:<11}"


def strategy_board(view, width: int, colour: bool) -> list[str]:
    """The 1-2 player strategy board: who stands on each space (Y2 your advisor 2, R4(5) the Rebellion's 4
    bribed to strength 5), each space's points, $ if it costs a coin (RK-STRAT-2..4, RK-ACT-2); under it the
    solo card's placements of the current priority, by column ($: with a coin icon) (RK-REB-STRAT-2..5).
    Below 74 columns, one line a column."""
    spaces = view.strategy_spaces
    number, _, rows = view.solo_card
    places = rows[view.priority][1]
    by_column = [" ".join(f"{label}{'$' if coin else ''}" for label, c, coin in places if c == col)
                 for col in range(len(COLUMNS))]
    grid = [[cell(view, view.board_advisors(c)[row], *spaces[c][row], colour) if row < len(view.board_advisors(c))
             else f"{'':<7}{spaces[c][row][0]}{'$' if spaces[c][row][1] else ' ':<3}" for c in range(len(COLUMNS))]
            for row in range(3)]
    names = ("top", "middle", "bottom")
    if width < 74:
        return [line for c, column in enumerate(COLUMNS) for line in wrap(
            f"{column}: " + ", ".join(f"{names[row]} {' '.join(ANSI.sub('', grid[row][c]).split())}" for row in range(3))
            + f"; card {number}: {by_column[c] or '-'}", width, 4)]
    lines = [paint(f"{'BOARD':<8}" + "".join(f"{c:<11}" for c in COLUMNS).rstrip(), "head", colour)]
    lines += [f"{names[row]:<8}" + "".join(grid[row]).rstrip() for row in range(3)]
    if view.spending:  # the advisors are all placed: the action being spent takes the card's line
        return lines + action(view, width)
    lines.append(paint(f"{f'card {number}':<8}" + "".join(f"{x or '-':<11}" for x in by_column).rstrip(), "automa", colour))
    return lines


def placed(view, who: int) -> list[str]:
    """The advisors ``who`` still has to place this round, or [] once the strategy phase is over."""
    on_board = [label for c in range(len(COLUMNS)) for side, label, _ in view.board_advisors(c) if side == who]
    vacated = any(side < 0 for c in range(len(COLUMNS)) for side, _, _ in view.board_advisors(c))
    rest = list(view.round_advisors)
    for label in on_board:
        rest.remove(label)
    return [] if vacated else rest


def goods(view, counts, sep: str = ", ") -> str:
    return sep.join(f"{n} {good}" for good, n in zip(view.GOODS, counts) if n) or "none"


def side_lines(view, side: int) -> list[str]:
    """One side's coins, supply, warfare, claim markers and goods, in short lines for half the screen."""
    c = view.claims(side)
    you = side == view.PLAYER
    tokens = f" · {count(view.vp_tokens(side), 'VP token')}" if view.vp_tokens(side) else ""
    claims = f"claims: rule {c[0]} build {c[1]} trade {c[2]} = {view.claim_vp(side)} VP"
    if you:
        lines = [f"YOU {count(view.coins(side), 'coin')} · supply {view.supply(side)} · warfare {view.warfare(side)}"
                 + tokens, claims, f"boat {goods(view, view.boat(side), ' ')}"]
        dock = f"dock {goods(view, view.dock(side), ' ')}" if sum(view.dock(side)) else ""
    else:
        lines = [f"REBELLION {count(view.coins(side), 'coin')} · supply {view.supply(side)}{tokens}", claims,
                 f"warfare {view.warfare(side)} · boat {count(sum(view.boat(side)), 'good')}"]
        dock = f"dock {count(sum(view.dock(side)), 'good')}" if sum(view.dock(side)) else ""
    if dock and len(lines[2]) + len(dock) + 3 <= 39:
        lines[2], dock = f"{lines[2]} · {dock}", ""
    rest = placed(view, side)
    last = " · ".join(x for x in (dock, f"to place: {' '.join(rest)}" if rest else "") if x)
    return lines + ([last] if last else [])


def sides(view, width: int, colour: bool) -> list[str]:
    """Both sides in two columns (one under the other below 80 columns)."""
    texts = [side_lines(view, view.PLAYER), side_lines(view, view.REBELLION)]
    shares = [39, width - 41] if width >= 80 else [width, width]
    blocks = [[paint(x, WHO[i], colour) for line in t for x in wrap(line, shares[i])] for i, t in enumerate(texts)]
    return side_by_side(blocks, shares) if width >= 80 else blocks[0] + blocks[1]


def action(view, width: int) -> list[str]:
    """The action being spent: its points left and what a use costs (RK-ACT-3, RK-PL-MUSTER-1,
    RK-PL-MOVE-1, RK-PL-ATTACK-1, RK-PL-TAX-1, RK-PL-BUILD-1)."""
    spending = view.spending
    if not spending:
        return []
    kind, left = spending
    return wrap(f"{kind.upper()}: {count(left, 'point')} left" + (f" · {COSTS[kind]}" if kind in COSTS else ""), width)


def solo_card(view, width: int) -> list[str]:
    """The whole solo card in use, face up: the region order, and per priority its placements in order ($:
    with a coin icon) and its build order (RK-REB-CARD-1, -2, RK-REB-STRAT-1..5, RK-REB-BUILD-6)."""
    number, order, rows = view.solo_card
    lines = wrap(f"SOLO CARD {number}: regions {' > '.join(view.regions[r].capitalize() for r in order)}", width)
    for prio, (builds, places) in rows.items():
        mark = " (its priority now)" if prio == view.priority else ""
        placements = ", ".join(f"{label} on {COLUMNS[c]}{'$' if coin else ''}" for label, c, coin in places)
        lines += wrap(f"  {priority(prio)}{mark}: places {placements}; builds {', '.join(builds)}", width, 4)
    return lines


def rebel_board(view, width: int) -> list[str]:
    """The rebel board's bonus spaces, per priority column: open, or still covered by a coin
    (RK-REB-BONUS-1..3)."""
    lines = wrap("REBEL BOARD: each open space gives its bonus when the Rebellion takes that action", width)
    for prio, spaces in view.rebel_board:
        mark = " (its priority now)" if prio == view.priority else ""
        open_ = ", ".join(bonus(t, b, n) for t, b, n, covered in spaces if not covered) or "none"
        shut = ", ".join(bonus(t, b, n) for t, b, n, covered in spaces if covered) or "none"
        lines += wrap(f"  {priority(prio)}{mark}: open: {open_}; covered: {shut}", width, 4)
    return lines


def cards(view, width: int) -> list[str]:
    """The player's own cards, with what each needs and gives, and the open piles."""
    stock = [", ".join(f"{count(n, name)} ({key})" for name, key, n in zip(view.STRUCTURES, KEYS, view.structures_left(side)))
             for side in (view.PLAYER, view.REBELLION)]
    lines = wrap(f"STRUCTURES LEFT: yours {stock[0]}; the Rebellion's {stock[1]}", width)
    lines += wrap(f"HAND: {'; '.join(scheme(view, c) for c in view.hand) or 'none'}", width)
    lines += wrap(f"YOUR DEEDS ({view.deeds_done_vp} VP done): " + ("; ".join(deed_words(view, d) for d in view.deeds)
                                                                   or "none"), width)
    lines += wrap("FACE-UP DEEDS: " + ("; ".join(deed_words(view, d) for d in view.deed_display) or "none"), width)
    if view.agenda >= 0:
        name, vp, text = view.agenda_card(view.agenda)
        lines += wrap(f"AGENDA: {name} ({vp} VP): {text}", width)
    top = view.discard
    lines += wrap(f"SCHEME DECKS: {count(view.scheme_decks[0], 'card')} and {count(view.scheme_decks[1], 'card')} · "
                  f"discard {count(len(top), 'card')}" + (f", top {scheme(view, top[-1])}" if top else ""), width)
    return lines


def modules(view, width: int) -> list[str]:
    """Stone & Blade: epic cards and border structures, dungeons and warfare tokens, the faction."""
    lines = []
    mods = view.modules
    if "epic" in mods:
        epics = "; ".join(f"{name} ({'gone' if gone else f'{left} left'}{', built' if built else ''})"
                          for name, left, built, gone in view.epic_cards)
        borders = "; ".join(f"{name} {view.regions[a].capitalize()}–{view.regions[b].capitalize()}"
                            for a, b, name in view.border_structures)
        lines += wrap(f"EPIC: {epics}" + (f" · on borders: {borders}" if borders else ""), width)
    if "warfare" in mods:
        cells = [f"{name} {count(t, 'troop')}, {count(c, 'leader')}, {count(n, 'neutral troop')}" for name, (t, c, n) in
                 (("yours", view.dungeon(view.PLAYER)), ("the Rebellion's", view.dungeon(view.REBELLION)))]
        tokens = ", ".join(f"space {space}: {token.rstrip('0123456789').replace('vp', 'VP token')}" + (
            {1: " (yours)", 2: " (Rebellion's)", 3: " (both)"}.get(taken, "")) for space, token, taken in view.warfare_rewards)
        lines += wrap(f"DUNGEONS: {'; '.join(cells)} · WARFARE TOKENS: {tokens}", width)
    faction = view.faction
    if faction:
        name, camp, defeated = faction
        state = "defeated" if defeated else (f"camp in {view.regions[camp].capitalize()}" if camp >= 0 else "no camp")
        lines += wrap(f"FACTION: {name}, {state}", width)
    return lines


LEGEND = ("Y you, R the Rebellion; on the board: advisor (strength if bribed), its points, $ costs 1 coin, "
          "· vacated; L a leader; tax ● goods token still there")


def render(view, width: int = 80, colour: bool = False, full: bool = False) -> str:
    """The board that stays in sight (at most 18 lines at 80 columns in most positions), ``width``
    columns wide; with ``full`` the rest of the table below it. ``colour``: the player's pieces in one
    colour, the Rebellion's in another (off for NO_COLOR and pipes)."""
    lines = board_map(view, width, colour) + strategy_board(view, width, colour) + sides(view, width, colour)
    if full:
        lines += [""] + wrap(f"RURIK, difficulty {view.difficulty}: you lead {view.leaders[0].capitalize()}, the "
                             f"Rebellion {view.leaders[1].capitalize()}", width)
        lines += cards(view, width) + solo_card(view, width) + rebel_board(view, width)
        lines += modules(view, width) + wrap(LEGEND, width)
    return "\n".join(line.rstrip() for line in lines)
