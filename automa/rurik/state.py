"""Plain game state for Rurik solo: the map, both sides, the strategy board and the decks. No logic.

Regions are indices into ``RurikData.regions``; goods are indices into ``data.GOODS``; structure
kinds are indices into ``data.STRUCTURES``. Side 0 is the player, side 1 the Rebellion.
"""
from __future__ import annotations

from dataclasses import dataclass, field

PLAYER, REBELLION = 0, 1
NOBODY = 2                     # owner of epic structures and the rebel camp (RK-SB-EPIC-1, RK-SB-FACT-1..3)
CHURCH, STRONGHOLD, MARKET, STABLE, TAVERN = range(5)
EPIC0 = 5                      # structure kind of epic structure i is EPIC0 + i (data.epic_cards order)
CAMP = 16                      # the rebel camp (RK-SB-FACT-1..3)
CAPTURED = -2                  # a leader's region while it sits in the other side's dungeon (RK-SB-WAR-1)


@dataclass(slots=True)
class ModState:
    """The Stone & Blade modules' pieces (RK-SB-EPIC-1..4, RK-SB-WAR-1..6, RK-SB-FACT-1..4); ``None``
    on the State when no module is in play."""

    epic_cards: list[int] = field(default_factory=list)    # epic card indices (data.epic_cards), top first
    epic_left: list[int] = field(default_factory=list)     # copies still to build, per laid-out card
    epic_built: list[bool] = field(default_factory=list)   # the player built at least one copy
    epic_gone: list[bool] = field(default_factory=list)    # taken by the Rebellion, to the box (RK-SB-EPIC-2)
    epic_region: list[int] = field(default_factory=lambda: [-1] * 11)   # epic index -> region (non-border)
    borders: list[tuple[int, int, int]] = field(default_factory=list)  # (region, region, epic index)
    veche: list[int] = field(default_factory=lambda: [0, 0])          # troops on the Veche card per side
    library: list[int] = field(default_factory=list)       # deed indices on the Library card
    used: int = 0                  # once-per-round effects, bits (epic.ROUND_*)
    turn: int = 0                  # once-per-turn effects and this turn's attacks, bits (epic/warfare TURN_*)
    attacked: int = 0              # opponent units the player attacked this turn (Conquest)
    dungeon: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])  # side -> [units, leader, neutral]
    beside: int = 0                # rebels released beside the player's mat (RK-OPEN-27 beside_player_mat)
    faction: int = -1              # index in data.factions["factions"] (RK-SB-FACT-1..3)
    camp: int = -1                 # region of the rebel camp, -1 once removed
    defeated: bool = False         # the faction is defeated
    neutral_placed: int = 0        # neutral troops the faction placed (RK-SB-FACT-4)
    tokens: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])  # side -> [epic, captives, faction]

    def copy(self) -> "ModState":
        return ModState(self.epic_cards[:], self.epic_left[:], self.epic_built[:], self.epic_gone[:],
                        self.epic_region[:], self.borders[:], self.veche[:], self.library[:], self.used,
                        self.turn, self.attacked, [d[:] for d in self.dungeon], self.beside, self.faction,
                        self.camp, self.defeated, self.neutral_placed, [t[:] for t in self.tokens])


