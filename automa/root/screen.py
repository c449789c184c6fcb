"""The Root table as a person sees it, for ``automa-sim play``: ``render(view, width, colour)`` is the board
that stays in sight in an 80x24 terminal, and ``render(..., full=True)`` adds the rest. It reads only the
strategy view (automa/root/view.py), so it shows nothing a person at the table cannot see.

The board: the round and whose turn it is; one line a clearing (its number, suit, open building slots and
ruin, each faction's pieces in a column of its own, the paths to the clearings next to it, LoR-2.2); a
key to the piece letters; one line a seat (VP, hand size, what its board shows: the Marquise's buildings
left, the Eyrie's leader and Decree, the Alliance's supporters and officers, a bot's order card, the
Vagabot's items and quest); the player's hand. The whole table adds each seat's VP by source, crafted
items and persistent cards, the item supply, the dominance cards beside the map, the discard pile and the
forests.
"""
from __future__ import annotations

from collections import Counter

from automa.core.screen import count, paint, wrap
from automa.root import data
from automa.root.labels import (BOT_NAMES, CATEGORIES, FACTION_NAMES, HIRELING_NAMES, card, forest, names as _names,
                                quest, words)
from automa.root.state import FACTIONS

LETTERS = {"sawmill": "S", "workshop": "W", "recruiter": "R", "keep": "K", "wood": "w", "roost": "R",
           "base_fox": "B", "base_rabbit": "B", "base_mouse": "B", "sympathy": "s"}
KEY = "S sawmill W workshop R recruiter K keep w wood · R roost · B base s sympathy"
MARKS = {"ferry": "F", "tower": "P", "elder_treetop": "T", "black_market": "M",    # the landmarks (LoR-C, LoR-F)
         "legendary_forge": "L", "lost_city": "C"}
NAMES = {"ferry": "Ferry", "tower": "Pass", "elder_treetop": "Elder Treetop", "black_market": "Black Market",
         "legendary_forge": "Legendary Forge", "lost_city": "Lost City (every suit)"}
SUIT_WIDTH, SLOT_WIDTH, CELL = 7, 5, 13
ROWS = 24                       # a terminal's rows: the board fits them, leaving out the key if it must


def seat_title(view, f: str) -> str:
    """A seat's name in capitals: "EYRIE (you)", "ELECTRIC EYRIE"."""
    bot = dict(view.seats).get(f)
    if f == view.me:
        return f"{FACTION_NAMES[f][4:].upper()} (you)"
    return BOT_NAMES.get(bot, FACTION_NAMES.get(f, f))[4:].upper()


def column_title(view, f: str) -> str:
    """A faction's column heading: "MARQUISE", the player's "MARQUISE·you"."""
    return FACTION_NAMES[f][4:].upper() + ("·you" if f == view.me else "")


def who(view, f: str) -> str:
    return "you" if f == view.me else "automa"


def cell(view, c: int, f: str) -> str:
    """A faction's pieces in clearing ``c``: warriors, then building and token letters ("3 SW K w2")."""
    suit, _, warriors, buildings, tokens, _ = view.clearing(c)
    n = dict(warriors).get(f, 0)
    built = "".join(LETTERS.get(k, "?") for o, k in buildings if o == f)
    tok = Counter(k for o, k in tokens if o == f)
    marks = [str(n)] if n else []
    if built:
        marks.append(built)
    for k in sorted(tok):
        marks.append(LETTERS.get(k, "?") + (str(tok[k]) if tok[k] > 1 else ""))
    if f == "vagabond" and view.pawn == ("clearing", c):
        marks.append("V")
    return " ".join(marks) or "-"


def slots(view, c: int) -> str:
    """Open building slots as ○, a ruin as R (LoR-2.2.3, LoR-2.2.4), then the landmarks' letters: F the Ferry
    (LoR-C.2.5), P the Pass, the Tower's clearing (LoR-C.3.4), T the Elder Treetop, M the Black Market, L the
    Legendary Forge (LoR-F); H the Protector, ~ the Riverfolk Flotilla, hirelings (LoR-E)."""
    _, open_slots, *_, ruin = view.clearing(c)
    return (("R" if ruin else "") + "○" * open_slots or "-") + "".join(
        MARKS[n] for n, at in view.landmarks if at == c) + ("H" if view.protector == c else "") + (
        "~" if view.flotilla == c else "")


