"""Card, board and deck data for Rurik solo: loaded from ``data/*.json`` and validated.

The packaged files are this project's transcription of the rules reference's data
(``shared/reference/rurik/data``, RK-COMP-1..8, §11). A user can replace the automa, the Rebellion,
section by section with ``automa=PATH``: its solo cards (RK-COMP-4), its rebel board per difficulty
(RK-REB-SETUP-4), its leaders (RK-SB-REBLEAD-1..4), the casualty check (RK-CAS-2), its income
(RK-REB-CLAIM-3) and its setup (RK-REB-SETUP-1, -8, -9); and the claim board, warfare, end-game and
starting numbers with ``scoring=PATH`` (RK-COMP-7, RK-OPEN-18). Both are TOML or JSON, laid over the
packaged files and checked against ``AUTOMA`` / ``SCORING`` (:mod:`automa.core.schema`): every key is
read or rejected by name. Every problem is reported as one line naming the file, the entry and the rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from automa.core.errors import UsageError
from automa.core.schema import Bool, DataFile, Dict, Fixed, Int, List, Map, Note, Opt, Str, read_data

DATA_DIR = Path(__file__).parent / "data"

GOODS = ("wood", "fish", "honey", "stone", "fur")
COLUMNS = ("muster", "move", "attack", "tax", "build", "scheme")
PRIORITIES = ("attack_move", "build", "tax")
TRACKS = ("rule", "build", "trade")       # the claim tracks (RK-CLAIM-2)
ADVISORS = ("1", "2", "2+", "3+", "4", "5")
ADVISOR_NUMBER = {"1": 1, "2": 2, "2+": 2, "3+": 3, "4": 4, "5": 5}
BASE_STRUCTURES = ("church", "stronghold", "market")
STRUCTURES = ("church", "stronghold", "market", "stable", "tavern")
BONUS_KINDS = ("muster", "move", "attack", "tax", "build", "coins", "reveal_fewer")
ROUND_ENDS = ("muster", "move", "none")   # a rebel leader's end-of-round effect (RK-EOR-1)
REBEL_LEADERS = ("sviatopolk", "gleb", "maria", "theofana")   # RK-REB-SETUP-2
REWARD_KINDS = ("muster", "move", "attack", "tax", "build", "coins", "deed_card", "warfare_step")

# The schemas of the files a user can replace (automa.core.schema). Note: documentation text;
# Fixed: a printed rule the engine implements in code or as a rule option, not a number to change.
NOTE = Opt(Note())
RULES_IN_CODE = "not configurable: the engine implements this rule"


def _valued(spec, doc, ref, component):
    """A ``{"value": ..., "confidence": ..., "note": ...}`` entry of scoring.json."""
    return Dict(fields={"value": spec, "confidence": NOTE, "note": NOTE}, doc=doc, ref=ref, component=component)


def _track(doc):
    level = Dict(fields={"threshold": Int(lo=0), "vp": Opt(Int(lo=0)), "also_requires": Opt(List(item=Str()))})
    return Dict(fields={"measure": Fixed(why=RULES_IN_CODE + " (RK-CLAIM-3..5)"),
                        "levels": List(item=level, min=5, max=5, doc=doc + "; also_requires: regions a level "
                                       "also needs (vp, if given, must equal vp_levels)",
                                       ref="RK-CLAIM-2..5, RK-OPEN-18", component="claim board"),
                        "confidence": NOTE})


def _conversion(what, ref):
    return Dict(fields={"vp_per": Int(lo=1, doc=f"the Rebellion scores 1 VP per this many {what}, rounded up",
                                      ref=ref, component="Stone & Blade rulebook, solo scoring"),
                        "rounding": Fixed(why=RULES_IN_CODE + " (rounded up)"), "formula": NOTE,
                        "confidence": NOTE, "note": NOTE})


SCORING = Dict(fields={
    "_meta": NOTE,
    "claim_tracks": Dict(fields={
        "vp_levels": Dict(fields={"values": List(item=Int(lo=0), min=5, max=5, doc="VP of claim levels 1-5",
                                                 ref="RK-CLAIM-2, RK-OPEN-18", component="claim board"),
                                  "confidence": NOTE, "note": NOTE}),
        "rule": _track("regions ruled for each of the 5 rule levels"),
        "build": _track("connected regions with structures for each of the 5 build levels"),
        "trade": _track("goods on the boat for each of the 5 trade levels"),
        "markers_never_move_down": Fixed(why=RULES_IN_CODE + " (RK-CLAIM-2)"),
        "scored_value": Fixed(why=RULES_IN_CODE + " (RK-CLAIM-2)")}),
    "warfare": Dict(fields={
        "first_vp": _valued(Int(lo=0, hi=99), "VP for the most warfare", "RK-END-1", "claim board, warfare track"),
        "second_vp": _valued(Int(lo=0, hi=99), "VP for the second most warfare", "RK-END-1",
                             "claim board, warfare track"),
        "track_spaces": _valued(Int(lo=1, hi=60), "the last warfare space a side can reach", "RK-SB-WREW-1",
                                "claim board, warfare track"),
        "reward_token_spaces": _valued(List(item=Int(lo=1, hi=60), min=1, max=6),
                                       "the spaces of the warfare reward tokens (of 6 tokens shuffled, one per "
                                       "space)", "RK-SB-WREW-1, RK-SB-SETUP-7",
                                       "claim board, warfare track"),
        "ties_and_zero": Fixed(why="not configurable here: set by rule option warfare_scoring (RK-OPEN-16)")}),
    "rebellion_end_conversions": Dict(fields={
        "coins": _conversion("coins", "RK-REB-END-1"),
        "dock_goods": _conversion("goods and trade boon tokens on its dock", "RK-REB-END-1"),
        "deeds_and_agenda": Fixed(why=RULES_IN_CODE + " (RK-REB-END-1)")}),
    "other_vp": Dict(fields={
        "secret_agenda": _valued(Int(lo=0, hi=99), "VP for a fulfilled secret agenda", "RK-END-1, RK-COMP-8",
                                 "agenda cards"),
        "deed": Fixed(why=RULES_IN_CODE + ": the printed VP of each deed card (RK-END-1)"),
        "victory_point_token": Fixed(why=RULES_IN_CODE + ": a VP token is worth 1 VP (RK-SB-VPT-1)"),
        "player_coins": Fixed(why=RULES_IN_CODE + ": the player scores no VP for coins (RK-END-1)")}),
    "boat": Dict(fields={
        "columns": List(item=Dict(fields={"good": Str(choices=GOODS), "spaces": Int(lo=1, hi=20),
                                          "trade_boon_token": Opt(Bool())}), min=5, max=5,
                        doc="one column per good: its spaces, and whether a trade boon token sits below it",
                        ref="RK-CORE-6, RK-REB-SETUP-7", component="player board, boat"),
        "total_spaces": Int(lo=5, doc="must equal the sum of the columns' spaces", ref="RK-CORE-6",
                            component="player board, boat"),
        "confidence": NOTE}),
    "income": Fixed(why="not configurable here: the engine implements it, and rule option zero_track_income "
                        "(RK-OPEN-15)"),
    "starting_coins": Dict(fields={
        "player_base_game": _valued(Int(lo=0, hi=99), "the player's coins with inheritance=base_setup",
                                    "RK-SETUP-9, RK-OPEN-21", "base-game rulebook, setup"),
        "player_stone_and_blade": _valued(Int(lo=0, hi=99), "the player's coins with inheritance=none_sb",
                                          "RK-SETUP-9, RK-OPEN-21", "Stone & Blade rulebook, setup"),
        "rebellion": _valued(Int(lo=0, hi=99), "the Rebellion's starting coins", "RK-REB-SETUP-5",
                             "Stone & Blade rulebook, solo setup")}),
    "tie_breakers": Fixed(why="not configurable here: the engine implements them, and rule option final_tie "
                              "(RK-TIE-1..3, RK-OPEN-17)"),
})

_PLACEMENT = Dict(fields={"advisor": Str(choices=ADVISORS), "column": Str(choices=COLUMNS), "coin": Bool()})
_READING = Dict(fields={"column": Str(choices=COLUMNS), "coin": Bool()})
_PRIORITY = Dict(fields={
    "build_order": List(item=Str(choices=BASE_STRUCTURES), min=3, max=3,
                        doc="structures to build, first preferred", ref="RK-REB-BUILD-6", component="solo card"),
    "placements": List(item=_PLACEMENT, min=6, max=6,
                       doc="advisor placements in order: advisor, column, coin icon (bribe)",
                       ref="RK-REB-STRAT-1..5", component="solo card, strategy section")})
_CARD = Dict(fields={
    "id": Int(lo=1, doc="the card number", ref="RK-COMP-4", component="solo card"),
    "location_order": List(item=Str(), min=8, max=8, doc="the 8 solo regions, first to last",
                           ref="RK-REB-CARD-2", component="solo card, region order"),
    "priorities": Dict(fields={p: _PRIORITY for p in PRIORITIES}, ref="RK-REB-STRAT-1",
                       component="solo card: one section per priority"),
    "disputed": Opt(List(doc="rows two transcriptions read differently: the brdgm reading (as in placements) "
                             "and the pdhummel one (solo_card_rows=pdhummel)", ref="RK-OPEN-20",
                         component="solo card", item=Dict(fields={
                             "priority": Str(choices=PRIORITIES), "index": Int(lo=0, hi=len(ADVISORS) - 1),
                             "advisor": Str(choices=ADVISORS), "brdgm": _READING, "pdhummel": _READING})))})
_SPACE = Dict(fields={
    "trigger": Str(choices=COLUMNS, doc="the action whose resolution fires the bonus", ref="RK-REB-BONUS-2"),
    "bonus": Str(choices=BONUS_KINDS, doc="what it gives: points of an action, coins, or reveal_fewer (casualty "
                                          "cards fewer in this attack)", ref="RK-REB-BONUS-2"),
    "amount": Int(lo=1, hi=9, doc="how many", ref="RK-REB-BONUS-2"),
    "covered_at_start": Bool(doc="a round space, covered by a coin at setup", ref="RK-REB-SETUP-5")})
_BOARD = Dict(doc="a rebel board: add a level by copying one and changing it", ref="RK-REB-SETUP-4, RK-COMP-5",
              component="rebel board", fields={
    "name": NOTE,
    "starting_priority": Str(choices=PRIORITIES, doc="the column with the round symbol", ref="RK-REB-SETUP-4",
                             component="rebel board"),
    "columns": List(min=3, max=3, doc="the priority columns left to right: attack_move, build, tax; each with "
                                      "its bonus spaces top to bottom (the top-most covered one unlocks first)",
                    ref="RK-REB-BONUS-1, RK-REB-BONUS-3", component="rebel board", item=Dict(fields={
                        "priority": Str(choices=PRIORITIES),
                        "spaces": List(item=_SPACE, min=1, max=8, doc="one a line, top to bottom: trigger (the "
                                       "action that fires it), bonus (what it gives: an action's points, coins, or "
                                       "reveal_fewer: casualty cards fewer in this attack), amount, covered_at_start "
                                       "(a round space, covered by a coin at setup)",
                                       ref="RK-REB-BONUS-2, RK-REB-SETUP-5", component="rebel board")}))})
_LEADER = Dict(doc="a rebel leader's abilities", ref="RK-REB-SETUP-2, RK-SB-REBLEAD-1..4",
               component="solo leader card", fields={
    "round_end": Str(choices=ROUND_ENDS, doc="end of every round: muster rebels into the leader's region, move "
                                             "the leader to a revealed inheritance region, or nothing",
                     ref="RK-EOR-1, RK-SB-REBLEAD-1..4", component="solo leader card"),
    "round_end_rebels": Int(lo=0, hi=16, doc="rebels mustered at the end of a round (round_end = muster)",
                            ref="RK-SB-REBLEAD-1", component="solo leader card"),
    "attack_reveal_fewer": Int(lo=0, hi=9, doc="casualty cards fewer when the Rebellion attacks in the "
                                               "leader's region", ref="RK-SB-REBLEAD-1, RK-CAS-2",
                               component="solo leader card"),
    "player_checks": Int(lo=1, hi=9, doc="separate casualty checks the player makes attacking in the leader's "
                                         "region", ref="RK-SB-REBLEAD-2, RK-CAS-2", component="solo leader card"),
    "attack_per_structure": Int(lo=0, hi=9, doc="attack points per structure the Rebellion builds in the "
                                                "leader's region", ref="RK-SB-REBLEAD-3, RK-OPEN-30",
                                component="solo leader card"),
    "muster_per_tax": Int(lo=0, hi=9, doc="rebels mustered per tax in the leader's region",
                          ref="RK-SB-REBLEAD-4, RK-REB-TAX-7", component="solo leader card"),
    "muster_per_structure": Int(lo=0, hi=9, doc="rebels mustered per structure built in the leader's region",
                                ref="RK-SB-REBLEAD-4", component="solo leader card")})
AUTOMA = Dict(fields={
    "_meta": NOTE,
    "cards": List(min=1, max=64, unique="id", doc="the solo deck, 18 cards", ref="RK-COMP-4, RK-REB-SETUP-3",
                  component="solo cards", item=_CARD),
    "difficulty": Map(keys=r"[1-9][0-9]?", value=_BOARD, doc="the rebel board of each difficulty level",
                      ref="RK-REB-SETUP-4"),
    "leaders": Map(choices=REBEL_LEADERS, value=_LEADER, doc="the four rebel leaders", ref="RK-SB-REBLEAD-1..4"),
    "casualties": Dict(doc="cards revealed in a casualty check, both sides: the base, and what the defender's "
                           "rule and stronghold add (which of them count: rule option casualty_card_count)",
                       ref="RK-CAS-2, RK-OPEN-11", component="rulebook, casualty checks", fields={
        "base_cards": Int(lo=0, hi=9, ref="RK-CAS-2"),
        "defender_rules": Int(lo=0, hi=9, ref="RK-CAS-2, RK-OPEN-11"),
        "defender_stronghold": Int(lo=0, hi=9, ref="RK-CAS-2, RK-PL-BUILD-4")}),
    "coins": Dict(doc="the Rebellion's income (its starting coins are in the scoring file)", fields={
        "per_full_column": Int(lo=0, hi=9, doc="coins per full boat column after rounds 1-3",
                               ref="RK-REB-CLAIM-3, RK-CLAIM-3", component="player board, boat")}),
    "setup": Dict(doc="the Rebellion's pieces at setup", ref="RK-REB-SETUP-1, RK-REB-SETUP-8, RK-REB-SETUP-9",
                  component="Stone & Blade rulebook, solo setup", fields={
        "rebels": Int(lo=1, hi=40, doc="rebel miniatures in all (15 in the base game)", ref="RK-REB-SETUP-1"),
        "kiev_rebels": Int(lo=0, hi=40, doc="rebels beside the leader in Kiev", ref="RK-REB-SETUP-8"),
        "start_regions": Int(lo=0, hi=7, doc="regions of the top card (Kiev skipped) that get rebels",
                             ref="RK-REB-SETUP-8"),
        "start_region_rebels": Int(lo=0, hi=40, doc="rebels in each of them", ref="RK-REB-SETUP-8"),
        "neutral_troops": Int(lo=0, hi=9, doc="neutral troops in each region without rebels",
                              ref="RK-REB-SETUP-9")})})

FILES = (
    DataFile("automa", "Rurik's automa, the Rebellion: solo cards, rebel boards per difficulty, leaders, casualty "
                       "check, income and setup; pass back with --option automa=PATH", AUTOMA,
             (DATA_DIR / "rebel_boards.json", DATA_DIR / "rebellion.json", DATA_DIR / "solo_cards.json")),
    DataFile("scoring", "Rurik claim board, warfare, end-game and starting numbers: pass back with "
                        "--option scoring=PATH", SCORING, DATA_DIR / "scoring.json"),
)
AUTOMA_FILE, SCORING_FILE = FILES


@dataclass(frozen=True, slots=True)
class SoloCard:
    """One rebel card (RK-COMP-4): region order, and per priority a build order and placements."""

    id: int
    order: tuple[int, ...]                      # region indices, first to last (RK-REB-CARD-2)
    build_order: dict[str, tuple[str, ...]]     # priority -> structure kinds (RK-REB-BUILD-6)
    placements: dict[str, tuple[tuple[str, int, bool], ...]]  # priority -> (advisor, column, coin)


@dataclass(frozen=True, slots=True)
class SchemeCard:
    """One scheme card (RK-COMP-6): reward (``all`` list or ``choice`` of lists), cost, casualties."""

    id: int
    module: str
    reward_all: tuple[tuple[str, int], ...]
    reward_choice: tuple[tuple[tuple[str, int], ...], ...]
    coin_cost: int
    casualty_icons: int


@dataclass(frozen=True, slots=True)
class RebelBoard:
    """A difficulty level's rebel board (RK-COMP-5, RK-REB-BONUS-1)."""

    level: int
    starting_priority: str
    # per column (left to right): (priority, ((trigger, bonus, amount, covered_at_start), ...))
    columns: tuple[tuple[str, tuple[tuple[str, str, int, bool], ...]], ...]
    # derived from columns: per trigger action, ((column, space, bonus, amount), ...) in board order
    triggered: dict[str, tuple[tuple[int, int, str, int], ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "triggered", {
            a: tuple((c, i, bonus, amount) for c, (_, spaces) in enumerate(self.columns)
                     for i, (trig, bonus, amount, _) in enumerate(spaces) if trig == a) for a in COLUMNS})


@dataclass(frozen=True, slots=True)
class RebelLeader:
    """A rebel leader's abilities (RK-SB-REBLEAD-1..4), as the automa file gives them."""

    name: str
    round_end: str                # muster, move or none (RK-EOR-1)
    round_end_rebels: int         # RK-SB-REBLEAD-1
    attack_reveal_fewer: int      # RK-SB-REBLEAD-1
    player_checks: int            # RK-SB-REBLEAD-2
    attack_per_structure: int     # RK-SB-REBLEAD-3
    muster_per_tax: int           # RK-SB-REBLEAD-4, RK-REB-TAX-7
    muster_per_structure: int     # RK-SB-REBLEAD-4


@dataclass(frozen=True, slots=True)
class RebelSetup:
    """The Rebellion's pieces at setup (RK-REB-SETUP-1, -8, -9)."""

    rebels: int
    kiev_rebels: int
    start_regions: int
    start_region_rebels: int
    neutral_troops: int


@dataclass(frozen=True, slots=True)
class RurikData:
    """Everything the engine reads from data files, with region names turned into indices."""

    regions: tuple[str, ...]          # the 8 solo regions (RK-MAP-3)
    good: tuple[int, ...]             # good index per region
    adjacent: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]   # RK-MAP-4
    moves: tuple                      # region -> (troop moves, leader moves) to adjacent regions
    cards: tuple[SoloCard, ...]
    boards: dict[int, RebelBoard]     # difficulty level -> rebel board (RK-REB-SETUP-4)
    leaders: dict[str, RebelLeader]   # RK-SB-REBLEAD-1..4
    casualty_cards: tuple[int, int, int]   # base, defender rules, defender stronghold (RK-CAS-2)
    rebel_income: int                 # coins per full boat column (RK-REB-CLAIM-3)
    rebel_setup: RebelSetup
    spaces: tuple[tuple[tuple[int, int], ...], ...]   # column -> rows -> (points, coin_cost)
    advisors_per_round: dict[int, tuple[str, ...]]
    schemes: tuple[SchemeCard, ...]
    scheme_by_id: dict[int, SchemeCard]
    scoring: Scoring                  # the scoring file; the next four are its most used fields
    boat_size: tuple[int, ...]        # per good (RK-CORE-6)
    boon_goods: tuple[int, ...]       # goods whose column carries a trade boon token
    claim_levels: dict[str, tuple[tuple[int, tuple[int, ...]], ...]]  # track -> ((threshold, required regions), ...)
    claim_vp: tuple[int, ...]
    deeds: tuple[dict, ...]
    agendas: tuple[dict, ...]
    epic: dict
    factions: dict
    epic_cards: tuple = ()            # the 11 epic structure entries of stone_and_blade.json (RK-SB-EPIC-1)
    structure_names: tuple = STRUCTURES   # kind index -> name: the 5 structures, the 11 epics, the rebel camp
    # what View.claim_progress has already worked out, filled as games ask, never read from a file:
    # claim-track VP by (track, level reached, measure, smooth, required regions ruled), and the
    # tracks' levels; and regions.largest_group by bitmask of regions
    claim_memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    group_memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)


