"""Loading and validating the Stroganov data files, and the per-process tables built from them.

The packaged files in ``data/`` hold the automa (``automa.json``: Ivan's deck, the difficulty levels,
the trophy tracks) and every parameter (open points with their proposed defaults). A user ``rules=PATH``
file (TOML or JSON, told apart by content) replaces any ``section.key`` of ``parameters.json`` or
``turukhan.json``, an ``automa=PATH`` file any part of ``automa.json``; the results are checked against
``PARAMETERS`` and ``AUTOMA`` (:mod:`automa.core.schema`), so every key is read or rejected by name.
``Tables`` then checks what depends on other values (a region index against the number of regions).
"""
from __future__ import annotations

from dataclasses import dataclass
import re
from itertools import accumulate
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.schema import (AnyOf, Bool, DataFile, Dict, Int, List, Map, Note, Opt, SchemaError, Str, check,
                                 overlay, read_data)
from automa.stroganov.options import LEVEL, OPEN_POINTS

DATA = Path(__file__).parent / "data"
REWARD_KEYS = ("vp", "coins", "horses", "furs_from_bag", "fur_from_market", "story", "banners",
               "trophy_action", "tiger", "new_outpost")
TERRAINS = ("forest", "swamp", "steppe", "mountain")
SACRED, WILD = 4, 5  # terrain codes of Б-tiles (fifth type) and A-tiles (wild)
# region_layout=six_regions: six regions 0-5 of two slots each, the former default (ST-OPEN-3)
SIX_REGIONS = (2, 2, 2, 2, 2, 2)
ACTIONS = ("outpost", "trophy", "yurt", "tsar-wish", "claim-landscape-full-cost")


@dataclass(frozen=True, slots=True)
class Card:
    """One automa card (ST-IVAN-DECK-1)."""

    id: int
    move: int
    highest: bool
    count: int
    action: str
    location_fur: bool
    far_east: bool
    letters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    """A landscape tile: terrain code (0-3 the four base types, 4 sacred, 5 wild), fur slots, claim bonus
    (ST-LAND-1, ST-LAND-3)."""

    id: str
    start: bool
    terrain: int
    slots: int
    bonus: tuple


def _open(key: str) -> str:
    """The open points (ST-OPEN-n) a ``section.key`` parameter holds (options.OPEN_POINTS)."""
    return ", ".join(f"ST-OPEN-{n}" for n, where in OPEN_POINTS.items()
                     if key in [w.strip().replace("[]", "") for w in where.split(",")]
                     or any(w.strip().startswith(key + "[]") for w in where.split(",")))


def _p(spec_type, key, doc, component, ref="", **kw):
    return spec_type(doc=doc, ref=", ".join(r for r in (ref, _open(key)) if r), component=component, **kw)


def _section(name, component, **fields):
    """A section of parameters.json / turukhan.json: each field (spec_type, doc, kwargs) with its
    open points and the component to read it from."""
    return Dict(fields={k: _p(t, f"{name}.{k}", doc, component, ref, **kw) for k, (t, doc, ref, kw) in fields.items()})


def _f(spec_type, doc, ref="", **kw):
    return spec_type, doc, ref, kw


REWARD = Map(choices=REWARD_KEYS, value=Int(lo=0, hi=99))
REWARDS = AnyOf(options=(REWARD, List(item=REWARD, min=1)))   # one bundle, or a choice of bundles
ID = Str(doc="the tile's or card's name (must be unique)")


def _tiles(doc="", ref="", component="", **fields):
    """A list of named tiles or cards with the given fields."""
    return List(item=Dict(fields={"id": ID, **fields}), unique="id", doc=doc, ref=ref, component=component)


