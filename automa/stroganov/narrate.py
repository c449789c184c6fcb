"""The game's trace events (automa.core.trace) told in sentences with their rule IDs, for a person
playing (``automa-sim play``): ``tell(view, event)`` is one sentence, or None for the player's own
decisions (shown as they choose)."""
from __future__ import annotations

from automa.stroganov.labels import fur, reward, tile_name

ACTIONS = {"outpost": "build an outpost", "trophy": "take a trophy", "yurt": "use the yurt",
           "tsar-wish": "take the Tsar's Wish", "claim-landscape-full-cost": "claim a tile at full cost",
           "claim": "claim a tile at full cost"}
REASONS = {"no_fur": "he lacks the region's fur", "no_item": "there is nothing to take",
           "no_outpost": "all his outposts are built"}


def _tile(view, e: dict) -> str:
    """The event's tile in words, as printed on it (never its code)."""
    return tile_name(view, view.tile_index(e["tile"]))


def _automa(view, who: str, e: dict) -> str:
    action = e["action"]
    if action == "move":
        return f"{who} moves to slot {e['to'] + 1} (region {view.slot_region[e['to']]})."
    if action == "hunt":
        furs = ", ".join(fur(view, v) for v in e["furs"]) or "nothing"
        coins = f", and takes {e['coins']} coin{'s' if e['coins'] != 1 else ''} for the missing items" if e["coins"] else ""
        return f"{who} hunts at slot {e['slot'] + 1}: {furs}{coins}."
    if action == "hunt_plan":
        return f"{who} hunts the {fur(view, e['fur'])} his hunting plan needs next."
    if action == "claim":
        return f"The hunt column is empty: {who} claims {_tile(view, e)} at slot {e['slot'] + 1}."
    if action == "claim_full":
        return f"{who} claims the tile at slot {e['slot'] + 1}, paying {e['paid']} furs."
    if action == "village":
        return f"{who} visits the village of region {e['region']}: {reward(view.rewards_at(e['region'])[0])}."
    if action == "outpost":
        return (f"{who} builds an outpost in region {e['region']}." if e["built"]
                else f"{who} takes an outpost from his reserve.")
    if action == "yurt":
        return f"{who} uses the yurt of region {e['region']}: {reward(view.yurt_reward(e['yurt']))}."
    if action == "wish":
        return f"{who} takes the Tsar's Wish of region {e['region']}."
    if action == "trophy":
        return f"{who} takes a trophy: step {e['step']}, {e['vp']} VP."
    if action == "song" and e.get("rule") == "ST-SONG-4":
        return (f"{who} reaches the end of the story track and takes the reward of song {e['song']} for its "
                f"story points; the tile stays on display.")
    if action == "song":
        return f"{who} buys song {e['song']}."
    if action == "fails":
        return f"{who}'s card action, {ACTIONS.get(e['card_action'], e['card_action'])}, fails: {REASONS.get(e['reason'], e['reason'])}."
    if action == "missing_fur_coin":
        return f"{who} lacks the fur to {ACTIONS.get(e['card_action'], e['card_action'])} and takes 1 coin instead."
    if action == "missing_item_coin":
        return f"There is nothing for {who} to {ACTIONS.get(e['card_action'], e['card_action'])}: he takes 1 coin."
    if action == "hard_coin" and e.get("stays"):
        return f"Hard: {who} leaves the {fur(view, e['fur'])} of the trade space's kind where it was and takes 1 coin."
    if action == "hard_coin":
        return f"Hard: {who} returns the {fur(view, e['fur'])} of the trade space's kind for {e['coins']} coin."
    if action == "merchant":
        return f"{who} sells {e['chipmunks']} chipmunk{'s' if e['chipmunks'] > 1 else ''} to the merchant."
    if action == "donate":
        gift = ("a tiger" if e["tiger"] else "a coin" if not e["fur"]
                else fur(view, e["fur"]) + (" with a coin" if e["coin"] else ""))
        return f"{who} donates {gift} at slot {e['slot'] + 1}: {e['steps']} steps, to diplomacy space {e['space']}."
    if action == "no_donation":
        return f"{who} makes no donation at slot {e['slot'] + 1}."
    if action == "a_tile":
        return f"{who} takes no benefit from {_tile(view, e)}: he scores {e['vp']} VP instead."
    if action == "b_tile":
        return f"{who} pays 1 banner for the benefit of {_tile(view, e)}."
    fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("kind", "rule", "action"))
    return f"{who}: {action} {fields}."


def _diplomacy(who: str, e: dict) -> str:
    if e["action"] == "bonus":
        side = f"{who}'s" if e["who"] == "automa" else "Your"
        return (f"{side} diplomacy marker reaches or passes the bonus tile on space {e['space']}: "
                f"{reward(e['reward'])}.")
    (mine, his), (vp, his_vp) = e["zones"], e["vp"]
    return (f"Diplomacy: you are in zone {mine} and score {vp} VP, {who} is in zone {his} and scores "
            f"{his_vp} VP.")


def _income(who: str, e: dict) -> str:
    """Winter's first step: both cossacks are home; each side's horse (and coin) income."""
    if e["who"] == "automa" and not (e["horses"] or e["coins"]):
        return f"Winter: {who} gains no income."
    name = "you gain" if e["who"] == "player" else f"{who} gains"
    coins = f" and {e['coins']} coin{'s' if e['coins'] != 1 else ''}" if e["coins"] else ""
    return (f"Winter: the cossacks return to the start tile; {name} {e['horses']} horse"
            f"{'s' if e['horses'] != 1 else ''}{coins} of income, with {e['banners']} banner"
            f"{'s' if e['banners'] != 1 else ''} held.")


def tell(view, event: dict) -> str | None:
    """One event in words, ending with its rule ID in brackets; None for the player's own decisions."""
    e, kind = event, event["kind"]
    who = view.opponent.capitalize()
    if kind == "decision":
        return None
    if kind == "card":
        text = (f"{who} draws card {e['action_card']}: his additional action is to "
                f"{ACTIONS.get(e['action'], e['action'])}; card {e['move_card']} is now on top: he moves "
                f"{e['move']} east and hunts the {e['hunt']} {e['count']}.")
    elif kind == "automa":
        text = _automa(view, who, e)
    elif kind == "diplomacy":
        text = _diplomacy(who, e)
    elif kind == "income":
        text = _income(who, e)
    elif kind == "scores":
        text = f"Winter of year {e['year']} is scored: you {e['player']} VP, {who} {e['automa']} VP."
    else:
        fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("kind", "rule"))
        text = f"{kind}: {fields}."
    return text + (f" [{e['rule']}]" if e.get("rule") else "")
