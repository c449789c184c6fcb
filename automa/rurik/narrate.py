"""The game's trace events (automa.core.trace) told in sentences with their rule IDs, for a person
playing (``automa-sim play``): ``tell(view, event)`` is one sentence, or None for an event the player
made themselves (their decisions, shown as they choose). Regions are the names the events carry."""
from __future__ import annotations

from collections import Counter

from automa.core.screen import count
from automa.rurik.labels import CATEGORIES, bonus, priority

ROWS = ("top", "middle", "bottom")
LAST_ROUND = 4  # the game is scored after the claim phase of round 4 (RK-ROUND-1)
TOKENS = {"wood2": "2 wood", "fish2": "2 fish", "fur1": "1 fur", "coins2": "2 coins", "vp": "1 VP token",
          "scheme": "a scheme card"}                           # the warfare reward tokens (RK-SB-WREW-1)
CAPTIVES = {"player": {"troop": "the defeated rebel", "leader": "the defeated rebel leader",
                       "neutral": "the defeated neutral troop"},
            "rebellion": {"troop": "your defeated troop", "leader": "your defeated leader"}}


def _name(text) -> str:
    return str(text).capitalize()


def _rebellion(e: dict, view) -> str | None:
    kind = e["kind"]
    if kind == "advisor":
        bribe = f", bribing {count(e['bribe'], 'coin')}" if e["bribe"] else ""
        return f"The Rebellion places advisor {e['advisor']} on {e['column']}, {ROWS[e['row']]} space{bribe}."
    if kind == "card":
        return f"The Rebellion's solo card {e['card']} comes into use."
    if kind == "rebel_action":
        return (f"The Rebellion takes back its lowest advisor, from {e['action']} ({ROWS[e['row']]} space): "
                f"{count(e['points'], 'point')}, read from solo card {e['card']}.")
    if kind == "bonus":
        parts = [f"+{e['extra']} {e['action']}" if e["extra"] else "", f"{count(e['move'], 'move')} first" if e["move"]
                 else "", f"{count(e['coins'], 'coin')}" if e["coins"] else "",
                 f"{e['reveal_fewer']} fewer casualty card" if e["reveal_fewer"] else ""]
        return "Its open bonus spaces give it " + ", ".join(p for p in parts if p) + "."
    if kind == "forfeit":
        return f"It forfeits the {e['action']} action ({e['why']}) and takes 1 coin."
    if kind == "muster":
        return f"It musters a rebel in {_name(e['region'])}."
    if kind == "move":
        unit = "its leader" if e.get("unit") == "leader" else "a rebel"
        return f"It moves {unit} from {_name(e['source'])} to {_name(e['target'])}."
    if kind == "attack":
        target = "your unit" if e["target"] == "player" else "a neutral troop"
        return f"It attacks {target} in {_name(e['region'])}."
    if kind == "tax":
        return f"It taxes {_name(e['region'])}: {count(e['goods'], 'good')}."
    if kind == "build":
        return f"It builds a {e['structure']} in {_name(e['region'])}."
    if kind == "stable":
        return f"Its stable moves {count(e['moved'], 'rebel')}."
    if kind == "priority":
        unlocks = f"; you lead on {count(e['unlocks'], 'track')}, so it unlocks as many bonus spaces" if e["unlocks"] else ""
        return f"Its priority for the next round: {priority(e['priority'])}{unlocks}."
    if kind == "leader":
        n = view.rebel_leader_rules.round_end_rebels
        if view.rebel_leader_rules.round_end == "muster":
            rebels = "a rebel" if n == 1 else count(n, "rebel")
            return f"At the round's end its leader {_name(e['leader'])} musters {rebels} into his region, {_name(e['region'])}."
        return f"At the round's end its leader {_name(e['leader'])} goes to {_name(e['region'])} (inheritance deck)."
    if kind == "epic_reward":
        return f"Its build of 3 takes the {e['structure']}'s reward and a VP token instead; the card leaves the game."
    if kind == "setup":
        return (f"The Rebellion sets up from solo card {e['card']} in {', '.join(map(_name, e['regions']))}; "
                f"its priority is {priority(e['priority'])}.")
    if kind in ("reward", "capture", "release"):
        return _warfare(e)
    return None


def _warfare(e: dict) -> str:
    """A warfare reward token, a capture attempt or a release, by either side (RK-SB-WREW-1,
    RK-SB-WAR-1, RK-SB-WAR-2)."""
    kind, side = e["kind"], e["side"]
    you = side == "player"
    who, s = ("You", "") if you else ("The Rebellion", "s")
    if kind == "reward":
        what = TOKENS[e["token"]]
        unused = "" if you or e["token"] != "scheme" else ", which it does not use"
        return f"{who} reach{'' if you else 'es'} warfare space {e['space']} and take{s} its reward token: {what}{unused}."
    if kind == "capture":
        unit = f"{CAPTIVES[side][e['unit']]} in {_name(e['region'])}"
        if e["captured"]:
            return f"{who} capture{s} {unit}: the capture card shows no casualty icon."
        lost = e.get("lost", 0)
        return (f"{who} fail{s} to capture {unit}: the capture card shows a casualty, "
                f"{'you lose' if you else 'it loses'} {count(lost, 'unit')} there.")
    return f"{who} release{s} captives for {count(e['tokens'], 'VP token')}."