def _fail(file: str, entry: str, problem: str):
    raise UsageError(f"{file}: {entry}: {problem}")


def _need(cond, file: str, entry: str, problem: str) -> None:
    if not cond:
        _fail(file, entry, problem)




_REQUIRED = object()


def _field(obj, key, file, entry, kind=None, least=None, default=_REQUIRED):
    """Field ``key`` of the JSON object ``entry`` (or ``default`` when absent), checked to be a
    ``kind`` (an int is never a bool) and, for a number, at least ``least``."""
    _need(isinstance(obj, dict), file, entry, "must be a JSON object")
    if key not in obj and default is not _REQUIRED:
        return default
    _need(key in obj, file, entry, f"missing field {key!r}")
    value = obj[key]
    if kind is not None:
        _need(isinstance(value, kind) and not (kind is int and isinstance(value, bool)), file, entry,
              f"field {key!r} must be {kind.__name__}")
    if least is not None:
        _need(value >= least, file, entry, f"field {key!r} must be at least {least}")
    return value


def load_map(path: Path) -> tuple:
    """The 8 solo regions, their goods, adjacency and hop distances (RK-MAP-1..4)."""
    f = str(path)
    raw = read_data(path)
    names = tuple(_field(raw, "solo_regions", f, "solo_regions", list))
    _need(len(names) == 8 and len(set(names)) == 8, f, "solo_regions", "must list 8 different regions")
    goods = {r["id"]: r["good"] for r in _field(raw, "regions", f, "regions", list)}
    index = {n: i for i, n in enumerate(names)}
    good = []
    for n in names:
        _need(n in goods, f, f"region {n}", "has no entry in regions")
        _need(goods[n] in GOODS, f, f"region {n}", f"unknown good {goods[n]!r}")
        good.append(GOODS.index(goods[n]))
    adj = _field(raw, "solo_adjacency", f, "solo_adjacency", dict)
    adjacent = []
    for n in names:
        nbrs = _field(adj, n, f, "solo_adjacency", list)
        for m in nbrs:
            _need(m in index, f, f"solo_adjacency {n}", f"unknown region {m!r}")
            _need(n in adj.get(m, ()), f, f"solo_adjacency {n}", f"{m} does not list {n} back")
        adjacent.append(tuple(index[m] for m in nbrs))
    # hop distances by breadth-first search, then checked against the file (RK-MAP-4)
    distance = []
    for s in range(8):
        d = [-1] * 8
        d[s], frontier = 0, [s]
        while frontier:
            nxt = []
            for r in frontier:
                for m in adjacent[r]:
                    if d[m] < 0:
                        d[m] = d[r] + 1
                        nxt.append(m)
            frontier = nxt
        given = raw.get("solo_distances", {}).get(names[s])
        if given is not None:
            for t in range(8):
                _need(given.get(names[t]) == d[t], f, f"solo_distances {names[s]}",
                      f"distance to {names[t]} should be {d[t]}")
        distance.append(tuple(d))
    return names, tuple(good), tuple(adjacent), tuple(distance)


