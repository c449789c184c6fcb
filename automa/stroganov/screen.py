"""The Stroganov table as a person playing solo sees it, for ``automa-sim play``: ``render(view, width,
colour)`` is the board that stays in sight, at most 18 lines at 80 columns in most positions (the row
of landscape slots with their furs, tigers and cossacks, each region's village, yurt and Tsar's Wish,
the market, trade space and songs, both sides, the automa's next card), and ``render(..., full=True)``
adds the rest (wishes held, outposts, tiles, trophies, modules). It reads only the strategy view, so it
shows nothing a person at the table cannot see (docs/search.md, automa/stroganov/hidden.py)."""
from __future__ import annotations

import re

from automa.core.screen import count, paint, side_by_side, wrap
from automa.stroganov.labels import TERRAINS, bundle, fur, fur_list, reward, wish

SEASONS = ("spring", "summer", "autumn")
ACTIONS = {"outpost": "build an outpost", "trophy": "a trophy", "yurt": "use the yurt",
           "tsar-wish": "take the Tsar's Wish", "claim-landscape-full-cost": "claim a tile at full cost"}


def short(value: int) -> str:
    """A fur by its value in a column; T a tiger."""
    return "T" if value == 0 else str(value)


def where(view) -> str:
    """Where both cossacks stand: "you at slot 4, Ivan at the start"."""
    def at(pos: int) -> str:
        return "at the start" if pos < 0 else f"at slot {pos + 1}"
    if view.player.pos == view.automa.pos:
        return f"both {at(view.player.pos)}"
    return f"you {at(view.player.pos)}, {view.opponent.capitalize()} {at(view.automa.pos)}"


def compact(bonus) -> str:
    """A claim bonus in few letters: "coin+story", "2 VP", "3 horses"."""
    return " or ".join("+".join((f"{n} " if n != 1 else "") + bundle(((k, n),)).split(" ", 1)[1] for k, n in b)
                       for b in bonus).replace(" from the bag", "") or "-"


def slot_cell(view, slot: int, colour: bool) -> str:
    """One slot in 39 columns: number, region, terrain, hunt column (fur values low to high, T a tiger),
    the claim bonus; the slot number in a side's colour where its cossack stands (ST-BOARD-1, -2, ST-HUNT-1,
    ST-LAND-3)."""
    tile = view.board_tiles[slot]
    number = f"{slot + 1:>2}"
    for who, side in (("automa", view.automa), ("you", view.player)):
        if side.pos == slot:
            number = paint(number, who, colour)
    if tile < 0:
        return f"{number} {view.slot_region[slot]} (empty)"
    _, terrain, _, bonus = view.tile(tile)
    diplo = "◆" if "diplomacy" in view.modules and slot in view.diplo_tiles() else ""
    column = " ".join(short(v) for v in view.column(slot)) + " T" * view.slot_tigers[slot]
    return f"{number} {view.slot_region[slot]} {TERRAINS[terrain].split()[0] + diplo:<10}{column or '-':<10}" + \
        compact(bonus)[:14]


def row(view, width: int, colour: bool) -> list[str]:
    """The landscape row in two halves side by side, west (slots 1-6) and east (7-12)."""
    cells = [slot_cell(view, slot, colour) for slot in range(len(view.board_tiles))]
    title = f"{'SLOT':<15}{'FURS':<10}BONUS"
    if width < 80:
        return [title] + cells
    half = (len(cells) + 1) // 2
    return side_by_side([[title] + cells[:half], [title] + cells[half:]], [39, 39])


def region_line(view, r: int, width: int) -> list[str]:
    """A region's fur kind (for the paid action and the automa's location fur), village, yurt and wish on
    display (ST-BOARD-3, -4, ST-VILLAGE-1, ST-YURT-1, ST-WISH-1); the wish's whole card is in the full
    table."""
    village, yurt = view.rewards_at(r)
    wishes = view.display_wishes
    parts = []
    if village:
        parts.append(f"village {reward(village)}")
    if yurt:
        parts.append(f"yurt {reward(yurt)}")
    elif r < len(wishes) and (village or wishes[r] >= 0):
        parts.append("yurt used")
    if r < len(wishes) and wishes[r] >= 0:
        value, need, handed, vp, gain = view.wish_card(wishes[r])
        parts.append(f"wish {need} {kind(view, value)} {vp} VP")
    wide = max(len(kind(view, v)) for v in view.region_fur) + 1
    text = f"{r} {kind(view, view.region_fur[r]):<{wide}}" + re.sub(r"(\d) (furs?) from the bag", r"\1 bag \2", " · ".join(parts))
    return wrap(text, width, 4)


def kind(view, value: int) -> str:
    """A fur's kind without its value ("fox"; "fur 2" where the kind is not known)."""
    return fur(view, value).split(" (")[0]


def table(view, width: int) -> list[str]:
    """The market, the trade space, the songs (and the merchant)."""
    market = " ".join(str(v) for v in sorted(view.market, reverse=True)) or "empty"
    songs = "; ".join(f"{cost} story {reward(gain)}" for cost, gain in view.songs) or "none"
    text = f"MARKET {market} · TRADE {kind(view, view.trade_fur) if view.trade_fur else 'empty'} · SONGS {songs}"
    merchant = view.merchant
    if merchant:
        region, (one, two) = merchant
        text += f" · MERCHANT in {region}: 1 chipmunk {reward(one)}, 2 {reward(two)}"
    return wrap(text, width)


