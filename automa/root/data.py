"""The Root data files: the maps, the shared decks and the components, loaded once and validated.

The packaged files in ``data/`` are our checked transcription of the rules reference's data (its
``DATA.md``): ``maps.json`` (Fall, Winter, Lake and Mountain), ``deck.json`` (the 54-card shared deck and
the separate Exiles and Partisans deck, LoR-A.2) and ``components.json`` (items, dice, map pieces, the
human factions' boards, characters, quests, dominance). Each has a spec (:mod:`automa.core.schema`): every
key is read, kept as documentation (``Note``) or kept in code (``Fixed``), by name; an unknown key is an
error. A user's file for one of them is laid over the packaged file and checked the same way. The checks
a spec cannot make (paths both ways, the totals, one file against another) follow, each a one-line
:class:`UsageError` naming the file, the field and its rule.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.schema import AnyOf, Bool, DataFile, Dict, Fixed, Int, List, Map, Note, Null, Opt, Str

DATA = Path(__file__).parent / "data"

SUITS = ("fox", "rabbit", "mouse")                  # a clearing's suit (LoR-2.2.2)
CARD_SUITS = ("bird",) + SUITS                       # a card's suit, birds wild (LoR-2.1, LoR-2.1.1)
ITEMS = ("boot", "bag", "coins", "crossbow", "hammer", "sword", "tea", "torch")
# LoR-D.4..D.9 (seed 16.3.4..16.3.9): the Riverfolk box's characters and the Vagabond Pack's, which the
# reference's components.json (the base box) lacks: product and start items, read from the second Law text
# (LAWY; it settles the local copy's coin/crossbow letters, DATA.md §4 item 2). Each takes the base box's S
# items or the items its product adds (LoR-9.3.5; LoR-B.2, LoR-B.9), checked at load.
MORE_CHARACTERS = {"vagrant": ("riverfolk", ("coins", "torch", "boot")),
                   "arbiter": ("riverfolk", ("boot", "torch", "sword", "sword")),
                   "scoundrel": ("riverfolk", ("boot", "boot", "torch", "crossbow")),
                   "adventurer": ("vagabond_pack", ("boot", "torch", "hammer")),
                   "ronin": ("vagabond_pack", ("boot", "boot", "torch", "sword")),
                   "harrier": ("vagabond_pack", ("coins", "torch", "sword", "crossbow"))}
PRODUCT_ITEMS = {"riverfolk": ("boot",) * 3 + ("sword",) * 3 + ("bag", "hammer", "torch", "coins", "crossbow"),
                 "vagabond_pack": ("coins", "hammer", "boot")}
CHARACTERS = ("thief", "tinker", "ranger") + tuple(MORE_CHARACTERS)          # LoR-D.1..D.9
KINDS = ("item", "persistent", "immediate", "ambush", "dominance")
MAPS = ("fall", "winter", "lake", "mountain")
CORNERS = ("top_left", "top_right", "bottom_right", "bottom_left")
DIVIDERS = ("path", "closed_path", "raging_river", "lake_ring")   # what lies between two forests
LANDMARKS = {"ferry": "ferry", "tower (the Pass)": "tower"}      # the file's name -> ours (LoR-C.2.1, C.3.1)
DECREE = ("recruit", "move", "battle", "build")    # LoR-7.4.2
BUILDINGS = ("sawmill", "workshop", "recruiter")   # LoR-6.3.5
RELATIONS = ("hostile", "indifferent", "allied_1", "allied_2", "allied")   # LoR-9.2.9
# the card effects an engine implements, by effect_id (LoR-4.1.2, LoR-4.1.3): the standard deck's,
# then the Exiles and Partisans deck's (LoR-A.2)
EFFECTS = ("armorers", "better_burrow_bank", "brutal_tactics", "cobbler", "codebreakers", "command_warren",
           "favor_fox", "favor_mouse", "favor_rabbit", "royal_claim", "sappers", "scouting_party",
           "stand_and_deliver", "tax_collector",
           "boat_builders", "charm_offensive", "coffin_makers", "corvid_planners", "eyrie_emigre", "false_orders",
           "informants", "league_of_adventurous_mice", "master_engravers", "murine_broker", "partisans_fox",
           "partisans_mouse", "partisans_rabbit", "propaganda_bureau", "saboteurs", "soup_kitchens", "swap_meet",
           "tunnels")

NOTE = Opt(Note())
IN_CODE = "not configurable: the engine implements this rule"

# ---------------------------------------------------------------------------------------------- specs

SOURCES = Map(keys="[A-Z]+", doc="where each fact was read (the reference's DATA.md, section 2)", value=Dict(fields={
    "what": Note(), "repo": NOTE, "path": NOTE, "commit": Opt(AnyOf(options=(Note(), Null()))), "url": NOTE,
    "urls": NOTE, "known_slips": NOTE}))
DISAGREEMENTS = List(doc="facts the sources read differently, and how each was settled", item=Dict(fields={
    "fact": Note(), "values": Note(), "settled": AnyOf(options=(Note(), Int())), "how": NOTE}))
PROVENANCE = {"source": NOTE, "schema_version": Int(lo=1, hi=1, doc="the files' format"), "sources": Opt(SOURCES)}

CLEARING_ID = Int(lo=1, hi=12, doc="a clearing, by its Clockwork priority number (1 the highest)",
                  ref="CW-GEN-8, CW-GEN-17")
PAIR = List(item=CLEARING_ID, min=2, max=2)
FOREST_ID = Str(doc="a forest of the same map, F1..Fn")

CLEARING = Dict(ref="LoR-2.2", component="map", fields={
    "id": CLEARING_ID,
    "suit": AnyOf(options=(Str(choices=SUITS), Null()), doc="the printed suit, or null: a suit marker at setup",
                  ref="LoR-2.2.2, LoR-A.1, RT-OPEN-56"),
    "building_slots": Int(lo=0, hi=3, doc="building slots, the ruin's included", ref="LoR-2.2.3"),
    "ruin": Bool(doc="an R slot, with a ruin at setup", ref="LoR-2.2.4, LoR-5.1.4"),
    "free_slots_at_setup": Int(lo=0, hi=3, doc="building_slots less the ruin", ref="LoR-2.2.4"),
    "corner": Bool(ref="LoR-3.3.1"),
    "corner_position": AnyOf(options=(Str(choices=CORNERS), Null()), ref="LoR-3.3.1"),
    "diagonal_opposite_corner": AnyOf(options=(CLEARING_ID, Null()), ref="LoR-3.3.1"),
    "map_edge": Bool(doc="the map edge runs along it", ref="LoR-G.1.15, LoR-E (the Last Dynasty, the Flotilla)"),
    "adjacent": List(item=CLEARING_ID, min=1, doc="clearings one open path away", ref="LoR-2.2.1"),
    "river_to": List(item=CLEARING_ID, doc="clearings one river (or the lake) away", ref="LoR-2.3, LoR-C.2.2"),
    "closed_path_to": Opt(List(item=CLEARING_ID, doc="clearings one closed path away", ref="LoR-C.3.1, LoR-C.3.2")),
    "forests": List(item=FOREST_ID, min=1, doc="the forests it touches", ref="LoR-2.4"),
    "coastal": Opt(Bool(ref="LoR-C.2.3")),
    "landmark_at_setup": Opt(AnyOf(options=(Str(choices=tuple(LANDMARKS)), Null()), ref="LoR-C.2.1, LoR-C.3.1")),
    "xy_px": Opt(List(item=Int(lo=0, hi=2000), min=2, max=2, doc="where to draw it, for people")),
    "xref": Opt(Dict(fields={"rootai_index": Opt(Int(lo=1, hi=12)), "tag_node": NOTE},
                     doc="its number in other engines")),
})
FOREST = Dict(ref="LoR-2.4, LoR-2.4.1", component="map", fields={
    "id": FOREST_ID,
    "clearings": List(item=CLEARING_ID, min=1, doc="the clearings it touches", ref="LoR-2.4"),
    "adjacent_forests": List(doc="forests across one dividing line", ref="LoR-2.4.1", item=Dict(fields={
        "forest": FOREST_ID,
        "via": Dict(fields={"type": Str(choices=DIVIDERS, ref="LoR-2.4.1, LoR-C.1.1, LoR-C.2.4, LoR-C.3.2"),
                            "between": Opt(PAIR), "coastal_clearing": Opt(CLEARING_ID),
                            "unconfirmed": Opt(Bool(doc="a reading, for people")), "confidence": NOTE})})),
    "coastal": Opt(Bool(ref="LoR-C.2.4")),
    "xref": Opt(Dict(fields={"rootsim_index": Opt(Int(lo=0, hi=99)), "ayellapragada_letter": NOTE})),
})
FEATURES = Dict(doc="the map's own rules", fields={
    "rivers_note": NOTE, "forests_note": NOTE, "map_edge_note": NOTE,
    "raging_river": Opt(Dict(ref="LoR-C.1.1", fields={"links": List(item=PAIR), "rule": NOTE,
                                                      "forest_adjacency_across_river": NOTE})),
    "lake": Opt(Dict(ref="LoR-C.2.2, LoR-C.2.3", fields={"coastal_clearings": List(item=CLEARING_ID),
                                                         "lake_links": List(item=PAIR), "rule": NOTE})),
    "coastal_forests": Opt(Dict(ref="LoR-C.2.4", fields={"forests": List(item=FOREST_ID),
                                                         "ring_order": List(item=FOREST_ID), "rule": NOTE})),
    "ferry": Opt(Dict(ref="LoR-C.2.1, LoR-C.2.5", fields={"setup_clearing": CLEARING_ID, "rule": NOTE})),
    "closed_paths": Opt(Dict(ref="LoR-C.3.1", fields={"paths": List(item=PAIR), "rule": NOTE})),
    "pass": Opt(Dict(ref="LoR-C.3.1, LoR-C.3.4", fields={"clearing": CLEARING_ID, "rule": NOTE})),
})
BOARD = Dict(component="map", fields={
    "name": Str(doc="the map's name for people"), "aliases": NOTE, "product": NOTE, "clearing_ids": NOTE,
    "suits": Dict(ref="LoR-A.1, RT-OPEN-56", fields={
        "mode": Str(choices=("printed", "random_markers"), doc="printed suits, or markers shuffled at setup"),
        "markers": Opt(Map(choices=SUITS, value=Int(lo=0, hi=12), doc="the suit markers of each suit")),
        "note": NOTE}),
    "clearings": List(item=CLEARING, min=12, max=12, unique="id", doc="the 12 clearings in priority order",
                      ref="CW-GEN-8, CW-GEN-17"),
    "paths": List(item=PAIR, min=1, doc="the open paths", ref="LoR-2.2.1"),
    "rivers": List(item=PAIR, doc="the river links", ref="LoR-2.3"),
    "closed_paths": Opt(List(item=PAIR, doc="paths closed at setup", ref="LoR-C.3.1")),
    "forests": List(item=FOREST, min=1, unique="id", ref="LoR-2.4"),
    "corners": Dict(ref="LoR-3.3.1", fields={"by_position": Map(choices=CORNERS, value=CLEARING_ID),
                                             "diagonal_pairs": List(item=PAIR, min=2, max=2)}),
    "totals": Dict(doc="counts of the lists above, checked against them", fields={
        k: Int(lo=0, hi=99) for k in ("clearings", "building_slots", "ruins", "paths", "closed_paths", "rivers",
                                      "forests")}),
    "features": FEATURES,
    "provenance": NOTE, "disagreements": Opt(DISAGREEMENTS), "unconfirmed": NOTE,
})
MAPS_SPEC = Dict(fields={**PROVENANCE, "conventions": NOTE, "maps": Dict(fields={m: BOARD for m in MAPS})})

CARD = Dict(ref="LoR-2.1", component="card", fields={
    "id": Str(doc="the entry's name (unique); copies share it"),
    "name": Str(doc="the card's title"),
    "suit": Str(choices=CARD_SUITS, ref="LoR-2.1, LoR-2.1.1"),
    "count": Int(lo=1, hi=9, doc="copies in the deck"),
    "kind": Str(choices=KINDS, ref="LoR-2.1.2, LoR-2.1.3, LoR-4.1.2, LoR-4.1.3"),
    "craft_cost": AnyOf(options=(List(item=Str(choices=SUITS + ("any",)), min=1, max=4), Null()),
                        doc="the crafting pieces' suits ('any': of any suit), or null: not craftable", ref="LoR-4.1.1"),
    "item": Opt(Str(choices=ITEMS, doc="the item an item card takes from the supply", ref="LoR-4.1.2")),
    "vp": Opt(Int(lo=0, hi=9, doc="VP for crafting it", ref="LoR-3.2.2")),
    "effect_id": Opt(Str(choices=EFFECTS, doc="the effect the engine plays", ref="LoR-4.1.2, LoR-4.1.3")),
    "discard_to_use": Opt(Bool(doc="a persistent card discarded when used", ref="LoR-4.1.3")),
    "same_as_standard": Opt(Str(doc="the standard-deck entry this card repeats", ref="LoR-A.2")),
    "timing": NOTE, "effect": NOTE, "win_condition": NOTE, "sources": NOTE, "notes": NOTE,
})


def _deck(ref: str, why: str) -> Dict:
    """A deck: its cards and the box's totals (fixed; the cards must add up to them)."""
    fixed = Fixed(why=f"not configurable: {why} ({ref})")
    return Dict(ref=ref, component="cards", fields={
        "cards": List(item=CARD, min=1, unique="id", doc="one entry per card name and suit"),
        "total": fixed, "suit_totals": fixed, "kind_totals": fixed, "item_cards_by_item": Opt(fixed),
        "unique_names": Opt(fixed), "separate_deck": Opt(fixed), "use": NOTE, "confidence": NOTE})


