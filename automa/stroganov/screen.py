"""The Stroganov table as a person playing solo sees it, in plain text of at most 80 columns, for
``automa-sim play``: the row of landscape slots with their furs, tigers and cossacks, each region's
village, yurt and Tsar's Wish, the market, the trade space and the song display, the season, both
supplies and tracks, and the automa's revealed cards. It reads only the strategy view, so it shows
nothing a person at the table cannot see (docs/search.md, automa/stroganov/hidden.py)."""
from __future__ import annotations

import textwrap

from automa.stroganov.labels import TERRAINS, bundle, fur, reward, wish

WIDTH = 80
SEASONS = ("spring", "summer", "autumn")
ACTIONS = {"outpost": "build an outpost", "trophy": "a trophy", "yurt": "use the yurt",
           "tsar-wish": "take the Tsar's Wish", "claim-landscape-full-cost": "claim a tile at full cost"}


def wrap(text: str, indent: int = 2) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False) or [""]


def short(view, value: int) -> str:
    """A fur by its value in a column; T a tiger."""
    return "T" if value == 0 else str(value)


def row(view) -> list[str]:
    """One line per slot: region, tile, the hunt column (fur values, lowest first; T a tiger), who stands
    there (ST-BOARD-1, -2, ST-HUNT-1)."""
    name = view.opponent.capitalize()
    lines = [f"{'SLOT':<5}{'REG':<4}{'TILE':<20}{'FURS (low→high)':<19}{'HERE':<14}BONUS"]
    here = {}
    for who, side in (("you", view.player), (name, view.automa)):
        here.setdefault(side.pos, []).append(who)
    if -1 in here:
        lines.append(f"{'start':<9}{'(Tyumen)':<39}{' + '.join(here[-1])}")
    diplo = set(view.diplo_tiles()) if "diplomacy" in view.modules else set()
    for slot, tile in enumerate(view.board_tiles):
        region = view.slot_region[slot]
        if tile < 0:
            lines.append(f"{slot + 1:<5}{region:<4}{'(empty)':<20}{'':<19}{' + '.join(here.get(slot, []))}")
            continue
        tname, terrain, slots, bonus = view.tile(tile)
        furs = " ".join(short(view, v) for v in view.column(slot)) + " T" * view.slot_tigers[slot]
        mark = "◆" if slot in diplo else ""
        label = f"{tname} {TERRAINS[terrain].split()[0]}{mark}"
        lines.append(f"{slot + 1:<5}{region:<4}{label:<20}{furs or '-':<19}{' + '.join(here.get(slot, [])) or '':<14}"
                     f"{reward(bonus)}"[:WIDTH])
    return lines


def regions(view) -> list[str]:
    """Each region's fur kind (for the paid action and Ivan's location fur), village, yurt and wish
    (ST-BOARD-3, -4, ST-VILLAGE-1, ST-YURT-1, ST-WISH-1)."""
    lines = ["REGIONS"]
    wishes = view.display_wishes
    for r, kind in enumerate(view.region_fur):
        village, yurt = view.rewards_at(r)
        parts = [fur(view, kind)]
        if village:
            parts.append(f"village {reward(village)}")
        if yurt:
            parts.append(f"yurt {reward(yurt)}")
        elif r < len(wishes) and (village or wishes[r] >= 0):
            parts.append("yurt used")
        if r < len(wishes) and wishes[r] >= 0:
            value, need, handed, vp, gain = view.wish_card(wishes[r])
            parts.append(f"wish {need}×{value} ({handed} in) {vp} VP +{reward(gain)}")
        lines += wrap(f" {r}: " + " · ".join(parts), 4)
    return lines


def table(view) -> list[str]:
    market = " ".join(str(v) for v in sorted(view.market, reverse=True)) or "empty"
    songs = "; ".join(f"{i + 1}: {cost} story → {reward(gain)}" for i, (cost, gain) in enumerate(view.songs))
    tigers, banners = view.supplies
    lines = wrap(f"MARKET: {market} · TRADE SPACE: {fur(view, view.trade_fur) if view.trade_fur else 'empty'} · "
                 f"bag {count(view.bag_size, 'fur')} · supply {count(tigers, 'tiger')}, {count(banners, 'banner')}")
    lines += wrap(f"SONGS: {songs or 'none'}")
    merchant = view.merchant
    if merchant:
        region, (one, two) = merchant
        lines += wrap(f"MERCHANT in region {region}: 1 chipmunk → {reward(one)}; 2 → {reward(two)}")
    return lines


def count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def furs(view, side) -> str:
    return " ".join(str(v) for v, n in enumerate(side.furs) for _ in range(n)) or "none"


def side_lines(view, side, name: str) -> list[str]:
    outposts = ", ".join(f"r{r}×{n}" for r, n in enumerate(side.outposts) if n) or "none"
    text = (f"{name}: {side.vp} VP · furs {furs(view, side)} · {count(side.tigers, 'tiger')} · "
            f"{count(side.coins, 'coin')} · {count(side.horses, 'horse')} · {count(side.banners, 'banner')} · "
            f"story {side.story} · trophy step {side.trophy} · "
            f"outposts {outposts} (+{side.outpost_supply} to build) · tiles {len(side.tiles)}")
    if side.wishes:
        text += " · wishes: " + "; ".join(wish(view, w).split(": ", 1)[1] for w in side.wishes)
    if side.fulfilled:
        text += f" · {len(side.fulfilled)} fulfilled"
    if "hunting_plan" in view.modules and side.plan:
        text += f" · plan {' '.join(map(str, side.plan))} at {side.plan_pos}"
    if "diplomacy" in view.modules:
        text += f" · diplomacy {side.diplo}"
    return wrap(text)


def automa_cards(view) -> list[str]:
    """The automa's card on its discard pile (its last additional action) and the top card of its deck:
    at his next turn he discards it and takes its additional action, and reads his move and hunt from the
    card then on top, still unseen (ST-IVAN-DRAW-1)."""
    name = view.opponent.capitalize()
    done, top = view.automa_cards
    lines = []
    if done:
        lines += wrap(f"{name.upper()}'S LAST CARD {done[0]}: additional action {ACTIONS.get(done[4], done[4])}")
    if top:
        lines += wrap(f"{name.upper()}'S NEXT CARD {top[0]}: additional action {ACTIONS.get(top[4], top[4])}; "
                      f"his next move and hunt are on the card below it")
    furs_, rewards_, values = view.trophy_track
    steps = " ".join(f"{fur(view, f).split()[0]}→{'/'.join(bundle(b) for b in r)}" for f, r in zip(furs_, rewards_))
    lines += wrap(f"TROPHIES: yours {steps} · {name}'s VP per step {' '.join(map(str, values))}")
    return lines


def render(view) -> str:
    """The whole table, at most 80 columns wide."""
    name = view.opponent.capitalize()
    order = ", ".join("you" if who == 0 else name for who in view.order)
    head = (f"STROGANOV vs {name} ({view.difficulty}) · year {view.year} of 4 · {SEASONS[view.season]} · "
            f"order {order}")
    lines = wrap(head) + row(view) + regions(view) + table(view)
    lines += side_lines(view, view.player, "YOU") + side_lines(view, view.automa, name.upper()) + automa_cards(view)
    return "\n".join(line.rstrip() for line in lines)