def side_text(view, side, name: str, furs: bool) -> str:
    """A side's VP, horses, and what it holds besides (none left out but zeros), its furs by kind or
    their number (the automa's kinds are in the full table)."""
    held = [count(side.horses, "horse")] + [count(n, w) for n, w in ((side.coins, "coin"), (side.banners, "banner"),
                                                                   (side.tigers, "tiger")) if n]
    held += [f"{w} {n}" for n, w in ((side.story, "story"), (side.trophy, "trophy")) if n]
    values = [v for v, n in enumerate(side.furs) for _ in range(n)]
    held.append(f"furs: {fur_list(view, values)}" if furs else count(len(values), "fur"))
    return f"{name} {side.vp} VP · " + " · ".join(held)


def sides(view, width: int, colour: bool) -> list[str]:
    """Both sides in two columns (one under the other below 80 columns), the automa's next card with it."""
    texts = [side_text(view, view.player, "YOU", True),
             side_text(view, view.automa, view.opponent.upper(), False) + next_card(view)]
    shares = [39, width - 41] if width >= 80 else [width, width]
    blocks = [[paint(x, who, colour) for x in wrap(t, share)] for t, share, who in zip(texts, shares, ("you", "automa"))]
    return side_by_side(blocks, shares) if width >= 80 else blocks[0] + blocks[1]


def next_card(view) -> str:
    """The top card of the automa's deck: at his next turn he discards it and takes its additional action;
    his move and hunt come from the card then on top, still unseen (ST-IVAN-DRAW-1)."""
    top = view.automa_cards[1]
    return f" · next card: {ACTIONS.get(top[4], top[4])}" if top else ""


def more(view, width: int) -> list[str]:
    """What the board that stays in sight leaves out: each side's outposts, tiles, wishes, plans, the
    automa's cards, the trophy track, the bag and supplies."""
    name = view.opponent.capitalize()
    lines = [""] + wrap(f"STROGANOV vs {name} ({view.difficulty}); the furs by value: " + ", ".join(
        f"{v} {fur(view, v).split(' (')[0]}" for v in sorted(view.fur_names)) + "; T a tiger; ◆ a diplomacy tile",
        width)
    for side, who in ((view.player, "YOU"), (view.automa, name.upper())):
        outposts = ", ".join(f"region {r}" + (f" ×{n}" if n > 1 else "") for r, n in enumerate(side.outposts) if n)
        values = [v for v, n in enumerate(side.furs) for _ in range(n)]
        text = (f"{who}: furs: {fur_list(view, values)} · outposts in {outposts or 'no region'} "
                f"({side.outpost_supply} to build) · {count(len(side.tiles), 'tile')}")
        if side.wishes:
            text += " · wishes: " + "; ".join(wish(view, w).split(": ", 1)[1] for w in side.wishes)
        if side.fulfilled:
            text += f" · {len(side.fulfilled)} fulfilled"
        if "hunting_plan" in view.modules and side.plan:
            text += f" · hunting plan {' '.join(map(str, side.plan))}, next {side.plan_pos + 1}"
        if "diplomacy" in view.modules:
            text += f" · diplomacy space {side.diplo}"
        lines += wrap(text, width)
    done, top = view.automa_cards
    if done:
        lines += wrap(f"{name.upper()}'S LAST CARD {done[0]}: additional action {ACTIONS.get(done[4], done[4])}", width)
    if top:
        lines += wrap(f"{name.upper()}'S NEXT CARD {top[0]}: additional action {ACTIONS.get(top[4], top[4])}; "
                      f"his next move and hunt are on the card below it", width)
    furs_, rewards_, values = view.trophy_track
    steps = "; ".join(f"{i} {fur(view, f).split(' (')[0]}: {' or '.join(bundle(b) for b in r)}"
                      for i, (f, r) in enumerate(zip(furs_, rewards_), 1))
    lines += wrap(f"TROPHIES: yours, step by step, the fur to pay and the reward: {steps} · {name}'s VP per step "
                  f"{' '.join(map(str, values))}", width)
    tigers, banners = view.supplies
    lines += wrap(f"BAG {count(view.bag_size, 'fur')} · SUPPLY {count(tigers, 'tiger')}, {count(banners, 'banner')}",
                  width)
    return lines


def render(view, width: int = 80, colour: bool = False, full: bool = False) -> str:
    """The board that stays in sight (at most 18 lines at 80 columns in most positions), ``width``
    columns wide; with ``full`` the rest of the table below it. ``colour``: the player in one colour,
    the automa in another (off for NO_COLOR and pipes)."""
    name = view.opponent.capitalize()
    order = ", ".join("you" if who == 0 else name for who in view.order)
    head = f"STROGANOV year {view.year}/4, {SEASONS[view.season]} · order {order} · {where(view)}"
    lines = [paint(x, "head", colour) for x in wrap(head, width)] + row(view, width, colour)
    lines += [x for r in range(1, len(view.region_fur)) for x in region_line(view, r, width)] + table(view, width)
    lines += sides(view, width, colour)
    if full:
        lines += more(view, width)
    return "\n".join(line.rstrip() for line in lines)