def load_cards(f: str, raw: list, regions: tuple[str, ...], rows: str = "brdgm") -> tuple[SoloCard, ...]:
    """The solo deck (RK-COMP-4) of the automa file ``f``; ``rows='pdhummel'`` applies the disputed
    readings (RK-OPEN-20), whose brdgm reading must match the card's placement."""
    cards = []
    index = {n: i for i, n in enumerate(regions)}
    for k, c in enumerate(raw):
        entry = f"cards[{k}] (card {c['id']})"
        order = c["location_order"]
        for r in order:
            _need(r in index, f, entry, f"unknown region {r!r} in location_order (RK-REB-CARD-2)")
        _need(len(set(order)) == 8, f, entry, "location_order must list the 8 solo regions once each (RK-REB-CARD-2)")
        build_order, placements = {}, {}
        for p in PRIORITIES:
            row = c["priorities"][p]
            _need(sorted(row["build_order"]) == sorted(BASE_STRUCTURES), f, f"{entry} {p}",
                  "build_order must be church, stronghold, market in some order (RK-REB-BUILD-6)")
            pl = [[e["advisor"], COLUMNS.index(e["column"]), e["coin"]] for e in row["placements"]]
            _need(sorted(a for a, _, _ in pl) == sorted(ADVISORS), f, f"{entry} {p}",
                  "placements must list each of 1, 2, 2+, 3+, 4, 5 once (RK-REB-STRAT-1)")
            build_order[p] = tuple(row["build_order"])
            placements[p] = pl
        for j, d in enumerate(c.get("disputed", ())):
            where = f"{entry} disputed {j + 1}"
            row = placements[d["priority"]][d["index"]]
            _need([d["advisor"], d["brdgm"]["column"], d["brdgm"]["coin"]] == [row[0], COLUMNS[row[1]], row[2]],
                  f, where, "advisor and brdgm reading must match the card's placement (RK-OPEN-20)")
            if rows == "pdhummel":
                row[1:] = COLUMNS.index(d["pdhummel"]["column"]), d["pdhummel"]["coin"]
        cards.append(SoloCard(c["id"], tuple(index[r] for r in order), build_order,
                              {p: tuple(tuple(e) for e in v) for p, v in placements.items()}))
    return tuple(cards)


