"""The packaged Root data files (maps, decks, components) against the reference's facts (its DATA.md),
and every broken file as one line naming the file, the field and the rule (CW-GEN-8, CW-GEN-17,
LoR-2.1, LoR-2.2, LoR-2.4, LoR-5.1.5, RT-OPEN-1, RT-OPEN-56)."""
from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from automa.core.errors import UsageError
from automa.root import data
from automa.root.data import DATA, MAPS, SUITS

REF = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "root" / "data"
D = data.load()
FILES = ("maps.json", "deck.json", "components.json")


@pytest.mark.skipif(not REF.is_dir(), reason=f"reference data not found at {REF}")
@pytest.mark.parametrize("name", FILES)
def test_packaged_files_are_the_reference_files(name):
    """The packaged files are the reference's checked transcription, shipped as they are, but for the map edge
    (LoR-G.1.15), which we added: `test_the_map_edge` checks it."""
    packaged = json.loads((DATA / name).read_text())
    if name == "maps.json":
        del packaged["conventions"]["map_edge"]
        for m in packaged["maps"].values():
            for c in m["clearings"]:
                del c["map_edge"]
    assert packaged == json.loads((REF / name).read_text())


def test_loaded_once_per_process():
    assert data.load() is D


def test_the_shared_deck():
    """54 cards: bird 14, fox 14, rabbit 13, mouse 13; 20 item, 22 persistent, 3 immediate (Favors),
    5 ambush, 4 dominance; item cards boot 4, bag 4, coins 3, sword 3, tea 3, crossbow 2, hammer 1
    (LoR-2.1, LoR-2.1.2, LoR-2.1.3)."""
    assert [c.id for c in D.deck] == list(range(54))
    assert Counter(c.suit for c in D.deck) == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    assert Counter(c.kind for c in D.deck) == {"item": 20, "persistent": 22, "immediate": 3, "ambush": 5,
                                               "dominance": 4}
    assert Counter(c.item for c in D.deck if c.item) == {"boot": 4, "bag": 4, "coins": 3, "sword": 3, "tea": 3,
                                                         "crossbow": 2, "hammer": 1}
    assert Counter(c.suit for c in D.deck if c.kind == "ambush") == {"bird": 2, "fox": 1, "rabbit": 1, "mouse": 1}
    assert sum(c.key == "tax_collector" for c in D.deck) == 3
    assert all((c.cost is None) == (c.kind in ("ambush", "dominance")) for c in D.deck)
    assert len(D.exiles_deck) == 54 and Counter(c.kind for c in D.exiles_deck)["persistent"] == 25


def test_the_items_of_the_box():
    """23 items in the box = the map supply of 12 (2 boots, 2 bags, 2 coins, 1 crossbow, 1 hammer, 2 swords,
    2 teas) + 4 R items + 7 S items (RT-OPEN-1, LoR-5.1.5, LoR-9.3.4, LoR-9.3.5, LoR-B.1)."""
    c = D.components
    assert Counter(c.item_supply) == {"boot": 2, "bag": 2, "coins": 2, "crossbow": 1, "hammer": 1, "sword": 2,
                                      "tea": 2}
    assert sorted(c.ruin_items) == ["bag", "boot", "hammer", "sword"] and len(c.start_items) == 7
    assert len(c.item_supply) + len(c.ruin_items) + len(c.start_items) == 23
    assert c.characters["ranger"] == ("boot", "torch", "crossbow", "sword") and len(c.quests) == 15


