"""Rurik's narration (automa/rurik/narrate.py): each event told as a person at the table would do it,
in words, with its rule ID (RK-REB-MOVE-4, RK-CAS-1..3, RK-SB-WREW-1, RK-SB-WAR-1, -2)."""
from __future__ import annotations

import re

import pytest

from automa.core.registry import get_game, get_strategy
from automa.core.seeding import game_streams
from automa.core.trace import Trace
from automa.rurik import player, rebellion
from automa.rurik.narrate import tell
from automa.rurik.state import PLAYER, REBELLION
from automa.rurik.view import View
from tests.rurik.conftest import _DATA, Scripted, card_index, make_match, region
from tests.rurik.helpers import rebels, scheme_ids, troops

KIEV, VOLYN = region("kiev"), region("volyn")
RAW = re.compile(r"^[a-z_]+: ")                  # narrate's fallback: an event's kind and raw fields


def _told(m, kind):
    return [tell(None, e) for e in m.trace.events if e["kind"] == kind]


def test_the_rebel_leader_moves_as_the_leader():
    """A march that moves the Rebellion's leader is told as the leader's move, not "a rebel"
    (RK-REB-MOVE-4: the leader moves if the source holds it)."""
    m = make_match(trace=Trace())
    m.s.card, m.s.priority = card_index(1), "build"      # card 1's order: Kiev, Volyn, ...: the target is Volyn
    rebels(m, KIEV, 2, leader=True)
    assert rebellion.move(m, 1) == 1 and m.s.sides[REBELLION].leader == VOLYN
    assert _told(m, "move") == ["It moves its leader from Kiev to Volyn. [RK-REB-MOVE-4]"]
    rebellion.move(m, 1)
    assert _told(m, "move")[1].startswith("It moves a rebel from Kiev to ")


@pytest.mark.parametrize("event, text", [
    ({"kind": "reward", "side": "rebellion", "space": 2, "token": "fur1", "rule": "RK-SB-WREW-1"},
     "The Rebellion reaches warfare space 2 and takes its reward token: 1 fur. [RK-SB-WREW-1]"),
    ({"kind": "reward", "side": "rebellion", "space": 4, "token": "scheme", "rule": "RK-SB-WREW-1"},
     "The Rebellion reaches warfare space 4 and takes its reward token: a scheme card, which it does not use. "
     "[RK-SB-WREW-1]"),
    ({"kind": "reward", "side": "player", "space": 6, "token": "coins2", "rule": "RK-SB-WREW-1"},
     "You reach warfare space 6 and take its reward token: 2 coins. [RK-SB-WREW-1]"),
    ({"kind": "capture", "side": "rebellion", "region": "kiev", "unit": "leader", "captured": True, "lost": 0,
      "rule": "RK-SB-WAR-1"},
     "The Rebellion captures your defeated leader in Kiev: the capture card shows no casualty icon. [RK-SB-WAR-1]"),
    ({"kind": "capture", "side": "player", "region": "volyn", "unit": "troop", "captured": False, "lost": 2,
      "rule": "RK-SB-WAR-1"},
     "You fail to capture the defeated rebel in Volyn: the capture card shows a casualty, you lose 2 units "
     "there. [RK-SB-WAR-1]"),
    ({"kind": "release", "side": "rebellion", "tokens": 2, "rule": "RK-SB-WAR-2"},
     "The Rebellion releases captives for 2 VP tokens. [RK-SB-WAR-2]"),
])
def test_warfare_events_in_words(event, text):
    """Warfare rewards, captures and releases are told in words for both sides (RK-SB-WREW-1,
    RK-SB-WAR-1, -2); before, the Rebellion's printed as raw events (``reward: side rebellion, space
    2, token fur1``) and tokens by their code names."""
    assert tell(None, event) == text


def test_a_zero_card_check_asks_no_deck_and_is_told():
    """With no card to reveal after the modifiers (here the Rebellion's reveal-fewer bonuses) the
    player is not asked for a deck, nothing is drawn, and the check is still told (RK-CAS-1, -2);
    before, the deck was asked and the check went untold."""
    m = make_match(trace=Trace(), strategy=Scripted())
    m.s.card = card_index(1)
    troops(m, VOLYN, 2)
    rebels(m, VOLYN, 1)
    m.s.schemes = [scheme_ids(_DATA, 1)[:4], scheme_ids(_DATA, 1)[4:8]]
    rebellion.attack_in(m, VOLYN, 5)
    assert "casualty_deck" not in [k for k, _ in m.strategy.asked] and m.s.discard == []
    assert _told(m, "casualty") == ["The Rebellion checks for casualties in Volyn: no card to reveal after the "
                                    "modifiers, no casualty. [RK-CAS-2]"]


def test_a_check_is_told_with_its_cards_and_losses():
    """A check with cards: the deck is asked, and the cards revealed of those due and the units lost
    are told (RK-CAS-1..3)."""
    m = make_match(trace=Trace(), strategy=Scripted(), player_leader="boris")
    troops(m, VOLYN, 2)
    rebels(m, VOLYN, 3)                                   # the Rebellion rules Volyn: 2 cards due
    m.s.schemes = [scheme_ids(_DATA, 0)[:1] + scheme_ids(_DATA, 1)[:3], scheme_ids(_DATA, 0)[1:5]]
    player.attack(m, VOLYN, "rebellion")
    assert [k for k, _ in m.strategy.asked] == ["casualty_deck"]
    assert _told(m, "casualty") == ["You check for casualties in Volyn: 2 of 2 cards revealed, you lose 1 unit. "
                                    "[RK-CAS-3]"]
    assert m.s.sides[PLAYER].units[VOLYN] == 1


@pytest.mark.parametrize("options", [
    {"modules": "epic,warfare,factions", "rebel_leader": "maria", "difficulty": 4},
    {"modules": "warfare", "player_leader": "boris", "rebel_leader": "gleb", "difficulty": 4},
    {},
])
def test_every_event_of_a_game_is_told_in_words(options):
    """No event of a whole game falls back to its raw fields, and no token's code name shows."""
    g = get_game("rurik")
    opts = g.resolve_options(options)
    ctx = g.prepare(opts)
    for i in range(4):
        st = game_streams(3, i)
        trace = Trace()
        g.play(ctx, opts, get_strategy(g, "warlord")(st.strategy), st, trace)
        view = View(make_match(**options))
        told = [t for t in (tell(view, e) for e in trace.events) if t]
        assert not [t for t in told if RAW.match(t) or re.search(r"\b(fur1|wood2|fish2|coins2)\b", t)]