DECK_SPEC = Dict(fields={**PROVENANCE, "conventions": NOTE, "checks": NOTE,
                         "standard_deck": _deck("LoR-2.1, LoR-B.1", "the base box's shared deck"),
                         "exiles_and_partisans_deck": _deck("LoR-A.2, LoR-B.7", "the Exiles and Partisans deck")})

COUNT = Int(lo=0, hi=99)
ITEM_LIST = List(item=Str(choices=ITEMS))
TRACK = List(item=Int(lo=0, hi=9), min=1)


def _faction(ref: str, board: str, pieces_ref: str, pieces: dict, **fields) -> Dict:
    """A human faction: its name, its pieces in the box and its board's tables."""
    return Dict(ref=ref, component=board, fields={
        "name": Str(), "pieces": Dict(doc="pieces in the box", ref=pieces_ref, fields=pieces),
        "pieces_sources": NOTE, **fields})


COMPONENTS_SPEC = Dict(fields={**PROVENANCE, "items": Dict(component="items", fields={
    "kinds": Fixed(why=IN_CODE + ": the eight item kinds (LoR-9.2.5)"),
    "law_letter_codes": NOTE,
    "base_box_total_by_kind": Map(choices=ITEMS, value=COUNT, doc="the items in the box", ref="LoR-B.1"),
    "base_box_total": Int(lo=0, hi=99, ref="LoR-B.1"),
    "setup": Dict(fields={
        "map_item_supply": Dict(ref="LoR-5.1.5, RT-OPEN-1", fields={
            "counts": Map(choices=ITEMS, value=COUNT, doc="the items put on the map at setup"),
            "total": COUNT, "when": NOTE, "sources": NOTE}),
        "ruin_items_R": Dict(ref="LoR-9.3.4", fields={"items": List(item=Str(choices=ITEMS), min=1,
                                                                   doc="one under each ruin"),
                                                     "rule": NOTE, "sources": NOTE}),
        "vagabond_start_items_S": Dict(ref="LoR-9.3.5", fields={"items": List(item=Str(choices=ITEMS), min=1,
                                                                              doc="the characters' start items"),
                                                               "rule": NOTE, "sources": NOTE}),
        "check": NOTE}),
    "disagreements": Opt(DISAGREEMENTS)}),
    "dice": Dict(component="dice", fields={"count": Fixed(why=IN_CODE + ": two dice (LoR-4.3.2)"),
                                           "each_die": NOTE, "use": NOTE, "unconfirmed": NOTE}),
    "map_pieces": Dict(component="map pieces", fields={
        "clearing_suit_markers": Dict(ref="LoR-A.1, LoR-B.1", fields={
            **{s: Int(lo=0, hi=12, doc=f"{s} suit markers") for s in SUITS}, "use": NOTE, "sources": NOTE}),
        "ruins": Dict(ref="LoR-5.1.4, LoR-B.1", fields={"count": Int(lo=0, hi=12), "sources": NOTE}),
        "underworld_map_pieces": Dict(ref="LoR-B.3, LoR-C.2, LoR-C.3", fields={
            "closed_path_markers": COUNT, "ferry": COUNT, "tower": COUNT, "sources": NOTE})}),
    "factions": Dict(fields={
        "marquise": _faction(
            "LoR-6", "Marquise board", "LoR-6.3.1, LoR-B.1",
            {k: COUNT for k in ("warriors", "wood_tokens", "keep_token", "sawmills", "workshops", "recruiters")},
            building_tracks=Dict(ref="LoR-6.3.5, LoR-6.5.4", fields={
                "wood_cost": List(item=Int(lo=0, hi=9), min=1, doc="wood to build the 1st..6th building of a type",
                                  ref="LoR-6.5.4"),
                **{f"{b}_vp": List(item=Int(lo=0, hi=9), min=1, doc=f"VP for the 1st..6th {b}", ref="LoR-6.5.4")
                   for b in BUILDINGS},
                "draw_bonus": Dict(ref="LoR-6.6", fields={
                    "track": Str(choices=BUILDINGS), "spaces": List(item=Int(lo=1, hi=6), doc="spaces (1..6) whose "
                                                                    "uncovering adds a card to the Evening draw"),
                    "effect": NOTE}),
                "layout": NOTE, "index": NOTE, "sources": NOTE, "bots": NOTE}),
            notes=NOTE),
        "eyrie": _faction(
            "LoR-7", "Eyrie board", "LoR-7.3.1, LoR-B.1", {"warriors": COUNT, "roosts": COUNT},
            roost_track=Dict(ref="LoR-7.6.1, LoR-7.6.2", fields={
                "vp_by_roosts_on_map": Map(keys="[0-9]", value=Int(lo=0, hi=9), doc="Evening VP by roosts on the map"),
                "draw_bonus": Dict(fields={"spaces": List(item=Int(lo=1, hi=7), doc="roosts on the map that add a "
                                                                                    "card to the Evening draw"),
                                           "effect": NOTE}),
                "layout": NOTE, "sources": NOTE, "bots": NOTE}),
            decree_columns=Fixed(why=IN_CODE + ": the Decree's four columns (LoR-7.4.2)"),
            loyal_viziers=Dict(ref="LoR-7.3.4", fields={"count": Int(lo=0, hi=4),
                                                       "suit": Fixed(why=IN_CODE + ": viziers are birds"),
                                                       "note": NOTE}),
            leaders=List(min=1, unique="id", ref="LoR-7.8", item=Dict(fields={
                "id": Str(choices=("builder", "charismatic", "commander", "despot")), "name": Str(),
                "viziers": List(item=Str(choices=DECREE), min=2, max=2, doc="the Decree columns of the viziers"),
                "ability": NOTE})),
            leaders_sources=NOTE, other=NOTE),
        "alliance": _faction(
            "LoR-8", "Alliance board", "LoR-8.3.1, LoR-B.1",
            {"warriors": COUNT, "bases": COUNT, "sympathy_tokens": COUNT,
             "base_suits": List(item=Str(choices=SUITS), min=1, doc="one base per suit")},
            sympathy_track=Dict(ref="LoR-8.4.2", fields={
                "supporters_cost": TRACK, "vp": TRACK, "layout": NOTE, "sources": NOTE, "bots": NOTE}),
            supporters=Dict(ref="LoR-8.2.3", fields={
                "limit_without_base": COUNT,
                "limit_with_base": AnyOf(options=(COUNT, Null()), doc="null: no limit"), "note": NOTE}),
            bases_box=NOTE),
        "vagabond": _faction(
            "LoR-9", "Vagabond board", "LoR-B.1", {"pawn": COUNT, "relationship_markers": COUNT},
            item_rules=Dict(ref="LoR-9.2.5", fields={
                "tracks": Dict(fields={"items": ITEM_LIST, "capacity_each": Int(lo=1, hi=9)}),
                "satchel_items": ITEM_LIST,
                "refresh": NOTE, "evening_draw": NOTE, "item_limit": NOTE, "actions_by_item": NOTE, "sources": NOTE}),
            relationships=Dict(ref="LoR-9.2.9", fields={
                "track": List(item=Str(choices=RELATIONS), min=2, doc="Hostile, then Indifferent up to Allied"),
                "start": Str(choices=RELATIONS, ref="LoR-9.3.6"),
                "aids_to_advance": Map(keys=r"[a-z_0-9]+->[a-z_0-9]+", value=Int(lo=1, hi=9),
                                       doc="Aids to take each step"),
                "vp_on_reaching": Map(choices=RELATIONS, value=Int(lo=0, hi=9)),
                "aiding_allied": NOTE, "note": NOTE, "sources": NOTE, "unconfirmed": NOTE}),
            characters=List(min=1, unique="id", ref="LoR-D.1, LoR-D.2, LoR-D.3", item=Dict(fields={
                "id": Str(choices=("thief", "tinker", "ranger")), "name": Str(),
                "start_items": ITEM_LIST, "special_action": NOTE})),
            quests=Dict(ref="LoR-9.3.3, LoR-9.5.5", component="quest cards", fields={
                "count": COUNT, "per_suit": COUNT, "rule": NOTE, "sources": NOTE,
                "cards": List(min=1, unique="id", item=Dict(fields={
                    "id": Str(), "name": Str(), "suit": Str(choices=SUITS),
                    "items": List(item=Str(choices=ITEMS), min=2, max=2)}))}),
            characters_sources=NOTE)}),
    "dominance_cards": Dict(ref="LoR-2.1.3, LoR-3.3", component="dominance cards", fields={
        "count": COUNT, "deck_ids": List(item=Str(), doc="their entries in the standard deck"),
        "win_conditions": NOTE, "rules": NOTE, "sources": NOTE}),
})