def test_faction_tracks():
    """The human boards: Marquise wood costs and VP (LoR-6.5.4), roost VP (LoR-7.6.1), sympathy (LoR-8.4.2),
    the Vagabond's relationships (LoR-9.2.9)."""
    c = D.components
    assert c.wood_cost == (0, 1, 2, 3, 3, 4) and c.building_vp["workshop"] == (0, 2, 2, 3, 4, 5)
    assert c.roost_vp == (0, 0, 1, 2, 3, 4, 4, 5) and c.roost_draw == (3, 6)
    assert c.supporter_cost == (1, 1, 1, 2, 2, 2, 3, 3, 3, 3) and c.sympathy_vp == (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
    assert c.supporter_limit == (5, None)
    assert c.aids_to_advance == (1, 2, 3) and c.relation_vp == (1, 2, 2)
    assert c.leaders["despot"] == ("move", "build")


@pytest.mark.parametrize("name, slots, ruins", [("fall", 22, (6, 10, 11, 12)), ("winter", 22, (8, 9, 11, 12)),
                                                ("lake", 22, (5, 10, 11, 12)), ("mountain", 23, (9, 10, 11, 12))])
def test_slots_and_ruins(name, slots, ruins):
    """Building slots, the ruin's included, and the four ruins (DATA.md §3; LoR-2.2.3, LoR-5.1.4)."""
    m = D.maps[name]
    assert [c.id for c in m.clearings] == list(range(1, 13))
    assert sum(c.slots for c in m.clearings) == slots
    assert tuple(c.id for c in m.clearings if c.ruin) == ruins


@pytest.mark.parametrize("name", MAPS)
def test_paths_rivers_and_forests_go_both_ways(name):
    """A path, a river and a closed path link both ends; each forest touches clearings that list it, and
    forest adjacency is mutual (LoR-2.2.1, LoR-2.3, LoR-2.4, LoR-2.4.1, LoR-C.3.2)."""
    m = D.maps[name]
    for c in m.clearings:
        for field in ("adjacent", "rivers", "closed"):
            assert all(c.id in getattr(m.clearings[o - 1], field) for o in getattr(c, field)), (c.id, field)
        assert all(c.id in m.forests[f].clearings for f in c.forests)
    for k, f in enumerate(m.forests):
        assert all(k in m.forests[a].adjacent for a in f.adjacent)


def test_fall_keeps_its_printed_suits():
    """Fall's suits as printed, clearing by clearing in priority order (CW-GEN-17, RT-OPEN-56); the other
    maps take the 12 suit markers (LoR-A.1)."""
    fall = D.maps["fall"]
    assert [c.suit for c in fall.clearings] == ["fox", "mouse", "rabbit", "rabbit", "rabbit", "fox", "mouse", "fox",
                                                "mouse", "rabbit", "mouse", "fox"]
    assert fall.markers == () and fall.clearings[0].adjacent == (5, 9, 10) and fall.clearings[0].opposite == 3
    for name in ("winter", "lake", "mountain"):
        assert Counter(D.maps[name].markers) == {s: 4 for s in SUITS}
        assert {c.suit for c in D.maps[name].clearings} == {None}


def test_map_features():
    """Winter's river, the Lake's coast and Ferry, the Mountain's closed paths and Pass (LoR-C.1.1, LoR-C.2.1,
    LoR-C.2.3, LoR-C.3.1)."""
    lake, mountain = D.maps["lake"], D.maps["mountain"]
    assert [c.id for c in lake.clearings if c.coastal] == [1, 10, 11, 12] and lake.clearings[0].landmark == "ferry"
    assert mountain.clearings[9].landmark == "tower"
    assert sum(len(c.closed) for c in mountain.clearings) == 12
    assert [len(D.maps[m].forests) for m in MAPS] == [7, 8, 9, 10]


def _outer_face(m) -> set[int]:
    """The clearings on the outer boundary of the drawn map: walk it from the leftmost clearing, always taking
    the path that turns furthest to one side (open and closed paths both bound the map, LoR-G.1.15)."""
    xy = {c.id: (x, y) for c, (x, y) in zip(m.clearings, _DRAWN[m.name])}
    start = min(xy, key=lambda k: xy[k])
    here, heading, seen = start, math.pi, {start}
    while True:
        def turn(n):
            return (math.atan2(xy[n][1] - xy[here][1], xy[n][0] - xy[here][0]) - heading) % (2 * math.pi) \
                or 2 * math.pi
        nxt = min(m.clearings[here - 1].adjacent + m.clearings[here - 1].closed, key=turn)
        heading = math.atan2(xy[here][1] - xy[nxt][1], xy[here][0] - xy[nxt][0])
        if nxt == start:
            return seen
        here = nxt
        seen.add(here)


_DRAWN = {name: [c["xy_px"] for c in raw["clearings"]]
          for name, raw in json.loads((DATA / "maps.json").read_text())["maps"].items()}


@pytest.mark.parametrize("name, inner", [("fall", {10, 11, 12}), ("winter", {11, 12}), ("lake", {10, 11, 12}),
                                         ("mountain", {10, 11})])
def test_the_map_edge(name, inner):
    """The map edge (LoR-G.1.15) is the outer boundary of the drawn map; the inner clearings are the ones HRF
    marks inner (its boards list them)."""
    m = D.maps[name]
    edge = {c.id for c in m.clearings if c.edge}
    assert edge == _outer_face(m) == set(range(1, 13)) - inner


def test_a_user_file_is_laid_over_the_packaged_one(tmp_path):
    path = tmp_path / "maps.toml"
    path.write_text('[maps.fall]\nname = "Autumn"\n')
    assert data.load_maps(str(path))["fall"].title == "Autumn"


_DROP = object()


def _set(at: str, value=_DROP):
    """An edit setting (or, without a value, deleting) the field at the dotted path ``at``
    (``maps.fall.clearings.0.suit``)."""
    *parents, last = at.split(".")

    def edit(d):
        for p in parents:
            d = d[int(p)] if isinstance(d, list) else d[p]
        key = int(last) if isinstance(d, list) else last
        if value is _DROP:
            del d[key]
        else:
            d[key] = value
    return edit


@pytest.mark.parametrize("file, edit, message", [
    ("maps", _set("maps.fall.clearings.2.adjacent"), "maps.fall.clearings[2]: missing key 'adjacent' (LoR-2.2)"),
    ("maps", _set("maps.fall.clearings.0.slots", 1), "maps.fall.clearings[0].slots: unknown key; known: id, suit,"),
    ("deck", _set("standard_deck.cards.0.count", "2"),
     "standard_deck.cards[0].count: expected a whole number, got text (LoR-2.1)"),
    ("maps", _set("maps.fall.clearings.0.adjacent", [5, 9, 13]),
     "maps.fall.clearings[0].adjacent[2]: 13 is out of range 1..12 (CW-GEN-8, CW-GEN-17)"),
    ("maps", _set("maps.fall.clearings.0.adjacent", [5, 9]),
     "maps.fall.clearings[9].adjacent: 10 links to 1 but 1 does not link back (LoR-2.2.1)"),
    ("maps", _set("maps.winter.paths.0", [1, 12]), "maps.winter: the adjacent lists of the clearings and the map's "
                                                   "list of links differ (LoR-2.2.1)"),
    ("maps", _set("maps.fall.clearings.0.suit", "bird"),
     "maps.fall.clearings[0].suit: 'bird' is not one of fox, rabbit, mouse (LoR-2.2.2, LoR-A.1, RT-OPEN-56)"),
    ("maps", _set("maps.fall.clearings.0.suit", None), "maps.fall.suits: printed suits: every clearing has one"),
    ("maps", _set("maps.fall.clearings.1.id", 3), "maps.fall.clearings: id 3 appears twice"),
    ("maps", _set("maps.fall.clearings.0.forests", ["F1", "F9"]),
     "maps.fall.clearings[0].forests: 'F9' is not a forest of this map (LoR-2.4)"),
    ("maps", _set("maps.fall.forests.0.clearings", [1, 2, 5, 10, 12]), "maps.fall.forests[0].clearings: must be the "
                                                                       "clearings that list F1"),
    ("maps", _set("maps.mountain.totals.building_slots", 22),
     "maps.mountain.totals.building_slots: states 22, the entries give 23 (LoR-2.2.3)"),
    ("maps", _set("maps.fall.clearings.5.ruin", False), "maps.fall.clearings[5].free_slots_at_setup: must be "
                                                        "building_slots less the ruin (LoR-2.2.4)"),
    ("deck", _set("standard_deck.cards.0.suit", "fox"), "standard_deck.suit_totals: states bird 14, fox 14, mouse 13, "
                                                        "rabbit 13, the cards give bird 12, fox 16"),
    ("deck", _set("standard_deck.cards.3.item", "torch"), "standard_deck.item_cards_by_item: states"),
    ("deck", _set("standard_deck.total", 55), "standard_deck.total: not configurable: the base box's shared deck"),
    ("deck", _set("standard_deck.cards.1.effect_id", "armorer"), "standard_deck.cards[1].effect_id: 'armorer' is not"),
    ("deck", _set("standard_deck.cards.0.craft_cost", ["fox"]), "standard_deck.cards[0].craft_cost: ambush and "
                                                                "dominance cards only have no crafting cost"),
    ("deck", _set("exiles_and_partisans_deck.cards.1.vp", 3), "exiles_and_partisans_deck.cards[1].same_as_standard: "
                                                              "must name a standard-deck entry"),
    ("components", _set("items.setup.map_item_supply.counts.tea", 3),
     "items.setup.map_item_supply.total: states 12, the entries give 13 (LoR-5.1.5, RT-OPEN-1)"),
    ("components", _set("items.setup.ruin_items_R.items", ["bag", "boot", "hammer", "tea"]),
     "items.setup: the map supply, the R and the S items give"),
    ("components", _set("items.setup.map_item_supply.counts.torch", "1"),
     "items.setup.map_item_supply.counts.torch: expected a whole number, got text (LoR-5.1.5, RT-OPEN-1)"),
    ("components", _set("factions.alliance.sympathy_track.vp", [0, 1, 1]),
     "factions.alliance.sympathy_track.vp: states 10, the entries give 3 (LoR-8.2.5)"),
    ("maps", _set("maps.lake.features.ferry.setup_clearing", 2), "maps.lake.features.ferry.setup_clearing: must be "
                                                                  "the coastal corner"),
    ("maps", _set("maps.fall.corners.diagonal_pairs.0", [1, 2]), "maps.fall.clearings[0].diagonal_opposite_corner: "
                                                                 "must agree with corners.diagonal_pairs (LoR-3.3.1)"),
    ("maps", _set("maps.winter.clearings.1.map_edge", False), "maps.winter.clearings[1].map_edge: a corner lies on the "
                                                              "map edge (LoR-3.3.1, LoR-G.1.15)"),
    ("components", _set("factions.vagabond.characters.0.start_items", ["boot", "torch", "torch", "sword"]),
     "factions.vagabond.characters[0].start_items: must be S items (LoR-9.3.5"),
    ("components", _set("factions.vagabond.quests.cards.0.suit", "mouse"),
     "factions.vagabond.quests.per_suit: states 5, the cards give fox 4, mouse 6, rabbit 5 (LoR-9.3.3)"),
    ("components", _set("map_pieces.ruins.count", 5), "items.setup.ruin_items_R.items: needs one item per ruin (5)"),
    ("components", _set("dominance_cards.deck_ids.0", "dominance_x"), "dominance_cards.deck_ids: must be the deck's "
                                                                      "dominance cards"),
])
def test_a_broken_file_is_one_line_naming_the_field(tmp_path, file, edit, message):
    """Each broken file fails to load with one line: the file, the field's dotted path, the problem and the
    rule IDs. The packaged file loads, so each edit is what fails."""
    raw = json.loads((DATA / f"{file}.json").read_text())
    edit(raw)
    path = tmp_path / f"{file}.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(UsageError) as err:
        data.load(**{file: str(path)})
    text = str(err.value)
    assert text.startswith(f"{path}: ") and message in text and "\n" not in text, text
