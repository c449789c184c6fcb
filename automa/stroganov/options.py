"""Stroganov options and rule options, with defaults, allowed values, help and reference IDs.

Every open point of the rules reference (ST-OPEN-1..58) is either a rule option below or a parameter
in the packaged data files (overridable with ``rules=PATH``); ``OPEN_POINTS`` maps each one to its
name, and docs/stroganov.md lists them all. An option's ``sensitivity`` values are the alternatives the
reference's open point names (section 9), tried by ``automa-sim sensitivity``; the user's own choices
(opponent, difficulty, deck, modules, rules and automa files) are ``kind="setting"``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from automa.core.errors import UsageError
from automa.core.registry import Option, did_you_mean

MODULES = ("merchant", "hunting_plan", "landscapes", "diplomacy")
LEVEL = "[a-z][a-z0-9_-]*"  # a difficulty level's name (the automa file's [difficulty.NAME])


def parse_values(name: str, text: str) -> tuple[int, ...]:
    """A comma-separated list of non-negative whole numbers, e.g. a trophy VP track (ST-OPEN-19)."""
    try:
        values = tuple(int(s) for s in str(text).split(","))
    except ValueError:
        raise UsageError(f"option {name}: {text!r} is not a comma-separated list of whole numbers") from None
    if min(values) < 0:
        raise UsageError(f"option {name}: {text!r} has a negative value")
    return values


def trophy_track(name: str, text: str) -> str:
    """A trophy VP track checked by :func:`parse_values`, as canonical text (ST-OPEN-19)."""
    return ",".join(map(str, parse_values(name, text)))


@dataclass(frozen=True)
class Level(Option):
    """The difficulty option: ``choices`` are the packaged levels, which ``calibrate`` and ``ladder`` walk;
    any other level name passes here and is checked against the automa file's levels when the game is
    prepared, before any game (ST-IVAN-DIFF-1)."""

    def parse(self, raw):
        value = str(raw)
        if value not in self.choices and not re.fullmatch(LEVEL, value):
            raise UsageError(f"option {self.name}: {raw!r} is not a level name{did_you_mean(raw, self.choices)}; "
                             f"allowed: {', '.join(self.choices)}, or a level of the automa file")
        return value


OPTIONS = (
    Option("opponent", "str", "ivan", "solo-board side: ivan (a) or katyusha (b)", ("ivan", "katyusha"),
           "ST-IVAN-KAT-1", kind="setting"),
    Level("difficulty", "str", "normal", "automa difficulty: normal, medium (coin rule), hard (+trade-space rule), "
          "or a level the automa file defines", ("normal", "medium", "hard"), "ST-IVAN-DIFF-1,ST-IVAN-DIFF-2",
          kind="setting"),
    Option("automa_strategy", "str", "random", "deck building: random removes 5 cards, a-f removes that letter",
           ("random", "a", "b", "c", "d", "e", "f"), "ST-IVAN-DECK-2", kind="setting"),
    Option("modules", "set", "", "Turukhan modules in play", MODULES, "ST-TK-GEN-1", kind="setting"),
    Option("rules", "path", "", "TOML or JSON file of parameter values overriding the packaged data "
           "(`rules template stroganov`)",
           (), "ST-OPEN-*", kind="setting"),
    Option("automa", "path", "", "TOML or JSON file of the automa: the deck of Ivan, the difficulty levels, the trophy "
           "tracks (`rules template stroganov --file automa`)", (),
           "ST-IVAN-DECK-1,ST-IVAN-DECK-2,ST-IVAN-DIFF-1,ST-IVAN-DIFF-2,ST-IVAN-KAT-1,ST-OPEN-19", kind="setting"),
    Option("region_layout", "str", "five_regions",
           "five_regions: board.slots_per_region (packaged: regions 1-5 of 2,2,2,3,3 tiles, each with village, "
           "yurt and wish); six_regions: regions 0-5 of 2 tiles, region 0 without them (the former default)",
           ("five_regions", "six_regions"), "ST-OPEN-3,ST-OPEN-4,ST-BOARD-2,ST-BOARD-4"),
    Option("ivan_trophy_values", "str", "1,2,3,4,5,6", "Ivan's trophy VP per step, the last repeating; a value "
           "other than the default replaces the automa file's ivan.trophy_vp", (),
           "ST-OPEN-19,ST-IVAN-ACT-3", parser=trophy_track, sensitivity=("3", "4"), applies_if=("opponent", "ivan")),
    Option("katyusha_trophy_values", "str", "2,3,5,6,8,10", "Katyusha's trophy VP per step, the last repeating; a "
           "value other than the default replaces the automa file's katyusha.trophy_vp", (),
           "ST-OPEN-19,ST-IVAN-KAT-1", parser=trophy_track, sensitivity=("3", "4"),
           applies_if=("opponent", "katyusha")),
    Option("market_size", "int", 6, "furs in the market", (), "ST-OPEN-9,ST-MARKET-1", min=0, sensitivity=(8,)),
    Option("market_trade", "str", "two_for_one", "extra action: 2 furs for 1 market fur, or no trading",
           ("two_for_one", "none"), "ST-OPEN-10,ST-MARKET-3"),
    Option("trade_action", "str", "coin_per_fur", "trade action: 1 coin per trade-space fur, or 1 fur for 2 coins",
           ("coin_per_fur", "two_coins_once"), "ST-OPEN-11,ST-TRADE-2"),
    Option("basic_move_exact", "bool", False, "the move action must go exactly 2 steps", (),
           "ST-OPEN-13,ST-MOVE-3"),
    Option("tiger_on_board", "str", "hunt_column", "tiger is the top of its hunt column, or only won by claiming",
           ("hunt_column", "claim_only"), "ST-OPEN-15,ST-HUNT-5"),
    Option("start_tiles", "str", "west", "S-tiles in the 5 westernmost slots, or anywhere",
           ("west", "anywhere"), "ST-OPEN-7,ST-SETUP-3"),
    Option("actions_at_outposts", "str", "listed", "listed: village/yurt/wish/merchant at outposts; all: also hunt and claim",
           ("listed", "all"), "ST-OPEN-32,ST-TURN-6"),
    Option("unfulfilled_wish_penalty", "int", 0, "VP lost per taken but unfulfilled wish", (),
           "ST-OPEN-25,ST-END-6", min=0, sensitivity=(2,)),
    Option("tie_break", "str", "automa", "who wins a tied score", ("automa", "shared", "coins_furs"),
           "ST-OPEN-27,ST-END-7"),
    Option("next_year_order", "str", "reverse_arrival", "first-spring order in years 2-4",
           ("reverse_arrival", "keep_first", "lowest_vp"), "ST-OPEN-28,ST-YEAR-3"),
    Option("winter_order", "str", "storytelling_first", "winter: storytelling before or after the refill",
           ("storytelling_first", "refill_first"), "ST-OPEN-29,ST-WINTER-1"),
    Option("winter_refill", "str", "in_place", "claimed slots refilled in place, or tiles shift east",
           ("in_place", "shift_east"), "ST-OPEN-30,ST-WINTER-4"),
    Option("claimed_slot", "str", "stays_empty", "a claimed slot stays empty until winter, or the row closes up",
           ("stays_empty", "close_up"), "ST-OPEN-35,ST-CLAIM-3"),
    Option("ivan_start_set", "str", "plan_only", "Ivan gets the other start set's plan only, or its fur too",
           ("plan_only", "plan_and_fur"), "ST-OPEN-31,ST-SETUP-9"),
    Option("player_board_side", "str", "A", "player board side (Б sides are unknown, not modelled)", ("A",),
           "ST-OPEN-33,ST-COMP-2,ST-IVAN-KAT-2"),
    Option("solo_overlay", "str", "none", "solo overlay tile effect (unknown, not modelled)", ("none",),
           "ST-OPEN-34"),
    Option("story_from_extra_moves", "bool", False, "+1 story per movement tile paid with horses", (),
           "ST-OPEN-24,ST-SONG-6"),
    Option("song_display_size", "int", 2, "song tiles on display", (), "ST-OPEN-23,ST-SONG-2", min=0,
           sensitivity=(1,)),
    Option("songs_per_winter", "int", 1, "songs each side may buy per winter", (), "ST-OPEN-23,ST-WINTER-3", min=0,
           sensitivity=(2,)),
    Option("ivan_move_overflow", "str", "stop", "Ivan past the east end: stop, or surplus steps become coins",
           ("stop", "coins"), "ST-OPEN-37,ST-IVAN-MOVE-2"),
    Option("ivan_hunt_shortfall", "str", "coins", "Ivan hunting fewer furs than the card: 1 coin per missing fur, or none",
           ("coins", "none"), "ST-OPEN-38,ST-IVAN-HUNT-4"),
    Option("ivan_step3_claim", "str", "free", "Ivan's step-3 claim is free, or costs the base claim price",
           ("free", "base_price"), "ST-OPEN-39,ST-IVAN-STEP3-2"),
    Option("ivan_full_cost_claim", "str", "player_price", "Ivan's full-cost claim: the player's price, or the base fur only",
           ("player_price", "base_fur_only"), "ST-OPEN-40,ST-IVAN-ACT-6"),
    Option("ivan_far_east", "str", "cossack_only", "meaning of the far-east card flag",
           ("cossack_only", "easternmost_own_location"), "ST-OPEN-41,ST-IVAN-FAREAST-1"),
    Option("ivan_wishes", "str", "printed_vp", "Ivan's wishes: printed VP, or VP only if he can fulfil at the end",
           ("printed_vp", "fulfil"), "ST-OPEN-42,ST-IVAN-END-2"),
    Option("ivan_winter_income", "str", "none", "Ivan's winter horse income", ("none", "as_player"),
           "ST-OPEN-43,ST-IVAN-WINTER-2"),
    Option("hard_coin_scope", "str", "every_gain", "hard rule applies to every fur gain or to hunting only",
           ("every_gain", "hunting_only"), "ST-OPEN-45,ST-IVAN-DIFF-2", applies_if=("difficulty", "hard")),
    Option("hard_coin_fur", "str", "to_bag",
           "hard: the fur Ivan gains 1 coin instead of goes back to the bag, or stays where it was (hunt column, "
           "market)", ("to_bag", "stays"), "ST-READ-7,ST-IVAN-DIFF-2", applies_if=("difficulty", "hard")),
    Option("ivan_outpost_take_pays_fur", "bool", True, "Ivan pays the location fur when taking a new outpost", (),
           "ST-OPEN-46,ST-IVAN-ACT-2"),
    Option("ivan_missing_item_coin", "bool", False,
           "medium/hard: 1 coin also when the yurt, wish or tile to claim is missing", (), "ST-OPEN-47,ST-IVAN-ACT-4",
           applies_if=("difficulty", "medium", "hard")),
    Option("ivan_tiger_location_fur", "bool", False, "Ivan may pay a location fur with a tiger", (),
           "ST-OPEN-48,ST-IVAN-LOCFUR-1"),
    Option("shared_tile_order", "str", "later_first", "two cossacks on one tile: later arrival plays first, or the player",
           ("later_first", "player_first"), "ST-OPEN-49,ST-YEAR-3"),
    Option("ivan_end_scoring", "str", "full", "Ivan's end scoring: as the player, or only songs, trophies, tiles "
           "and his Б-tiles' items", ("full", "limited"), "ST-OPEN-50,ST-IVAN-END-1"),
    Option("owned_a_tiles_year2", "str", "stay", "owned A-tiles at the end of year 2", ("stay", "removed"),
           "ST-OPEN-52,ST-TK-LAND-3",
           applies_if=("modules", "landscapes")),
    Option("diplomacy_on_new_tiles", "bool", True, "tiles of the diplomacy terrain placed later get a diplomacy tile",
           (), "ST-OPEN-54,ST-TK-DIPLO-7", applies_if=("modules", "diplomacy")),
    Option("guide_any_fur", "str", "paid_action",
           "the Guide's any fur pays the whole paid second action, or only an advanced action there",
           ("paid_action", "advanced_only"), "ST-READ-4,ST-TK-LAND-6,ST-TURN-5", applies_if=("modules", "landscapes")),
    Option("extras_before_donation", "bool", False,
           "extra actions (market, wishes) also between the phase-1 move and the diplomacy donation", (),
           "ST-READ-2,ST-TK-DIPLO-3,ST-TURN-7", applies_if=("modules", "diplomacy")),
    Option("diplomacy_start_zone", "str", "zero",
           "zone value of the diplomacy track's start space: 0, before the 10 zones, or 1, part of the first zone",
           ("zero", "one"), "ST-READ-1,ST-TK-DIPLO-7", applies_if=("modules", "diplomacy")),
    Option("ivan_coin_donation_value", "int", 8, "steps Ivan moves for donating a coin alone "
           "(ivan_coin_donation=alone)", (), "ST-OPEN-55,ST-TK-DIPLO-8", min=0,
           sensitivity=(1,), applies_if=("modules", "diplomacy")),
    Option("ivan_coin_donation", "str", "alone",
           "Ivan's '1 coin' donation: the coin alone (ivan_coin_donation_value steps), or a coin with his lowest "
           "fur as a wild fur (8 steps), as the player's rule asks", ("alone", "with_fur"), "ST-OPEN-55,ST-TK-DIPLO-8",
           applies_if=("modules", "diplomacy")),
    Option("ivan_diplomacy_at_track_end", "str", "donate",
           "Ivan's marker can move no further: he still donates (the text's 'whenever'), or keeps his goods",
           ("donate", "skip"), "ST-TK-DIPLO-8,ST-TK-DIPLO-4", applies_if=("modules", "diplomacy")),
    Option("donation_without_move", "str", "none",
           "a cossack on the last slot, which cannot move: no diplomacy donation, or it may donate on its tile "
           "(player and automa alike)", ("none", "donate"), "ST-READ-8,ST-TK-DIPLO-3,ST-TK-DIPLO-8",
           applies_if=("modules", "diplomacy")),
    Option("ivan_nothing_to_donate", "str", "skip", "Ivan with nothing to donate does nothing", ("skip",),
           "ST-OPEN-56,ST-TK-DIPLO-8", applies_if=("modules", "diplomacy")),
    Option("component_limits", "str", "engine", "engine: banners 12 and tigers 16 limited; box: coins 20, horses 40 too",
           ("engine", "box"), "ST-OPEN-57,ST-COMP-3"),
)

# Open point -> the option or parameter (section.key in the data files) that holds it.
OPEN_POINTS = {
    1: "furs.names", 2: "furs.bag_counts_by_value", 3: "region_layout, board.slots_per_region",
    4: "region_layout, board.regions_with_village_yurt_wish", 5: "board.region_fur_pool",
    6: "landscape.tiles[].fur_slots, landscape.fixed_fur_slots", 7: "landscape.tiles[].terrain, start_tiles",
    8: "landscape.tiles[].claim_bonus", 9: "market_size", 10: "market_trade, market.trade_give",
    11: "trade_action", 12: "movement.extra_tile_horse_costs", 13: "basic_move_exact, movement.basic_move_steps",
    14: "hunting.extra_fur_coin_cost, hunting.skip_horse_cost, hunting.max_extra_furs", 15: "tiger_on_board",
    16: "claim.furs_per_fur_on_tile, claim.base_region_furs, claim.tiger_may_replace_base_fur",
    17: "outposts.per_region_limit, outposts.vp_by_region", 18: "trophy.player_step_fur_values, trophy.player_step_rewards",
    19: "ivan_trophy_values, katyusha_trophy_values", 20: "villages.tiles", 21: "yurts.tiles, yurts.a_years",
    22: "banners.winter_horse_base, banners.winter_horse_per_banner, banners.reserve, winter.coin_income",
    23: "songs.tiles, song_display_size, songs_per_winter", 24: "story_from_extra_moves",
    25: "wishes.cards, wishes.first_half_years, unfulfilled_wish_penalty",
    26: "scoring.terrain_set_vp", 27: "scoring.horses_per_vp, scoring.banners_per_vp, tie_break",
    28: "next_year_order", 29: "winter_order", 30: "winter_refill", 31: "ivan_start_set",
    32: "actions_at_outposts", 33: "player_board_side", 34: "solo_overlay", 35: "claimed_slot",
    36: "setup.ivan_start_coins, setup.ivan_start_outposts", 37: "ivan_move_overflow", 38: "ivan_hunt_shortfall",
    39: "ivan_step3_claim", 40: "ivan_full_cost_claim", 41: "ivan_far_east", 42: "ivan_wishes",
    43: "ivan_winter_income", 44: "ivan.reward_priority", 45: "hard_coin_scope", 46: "ivan_outpost_take_pays_fur",
    47: "ivan_missing_item_coin", 48: "ivan_tiger_location_fur", 49: "shared_tile_order", 50: "ivan_end_scoring",
    51: "merchant.tiles", 52: "owned_a_tiles_year2", 53: "hunting_plan.plans",
    54: "diplomacy.spaces, diplomacy.spaces_per_zone, diplomacy.bonus_spaces, diplomacy.bonus_tiles, diplomacy_on_new_tiles",
    55: "ivan_coin_donation_value, ivan_coin_donation", 56: "ivan_nothing_to_donate", 57: "component_limits",
    58: "ivan.reward_priority",
}