PARAMETERS = Dict(fields={
    "about": Opt(Note()),
    "furs": _section("furs", "fur tokens, fur bag",
                     names=_f(Map, "name of the fur of each value", "ST-FUR-1", keys="[1-8]", value=Str()),
                     bag_counts_by_value=_f(Map, "furs of each value 2-8 in the bag", "ST-FUR-2", keys="[2-8]",
                                            value=Int(lo=0, hi=200)),
                     tigers=_f(Int, "tiger tokens", "ST-COMP-1", lo=0, hi=99)),
    "board": _section("board", "main board",
                      slots_per_region=_f(List, "landscape slots per region, west to east (0: a region "
                                          "without tiles)", "ST-BOARD-2", item=Int(lo=0, hi=6), min=1),
                      regions_with_village_yurt_wish=_f(List, "regions (0 = westernmost) holding a village, yurt "
                                                        "and wish", "ST-BOARD-4", item=Int(lo=0, hi=99), min=1),
                      region_fur_pool=_f(List, "fur values dealt one per region", "ST-BOARD-3",
                                         item=Int(lo=2, hi=8), min=1)),
    "landscape": _section("landscape", "landscape tiles",
                          tiles=_f(List, "each tile: S-tile (start_tile), terrain, fur slots, claim bonus",
                                   "ST-LAND-1, ST-LAND-3", unique="id", item=Dict(fields={
                                       "id": ID, "start_tile": Bool(), "terrain": Str(choices=TERRAINS),
                                       "fur_slots": Int(lo=1, hi=8), "claim_bonus": REWARDS})),
                          fixed_fur_slots=_f(Int, "if above 0: every tile has this many fur slots", lo=0, hi=8)),
    "movement": _section("movement", "player board, movement track",
                         mandatory_max=_f(Int, "tiles moved for free", "ST-MOVE-1", lo=1, hi=12),
                         extra_tile_horse_costs=_f(List, "horses for each further tile", "ST-MOVE-2",
                                                   item=Int(lo=0, hi=99)),
                         basic_move_steps=_f(Int, "steps of the basic move action", "ST-MOVE-3", lo=1, hi=12)),
    "actions": _section("actions", "player board, action spaces",
                        coin_gain=_f(Int, "coins of the coin action", "ST-TURN-5", lo=0, hi=99),
                        horses_gain=_f(Int, "horses of the horse action", "ST-TURN-5", lo=0, hi=99)),
    "hunting": _section("hunting", "player board, hunting",
                        extra_fur_coin_cost=_f(Int, "coins per extra fur", "ST-HUNT-3", lo=0, hi=99),
                        skip_horse_cost=_f(Int, "horses to skip a fur", "ST-HUNT-4", lo=0, hi=99),
                        max_extra_furs=_f(Int, "most extra furs per hunt (-1: no limit)", "ST-HUNT-3", lo=-1, hi=99)),
    "market": _section("market", "main board, market",
                       buy_horses=_f(Int, "horses bought for a coin", "ST-MARKET-2", lo=0, hi=99),
                       trade_give=_f(Int, "furs given for one market fur", "ST-MARKET-3", lo=1, hi=9)),
    "claim": _section("claim", "landscape tiles, claim cost",
                      furs_per_fur_on_tile=_f(Int, "furs paid per fur on the tile", "ST-CLAIM-1", lo=0, hi=9),
                      base_region_furs=_f(Int, "furs of the region's kind paid as well", "ST-CLAIM-1", lo=0, hi=9),
                      tiger_may_replace_base_fur=_f(Bool, "a tiger may stand in for the region's fur", "ST-CLAIM-1")),
    "outposts": _section("outposts", "outposts, main board",
                         per_player=_f(Int, "outposts per colour", "ST-COMP-1", lo=1, hi=20),
                         per_region_limit=_f(Int, "outposts of one colour per region", "ST-OUTPOST-2", lo=1, hi=20),
                         vp_by_region=_f(List, "end VP of an outpost, per region west to east", "ST-END-3",
                                         item=Int(lo=0, hi=99), min=1)),
    "trophy": _section("trophy", "player board, trophy track",
                       player_step_fur_values=_f(List, "fur value each trophy step needs", "ST-TROPHY-1",
                                                 item=Int(lo=1, hi=8), min=2),
                       player_step_rewards=_f(List, "the rewards to choose from at each step but the final one, "
                                              "which gives any two of them (erratum)", "ST-TROPHY-3, ST-TROPHY-4",
                                              item=REWARDS, min=1)),
    "villages": _section("villages", "village tiles", tiles=_f(_tiles, "each village's reward", "ST-VILLAGE-3",
                                                               reward=REWARDS)),
    "yurts": _section("yurts", "yurt tiles",
                      tiles=_f(_tiles, "each yurt's mark (A: years 1-2, B: later) and reward", "ST-YURT-4",
                               mark=Str(choices=("A", "B")), reward=REWARDS),
                      a_years=_f(Int, "years the A yurts are in play", "ST-YURT-2", lo=0, hi=4)),
    "banners": _section("banners", "banner tokens, player board",
                        reserve=_f(Int, "banner tokens in the box", "ST-COMP-3", lo=0, hi=99),
                        winter_horse_base=_f(Int, "horses each winter", "ST-WINTER-2", lo=0, hi=99),
                        winter_horse_per_banner=_f(Int, "more winter horses per banner", "ST-WINTER-2", lo=0, hi=99)),
    "winter": _section("winter", "player board, winter",
                       coin_income=_f(Int, "coins each winter", "ST-WINTER-2", lo=0, hi=99)),
    "songs": _section("songs", "song tiles",
                      tiles=_f(_tiles, "each song's story cost and reward", "ST-SONG-5",
                               cost_story=Int(lo=0, hi=99), reward=REWARDS),
                      story_track_max=_f(Int, "top of the story track", "ST-SONG-1", lo=1, hi=99)),
    "wishes": _section("wishes", "tsar's wish cards",
                       cards=_f(_tiles, "each wish: group, fur value, furs needed, red-framed furs paid, end VP, "
                                "reward", "ST-WISH-1..4", group=Str(choices=("start", "first_half", "second_half")),
                                fur_value=Int(lo=1, hi=8), furs_required_total=Int(lo=1, hi=12),
                                furs_red_framed_paid=Int(lo=0, hi=12), vp_end=Int(lo=0, hi=99),
                                reward_on_fulfil=REWARDS),
                       first_half_years=_f(Int, "years the first-half wishes are dealt", "ST-WISH-1", lo=0, hi=4)),
    "scoring": _section("scoring", "scoring summary, player board",
                        terrain_set_vp=_f(List, "VP for sets of 1-5 terrain types", "ST-END-4",
                                          item=Int(lo=0, hi=99), min=5, max=5),
                        furs_per_vp=_f(Int, "furs per VP", "ST-END-5", lo=1, hi=99),
                        coins_per_vp=_f(Int, "coins per VP", "ST-END-5", lo=1, hi=99),
                        tiger_vp=_f(Int, "VP per tiger", "ST-END-5", lo=0, hi=99),
                        story_per_vp=_f(Int, "story points per VP", "ST-END-5", lo=1, hi=99),
                        horses_per_vp=_f(Int, "horses per VP (0: none)", "ST-END-5", lo=0, hi=99),
                        banners_per_vp=_f(Int, "banners per VP (0: none)", "ST-END-5", lo=0, hi=99)),
    "setup": _section("setup", "rulebook, setup",
                      start_horses_by_position=_f(List, "horses of the first and second player", "ST-SETUP-7",
                                                  item=Int(lo=0, hi=99), min=2, max=2),
                      start_coins=_f(Int, "the player's coins", "ST-SETUP-7", lo=0, hi=99),
                      start_outposts=_f(Int, "the player's outposts on the board", "ST-SETUP-8", lo=0, hi=20),
                      ivan_start_coins=_f(Int, "the automa's coins", "ST-IVAN-SETUP-1", lo=0, hi=99),
                      ivan_start_outposts=_f(Int, "the automa's outposts on the board", "ST-IVAN-SETUP-1",
                                             lo=0, hi=20)),
    "ivan": _section("ivan", "solo rules, automa rewards",
                     reward_priority=_f(List, "the order the automa takes rewards in (each reward once)",
                                        "ST-IVAN-RES-3", item=Str(choices=REWARD_KEYS), min=len(REWARD_KEYS),
                                        max=len(REWARD_KEYS))),
    "merchant": _section("merchant", "Turukhan: merchant tiles",
                         chipmunks=_f(Int, "chipmunk tokens", "ST-TK-MERCH-1", lo=0, hi=99),
                         start_region=_f(Int, "region the merchant starts in (0 = westernmost)", "ST-TK-MERCH-2",
                                         lo=0, hi=99),
                         tiles=_f(List, "each merchant tile: reward for one and for two chipmunks", "ST-TK-MERCH-3",
                                  min=1, unique="id", item=Dict(fields={"id": ID, "one": REWARDS, "two": REWARDS}))),
    "hunting_plan": _section("hunting_plan", "Turukhan: hunting plan tiles",
                             tiles=_f(Int, "hunting plan tiles", "ST-TK-PLAN-1", lo=2, hi=99),
                             length=_f(Int, "furs on a plan", "ST-TK-PLAN-1", lo=1, hi=20),
                             plans=_f(List, "the printed plans, fur values in order (empty: random plans)",
                                      "ST-TK-PLAN-2", item=List(item=Int(lo=1, hi=8), min=1)),
                             ivan_vp_by_furs=_f(List, "automa VP by plan furs taken, 0 up to length",
                                                "ST-TK-PLAN-5", item=Int(lo=0, hi=99), min=2)),
    "landscapes": _section("landscapes", "Turukhan: A- and B-tiles",
                           special_regions=_f(List, "regions of the A- and B-tile slots", "ST-TK-LAND-1",
                                              item=Int(lo=0, hi=99), min=1),
                           special_tile_fur_slots=_f(Int, "fur slots of an A- or B-tile", "ST-TK-LAND-1", lo=0, hi=8),
                           a_tile_ivan_vp=_f(Int, "VP the automa scores for an A-tile", "ST-TK-LAND-7", lo=0, hi=99),
                           a_tiles=_f(List, "names of the A-tiles", "ST-TK-LAND-6", item=Str()),
                           b_tiles=_f(List, "names of the B-tiles", "ST-TK-LAND-6", item=Str())),
    "diplomacy": _section("diplomacy", "Turukhan: diplomacy track",
                          spaces=_f(Int, "track spaces", "ST-TK-DIPLO-7", lo=2, hi=999),
                          spaces_per_zone=_f(Int, "spaces per zone", "ST-TK-DIPLO-7", lo=1, hi=999),
                          tiles=_f(Int, "diplomacy tiles", "ST-TK-DIPLO-2", lo=0, hi=99),
                          bonus_spaces=_f(List, "spaces with a bonus tile", "ST-TK-DIPLO-7", item=Int(lo=1, hi=999),
                                          min=1),
                          bonus_tiles=_f(List, "the bonus tile of each bonus space", "ST-TK-DIPLO-5", item=REWARDS),
                          wild_value=_f(Int, "value of a wild diplomacy fur", "ST-TK-DIPLO-3", lo=1, hi=99)),
})
RULES_FILE = DataFile("rules", "Stroganov parameters: pass back with --option rules=PATH", PARAMETERS,
                      (DATA / "parameters.json", DATA / "turukhan.json"), depth=2)


