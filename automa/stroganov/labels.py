"""Every Stroganov decision's choices in words, for a person at the keyboard (``automa-sim play``) and
the text replay: ``describe(view, kind, choice)``, e.g. ``("hunt", 4, 1, 2)`` -> "hunt slot 5 (region 3):
skip 1 (1 horse), take 2 (fox, elk; 1 coin)". It reads only the strategy view, as the decision's
strategy would (docs/decisions.md lists the kinds and their choices)."""
from __future__ import annotations

import re

TERRAINS = ("forest", "swamp", "steppe", "mountain", "sacred (Б)", "wild (A)")
REWARD_WORDS = {"vp": "VP", "coins": "coin", "horses": "horse", "furs_from_bag": "fur from the bag",
                "fur_from_market": "market fur", "story": "story", "banners": "banner",
                "trophy_action": "trophy", "tiger": "tiger", "new_outpost": "new outpost"}
CATEGORIES = {"landscapes": "landscape tiles", "wishes": "Tsar's Wishes", "trophies": "trophies",
              "outposts": "outposts", "furs": "leftover furs", "coins": "coins", "tiger": "unused tigers", "story": "story track",
              "songs": "songs", "bonuses": "bonus tiles", "merchant": "merchant", "hunting_plan": "hunting plan",
              "diplomacy": "diplomacy"}  # ST-END-1..3, the modules' VP
PLURAL = {"coin", "horse", "banner", "tiger", "trophy", "new outpost", "market fur"}


def fur(view, value: int) -> str:
    """A fur by its kind and value: "fox (4)"; value 1 is the merchant's chipmunk, 0 a tiger."""
    if value == 0:
        return "tiger"
    if value == 1:
        return "chipmunk (1)"
    name = view.fur_names.get(value, "")
    return f"{name} ({value})" if name and not name.startswith("unknown") else f"fur {value}"


def tile_name(view, tile: int) -> str:
    """A landscape tile in words: its terrain ("the steppe tile"), and its name where it has one
    (module 3's tiles: "Primordial forest"); the numbered tiles' codes are not printed on them."""
    name, terrain, _, _ = view.tile(tile)
    if re.fullmatch(r"L[A-Z]?\d+", name):
        return f"the {TERRAINS[terrain]} tile"
    return f"the {TERRAINS[terrain]} tile {name.replace('_', ' ').capitalize()}"


def fur_list(view, values) -> str:
    """Furs by kind, most valuable last, a count after a kind held more than once: "rabbit, fox ×2, elk"
    (ST-FUR-1)."""
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return ", ".join(fur(view, v).split(" (")[0] + (f" ×{n}" if n > 1 else "")
                     for v, n in sorted(counts.items())) or "none"


def article(text: str) -> str:
    """``text`` with its indefinite article."""
    return ("an " if text[:1] in "aeiou" else "a ") + text


def bundle(parts) -> str:
    """One reward bundle ((key, amount), ...) in words: "3 horses, 2 story"."""
    out = []
    for key, n in parts:
        word = REWARD_WORDS.get(key, key)
        if n != 1 and word in PLURAL:
            word = "trophies" if word == "trophy" else word + "s"
        elif n != 1 and key == "furs_from_bag":
            word = "furs from the bag"
        out.append(f"{n} {word}")
    return ", ".join(out) or "nothing"


def reward(alternatives) -> str:
    """A reward with alternatives ((bundle), ...) in words: "5 horses or 2 coins"."""
    return " or ".join(bundle(b) for b in alternatives) or "nothing"


def where(view, slot: int) -> str:
    return f"slot {slot + 1} (region {view.slot_region[slot]})"


def wish(view, w: int) -> str:
    value, need, handed, vp, gain = view.wish_card(w)
    return f"Tsar's Wish #{w + 1}: {need} × {fur(view, value)}, hand in {handed}, {vp} VP, reward {reward(gain)}"


def hunt(view, slot: int, skip: int, count: int) -> str:
    """ST-HUNT-2..5: skip the lowest items for horses, take the next ones for a coin each after the first;
    a tiger is the top item."""
    items = list(view.column(slot))
    if view.slot_tigers[slot]:
        items.append(0)
    taken = items[skip:skip + count]
    rates = view.rates
    costs = []
    if skip:
        costs.append(f"skip {skip} ({skip * rates[6]} horse{'s' if skip * rates[6] != 1 else ''})")
    extra = (count - 1) * rates[7]
    names = ", ".join(fur(view, v) for v in taken)
    paid = f"; {extra} coin{'s' if extra != 1 else ''}" if extra else ""
    return f"hunt {where(view, slot)}: " + ", ".join(costs + [f"take {count} ({names}{paid})"])


