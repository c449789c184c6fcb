"""Every Root decision's choices in words, for a person at the keyboard (``automa-sim play``) and the text
replay: ``describe(view, kind, choice)``, e.g. ``("build", 5, "sawmill")`` of ``marquise_action`` -> "build a
sawmill in clearing 5 (rabbit): 1 wood, 1 VP". It reads only the strategy view (automa/root/view.py).

:data:`LABELS` holds one function a decision kind (the kinds the faction modules pass to
:func:`automa.root.decide.choose`, listed in each module's docstring); adding a kind is one line there. A
kind not in it still reads: :func:`generic` puts its name and the choice's parts in words.

The names shared with the story and the screen (factions, bots, clearings, cards, items) are here too.
"""
from __future__ import annotations

from functools import cache

from automa.core.screen import count
from automa.root.battle import PASS
from automa.root import data
from automa.root.rounds import CATEGORIES as SOURCES

FACTION_NAMES = {"marquise": "the Marquise", "eyrie": "the Eyrie", "alliance": "the Alliance",
                 "vagabond": "the Vagabond"}
BOT_NAMES = {"mechanical_marquise": "the Mechanical Marquise", "electric_eyrie": "the Electric Eyrie",
             "automated_alliance": "the Automated Alliance", "vagabot": "the Vagabot"}
HIRELING_NAMES = {"protector": ("Furious Protector", "Stoic Protector"),      # promoted, demoted (LoR-E)
                  "band": ("Popular Band", "Street Band"), "bandits": ("Highway Bandits", "Bandit Gangs"),
                  "spies": ("Corvid Spies", "Raven Sentries"), "keepers": ("Vault Keepers", "Badger Bodyguards"),
                  "bearers": ("Flame Bearers", "Rat Smugglers"), "expedition": ("Sunward Expedition", "Mole Artisans"),
                  "patrol": ("Forest Patrol", "Feline Physicians"),
                  "uprising": ("Spring Uprising", "Rabbit Scouts"), "dynasty": ("Last Dynasty", "Bluebird Nobles"),
                  "prophets": ("Warm Sun Prophets", "Lizard Envoys"), "exile": ("Exile", "Brigand"),
                  "flotilla": ("Riverfolk Flotilla", "Otter Divers")}
LANDMARK_NAMES = {"ferry": "Ferry", "tower": "Tower", "elder_treetop": "Elder Treetop",     # LoR-F
                  "black_market": "Black Market", "legendary_forge": "Legendary Forge", "lost_city": "Lost City"}
PIECES = {"base_fox": "fox base", "base_rabbit": "rabbit base", "base_mouse": "mouse base",
          "sympathy": "sympathy token", "wood": "wood token", "keep": "keep"}
CATEGORIES = {s: {"removal": "pieces removed", "crafting": "crafted items", "buildings": "buildings",
                  "roosts": "roosts", "sympathy": "sympathy", "quests": "quests", "aid": "aid",
                  "infamy": "infamy", "explore": "ruins explored", "bonus": "nightmare bonus",
                  "dominance": "dominance", "turmoil": "turmoil", "card": "card effects",
                  "special": "special actions", "map": "the map (Pass, paths, Ferry)"}.get(s, s.replace("_", " "))
              for s in SOURCES}                                        # RT-STUDY-5


def words(key: str) -> str:
    """A code name in words: "better_burrow_bank" -> "better burrow bank"."""
    return str(key).replace("_", " ")


def faction(view, f: str) -> str:
    """A seat in words: "you" for the player's, else the bot's name ("the Electric Eyrie"); a hireling's pieces
    by its card ("the Popular Band", LoR-E.3)."""
    if f == view.me:
        return "you"
    if f in HIRELING_NAMES:
        return f"the {hireling(view, f)}"                  # a hireling's pieces (LoR-E.3)
    bot = dict(view.seats).get(f)
    return BOT_NAMES.get(bot, FACTION_NAMES.get(f, words(f)))


def side(view, f: str) -> str:
    """A faction (:func:`faction`) or a hireling's pieces ("the Popular Band", LoR-E.3)."""
    return f"the {hireling(view, f)}" if f in HIRELING_NAMES else faction(view, f)


