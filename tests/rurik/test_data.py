"""The packaged Rurik data files against the rules reference's data (RK-COMP-1..8, §11), the
validation errors of ``data.load`` and the disputed-rows option (RK-OPEN-20)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from automa.core.errors import UsageError
from automa.rurik import data as rdata
from automa.rurik.data import ADVISOR_NUMBER, COLUMNS, GOODS, PRIORITIES, STRUCTURES

REF = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "rurik" / "data"
PKG = rdata.DATA_DIR
D = rdata.load()
needs_ref = pytest.mark.skipif(not REF.is_dir(), reason=f"reference data not found at {REF}")


def ref(name):
    return json.loads((REF / name).read_text())


@needs_ref
@pytest.mark.parametrize("name", ["map.json", "rebel_boards.json", "scheme_cards.json", "scoring.json",
                                  "solo_cards.json", "stone_and_blade.json", "strategy_board.json"])
def test_packaged_json_matches_reference(name):
    """Every fact of the packaged file equals the reference file of the same name (§11); the rebel boards
    are keyed by level, the automa file's ``difficulty`` section, without the reference's space counts."""
    mine = json.loads((PKG / name).read_text())
    theirs = ref(name)
    mine.pop("_meta", None), theirs.pop("_meta", None)
    if name == "rebel_boards.json":
        theirs = {"difficulty": {str(lv["level"]): {k: v for k, v in lv.items() if k not in ("level", "summary")}
                                 for lv in theirs["levels"]}}
    assert mine == theirs


@needs_ref
def test_map_facts():
    """The 8 solo regions, their goods, adjacency and hop distances (RK-MAP-1..4)."""
    r = ref("map.json")
    assert D.regions == tuple(r["solo_regions"])
    goods = {x["id"]: x["good"] for x in r["regions"]}
    assert [GOODS[g] for g in D.good] == [goods[n] for n in D.regions]
    for i, n in enumerate(D.regions):
        assert sorted(D.regions[j] for j in D.adjacent[i]) == sorted(r["solo_adjacency"][n])
        for j, m in enumerate(D.regions):
            assert D.distance[i][j] == r["solo_distances"][n][m]
    assert "kiev" not in [D.regions[j] for j in D.adjacent[D.regions.index("smolensk")]]


@needs_ref
def test_solo_card_facts():
    """18 cards: region order, build orders and placements in order (RK-COMP-4, RK-OPEN-20 brdgm)."""
    cards = ref("solo_cards.json")["cards"]
    assert len(D.cards) == len(cards) == 18
    for c, rc in zip(D.cards, cards):
        assert c.id == rc["id"]
        assert [D.regions[r] for r in c.order] == rc["location_order"]
        for p in PRIORITIES:
            rp = rc["priorities"][p]
            assert list(c.build_order[p]) == rp["build_order"]
            assert [(a, COLUMNS[col], coin) for a, col, coin in c.placements[p]] == [
                (e["advisor"], e["column"], e["coin"]) for e in rp["placements"]]


@needs_ref
def test_rebel_board_facts():
    """4 levels: starting priority, columns, spaces and covers (RK-COMP-5, RK-REB-SETUP-4/5, RK-REB-BONUS-1)."""
    levels = ref("rebel_boards.json")["levels"]
    assert sorted(D.boards) == [1, 2, 3, 4]
    counts = {1: (7, 1), 2: (9, 2), 3: (10, 2), 4: (12, 3)}
    for lv in levels:
        b = D.boards[lv["level"]]
        assert b.starting_priority == lv["starting_priority"]
        assert [p for p, _ in b.columns] == [c["priority"] for c in lv["columns"]]
        for (_, spaces), c in zip(b.columns, lv["columns"]):
            assert list(spaces) == [(s["trigger"], s["bonus"], s["amount"], s["covered_at_start"]) for s in c["spaces"]]
        allsp = [s for _, sp in b.columns for s in sp]
        assert (len(allsp), sum(not s[3] for s in allsp)) == counts[lv["level"]]
    assert {lv: D.boards[lv].starting_priority for lv in D.boards} == {
        1: "build", 2: "tax", 3: "attack_move", 4: "build"}


@needs_ref
def test_strategy_board_facts():
    """Points and coin costs per space, advisors per round (RK-STRAT-2, RK-STRAT-5)."""
    r = ref("strategy_board.json")
    for col, rc in zip(D.spaces, r["columns"]):
        assert list(col) == [(s["points"], s["coin_cost"]) for s in rc["spaces"]]
    assert D.spaces == (((3, 0), (2, 0), (1, 1)), ((3, 0), (2, 0), (1, 0)), ((2, 0), (1, 0), (1, 1)),
                        ((2, 0), (1, 0), (1, 1)), ((2, 0), (1, 0), (1, 1)), ((3, 0), (2, 0), (1, 0)))
    assert {k: list(v) for k, v in D.advisors_per_round.items()} == {int(k): v for k, v in r["advisors_per_round"].items()}
    assert ADVISOR_NUMBER == {"1": 1, "2": 2, "2+": 2, "3+": 3, "4": 4, "5": 5}


@needs_ref
def test_scoring_facts():
    """Claim thresholds and VP (RK-CLAIM-2, RK-OPEN-18) and the boat (RK-CORE-6, RK-SB-BOON-1)."""
    r = ref("scoring.json")
    tracks = r["claim_tracks"]
    assert list(D.claim_vp) == tracks["vp_levels"]["values"] == [1, 2, 3, 5, 8]
    for t in ("rule", "build", "trade"):
        assert [(th, tuple(D.regions[i] for i in req)) for th, req in D.claim_levels[t]] == [
            (e["threshold"], tuple(e.get("also_requires", ()))) for e in tracks[t]["levels"]]
    size = {c["good"]: c["spaces"] for c in r["boat"]["columns"]}
    assert {GOODS[g]: n for g, n in enumerate(D.boat_size)} == size == {"wood": 3, "fish": 3, "stone": 2, "honey": 2, "fur": 1}
    assert sorted(GOODS[g] for g in D.boon_goods) == sorted(
        c["good"] for c in r["boat"]["columns"] if c.get("trade_boon_token")) == ["fish", "honey", "wood"]


@needs_ref
def test_scheme_card_facts():
    """32 scheme cards, base 27 with 10 casualty cards, 14 in all (RK-COMP-6)."""
    cards = ref("scheme_cards.json")["cards"]
    assert len(D.schemes) == len(cards) == 32
    for c, rc in zip(D.schemes, cards):
        assert (c.id, c.module, c.coin_cost, c.casualty_icons) == (rc["id"], rc["module"], rc["coin_cost"], rc["casualty_icons"])
        rw = rc["reward"]
        assert c.reward_all == tuple((p["type"], p["amount"]) for p in rw.get("all", []))
        assert c.reward_choice == tuple(tuple((p["type"], p["amount"]) for p in alt) for alt in rw.get("choice", []))
    base = [c for c in D.schemes if c.module == "base"]
    assert len(base) == 27 and sum(c.casualty_icons > 0 for c in base) == 10
    assert sum(c.casualty_icons > 0 for c in D.schemes) == 14


@needs_ref
def test_stone_and_blade_facts():
    """Epic structures, factions and the S&B core deeds agree with the reference (RK-SB-*, RK-OPEN-42)."""
    r = ref("stone_and_blade.json")
    assert D.epic == r["epic_structures"]
    assert D.factions == r["rebel_factions_module"]
    core = {d["name"]: d for d in r["deeds"] if d["module"] == "core"}
    mine = {d["name"]: d for d in D.deeds if d.get("module") == "core"}
    assert set(mine) == set(core)
    for name, d in mine.items():
        assert d["reward"] == core[name]["reward"]
        assert d["vp"] == core[name]["vp_U"]


# --- validation ----------------------------------------------------------------------------------

def _broken_cards(tmp_path, edit):
    raw = json.loads((PKG / "solo_cards.json").read_text())
    edit(raw)
    p = tmp_path / "solo_cards.json"
    p.write_text(json.dumps(raw))
    return p


def test_wrong_region_name_names_file_and_card(tmp_path):
    """A wrong region name is a UsageError naming the file and the card (RK-COMP-4)."""
    p = _broken_cards(tmp_path, lambda raw: raw["cards"][2]["location_order"].__setitem__(0, "moscow"))
    with pytest.raises(UsageError, match=r"solo_cards\.json: cards\[2\] \(card 3\): unknown region 'moscow' in "
                                         r"location_order \(RK-REB-CARD-2\)"):
        rdata.load(automa_path=str(p))


def test_missing_field_names_file_and_card(tmp_path):
    """A missing field is a UsageError naming the file and the entry."""
    p = _broken_cards(tmp_path, lambda raw: raw["cards"][4]["priorities"]["tax"].pop("build_order"))
    with pytest.raises(UsageError, match=r"solo_cards\.json: cards\[4\]\.priorities\.tax: missing key 'build_order'"):
        rdata.load(automa_path=str(p))
    p = _broken_cards(tmp_path, lambda raw: raw["cards"][0]["priorities"]["build"]["placements"][0].pop("coin"))
    with pytest.raises(UsageError, match=r"solo_cards\.json: cards\[0\]\.priorities\.build\.placements\[0\]: "
                                         r"missing key 'coin'"):
        rdata.load(automa_path=str(p))


def test_duplicate_card_names_file_and_card(tmp_path):
    """A duplicate card id is a UsageError naming the file and the card."""
    def dup(raw):
        raw["cards"][1]["id"] = raw["cards"][0]["id"]
    p = _broken_cards(tmp_path, dup)
    with pytest.raises(UsageError, match=r"solo_cards\.json: cards: id 1 appears twice \(RK-COMP-4, RK-REB-SETUP-3\)"):
        rdata.load(automa_path=str(p))


def test_wrong_region_in_scoring_file(tmp_path):
    """A user scoring file with an unknown region names file and track (RK-OPEN-18)."""
    raw = json.loads((PKG / "scoring.json").read_text())
    raw["claim_tracks"]["rule"]["levels"][4]["also_requires"] = ["kiev", "moskva"]
    p = tmp_path / "my_scoring.json"
    p.write_text(json.dumps(raw))
    with pytest.raises(UsageError, match=r"my_scoring\.json: claim_tracks rule: unknown region 'moskva'"):
        rdata.load(scoring_path=str(p))


def test_unreadable_and_invalid_json(tmp_path):
    """I/O and syntax errors are one-line UsageErrors naming the path."""
    with pytest.raises(UsageError, match="cannot read"):
        rdata.load(automa_path=str(tmp_path / "nope.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(UsageError, match="bad.json: not valid JSON"):
        rdata.load(automa_path=str(bad))


def test_user_card_file_is_used(tmp_path):
    """``automa=PATH`` loads a user's own solo cards in the packaged schema (RK-COMP-4): a file of the
    packaged solo_cards.json's shape is an automa file with only its ``cards`` section."""
    def edit(raw):
        raw["cards"][0]["priorities"]["build"]["build_order"] = ["market", "stronghold", "church"]
    p = _broken_cards(tmp_path, edit)
    assert rdata.load(automa_path=str(p)).cards[0].build_order["build"] == ("market", "stronghold", "church")