def load_boards(f: str, raw: dict) -> dict[int, RebelBoard]:
    """The rebel board of each difficulty level of the automa file ``f`` (RK-COMP-5, RK-REB-SETUP-4/5,
    RK-REB-BONUS-1), in level order."""
    boards = {}
    for key in sorted(raw, key=int):
        lv = raw[key]
        cols = [(c["priority"], tuple((s["trigger"], s["bonus"], s["amount"], s["covered_at_start"])
                                      for s in c["spaces"])) for c in lv["columns"]]
        _need([p for p, _ in cols] == list(PRIORITIES), f, f"difficulty.{key}.columns",
              "the priorities must be attack_move, build, tax, left to right (RK-REB-BONUS-1)")
        boards[int(key)] = RebelBoard(int(key), lv["starting_priority"], tuple(cols))
    return boards


def load_leaders(raw: dict) -> dict[str, RebelLeader]:
    """The rebel leaders' abilities (RK-SB-REBLEAD-1..4)."""
    return {name: RebelLeader(name, **fields) for name, fields in raw.items()}


def load_setup(f: str, raw: dict) -> RebelSetup:
    """The Rebellion's setup numbers; the rebels placed must be in its supply (RK-REB-SETUP-1, -8)."""
    setup = RebelSetup(**raw)
    placed = setup.kiev_rebels + setup.start_regions * setup.start_region_rebels
    _need(placed <= setup.rebels, f, "setup",
          f"places {placed} rebels (kiev_rebels + start_regions x start_region_rebels) but has rebels = "
          f"{setup.rebels} (RK-REB-SETUP-1, RK-REB-SETUP-8)")
    return setup