def _check(e: dict) -> str:
    """A casualty check (RK-CAS-1..3), one with no card to reveal included."""
    you = e["attacker"] == "player"
    who, s = ("You", "") if you else ("The Rebellion", "s")
    where, reveal = _name(e["region"]), e.get("reveal", e["cards"])
    if not reveal:
        return f"{who} check{s} for casualties in {where}: no card to reveal after the modifiers, no casualty."
    lost = f"{'you lose' if you else 'it loses'} {count(e['lost'], 'unit')}" if e["lost"] else "no casualty"
    return f"{who} check{s} for casualties in {where}: {e['cards']} of {count(reveal, 'card')} revealed, {lost}."


def _categories(values: dict | None) -> str:
    """" (rule track 3, build track 1, ...)": the categories that score, in words."""
    parts = [f"{CATEGORIES.get(k, k)} {v}" for k, v in (values or {}).items() if v]
    return f" ({', '.join(parts)})" if parts else ""


def _claims(e: dict) -> str:
    """The claim phase's first step: each side's markers move up to the level earned, never down."""
    who = "your" if e["side"] == "player" else "the Rebellion's"
    moved = [f"{track} {a} to {b}" for track, a, b in zip(("rule", "build", "trade"), e["before"], e["after"]) if b > a]
    if not moved:
        return (f"Claim phase: {who} claim markers stay at rule {e['after'][0]}, build {e['after'][1]}, "
                f"trade {e['after'][2]}.")
    return f"Claim phase: {who} claim markers move up: {', '.join(moved)}."


def _income(e: dict, per: int) -> str:
    """Income after rounds 1-3: ``per`` coins per full boat column (and the zero-track coins of RK-OPEN-15)."""
    you = e["side"] == "player"
    coins = e["columns"] * (1 if you else per)
    parts = [f"{count(coins, 'coin')} for {count(e['columns'], 'full boat column')}"] if e["columns"] else []
    if e["zero_tracks"]:
        parts.append(f"{count(e['zero_tracks'], 'coin')} for tracks still at zero (RK-OPEN-15)")
    if not parts:
        return f"Income: {'you have' if you else 'the Rebellion has'} no full boat column, so no coin."
    return f"Income: {'you gain' if you else 'the Rebellion gains'} {' and '.join(parts)}."


def tell(view, event: dict) -> str | None:
    """One event in words, ending with its rule ID in brackets; None for the player's own decisions."""
    e, kind = event, event["kind"]
    side = e.get("side")
    text = None
    if kind == "decision" or (kind == "advisor" and side == "player"):
        return None                        # the player's own choices, shown as they make them
    if kind == "claims":
        text = _claims(e)
    elif kind == "income":
        text = _income(e, view.rebel_income)
    elif side == "rebellion":
        text = _rebellion(e, view)
    elif kind == "round":
        text = f"Round {e['round']} begins; the Rebellion's priority is {priority(e['priority'])}."
    elif kind == "scores":
        when = "Final scores" if e["round"] == LAST_ROUND else f"Scores after round {e['round']}, as if the game ended now"
        text = (f"{when}: you {e['player']} VP"
                f"{_categories(e.get('player_categories'))}, the Rebellion {e['automa']} VP"
                f"{_categories(e.get('automa_categories'))}")
        e = dict(e, rule="RK-END-1")
    elif kind == "unlock":
        trigger, rest = e["space"].split("->")
        gain, amount = rest.rsplit("+", 1)
        text = (f"The Rebellion unlocks the bonus space \"{bonus(trigger, gain, int(amount))}\" of its "
                f"{priority(e['column'])} column and takes its coin ({e['why']}).")
    elif kind == "casualty":
        text = _check(e)
    elif kind == "player_action":
        text = f"You take back your advisor from {e['action']} ({ROWS[e['row']]} space): {count(e['points'], 'point')}."
    elif kind == "attack":
        text = f"You attack {'a rebel' if e['target'] == 'rebellion' else 'a neutral troop'} in {_name(e['region'])}."
    elif kind == "build":
        convert = {"rebellion": ", converting a rebel", "neutral": ", converting a neutral troop"}.get(e["target"], "")
        text = f"You build a {e['structure']} in {_name(e['region'])}{convert}."
    elif kind == "muster":
        text = f"With no unit on the board, you muster 2 units in {_name(e['region'])}."
    elif kind == "scheme_play":
        text = f"You play scheme card #{e['card']}."
    elif kind == "deed":
        text = f"You accomplish the deed {e['deed']}."
    elif kind == "setup" and side == "player":
        where = Counter(e["troops"])
        text = (f"Your troops start in {', '.join(f'{_name(r)}' + (f' ({n})' if n > 1 else '') for r, n in where.items())}"
                f", your leader in {_name(e['leader'])}.")
    elif kind == "setup":
        what = e.get("cards") or [e.get("faction"), "camp in " + _name(e.get("camp"))]
        text = f"The {e['module']} module is set up: {', '.join(map(str, what))}."
    elif kind in ("reward", "capture", "release"):
        text = _warfare(e)
    elif kind == "epic_build":
        where = f"on the {_name(e['region'])}–{_name(e['border'])} border" if e.get("border") else f"in {_name(e['region'])}"
        text = f"You build the {e['structure']} {where}."
    elif kind == "faction_troop":
        text = f"The faction places a neutral troop in {_name(e['region'])}."
    elif kind == "faction_defeated":
        text = f"You defeat the faction {e['faction']}."
    if text is None:
        fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("kind", "rule"))
        text = f"{kind}: {fields}."
    return text + (f" [{e['rule']}]" if e.get("rule") else "")
