"""Card, board and deck data for Rurik solo: loaded from ``data/*.json`` and validated.

The packaged files are this project's transcription of the rules reference's data
(``shared/reference/rurik/data``, RK-COMP-1..8, §11). A user can replace the solo cards with
``cards=PATH`` and the claim thresholds with ``scoring=PATH`` (RK-OPEN-18); both files use the
packaged schema. Every problem is reported as one line naming the file and the entry.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from automa.core.errors import UsageError

DATA_DIR = Path(__file__).parent / "data"

GOODS = ("wood", "fish", "honey", "stone", "fur")
COLUMNS = ("muster", "move", "attack", "tax", "build", "scheme")
PRIORITIES = ("attack_move", "build", "tax")
ADVISORS = ("1", "2", "2+", "3+", "4", "5")
ADVISOR_NUMBER = {"1": 1, "2": 2, "2+": 2, "3+": 3, "4": 4, "5": 5}
BASE_STRUCTURES = ("church", "stronghold", "market")
STRUCTURES = ("church", "stronghold", "market", "stable", "tavern")
BONUS_KINDS = ("muster", "move", "attack", "tax", "build", "coins", "reveal_fewer")
REWARD_KINDS = ("muster", "move", "attack", "tax", "build", "coins", "deed_card", "warfare_step")


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


@dataclass(frozen=True, slots=True)
class RurikData:
    """Everything the engine reads from data files, with region names turned into indices."""

    regions: tuple[str, ...]          # the 8 solo regions (RK-MAP-3)
    good: tuple[int, ...]             # good index per region
    adjacent: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]   # RK-MAP-4
    moves: tuple                      # region -> (troop moves, leader moves) to adjacent regions
    cards: tuple[SoloCard, ...]
    boards: dict[int, RebelBoard]
    spaces: tuple[tuple[tuple[int, int], ...], ...]   # column -> rows -> (points, coin_cost)
    advisors_per_round: dict[int, tuple[str, ...]]
    schemes: tuple[SchemeCard, ...]
    scheme_by_id: dict[int, SchemeCard]
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


def _fail(file: str, entry: str, problem: str):
    raise UsageError(f"{file}: {entry}: {problem}")


def _need(cond, file: str, entry: str, problem: str) -> None:
    if not cond:
        _fail(file, entry, problem)


def read_json(path: Path) -> dict:
    """Read a JSON object, turning I/O and syntax errors into a one-line UsageError."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}") from None
    _need(isinstance(data, dict), str(path), "top level", "must be a JSON object")
    return data


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
    raw = read_json(path)
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


