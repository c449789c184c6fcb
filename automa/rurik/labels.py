"""Every Rurik decision's choices in words, for a person at the keyboard (``automa-sim play``) and the
text replay: ``describe(view, kind, choice)``, e.g. ``("advisor", "2", 4, 0)`` -> "advisor 2 → build,
top space, no bribe". It reads only the strategy view, as the decision's strategy would
(docs/decisions.md lists the kinds and their choices)."""
from __future__ import annotations

from automa.core.screen import count
from automa.rurik.data import COLUMNS

ROWS = ("top", "middle", "bottom")
PASS = ("pass",)
PRIORITIES = {"attack_move": "attack and move", "build": "build", "tax": "tax"}  # RK-REB-CLAIM-1
CATEGORIES = {"rule": "rule track", "build": "build track", "trade": "trade track", "warfare": "warfare",
              "deeds": "deeds", "agenda": "secret agenda", "vp_tokens": "VP tokens", "coins": "coins",
              "dock_goods": "goods on the dock", "epic": "epic structures",
              "captives": "captives released", "faction": "faction defeated"}  # RK-END-1, RK-REB-END-1


def priority(name: str) -> str:
    """A Rebellion priority in words: "attack and move" (RK-REB-CLAIM-1)."""
    return PRIORITIES.get(name, name.replace("_", " "))


def bonus(trigger: str, kind: str, n: int) -> str:
    """A rebel-board bonus space in words: "attack gives 1 casualty card fewer" (RK-REB-BONUS-1..3)."""
    if kind == "coins":
        gain = f"{n} coin{'s' if n != 1 else ''}"
    elif kind == "reveal_fewer":
        gain = f"{n} casualty card{'s' if n != 1 else ''} fewer"
    else:
        gain = f"+{n} {kind}"
    return f"{trigger} gives {gain}"


def deed_reward(view, d: int) -> str:
    """What a deed card gives when accomplished, in words (RK-CLAIM-4, RK-OPEN-42)."""
    words = {"move_anywhere": "move from anywhere", "warfare_step": "warfare step", "coins": "coin"}
    parts = []
    for kind, n in view.deed_reward(d):
        if kind == "scheme":
            draw, keep = n
            parts.append(f"draw {draw} scheme cards, keep {keep}")
        elif kind == "attack_casualty_modifier":
            parts.append(f"{-n} casualty card{'s' if -n != 1 else ''} fewer")
        else:
            name = words.get(kind, kind)
            parts.append(f"{n} {name}{'s' if n != 1 and kind in ('coins', 'warfare_step') else ''}")
    return ", ".join(parts) or "nothing"


def deed_words(view, d: int) -> str:
    """A deed card whole: name, VP, what it needs and what it gives."""
    name, vp, text = view.deed_card(d)
    return f"{name} ({vp} VP): {text.rstrip('.')}; gives {deed_reward(view, d)}"


def region(view, r: int) -> str:
    return view.regions[r].capitalize()


def reward(parts) -> str:
    """A scheme card's or deed's reward parts ((kind, amount), ...) in words: "2 muster, 1 coin"."""
    words = {"coins": "coin", "deed_card": "deed card", "warfare_step": "warfare step"}
    out = []
    for kind, n in parts:
        name = words.get(kind, kind)
        out.append(f"{n} {name}{'s' if n != 1 and kind in words else ''}")
    return ", ".join(out) or "nothing"


def scheme(view, card: int) -> str:
    """A scheme card in words: its number, reward and coin cost."""
    cost, icons, given, alternatives = view.scheme_card(card)
    what = reward(given) if given else " or ".join(reward(a) for a in alternatives)
    return f"scheme #{card} ({what}{f'; costs {cost} coin' + ('s' if cost > 1 else '') if cost else ''})"


def deed(view, d: int) -> str:
    name, vp, _ = view.deed_card(d)
    return f"{name} ({vp} VP)"


