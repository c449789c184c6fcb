"""Loading and validating the Stroganov data files, and the per-process tables built from them.

The packaged files in ``data/`` hold the automa cards, the deck strategies and every parameter
(open points with their proposed defaults). A user ``rules=PATH`` file (TOML or JSON) overrides any
``section.key`` of ``parameters.json`` or ``turukhan.json``; unknown keys are rejected by name.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.schema import AnyOf, Bool, DataFile, Dict, Int, List, Map, Note, Opt, Str, read_data
from automa.stroganov.options import OPEN_POINTS

DATA = Path(__file__).parent / "data"
REWARD_KEYS = ("vp", "coins", "horses", "furs_from_bag", "fur_from_market", "story", "banners",
               "trophy_action", "tiger", "new_outpost")
TERRAINS = ("forest", "swamp", "steppe", "mountain")
SACRED, WILD = 4, 5  # terrain codes of Б-tiles (fifth type) and A-tiles (wild)
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
                      slots_per_region=_f(List, "landscape slots per region, west to east", "ST-BOARD-2",
                                          item=Int(lo=1, hi=6), min=1),
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
                                                 item=Int(lo=1, hi=8), min=1),
                       player_step_rewards=_f(List, "the rewards to choose from at each step", "ST-TROPHY-2",
                                              item=REWARDS)),
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
                                        "ST-IVAN-REW-1", item=Str(choices=REWARD_KEYS), min=len(REWARD_KEYS),
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
                           a_tile_ivan_vp=_f(Int, "VP the automa scores for an A-tile", "ST-TK-LAND-4", lo=0, hi=99),
                           a_tiles=_f(List, "names of the A-tiles", "ST-TK-LAND-2", item=Str()),
                           b_tiles=_f(List, "names of the B-tiles", "ST-TK-LAND-2", item=Str())),
    "diplomacy": _section("diplomacy", "Turukhan: diplomacy track",
                          spaces=_f(Int, "track spaces", "ST-TK-DIPLO-1", lo=2, hi=999),
                          spaces_per_zone=_f(Int, "spaces per zone", "ST-TK-DIPLO-1", lo=1, hi=999),
                          tiles=_f(Int, "diplomacy tiles", "ST-TK-DIPLO-2", lo=0, hi=99),
                          bonus_spaces=_f(List, "spaces with a bonus tile", "ST-TK-DIPLO-4", item=Int(lo=1, hi=999),
                                          min=1),
                          bonus_tiles=_f(List, "the bonus tile of each bonus space", "ST-TK-DIPLO-4", item=REWARDS),
                          wild_value=_f(Int, "value of a wild diplomacy fur", "ST-TK-DIPLO-6", lo=1, hi=99)),
})
RULES_FILE = DataFile("rules", "Stroganov parameters: pass back with --option rules=PATH", PARAMETERS,
                      (DATA / "parameters.json", DATA / "turukhan.json"), depth=2)
FILES = (RULES_FILE,)


def load_raw(rules_path: str = "") -> tuple[dict, dict, dict]:
    """The packaged cards, strategies and parameters, with a user rules file laid over them."""
    return read_data(DATA / "cards.json"), read_data(DATA / "strategies.json"), RULES_FILE.load(rules_path)


class _Check:
    """Validation helpers whose errors name the file and the entry."""

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

    def reward(self, where, v) -> tuple:
        """A reward: one bundle (dict) or a choice of bundles (list of dicts)."""
        alts = v if isinstance(v, list) else [v]
        out = []
        for i, alt in enumerate(alts):
            if not isinstance(alt, dict):
                self.fail(where, "a reward is an object of reward: amount")
            bad = [k for k in alt if k not in REWARD_KEYS]
            if bad:
                self.fail(where, f"unknown reward {bad[0]!r}; known: {', '.join(REWARD_KEYS)}")
            out.append(tuple((k, self.int(f"{where}.{k}", alt[k], 0, 99)) for k in REWARD_KEYS if k in alt))
        return tuple(out)


def _cards(raw: dict, chk: _Check) -> tuple[Card, ...]:
    cards = []
    for i, c in enumerate(raw.get("cards", [])):
        w = f"cards[{i}]"
        try:
            card = Card(chk.int(f"{w}.id", c["id"], 1, 99), chk.int(f"{w}.move_east", c["move_east"], 0, 12),
                        c["hunt_selection"] == "highest", chk.int(f"{w}.hunt_count", c["hunt_count"], 1, 4),
                        c["additional_action"], bool(c["paid_with_location_fur"]), bool(c["far_east"]),
                        tuple(c["strategy_letters"]))
        except KeyError as exc:
            chk.fail(w, f"missing field {exc.args[0]}")
        if c["hunt_selection"] not in ("lowest", "highest"):
            chk.fail(f"{w}.hunt_selection", f"{c['hunt_selection']!r} is not lowest or highest")
        if card.action not in ACTIONS:
            chk.fail(f"{w}.additional_action", f"{card.action!r} is not one of {', '.join(ACTIONS)}")
        cards.append(card)
    if len(cards) != 18 or sorted(c.id for c in cards) != list(range(1, 19)):
        chk.fail("cards", "expected the 18 cards with ids 1-18")
    return tuple(cards)


class Tables:
    """Everything a game needs from the data files, validated and precomputed once per process.

    The component and board facts are data loaded and checked here: the box's counts (26 landscape tiles,
    5 of them S-tiles, 76 furs, 16 tigers, 5 villages, 16 yurts, 20 songs, 37 wishes, 18 automa cards, 5
    outposts per colour; ST-COMP-1); the fur kinds of value 2-8 with names and bag counts (ST-FUR-1,
    ST-FUR-2); the regions west to east and their slots (``slot_region``, ST-BOARD-2); the regions that
    hold a village, yurt and wish (ST-BOARD-4); the region-fur pool, one distinct kind per region
    (ST-BOARD-3); each tile's terrain and claim bonus (ST-LAND-1, ST-LAND-3); the wish groups (start,
    first half, second half; ST-WISH-1); the proposed village, yurt and song lists (ST-VILLAGE-3,
    ST-YURT-4, ST-SONG-5).
    """

    def __init__(self, rules_path: str = ""):
        cards, strategies, p = load_raw(rules_path)
        src = rules_path or str(DATA / "parameters.json")
        chk = _Check(src)
        self.cards = _cards(cards, _Check(str(DATA / "cards.json")))
        self.card_by_id = {c.id: c for c in self.cards}
        sc = _Check(str(DATA / "strategies.json"))
        self.deck_size = sc.int("deck_size", strategies["deck_size"], 1, 18)
        ids = tuple(c.id for c in self.cards)
        self.deck_ids = {"random": ids}  # the cards Ivan's deck is built from, per automa_strategy
        for letter, s in strategies["strategies"].items():
            removed = sc.ints(f"strategies.{letter}.cards_removed", s["cards_removed"], 1, 18)
            if tuple(sorted(removed)) != tuple(sorted(c.id for c in self.cards if letter in c.letters)):
                sc.fail(f"strategies.{letter}", "removed cards differ from the cards carrying the letter")
            self.deck_ids[letter] = tuple(i for i in ids if i not in removed)

        f = p["furs"]
        if not all(k.isdigit() and 1 <= int(k) <= 8 for k in f["names"]):
            chk.fail("furs.names", "keys are fur values 1..8")
        self.fur_names = {int(k): v for k, v in f["names"].items()}
        bag = [0] * 9
        for k, n in f["bag_counts_by_value"].items():
            if not k.isdigit() or not 2 <= int(k) <= 8:
                chk.fail(f"furs.bag_counts_by_value.{k}", "fur values are 2..8")
            bag[int(k)] = chk.int(f"furs.bag_counts_by_value.{k}", n, 0, 200)
        if not any(bag):
            chk.fail("furs.bag_counts_by_value", "the bag needs at least one fur")
        self.bag_counts = tuple(bag)
        self.tigers = chk.int("furs.tigers", f["tigers"], 0, 99)

        b = p["board"]
        self.slots_per_region = chk.ints("board.slots_per_region", b["slots_per_region"], 1, 6)
        self.n_regions = len(self.slots_per_region)
        self.slot_region = tuple(r for r, n in enumerate(self.slots_per_region) for _ in range(n))
        self.n_slots = len(self.slot_region)
        self.region_slots = tuple(tuple(s for s in range(self.n_slots) if self.slot_region[s] == r)
                                  for r in range(self.n_regions))
        self.item_regions = chk.ints("board.regions_with_village_yurt_wish", b["regions_with_village_yurt_wish"],
                                     0, self.n_regions - 1)
        self.region_fur_pool = chk.ints("board.region_fur_pool", b["region_fur_pool"], 2, 8)
        if len(set(self.region_fur_pool)) < self.n_regions:
            chk.fail("board.region_fur_pool", f"needs at least {self.n_regions} different values")

        ls = p["landscape"]
        fixed = chk.int("landscape.fixed_fur_slots", ls["fixed_fur_slots"], 0, 8)
        tiles = []
        for i, t in enumerate(ls["tiles"]):
            w = f"landscape.tiles[{i}]"
            if t.get("terrain") not in TERRAINS:
                chk.fail(f"{w}.terrain", f"{t.get('terrain')!r} is not one of {', '.join(TERRAINS)}")
            tiles.append(Tile(str(t["id"]), bool(t["start_tile"]), TERRAINS.index(t["terrain"]),
                              fixed or chk.int(f"{w}.fur_slots", t["fur_slots"], 1, 8),
                              chk.reward(f"{w}.claim_bonus", t["claim_bonus"])))
        self.start_tiles = tuple(i for i, t in enumerate(tiles) if t.start)
        self.other_tiles = tuple(i for i, t in enumerate(tiles) if not t.start)
        if len(tiles) < self.n_slots:
            chk.fail("landscape.tiles", f"needs at least {self.n_slots} tiles for the row")

        tk = p["landscapes"]
        special_slots = chk.int("landscapes.special_tile_fur_slots", tk["special_tile_fur_slots"], 0, 8)
        self.a_tiles = tuple(range(len(tiles), len(tiles) + len(tk["a_tiles"])))
        for name in tk["a_tiles"]:
            tiles.append(Tile(name, False, WILD, special_slots, ()))
        self.b_tiles = tuple(range(len(tiles), len(tiles) + len(tk["b_tiles"])))
        for name in tk["b_tiles"]:
            tiles.append(Tile(name, False, SACRED, special_slots, ()))
        self.tiles = tuple(tiles)
        self.special_regions = chk.ints("landscapes.special_regions", tk["special_regions"], 0, self.n_regions - 1)
        self.a_tile_ivan_vp = chk.int("landscapes.a_tile_ivan_vp", tk["a_tile_ivan_vp"], 0, 99)

        m = p["movement"]
        self.mandatory_max = chk.int("movement.mandatory_max", m["mandatory_max"], 1, 12)
        self.extra_move_costs = chk.ints("movement.extra_tile_horse_costs", m["extra_tile_horse_costs"], 0, 99) \
            if m["extra_tile_horse_costs"] else ()
        # the horses that moving 1, 2, ... tiles costs in all
        self.move_costs = tuple(accumulate((0,) * self.mandatory_max + self.extra_move_costs))
        self.basic_move_steps = chk.int("movement.basic_move_steps", m["basic_move_steps"], 1, 12)
        a = p["actions"]
        self.coin_gain = chk.int("actions.coin_gain", a["coin_gain"], 0, 99)
        self.horses_gain = chk.int("actions.horses_gain", a["horses_gain"], 0, 99)
        h = p["hunting"]
        self.extra_fur_cost = chk.int("hunting.extra_fur_coin_cost", h["extra_fur_coin_cost"], 0, 99)
        self.skip_cost = chk.int("hunting.skip_horse_cost", h["skip_horse_cost"], 0, 99)
        self.max_extra = chk.int("hunting.max_extra_furs", h["max_extra_furs"], -1, 99)
        self.buy_horses = chk.int("market.buy_horses", p["market"]["buy_horses"], 0, 99)
        self.trade_give = chk.int("market.trade_give", p["market"]["trade_give"], 1, 9)
        c = p["claim"]
        self.claim_per_fur = chk.int("claim.furs_per_fur_on_tile", c["furs_per_fur_on_tile"], 0, 9)
        self.claim_base = chk.int("claim.base_region_furs", c["base_region_furs"], 0, 9)
        self.claim_tiger_base = bool(c["tiger_may_replace_base_fur"])
        o = p["outposts"]
        self.outposts_per_player = chk.int("outposts.per_player", o["per_player"], 1, 20)
        self.outpost_region_limit = chk.int("outposts.per_region_limit", o["per_region_limit"], 1, 20)
        self.outpost_vp = chk.ints("outposts.vp_by_region", o["vp_by_region"], 0, 99, self.n_regions)
        t = p["trophy"]
        self.trophy_furs = chk.ints("trophy.player_step_fur_values", t["player_step_fur_values"], 1, 8)
        if len(t["player_step_rewards"]) != len(self.trophy_furs):
            chk.fail("trophy.player_step_rewards", "needs one entry per trophy step")
        self.trophy_rewards = tuple(chk.reward(f"trophy.player_step_rewards[{i}]", r)
                                    for i, r in enumerate(t["player_step_rewards"]))
        self.villages = tuple(chk.reward(f"villages.tiles[{i}].reward", v["reward"])
                              for i, v in enumerate(p["villages"]["tiles"]))
        yurts = p["yurts"]["tiles"]
        self.yurts = tuple(chk.reward(f"yurts.tiles[{i}].reward", y["reward"]) for i, y in enumerate(yurts))
        self.yurts_a = tuple(i for i, y in enumerate(yurts) if y["mark"] == "A")
        self.yurts_b = tuple(i for i, y in enumerate(yurts) if y["mark"] != "A")
        self.yurt_a_years = chk.int("yurts.a_years", p["yurts"]["a_years"], 0, 4)
        n_items = len(self.item_regions)
        for name, pool in (("villages.tiles", self.villages), ("yurts.tiles A", self.yurts_a),
                           ("yurts.tiles B", self.yurts_b)):
            if len(pool) < n_items:
                chk.fail(name, f"needs at least {n_items} entries, one per region with items")
        bn = p["banners"]
        self.banner_reserve = chk.int("banners.reserve", bn["reserve"], 0, 99)
        self.horse_base = chk.int("banners.winter_horse_base", bn["winter_horse_base"], 0, 99)
        self.horse_per_banner = chk.int("banners.winter_horse_per_banner", bn["winter_horse_per_banner"], 0, 99)
        self.coin_income = chk.int("winter.coin_income", p["winter"]["coin_income"], 0, 99)
        songs = p["songs"]["tiles"]
        self.songs = tuple((chk.int(f"songs.tiles[{i}].cost_story", s["cost_story"], 0, 99),
                            chk.reward(f"songs.tiles[{i}].reward", s["reward"])) for i, s in enumerate(songs))
        self.story_max = chk.int("songs.story_track_max", p["songs"]["story_track_max"], 1, 99)
        wishes = p["wishes"]["cards"]
        self.wishes = []
        for i, wc in enumerate(wishes):
            w = f"wishes.cards[{i}]"
            total = chk.int(f"{w}.furs_required_total", wc["furs_required_total"], 1, 12)
            self.wishes.append((chk.int(f"{w}.fur_value", wc["fur_value"], 1, 8), total,
                                chk.int(f"{w}.furs_red_framed_paid", wc["furs_red_framed_paid"], 0, total),
                                chk.int(f"{w}.vp_end", wc["vp_end"], 0, 99),
                                chk.reward(f"{w}.reward_on_fulfil", wc["reward_on_fulfil"])))
            if wc["group"] not in ("start", "first_half", "second_half"):
                chk.fail(f"{w}.group", f"{wc['group']!r} is not start, first_half or second_half")
        self.wishes = tuple(self.wishes)
        self.least_wish = min((w[1] for w in self.wishes), default=1)  # furs the smallest wish needs
        self.wish_groups = {g: tuple(i for i, wc in enumerate(wishes) if wc["group"] == g)
                            for g in ("start", "first_half", "second_half")}
        if len(self.wish_groups["start"]) < 2:
            chk.fail("wishes.cards", "needs at least 2 start wishes for the start sets")
        self.wish_first_half_years = chk.int("wishes.first_half_years", p["wishes"]["first_half_years"], 0, 4)
        s = p["scoring"]
        self.set_vp = chk.ints("scoring.terrain_set_vp", s["terrain_set_vp"], 0, 99, 5)
        self.furs_per_vp = chk.int("scoring.furs_per_vp", s["furs_per_vp"], 1, 99)
        self.coins_per_vp = chk.int("scoring.coins_per_vp", s["coins_per_vp"], 1, 99)
        self.tiger_vp = chk.int("scoring.tiger_vp", s["tiger_vp"], 0, 99)
        self.story_per_vp = chk.int("scoring.story_per_vp", s["story_per_vp"], 1, 99)
        self.horses_per_vp = chk.int("scoring.horses_per_vp", s["horses_per_vp"], 0, 99)
        self.banners_per_vp = chk.int("scoring.banners_per_vp", s["banners_per_vp"], 0, 99)
        su = p["setup"]
        self.start_horses = chk.ints("setup.start_horses_by_position", su["start_horses_by_position"], 0, 99, 2)
        self.start_coins = chk.int("setup.start_coins", su["start_coins"], 0, 99)
        self.start_outposts = chk.int("setup.start_outposts", su["start_outposts"], 0, self.outposts_per_player)
        self.ivan_start_coins = chk.int("setup.ivan_start_coins", su["ivan_start_coins"], 0, 99)
        self.ivan_start_outposts = chk.int("setup.ivan_start_outposts", su["ivan_start_outposts"], 0,
                                           self.outposts_per_player)
        prio = p["ivan"]["reward_priority"]
        if sorted(prio) != sorted(REWARD_KEYS):
            chk.fail("ivan.reward_priority", f"must list each of {', '.join(REWARD_KEYS)} once")
        self.ivan_priority = tuple(prio)

        mr = p["merchant"]
        self.chipmunks = chk.int("merchant.chipmunks", mr["chipmunks"], 0, 99)
        self.merchant_start = chk.int("merchant.start_region", mr["start_region"], 0, self.n_regions - 1)
        self.merchant_tiles = tuple((chk.reward(f"merchant.tiles[{i}].one", m["one"]),
                                     chk.reward(f"merchant.tiles[{i}].two", m["two"]))
                                    for i, m in enumerate(mr["tiles"]))
        if not self.merchant_tiles:
            chk.fail("merchant.tiles", "needs at least one merchant tile")
        hp = p["hunting_plan"]
        self.plan_tiles = chk.int("hunting_plan.tiles", hp["tiles"], 2, 99)
        self.plan_length = chk.int("hunting_plan.length", hp["length"], 1, 20)
        self.plans = tuple(chk.ints(f"hunting_plan.plans[{i}]", pl, 1, 8, self.plan_length)
                           for i, pl in enumerate(hp["plans"]))
        if self.plans and len(self.plans) < 2:
            chk.fail("hunting_plan.plans", "give at least 2 plans, or none for random plans")
        self.plan_vp = chk.ints("hunting_plan.ivan_vp_by_furs", hp["ivan_vp_by_furs"], 0, 99, self.plan_length + 1)
        d = p["diplomacy"]
        self.diplo_spaces = chk.int("diplomacy.spaces", d["spaces"], 2, 999)
        self.diplo_per_zone = chk.int("diplomacy.spaces_per_zone", d["spaces_per_zone"], 1, 999)
        self.diplo_tiles = chk.int("diplomacy.tiles", d["tiles"], 0, 99)
        self.diplo_bonus_spaces = chk.ints("diplomacy.bonus_spaces", d["bonus_spaces"], 1, self.diplo_spaces)
        self.diplo_bonus_tiles = tuple(chk.reward(f"diplomacy.bonus_tiles[{i}]", r)
                                       for i, r in enumerate(d["bonus_tiles"]))
        if len(self.diplo_bonus_tiles) != len(self.diplo_bonus_spaces):
            chk.fail("diplomacy.bonus_tiles", "needs one bonus tile per bonus space")
        self.diplo_wild = chk.int("diplomacy.wild_value", d["wild_value"], 1, 99)
        self.set_cache: dict = {}