def where(view, c) -> str:
    """A clearing in words: "clearing 5 (rabbit)"."""
    if c is None:
        return "no clearing"
    return f"clearing {c} ({view.clearing(c)[0]})"


def hireling(view, name: str) -> str:
    """A hireling card by the side in play: "Furious Protector" (LoR-E)."""
    h = next((h for h in view.hirelings if h[0] == name), None)
    return HIRELING_NAMES[name][bool(h and h[1])]


@cache
def _cards() -> dict:
    """Deck key -> (name, suit), of both decks."""
    d = data.load()
    return {c.key: (c.name, c.suit) for c in d.deck + d.exiles_deck}


def card(view, k) -> str:
    """A card by id or deck key in words: "Anvil (fox)"; ``None``: "no card"."""
    if k is None:
        return "no card"
    key = view.card(k)[0] if isinstance(k, int) else k
    name, suit = _cards().get(key, (words(key), None))
    return f"{name} ({suit})" if suit else name


def names() -> dict:
    """Deck key -> card name."""
    return {key: name for key, (name, _) in _cards().items()}


def crafts(view, k: int) -> str:
    """A card to craft with what it makes: "Anvil (fox): a hammer, 2 VP"."""
    key, suit, kind, item, vp = view.card(k)
    if item:
        if view.me == "eyrie" and dict(view.board("eyrie") or ()).get("leader") != "builder":
            vp = 1                                                 # Disdain for Trade (LoR-7.2.3, LoR-7.8.1)
        return f"{card(view, k)}: a {item}, {vp} VP"
    return f"{card(view, k)}: {'its effect at once' if kind == 'immediate' else 'a lasting effect'}"


def move(view, choice) -> str:
    """``(origin, destination, warriors)`` in words."""
    o, d, n = choice
    return f"move {count(n, 'warrior')} from {where(view, o)} to {where(view, d)}"


def battle(view, choice) -> str:
    """``(clearing, defender)`` in words."""
    c, defender = choice
    return f"battle {faction(view, defender)} in {where(view, c)}"


def piece(kind: str) -> str:
    return PIECES.get(kind, words(kind))


def clearings(cs) -> str:
    """Clearing numbers in words: "clearing 5", "clearings 5, 9 and 12"."""
    cs = [str(c) for c in cs]
    if len(cs) == 1:
        return f"clearing {cs[0]}"
    return "clearings " + ", ".join(cs[:-1]) + " and " + cs[-1] if cs else "no clearing"


def forest(view, i: int) -> str:
    """A forest by its index in words: "the forest by clearings 1, 5 and 10" (LoR-2.4)."""
    return "the forest by " + clearings(view.map.forests[i].clearings)


def quest(key: str) -> str:
    """A quest card by key in words: "Errand (fox)" (LoR-9.3.3)."""
    q = next((q for q in data.load().components.quests if q.key == key), None)
    return f"{q.name} ({q.suit})" if q else words(key)


def item(kind: str, *state) -> str:
    """The Vagabond's item with its state: "your sword (exhausted, damaged)" (LoR-9.2.5)."""
    marks = [m for m, on in zip(("exhausted", "damaged"), state) if on]
    return f"your {kind}" + (f" ({', '.join(marks)})" if marks else "")


def _marquise_build(view, c: int, building: str) -> str:
    """LoR-6.5.4: the k-th building of a type costs ``wood_cost[k-1]`` wood and scores ``building_vp``."""
    comp = data.load().components
    left = dict(view.supply("marquise")).get(building, 0)
    k = comp.marquise_pieces[building + "s"] - left
    if k >= len(comp.wood_cost):
        return f"build a {building} in {where(view, c)}"
    cost = comp.wood_cost[k]
    return f"build a {building} in {where(view, c)}: {cost or 'no'} wood, {comp.building_vp[building][k]} VP"