def levels(path: str) -> tuple[int, ...]:
    """The difficulty levels the packaged automa and the automa file ``path`` (if any) define: the allowed
    values of the ``difficulty`` option (RK-REB-SETUP-4). The file is fully checked when it is loaded."""
    keys = set(_PACKAGED_LEVELS)
    if path:
        given = read_data(path).get("difficulty")
        if isinstance(given, dict):
            keys |= {int(k) for k in given if re.fullmatch(r"[1-9][0-9]?", str(k))}
    return tuple(sorted(keys))


def load_strategy_board(path: Path):
    """The 1-2 player strategy board: points and coin costs per space (RK-STRAT-2, RK-STRAT-5)."""
    f = str(path)
    raw = read_data(path)
    cols = _field(raw, "columns", f, "columns", list)
    _need([c.get("column") for c in cols] == list(COLUMNS), f, "columns", "must be muster, move, attack, tax, build, scheme")
    spaces = tuple(tuple((int(s["points"]), int(s["coin_cost"])) for s in c["spaces"]) for c in cols)
    _need(all(len(c) == 3 for c in spaces), f, "columns", "each column needs 3 spaces")
    per_round = {int(k): tuple(v) for k, v in _field(raw, "advisors_per_round", f, "advisors_per_round", dict).items()}
    _need(sorted(per_round) == [1, 2, 3, 4], f, "advisors_per_round", "must cover rounds 1-4")
    for k, v in per_round.items():
        _need(all(a in ADVISORS for a in v), f, f"advisors_per_round {k}", "unknown advisor")
    return spaces, per_round


