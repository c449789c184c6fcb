"""Setup of a solo game (RK-SETUP-1..10, RK-REB-SETUP-1..9, RK-SB-SETUP-1..8, RK-OPEN-19, RK-OPEN-21)."""
from __future__ import annotations

import pytest

from automa.rurik import setup
from automa.rurik.state import PLAYER, REBELLION
from tests.rurik.conftest import _DATA, Scripted, make_match


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("inheritance, n", [("base_setup", 3), ("none_sb", 2)])
def test_setup_pieces(seed, inheritance, n):
    """Rebellion: leader + 2 in Kiev, 2 + 2 in the top card's first two other regions, 10 rebels in
    supply, 3 coins, covers by difficulty, 3 boon tokens below wood/fish/honey; 5 neutral troops;
    player: n troops and n coins outside the Rebellion's regions, leader with them; 5 reward tokens
    on 2..10; with ``none_sb`` the S&B start of 2 coins and 2 troops; 16 rebels, 3 boon tokens per
    side, 2 stables and 2 taverns, the core deeds in the deed deck, no VP token yet
    (RK-REB-SETUP-1..9, RK-SETUP-6, RK-SETUP-9, RK-SETUP-10, RK-SB-SETUP-1..8, RK-OPEN-21)."""
    import random
    m = make_match(strategy=Scripted(default=lambda d: d.choices[random.Random(seed).randrange(len(d.choices))]),
                   inheritance=inheritance, difficulty=1 + seed % 4)
    m.setup_rng, m.automa_rng = random.Random(seed), random.Random(seed + 100)
    setup.setup(m)
    s = m.s
    reb, pl = s.sides[REBELLION], s.sides[PLAYER]
    kiev = _DATA.regions.index("kiev")
    start = [r for r in range(8) if reb.units[r]]
    assert reb.leader == kiev and reb.units[kiev] == 2 and len(start) == 3 and reb.supply == 10
    top = [r for r in _DATA.cards[s.deck[0]].order if r != kiev][:2]
    assert sorted(start) == sorted([kiev] + top)
    assert [s.neutral[r] for r in range(8)] == [0 if r in start else 1 for r in range(8)]
    assert reb.coins == 3 and sorted(reb.boons_below) == [0, 1, 2]
    board = _DATA.boards[1 + seed % 4]
    assert s.covered == [[sp[3] for sp in spaces] for _, spaces in board.columns]
    assert s.priority == board.starting_priority
    assert sum(pl.units) == n and pl.coins == n and pl.supply == 12 - n
    assert not any(pl.units[r] for r in start) and pl.units[pl.leader] > 0
    assert sorted(s.rewards) == [2, 4, 6, 8, 10] and len(set(s.rewards.values())) == 5
    assert len(s.schemes[0]) + len(s.schemes[1]) == 27
    assert len(s.deed_display) == 3 and pl.structures == [3, 3, 3, 2, 2]
    assert reb.structures == [3, 3, 3, 2, 2] and reb.supply + sum(reb.units) == 16
    assert sorted(pl.boons_below) == [0, 1, 2] and pl.boons == reb.boons == 0
    core = {i for i, d in enumerate(_DATA.deeds) if d.get("module") == "core"}
    assert len(core) == 4 and core <= set(s.deed_display + s.deed_deck)
    assert pl.vp_tokens == reb.vp_tokens == 0


def test_solo_excluded_cards_removed():
    """Grand Hunter, Law Giver and Enforce Peace leave the deed deck; Courageous, Wealthy and the
    ``solo_excluded_agendas`` match leave the agendas (RK-SETUP-4, RK-SB-SOLOX-1, RK-OPEN-19)."""
    names = {d["name"] for d in _DATA.deeds if d.get("solo_excluded")}
    assert names == {"Grand Hunter", "Law Giver", "Enforce Peace"}
    for mode in ("conquering", "victorious", "dignified"):
        seen = set()
        for seed in range(40):
            import random
            m = make_match(strategy=Scripted(), solo_excluded_agendas=mode)
            m.setup_rng = random.Random(seed)
            setup.deal_cards(m)
            seen.add(_DATA.agendas[m.s.sides[PLAYER].agenda]["id"])
            assert not set(m.s.deed_display + m.s.deed_deck) & {
                i for i, d in enumerate(_DATA.deeds) if d.get("solo_excluded")}
        assert not seen & {"courageous", "wealthy", mode}


def test_event_cards_are_not_a_module():
    """The event (intrigue) cards are a separate set whose texts are unavailable, so they are off and no deck
    is invented (RK-SB-EVENT-1, RK-OPEN-39): asking for them is a one-line error naming the real modules."""
    from automa.core.errors import UsageError
    from automa.core.registry import get_game
    with pytest.raises(UsageError, match="allowed: epic, warfare, factions"):
        get_game("rurik").resolve_options({"modules": "events"})