def action(view, choice) -> str:
    """A faction's next action, ``(verb, ...)`` (LoR-6.5, LoR-8.5, LoR-8.6.1): march, recruit, build,
    overwork, a bird card for one more action, move, battle, craft, mobilize, train, organize."""
    verb, *rest = choice
    if verb == "march":
        return "march: up to two moves"
    if verb == "recruit":
        return f"recruit in {where(view, rest[0])}" if rest else "recruit: a warrior at each recruiter"
    if verb == "build" and len(rest) == 2 and rest[1] in data.BUILDINGS:
        return _marquise_build(view, rest[0], rest[1])
    if verb == "overwork":
        return f"overwork in {where(view, rest[0])}: spend a matching card for a wood"
    if verb == "bird":
        return f"spend {card(view, rest[0])} for one more action"
    if verb == "move" and len(rest) == 3:
        return move(view, rest)
    if verb == "move" and len(rest) == 1:
        return f"move to {where(view, rest[0])}"
    if verb == "battle" and len(rest) == 2:
        return battle(view, rest)
    if verb == "battle" and len(rest) == 1:
        return f"battle {faction(view, rest[0])} here"
    if verb == "craft":
        return f"craft {crafts(view, rest[0])}"
    if verb == "mobilize":
        return f"mobilize: add {card(view, rest[0])} to the supporters"
    if verb == "train":
        return f"train: spend {card(view, rest[0])} for an officer"
    if verb == "organize":
        return f"organize in {where(view, rest[0])}: a warrior becomes sympathy"
    return vagabond_action(view, choice)


def vagabond_action(view, choice) -> str:
    """The Vagabond's Daylight actions (LoR-9.5, LoR-D.1..D.9) not shared with the other factions."""
    verb, *rest = choice
    if verb == "explore":
        return "explore the ruin here"
    if verb == "aid":
        return f"aid {faction(view, rest[0])} with {card(view, rest[1])}"
    if verb == "quest" and len(rest) == 2:
        return f"complete the quest {quest(rest[0])}, improvising with your {rest[1]} (it is damaged)"
    if verb == "quest":
        return f"complete the quest {quest(rest[0])}"
    if verb == "strike":
        return f"strike {faction(view, rest[0])}'s " + (piece(rest[1]) if len(rest) > 1 else "warrior")
    if verb == "repair":
        return f"repair {item(*rest)}"
    character = dict(view.board("vagabond") or ()).get("character")
    if verb == "special" and character == "scoundrel":
        return "scorched earth: remove every enemy piece here and close this clearing for good"
    if verb == "special" and character == "vagrant":
        return f"instigate: {faction(view, rest[0])} battles {faction(view, rest[1])} here"
    if verb == "special" and character == "harrier":
        return f"glide to {where(view, rest[0])}"
    if verb == "special" and not rest:
        return "hideout: repair up to three items"
    if verb == "special" and isinstance(rest[0], int):
        return f"day labor: take {card(view, rest[0])} from the discard pile"
    if verb == "special":
        return f"steal a card from {faction(view, rest[0])}"
    return generic(view, "action", choice)


def optional(text, no: str):
    """A label for a choice or ``PASS``: ``text(view, choice)``, or ``no`` for the pass."""
    return lambda view, choice: no if choice == PASS else text(view, choice)


def leader(view, name: str) -> str:
    """An Eyrie leader and the Decree columns of its two viziers (LoR-7.8)."""
    cols = data.load().components.leaders.get(name, ())
    return f"the {words(name).title()}" + (f" (viziers in {' and '.join(cols)})" if cols else "")


def hit(view, choice) -> str:
    """A piece to lose to a hit: ``("building", kind)``/``("token", kind)`` or ``(kind, "building"|...)``."""
    a, b = choice
    kind = b if a in ("building", "token") else a
    return f"lose your {piece(kind)}"


