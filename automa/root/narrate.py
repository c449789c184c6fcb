"""Root's trace events told in sentences with their rule IDs, for a person playing (``automa-sim play``):
``tell(view, event)`` is one sentence ending in ``[rule]``, or None for an event left untold on purpose
(:data:`SILENT`: the player's own decisions, shown as they choose; a bot's Daylight step heading; the
Electric Eyrie's event for a move the Law's event tells).

:data:`TELL` holds one function an event kind; a kind several rule areas share reads the event's rule or
fields. A kind not in it is still told, plainly, by its fields (:func:`plain`). The seat is "you" for the
player's pieces (the human faction modules' events carry no ``faction``) and the bot's name otherwise.
"""
from __future__ import annotations

from automa.core.screen import count
from automa.root.labels import (BOT_NAMES, FACTION_NAMES, LANDMARK_NAMES, card, clearings, faction, forest, hireling,
                                 leader, piece, quest, side,
                                 where, words)

SILENT = ("decision", "step")     # the player's choices; a Mechanical Marquise Daylight step's heading


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def who(view, e: dict, f: str | None = None) -> str:
    """The seat an event is about: ``f``, else its ``faction``, else the player (a human module's event)."""
    f = f or e.get("faction")
    return "you" if f is None else side(view, f)


def does(view, e: dict, you: str, it: str, f: str | None = None) -> str:
    """The subject and its verb: "You move" or "The Electric Eyrie moves"."""
    subject = who(view, e, f)
    return cap(f"{subject} {you if subject == 'you' else it}")


def keepers(e: dict) -> str:
    """The Vault Keepers' pieces an event placed: "2 Keepers and 1 Vault" (LoR-E)."""
    return " and ".join(x for x in (count(e["warriors"], "Keeper"), count(e["vaults"], "Vault")) if x[0] != "0")


PLACED = {"protector": "the Protector", "band": "a Band warrior", "bandits": "a Bandit warrior",
          "spies": "a Spy", "bearers": "a Bearer", "expedition": "an Expedition warrior",
          "patrol": "a Patrol warrior", "uprising": "an Uprising warrior",
          "prophets": "a Prophet", "flotilla": "the Flotilla"}              # a hireling's piece placed (LoR-E)
VIA = {"CW-VB-DAY-3": " to explore", "CW-VB-DAY-4": " for its quest", "CW-VB-DAY-5": " to aid",
       "CW-VB-DAY-6": " to battle"}   # why the Vagabot moves: the action it moves for


def warriors(n: int) -> str:
    return count(n, "warrior")


def place(view, text: str) -> str:
    """The Vagabot's ``"clearing 6"``/``"forest 2"`` of an event in words."""
    kind, _, n = str(text).partition(" ")
    return forest(view, int(n)) if kind == "forest" else where(view, int(n))


def seat_name(view, name: str) -> str:
    """A seat of the seating order, a bot's name or the player's faction: "the Vagabot", "you (the Marquise)"."""
    if name in BOT_NAMES:
        return BOT_NAMES[name]
    return f"you ({FACTION_NAMES.get(name, words(name))})" if name == view.me else FACTION_NAMES.get(name, words(name))


# ---------------------------------------------------------------------------------------------- per kind

def _setup(view, e):
    rule = e["rule"]
    if rule == "LoR-6.3":
        built = ", ".join(f"a {b} in clearing {c}" for b, c in e["buildings"])
        return f"You set up: the keep in {where(view, e['keep'])}, {built}, a warrior in every clearing but the far corner."
    if rule == "LoR-7.3":
        return f"You set up in {where(view, e['corner'])}: a roost and 6 warriors; your leader is {leader(view, e['leader'])}."
    if rule == "LoR-8.3":
        return f"You set up with {count(e['supporters'], 'supporter')} and nothing on the map."
    if rule == "CW-MM-SETUP-2":
        return f"{does(view, e, 'place', 'places')} the keep in {where(view, e['keep'])} and a warrior in every clearing but the far corner (two at the keep)."
    if rule == "CW-MM-SETUP-3":
        return f"Clearing {e['empty']}, the far corner, stays without a warrior."
    if rule == "CW-MM-SETUP-4":
        return f"{does(view, e, 'place', 'places')} a {e['building']} in {where(view, e['clearing'])}."
    if rule == "CW-EE-SETUP-2":
        return f"{does(view, e, 'start', 'starts')} in {where(view, e['clearing'])}: a roost and {warriors(e['warriors'])}."
    if rule == "CW-EE-SETUP-3":
        return f"{does(view, e, 'have', 'has')} {count(e['viziers'], 'Loyal Vizier')} in the bird column of its Decree."
    if rule == "LoR-9.3":
        return (f"You set up as the {words(e['character']).title()} in {forest(view, e['forest'])}, with "
                f"{e['items'].replace(',', ', ')}.")
    if rule == "LoR-A.10":
        return f"{count(e['returned'], 'card')} of the five dealt go back into the deck, which is shuffled."
    if rule == "CW-AA-SETUP-1":
        traits = f", traits {', '.join(map(words, e['traits']))}" if e.get("traits") else ""
        return f"{does(view, e, 'start', 'starts')} with nothing on the map ({words(e['difficulty'])} difficulty{traits})."
    if e.get("card") is not None:
        return f"{does(view, e, 'add', 'adds')} {card(view, e['card'])} to its Decree."
    return plain(e)