@dataclass(slots=True)
class Side:
    """One side's pieces and tracks (RK-CORE-5, RK-CORE-8, RK-COMP-7)."""

    units: list[int]                 # troops (player) or rebels (Rebellion) per region
    leader: int = -1                 # region of the leader, -1 when off the board
    supply: int = 0                  # troops / rebels not on the board
    coins: int = 0
    boat: list[int] = field(default_factory=lambda: [0] * 5)
    dock: list[int] = field(default_factory=lambda: [0] * 5)
    boons_below: list[int] = field(default_factory=list)   # goods whose boon token is still below the column
    boons: int = 0                   # trade boon tokens on the dock (RK-SB-BOON-1)
    structures: list[int] = field(default_factory=lambda: [3, 3, 3, 2, 2])  # in supply, by kind
    claims: list[int] = field(default_factory=lambda: [0, 0, 0])  # levels reached on rule, build, trade
    warfare: int = 0
    rewards_taken: int = 0           # bitmask of warfare spaces whose token this side earned
    vp_tokens: int = 0
    defeated_neutral: int = 0        # neutral troops beside the mat (RK-SOLO-3, RK-REB-ATTACK-6)
    defeated_enemy: int = 0          # opponent units removed by attacks
    # player only
    hand: list[int] = field(default_factory=list)        # scheme card ids
    deeds: list[int] = field(default_factory=list)       # deed indices in hand
    deeds_done: list[int] = field(default_factory=list)  # accomplished deed indices
    agenda: int = -1
    leader_used: bool = False        # once-per-round leader ability (RK-SB-LEAD-1, -3)
    tokens_used: int = 0             # conversion tokens used this round, a bit per kind (RK-OPEN-29)

    def copy(self) -> "Side":
        return Side(self.units[:], self.leader, self.supply, self.coins, self.boat[:], self.dock[:],
                    self.boons_below[:], self.boons, self.structures[:], self.claims[:], self.warfare,
                    self.rewards_taken, self.vp_tokens, self.defeated_neutral, self.defeated_enemy,
                    self.hand[:], self.deeds[:], self.deeds_done[:], self.agenda, self.leader_used,
                    self.tokens_used)


VACATED = (-1, "", -1)   # a strategy-board space whose advisor was taken back: it keeps its row (RK-ACT-2)


@dataclass(slots=True)
class State:
    """The whole game: map, sides, strategy board, rebel board and decks."""

    sides: list[Side]
    neutral: list[int]                     # neutral troops per region (RK-REB-SETUP-9)
    structs: list[list[tuple[int, int]]]   # per region: (side, kind)
    token: list[bool]                      # goods token still on the region this round (RK-CORE-7)
    board: list[list[tuple[int, str, int]]]  # strategy board: column -> (side, advisor, strength), top first;
                                           # a space whose advisor was taken back holds VACATED (RK-ACT-2)
    covered: list[list[bool]]              # rebel board: column -> space covered by a coin
    priority: str                          # the Rebellion's current priority
    deck: list[int]                        # solo deck, card indices, top first (RK-REB-CARD-1)
    card: int                              # the card the Rebellion reads now
    schemes: list[list[int]]               # two face-down scheme decks, top first (RK-SETUP-3)
    discard: list[int]                     # scheme discard pile, top last
    deed_deck: list[int]
    deed_display: list[int]
    inherit: list[int]                     # inheritance region deck, top first (RK-OPEN-22)
    rewards: dict[int, str]                # warfare space -> reward token (RK-SB-WREW-1)
    round: int = 1
    turns: int = 0
    last_region: int = -1                  # region_order_start=continue (RK-OPEN-7)
    mod: ModState | None = None            # the Stone & Blade modules' pieces, None when none is in play
    seen: int = 0                          # solo cards the player has seen in use, a bit per card index
    known: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # scheme deck d: the player knows its
                                           # top known[2d] and bottom known[2d+1] cards (put back, revealed)

    def copy(self) -> "State":
        """A copy sharing no mutable part with the original (for lookahead)."""
        return State([s.copy() for s in self.sides], self.neutral[:], [r[:] for r in self.structs],
                     self.token[:], [c[:] for c in self.board], [c[:] for c in self.covered],
                     self.priority, self.deck[:], self.card, [d[:] for d in self.schemes],
                     self.discard[:], self.deed_deck[:], self.deed_display[:], self.inherit[:],
                     dict(self.rewards), self.round, self.turns, self.last_region,
                     None if self.mod is None else self.mod.copy(), self.seen, self.known[:])