def hireling(view, h: tuple) -> str:
    """A hireling card for the key: "H Stoic Protector: yours, 2 control" (LoR-E.1.2), with where its
    warriors, buildings and tokens are: "Street Band: in the supply, warriors 3 7x2", "..., vaults 3 5",
    "..., footholds 4 9", the Forest Patrol's warriors on its card: "..., on the card 2"."""
    name, demoted, controller, control = h
    owner = "in the supply" if controller is None else (
        "yours" if controller == view.me else FACTION_NAMES[controller][4:]) + f", {control} control"
    at = [(c, dict(view.clearing(c)[2]).get(name, 0)) for c in range(1, len(view.map.clearings) + 1)]
    warriors = " ".join(f"{c}x{n}" if n > 1 else str(c) for c, n in at if n)
    vaults = " ".join(str(c) for c in range(1, len(view.map.clearings) + 1) for o, _ in view.clearing(c)[3] if o == name)
    tokens = " ".join(str(c) for c in range(1, len(view.map.clearings) + 1)
                      if any(f == name for f, _ in view.clearing(c)[4]))
    pawn = "H " if name == "protector" else "~ " if name == "flotilla" and not demoted else ""
    return (f"{pawn}{HIRELING_NAMES[name][demoted]}: {owner}"
            + (f", warriors {warriors}" if warriors else "") + (f", vaults {vaults}" if vaults else "")
            + (f", footholds {tokens}" if tokens else "")
            + (f", on the card {view.patrol_card}" if name == "patrol" and view.patrol_card else "")
            + (f", in {forest(view, view.exile[0])}, {items(view.exile[1], full=True)}"
               if name == "exile" and view.exile else ""))


def map_key(view) -> str:
    """The key to the map's letters, with the map side's own (:data:`MARKS`, closed paths)."""
    extra = [f"{MARKS[n]} {NAMES[n]}" for n, _ in view.landmarks] + (["(n) closed path"] if view.closed else [])
    extra += ["nb a bandit on the path"] if view.bandits else []
    extra += [hireling(view, h) for h in view.hirelings if h[0] != "marks"]
    return KEY + "".join(f" · {e}" for e in extra)


def board_map(view, width: int, colour: bool) -> list[str]:
    """The heading (with the round) and one line a clearing: number, suit, open slots (○) and ruin (R),
    each faction's pieces in setup order (the player's painted as the player's), the open paths (b: a Highway
    Bandit on it, LoR-E) and the closed ones in brackets (LoR-C.3.2)."""
    seated = [f for f in FACTIONS if f in dict(view.seats)]
    head = f"{f'ROUND {view.round}' if view.round else 'SETUP':<{3 + SUIT_WIDTH + SLOT_WIDTH}}" + "".join(
        f"{column_title(view, f):<{CELL}}" for f in seated) + "PATHS"
    lines = [paint(head, "head", colour)]
    for cl in view.map.clearings:
        c = cl.id
        start = f"{c:>2} {view.clearing(c)[0]:<{SUIT_WIDTH}}{slots(view, c):<{SLOT_WIDTH}}"
        cells = [f"{cell(view, c, f):<{CELL}}" for f in seated]
        closed = [b if a == c else a for a, b in view.closed if c in (a, b)]
        bandits = view.bandits
        paths = " ".join(f"{o}b" if (min(c, o), max(c, o)) in bandits else str(o) for o in view.adjacent(c)) + (
            f" ({' '.join(map(str, closed))})" if closed else "")
        plain = start + "".join(cells) + paths
        if len(plain) > width:
            lines += wrap(plain, width, 3)
            continue
        lines.append(start + "".join(paint(t, who(view, f), colour) if t.strip() != "-" else t
                                      for t, f in zip(cells, seated)) + paths)
    return lines


def items(entries, full: bool = False) -> str:
    """A Vagabond's items (LoR-9.2.5, CW-VB-ABIL-3): the ready ones by kind, then how many are exhausted and
    damaged (``full``, and always the player's own: by kind too)."""
    ready = Counter(k for k, exhausted, damaged, *_ in entries if not exhausted and not damaged)
    tired = Counter(k for k, exhausted, damaged, *_ in entries if exhausted and not damaged)
    broken = Counter(k for k, exhausted, damaged, *_ in entries if damaged)

    def some(c: Counter) -> str:
        return ", ".join(f"{n} {k}" if n > 1 else k for k, n in sorted(c.items())) or "none"
    if full:
        return (f"items {some(ready)}" + (f"; exhausted {some(tired)}" if tired else "")
                + (f"; damaged {some(broken)}" if broken else ""))
    text = f"items {some(ready)}"
    for n, what in ((sum(tired.values()), "exhausted"), (sum(broken.values()), "damaged")):
        if n:
            text += f"; {n} {what}"
    return text