MAPS_FILE = DataFile("maps", "Root maps: clearings, paths, rivers, forests", MAPS_SPEC, DATA / "maps.json")
DECK_FILE = DataFile("deck", "Root decks: the shared deck and the Exiles and Partisans deck", DECK_SPEC,
                     DATA / "deck.json")
COMPONENTS_FILE = DataFile("components", "Root components: items, pieces, faction tracks, characters, quests",
                           COMPONENTS_SPEC, DATA / "components.json")
FILES = (MAPS_FILE, DECK_FILE, COMPONENTS_FILE)


# ---------------------------------------------------------------------------------------------- tables

@dataclass(frozen=True, slots=True)
class Clearing:
    """A clearing (LoR-2.2). ``id`` is its Clockwork priority number, 1 the highest (CW-GEN-8)."""

    id: int
    suit: str | None                # printed (Fall keeps it, RT-OPEN-56), or None: a marker at setup (LoR-A.1)
    slots: int                      # building slots, the ruin's included (LoR-2.2.3)
    ruin: bool                      # LoR-2.2.4, LoR-5.1.4
    adjacent: tuple[int, ...]       # open paths (LoR-2.2.1)
    rivers: tuple[int, ...]         # LoR-2.3; on the Lake, the lake's links (LoR-C.2.2)
    closed: tuple[int, ...]         # closed paths (Mountain, LoR-C.3.2)
    forests: tuple[int, ...]        # indices into GameMap.forests (LoR-2.4)
    opposite: int | None            # a corner's diagonally opposite corner (LoR-3.3.1)
    edge: bool                      # the map edge runs along it (LoR-G.1.15)
    coastal: bool                   # LoR-C.2.3
    landmark: str | None            # "ferry" or "tower" at setup (LoR-C.2.1, LoR-C.3.1)