def load_cards(path: Path, regions: tuple[str, ...], rows: str = "brdgm") -> tuple[SoloCard, ...]:
    """The 18 solo cards (RK-COMP-4); ``rows='pdhummel'`` applies the disputed readings (RK-OPEN-20)."""
    f = str(path)
    raw = read_json(path)
    cards, seen = [], set()
    index = {n: i for i, n in enumerate(regions)}
    for pos, c in enumerate(_field(raw, "cards", f, "cards", list)):
        cid = _field(c, "id", f, f"card #{pos + 1}", int)
        entry = f"card {cid}"
        _need(cid not in seen, f, entry, "duplicate card id")
        seen.add(cid)
        order = _field(c, "location_order", f, entry, list)
        for r in order:
            _need(isinstance(r, str) and r in index, f, entry, f"unknown region {r!r} in location_order")
        _need(len(order) == 8 and len(set(order)) == 8, f, entry, "location_order must list the 8 solo regions once each")
        prios = _field(c, "priorities", f, entry, dict)
        build_order, placements = {}, {}
        for p in PRIORITIES:
            row = _field(prios, p, f, entry, dict)
            bo = _field(row, "build_order", f, f"{entry} {p}", list)
            _need(all(isinstance(k, str) for k in bo) and sorted(bo) == sorted(BASE_STRUCTURES), f, f"{entry} {p}", "build_order must be church, stronghold, market in some order")
            pl = []
            for k, e in enumerate(_field(row, "placements", f, f"{entry} {p}", list)):
                where = f"{entry} {p} placement {k + 1}"
                adv = _field(e, "advisor", f, where)
                col = _field(e, "column", f, where)
                _need(adv in ADVISORS, f, where, f"unknown advisor {adv!r}")
                _need(col in COLUMNS, f, where, f"unknown column {col!r}")
                pl.append([adv, COLUMNS.index(col), _field(e, "coin", f, where, bool)])
            _need(sorted(a for a, _, _ in pl) == sorted(ADVISORS), f, f"{entry} {p}",
                  "placements must list each of 1, 2, 2+, 3+, 4, 5 once")
            build_order[p] = tuple(bo)
            placements[p] = pl
        # the other reading of a disputed row (RK-OPEN-20): checked always, applied with pdhummel
        for k, d in enumerate(_field(c, "disputed", f, entry, list, default=[])):
            where = f"{entry} disputed {k + 1}"
            p = _field(d, "priority", f, where)
            _need(p in PRIORITIES, f, where, f"unknown priority {p!r}")
            i = _field(d, "index", f, where, int, least=0)
            _need(i < len(ADVISORS), f, where, f"index must be below {len(ADVISORS)}")
            alt = _field(d, "pdhummel", f, where, dict)
            col = _field(alt, "column", f, f"{where} pdhummel")
            _need(col in COLUMNS, f, f"{where} pdhummel", f"unknown column {col!r}")
            coin = _field(alt, "coin", f, f"{where} pdhummel", bool)
            if rows == "pdhummel":
                placements[p][i][1:] = COLUMNS.index(col), coin
        cards.append(SoloCard(cid, tuple(index[r] for r in order), build_order,
                              {p: tuple(tuple(e) for e in v) for p, v in placements.items()}))
    _need(len(cards) == 18, f, "cards", f"expected 18 solo cards, found {len(cards)}")
    return tuple(cards)


def load_boards(path: Path) -> dict[int, RebelBoard]:
    """The four rebel boards (RK-COMP-5, RK-REB-SETUP-4/5, RK-REB-BONUS-1)."""
    f = str(path)
    raw = read_json(path)
    boards = {}
    for lv in _field(raw, "levels", f, "levels", list):
        level = _field(lv, "level", f, "level", int)
        entry = f"level {level}"
        _need(level not in boards, f, entry, "duplicate level")
        start = _field(lv, "starting_priority", f, entry)
        _need(start in PRIORITIES, f, entry, f"unknown starting_priority {start!r}")
        cols = []
        for c in _field(lv, "columns", f, entry, list):
            prio = _field(c, "priority", f, entry)
            _need(prio in PRIORITIES, f, entry, f"unknown column priority {prio!r}")
            spaces = []
            for s in _field(c, "spaces", f, f"{entry} {prio}", list):
                trig, bonus = _field(s, "trigger", f, f"{entry} {prio}"), _field(s, "bonus", f, f"{entry} {prio}")
                _need(trig in COLUMNS, f, f"{entry} {prio}", f"unknown trigger {trig!r}")
                _need(bonus in BONUS_KINDS, f, f"{entry} {prio}", f"unknown bonus {bonus!r}")
                spaces.append((trig, bonus, int(_field(s, "amount", f, f"{entry} {prio}")),
                               bool(_field(s, "covered_at_start", f, f"{entry} {prio}"))))
            cols.append((prio, tuple(spaces)))
        _need([p for p, _ in cols] == list(PRIORITIES), f, entry, "columns must be attack_move, build, tax")
        boards[level] = RebelBoard(level, start, tuple(cols))
    _need(sorted(boards) == [1, 2, 3, 4], f, "levels", "must define levels 1-4")
    return boards


def load_strategy_board(path: Path):
    """The 1-2 player strategy board: points and coin costs per space (RK-STRAT-2, RK-STRAT-5)."""
    f = str(path)
    raw = read_json(path)
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
    raw = read_json(path)
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