def load_schemes(path: Path) -> tuple[SchemeCard, ...]:
    """The scheme deck (RK-COMP-6): base 27 cards plus the 5 Warfare cards."""
    f = str(path)
    raw = read_data(path)
    out, seen = [], set()

    def parts(lst, entry):
        res = []
        for p in lst:
            kind = _field(p, "type", f, entry)
            _need(kind in REWARD_KINDS, f, entry, f"unknown reward type {kind!r}")
            res.append((kind, int(_field(p, "amount", f, entry))))
        return tuple(res)

    for c in _field(raw, "cards", f, "cards", list):
        cid = _field(c, "id", f, "card", int)
        entry = f"scheme card {cid}"
        _need(cid not in seen, f, entry, "duplicate card id")
        seen.add(cid)
        reward = _field(c, "reward", f, entry, dict)
        out.append(SchemeCard(cid, _field(c, "module", f, entry), parts(reward.get("all", []), entry),
                              tuple(parts(alt, entry) for alt in reward.get("choice", [])),
                              int(_field(c, "coin_cost", f, entry)), int(_field(c, "casualty_icons", f, entry))))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Scoring:
    """The numbers of the scoring file, ready for the engine."""

    claim_levels: dict   # track -> ((threshold, required regions), ...) (RK-CLAIM-2..5)
    claim_vp: tuple      # VP of levels 1-5 (RK-CLAIM-2)
    boat_size: tuple     # per good (RK-CORE-6)
    boon_goods: tuple    # goods whose column carries a trade boon token (RK-REB-SETUP-7)
    warfare_vp: tuple    # (most, second most) (RK-END-1)
    warfare_top: int     # last warfare space (RK-SB-WREW-1)
    reward_spaces: tuple  # spaces of the 5 reward tokens (RK-SB-WREW-1)
    rebel_vp_per: tuple  # (coins, dock goods) per VP, rounded up (RK-REB-END-1)
    agenda_vp: int       # RK-END-1
    start_coins: tuple   # (player base game, player S&B, Rebellion) (RK-SETUP-9, RK-REB-SETUP-5)