@dataclass(frozen=True, slots=True)
class Forest:
    """A forest: the clearings it touches and the forests across one dividing line (LoR-2.4, LoR-2.4.1)."""

    name: str
    clearings: tuple[int, ...]
    adjacent: tuple[int, ...]       # forest indices
    via: tuple[str, ...]            # the divider to each (DIVIDERS)


@dataclass(frozen=True, slots=True)
class GameMap:
    """One map: ``clearings[i]`` is clearing ``i + 1`` (CW-GEN-17)."""

    name: str
    title: str
    clearings: tuple[Clearing, ...]
    forests: tuple[Forest, ...]
    markers: tuple[str, ...]        # suit markers to shuffle onto the clearings; () when suits are printed (LoR-A.1)
    corners: tuple[int, ...]        # top left, top right, bottom right, bottom left (LoR-3.3.1)


@dataclass(frozen=True, slots=True)
class Card:
    """One card; ``id`` is its place in the expanded deck, ``key`` its entry (copies share it)."""

    id: int
    key: str
    name: str
    suit: str                        # CARD_SUITS, birds wild (LoR-2.1.1)
    kind: str                        # KINDS
    cost: tuple[str, ...] | None     # crafting suits, "any" for any suit; None: not craftable (LoR-4.1.1)
    item: str | None                 # LoR-4.1.2
    vp: int                          # LoR-3.2.2
    effect: str | None               # EFFECTS (LoR-4.1.2, LoR-4.1.3)
    discard_to_use: bool


