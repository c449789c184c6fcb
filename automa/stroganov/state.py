"""Plain game state: the board, both sides, supplies and decks; no game logic."""
from __future__ import annotations

from dataclasses import dataclass, field

CATEGORIES = ("landscapes", "wishes", "trophies", "outposts", "furs", "coins", "tiger", "story", "songs",
              "bonuses", "merchant", "hunting_plan", "diplomacy")
(C_LAND, C_WISH, C_TROPHY, C_OUTPOST, C_FURS, C_COINS, C_TIGER, C_STORY, C_SONGS, C_BONUS, C_MERCHANT,
 C_PLAN, C_DIPLO) = range(len(CATEGORIES))
# Not a category but a destination: VP of a song bought in winter, held apart and added to `songs` only at
# the end, as songs score at game end (ST-END-2); the running VP (``Side.vp``) never counts it before.
C_SONGS_AT_END = len(CATEGORIES)
PLAYER, IVAN = 0, 1
START = -1  # position of a cossack on the start tile
DONATED_TIGER = 0  # a tiger among a slot's donated furs (``State.don``): the "tiger fur" (ST-TK-DIPLO-3)
_new = object.__new__  # copies set every field themselves


@dataclass(slots=True)
class Side:
    """One participant's supply and markers: the player (side 0) or the automa (side 1)."""

    is_ivan: bool
    pos: int = START
    arrived: int = 0
    furs: list = field(default_factory=lambda: [0] * 9)  # count per fur value 0..8 (1 = chipmunk)
    tigers: int = 0
    coins: int = 0
    horses: int = 0
    banners: int = 0
    story: int = 0
    vp: list = field(default_factory=lambda: [0] * len(CATEGORIES))
    outpost_supply: int = 0
    outpost_reserve: int = 0
    outposts: list = field(default_factory=list)  # own outposts per region
    # tiles, wishes and fulfilled are replaced, never changed in place (shared by copies, see State)
    tiles: list = field(default_factory=list)  # owned landscape tiles, in acquisition order
    wishes: list = field(default_factory=list)  # taken, not fulfilled (Ivan: every wish taken)
    fulfilled: list = field(default_factory=list)
    trophy: int = 0
    final_trophy_used: bool = False
    plan: tuple = ()
    plan_pos: int = 0
    diplo: int = 0
    salesman: int = 0  # fur value wild for the Salesman owner (0 = none); that fur lies on the tile
    guide: bool = False
    huntsman: bool = False
    breeder: bool = False
    settlement_yurt: int = -1
    song12_turn: int = -1
    song_vp: int = 0  # VP of the songs bought in winter, scored at the end (C_SONGS_AT_END)

    def copy(self) -> "Side":
        """A copy sharing only the lists that are replaced when written (tiles, wishes, fulfilled); built
        field by field, which costs a quarter less than the dataclass constructor."""
        s = _new(Side)
        s.is_ivan = self.is_ivan
        s.pos = self.pos
        s.arrived = self.arrived
        s.furs = self.furs[:]
        s.tigers = self.tigers
        s.coins = self.coins
        s.horses = self.horses
        s.banners = self.banners
        s.story = self.story
        s.vp = self.vp[:]
        s.outpost_supply = self.outpost_supply
        s.outpost_reserve = self.outpost_reserve
        s.outposts = self.outposts[:]
        s.tiles = self.tiles
        s.wishes = self.wishes
        s.fulfilled = self.fulfilled
        s.trophy = self.trophy
        s.final_trophy_used = self.final_trophy_used
        s.plan = self.plan
        s.plan_pos = self.plan_pos
        s.diplo = self.diplo
        s.salesman = self.salesman
        s.guide = self.guide
        s.huntsman = self.huntsman
        s.breeder = self.breeder
        s.settlement_yurt = self.settlement_yurt
        s.song12_turn = self.song12_turn
        s.song_vp = self.song_vp
        return s

    def fur_count(self) -> int:
        return sum(self.furs)