def test_pdhummel_rows_change_exactly_the_disputed_entries():
    """``solo_card_rows=pdhummel`` changes exactly the 9 disputed entries (in 7 rows) (RK-OPEN-20)."""
    alt = rdata.load(rows="pdhummel")
    raw = {c["id"]: c for c in json.loads((PKG / "solo_cards.json").read_text())["cards"]}
    diffs = set()
    for a, b in zip(D.cards, alt.cards):
        assert a.order == b.order and a.build_order == b.build_order
        for p in PRIORITIES:
            for i, (x, y) in enumerate(zip(a.placements[p], b.placements[p])):
                assert x[0] == y[0]
                if x != y:
                    diffs.add((a.id, p, i))
    disputed = {(cid, d["priority"], d["index"]) for cid, c in raw.items() for d in c.get("disputed", [])}
    assert len(disputed) == 9 and len({(c, p) for c, p, _ in disputed}) == 7
    assert diffs == disputed
    for cid, p, i in disputed:
        d = next(d for d in raw[cid]["disputed"] if (d["priority"], d["index"]) == (p, i))
        card = next(c for c in alt.cards if c.id == cid)
        assert (COLUMNS[card.placements[p][i][1]], card.placements[p][i][2]) == (d["pdhummel"]["column"], d["pdhummel"]["coin"])
        base = next(c for c in D.cards if c.id == cid)
        assert (COLUMNS[base.placements[p][i][1]], base.placements[p][i][2]) == (d["brdgm"]["column"], d["brdgm"]["coin"])