@dataclass(frozen=True, slots=True)
class Quest:
    """A Vagabond quest: its suit and the two items it exhausts (LoR-9.5.5)."""

    key: str
    name: str
    suit: str
    items: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Components:
    """The box's pieces and the human factions' boards (components.json)."""

    item_supply: tuple[str, ...]     # the 12 items on the map at setup (LoR-5.1.5, RT-OPEN-1)
    ruin_items: tuple[str, ...]      # R items, one under each ruin (LoR-9.3.4)
    start_items: tuple[str, ...]     # S items (LoR-9.3.5)
    suit_markers: tuple[str, ...]    # LoR-A.1
    ruins: int                       # ruin pieces, one per R slot (LoR-5.1.4)
    marquise_pieces: dict            # warriors, wood_tokens, keep_token, sawmills, workshops, recruiters (LoR-6.3)
    wood_cost: tuple[int, ...]       # wood for the 1st..6th building of a type (LoR-6.5.4)
    building_vp: dict                # building -> VP for the 1st..6th (LoR-6.5.4)
    recruiter_draw: tuple[int, ...]  # recruiter-track spaces adding an Evening draw (LoR-6.6)
    eyrie_pieces: dict               # warriors, roosts (LoR-7.3)
    roost_vp: tuple[int, ...]        # Evening VP by roosts on the map, 0..7 (LoR-7.6.1)
    roost_draw: tuple[int, ...]      # roosts on the map adding an Evening draw (LoR-7.6.2)
    leaders: dict                    # leader -> the Decree columns of its viziers (LoR-7.8)
    loyal_viziers: int               # LoR-7.3.4
    alliance_pieces: dict            # warriors, bases, sympathy_tokens (LoR-8.3)
    base_suits: tuple[str, ...]
    supporter_cost: tuple[int, ...]  # supporters for the 1st..10th sympathy token (LoR-8.4.2)
    sympathy_vp: tuple[int, ...]     # VP for the 1st..10th sympathy token (LoR-8.4.2)
    supporter_limit: tuple[int, int | None]   # without a base, with one (None: none) (LoR-8.2.3)
    track_items: tuple[str, ...]     # the Vagabond's item tracks (LoR-9.2.5)
    track_capacity: int
    satchel_items: tuple[str, ...]
    relations: tuple[str, ...]       # the relationship track, Hostile first (LoR-9.2.9)
    relation_start: str              # LoR-9.3.6
    aids_to_advance: tuple[int, ...]  # Aids for each step up from relation_start (LoR-9.2.9)
    relation_vp: tuple[int, ...]     # VP for reaching each of those steps
    characters: dict                 # character -> start items (LoR-D.1..D.9)
    quests: tuple[Quest, ...]        # LoR-9.3.3
    dominance: tuple[str, ...]       # the dominance cards' deck keys (LoR-2.1.3)


@dataclass(frozen=True, slots=True)
class RootData:
    """Everything the engine reads from the data files."""

    maps: dict                       # name -> GameMap
    deck: tuple[Card, ...]           # the shared deck, 54 cards (LoR-2.1)
    exiles_deck: tuple[Card, ...]    # the Exiles and Partisans deck (LoR-A.2)
    components: Components


# ---------------------------------------------------------------------------------------------- checks

class _Checks:
    """The checks that relate one value to others; each failure is one line naming the field and the rule."""

    def __init__(self, file: str):
        self.file = file

    def need(self, ok, where: str, problem: str, ref: str) -> None:
        if not ok:
            raise UsageError(f"{self.file}: {where}: {problem} ({ref})")

    def count(self, where: str, stated, counted, ref: str) -> None:
        self.need(stated == counted, where, f"states {stated}, the entries give {counted}", ref)


def _edges(pairs) -> set:
    return {frozenset(p) for p in pairs}


def _links(chk: _Checks, where: str, clearings: list, key: str, pairs: list, ref: str) -> None:
    """Each clearing's ``key`` list names the other end back, and together they are the map's ``pairs``."""
    for c in clearings:
        links = c.get(key, [])
        chk.need(c["id"] not in links and len(set(links)) == len(links), f"{where}.clearings[{c['id'] - 1}].{key}",
                 "names the clearing itself or one clearing twice", ref)
        for other in links:
            chk.need(c["id"] in clearings[other - 1].get(key, []), f"{where}.clearings[{c['id'] - 1}].{key}",
                     f"{c['id']} links to {other} but {other} does not link back", ref)
    listed = {frozenset((c["id"], o)) for c in clearings for o in c.get(key, [])}
    chk.need(_edges(pairs) == listed and len(pairs) == len(listed), where,
             f"the {key} lists of the clearings and the map's list of links differ", ref)