@dataclass(slots=True)
class State:
    """The whole table. Lists are indexed by slot (west to east) or by region. A cossack stands on a slot
    or on the start tile west of the row (``START``) (ST-BOARD-1). Besides the row the table holds the fur
    market, the trade-space fur, the song display and the season track; each side's VP, story and trophy
    markers are in :class:`Side` (ST-BOARD-5).

    Copies share what is written rarely (see :meth:`copy`): such a list is never changed in place, only
    replaced by a new one; the face-down piles and the deck are replaced by :meth:`own_piles` before the
    winter refill and a rollout's re-sampling write them."""

    tiles: list  # tile index per slot, -1 = empty
    col: list  # hunt column per slot: sorted fur values (each column replaced, never changed in place)
    tiger: list  # tigers lying on each slot's tile
    don: list  # donated furs per slot, DONATED_TIGER for a tiger (module 4; each replaced, never changed in place)
    don_coins: list
    diplo: list  # 1 if the slot's tile carries a diplomacy tile
    bag: list  # the furs in the bag (values), lowest first
    market: list
    trade_fur: int
    region_fur: list  # per region; written only at setup (as are village and diplo_bonus)
    village: list  # per region: village index or -1
    yurt: list  # per region: face-up yurt index or -1 (used)
    wish: list  # per region: wish index or -1 (taken)
    songs: list  # displayed song indices, ascending cost (replaced, never changed in place)
    song_pile: list
    tile_pile: list
    special_pile: list
    yurt_pile: list
    wish_pile: list
    sides: list
    deck: list  # the automa's 13 cards, top first
    tigers_left: int
    banners_left: int
    used_yurts: list = field(default_factory=list)
    merchant_tile: int = -1
    merchant_region: int = -1
    diplo_terrain: int = -1
    diplo_left: int = 0
    diplo_bonus: list = field(default_factory=list)  # bonus tile index per bonus space
    year: int = 1
    season: int = 0
    turn: int = 0
    drawn: int = 0
    order: list = field(  # replaced each season, as first_order only at setup
        default_factory=lambda: [PLAYER, IVAN])
    first_order: list = field(default_factory=lambda: [PLAYER, IVAN])
    arrivals: int = 0

    def copy(self) -> "State":
        """A copy for lookahead and search: the lists written during the action seasons are copied; the
        columns and donations of each slot, the song display, the piles, the deck and what only setup
        writes are shared, as they are replaced, never changed in place (see the class docstring). Built
        field by field, as :meth:`Side.copy` is."""
        c = _new(State)
        c.tiles = self.tiles[:]
        c.col = self.col[:]
        c.tiger = self.tiger[:]
        c.don = self.don[:]
        c.don_coins = self.don_coins[:]
        c.diplo = self.diplo[:]
        c.bag = self.bag[:]
        c.market = self.market[:]
        c.trade_fur = self.trade_fur
        c.region_fur = self.region_fur
        c.village = self.village
        c.yurt = self.yurt[:]
        c.wish = self.wish[:]
        c.songs = self.songs
        c.song_pile = self.song_pile
        c.tile_pile = self.tile_pile
        c.special_pile = self.special_pile
        c.yurt_pile = self.yurt_pile
        c.wish_pile = self.wish_pile
        c.sides = [self.sides[0].copy(), self.sides[1].copy()]  # the player's and Ivan's
        c.deck = self.deck
        c.tigers_left = self.tigers_left
        c.banners_left = self.banners_left
        c.used_yurts = self.used_yurts[:]
        c.merchant_tile = self.merchant_tile
        c.merchant_region = self.merchant_region
        c.diplo_terrain = self.diplo_terrain
        c.diplo_left = self.diplo_left
        c.diplo_bonus = self.diplo_bonus
        c.year = self.year
        c.season = self.season
        c.turn = self.turn
        c.drawn = self.drawn
        c.order = self.order
        c.first_order = self.first_order
        c.arrivals = self.arrivals
        return c

    def own_piles(self) -> None:
        """Give this state its own face-down piles and deck, which copies share, before writing them."""
        self.song_pile, self.tile_pile, self.special_pile = self.song_pile[:], self.tile_pile[:], self.special_pile[:]
        self.yurt_pile, self.wish_pile, self.deck = self.yurt_pile[:], self.wish_pile[:], self.deck[:]