def _seating(view, e):
    return "Turn order: " + ", ".join(seat_name(view, s) for s in e["seats"].split(",")) + "."


def _turn(view, e):
    name = who(view, e)
    return f"Round {e['round']}: {'your' if name == 'you' else name + chr(39) + 's'} turn."


def _order(view, e):
    return f"{does(view, e, 'draw', 'draws')} the order card {card(view, e['card'])}: its orders are {e['suit']}."


def _move(view, e):
    """A move under the Law (LoR-4.2) is told for everyone, before what it sets off (Outrage); the Electric
    Eyrie's own event for the same move is then left untold, and told only when it has nothing to move."""
    rule = e["rule"]
    if rule == "LoR-4.2":
        return (f"{does(view, e, 'move', 'moves')} {warriors(e['warriors'])} from {where(view, e['origin'])} to "
                f"{where(view, e['destination'])}.")
    if rule == "LoR-9.2.3" or "origin" not in e:
        to = e["destination"]
        return f"{does(view, e, 'move', 'moves')} to {place(view, to) if isinstance(to, str) else where(view, to)}."
    if e.get("origin") is None:
        return f"{does(view, e, 'have', 'has')} nothing to move for the {e['column']} card."
    if rule == "CW-EE-DAY-3":
        return None
    return (f"{does(view, e, 'move', 'moves')} {warriors(e['warriors'])} from {where(view, e['origin'])} to "
            f"{where(view, e['destination'])}.")


def _battle(view, e):
    if e["rule"] == "LoR-4.3":
        a, d = e["attacker"], e["defender"]
        roll = f"rolls {e['dice'][0]} and {e['dice'][1]}"
        return (f"{does(view, e, 'battle', 'battles', a)} {side(view, d)} in {where(view, e['clearing'])}: "
                f"{roll}; {who(view, e, a)} deal{'' if a == view.me else 's'} {count(e['hits'][0], 'hit')}, "
                f"{who(view, e, d)} {count(e['hits'][1], 'hit')}.")
    if e.get("defender") is None:
        return f"{does(view, e, 'find', 'finds')} no one to battle for the {e.get('column', 'order')} card."
    col = f" for the {e['column']} card" if e.get("column") else ""
    extra = f", with {count(e['extra'], 'extra hit')}" if e.get("extra") else ""
    return f"{does(view, e, 'attack', 'attacks')} {faction(view, e['defender'])} in {where(view, e['clearing'])}{col}{extra}."


def _build(view, e):
    if e["rule"] == "LoR-6.5.4":
        return (f"You build a {e['building']} in {where(view, e['clearing'])} for {e['wood'] or 'no'} wood: "
                f"{e['vp']} VP.")
    what = e.get("building", "roost")
    return f"{does(view, e, 'build', 'builds')} a {what} in {where(view, e['clearing'])}."


def _recruit(view, e):
    rule = e["rule"]
    if rule == "LoR-6.5.3":
        return f"You recruit at your recruiters: a warrior in {clearings(e['clearings'])}."
    n = e.get("warriors", e.get("placed", 1))
    col = f" for the {e['column']} card" if e.get("column") else ""
    short = f" ({e['wanted']} wanted, the supply is short)" if e.get("wanted", n) > n else ""
    if e.get("clearing") is None:
        return f"{does(view, e, 'recruit', 'recruits')} nothing{col}."
    return f"{does(view, e, 'recruit', 'recruits')} {warriors(n)} in {where(view, e['clearing'])}{col}{short}."