def _board(chk: _Checks, name: str, raw: dict) -> GameMap:
    """One map, checked: ids, paths both ways, slots, forests, corners, suits and the map's features."""
    where, cl = f"maps.{name}", raw["clearings"]
    for i, c in enumerate(cl):
        chk.need(c["id"] == i + 1, f"{where}.clearings[{i}].id", f"is {c['id']}; the clearings go 1..12 in "
                 "priority order", "CW-GEN-8, CW-GEN-17")
        chk.need(c["free_slots_at_setup"] == c["building_slots"] - c["ruin"],
                 f"{where}.clearings[{i}].free_slots_at_setup", "must be building_slots less the ruin", "LoR-2.2.4")
        chk.need(not set(c["adjacent"]) & set(c.get("closed_path_to", ())), f"{where}.clearings[{i}].closed_path_to",
                 "a closed path is not also an open one", "LoR-C.3.2")
    _links(chk, where, cl, "adjacent", raw["paths"], "LoR-2.2.1")
    _links(chk, where, cl, "river_to", raw["rivers"], "LoR-2.3")
    _links(chk, where, cl, "closed_path_to", raw.get("closed_paths", []), "LoR-C.3.1, LoR-C.3.2")

    # forests: each lists the clearings that list it, and forests adjacent both ways across a divider
    fs = raw["forests"]
    index = {f["id"]: k for k, f in enumerate(fs)}
    edges = {"path": _edges(raw["paths"]), "closed_path": _edges(raw.get("closed_paths", [])),
             "raging_river": _edges(raw["rivers"])}
    for i, c in enumerate(cl):
        for fid in c["forests"]:
            chk.need(fid in index, f"{where}.clearings[{i}].forests", f"{fid!r} is not a forest of this map", "LoR-2.4")
    forests = []
    for k, f in enumerate(fs):
        fw = f"{where}.forests[{k}]"
        touching = sorted(c["id"] for c in cl if f["id"] in c["forests"])
        chk.need(sorted(f["clearings"]) == touching, f"{fw}.clearings",
                 f"must be the clearings that list {f['id']} ({touching})", "LoR-2.4")
        for j, a in enumerate(f["adjacent_forests"]):
            aw, via = f"{fw}.adjacent_forests[{j}]", a["via"]
            chk.need(a["forest"] in index and a["forest"] != f["id"], f"{aw}.forest",
                     f"{a['forest']!r} is not another forest of this map", "LoR-2.4.1")
            back = [b for b in fs[index[a["forest"]]]["adjacent_forests"] if b["forest"] == f["id"]]
            chk.need(back and back[0]["via"]["type"] == via["type"], aw,
                     f"{a['forest']} does not list {f['id']} back across the same divider", "LoR-2.4.1")
            if via["type"] == "lake_ring":
                both = set(f["clearings"]) & set(fs[index[a["forest"]]]["clearings"])
                chk.need(via.get("coastal_clearing") in both, f"{aw}.via.coastal_clearing",
                         "must be a coastal clearing both forests touch", "LoR-C.2.4")
            else:
                line = frozenset(via.get("between", ()))
                chk.need(line in edges[via["type"]] and line <= set(f["clearings"]), f"{aw}.via.between",
                         f"must be a {via['type']} of this map along the forest", "LoR-2.4.1, LoR-C.1.1, LoR-C.3.5")
        forests.append(Forest(f["id"], tuple(f["clearings"]), tuple(index[a["forest"]] for a in f["adjacent_forests"]),
                              tuple(a["via"]["type"] for a in f["adjacent_forests"])))

    # corners: the four corners are clearings 1-4; the two diagonals as each corner states (LoR-3.3.1)
    by_pos = raw["corners"]["by_position"]
    chk.need(sorted(by_pos) == sorted(CORNERS) and sorted(by_pos.values()) == [1, 2, 3, 4],
             f"{where}.corners.by_position", "must name clearings 1-4, one per corner", "LoR-3.3.1, CW-GEN-17")
    pairs = _edges(raw["corners"]["diagonal_pairs"])
    for i, c in enumerate(cl):
        pos, opp = c["corner_position"], c["diagonal_opposite_corner"]
        chk.need(c["corner"] == (c["id"] in by_pos.values()) and pos == next((p for p, v in by_pos.items()
                 if v == c["id"]), None), f"{where}.clearings[{i}].corner_position",
                 "must agree with corners.by_position", "LoR-3.3.1")
        chk.need((opp is None) != c["corner"] and (opp is None or frozenset((c["id"], opp)) in pairs),
                 f"{where}.clearings[{i}].diagonal_opposite_corner", "must agree with corners.diagonal_pairs",
                 "LoR-3.3.1")
        chk.need(c["map_edge"] or not c["corner"], f"{where}.clearings[{i}].map_edge", "a corner lies on the map edge",
                 "LoR-3.3.1, LoR-G.1.15")
    chk.need(len(pairs) == 2 and set().union(*pairs) == {1, 2, 3, 4}, f"{where}.corners.diagonal_pairs",
             "must pair the four corners", "LoR-3.3.1")

    # suits: printed on every clearing, or none and 12 markers (LoR-A.1, RT-OPEN-56)
    suits = raw["suits"]
    markers = suits.get("markers", {})
    if suits["mode"] == "printed":
        chk.need(all(c["suit"] for c in cl) and not markers, f"{where}.suits",
                 "printed suits: every clearing has one and there are no markers", "LoR-2.2.2, RT-OPEN-56")
    else:
        chk.need(not any(c["suit"] for c in cl) and sum(markers.values()) == len(cl), f"{where}.suits",
                 "random markers: no clearing has a suit and there is one marker per clearing", "LoR-A.1")

    _features(chk, where, raw, cl, fs)
    t = raw["totals"]
    for key, counted, ref in (("clearings", len(cl), "CW-GEN-17"),
                              ("building_slots", sum(c["building_slots"] for c in cl), "LoR-2.2.3"),
                              ("ruins", sum(c["ruin"] for c in cl), "LoR-5.1.4"),
                              ("paths", len(raw["paths"]), "LoR-2.2.1"),
                              ("closed_paths", len(raw.get("closed_paths", [])), "LoR-C.3.1"),
                              ("rivers", len(raw["rivers"]), "LoR-2.3"), ("forests", len(fs), "LoR-2.4")):
        chk.count(f"{where}.totals.{key}", t[key], counted, ref)
    return GameMap(name, raw["name"], tuple(Clearing(
        c["id"], c["suit"], c["building_slots"], c["ruin"], tuple(c["adjacent"]), tuple(c["river_to"]),
        tuple(c.get("closed_path_to", ())), tuple(index[f] for f in c["forests"]), c["diagonal_opposite_corner"],
        c["map_edge"], c.get("coastal", False), LANDMARKS.get(c.get("landmark_at_setup"))) for c in cl), tuple(forests),
        tuple(s for s in SUITS for _ in range(markers.get(s, 0))), tuple(by_pos[p] for p in CORNERS))


def _features(chk: _Checks, where: str, raw: dict, cl: list, fs: list) -> None:
    """The Winter river, the Lake and the Mountain's closed paths and Pass agree with the clearings."""
    feat, w = raw["features"], f"{where}.features"
    marked = {c.get("landmark_at_setup"): c["id"] for c in cl if c.get("landmark_at_setup")}
    if "raging_river" in feat:
        chk.need(_edges(feat["raging_river"]["links"]) == _edges(raw["rivers"]), f"{w}.raging_river.links",
                 "must be the map's rivers", "LoR-C.1.1")
    if "closed_paths" in feat:
        chk.need(_edges(feat["closed_paths"]["paths"]) == _edges(raw.get("closed_paths", [])),
                 f"{w}.closed_paths.paths", "must be the map's closed_paths", "LoR-C.3.1")
    if "lake" in feat:
        coast = sorted(feat["lake"]["coastal_clearings"])
        chk.need(coast == sorted(c["id"] for c in cl if c.get("coastal")), f"{w}.lake.coastal_clearings",
                 "must be the clearings marked coastal", "LoR-C.2.3")
        ring = _edges(combinations(coast, 2))
        chk.need(_edges(feat["lake"]["lake_links"]) == ring == _edges(raw["rivers"]), f"{w}.lake.lake_links",
                 "must link every two coastal clearings, as the map's rivers", "LoR-C.2.2")
    if "coastal_forests" in feat:
        cf = feat["coastal_forests"]
        chk.need(sorted(cf["forests"]) == sorted(cf["ring_order"]) == sorted(f["id"] for f in fs if f.get("coastal")),
                 f"{w}.coastal_forests", "must be the forests marked coastal", "LoR-C.2.4")
    if "ferry" in feat:
        c = cl[feat["ferry"]["setup_clearing"] - 1]
        chk.need(marked.get("ferry") == c["id"] and c["corner"] and c.get("coastal"), f"{w}.ferry.setup_clearing",
                 "must be the coastal corner whose landmark_at_setup is the ferry", "LoR-C.2.1")
    if "pass" in feat:
        chk.need(marked.get("tower (the Pass)") == feat["pass"]["clearing"], f"{w}.pass.clearing",
                 "must be the clearing whose landmark_at_setup is the tower", "LoR-C.3.1")
    chk.need(set(marked) <= {k for k, f in (("ferry", "ferry"), ("tower (the Pass)", "pass")) if f in feat},
             f"{where}.clearings", "a landmark needs its feature (ferry, pass)", "LoR-C.2.1, LoR-C.3.1")