LETTERS = tuple("abcdef")   # the deck-building strategies (ST-IVAN-DECK-2)
CARD = Dict(doc="one card: its move/hunt half (read from the top of the deck) and its additional action "
                "(read from the card drawn)", ref="ST-IVAN-DECK-1, ST-IVAN-DRAW-1", fields={
    "id": Int(lo=1, hi=999, doc="the card's number (unique)", ref="ST-IVAN-DECK-1"),
    "move_east": Int(lo=0, hi=12, doc="tiles the cossack moves east", ref="ST-IVAN-MOVE-1"),
    "hunt_selection": Str(choices=("lowest", "highest"), doc="furs hunted from the column: lowest or highest",
                          ref="ST-IVAN-HUNT-1"),
    "hunt_count": Int(lo=1, hi=4, doc="how many furs hunted", ref="ST-IVAN-HUNT-1"),
    "additional_action": Str(choices=ACTIONS, doc="the additional action", ref="ST-IVAN-ACT-1..6"),
    "paid_with_location_fur": Bool(doc="true exactly for outpost, yurt and tsar-wish cards (the action decides "
                                       "whether the location fur is paid)", ref="ST-IVAN-LOCFUR-1"),
    "far_east": Bool(doc="the 'as far east as possible' flag (see the ivan_far_east option)",
                     ref="ST-IVAN-FAREAST-1, ST-OPEN-41"),
    "strategy_letters": List(item=Str(choices=LETTERS), doc="deck-building letters: strategy X removes the cards "
                             "carrying X (a outposts & trophies, b outposts & landscape tiles, c outposts & "
                             "tsar's wishes, d trophies & landscape tiles, e trophies & tsar's wishes, f landscape "
                             "tiles & tsar's wishes)", ref="ST-IVAN-DECK-2")})
