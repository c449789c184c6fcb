"""Options: every open point has a named option or parameter; option values behave as documented."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from automa.core.errors import UsageError
from automa.stroganov import GAME
from automa.stroganov.data import load_raw
from automa.stroganov.options import OPEN_POINTS

DOCS = Path(__file__).parents[2] / "docs" / "stroganov.md"


def test_every_open_point_is_an_option_or_parameter():
    """ST-OPEN-1..58 each map to existing option names or section.key parameters."""
    assert sorted(OPEN_POINTS) == list(range(1, 59))
    names = {o.name for o in GAME.options}
    params = load_raw()[1]
    for n, where in OPEN_POINTS.items():
        for item in where.split(", "):
            item = item.split("[")[0]
            if "." in item:
                section, key = item.split(".")
                assert key in params[section], (n, item)
            else:
                assert item in names, (n, item)


def test_options_cite_rules_and_are_documented():
    """Every option names a rule ID, and docs/stroganov.md lists every option and open point."""
    text = DOCS.read_text()
    for o in GAME.options:
        assert re.search(r"ST-[A-Z]+", o.ref), o.name
        assert f"`{o.name}`" in text, o.name
    for n in OPEN_POINTS:
        assert f"ST-OPEN-{n}" in text, n


def test_no_option_that_cannot_change_a_game():
    """ivan_plan_card_hunt_advances is gone: the plan override hunts the next plan fur whenever the
    column holds it, so a card hunt can never take it (ST-TK-PLAN-5)."""
    assert "ivan_plan_card_hunt_advances" not in {o.name for o in GAME.options}


def test_component_limits():
    """Coins and horses are unlimited and the banner reserve limited; component_limits=box caps coins at 20
    and horses at 40 (ST-COMP-3, ST-OPEN-57)."""
    from automa.stroganov import economy
    from automa.stroganov.state import C_BONUS
    from tests.stroganov.conftest import make_run
    run = make_run()
    p, i = run.st.sides
    economy.add_coins(run, 0, 30)
    economy.add_horses(run, 0, 50)
    economy.apply_bundle(run, 1, (("banners", 20),), C_BONUS)
    assert p.coins >= 30 and p.horses >= 50 and i.banners == run.t.banner_reserve == 12
    run = make_run(component_limits="box")
    p, i = run.st.sides
    economy.add_coins(run, 0, 30)
    economy.add_horses(run, 0, 50)
    assert p.coins + i.coins == 20 and p.horses + i.horses == 40


def test_the_easier_b_side_of_the_player_board_is_not_offered():
    """The player may make the game easier with an asymmetric Б side of the player board (ST-IVAN-KAT-2), but
    no source gives its contents (ST-OPEN-33): only side A is allowed, and asking for Б is a one-line error."""
    assert GAME.resolve_options({})["player_board_side"] == "A"
    with pytest.raises(UsageError, match="player_board_side"):
        GAME.resolve_options({"player_board_side": "Б"})