def _cards(chk: _Checks, where: str, deck: dict, standard: dict | None = None) -> tuple[Card, ...]:
    """A deck expanded to one Card per copy, checked entry by entry and against its totals (LoR-2.1)."""
    cards = []
    for k, c in enumerate(deck["cards"]):
        w, kind, cost = f"{where}.cards[{k}]", c["kind"], c["craft_cost"]
        chk.need((cost is None) == (kind in ("ambush", "dominance")), f"{w}.craft_cost",
                 "ambush and dominance cards only have no crafting cost", "LoR-2.1.2, LoR-2.1.3, LoR-4.1.1")
        chk.need(("item" in c) == ("vp" in c) == (kind == "item"), w, "an item card, and only one, has an item and "
                 "its VP", "LoR-3.2.2, LoR-4.1.2")
        chk.need(("effect_id" in c) == (kind in ("persistent", "immediate")), w, "a persistent or immediate card, "
                 "and only one, has an effect_id", "LoR-4.1.2, LoR-4.1.3")
        chk.need("discard_to_use" not in c or kind == "persistent", f"{w}.discard_to_use",
                 "only a persistent card is discarded to use", "LoR-4.1.3")
        if "same_as_standard" in c:
            same = (standard or {}).get(c["same_as_standard"])
            chk.need(same is not None and all(c.get(f) == same.get(f) for f in ("name", "suit", "kind", "craft_cost",
                     "item", "vp", "effect_id")), f"{w}.same_as_standard",
                     "must name a standard-deck entry with the same name, suit, kind, cost, item and VP", "LoR-A.2")
        for _ in range(c["count"]):
            cards.append(Card(len(cards), c["id"], c["name"], c["suit"], kind, None if cost is None else tuple(cost),
                              c.get("item"), c.get("vp", 0), c.get("effect_id"), c.get("discard_to_use", False)))
    ref = "LoR-2.1, LoR-B.1"
    chk.count(f"{where}.total", deck["total"], len(cards), ref)
    for key, field in (("suit_totals", "suit"), ("kind_totals", "kind"), ("item_cards_by_item", "item")):
        if key in deck:
            counted = Counter(getattr(c, field) for c in cards if getattr(c, field))
            chk.need(dict(counted) == deck[key], f"{where}.{key}", f"states {_counts(deck[key])}, the cards give "
                     f"{_counts(counted)}", ref)
    if "unique_names" in deck:
        chk.count(f"{where}.unique_names", deck["unique_names"], len({c.name for c in cards}), ref)
    return tuple(cards)


def _counts(counts) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))