AUTOMA = Dict(fields={
    "about": Opt(Note()),
    "deck": Dict(doc="Ivan's deck", component="automa cards", ref="ST-IVAN-DECK-1..3", fields={
        "size": Int(lo=12, hi=999, doc="cards in the built deck, shuffled once; his 12 turns need 12",
                    ref="ST-IVAN-DECK-2, ST-IVAN-DECK-3, ST-IVAN-DRAW-1"),
        "cards": List(item=CARD, min=12, unique="id", doc="the automa cards; to add a card, copy one and give it "
                      "a new id", ref="ST-IVAN-DECK-1", component="automa cards")}),
    "difficulty": Map(keys=LEVEL, doc="the difficulty levels, by name; a new [difficulty.NAME] is a level the "
                      "difficulty option accepts with this file", ref="ST-IVAN-DIFF-1, ST-IVAN-DIFF-2, ST-TK-DIFF-1",
                      component="solo rules, difficulty", value=Dict(fields={
                          "missing_fur_coins": Int(lo=0, hi=99, doc="coins Ivan gains when he lacks the fur for "
                                                   "his additional action (0: nothing)", ref="ST-IVAN-DIFF-1"),
                          "trade_fur_coins": Int(lo=0, hi=99, doc="coins Ivan gains instead of a fur of the trade "
                                                 "space's value (0: he keeps the fur)", ref="ST-IVAN-DIFF-2, "
                                                 "ST-OPEN-45")})),
    "ivan": Dict(doc="Ivan, side a of the solo board", component="solo board, side a", ref="ST-IVAN-KAT-1", fields={
        "trophy_vp": List(item=Int(lo=0, hi=99), min=1, doc="VP of each step down his trophy track, the last "
                          "repeating (the option ivan_trophy_values, set to another track, replaces it)",
                          ref="ST-IVAN-ACT-3, ST-OPEN-19")}),
    "katyusha": Dict(doc="Katyusha, side b: only her trophy track differs", component="solo board, side b",
                     ref="ST-IVAN-KAT-1", fields={
        "trophy_vp": List(item=Int(lo=0, hi=99), min=1, doc="VP of each step down her trophy track, the last "
                          "repeating (the option katyusha_trophy_values, set to another track, replaces it)",
                          ref="ST-IVAN-KAT-1, ST-OPEN-19")}),
})
AUTOMA_FILE = DataFile("automa", "Stroganov automa (Ivan or Katyusha): pass back with --option automa=PATH",
                       AUTOMA, DATA / "automa.json")