def advisor_place(view, choice) -> str:
    """RK-STRAT-3, -4: the space is the row an advisor of strength number + bribe lands on."""
    _, label, column, bribe = choice
    row = view.landing_row(column, view.ADVISOR_NUMBER[label] + bribe)
    points, cost = view.strategy_spaces[column][row]
    space = f"{ROWS[row]} space ({points} pt{'s' if points != 1 else ''}{f', {cost} coin' if cost else ''})"
    paid = "no bribe" if not bribe else f"bribe {bribe} coin{'s' if bribe > 1 else ''}"
    return f"advisor {label} → {COLUMNS[column]}, {space}, {paid}"


def advisor(view, choice) -> str:
    """RK-ACT-1: the lowest advisor taken back from this column (one of two of that number), from the
    row the choice names when both stand in this column."""
    column = choice[1]
    here = [(row, label) for row, (side, label, _) in enumerate(view.board_advisors(column)) if side == view.PLAYER]
    low = min(view.ADVISOR_NUMBER[label] for _, label in here)
    row, label = next((row, label) for row, label in here
                      if view.ADVISOR_NUMBER[label] == low and (len(choice) < 3 or row == choice[2]))
    points, _ = view.strategy_spaces[column][row]
    return f"take back advisor {label} from {COLUMNS[column]} ({ROWS[row]} space, {count(points, 'pt')})"


def spend(view, kind: str, choice) -> str:
    """An action point's use (RK-PL-MUSTER-1, RK-PL-MOVE-1, RK-PL-ATTACK-1, RK-PL-TAX-1, RK-PL-BUILD-1..3)."""
    if choice == ("forfeit",):
        return f"forfeit the {kind} action: take 1 coin instead (RK-ACT-4)"
    if choice == PASS:
        return f"stop: leave the remaining {kind} points unspent"
    if kind == "muster":
        return f"muster {'a troop' if choice[2] == 'troop' else 'your leader'} in {region(view, choice[1])}"
    if kind == "move":
        _, a, b, unit = choice
        return f"move a {unit} {region(view, a)} → {region(view, b)}"
    if kind == "attack":
        target = "a Rebellion unit" if choice[2] == "rebellion" else "a neutral troop"
        return f"attack {target} in {region(view, choice[1])}"
    if kind == "tax":
        r, how = choice[1], choice[2]
        good = view.region_goods[r]
        extra = {"none": "", "good": f", your market: a second {good}", "coin": ", your market: 1 coin"}[how]
        return f"tax {region(view, r)}: 1 {good}{extra}"
    if choice[0] == "epic":
        _, r, slot, other = choice
        name = view.epic_cards[slot][0]
        where = f"on the {region(view, r)}–{region(view, other)} border" if other >= 0 else f"in {region(view, r)}"
        return f"build the {name} {where}"
    _, r, k, target = choice
    convert = {"none": "", "rebellion": ", converting a rebel", "neutral": ", converting a neutral troop"}[target]
    return f"build a {view.STRUCTURES[k]} in {region(view, r)}{convert}"