def _components(chk: _Checks, raw: dict) -> Components:
    """The items add up to the box, the tracks fit their pieces, the quests and characters use the items."""
    it = raw["items"]
    box, setup = it["base_box_total_by_kind"], it["setup"]
    supply, ruin = setup["map_item_supply"], setup["ruin_items_R"]["items"]
    start = setup["vagabond_start_items_S"]["items"]
    chk.count("items.base_box_total", it["base_box_total"], sum(box.values()), "LoR-B.1")
    chk.count("items.setup.map_item_supply.total", supply["total"], sum(supply["counts"].values()),
              "LoR-5.1.5, RT-OPEN-1")
    parts = Counter(supply["counts"]) + Counter(ruin) + Counter(start)
    chk.need(parts == Counter({k: n for k, n in box.items() if n}), "items.setup",
             f"the map supply, the R and the S items give {_counts(parts)}, the box {_counts(box)}",
             "RT-OPEN-1, LoR-5.1.5, LoR-9.3.4, LoR-9.3.5, LoR-B.1")

    fa = raw["factions"]
    mq = fa["marquise"]
    bt = mq["building_tracks"]
    for b in BUILDINGS:
        for key in ("wood_cost", f"{b}_vp"):
            chk.count(f"factions.marquise.building_tracks.{key}", mq["pieces"][f"{b}s"], len(bt[key]),
                      "LoR-6.3.5, LoR-6.5.4")
    ey = fa["eyrie"]
    rt = ey["roost_track"]
    roosts = ey["pieces"]["roosts"]
    chk.need(sorted(rt["vp_by_roosts_on_map"], key=int) == [str(n) for n in range(roosts + 1)],
             "factions.eyrie.roost_track.vp_by_roosts_on_map", f"needs one entry for each of 0..{roosts} roosts",
             "LoR-7.6.1")
    chk.need(all(s <= roosts for s in rt["draw_bonus"]["spaces"]), "factions.eyrie.roost_track.draw_bonus.spaces",
             f"must be at most {roosts} roosts", "LoR-7.6.2")
    al = fa["alliance"]
    tokens = al["pieces"]["sympathy_tokens"]
    for key in ("supporters_cost", "vp"):
        chk.count(f"factions.alliance.sympathy_track.{key}", tokens, len(al["sympathy_track"][key]), "LoR-8.2.5")
    base_suits = al["pieces"]["base_suits"]
    chk.need(sorted(base_suits) == sorted(set(base_suits)) and len(base_suits) == al["pieces"]["bases"],
             "factions.alliance.pieces.base_suits", "one base per suit, as many as bases", "LoR-8.3.2")
    vb = fa["vagabond"]
    ir, rel = vb["item_rules"], vb["relationships"]
    chk.need(not set(ir["tracks"]["items"]) & set(ir["satchel_items"]) and
             set(ir["tracks"]["items"]) | set(ir["satchel_items"]) == set(ITEMS), "factions.vagabond.item_rules",
             "every item goes on a track or in the Satchel, not both", "LoR-9.2.5")
    track = rel["track"]
    chk.need(len(set(track)) == len(track) and rel["start"] in track, "factions.vagabond.relationships.track",
             "each space once, the start among them", "LoR-9.2.9, LoR-9.3.6")
    steps = track[track.index(rel["start"]):]
    want = [f"{a}->{b}" for a, b in zip(steps, steps[1:])]
    chk.need(list(rel["aids_to_advance"]) == want, "factions.vagabond.relationships.aids_to_advance",
             f"must give the steps {', '.join(want)}", "LoR-9.2.9")
    chk.need(list(rel["vp_on_reaching"]) == steps[1:], "factions.vagabond.relationships.vp_on_reaching",
             f"must give {', '.join(steps[1:])}", "LoR-9.2.9")
    for k, ch in enumerate(vb["characters"]):
        chk.need(not Counter(ch["start_items"]) - Counter(start), f"factions.vagabond.characters[{k}].start_items",
                 "must be S items", "LoR-9.3.5, LoR-D.1, LoR-D.2, LoR-D.3")
    for name, (product, items) in MORE_CHARACTERS.items():
        chk.need(not Counter(items) - Counter(start) - Counter(PRODUCT_ITEMS[product]),
                 f"data.MORE_CHARACTERS[{name!r}]", f"must be S items of the base box or of {product}",
                 "LoR-9.3.5, LoR-B.2, LoR-B.9")
    qs = vb["quests"]
    chk.count("factions.vagabond.quests.count", qs["count"], len(qs["cards"]), "LoR-9.3.3, LoR-B.1")
    per_suit = Counter(q["suit"] for q in qs["cards"])
    chk.need(all(per_suit[s] == qs["per_suit"] for s in SUITS), "factions.vagabond.quests.per_suit",
             f"states {qs['per_suit']}, the cards give {_counts(per_suit)}", "LoR-9.3.3")
    dom = raw["dominance_cards"]
    chk.count("dominance_cards.count", dom["count"], len(dom["deck_ids"]), "LoR-2.1.3")

    markers = raw["map_pieces"]["clearing_suit_markers"]
    return Components(
        item_supply=tuple(i for i in ITEMS for _ in range(supply["counts"].get(i, 0))), ruin_items=tuple(ruin),
        start_items=tuple(start), suit_markers=tuple(s for s in SUITS for _ in range(markers[s])),
        ruins=raw["map_pieces"]["ruins"]["count"],
        marquise_pieces=dict(mq["pieces"]), wood_cost=tuple(bt["wood_cost"]),
        building_vp={b: tuple(bt[f"{b}_vp"]) for b in BUILDINGS}, recruiter_draw=tuple(bt["draw_bonus"]["spaces"]),
        eyrie_pieces=dict(ey["pieces"]), roost_vp=tuple(rt["vp_by_roosts_on_map"][str(n)] for n in range(roosts + 1)),
        roost_draw=tuple(rt["draw_bonus"]["spaces"]), leaders={x["id"]: tuple(x["viziers"]) for x in ey["leaders"]},
        loyal_viziers=ey["loyal_viziers"]["count"],
        alliance_pieces={k: v for k, v in al["pieces"].items() if k != "base_suits"}, base_suits=tuple(base_suits),
        supporter_cost=tuple(al["sympathy_track"]["supporters_cost"]), sympathy_vp=tuple(al["sympathy_track"]["vp"]),
        supporter_limit=(al["supporters"]["limit_without_base"], al["supporters"]["limit_with_base"]),
        track_items=tuple(ir["tracks"]["items"]), track_capacity=ir["tracks"]["capacity_each"],
        satchel_items=tuple(ir["satchel_items"]), relations=tuple(track), relation_start=rel["start"],
        aids_to_advance=tuple(rel["aids_to_advance"].values()), relation_vp=tuple(rel["vp_on_reaching"].values()),
        characters={**{c["id"]: tuple(c["start_items"]) for c in vb["characters"]},
                    **{name: items for name, (_, items) in MORE_CHARACTERS.items()}},
        quests=tuple(Quest(q["id"], q["name"], q["suit"], tuple(q["items"])) for q in qs["cards"]),
        dominance=tuple(dom["deck_ids"]))


# ---------------------------------------------------------------------------------------------- loading

def load_maps(path: str = "") -> dict:
    """The four maps (name -> GameMap), packaged or with the user's maps file laid over them."""
    raw = MAPS_FILE.load(path)
    chk = _Checks(path or str(MAPS_FILE.file))
    return {name: _board(chk, name, raw["maps"][name]) for name in MAPS}


def load_decks(path: str = "") -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The shared deck and the Exiles and Partisans deck (LoR-2.1, LoR-A.2), each one Card per copy."""
    raw = DECK_FILE.load(path)
    chk = _Checks(path or str(DECK_FILE.file))
    standard = raw["standard_deck"]
    return (_cards(chk, "standard_deck", standard),
            _cards(chk, "exiles_and_partisans_deck", raw["exiles_and_partisans_deck"],
                   {c["id"]: c for c in standard["cards"]}))


def load_components(path: str = "") -> Components:
    """The components table, packaged or with the user's components file laid over it."""
    return _components(_Checks(path or str(COMPONENTS_FILE.file)), COMPONENTS_FILE.load(path))


@cache
def load(maps: str = "", deck: str = "", components: str = "") -> RootData:
    """All three files, once per process for each choice of files, and the checks between them: every map
    has a ruin per ruin piece and R item (LoR-5.1.4, LoR-9.3.4); the dominance cards are the deck's."""
    boards, (standard, exiles), comp = load_maps(maps), load_decks(deck), load_components(components)
    chk = _Checks(components or str(COMPONENTS_FILE.file))
    ruins = comp.ruins
    chk.need(len(comp.ruin_items) == ruins, "items.setup.ruin_items_R.items", f"needs one item per ruin ({ruins})",
             "LoR-9.3.4")
    for name, board in boards.items():
        chk.need(sum(c.ruin for c in board.clearings) == ruins, "map_pieces.ruins.count",
                 f"the {name} map has {sum(c.ruin for c in board.clearings)} ruins", "LoR-5.1.4")
        chk.need(not board.markers or sorted(board.markers) == sorted(comp.suit_markers),
                 "map_pieces.clearing_suit_markers", f"the {name} map asks for other markers", "LoR-A.1")
    dominance = {c.key for c in standard if c.kind == "dominance"}
    chk.need(set(comp.dominance) == dominance and len(comp.dominance) == len(dominance), "dominance_cards.deck_ids",
             f"must be the deck's dominance cards ({', '.join(sorted(dominance))})", "LoR-2.1.3")
    return RootData(boards, standard, exiles, comp)
