"""The read-only view of a Stroganov game that strategies see: properties read the state when asked and
return ints and tuples, never mutable parts."""
from __future__ import annotations

from automa.stroganov.scoring import side_vp
from automa.stroganov.state import CATEGORIES, IVAN, PLAYER, Side


class View:
    """A read-only view of the state for strategies: properties return ints and tuples."""

    __slots__ = ("_r", "_s", "_t", "_p")

    categories = CATEGORIES  # score category names, the order of end_scores

    def __init__(self, run):
        self._r, self._s, self._t = run, run.st, run.t
        self._p = SideView(run.st.sides[PLAYER])

    @property
    def round(self) -> int:
        """The action season, 1 to 12 (three a year, ST-YEAR-1); a winter's choices belong to its year's
        third season. A search's ``horizon`` counts these (docs/learned.md, "Position value")."""
        return 3 * (self._s.year - 1) + self._s.season + 1

    def end_vp(self, who: int = PLAYER) -> dict:
        """The side's VP by category if the game ended now (final conversions included)."""
        return dict(zip(CATEGORIES, side_vp(self._r, who)))

    def end_scores(self, who: int = PLAYER) -> list:
        """The same as :meth:`end_vp` as a list in ``CATEGORIES`` order (cheaper, for lookahead)."""
        return side_vp(self._r, who)

    def column(self, slot: int) -> tuple:
        """The furs in one slot's hunt column, lowest first."""
        return tuple(self._s.col[slot])

    def diplo_zones(self) -> tuple:
        """Module 4: both sides' zones on the diplomacy track (player, automa), as the module counts them
        (the ``zones`` hook); (0, 0) without the module."""
        zones = self._r.hooks.zones
        return zones(self._r) if zones else (0, 0)

    def diplo_tiles(self) -> tuple:
        """Module 4: the slots whose tile carries a diplomacy tile, west to east; a cossack that ends its
        phase-1 move on one may donate (ST-TK-DIPLO-2, ST-TK-DIPLO-3)."""
        st = self._s
        return tuple(s for s, d in enumerate(st.diplo) if d and st.tiles[s] >= 0)

    @property
    def rates(self) -> tuple:
        """Printed rates: (furs per VP, coins per VP, VP per tiger, story per VP, coins of the coin action,
        horses of the horse action, horses per skipped item, coins per extra fur) (ST-END-5, ST-TURN-5,
        ST-HUNT-3, ST-HUNT-4), and the end of the story track (ST-SONG-3)."""
        t = self._t
        return (t.furs_per_vp, t.coins_per_vp, t.tiger_vp, t.story_per_vp, t.coin_gain, t.horses_gain,
                t.skip_cost, t.extra_fur_cost, t.story_max)

    def rewards_at(self, region: int) -> tuple:
        """The face-up rewards of a region's village and yurt, () where none: each a tuple of alternative
        bundles of (key, amount) (ST-VILLAGE-1, ST-YURT-1)."""
        st, t = self._s, self._t
        v, y = st.village[region], st.yurt[region]
        return (t.villages[v] if v >= 0 else ()), (t.yurts[y] if y >= 0 else ())

    def market_costs(self) -> tuple:
        """The player's extra-action prices: (horses for a market fur, furs given for one) (ST-MARKET-2,
        ST-MARKET-3, ST-TK-LAND-6)."""
        return (3 if self._s.sides[PLAYER].breeder else self._t.buy_horses), self._t.trade_give

    move_costs = property(lambda self: self._t.move_costs,
                          doc="Horses paid to move 1, 2, ... tiles in phase 1 (ST-MOVE-2).")
    outpost_vp = property(lambda self: tuple(self._t.outpost_vp), doc="End VP of an outpost per region (ST-OUTPOST-5).")

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

    player = property(lambda self: self._p, doc="The player's side.")

    @property
    def automa(self) -> "SideView":
        return SideView(self._s.sides[IVAN])

    # what else lies open on the table, for a person playing (automa-sim play: labels.py, screen.py)
    opponent = property(lambda self: self._r.o.opponent, doc="ivan or katyusha (the solo board's side).")
    difficulty = property(lambda self: self._r.o.difficulty)
    fur_names = property(lambda self: self._t.fur_names, doc="Fur value -> kind name (ST-FUR-1).")
    slot_tigers = property(lambda self: tuple(self._s.tiger), doc="Tigers lying on each slot's tile.")
    order = property(lambda self: tuple(self._s.order), doc="This season's turn order (ST-YEAR-2).")
    bag_size = property(lambda self: len(self._s.bag), doc="Furs in the bag (ST-FUR-3).")
    supplies = property(lambda self: (self._s.tigers_left, self._s.banners_left),
                        doc="Tigers and banners left in the general supply.")
    trophy_track = property(lambda self: (self._t.trophy_furs, self._t.trophy_rewards, self._r.o.trophy_values),
                            doc="The player's trophy steps (fur to pay, rewards) and the automa's VP per step "
                                "(ST-TROPHY-1..4, ST-IVAN-ACT-3).")
    offer = property(lambda self: getattr(self._r, "offer", None),
                     doc="What the pending choice is about where its choices are indices: a reward's "
                         "alternatives, the two start sets, the Б-tile whose benefit is offered.")

    @property
    def automa_cards(self) -> tuple:
        """The automa's card on its discard pile (the additional action of his last turn; None before the
        first) and the top card of its deck, which his next turn draws for its additional action (its
        movement and hunt were his last turn's; the next ones come from the card below it, not yet seen)
        (ST-IVAN-DRAW-1): each (id, tiles east, "highest"|"lowest", items hunted, additional action)."""
        st, cards = self._s, self._t.card_by_id

        def card(i):
            c = cards[st.deck[i]]
            return c.id, c.move, "highest" if c.highest else "lowest", c.count, c.action
        return (card(st.drawn - 1) if st.drawn else None), (card(st.drawn) if st.drawn < len(st.deck) else None)

    @property
    def songs(self) -> tuple:
        """The song display in its order: (story cost, reward) per song (ST-SONG-1, ST-SONG-5)."""
        return tuple(self._t.songs[s] for s in self._s.songs)

    def yurt_reward(self, yurt: int) -> tuple:
        """A yurt's reward, alternatives of ((key, amount), ...) (ST-YURT-1)."""
        return self._t.yurts[yurt]

    def tile(self, tile: int) -> tuple:
        """A landscape tile's (name, terrain code, fur slots, claim bonus) (ST-LAND-1, ST-LAND-3)."""
        x = self._t.tiles[tile]
        return x.id, x.terrain, x.slots, x.bonus

    def tile_index(self, name: str) -> int:
        """The index of the landscape tile named ``name`` (a trace event names tiles by their id)."""
        return next(i for i, x in enumerate(self._t.tiles) if x.id == name)

    @property
    def merchant(self) -> tuple | None:
        """Module 1: the merchant's region and his rewards for 1 and 2 chipmunks, else None (ST-TK-MERCH-2..4)."""
        st = self._s
        if st.merchant_tile < 0:
            return None
        return st.merchant_region, self._t.merchant_tiles[st.merchant_tile]


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
    salesman = property(lambda self: self._x.salesman,
                        doc="Landscapes: the fur value the Salesman makes wild for its owner, 0 if none "
                            "(ST-TK-LAND-6).")