def load_scoring(path: str, regions: tuple[str, ...]) -> Scoring:
    """The packaged scoring file, or ``scoring=PATH`` laid over it (RK-COMP-7, RK-OPEN-18)."""
    f = path or str(SCORING_FILE.file)
    raw = SCORING_FILE.load(path)
    tracks = raw["claim_tracks"]
    vp = tuple(tracks["vp_levels"]["values"])
    levels = {}
    for t in ("rule", "build", "trade"):
        rows = []
        for k, e in enumerate(tracks[t]["levels"]):
            _need(e.get("vp", vp[k]) == vp[k], f, f"claim_tracks.{t}.levels[{k}].vp",
                  f"must equal claim_tracks.vp_levels.values[{k}] ({vp[k]}), which sets the VP")
            for r in e.get("also_requires", ()):
                _need(r in regions, f, f"claim_tracks {t}", f"unknown region {r!r} in level {k + 1}")
            rows.append((e["threshold"], tuple(regions.index(r) for r in e.get("also_requires", ()))))
        levels[t] = tuple(rows)
    size = [0] * len(GOODS)
    boons = []
    for k, c in enumerate(raw["boat"]["columns"]):
        g = GOODS.index(c["good"])
        _need(not size[g], f, f"boat column {k + 1}", f"duplicate good {c['good']!r}")
        size[g] = c["spaces"]
        if c.get("trade_boon_token", False):
            boons.append(g)
    _need(sum(size) == raw["boat"]["total_spaces"], f, "boat.total_spaces",
          f"must equal the sum of the columns' spaces ({sum(size)})")
    war = {k: raw["warfare"][k]["value"] for k in ("first_vp", "second_vp", "track_spaces", "reward_token_spaces")}
    spaces = war["reward_token_spaces"]
    _need(max(spaces) <= war["track_spaces"] and len(set(spaces)) == len(spaces), f,
          "warfare.reward_token_spaces", "must be different spaces on the track (at most warfare.track_spaces)")
    conv, coins = raw["rebellion_end_conversions"], raw["starting_coins"]
    return Scoring(levels, vp, tuple(size), tuple(boons), (war["first_vp"], war["second_vp"]),
                   war["track_spaces"], tuple(war["reward_token_spaces"]),
                   (conv["coins"]["vp_per"], conv["dock_goods"]["vp_per"]), raw["other_vp"]["secret_agenda"]["value"],
                   tuple(coins[k]["value"] for k in ("player_base_game", "player_stone_and_blade", "rebellion")))