FILES = (AUTOMA_FILE, RULES_FILE)  # the last is `rules template`'s default


def _ref_at(spec, path: str) -> str:
    """The rule IDs of the innermost spec on ``path`` (``deck.cards[3].move_east``) that cites one."""
    ref = spec.ref
    for part in re.findall(r"\[\d+\]|[^.\[\]]+", path):
        if isinstance(spec, List) and part.startswith("["):
            spec = spec.item
        elif isinstance(spec, Dict) and part in spec.fields:
            spec = spec.fields[part].spec if isinstance(spec.fields[part], Opt) else spec.fields[part]
        elif isinstance(spec, Map):
            spec = spec.value
        else:
            break
        ref = spec.ref or ref
    return ref


def load_automa(path: str = "") -> dict:
    """The packaged automa, or the user's file laid over it (each section left out kept, objects merged
    key by key, a list replaced whole), checked against ``AUTOMA``; an error names the file, the field
    and its rule IDs."""
    base = AUTOMA_FILE.packaged()
    merged = overlay(base, read_data(path)) if path else base
    try:
        check(AUTOMA, merged, "", base)
    except SchemaError as exc:
        ref = _ref_at(AUTOMA, str(exc).split(": ")[0])
        raise UsageError(f"{path or AUTOMA_FILE.file}: {exc}" + (f" ({ref})" if ref else "")) from None
    return merged


def load_raw(rules_path: str = "", automa_path: str = "") -> tuple[dict, dict]:
    """The automa and the parameters, packaged or with the user's files laid over them."""
    return load_automa(automa_path), RULES_FILE.load(rules_path)


def _reward(v) -> tuple:
    """A checked reward (``REWARDS``) as choices of ((reward, amount), ...) in REWARD_KEYS order."""
    return tuple(tuple((k, alt[k]) for k in REWARD_KEYS if k in alt) for alt in (v if isinstance(v, list) else [v]))