def describe(view, kind: str, choice) -> str:
    """``choice`` of a ``kind`` decision in words (docs/decisions.md)."""
    if kind == "advisor_place":
        return advisor_place(view, choice)
    if kind == "advisor":
        return advisor(view, choice)
    if kind in ("muster", "move", "attack", "tax", "build"):
        return spend(view, kind, choice)
    if kind == "setup_troop":
        return f"a starting troop in {region(view, choice[1])}"
    if kind == "setup_leader":
        return f"your leader in {region(view, choice[1])}"
    if kind == "out_of_troops":
        return "do not muster now" if choice == PASS else f"muster 2 units in {region(view, choice[1])}"
    if kind == "scheme_order":
        return f"spend the {choice[1]} point first"
    if kind == "agenda":
        name, vp, text = view.agenda_card(choice[1])
        return f"keep agenda {name} ({vp} VP): {text}"
    if kind in ("scheme_play", "tavern_scheme"):
        if choice == PASS:
            return "play no scheme card" if kind == "scheme_play" else "leave the discarded scheme card"
        return f"play {scheme(view, choice[1])}" + (" from the discard pile" if kind == "tavern_scheme" else "")
    if kind == "scheme_reward":
        card = view.scheme_in_play
        alternatives = view.scheme_card(card)[3] if card >= 0 else ()
        i = choice[1]
        return f"reward {i + 1}" + (f": {reward(alternatives[i])}" if i < len(alternatives) else "")
    if kind in ("scheme_deck", "casualty_deck"):
        d = choice[1]
        verb = "draw from" if kind == "scheme_deck" else "reveal from"
        return f"{verb} scheme deck {d + 1} ({view.scheme_decks[d]} cards)"
    if kind == "scheme_keep":
        return f"keep {scheme(view, choice[1])}"
    if kind == "deed_take":
        name, vp, text = view.deed_card(choice[1])
        return f"take deed {name} ({vp} VP): {text}"
    if kind == "deed":
        return "accomplish no deed now" if choice == PASS else f"accomplish {deed(view, choice[1])}"
    if kind == "conversion":
        if choice == PASS:
            return "use no conversion token"
        if choice[1] == "attack":
            how = "2 coins and a good" if choice[2] == "good" else "coins only"
            return f"solo conversion token: pay {how} for 1 attack"
        goods = {"muster": "fish or honey", "build": "wood or stone"}[choice[1]]
        return f"conversion token: 2 goods (one {goods}) for 1 {choice[1]}"
    if kind == "theofana":
        return "Theofana: take 1 coin" if choice[0] == "coin" else f"Theofana steps to {region(view, choice[1])}"
    if kind == "sviatoslav":
        if choice == PASS:
            return "Sviatoslav stays"
        free = view.units(view.REBELLION, choice[1]) > 0
        return f"Sviatoslav steps to {region(view, choice[1])} ({'free' if free else '1 coin'})"
    if kind == "epic_good":
        return f"take 1 {view.GOODS[choice[1]]}"
    if kind == "veche":
        return "do not use the Veche" if choice == PASS else "use the Veche: a troop from your supply there"
    if kind == "library":
        if choice == PASS:
            return "keep your deeds"
        return f"give {deed(view, choice[1])} to the Library for {deed(view, choice[2])}"
    if kind == "capital_port":
        if choice == PASS:
            return "no swap at the Capital Port"
        return f"Capital Port: give 1 {view.GOODS[choice[1]]} for 1 {view.GOODS[choice[2]]}"
    if kind == "capture":
        return "let the defeated unit go" if choice == PASS else "capture the defeated unit into your dungeon"
    if kind == "faction_defeat":
        faction = view.faction
        name = faction[0] if faction else "faction"
        return f"not yet: keep {name} in play" if choice == PASS else f"announce the defeat of {name}"
    if kind.startswith("pay_"):
        return payment(view, kind, choice)
    raise KeyError(f"no label for decision kind {kind!r}")


def payment(view, kind: str, choice) -> str:
    """What the player gives up for a deed or a conversion token (RK-OPEN-42, RK-SB-CLAR-3, RK-SB-BOON-1,
    RK-SB-WAR-6): goods and trade boon tokens, units by region, a scheme card, a structure, a captive."""
    if kind == "pay_goods":
        parts = [f"{choice.count(g)} {view.GOODS[g]}" for g in sorted(set(choice[1:])) if g >= 0]
        boons = choice.count(-1)
        if boons:
            parts.append(f"{boons} trade boon token{'s' if boons > 1 else ''}")
        return "pay " + ", ".join(parts)
    if kind == "pay_troops":
        parts = []
        for r in sorted(set(choice[1:])):
            n = choice.count(r)
            leader = view.leader(view.PLAYER) == r and n >= view.units(view.PLAYER, r)
            units = [f"{n - leader} troop{'s' if n - leader > 1 else ''}"] if n > leader else []
            parts.append(" and ".join(units + ["your leader"] * leader) + f" from {region(view, r)}")
        return "remove " + ", ".join(parts)
    if kind == "pay_scheme":
        return f"discard {scheme(view, choice[1])}"
    if kind == "pay_structure":
        return f"remove your {view.STRUCTURES[choice[2]]} in {region(view, choice[1])}"
    if kind == "pay_captive":
        return {"troop": "let a captive rebel go", "leader": "let the captive rebel leader go",
                "neutral": "let a captive neutral troop go"}[choice[1]]
    raise KeyError(f"no label for decision kind {kind!r}")