def load(automa_path: str = "", rows: str = "brdgm", scoring_path: str = "") -> RurikData:
    """Load and validate every data file; ``automa_path``/``scoring_path`` are laid over the packaged ones."""
    regions, good, adjacent, distance = load_map(DATA_DIR / "map.json")
    f = automa_path or "the packaged automa"
    automa = AUTOMA_FILE.load(automa_path)
    cards = load_cards(f, automa["cards"], regions, rows)
    spaces, per_round = load_strategy_board(DATA_DIR / "strategy_board.json")
    scoring = load_scoring(scoring_path, regions)
    sb = read_data(DATA_DIR / "stone_and_blade.json")
    base = read_data(DATA_DIR / "base_cards.json")
    schemes = load_schemes(DATA_DIR / "scheme_cards.json")
    core_deeds = read_data(DATA_DIR / "sb_core_deeds.json")
    module_cards = read_data(DATA_DIR / "sb_module_cards.json")     # RK-SB-WAR-6, RK-SB-EPIC-1
    epic_cards = tuple(sb.get("epic_structures", {}).get("structures", ()))
    cas = automa["casualties"]
    return RurikData(
        regions=regions, good=good, adjacent=adjacent, distance=distance, cards=cards,
        moves=tuple(tuple([("move", r, d, u) for d in adjacent[r]] for u in ("troop", "leader"))
                    for r in range(len(regions))),
        boards=load_boards(f, automa["difficulty"]), leaders=load_leaders(automa["leaders"]),
        casualty_cards=(cas["base_cards"], cas["defender_rules"], cas["defender_stronghold"]),
        rebel_income=automa["coins"]["per_full_column"], rebel_setup=load_setup(f, automa["setup"]),
        spaces=spaces, advisors_per_round=per_round,
        schemes=schemes, scheme_by_id={c.id: c for c in schemes}, scoring=scoring, boat_size=scoring.boat_size,
        boon_goods=scoring.boon_goods, claim_levels=scoring.claim_levels, claim_vp=scoring.claim_vp,
        deeds=tuple(base["deeds"]) + tuple(core_deeds["deeds"]) + tuple(module_cards["deeds"]),
        agendas=tuple(base["agendas"]) + tuple(module_cards["agendas"]),
        epic=sb.get("epic_structures", {}), factions=sb.get("rebel_factions_module", {}),
        epic_cards=epic_cards,
        structure_names=STRUCTURES + tuple(e["name"] for e in epic_cards) + ("rebel camp",),
    )


_PACKAGED_LEVELS = tuple(sorted(int(k) for k in read_data(DATA_DIR / "rebel_boards.json")["difficulty"]))