def _craft(view, e):
    item = f": a {e['item']}" if e.get("item") else ""
    return f"{does(view, e, 'craft', 'crafts')} {card(view, e['card'])}{item}."


def _card(view, e):
    effect = e["effect"]
    if effect == "better_burrow_bank":
        return f"Better Burrow Bank: {who(view, e)} and {faction(view, e['other'])} draw a card."
    if effect == "stand_and_deliver":
        return f"Stand and Deliver!: {who(view, e)} take{'' if who(view, e) == 'you' else 's'} a card from {faction(view, e['other'])}, who scores 1 VP."
    if effect == "tax_collector":
        return f"Tax Collector: {who(view, e)} remove{'' if who(view, e) == 'you' else 's'} a warrior in {where(view, e['clearing'])} and draw{'' if who(view, e) == 'you' else 's'} a card."
    if effect == "brutal_tactics":
        return f"Brutal Tactics: one more hit, and the defender scores 1 VP."
    if effect == "coffin_makers":
        return f"Coffin Makers: {e['warriors']} warriors go back to their supplies."
    if e.get("other") is not None:
        return f"{does(view, e, 'use', 'uses')} {words(effect).title()}, with {faction(view, e['other'])}."
    return f"{does(view, e, 'use', 'uses')} {words(effect).title()}."


def _score(view, e):
    why = {"CW-MM-EVE-1": "for its buildings", "CW-EE-EVE-1": "for its roosts"}.get(e["rule"], "")
    return f"{does(view, e, 'score', 'scores')} {e['vp']} VP {why}".rstrip() + "."


def _spread(view, e):
    vp = f": {e['vp']} VP" if e.get("vp") else ""
    return f"{does(view, e, 'spread', 'spreads')} sympathy to {where(view, e['clearing'])}{vp}."


def _revolt(view, e):
    if e["rule"] == "LoR-8.4.1":
        officer = " and an officer" if e.get("officer") else ""
        return f"You revolt in {where(view, e['clearing'])}: a base, {warriors(e['warriors'])}{officer}."
    if e.get("clearing") is None:
        return f"{does(view, e, 'find', 'finds')} no clearing to revolt in."
    return (f"{does(view, e, 'revolt', 'revolts')} in {where(view, e['clearing'])}, removing "
            f"{count(e['removed'], 'enemy piece')}.")


def _outrage(view, e):
    if e["rule"] == "LoR-8.2.6":
        by = faction(view, e["by"])
        return (f"Outrage: {by} {'moved into' if e['how'] == 'move' else 'removed sympathy in'} "
                f"{where(view, e['clearing'])}; you add {count(e['drawn'], 'card')} from the deck to your supporters.")
    if e.get("card") is not None:
        return f"Outrage in {where(view, e['clearing'])}: {who(view, e)} discard {card(view, e['card'])}."
    return (f"Outrage in {where(view, e['clearing'])}: {who(view, e)} hold no matching card, so the Automated "
            f"Alliance scores 1 VP.")


def _guard(view, e):
    rule = e["rule"]
    if rule == "RT-OPEN-32":
        return f"{cap(who(view, e))} cannot fall below 0 VP: {count(-e['lost'], 'VP')} fewer lost."
    if rule == "RT-OPEN-12":
        return (f"{does(view, e, 'have', 'has')} too few warriors in the supply: {e['placed']} of "
                f"{e['wanted']} placed.")
    if rule == "RT-OPEN-35":
        return f"The deck and the discard pile are empty: {count(e['wanted'], 'card')} not drawn."
    if rule == "RT-OPEN-36":
        return f"The turn cap is reached after round {e['rounds']}: the game ends without a winner."
    return plain(e)


def _victory(view, e):
    how = "by dominance" if e.get("how") == "dominance" else "with 30 VP"
    if e["faction"] == "none":
        return "The game ends without a winner."
    return f"{does(view, e, 'win', 'wins')} {how}!"


def _scores(view, e):
    seats = ", ".join(f"{seat_name(view, b or f)} {e[f]}" for f, b in view.seats if f in e)
    return f"Final scores: {seats}."


def _dominance(view, e):
    if e["rule"] == "LoR-3.3.4":
        return f"{does(view, e, 'take', 'takes')} the {e['suit']} dominance card."
    return f"{does(view, e, 'activate', 'activates')} the {e['suit']} dominance card: no more points, a win by dominance."