class _Check:
    """The checks that depend on other values (the schema checks each value alone); errors name the
    file and the entry."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, where: str, problem: str):
        raise UsageError(f"{self.file}: {where}: {problem}")

    def int(self, where, v, lo=0, hi=10**6) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail(where, f"{v!r} is not a whole number in {lo}..{hi}")
        return v

    def ints(self, where, v, lo=0, hi=10**6, n=None) -> tuple[int, ...]:
        if not isinstance(v, list) or (n is not None and len(v) != n) or not v:
            self.fail(where, f"expected a list of {n or 'some'} whole numbers")
        return tuple(self.int(f"{where}[{i}]", x, lo, hi) for i, x in enumerate(v))



def _cards(raw: dict, chk: _Check) -> tuple[Card, ...]:
    """The automa cards (ST-IVAN-DECK-1); the location fur goes with the action (ST-IVAN-LOCFUR-1)."""
    cards = []
    for i, c in enumerate(raw["cards"]):
        paid = c["additional_action"] in ("outpost", "yurt", "tsar-wish")
        if c["paid_with_location_fur"] != paid:
            chk.fail(f"deck.cards[{i}].paid_with_location_fur", f"a {c['additional_action']} card is "
                     f"{'' if paid else 'not '}paid with the location fur, so this must be {str(paid).lower()} "
                     f"(ST-IVAN-LOCFUR-1)")
        cards.append(Card(c["id"], c["move_east"], c["hunt_selection"] == "highest", c["hunt_count"],
                          c["additional_action"], paid, c["far_east"], tuple(c["strategy_letters"])))
    return tuple(cards)


class Tables:
    """Everything a game needs from the data files, validated and precomputed once per process.

    The component and board facts are data loaded and checked here: the box's counts (26 landscape tiles,
    5 of them S-tiles, 76 furs, 16 tigers, 5 villages, 16 yurts, 20 songs, 37 wishes, 18 automa cards, 5
    outposts per colour; ST-COMP-1); the fur kinds of value 2-8 with names and bag counts (ST-FUR-1,
    ST-FUR-2); the regions west to east and their slots (``slot_region``, ST-BOARD-2; ``region_layout`` keeps
    ``board.slots_per_region`` or takes the former six regions, ST-OPEN-3); the regions that
    hold a village, yurt and wish (ST-BOARD-4); the region-fur pool, one distinct kind per region
    (ST-BOARD-3); each tile's terrain and claim bonus (ST-LAND-1, ST-LAND-3); the wish groups (start,
    first half, second half; ST-WISH-1); the proposed village, yurt and song lists (ST-VILLAGE-3,
    ST-YURT-4, ST-SONG-5).
    """

    def __init__(self, rules_path: str = "", region_layout: str = "five_regions", automa_path: str = ""):
        automa, p = load_raw(rules_path, automa_path)
        src = rules_path or str(DATA / "parameters.json")
        chk = _Check(src)
        self._automa(automa, _Check(automa_path or str(AUTOMA_FILE.file)))

        f = p["furs"]
        self.fur_names = {int(k): v for k, v in f["names"].items()}
        bag = [0] * 9
        for k, n in f["bag_counts_by_value"].items():
            bag[int(k)] = n
        if not any(bag):
            chk.fail("furs.bag_counts_by_value", "the bag needs at least one fur")
        self.bag_counts = tuple(bag)
        self.tigers = f["tigers"]

        b = p["board"]
        self.slots_per_region = tuple(b["slots_per_region"])
        if region_layout == "six_regions":
            self.slots_per_region = SIX_REGIONS
        self.n_regions = len(self.slots_per_region)
        self.slot_region = tuple(r for r, n in enumerate(self.slots_per_region) for _ in range(n))
        self.n_slots = len(self.slot_region)
        self.region_slots = tuple(tuple(s for s in range(self.n_slots) if self.slot_region[s] == r)
                                  for r in range(self.n_regions))
        if not self.slot_region or not self.slots_per_region[-1]:
            chk.fail("board.slots_per_region", "needs slots, and some in the easternmost region")
        self.item_regions = chk.ints("board.regions_with_village_yurt_wish", b["regions_with_village_yurt_wish"],
                                     0, self.n_regions - 1)
        self.region_fur_pool = tuple(b["region_fur_pool"])
        if len(set(self.region_fur_pool)) < self.n_regions:
            chk.fail("board.region_fur_pool", f"needs at least {self.n_regions} different values")

        ls = p["landscape"]
        fixed = ls["fixed_fur_slots"]
        tiles = []
        for t in ls["tiles"]:
            tiles.append(Tile(t["id"], t["start_tile"], TERRAINS.index(t["terrain"]), fixed or t["fur_slots"],
                              _reward(t["claim_bonus"])))
        self.start_tiles = tuple(i for i, t in enumerate(tiles) if t.start)
        self.other_tiles = tuple(i for i, t in enumerate(tiles) if not t.start)
        if len(tiles) < self.n_slots:
            chk.fail("landscape.tiles", f"needs at least {self.n_slots} tiles for the row")

        tk = p["landscapes"]
        special_slots = tk["special_tile_fur_slots"]
        self.a_tiles = tuple(range(len(tiles), len(tiles) + len(tk["a_tiles"])))
        for name in tk["a_tiles"]:
            tiles.append(Tile(name, False, WILD, special_slots, ()))
        self.b_tiles = tuple(range(len(tiles), len(tiles) + len(tk["b_tiles"])))
        for name in tk["b_tiles"]:
            tiles.append(Tile(name, False, SACRED, special_slots, ()))
        self.tiles = tuple(tiles)
        self.special_regions = chk.ints("landscapes.special_regions", tk["special_regions"], 0, self.n_regions - 1)
        if not all(self.region_slots[r] for r in self.special_regions):
            chk.fail("landscapes.special_regions", "each needs a region with slots")
        # module 3: the last slot of each special region, and the others, whose tiles shift (ST-TK-LAND-1)
        self.special_slots = tuple(self.region_slots[r][-1] for r in self.special_regions)
        self.plain_slots = tuple(s for s in range(self.n_slots) if s not in self.special_slots)
        self.a_tile_ivan_vp = tk["a_tile_ivan_vp"]

        m = p["movement"]
        self.mandatory_max = m["mandatory_max"]
        self.extra_move_costs = tuple(m["extra_tile_horse_costs"]) \
            if m["extra_tile_horse_costs"] else ()
        # the horses that moving 1, 2, ... tiles costs in all
        self.move_costs = tuple(accumulate((0,) * self.mandatory_max + self.extra_move_costs))
        self.basic_move_steps = m["basic_move_steps"]
        a = p["actions"]
        self.coin_gain = a["coin_gain"]
        self.horses_gain = a["horses_gain"]
        h = p["hunting"]
        self.extra_fur_cost = h["extra_fur_coin_cost"]
        self.skip_cost = h["skip_horse_cost"]
        self.max_extra = h["max_extra_furs"]
        self.buy_horses = p["market"]["buy_horses"]
        self.trade_give = p["market"]["trade_give"]
        c = p["claim"]
        self.claim_per_fur = c["furs_per_fur_on_tile"]
        self.claim_base = c["base_region_furs"]
        self.claim_tiger_base = bool(c["tiger_may_replace_base_fur"])
        o = p["outposts"]
        self.outposts_per_player = o["per_player"]
        self.outpost_region_limit = o["per_region_limit"]
        self.outpost_vp = chk.ints("outposts.vp_by_region", o["vp_by_region"], 0, 99, self.n_regions)
        t = p["trophy"]
        self.trophy_furs = tuple(t["player_step_fur_values"])
        if len(t["player_step_rewards"]) != len(self.trophy_furs) - 1:  # the final step: two of them (ST-TROPHY-4)
            chk.fail("trophy.player_step_rewards", f"needs one entry per trophy step before the final one "
                     f"({len(self.trophy_furs) - 1})")
        self.trophy_rewards = tuple(_reward(r) for r in t["player_step_rewards"])
        self.villages = tuple(_reward(v["reward"]) for v in p["villages"]["tiles"])
        yurts = p["yurts"]["tiles"]
        self.yurts = tuple(_reward(y["reward"]) for y in yurts)
        self.yurts_a = tuple(i for i, y in enumerate(yurts) if y["mark"] == "A")
        self.yurts_b = tuple(i for i, y in enumerate(yurts) if y["mark"] != "A")
        self.yurt_a_years = p["yurts"]["a_years"]
        n_items = len(self.item_regions)
        for name, pool in (("villages.tiles", self.villages), ("yurts.tiles A", self.yurts_a),
                           ("yurts.tiles B", self.yurts_b)):
            if len(pool) < n_items:
                chk.fail(name, f"needs at least {n_items} entries, one per region with items")
        bn = p["banners"]
        self.banner_reserve = bn["reserve"]
        self.horse_base = bn["winter_horse_base"]
        self.horse_per_banner = bn["winter_horse_per_banner"]
        self.coin_income = p["winter"]["coin_income"]
        songs = p["songs"]["tiles"]
        self.songs = tuple((s["cost_story"], _reward(s["reward"])) for s in songs)
        self.story_max = p["songs"]["story_track_max"]
        wishes = p["wishes"]["cards"]
        self.wishes = []
        for i, wc in enumerate(wishes):
            w = f"wishes.cards[{i}]"
            total = wc["furs_required_total"]
            self.wishes.append((wc["fur_value"], total,
                                chk.int(f"{w}.furs_red_framed_paid", wc["furs_red_framed_paid"], 0, total),
                                wc["vp_end"],
                                _reward(wc["reward_on_fulfil"])))
        self.wishes = tuple(self.wishes)
        self.least_wish = min((w[1] for w in self.wishes), default=1)  # furs the smallest wish needs
        self.wish_groups = {g: tuple(i for i, wc in enumerate(wishes) if wc["group"] == g)
                            for g in ("start", "first_half", "second_half")}
        if len(self.wish_groups["start"]) < 2:
            chk.fail("wishes.cards", "needs at least 2 start wishes for the start sets")
        self.wish_first_half_years = p["wishes"]["first_half_years"]
        s = p["scoring"]
        self.set_vp = tuple(s["terrain_set_vp"])
        self.furs_per_vp = s["furs_per_vp"]
        self.coins_per_vp = s["coins_per_vp"]
        self.tiger_vp = s["tiger_vp"]
        self.story_per_vp = s["story_per_vp"]
        self.horses_per_vp = s["horses_per_vp"]
        self.banners_per_vp = s["banners_per_vp"]
        su = p["setup"]
        self.start_horses = tuple(su["start_horses_by_position"])
        self.start_coins = su["start_coins"]
        self.start_outposts = chk.int("setup.start_outposts", su["start_outposts"], 0, self.outposts_per_player)
        self.ivan_start_coins = su["ivan_start_coins"]
        self.ivan_start_outposts = chk.int("setup.ivan_start_outposts", su["ivan_start_outposts"], 0,
                                           self.outposts_per_player)
        prio = p["ivan"]["reward_priority"]
        if len(set(prio)) != len(REWARD_KEYS):
            chk.fail("ivan.reward_priority", f"must list each of {', '.join(REWARD_KEYS)} once")
        self.ivan_priority = tuple(prio)

        mr = p["merchant"]
        self.chipmunks = mr["chipmunks"]
        self.merchant_start = chk.int("merchant.start_region", mr["start_region"], 0, self.n_regions - 1)
        self.merchant_tiles = tuple((_reward(m["one"]), _reward(m["two"])) for m in mr["tiles"])
        hp = p["hunting_plan"]
        self.plan_tiles = hp["tiles"]
        self.plan_length = hp["length"]
        self.plans = tuple(chk.ints(f"hunting_plan.plans[{i}]", pl, 1, 8, self.plan_length)
                           for i, pl in enumerate(hp["plans"]))
        if self.plans and len(self.plans) < 2:
            chk.fail("hunting_plan.plans", "give at least 2 plans, or none for random plans")
        self.plan_vp = chk.ints("hunting_plan.ivan_vp_by_furs", hp["ivan_vp_by_furs"], 0, 99, self.plan_length + 1)
        d = p["diplomacy"]
        self.diplo_spaces = d["spaces"]
        self.diplo_per_zone = d["spaces_per_zone"]
        self.diplo_tiles = d["tiles"]
        self.diplo_bonus_spaces = chk.ints("diplomacy.bonus_spaces", d["bonus_spaces"], 1, self.diplo_spaces)
        self.diplo_bonus_tiles = tuple(_reward(r) for r in d["bonus_tiles"])
        if len(self.diplo_bonus_tiles) != len(self.diplo_bonus_spaces):
            chk.fail("diplomacy.bonus_tiles", "needs one bonus tile per bonus space")
        self.diplo_wild = d["wild_value"]
        self.set_cache: dict = {}  # scoring.best_sets
        self.terrain = tuple(tile.terrain for tile in self.tiles)  # terrain code per tile index
        self.terrain_cache: dict = {}  # landscape-set VP per count of each terrain code (scoring.terrain_vp)

    def _automa(self, a: dict, chk: _Check) -> None:
        """Ivan's deck (ST-IVAN-DECK-1..3), the difficulty levels (ST-IVAN-DIFF-1, ST-IVAN-DIFF-2) and the
        two sides' trophy tracks (ST-IVAN-ACT-3, ST-IVAN-KAT-1, ST-OPEN-19) from the automa file."""
        self.cards = _cards(a["deck"], chk)
        self.card_by_id = {c.id: c for c in self.cards}
        self.deck_size = a["deck"]["size"]
        ids = tuple(c.id for c in self.cards)
        self.deck_ids = {"random": ids}  # the cards Ivan's deck is built from, per automa_strategy
        for letter in LETTERS:
            self.deck_ids[letter] = tuple(c.id for c in self.cards if letter not in c.letters)
            if len(self.deck_ids[letter]) < self.deck_size:
                chk.fail("deck.cards", f"strategy {letter} removes the cards carrying {letter!r}, which leaves "
                         f"{len(self.deck_ids[letter])}, fewer than deck.size {self.deck_size} (ST-IVAN-DECK-2)")
        self.levels = {name: (v["missing_fur_coins"], v["trade_fur_coins"]) for name, v in a["difficulty"].items()}
        self.trophy_vp = {side: tuple(a[side]["trophy_vp"]) for side in ("ivan", "katyusha")}
