"""Plain game state: the board, both sides, supplies and decks; a read-only view; no game logic."""
from __future__ import annotations

from dataclasses import dataclass, field

CATEGORIES = ("landscapes", "wishes", "trophies", "outposts", "furs", "coins", "tiger", "story", "songs",
              "bonuses", "merchant", "hunting_plan", "diplomacy")
(C_LAND, C_WISH, C_TROPHY, C_OUTPOST, C_FURS, C_COINS, C_TIGER, C_STORY, C_SONGS, C_BONUS, C_MERCHANT,
 C_PLAN, C_DIPLO) = range(len(CATEGORIES))
PLAYER, IVAN = 0, 1
START = -1  # position of a cossack on the start tile


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

    def copy(self) -> "Side":
        s = Side(self.is_ivan, self.pos, self.arrived, self.furs[:], self.tigers, self.coins, self.horses,
                 self.banners, self.story, self.vp[:], self.outpost_supply, self.outpost_reserve,
                 self.outposts[:], self.tiles[:], self.wishes[:], self.fulfilled[:], self.trophy,
                 self.final_trophy_used, self.plan, self.plan_pos, self.diplo, self.salesman, self.guide,
                 self.huntsman, self.breeder, self.settlement_yurt, self.song12_turn)
        return s

    def fur_count(self) -> int:
        return sum(self.furs)


@dataclass(slots=True)
class State:
    """The whole table. Lists are indexed by slot (west to east) or by region. A cossack stands on a slot
    or on the start tile west of the row (``START``) (ST-BOARD-1). Besides the row the table holds the fur
    market, the trade-space fur, the song display and the season track; each side's VP, story and trophy
    markers are in :class:`Side` (ST-BOARD-5)."""

    tiles: list  # tile index per slot, -1 = empty
    col: list  # hunt column per slot: sorted fur values
    tiger: list  # tigers lying on each slot's tile
    don: list  # donated furs per slot (module 4)
    don_coins: list
    diplo: list  # 1 if the slot's tile carries a diplomacy tile
    bag: list  # the furs in the bag (values), lowest first
    market: list
    trade_fur: int
    region_fur: list
    village: list  # per region: village index or -1
    yurt: list  # per region: face-up yurt index or -1 (used)
    wish: list  # per region: wish index or -1 (taken)
    songs: list  # displayed song indices, ascending cost
    song_pile: list
    tile_pile: list
    special_pile: list
    yurt_pile: list
    wish_pile: list
    sides: list
    deck: list  # the automa's 13 cards, top first
    tigers_left: int
    banners_left: int
    yurt_a_left: list = field(default_factory=list)
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
    order: list = field(default_factory=lambda: [PLAYER, IVAN])
    first_order: list = field(default_factory=lambda: [PLAYER, IVAN])
    arrivals: int = 0

    def copy(self) -> "State":
        """A copy that shares no mutable part with this state (for lookahead)."""
        return State(self.tiles[:], list(map(list.copy, self.col)), self.tiger[:], list(map(list.copy, self.don)),
                     self.don_coins[:], self.diplo[:], self.bag[:], self.market[:], self.trade_fur,
                     self.region_fur[:], self.village[:], self.yurt[:], self.wish[:], self.songs[:],
                     self.song_pile[:], self.tile_pile[:], self.special_pile[:], self.yurt_pile[:],
                     self.wish_pile[:], [s.copy() for s in self.sides], self.deck[:], self.tigers_left,
                     self.banners_left, self.yurt_a_left[:], self.used_yurts[:], self.merchant_tile,
                     self.merchant_region, self.diplo_terrain, self.diplo_left, self.diplo_bonus[:], self.year,
                     self.season, self.turn, self.drawn, self.order[:], self.first_order[:], self.arrivals)


class View:
    """A read-only view of the state for strategies: properties return ints and tuples."""

    __slots__ = ("_r", "_s", "_t")

    def __init__(self, run):
        self._r, self._s, self._t = run, run.st, run.t

    def end_vp(self, who: int = PLAYER) -> dict:
        """The side's VP by category if the game ended now (final conversions included)."""
        from automa.stroganov.scoring import side_vp
        return dict(zip(CATEGORIES, side_vp(self._r, who)))

    def end_scores(self, who: int = PLAYER) -> list:
        """The same as :meth:`end_vp` as a list in ``CATEGORIES`` order (cheaper, for lookahead)."""
        from automa.stroganov.scoring import side_vp
        return side_vp(self._r, who)

    def column(self, slot: int) -> tuple:
        """The furs in one slot's hunt column, lowest first."""
        return tuple(self._s.col[slot])

    def diplo_zones(self) -> tuple:
        """Module 4: both sides' zones on the diplomacy track (player, automa); 0 before space 1
        (ST-TK-DIPLO-7)."""
        per = self._t.diplo_per_zone
        return tuple(-(-s.diplo // per) for s in self._s.sides)

    winters_left = property(lambda self: 5 - self._s.year,
                            doc="Winter scorings still to come, this year's included (player decisions "
                                "all come before it; ST-WINTER-1).")
    modules = property(lambda self: self._r.o.modules)

    def _side(self, i):
        return self._s.sides[i]

    year = property(lambda self: self._s.year)
    season = property(lambda self: self._s.season)
    market = property(lambda self: tuple(self._s.market))
    trade_fur = property(lambda self: self._s.trade_fur)
    region_fur = property(lambda self: tuple(self._s.region_fur))
    columns = property(lambda self: tuple(tuple(c) for c in self._s.col))
    board_tiles = property(lambda self: tuple(self._s.tiles))
    slot_region = property(lambda self: self._t.slot_region)
    display_wishes = property(lambda self: tuple(self._s.wish))

    def tile_terrain(self, tile: int) -> int:
        """Terrain code of a tile index: 0-3 base types, 4 sacred (Б), 5 wild (A)."""
        return self._t.tiles[tile].terrain

    def wish_card(self, wish: int) -> tuple:
        """(fur value, furs required, furs handed in, end VP, reward) of a wish card."""
        return self._t.wishes[wish]

    def side(self, who: int = PLAYER) -> "SideView":
        return SideView(self._s.sides[who])

    @property
    def player(self) -> "SideView":
        return SideView(self._s.sides[PLAYER])

    @property
    def automa(self) -> "SideView":
        return SideView(self._s.sides[IVAN])


class SideView:
    """Read-only view of one side."""

    __slots__ = ("_x",)

    def __init__(self, side: Side):
        self._x = side

    pos = property(lambda self: self._x.pos)
    furs = property(lambda self: tuple(self._x.furs))
    tigers = property(lambda self: self._x.tigers)
    coins = property(lambda self: self._x.coins)
    horses = property(lambda self: self._x.horses)
    banners = property(lambda self: self._x.banners)
    story = property(lambda self: self._x.story)
    vp = property(lambda self: sum(self._x.vp))
    vp_by_category = property(lambda self: tuple(self._x.vp))
    outposts = property(lambda self: tuple(self._x.outposts))
    outpost_supply = property(lambda self: self._x.outpost_supply)
    tiles = property(lambda self: tuple(self._x.tiles))
    wishes = property(lambda self: tuple(self._x.wishes))
    fulfilled = property(lambda self: tuple(self._x.fulfilled))
    trophy = property(lambda self: self._x.trophy)
    plan = property(lambda self: self._x.plan)
    plan_pos = property(lambda self: self._x.plan_pos)
    diplo = property(lambda self: self._x.diplo)