def decree(view, columns) -> str:
    """The Eyrie's Decree, a column by suits ("recruit fox bird V"; V a Loyal Vizier, LoR-7.3.4)."""
    out = []
    for name, col in columns:
        suits = ["V" if x == "vizier" else view.card(x)[1] for x in col]
        out.append(f"{name} {' '.join(suits) or '-'}")
    return "Decree: " + " · ".join(out)


def bot_decree(view, board: dict) -> str:
    """The Electric Eyrie's Decree, cards by suit column (CW-EE-BIRD-3), the empty ones left out; the viziers
    in the bird column."""
    cols = dict(board.get("decree", ()))
    n = {suit: len(cols.get(suit, ())) + (board.get("viziers", 0) if suit == "bird" else 0) for suit in data.CARD_SUITS}
    return "Decree " + (" ".join(f"{suit} {n[suit]}" for suit in data.CARD_SUITS if n[suit]) or "empty")


def seat_lines(view, f: str, width: int) -> list[str]:
    """What a seat shows: VP, hand size, a bot's order card suit (CW-GEN-13), its supply (warriors and what
    is left to place) and its board's public face."""
    bot = dict(view.seats).get(f)
    board = dict(view.board(f) or ())
    supply = dict(view.supply(f))
    parts = [f"{view.vp(f)} VP"]
    extra: list[str] = []
    if bot is None:
        parts.append(f"hand {view.hand_size(f)}")
    if board.get("order") is not None:
        parts.append(f"{view.card(board['order'])[1]} order")
    left = [count(supply.get("warrior", 0), "warrior")] if f != "vagabond" else []
    if f == "marquise":
        left.append("buildings " + " ".join(f"{LETTERS[b]}{supply.get(b, 0)}" for b in data.BUILDINGS))
        if board.get("keep") is None and view.round:
            parts.append("keep gone")
    elif f == "eyrie":
        left.append(count(supply.get("roost", 0), "roost"))
        if board.get("leader"):
            parts.append(f"leader {words(board['leader']).title()}")
        if "decree" in board and bot is None:
            extra.append("  " + decree(view, board["decree"]))
        elif "decree" in board:
            parts.append(bot_decree(view, board))
    elif f == "alliance":
        left.append(f"{supply.get('sympathy', 0)} sympathy")
        left.append("bases " + (" ".join(s for s in ("fox", "rabbit", "mouse") if supply.get(f"base_{s}", 0)) or "none"))
        if "supporters" in board:
            parts.append(f"supporters {board['supporters']}")
        if board.get("officers"):
            parts.append(f"officers {board['officers']}")
    elif f == "vagabond":
        if board.get("character"):
            parts.append(words(board["character"]).title())
        if view.pawn and view.pawn[0] == "forest":
            cs = view.map.forests[view.pawn[1]].clearings
            parts.append("in the forest by " + " ".join(map(str, cs)))
        if board.get("quest"):
            parts.append(f"quest {board['quest'][1]} ({board['quest'][2]})")
        if "items" in board:
            parts.append(items(board["items"], full=bot is None))
        known = [f"{words(r)} {FACTION_NAMES[o][4:]}" for o, r in board.get("relations", ()) if r != "indifferent"]
        if board.get("quests") or known:
            extra.append("  quests " + ", ".join(quest(q) for q in board.get("quests", ())) +
                         (" · " + ", ".join(known) if known else ""))
    if left:
        parts.append("supply " + ", ".join(left))
    text = ("» " if f == view.active and view.round else "") + f"{seat_title(view, f)} " + " · ".join(parts)
    return wrap(text, width, 2) + [line for e in extra for line in wrap(e, width, 4)]