def load_scoring(path: Path, regions: tuple[str, ...]):
    """Claim thresholds and VP (RK-CLAIM-2, RK-OPEN-18) and the boat (RK-CORE-6)."""
    f = str(path)
    raw = read_json(path)
    tracks = _field(raw, "claim_tracks", f, "claim_tracks", dict)
    vp = tuple(_field(_field(tracks, "vp_levels", f, "vp_levels", dict), "values", f, "vp_levels", list))
    _need(len(vp) == 5 and all(type(v) is int and v >= 0 for v in vp), f, "vp_levels",
          "needs 5 values, whole numbers of at least 0")
    levels = {}
    for t in ("rule", "build", "trade"):
        lv = _field(_field(tracks, t, f, t, dict), "levels", f, t, list)
        _need(len(lv) == 5, f, f"claim_tracks {t}", "needs 5 levels")
        rows = []
        for k, e in enumerate(lv):
            where = f"claim_tracks {t} level {k + 1}"
            req = _field(e, "also_requires", f, where, list, default=[])
            for r in req:
                _need(r in regions, f, f"claim_tracks {t}", f"unknown region {r!r} in level {k + 1}")
            rows.append((_field(e, "threshold", f, where, int, least=0), tuple(regions.index(r) for r in req)))
        levels[t] = tuple(rows)
    boat = _field(_field(raw, "boat", f, "boat", dict), "columns", f, "boat", list)
    size = [0] * len(GOODS)
    boons = []
    for k, c in enumerate(boat):
        where = f"boat column {k + 1}"
        good = _field(c, "good", f, where)
        _need(good in GOODS, f, where, f"unknown good {good!r}")
        _need(not size[GOODS.index(good)], f, where, f"duplicate good {good!r}")
        size[GOODS.index(good)] = _field(c, "spaces", f, where, int, least=1)
        if _field(c, "trade_boon_token", f, where, bool, default=False):
            boons.append(GOODS.index(good))
    _need(all(size), f, "boat", "every good needs a column")
    return levels, vp, tuple(size), tuple(boons)


def load(cards_path: str = "", rows: str = "brdgm", scoring_path: str = "") -> RurikData:
    """Load and validate every data file; ``cards_path``/``scoring_path`` replace the packaged ones."""
    regions, good, adjacent, distance = load_map(DATA_DIR / "map.json")
    cards = load_cards(Path(cards_path) if cards_path else DATA_DIR / "solo_cards.json", regions, rows)
    spaces, per_round = load_strategy_board(DATA_DIR / "strategy_board.json")
    levels, vp, boat_size, boons = load_scoring(Path(scoring_path) if scoring_path else DATA_DIR / "scoring.json", regions)
    sb = read_json(DATA_DIR / "stone_and_blade.json")
    base = read_json(DATA_DIR / "base_cards.json")
    schemes = load_schemes(DATA_DIR / "scheme_cards.json")
    core_deeds = read_json(DATA_DIR / "sb_core_deeds.json")
    module_cards = read_json(DATA_DIR / "sb_module_cards.json")     # RK-SB-WAR-6, RK-SB-EPIC-1
    epic_cards = tuple(sb.get("epic_structures", {}).get("structures", ()))
    return RurikData(
        regions=regions, good=good, adjacent=adjacent, distance=distance, cards=cards,
        moves=tuple(tuple([("move", r, d, u) for d in adjacent[r]] for u in ("troop", "leader"))
                    for r in range(len(regions))),
        boards=load_boards(DATA_DIR / "rebel_boards.json"), spaces=spaces, advisors_per_round=per_round,
        schemes=schemes, scheme_by_id={c.id: c for c in schemes}, boat_size=boat_size, boon_goods=boons,
        claim_levels=levels, claim_vp=vp,
        deeds=tuple(base["deeds"]) + tuple(core_deeds["deeds"]) + tuple(module_cards["deeds"]),
        agendas=tuple(base["agendas"]) + tuple(module_cards["agendas"]),
        epic=sb.get("epic_structures", {}), factions=sb.get("rebel_factions_module", {}),
        epic_cards=epic_cards,
        structure_names=STRUCTURES + tuple(e["name"] for e in epic_cards) + ("rebel camp",),
    )