def _turmoil(view, e):
    if e["rule"] == "LoR-7.7":
        return (f"Turmoil: you lose {count(e['birds'], 'VP')} for the birds in your Decree, and "
                f"{leader(view, e['leader'])} is deposed.")
    return f"{does(view, e, 'fall', 'falls')} into turmoil ({e['cause']})."


def _vb_skip(view, e):
    return f"{does(view, e, 'skip', 'skips')} the {words(e['action'])} action: {e['why']}."


def _relentless(view, e):
    if e.get("clearing") is None:
        return f"{does(view, e, 'find', 'finds')} nothing to remove after its battles."
    return f"{does(view, e, 'remove', 'removes')} {faction(view, e['owner'])}'s {piece(e['piece'])} in {where(view, e['clearing'])}."


TELL = {
    "setup": _setup,
    "seating": _seating,
    "turn": _turn,
    "order": _order,
    "move": _move,
    "battle": _battle,
    "build": _build,
    "recruit": _recruit,
    "craft": _craft,
    "card": _card,
    "score": _score,
    "spread": _spread,
    "revolt": _revolt,
    "outrage": _outrage,
    "guard": _guard,
    "victory": _victory,
    "scores": _scores,
    "dominance": _dominance,
    "turmoil": _turmoil,
    # the Marquise
    "wood": lambda v, e: f"You place wood at your sawmills in {clearings(e['clearings'])}.",
    "march": lambda v, e: f"You march {warriors(e['warriors'])} from {where(v, e['origin'])} to {where(v, e['destination'])}.",
    "overwork": lambda v, e: f"You overwork in {where(v, e['clearing'])}, spending {card(v, e['card'])}: a wood.",
    "extra_action": lambda v, e: f"You spend {card(v, e['card'])} for one more action.",
    "field_hospitals": lambda v, e: (f"Field hospitals: you spend {card(v, e['card'])}; {warriors(e['warriors'])} "
                                     f"from {where(v, e['clearing'])} {'goes' if e['warriors'] == 1 else 'go'} back to the keep."),
    "keep_removed": lambda v, e: f"{cap(faction(v, e['by']))} removes the keep in {where(v, e['clearing'])}: it leaves the game.",
    "expand": lambda v, e: (f"{does(v, e, 'build', 'builds')} nothing, so it expands: a new order card, "
                            f"{card(v, e['card'])} (repeat {e['repeat']})."),
    "hospitals": lambda v, e: f"Hospitals: {warriors(e['warriors'])} return to the keep in {where(v, e['clearing'])}.",
    "fortified": lambda v, e: f"Fortified: the buildings in {where(v, e['clearing'])} take half the hits ({e['buildings']} lost).",
    "blitz": lambda v, e: f"Blitz: {who(v, e)} moves {warriors(e['warriors'])} from {where(v, e['origin'])} to {where(v, e['destination'])} and battles.",
    # the Eyrie
    "decree_add": lambda v, e: f"You add {card(v, e['card'])} to the {e['column']} column of your Decree.",
    "emergency_orders": lambda v, e: f"Emergency orders: your hand was empty; you draw {count(e['drawn'], 'card')}.",
    "new_roost": lambda v, e: (f"A new roost: {who(v, e)} place{'' if who(v, e) == 'you' else 's'} a roost and "
                               f"{warriors(e['warriors'])} in {where(v, e['clearing'])}."),
    "decree_failed": lambda v, e: f"You cannot {e['column']} in a {e['suit']} clearing: the Decree fails.",
    "depose": lambda v, e: f"Your new leader is {leader(v, e['leader'])}.",
    "despot": lambda v, e: f"The Despot scores 1 VP for the building or token removed in {where(v, e['clearing'])}.",
    "roosts": lambda v, e: f"You score {e['vp']} VP for {count(e['roosts'], 'roost')} on the map.",
    "decree": lambda v, e: f"{does(v, e, 'add', 'adds')} its order card to the {e['column']} column of its Decree.",
    "no_new_roost": lambda v, e: f"{does(v, e, 'find', 'finds')} no clearing for a new roost.",
    "humiliate": lambda v, e: f"Humiliated: {who(v, e)} loses a VP for each of {count(e['birds'], 'bird card')} in its Decree.",
    "purge": lambda v, e: f"Purge: its Decree is cleared but for {count(e['viziers'], 'vizier')}.",
    "relentless": _relentless,
    "war_tax": lambda v, e: f"War tax: {faction(v, e['owner'])} loses 1 VP.",
    "swoop": lambda v, e: (f"Swoop: {who(v, e)} places {warriors(e['warriors'])} in {where(v, e['clearing'])}."
                           if e.get("clearing") else f"Swoop: {who(v, e)} finds no clearing."),
    # the Alliance
    "sympathy": lambda v, e: f"You place sympathy in {where(v, e['clearing'])}: {e['vp']} VP.",
    "mobilize": lambda v, e: f"You mobilize: {card(v, e['card'])} joins your supporters.",
    "train": lambda v, e: f"You train an officer, spending {card(v, e['card'])}.",
    "supporter_lost": lambda v, e: f"Your supporters are full: {card(v, e['card'])} is discarded.",
    "base_removed": lambda v, e: (f"Your {e['suit']} base is removed: {count(e['supporters'], 'supporter')} and "
                                  f"{count(e['officers'], 'officer')} lost."),
    "organize": lambda v, e: f"{does(v, e, 'organize', 'organizes')} in {where(v, e['clearing'])}: {warriors(e['warriors'])} become sympathy.",
    "public_pity": lambda v, e: f"Public pity: {who(v, e)} spreads sympathy {count(e['spreads'], 'time')}.",
    "crackdown": lambda v, e: (f"Crackdown: {faction(v, e['by'])} removed a {e['suit']} base; the sympathy in "
                               f"{clearings(e['clearings'])} goes."),
    "discard": lambda v, e: f"{does(v, e, 'discard', 'discards')} its order card {card(v, e['card'])}.",
    "automated_ambush": lambda v, e: f"Automated ambush in {where(v, e['clearing'])}: one more hit for the defender.",
    "popularity": lambda v, e: f"Popularity: {faction(v, e['faction'])} scores nothing for that sympathy in {where(v, e['clearing'])}.",
    # the Vagabond
    "hits": lambda v, e: (f"You take {count(e['hits'], 'hit')} in {where(v, e['clearing'])}: "
                          f"{count(len(e['damaged']) if isinstance(e['damaged'], (list, tuple)) else e['damaged'], 'item')} damaged"
                          + (f", {warriors(e['ally_warriors'])} of your ally lost" if e.get("ally_warriors") else "") + "."),
    "infamy": lambda v, e: f"Infamy: you score {e['vp']} VP for removing pieces of {faction(v, e['other'])}, who is hostile.",
    "full_removal": lambda v, e: f"Every piece around you in {where(v, e['clearing'])} is gone: your items are damaged.",
    "ally_move": lambda v, e: f"{warriors(e['warriors'])} of {faction(v, e['ally'])} move along with you.",
    "hostile": lambda v, e: f"{cap(faction(v, e['other']))} is now hostile to you.",
    "relationship": lambda v, e: f"Your relationship with {faction(v, e['other'])} is now {words(e['to'])}.",
    "refresh": lambda v, e: f"You refresh {count(e['items'], 'item')}.",
    "explore": lambda v, e: f"You explore the ruin in {where(v, e['clearing'])}: a {e['item']}.",
    "aid": lambda v, e: (f"You aid {faction(v, e['other'])} with {card(v, e['card'])}"
                         + (f" and take a {e['item']}." if e.get("item") else ".")),
    "quest": lambda v, e: f"You complete the quest {quest(e['quest'])} and {'score' if e['reward'] == 'score' else 'draw two cards'}.",
    "strike": lambda v, e: f"You strike {faction(v, e['other'])}'s {piece(e['piece'])} in {where(v, e['clearing'])}.",
    "repair": lambda v, e: f"You repair your {e['item']}.",
    "steal": lambda v, e: f"You steal a card from {faction(v, e['other'])}.",
    "day_labor": lambda v, e: f"Day labor: you take {card(v, e['card'])} from the discard pile.",
    "hideout": lambda v, e: "Hideout: you repair up to three items.",
    "instigate": lambda v, e: (f"Instigate: {faction(v, e['attacker'])} "
                               f"{'battle' if e['attacker'] == v.me else 'battles'} {faction(v, e['defender'])} in "
                               f"{where(v, e['clearing'])}, and you remove the pieces."),
    "scorched_earth": lambda v, e: f"Scorched earth: your torch burns {where(v, e['clearing'])}; nothing may enter it again.",
    "glide": lambda v, e: f"You glide to {where(v, e['destination'])}.",
    "improvise": lambda v, e: f"Improvise: one of your items ({e['item']}) stands in for the quest {quest(e['quest'])} and is damaged.",
    "swift_strike": lambda v, e: f"Swift strike: you exhaust a sword for one more hit on {faction(v, e['other'])}.",
    "protector": lambda v, e: (f"{cap(faction(v, e['defender']))} enlists {faction(v, e['faction'])} as Arbiter in "
                               f"{where(v, e['clearing'])}: {count(e['hits'], 'more hit')} at most; the Arbiter scores 1 VP."),
    "rest": lambda v, e: f"You rest in the forest and repair {count(e['items'], 'item')}.",
    "item_removed": lambda v, e: f"You have too many items: your {e['item']} is removed.",
    # the map sides
    "suits": lambda v, e: f"The suit markers are laid: {', '.join(f'{i} {s}' for i, s in enumerate(e['suits'].split(','), 1))}.",
    "ferry": lambda v, e: (f"{does(v, e, 'cross', 'crosses')} the lake on the Ferry to {where(v, e['destination'])}"
                           + (": you draw a card." if who(v, e) == "you" else ": 1 VP.")),
    "clear_path": lambda v, e: f"{does(v, e, 'spend', 'spends')} {card(v, e['card'])} to clear the path {e['path']}: 1 VP.",
    "pass": lambda v, e: f"{does(v, e, 'rule', 'rules')} the Pass: 1 VP.",
    "landmark": lambda v, e: (f"{does(v, e, 'set', 'sets')} up the {LANDMARK_NAMES[e['landmark']]} in "
                              f"{where(v, e['clearing'])}."),
    "black_market": lambda v, e: (f"{does(v, e, 'swap', 'swaps')} {card(v, e['card'])} for the Black Market's "
                                  f"face-down card {e['place'] + 1}."),
    "forge": lambda v, e: (f"{does(v, e, 'take', 'takes')} the {e['item']} off the Legendary Forge: 1 VP more"
                           + (" and a card." if who(v, e) == "you" else ".")),
    "treetop": lambda v, e: (f"{does(v, e, 'remove', 'removes')} the {piece(e['building'])} in the Elder Treetop's "
                             f"slot in {where(v, e['clearing'])}: 1 VP more."),
    # hirelings (LoR-E)
    "hirelings": lambda v, e: (f"The hirelings dealt: {', '.join(hireling(v, n) for n in e['dealt'].split(','))}; "
                               "markers on 4, 8 and 12 VP."),
    "hireling_setup": lambda v, e: (f"{does(v, e, 'place', 'places')} "
                                    + (keepers(e) if e["hireling"] == "keepers" else PLACED[e["hireling"]])
                                    + f" in {where(v, e['clearing'])}."),
    "hireling_marker": lambda v, e: f"{does(v, e, 'take', 'takes')} the hireling marker on {e['space']} VP.",
    "hire": lambda v, e: (f"{does(v, e, 'take', 'takes')} control of the {hireling(v, e['hireling'])}: "
                          f"{count(e['control'], 'control marker')}."),
    "hireling_gift": lambda v, e: (f"{does(v, e, 'give', 'gives')} the {hireling(v, e['hireling'])} to "
                                   f"{faction(v, e['to'])}."),
    "band_muster": lambda v, e: (f"{does(v, e, 'force', 'forces')} {warriors(e['warriors'])} of "
                                 f"{faction(v, e['other'])} from {where(v, e['origin'])} to the Band in "
                                 f"{where(v, e['clearing'])}."),
    "bandit": lambda v, e: f"{does(v, e, 'put', 'puts')} a Highway Bandit on the path {e['path']}.",
    "toll": lambda v, e: (f"{does(v, e, 'pay', 'pays')} the Highway Bandits on the path {e['origin']}-"
                          f"{e['destination']}: " + ("an item damaged." if e.get("faction") == "vagabond"
                                                     else "a warrior removed.")),
    "bandit_gangs": lambda v, e: (f"{does(v, e, 'place', 'places')} "
                                  + (f"a Bandit warrior in {where(v, e['clearing'])}." if e["clearing"]
                                     else "a warrior at each Bandit warrior.")),
    "spies_steal": lambda v, e: (f"{does(v, e, 'take', 'takes')} a card from "
                                 + (", ".join(faction(v, f) for f in e["victims"].split(",")) if e["victims"] else "nobody")
                                 + f" with the Spies in {where(v, e['clearing'])}."),
    "keepers": lambda v, e: f"{does(v, e, 'place', 'places')} {keepers(e)} in {where(v, e['clearing'])}.",
    "bodyguards": lambda v, e: f"The Badger Bodyguards: {who(v, e)} ignore{'' if who(v, e) == 'you' else 's'} the first hit.",
    "bearers_remove": lambda v, e: (f"{does(v, e, 'remove', 'removes')} a {piece(e['piece'])} of {faction(v, e['other'])} "
                                    f"in {where(v, e['clearing'])} with the Flame Bearers."),
    "smugglers": lambda v, e: (f"{does(v, e, 'discard', 'discards')} {card(v, e['card'])} to the Rat Smugglers "
                               f"to {e['act']}."),
    "uprising_roll": lambda v, e: f"The Uprising die shows {e['suit']}.",
    "uprising_remove": lambda v, e: (f"{does(v, e, 'remove', 'removes')} an Uprising warrior and every enemy piece "
                                     f"in {where(v, e['clearing'])}."),
    "uprising_fee": lambda v, e: (f"{does(v, e, 'discard', 'discards')} {card(v, e['card'])} to battle the Spring "
                                  f"Uprising in {where(v, e['clearing'])}."),
    "rabbit_scouts": lambda v, e: (f"{does(v, e, 'spend', 'spends')} {card(v, e['card'])} to the Rabbit Scouts: "
                                   "the higher roll is the defender's."),
    "prophets": lambda v, e: (f"{does(v, e, 'make', 'makes')} {faction(v, e['other'])} with the Warm Sun Prophets "
                              + (f"battle {side(v, e['target'])} in {where(v, e['clearing'])}." if e["act"] == "battle"
                                 else f"move from {where(v, e['clearing'])} to {where(v, e['target'])}.")),
    "envoys": lambda v, e: (f"{does(v, e, 'take', 'takes')} {card(v, e['card'])} from the discard pile with the "
                            "Lizard Envoys."),
    "hireling_back": lambda v, e: f"The {hireling(v, e['hireling'])} goes back to the supply.",
    "expedition_land": lambda v, e: (f"{does(v, e, 'place', 'places')} an Expedition Foothold and "
                                     f"{warriors(e['warriors'])} in {where(v, e['clearing'])}."),
    "expedition_recruit": lambda v, e: (f"{does(v, e, 'place', 'places')} an Expedition warrior at the Foothold in "
                                        f"{where(v, e['clearing'])}."),
    "mole_reveal": lambda v, e: f"{does(v, e, 'reveal', 'reveals')} {card(v, e['card'])} for the Mole Artisans.",
    "patrol_card": lambda v, e: (f"A Patrol warrior removed in {where(v, e['clearing'])} goes onto its card "
                                 f"({count(e['warriors'], 'warrior')} there)."),
    "patrol_gather": lambda v, e: (f"{does(v, e, 'place', 'places')} {warriors(e['warriors'])} from the Patrol's "
                                   f"card in {where(v, e['clearing'])}."),
    "exile_forest": lambda v, e: f"{does(v, e, 'set', 'sets')} up the Exile in {forest(v, e['forest'])}.",
    "exile_aid": lambda v, e: f"{does(v, e, 'give', 'gives')} the Exile a {e['item']}: a card drawn and 1 VP.",
    "exile_move": lambda v, e: f"The Exile moves to {forest(v, e['forest'])}.",
    "exile_hits": lambda v, e: (f"The Exile takes {count(e['hits'], 'hit')} in {where(v, e['clearing'])}: "
                                f"{count(e['items'], 'item')} left on its card."),
    "brigand_explore": lambda v, e: (f"{does(v, e, 'take', 'takes')} a {e['item']} from the ruin in "
                                     f"{where(v, e['clearing'])} (the Brigand)."),
    "brigand_steal": lambda v, e: (f"{does(v, e, 'exhaust', 'exhausts')} a crafted item to take a card from "
                                   f"{faction(v, e['other'])} (the Brigand)."),
    "physicians": lambda v, e: (f"{does(v, e, 'spend', 'spends')} {card(v, e['card'])} for the Feline Physicians: "
                                f"{warriors(e['warriors'])} from {where(v, e['clearing'])} to {where(v, e['to'])}."),
    "dynasty_land": lambda v, e: (f"{does(v, e, 'place', 'places')} {count(e['warriors'], 'Dynasty warrior')} in "
                                  f"{where(v, e['clearing'])}."),
    "nobles": lambda v, e: (f"{does(v, e, 'rule', 'rules')} {e['clearings']} clearings: "
                            f"{e['vp']} VP (the Bluebird Nobles)."),
    "mole_return": lambda v, e: (f"{does(v, e, 'take', 'takes')} back {count(e['cards'], 'revealed card')} "
                                 "(the Mole Artisans)."),
    "flotilla": lambda v, e: f"{does(v, e, 'move', 'moves')} the Riverfolk Flotilla to {where(v, e['clearing'])}.",
    "flotilla_draw": lambda v, e: (f"{does(v, e, 'draw', 'scores 1 VP for')} a card at the Riverfolk Flotilla in "
                                   f"{where(v, e['clearing'])}."),
    "protector": lambda v, e: (f"{does(v, e, 'move', 'moves')} the Protector to {where(v, e['clearing'])}"
                               + ("." if e["demoted"] else ": one warrior of each faction there is removed.")),
    # every bot
    "gift": lambda v, e: f"{does(v, e, 'are', 'is')} given {card(v, e['card'])}: 1 VP.",
    "bonus": lambda v, e: f"{does(v, e, 'score', 'scores')} its nightmare bonus: 1 VP.",
    # the Vagabot
    "vb_character": lambda v, e: f"The Vagabot plays the {words(e['character']).title()}.",
    "vb_pawn": lambda v, e: f"The Vagabot starts in {forest(v, e['forest'])}.",
    "vb_quest": lambda v, e: f"The Vagabot's quest: {quest(e['quest'])}.",
    "vb_items": lambda v, e: f"The Vagabot's items: {e['items'].replace(',', ', ')}.",
    "vb_move": lambda v, e: f"The Vagabot moves from {place(v, e['origin'])} to {where(v, e['to'])}{VIA.get(e['via'], '')}.",
    "vb_slip": lambda v, e: f"The Vagabot slips into {forest(v, e['forest'])}.",
    "vb_explore": lambda v, e: f"The Vagabot explores the ruin in {where(v, e['clearing'])}: a {e['item']}.",
    "vb_steal": lambda v, e: f"The Thief steals {card(v, e['card'])} from {faction(v, e['target'])}.",
    "vb_quest_done": lambda v, e: f"The Vagabot completes the quest {quest(e['quest'])} in {where(v, e['clearing'])}.",
    "vb_aid": lambda v, e: (f"The Vagabot aids {faction(v, e['target'])}: {e['items'].replace(',', ', ') or 'no item'} "
                            f"taken, {count(e['cards'], 'card')} given, {e['vp']} VP."),
    "vb_aid_bot": lambda v, e: f"{cap(faction(v, e['target']))} scores {e['vp']} VP for the aid.",
    "vb_battle_score": lambda v, e: f"The Vagabot scores {e['vp']} VP for the warriors of {faction(v, e['target'])} removed.",
    "vb_hits": lambda v, e: f"The Vagabot takes {count(e['hits'], 'hit')} in {where(v, e['clearing'])}: {count(e['damaged'], 'item')} damaged.",
    "vb_full_removal": lambda v, e: f"The Vagabot is wiped out: {count(e['damaged'], 'item')} damaged.",
    "vb_out_of_items": lambda v, e: f"The Vagabot has no item left for its {words(e['action'])} action.",
    "vb_skip": _vb_skip,
    "vb_repair": lambda v, e: "The Vagabot repairs an item.",
    "vb_refresh": lambda v, e: f"The Vagabot refreshes {count(e['items'], 'item')}.",
    "vb_rest": lambda v, e: (f"The Vagabot rests in the forest and repairs {count(e['items'], 'item')}."
                             if e.get("forest") else f"The Vagabot repairs {count(e['items'], 'item')}."),
    "vb_discard": lambda v, e: f"The Vagabot discards its order card {card(v, e['card'])}.",
}


def plain(event: dict) -> str:
    """An event without a sentence of its own, by its fields."""
    fields = ", ".join(f"{words(k)} {words(v)}" for k, v in event.items() if k not in ("kind", "rule"))
    return f"{words(event['kind'])}: {fields}." if fields else f"{words(event['kind'])}."


def tell(view, event: dict) -> str | None:
    """One event in words, ending with its rule ID in brackets; None for an event left untold (:data:`SILENT`)."""
    kind = event["kind"]
    if kind in SILENT:
        return None
    told = TELL.get(kind)
    text = told(view, event) if told else plain(event)
    if text is None:
        return None
    return text + (f" [{event['rule']}]" if event.get("rule") else "")