def action(view, choice) -> str:
    """A basic or main action (ST-BASIC-1..2, ST-MOVE-3, ST-HUNT-1..6, ST-TRADE-2, ST-VILLAGE-1, ST-YURT-1,
    ST-WISH-2, ST-OUTPOST-2..3, ST-CLAIM-1, ST-TK-MERCH-3)."""
    kind = choice[0]
    rates = view.rates
    if kind == "coin":
        return f"take {rates[4]} coin{'s' if rates[4] != 1 else ''}"
    if kind == "horses":
        return f"take {rates[5]} horse{'s' if rates[5] != 1 else ''}"
    if kind == "move":
        d = choice[1]
        return f"move {abs(d)} {'east' if d > 0 else 'west'} to {where(view, view.player.pos + d)}"
    if kind == "hunt":
        return hunt(view, *choice[1:])
    if kind == "trade":
        n = choice[1]
        return f"trade {n} × {fur(view, view.trade_fur)} at the trade space"
    if kind == "village":
        return f"visit the village of region {choice[1]}: {reward(view.rewards_at(choice[1])[0])}"
    if kind == "yurt":
        return f"use the yurt of region {choice[1]}: {reward(view.rewards_at(choice[1])[1])}"
    if kind == "wish":
        return f"take region {choice[1]}'s {wish(view, view.display_wishes[choice[1]])}"
    if kind == "outpost":
        return "build an outpost here" if view.player.outpost_supply else "take an outpost from your reserve"
    if kind == "claim":
        slot = choice[1]
        bonus = view.tile(view.board_tiles[slot])[3]
        return f"claim {tile_name(view, view.board_tiles[slot])} at {where(view, slot)} (bonus {reward(bonus)})"
    if kind == "merchant":
        n = choice[1]
        merchant = view.merchant
        gain = reward(merchant[1][n - 1]) if merchant else "?"
        return f"sell {n} chipmunk{'s' if n > 1 else ''} to the merchant: {gain}"
    raise KeyError(f"unknown action {choice!r}")


def region(view, choice) -> int:
    """Where an action is performed, whose region fur pays the paid action (ST-TURN-5)."""
    if choice[0] in ("hunt", "claim"):
        return view.slot_region[choice[1]]
    if choice[0] in ("village", "yurt", "wish"):
        return choice[1]
    if choice[0] == "merchant" and view.merchant:
        return view.merchant[0]
    return view.slot_region[view.player.pos]


def describe(view, kind: str, choice) -> str:
    """``choice`` of a ``kind`` decision in words (docs/decisions.md)."""
    if kind == "start_set":
        sets = view.offer
        if not sets:
            return f"start set {choice + 1}"
        w, f, plan = sets[choice]
        parts = [wish(view, w)] + ([article(fur(view, f))] if f else []) + ([f"hunting plan {plan}"] if plan else [])
        return f"start set {choice + 1}: " + "; ".join(parts)
    if kind == "settlement_yurt":
        return f"A-yurt {choice}: {reward(view.yurt_reward(choice))}"
    if kind == "move":
        cost = view.move_costs[choice - 1]
        return f"move {choice} east to {where(view, view.player.pos + choice)}" + (
            f", {cost} horse{'s' if cost != 1 else ''}" if cost else "")
    if kind == "donate":
        if choice is None:
            return "donate nothing"
        if choice[0] == "fur":
            return f"donate {article(fur(view, choice[1]))}"
        return "donate a tiger" if choice[0] == "tiger" else "donate your lowest fur with a coin (wild)"
    if kind in ("basic", "main", "paid"):
        if choice is None:
            return {"basic": "skip the basic action", "main": "skip the main action",
                    "paid": "no paid second action"}[kind]
        text = action(view, choice)
        return f"paid, region fur {fur(view, view.region_fur[region(view, choice)])}: {text}" if kind == "paid" else text
    if kind == "extra":
        if choice is None:
            return "done with extra actions"
        what, arg = choice
        if what == "fulfil":
            return f"fulfil the {wish(view, arg)}"
        if what == "buy":
            return f"buy {article(fur(view, arg))} from the market for {view.market_costs()[0]} horses"
        return f"trade {view.market_costs()[1]} furs for {article(fur(view, arg))} from the market"
    if kind == "reward":
        offer = view.offer or ()
        return f"reward {choice + 1}" + (f": {bundle(offer[choice])}" if choice < len(offer) else "")
    if kind == "keep_fur":
        return f"keep the {fur(view, choice)}"
    if kind == "salesman_fur":
        return f"keep the {fur(view, choice)} on the Salesman: its kind becomes wild for you"
    if kind == "market_fur":
        return f"take the {fur(view, view.market[choice])} from the market (place {choice + 1})"
    if kind == "song":
        if choice is None:
            return "buy no song"
        cost, gain = view.songs[choice]
        return f"song {choice + 1} for {cost} story: {reward(gain)}"
    if kind == "trophy":
        furs = view.trophy_track[0]
        step = view.player.trophy
        return (f"step up the trophy track, paying {article(fur(view, furs[min(step, len(furs) - 1)]))}" if choice
                else "do not take the trophy step")
    if kind == "trophy_final":
        rewards = view.trophy_track[1]
        above = [(step, b) for step, alternatives in enumerate(rewards, 1) for b in alternatives]  # ST-TK-ERRATA-1
        (a, x), (b, y) = above[choice[0]], above[choice[1]]
        return f"final trophy: {bundle(x)} (step {a}) and {bundle(y)} (step {b})"
    if kind == "b_tile":
        tile = view.offer
        name = tile_name(view, tile) if isinstance(tile, int) else "the Б-tile"
        return f"spend a banner for the benefit of {name}" if choice else "keep the banner"
    raise KeyError(f"no label for decision kind {kind!r}")