LABELS = {
    # the Marquise (automa/root/marquise.py, LoR-6)
    "setup_keep": lambda v, c: f"the keep in {where(v, c)}",
    "setup_building": lambda v, c: f"a {c[0]} in {where(v, c[1])}",
    "birdsong_wood": lambda v, c: f"a wood at the sawmill in {where(v, c)}",
    "marquise_action": optional(action, "end Daylight"),
    "march": optional(move, "end the march"),
    "recruit": lambda v, c: f"a warrior at the recruiter in {where(v, c)}",
    "build_wood": lambda v, c: f"take a wood from {where(v, c)}",
    "overwork": lambda v, c: f"spend {card(v, c)}",
    "hits": hit,
    "field_hospitals": optional(lambda v, c: f"spend {card(v, c)}: the warriors go back to the keep",
                                "let the warriors go"),
    # the Eyrie (automa/root/eyrie.py, LoR-7)
    "eyrie_corner": lambda v, c: f"start in {where(v, c)}",
    "eyrie_leader": leader,
    "eyrie_decree_add": optional(lambda v, c: f"add {card(v, c[0])} to the {c[1]} column", "add no second card"),
    "eyrie_new_roost": lambda v, c: f"the new roost in {where(v, c)}",
    "eyrie_decree_card": lambda v, c: f"resolve the column's {c} card next",
    "eyrie_recruit": lambda v, c: f"recruit at the roost in {where(v, c)}",
    "eyrie_move": move,
    "eyrie_battle": battle,
    "eyrie_build": lambda v, c: f"a roost in {where(v, c)}",
    # the Alliance (automa/root/alliance.py, LoR-8)
    "alliance_revolt": optional(lambda v, c: f"revolt in {where(v, c)}", "no more revolts"),
    "alliance_base": lambda v, c: f"place the {c} base in the Lost City",
    "alliance_spread": optional(lambda v, c: f"spread sympathy to {where(v, c)}", "no more sympathy"),
    "alliance_daylight": optional(action, "end Daylight"),
    "alliance_operation": optional(action, "end the operations"),
    "supporters": lambda v, c: f"spend the supporter {card(v, c)}",
    "supporters_discard": lambda v, c: f"discard the supporter {card(v, c)}",
    # every faction: crafting, hand limit, battle, persistent cards, dominance, bots' demands
    "craft": optional(lambda v, c: f"craft {crafts(v, c)}", "craft nothing more"),
    "discard": lambda v, c: f"discard {card(v, c)}",
    "hits_order": hit,
    "armorers": optional(lambda v, c: f"discard {card(v, c)}: ignore the rolled hits", "keep Armorers"),
    "brutal_tactics": optional(lambda v, c: "Brutal Tactics: one more hit, the defender scores 1 VP",
                               "no Brutal Tactics"),
    "sappers": optional(lambda v, c: f"discard {card(v, c)}: one more hit", "keep Sappers"),
    "royal_claim": optional(lambda v, c: f"discard {card(v, c)}: 1 VP per clearing you rule", "keep Royal Claim"),
    "stand_and_deliver": optional(lambda v, c: f"take a card from {faction(v, c)}, who scores 1 VP",
                                  "no Stand and Deliver"),
    "better_burrow_bank": lambda v, c: f"you and {faction(v, c)} draw a card",
    "command_warren": optional(battle, "no battle"),
    "tax_collector": optional(lambda v, c: f"remove a warrior in {where(v, c)} to draw a card", "no Tax Collector"),
    "cobbler": optional(lambda v, c: f"move to {where(v, c)}" if isinstance(c, int) else move(v, c),
                        "no Cobbler move"),
    # the Exiles and Partisans deck (automa/root/exiles.py, LoR-A.2)
    "swap_meet": optional(lambda v, c: f"Swap Meet: take a card from {faction(v, c)}, then give one", "no Swap Meet"),
    "swap_meet_give": lambda v, c: f"give {card(v, c)}",
    "false_orders": optional(lambda v, c: f"False Orders: move half of {faction(v, c[0])}'s warriors from "
                             f"{where(v, c[1])} to {where(v, c[2])}", "keep False Orders"),
    "eyrie_emigre": lambda v, c: f"Eyrie Emigre: {move(v, c)}",
    "eyrie_emigre_battle": lambda v, c: f"Eyrie Emigre: battle {faction(v, c)}",
    "propaganda_bureau": optional(lambda v, c: f"spend {card(v, c[0])}: replace a warrior of {faction(v, c[2])} "
                                  f"in {where(v, c[1])} with yours", "no Propaganda Bureau"),
    "league_of_adventurous_mice": optional(lambda v, c: "exhaust an item: " + (move(v, c[1:]) if c[0] == "move"
                                           else battle(v, c[1:])), "no League of Adventurous Mice"),
    "charm_offensive": optional(lambda v, c: f"draw a card, {faction(v, c)} scores 1 VP", "no Charm Offensive"),
    "informants": optional(lambda v, c: f"take {card(v, c)} from the discard pile instead of drawing",
                           "draw as usual"),
    "partisans": optional(lambda v, c: f"{card(v, c)}: one more hit, discard the cards of other suits",
                          "no Partisans"),
    "dominance_take": optional(lambda v, c: f"take {card(v, c[0])}, spending {card(v, c[1])}", "take no dominance card"),
    "dominance_activate": optional(lambda v, c: f"activate {card(v, c)}: give up points for dominance",
                                   "activate no dominance card"),
    "outrage_discard": lambda v, c: f"discard {card(v, c)} to the Automated Alliance's outrage",
    # the advanced setup (automa/root/setup.py, LoR-A)
    "setup_return": lambda v, c: f"put {card(v, c)} back into the deck (keep the others)",
    # the map sides (automa/root/variant_maps.py, LoR-C)
    "clear_path": optional(lambda v, c: f"clear the closed path between {where(v, c[0])} and {where(v, c[1])}: 1 VP",
                           "clear no path"),
    "clear_path_card": lambda v, c: f"spend {card(v, c)} to clear the path",
    # landmarks (automa/root/landmarks.py, LoR-A.5, LoR-F)
    "landmark_clearing": lambda v, c: f"set up the {LANDMARK_NAMES[c[0]]} in {where(v, c[1])}",
    "black_market": optional(lambda v, c: f"swap {card(v, c[0])} for the Black Market's face-down card {c[1] + 1}",
                             "swap no card at the Black Market"),
    # hirelings (automa/root/hirelings.py, LoR-E)
    "hireling_setup": lambda v, c: f"set up the {hireling(v, c[0])} in {where(v, c[1])}",
    "hire": lambda v, c: f"hire the {hireling(v, c)}",
    "hireling_gift": lambda v, c: f"give the hireling to {faction(v, c)}",
    "protector_move": lambda v, c: f"move the Protector to {where(v, c)}",
    "flotilla_move": lambda v, c: f"move the Flotilla down the river to {where(v, c)}",
    "flotilla_battle": optional(lambda v, c: f"battle {faction(v, c)} with the Flotilla", "no battle with the Flotilla"),
    "band_muster": optional(lambda v, c: f"muster to the Band in {where(v, c)}", "muster nobody to the Band"),
    "band_muster_warriors": optional(lambda v, c: f"force {count(c[2], 'warrior')} of {faction(v, c[1])} from "
                                                  f"{where(v, c[0])}", "force no more warriors"),
    "band_place": optional(lambda v, c: f"place a Band warrior in {where(v, c)}", "place no Band warrior"),
    "bandit_path": optional(lambda v, c: f"put a Highway Bandit on the path {c[0]}-{c[1]}", "put no bandit"),
    "bandit_take": lambda v, c: f"take the bandit off the path {c[0]}-{c[1]}",
    "bandit_recruit": optional(lambda v, c: f"place a warrior in {where(v, c)} (your Highway Bandits)",
                               "place no warrior"),
    "bandit_gangs": optional(lambda v, c: ("place a warrior at each Bandit warrior" if c[0] == "recruit"
                                           else f"place a Bandit warrior in {where(v, c[1])}"),
                             "take no Bandit Gangs action"),
    "spies_act": optional(lambda v, c: "take the Corvid Spies' action", "take no Spies action"),
    "spies_place": lambda v, c: f"place a Spy in {where(v, c)}",
    "spies_order": lambda v, c: ("battle in each Spy clearing" if c == "battle"
                                 else "take a card from each enemy in one Spy clearing"),
    "spies_battle": lambda v, c: (f"the Spies battle " + (f"the {hireling(v, c[1])}" if c[1] in HIRELING_NAMES
                                                           else faction(v, c[1])) + f" in {where(v, c[0])}"),
    "spies_steal": lambda v, c: f"take a card from each enemy in {where(v, c)}",
    "keepers_vault": optional(lambda v, c: f"place {' and '.join(x for x, n in (('a Keeper', c[1]), ('a Vault', c[2])) if n)}"
                                           f" in {where(v, c[0])}", "place no Vault"),
    "keepers_order": optional(lambda v, c: "battle in the Vault clearings" if c == "battle"
                              else "place a Keeper at each Vault", "neither battle nor place Keepers"),
    "keepers_battle": optional(lambda v, c: f"the Keepers battle {side(v, c[1])} in {where(v, c[0])}",
                               "no Keepers' battle there"),
    "keepers_recruit": lambda v, c: f"place a Keeper at the Vault in {where(v, c)}",
    "bearers_remove": lambda v, c: (f"remove a {piece(c[2])} of {faction(v, c[1])} in {where(v, c[0])} "
                                    "with the Flame Bearers"),
    "bearers_place": lambda v, c: f"place a Bearer in {where(v, c)}",
    "uprising": lambda v, c: (f"remove an Uprising warrior and every enemy piece in {where(v, c[1])}" if c[0] == "remove"
                              else f"place an Uprising warrior in {where(v, c[1])}"),
    "uprising_fee": lambda v, c: f"discard {card(v, c)} to battle the Spring Uprising",
    "prophets": optional(lambda v, c: (f"place a Prophet in {where(v, c[1])}" if c[0] == "place" else
                                       f"make {faction(v, c[1])} battle {side(v, c[3])} in {where(v, c[2])}"
                                       if c[0] == "battle" else
                                       f"make {faction(v, c[1])} move from {where(v, c[2])} to {where(v, c[3])}"),
                         "take no Prophets action"),
    "prophets_battle": optional(lambda v, c: f"make them battle {side(v, c[1])} in {where(v, c[0])}", "no battle"),
    "envoys": optional(lambda v, c: f"take {card(v, c)} from the discard pile", "take no card"),
    "rabbit_scouts": optional(lambda v, c: f"spend {card(v, c)} to the Rabbit Scouts: deal the higher roll",
                              "keep the rolls as they fall"),
    "smugglers": optional(lambda v, c: "pay an item card: " + (
        battle(v, c[1:]) if c[0] == "battle" else f"move your pawn to {where(v, c[1])}" if len(c) == 2
        else f"move {count(c[3], 'warrior')} from {where(v, c[1])} to {where(v, c[2])}"), "smuggle no more"),
    "smugglers_card": lambda v, c: f"discard {card(v, c)} to the Rat Smugglers",
    "expedition_foothold": optional(lambda v, c: f"land the Expedition with a Foothold in {where(v, c)}",
                                    "leave the Expedition idle"),
    "expedition_uproot": lambda v, c: f"take back the Foothold in {where(v, c)}",
    "expedition_warriors": lambda v, c: f"with {count(c, 'Expedition warrior')}",
    "expedition_order": optional(lambda v, c: {"move": "move the Expedition, then battle with it",
                                               "recruit": "place an Expedition warrior at each Foothold"}[c],
                                 "stop there"),
    "expedition_move": optional(lambda v, c: f"move {count(c[2], 'Expedition warrior')} from {where(v, c[0])} to "
                                             f"{where(v, c[1])}", "move no Expedition warrior"),
    "expedition_battle": optional(lambda v, c: f"battle {faction(v, c[1])} with the Expedition in {where(v, c[0])}",
                                  "battle nobody with the Expedition"),
    "mole_reveal": optional(lambda v, c: f"reveal {card(v, c)} for the Mole Artisans (back in hand tonight)",
                            "discard the crafted card"),
    "patrol_order": optional(lambda v, c: {"move": "move the Forest Patrol, then battle with it",
                                           "gather": "place the Patrol warriors from its card"}[c],
                             "leave the Patrol idle"),
    "patrol_move": optional(lambda v, c: f"move {count(c[2], 'Patrol warrior')} from {where(v, c[0])} to "
                                         f"{where(v, c[1])}", "move no Patrol warrior"),
    "patrol_battle": optional(lambda v, c: f"battle {faction(v, c[1])} with the Patrol in {where(v, c[0])}",
                              "battle nobody with the Patrol"),
    "patrol_gather": lambda v, c: f"place the card's Patrol warriors in {where(v, c)}",
    "physicians": optional(lambda v, c: f"spend {card(v, c[0])}: the warriors go to {where(v, c[1])}",
                           "let the warriors go"),
    "dynasty_place": optional(lambda v, c: f"place the Last Dynasty in {where(v, c)} and battle there",
                              "leave the Dynasty off the map"),
    "dynasty_move": optional(lambda v, c: f"move the {count(c[2], 'Dynasty warrior')} from {where(v, c[0])} to "
                                          f"{where(v, c[1])}, then battle there", "leave the Dynasty idle"),
    "dynasty_battle": optional(lambda v, c: f"battle {faction(v, c[1])} with the Dynasty in {where(v, c[0])}",
                               "leave the Dynasty idle"),
    "exile_forest": lambda v, c: f"set up the Exile in {forest(v, c)}",
    "exile_aid": optional(lambda v, c: f"give the Exile your {c}: draw a card, 1 VP", "give the Exile nothing more"),
    "exile_act": optional(lambda v, c: (f"exhaust an item: the Exile moves to {forest(v, c[1])}" if c[0] == "move"
                                        else f"exhaust two items: the Exile battles {side(v, c[2])} in {where(v, c[1])}"),
                          "the Exile rests: its items ready again"),
    "brigand_explore": optional(lambda v, c: f"take the item from the ruin in {where(v, c)}", "explore no ruin"),
    "brigand_steal": optional(lambda v, c: f"exhaust a crafted item: take a card from {faction(v, c)}",
                              "steal no card"),
    # the Vagabond (automa/root/vagabond.py, LoR-9)
    "vagabond_forest": lambda v, c: f"start in {forest(v, c)}",
    "vagabond_refresh": lambda v, c: f"refresh {item(c[0], True, c[1])}",
    "vagabond_slip": optional(lambda v, c: f"slip into {where(v, c[1]) if c[0] == 'clearing' else forest(v, c[1])}",
                              "stay"),
    "vagabond_daylight": optional(action, "end Daylight"),
    "vagabond_exhaust": lambda v, c: f"exhaust your {c}",
    "vagabond_take": optional(lambda v, c: f"take a {c} from their crafted items", "take no item"),
    "vagabond_quest_reward": lambda v, c: {"score": "score the VP", "draw": "draw two cards"}.get(c, words(c)),
    "vagabond_ally": optional(lambda v, c: f"{faction(v, c)}'s warriors fight as yours", "fight alone"),
    "vagabond_ally_move": optional(lambda v, c: f"take {count(c[1], 'warrior')} of {faction(v, c[0])} along",
                                   "move alone"),
    "vagabond_damage": lambda v, c: (f"lose a warrior of {faction(v, c[1])}" if c[0] == "ally"
                                     else f"damage {item(*c)}"),
    "vagabond_repair": lambda v, c: f"repair {item(*c)}",
    "vagabond_remove": lambda v, c: f"remove {item(*c)}",
    "vagabond_swift_strike": optional(lambda v, c: "exhaust a sword for an extra hit", "no Swift Strike"),
    "vagabond_instigate_hits": lambda v, c: f"{faction(v, c[0])} loses its {piece(c[1])}",
    "enlist_arbiter": optional(lambda v, c: "enlist the Arbiter: his swords add to your rolled hits, he scores 1",
                               "fight without the Arbiter"),
}


def generic(view, kind: str, choice) -> str:
    """A kind without a label (one being written): its name and the choice's parts in words."""
    if choice == PASS:
        return f"{words(kind)}: pass"
    parts = choice if isinstance(choice, tuple) else (choice,)
    return f"{words(kind)}: {', '.join(words(p) for p in parts)}"


def describe(view, kind: str, choice) -> str:
    """``choice`` of a ``kind`` decision in words."""
    label = LABELS.get(kind)
    return label(view, choice) if label else generic(view, kind, choice)
