"""Setup of a solo game: map, Rebellion, player, decks and tokens (RK-SETUP-1..10, RK-REB-SETUP-1..9,
RK-SB-SETUP-1..8, RK-OPEN-19, RK-OPEN-21, RK-OPEN-33)."""
from __future__ import annotations

from automa.rurik import deeds, schemes
from automa.rurik.data import PRIORITIES
from automa.rurik.decide import decide
from automa.rurik.match import Match
from automa.rurik.state import PLAYER, REBELLION, ModState, Side, State

REWARD_TOKENS = ["wood2", "coins2", "fish2", "fur1", "scheme", "vp"]   # RK-SB-WREW-1, RK-OPEN-23
ALWAYS_EXCLUDED_AGENDAS = ("courageous", "wealthy")                    # RK-SB-SOLOX-1


def new_state(m: Match) -> State:
    """The Rebellion's pieces, board and deck, and an empty map (RK-REB-SETUP-1..9)."""
    data, opt = m.data, m.opt
    board = data.boards[opt["difficulty"]]
    deck = list(range(len(data.cards)))
    m.automa_rng.shuffle(deck)                                          # RK-REB-SETUP-3
    reb = Side(units=[0] * 8, supply=data.rebel_setup.rebels,                     # RK-REB-SETUP-1
               coins=data.scoring.start_coins[2],                                 # RK-REB-SETUP-5
               boons_below=list(data.boon_goods))
    pl = Side(units=[0] * 8, supply=12, boons_below=list(data.boon_goods))
    return State(
        sides=[pl, reb], neutral=[0] * 8, structs=[[] for _ in range(8)], token=[True] * 8,
        board=[[] for _ in range(6)],
        covered=[[sp[3] for sp in spaces] for _, spaces in board.columns],   # RK-REB-SETUP-5
        priority=board.starting_priority, deck=deck, card=deck[0], schemes=[[], []], discard=[],
        deed_deck=[], deed_display=[], inherit=[], rewards={}, seen=1 << deck[0])  # the top card is read


def place_rebellion(m: Match) -> list[int]:
    """Leader + 2 rebels in Kiev, 2 rebels in each of the first two regions of the top card's order
    (Kiev skipped), 1 neutral troop in each other region (RK-REB-SETUP-8, -9); the numbers are the
    automa file's ``setup``."""
    s, reb, setup = m.s, m.s.sides[REBELLION], m.data.rebel_setup
    kiev = m.data.regions.index("kiev")
    start = [kiev] + [r for r in m.data.cards[s.deck[0]].order if r != kiev][:setup.start_regions]
    reb.leader = kiev
    for r in start:
        n = setup.kiev_rebels if r == kiev else setup.start_region_rebels
        reb.units[r] = n
        reb.supply -= n
    for r in range(8):
        if r not in start:
            s.neutral[r] = setup.neutral_troops
    return start


def place_player(m: Match, forbidden: list[int]) -> None:
    """Starting troops one at a time, then the leader in an occupied region, never in the
    Rebellion's three regions; ``inheritance=base_setup``: 3 troops and 3 coins; ``none_sb``:
    2 troops and 2 coins (RK-SETUP-6, -9, -10, RK-OPEN-21)."""
    pl = m.s.sides[PLAYER]
    base, sb, _ = m.data.scoring.start_coins
    troops, pl.coins = (3, base) if m.opt["inheritance"] == "base_setup" else (2, sb)
    free = [r for r in range(8) if r not in forbidden]
    for _ in range(troops):
        r = decide(m, "setup_troop", [("region", r) for r in free], _add_troop)[1]
        _add_troop(m, ("region", r))
    occupied = [r for r in free if pl.units[r]]
    pl.leader = decide(m, "setup_leader", [("region", r) for r in occupied], _set_leader)[1]
    if m.trace:
        m.trace.event("setup", side="player", troops=[m.data.regions[r] for r in range(8) for _ in range(pl.units[r])],
                      leader=m.data.regions[pl.leader], rule="RK-SETUP-10")


def _add_troop(m: Match, choice: tuple) -> None:
    pl = m.s.sides[PLAYER]
    pl.units[choice[1]] += 1
    pl.supply -= 1


def _set_leader(m: Match, choice: tuple) -> None:
    m.s.sides[PLAYER].leader = choice[1]


def deal_cards(m: Match) -> None:
    """Scheme decks, deeds and the secret agenda; solo-incompatible cards removed
    (RK-SETUP-3, RK-SETUP-4, RK-SETUP-8, RK-OPEN-19, RK-OPEN-33, RK-OPEN-42)."""
    data, opt = m.data, m.opt
    modules = ("base", "core") + m.hooks.modules
    schemes.split(m, [c.id for c in data.schemes if c.module in modules])       # RK-SB-WAR-6
    if opt["base_deeds_data"] == "pdhummel":
        deeds.deal(m, [i for i, d in enumerate(data.deeds)
                       if not d.get("solo_excluded") and d.get("module", "base") in modules])
    excluded = ALWAYS_EXCLUDED_AGENDAS + (opt["solo_excluded_agendas"],)
    agendas = [i for i, a in enumerate(data.agendas)
               if a["id"] not in excluded and a.get("module", "base") in modules]  # RK-SB-EPIC-1, RK-SB-WAR-6
    m.setup_rng.shuffle(agendas)
    dealt = agendas[:2 if opt["player_agenda_deal"] == "two_keep_one" else 1]
    m.s.sides[PLAYER].agenda = decide(m, "agenda", [("agenda", a) for a in dealt])[1]


def setup(m: Match) -> None:
    """Build the starting state (RK-SETUP, RK-REB-SETUP); the modules' setups come last (hook
    ``setup``), so the base setup draws the same random numbers with or without them (apart from the
    modules' cards in the decks)."""
    m.s = new_state(m)
    if m.hooks.modules:
        m.s.mod = ModState()
    tokens = REWARD_TOKENS[:]
    m.setup_rng.shuffle(tokens)                                         # RK-SB-SETUP-7
    m.s.rewards = dict(zip(m.data.scoring.reward_spaces, tokens))
    m.s.inherit = list(range(8))
    m.automa_rng.shuffle(m.s.inherit)                                   # RK-OPEN-22
    start = place_rebellion(m)
    if m.trace:
        m.trace.event("setup", side="rebellion", card=m.data.cards[m.s.deck[0]].id,
                      regions=[m.data.regions[r] for r in start], priority=m.s.priority,
                      column=PRIORITIES.index(m.s.priority), rule="RK-REB-SETUP-8")
    deal_cards(m)
    place_player(m, start)
    for hook in m.hooks.setup:
        hook(m)
