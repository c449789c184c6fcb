"""The hook points of the base game: the only places where a Turukhan module (or a house rule) changes
Stroganov (ST-TK-GEN-1).

The base game calls whatever is registered here and never imports a module. A module is one file under
``modules/`` with a ``register(hooks)`` that adds its functions; the registry entry
(``automa/stroganov/__init__.py``) registers the modules in play, in the order of ``options.MODULES``,
and the hooks travel with the options (``opts.hooks``, ``run.hooks``).

Two kinds of hook point:

- a *list* point holds a tuple of functions, all called in registration order; an empty tuple when no
  module uses it. The base game tests it before it loops (``if run.hooks.setup: for f in ...``), so that
  it pays one test and no iterator when no module is on;
- a *replacing* point holds one function or ``None``; the base game calls it instead of its own rule
  (``f = run.hooks.tiger_slot``, then ``f(run) if f else ...``). At most one module registers there.

Every hook point below gives what it is called with, what it returns, where the base game calls it and
the rules of the modules that use it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ModuleAction:
    """An action a module adds to the player's advanced actions (ST-ADV-1): its choices are tuples
    ``(kind, ...)``; ``region(run, action)`` is the region where it is performed (for the paid action's
    region fur, ST-TURN-5) and ``apply(run, action)`` performs it."""

    kind: str
    choices: object  # choices(run, side, regions) -> list of actions, regions: where the player may act
    region: object
    apply: object


class Hooks:
    """The functions registered at each hook point (see the module docstring)."""

    __slots__ = ("setup_bag", "setup_tiles", "tiger_slot", "setup", "start_plans",
                 "summer_start", "winter_start", "winter_scoring", "refill_start", "refill_tile", "tile_placed",
                 "refill_end", "row_slots",
                 "ivan_chipmunk", "tile_taken",
                 "player_moved", "actions", "player_hunt", "wish_steps",
                 "ivan_moved", "ivan_hunt",
                 "end_rates", "end_vp", "zones")

    def __init__(self):
        # --- setup (setup.py) ------------------------------------------------------------------------
        # setup_bag(run): the fresh bag, before any fur is drawn. Merchant: chipmunks (ST-TK-MERCH-1).
        self.setup_bag = ()
        # setup_tiles(run) -> tuple of slots: after the tile piles are shuffled, before the tiles are dealt;
        # returns the slots it has filled, which the deal passes over. Landscapes: A-tiles in the special
        # slots and the special pile (ST-TK-LAND-1).
        self.setup_tiles = ()
        # tiger_slot(run) -> slot (-1: none), replacing: where the tiger is placed, at setup and each winter
        # refill (base game: the easternmost slot). Landscapes: the rightmost regular tile of the last
        # region (ST-TK-LAND-1, ST-TK-LAND-4).
        self.tiger_slot = None
        # setup(run): after the automa's deck is built, before the start sets. Merchant: his tile and
        # region (ST-TK-MERCH-2); diplomacy: the terrain, tiles and bonus tiles (ST-TK-DIPLO-2).
        self.setup = ()
        # start_plans(run) -> two hunting plans, replacing: the plans of the two start sets (base game:
        # none). Hunting plan: ST-TK-PLAN-1, ST-TK-PLAN-2, ST-OPEN-53.
        self.start_plans = None

        # --- the year (rounds.py) ----------------------------------------------------------------------
        # summer_start(run): at the start of summer, outside every turn (rounds.start_of_summer).
        # Landscapes: each side uses its Б-tiles (ST-TK-LAND-6, ST-TK-LAND-8).
        self.summer_start = ()
        # winter_start(run): first thing in winter. Merchant: Ivan sells a lone chipmunk (ST-TK-MERCH-6).
        self.winter_start = ()
        # winter_scoring(run): after storytelling (W2). Diplomacy: zone scoring (ST-TK-DIPLO-7).
        self.winter_scoring = ()
        # refill_start(run): first step of the winter refill (W3). Landscapes: the A-tiles leave after
        # year 2 (ST-TK-LAND-3, ST-OPEN-52).
        self.refill_start = ()
        # refill_tile(run, slot) -> tile (-1: none), replacing: the tile that refills an empty slot (base
        # game: the next of the tile pile). Landscapes: special tiles in the special slots (ST-TK-LAND-2).
        self.refill_tile = None
        # tile_placed(run, slot): a refilled slot has its tile and hunt column. Diplomacy: a diplomacy
        # tile on a tile of the chosen terrain (ST-TK-DIPLO-7, ST-OPEN-54).
        self.tile_placed = ()
        # refill_end(run): last step of the winter refill. Merchant: he moves east (ST-TK-MERCH-2).
        self.refill_end = ()
        # row_slots(run) -> slots, replacing: the slots whose tiles move when the row shifts (base game:
        # all; economy.row_slots). Landscapes: not the special slots (ST-TK-LAND-2, ST-READ-6).
        self.row_slots = None

        # --- the economy (economy.py) ------------------------------------------------------------------
        # ivan_chipmunk(run): Ivan has gained a chipmunk (fur value 1, which only the merchant puts in the
        # bag). Merchant: with two he exchanges at once (ST-TK-MERCH-5).
        self.ivan_chipmunk = ()
        # tile_taken(run, who, tile): a side has claimed a tile and its claim bonus. Landscapes: the
        # effects of an A- or Б-tile (ST-TK-LAND-6, ST-TK-LAND-7, ST-TK-LAND-8).
        self.tile_taken = ()

        # --- the player (player.py) --------------------------------------------------------------------
        # player_moved(run, side, moved) -> bool: right after the phase-1 move (``moved`` False when the
        # cossack, on the last slot, could not move); True when it played a phase of the turn (the invariant
        # check runs after it). Diplomacy: the donation (ST-TK-DIPLO-3, ST-READ-2, ST-READ-8).
        self.player_moved = ()
        # actions: ModuleAction entries, the player's advanced actions added by modules (player.actions,
        # player.region_of, player.act). Merchant: the chipmunk exchange (ST-TK-MERCH-3, ST-TK-MERCH-4).
        self.actions = ()
        # player_hunt(run, who, furs): the furs a player's hunt takes, before they are gained. Hunting
        # plan: the plan marker advances (ST-TK-PLAN-3, ST-HUNT-8, ST-READ-3).
        self.player_hunt = ()
        # wish_steps(plan_pos, total, paid, real) -> int, replacing: plan steps used to fulfil a wish (base
        # game: 0; player.wish_payment). Hunting plan: ST-TK-PLAN-4, ST-WISH-5.
        self.wish_steps = None

        # --- the automa (ivan.py) ----------------------------------------------------------------------
        # ivan_moved(run, path): after Ivan's move, with the slots he entered (none when he stands on the
        # last slot). Diplomacy: his donation (ST-TK-DIPLO-8, ST-OPEN-55, ST-OPEN-56, ST-READ-8).
        self.ivan_moved = ()
        # ivan_hunt(run, slot) -> bool: before Ivan's card hunt; True when it hunted instead. Hunting plan:
        # his next plan fur (ST-TK-PLAN-5).
        self.ivan_hunt = ()

        # --- scoring (scoring.py) and the view (view.py) -----------------------------------------------
        # end_rates(run, side) -> (furs per VP, coins per VP, VP per tiger, story per VP) or None, replacing:
        # the side's upgraded end ratios, 0 where the printed one holds, None where all do; an upgraded item
        # scores even where Ivan's limited end scoring skips it (scoring.side_vp). Landscapes: Б-tiles
        # (ST-TK-LAND-6, ST-TK-LAND-8).
        self.end_rates = None
        # end_vp(run, who, vp): adds to a side's end VP by category (scoring.side_vp, the view's end
        # scores included). Hunting plan: Ivan's plan VP (ST-TK-PLAN-5).
        self.end_vp = ()
        # zones(run) -> (player's zone, automa's zone), replacing: the diplomacy track's zones (the view's
        # diplo_zones; base game: no track, (0, 0)). Diplomacy: ST-TK-DIPLO-7, ST-READ-1.
        self.zones = None