def test_structures_and_vocabulary():
    """Structure kinds and their supply (RK-CORE-8)."""
    assert STRUCTURES == ("church", "stronghold", "market", "stable", "tavern")


def _scoring(tmp_path, text, name="my_scoring.json"):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def _games(options, n=40):
    """Each game's row of n random-strategy games, as a dict of games.csv columns."""
    from automa.core.results import columns
    from automa.run.runner import play_one
    from automa.run.simulate import resolve

    spec = resolve("rurik", "random", options, 5)
    ctx = spec.game.prepare(spec.options)
    return [dict(zip(columns(spec.game), play_one(spec, ctx, i))) for i in range(n)]


@pytest.mark.parametrize("text, message", [
    ('{"warfare": {"frist_vp": {"value": 50}}}', "warfare.frist_vp: unknown key"),
    ('{"claim_tracks": {"rule": {"levels": [{"vp": null, "threshold": 2}, {"threshold": 3}, {"threshold": 4}, '
     '{"threshold": 5}, {"threshold": 6}]}}}', "claim_tracks.rule.levels[0].vp: expected a whole number, got null"),
    ('{"claim_tracks": {"trade": {"levels": [{"thresold": 2}, {"threshold": 3}, {"threshold": 4}, '
     '{"threshold": 5}, {"threshold": 6}]}}}', "claim_tracks.trade.levels[0].thresold: unknown key"),
    ('{"claim_tracks": {"build": {"levels": [{"vp": 2, "threshold": 2}, {"threshold": 3}, {"threshold": 4}, '
     '{"threshold": 5}, {"threshold": 6}]}}}', "claim_tracks.build.levels[0].vp: must equal claim_tracks.vp_levels"),
    ('{"warfare": {"first_vp": 50}}', "warfare.first_vp: expected an object, got a whole number"),
    ('{"income": {"round_4": {"value": "income after round 4 too"}}}', "income: not configurable here"),
    ('{"warfare": {"ties_and_zero": {"default": "zero counts"}}}', "warfare.ties_and_zero: not configurable here: "
                                                                  "set by rule option warfare_scoring"),
    ('{"boat": {"total_spaces": 12}}', "boat.total_spaces: must equal the sum of the columns' spaces (11)"),
    ('{"warfare": {"reward_token_spaces": {"value": [2, 4, 12]}}}', "warfare.reward_token_spaces: must be different"),
    ('{"rebellion_end_conversions": {"coins": {"vp_per": 0}}}', "rebellion_end_conversions.coins.vp_per: 0 is out"),
    ('{"starting_coins": {"rebellion": {"value": 3, "confidence": 1}}}', "starting_coins.rebellion.confidence: a note"),
])
def test_every_scoring_field_is_used_or_rejected_by_name(tmp_path, text, message):
    """A misspelt key, a null, a redundant VP that disagrees, a printed rule the engine fixes: each is a
    one-line error naming the file and the field's dotted path (issue 15, RK-OPEN-18)."""
    path = _scoring(tmp_path, text)
    with pytest.raises(UsageError) as err:
        rdata.load(scoring_path=path)
    assert str(err.value).startswith(f"{path}: {message}"), str(err.value)
    assert "\n" not in str(err.value)