def hand(view, width: int) -> list[str]:
    """The player's hand by suit, copies counted: "Your hand: bird Ambush!, Sappers ×2 · fox Anvil"."""
    names = _names()
    by_suit = {}
    for k in view.hand:
        key, suit, *_ = view.card(k)
        by_suit.setdefault(suit, Counter())[names.get(key, words(key))] += 1
    parts = [f"{suit} " + ", ".join(n + (f" ×{m}" if m > 1 else "") for n, m in by_suit[suit].items())
             for suit in data.CARD_SUITS if suit in by_suit]
    return wrap("Your hand: " + (" · ".join(parts) or "empty"), width, 2)


def whole(view, width: int) -> list[str]:
    """The rest of the table: VP by source, crafted and persistent cards, supplies, piles, forests."""
    out = ["", "THE WHOLE TABLE"]
    for f, _ in view.seats:
        sources = ", ".join(f"{CATEGORIES[s]} {v}" for s, v in view.sources(f) if v) or "none yet"
        out += wrap(f"{seat_title(view, f)}: VP by source: {sources}", width, 2)
        board = dict(view.board(f) or ())
        if board.get("order") is not None:
            out.append(f"  order card {card(view, board['order'])}")
        if "items" in board and isinstance(board["items"][0] if board["items"] else (), tuple):
            out += wrap(f"  {items(board['items'], full=True)}", width, 4)
        crafted = ", ".join(view.crafted(f))
        lasting = ", ".join(card(view, k) for k in view.persistent(f))
        if crafted or lasting:
            out += wrap(f"  crafted: {crafted or 'nothing'} · lasting effects: {lasting or 'none'}", width, 4)
    supply = ", ".join(f"{n} {k}" if n > 1 else k for k, n in view.items) or "empty"
    out += wrap(f"Item supply: {supply}", width, 2)
    if view.forge_items:
        out += wrap("On the Legendary Forge: " + ", ".join(f"{n} {k}" if n > 1 else k for k, n in view.forge_items),
                    width, 2)
    out += wrap(f"Deck {count(view.deck_size, 'card')} · discard pile {len(view.discard)}"
                + (f", on top {card(view, view.discard[-1])}" if view.discard else ""), width, 2)
    if view.dominance:
        out += wrap("Dominance cards beside the map: " + ", ".join(card(view, k) for k in view.dominance), width, 2)
    for i, fo in enumerate(view.map.forests):
        out.append(f"forest {i + 1}: by clearings {', '.join(map(str, fo.clearings))}")
    return out


def render(view, width: int = 80, colour: bool = False, full: bool = False) -> str:
    """The table at ``width`` columns: the map, the key to its letters (left out where the board would pass
    :data:`ROWS` lines), the seats (» the one whose turn it is) and the player's hand; ``full`` adds
    :func:`whole`."""
    seats = [line for f, _ in view.seats for line in seat_lines(view, f, width)]
    if view.me in dict(view.seats):
        seats += hand(view, width)
    key = wrap(map_key(view), width, 2)
    if not full and len(board_map(view, width, False)) + len(key) + len(seats) > ROWS:
        key = []                                       # the key is in the preface and the whole table
    lines = board_map(view, width, colour) + key + seats
    if full:
        lines += whole(view, width)
    return "\n".join(lines)


def preface(options: dict) -> list[str]:
    """The first screen's note: the player's faction and the bots at the table, each at its difficulty
    and with its traits (CW-GEN-19), and where the key to the map's letters is."""
    from automa.root.options import PREFIX, reach, seated_bots

    bots = []
    for bot in seated_bots(options):
        level = options.get(f"{PREFIX[bot]}_difficulty", "same")
        level = options.get("difficulty", "default") if level == "same" else level
        traits = sorted(options.get(f"{PREFIX[bot]}_traits", "").split(",")) if options.get(f"{PREFIX[bot]}_traits") else []
        bots.append(f"{BOT_NAMES[bot]} ({level}" + (f"; {', '.join(map(words, traits))}" if traits else "") + ")")
    me = options.get("faction", "marquise")
    who = "No one plays" if me == "none" else f"You play {FACTION_NAMES[me]}"
    total, advised = reach(options)
    table = (f"{who} against " + ", ".join(bots[:-1]) + (" and " if len(bots) > 1 else "") + bots[-1]
             + f". Reach {total} ({'at least' if total >= advised else 'below'} the {advised} advised, LoR-5.2).")
    return wrap(table, 80, 2) + wrap("The map: a line a clearing, each faction's warriors (a number) and pieces "
                                     f"in its column: {KEY}; ○ an open building slot, R a ruin, V the Vagabond. "
                                     "Type board for the whole table.", 80, 2)
