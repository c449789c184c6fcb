"""Loading and validating the Stroganov data files, and the per-process tables built from them.

The packaged files in ``data/`` hold the automa cards, the deck strategies and every parameter
(open points with their proposed defaults). A user ``rules=PATH`` file (TOML or JSON) overrides any
``section.key`` of ``parameters.json`` or ``turukhan.json``; unknown keys are rejected by name.
"""
from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from automa.core.errors import UsageError

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


def _load_file(path: Path) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
        if path.suffix.lower() == ".toml":
            return tomllib.loads(text)
        return json.loads(text)
    except (OSError, ValueError) as exc:
        raise UsageError(f"{path}: cannot read: {str(exc).splitlines()[0]}") from None


def load_raw(rules_path: str = "") -> tuple[dict, dict, dict]:
    """The packaged cards, strategies and parameters, with a user rules file laid over them."""
    cards = _load_file(DATA / "cards.json")
    strategies = _load_file(DATA / "strategies.json")
    params = _load_file(DATA / "parameters.json")
    params.update(_load_file(DATA / "turukhan.json"))
    params.pop("about", None)
    if rules_path:
        user = _load_file(Path(rules_path))
        for section, values in user.items():
            if section not in params or not isinstance(values, dict):
                raise UsageError(f"{rules_path}: unknown section {section!r}; known: {', '.join(params)}")
            for key, value in values.items():
                if key not in params[section]:
                    raise UsageError(f"{rules_path}: unknown key {section}.{key}")
                _same_shape(f"{rules_path}: {section}.{key}", params[section][key], value)
                params[section][key] = value
    return cards, strategies, params


def _kind(v) -> str:
    return "bool" if isinstance(v, bool) else "number" if isinstance(v, (int, float)) else type(v).__name__


def _same_shape(where: str, default, value) -> None:
    """A user value must have the JSON shape of the packaged default; in a list of objects, every entry is
    an object with each field that all packaged entries have, of a kind they have."""
    if _kind(default) != _kind(value):
        raise UsageError(f"{where}: expected {_kind(default)}, got {_kind(value)}")
    if not (isinstance(default, list) and default and all(isinstance(d, dict) for d in default)):
        return
    fields = {k: {_kind(d[k]) for d in default} for k in default[0] if all(k in d for d in default)}
    for i, entry in enumerate(value):
        if not isinstance(entry, dict):
            raise UsageError(f"{where}[{i}]: expected an object, got {_kind(entry)}")
        for k, kinds in fields.items():
            if k not in entry:
                raise UsageError(f"{where}[{i}]: missing field {k!r}")
            if _kind(entry[k]) not in kinds:
                raise UsageError(f"{where}[{i}].{k}: expected {' or '.join(sorted(kinds))}, got {_kind(entry[k])}")


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
    ST-FUR-2); the regions west to east and their slots (``slot_region``, ST-BOARD-2; ``region_layout`` keeps
    ``board.slots_per_region`` or takes the former six regions, ST-OPEN-3); the regions that
    hold a village, yurt and wish (ST-BOARD-4); the region-fur pool, one distinct kind per region
    (ST-BOARD-3); each tile's terrain and claim bonus (ST-LAND-1, ST-LAND-3); the wish groups (start,
    first half, second half; ST-WISH-1); the proposed village, yurt and song lists (ST-VILLAGE-3,
    ST-YURT-4, ST-SONG-5).
    """

    def __init__(self, rules_path: str = "", region_layout: str = "five_regions"):
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
        self.slots_per_region = chk.ints("board.slots_per_region", b["slots_per_region"], 0, 6)
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
        if not all(self.region_slots[r] for r in self.special_regions):
            chk.fail("landscapes.special_regions", "each needs a region with slots")
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