def test_bad_scoring_file_is_exit_2_before_any_game(tmp_path, capsys):
    """The CLI turns a bad field into one line and exit code 2 and plays no game."""
    import cli

    path = _scoring(tmp_path, "[warfare.first_vp]\nvalue = 3\nconfidence = 'C'\n[warfare.frist_vp]\nvalue = 50\n")
    with pytest.raises(SystemExit) as exc:
        cli.main(["simulate", "rurik", "--games", "5", "--seed", "1", "--out", str(tmp_path / "out"),
                  "--option", f"scoring={path}"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err == f"automa-sim: error: {path}: warfare.frist_vp: unknown key; known: " \
        "first_vp, second_vp, track_spaces, reward_token_spaces, ties_and_zero\n"
    assert not (tmp_path / "out").exists()


def test_scoring_file_warfare_and_conversions_change_the_scores(tmp_path):
    """``warfare.first_vp`` and ``second_vp`` set the warfare VP (RK-END-1); the Rebellion's coin and dock
    conversions use ``vp_per`` (RK-REB-END-1); a TOML file named .json is read as TOML."""
    path = _scoring(tmp_path, "[warfare.first_vp]\nvalue = 50\n[warfare.second_vp]\nvalue = 7\n"
                              "[rebellion_end_conversions.coins]\nvp_per = 1\n"
                              "[rebellion_end_conversions.dock_goods]\nvp_per = 1\n")
    base, mine = _games({}), _games({"scoring": path})
    for b, g in zip(base, mine):
        for side in ("player", "automa"):
            assert g[f"{side}_warfare"] == {0: 0, 1: 7, 3: 50}[b[f"{side}_warfare"]]
    assert any(b["player_warfare"] == 3 for b in base) and any(b["automa_warfare"] == 1 for b in base)
    assert sum(g["automa_coins"] for g in mine) > sum(b["automa_coins"] for b in base)
    assert sum(g["automa_dock_goods"] for g in mine) > sum(b["automa_dock_goods"] for b in base)


def test_scoring_file_agenda_and_starting_coins(tmp_path):
    """``other_vp.secret_agenda`` sets the agenda VP (RK-END-1); ``starting_coins`` sets each side's
    coins at setup (RK-SETUP-9, RK-REB-SETUP-5, RK-OPEN-21)."""
    from automa.rurik import setup
    from tests.rurik.conftest import make_match

    path = _scoring(tmp_path, '{"other_vp": {"secret_agenda": {"value": 9}}, "starting_coins": {'
                              '"player_base_game": {"value": 7}, "player_stone_and_blade": {"value": 6}, '
                              '"rebellion": {"value": 5}}}')
    data = rdata.load(scoring_path=path)
    assert data.scoring.agenda_vp == 9 and data.scoring.start_coins == (7, 6, 5)
    agendas = [g["player_agenda"] for g in _games({"scoring": path})]
    assert set(agendas) == {0, 9}
    for inheritance, coins in (("base_setup", 7), ("none_sb", 6)):
        m = make_match(data=data, inheritance=inheritance)
        assert m.s.sides[1].coins == 5
        setup.place_player(m, [0, 1, 2])
        assert m.s.sides[0].coins == coins
