"""Rurik's options and rule options: defaults, allowed values, one-line help and reference IDs.

Every rule option stands for an open point of the rules reference (RK-OPEN-n), or for a reading
of the rulebook decided in docs/rurik.md (RK-ACT-5, RK-READ-n); its default is the reference's
proposed default, or the most literal reading. ``automa-sim list options rurik`` prints this table.
"""
from __future__ import annotations

from automa.core.errors import UsageError
from automa.core.registry import Option
from automa.rurik.data import REBEL_LEADERS, levels
PLAYER_LEADERS = ("mstislav", "boris", "gleb", "theofana", "sviatoslav", "sviatopolk")
MODULES = ("epic", "warfare", "factions")    # the Stone & Blade solo modules (RK-SB-EPIC, -WAR, -FACT)


def _rule(name, default, alternatives, ref, help, applies_if=()):
    """A rule option for open point ``ref``; ``applies_if`` as in :class:`Option` (a module's open point)."""
    return Option(name, "str", default, help, (default,) + tuple(alternatives), ref, applies_if=applies_if)


OPTIONS = (
    Option("difficulty", "int", 2, "rebel board level, 1 easiest to 4 hardest",
           (1, 2, 3, 4), "RK-REB-SETUP-4", kind="setting", follows=("automa", levels)),
    Option("rebel_leader", "str", "sviatopolk", "the Rebellion's leader", REBEL_LEADERS, "RK-REB-SETUP-2, RK-SB-REBLEAD-1..4",
           kind="setting"),
    Option("player_leader", "str", "mstislav", "the player's leader (abilities modelled: see docs/rurik.md)",
           PLAYER_LEADERS, "RK-SETUP-7, RK-SB-LEAD-1..3, RK-OPEN-44", kind="setting"),
    Option("automa", "path", "", "an automa file, TOML or JSON: solo cards, rebel boards, leaders, casualty, income "
           "and setup numbers (`rules template rurik --file automa`; empty: packaged)", (),
           "RK-COMP-4, RK-REB-SETUP-4, RK-SB-REBLEAD-1..4, RK-CAS-2", kind="setting"),
    Option("scoring", "path", "", "a claim board, warfare and end-game file, TOML or JSON (`rules template rurik`; "
           "empty: packaged)", (), "RK-OPEN-18", kind="setting"),
    Option("modules", "set", "", "Stone & Blade solo modules in play (comma-separated; empty: none)", MODULES,
           "RK-SB-EPIC-1..4, RK-SB-WAR-1..6, RK-SB-FACT-1..4", kind="setting"),
    _rule("rebel_card_cycle", "per_turn", ["per_round"], "RK-OPEN-1", "when the solo deck advances"),
    _rule("rebel_coin_icon_bribe", "top_space_only", ["first_affordable_space"], "RK-OPEN-2", "what a coin icon bribes for"),
    _rule("rebel_fallback_bribe", "no_coin_icon", ["keep_coin_icon"], "RK-OPEN-3", "coin icon after a full target column"),
    _rule("rebel_move_source_tiebreak", "later_in_order", ["earlier_in_order"], "RK-OPEN-4", "equally close move sources"),
    _rule("rebel_move_cede_check", "player_would_rule", ["rule_would_change"], "RK-OPEN-5", "when a source may not give up a unit"),
    _rule("rebel_move_single_target", "fixed", ["retarget_when_ruled"], "RK-OPEN-6", "build/tax march target once ruled"),
    _rule("region_order_start", "first_region", ["continue"], "RK-OPEN-7", "where a region-order scan starts"),
    _rule("rebel_forfeit_scope", "nothing_possible", ["named_cases_only"], "RK-OPEN-8", "when an impossible action gives 1 coin"),
    _rule("rebel_leader_absent", "skip", ["return_leader"], "RK-OPEN-9", "end-of-round effect with the leader off the board"),
    _rule("unit_loss_order", "troops_first", ["leader_first"], "RK-OPEN-10", "which unit a side loses first"),
    _rule("casualty_card_count", "one_plus_rule_plus_stronghold", ["one_plus_stronghold", "one"], "RK-OPEN-11", "cards revealed per casualty check"),
    _rule("casualty_resolution", "first_casualty_card", ["all_icons", "one_if_any"], "RK-OPEN-12", "how revealed cards cause casualties"),
    _rule("revealed_card_fate", "discard", ["bottom_of_deck"], "RK-OPEN-13", "where revealed casualty cards go"),
    _rule("scheme_decks", "pdhummel", ["unchosen_to_bottom", "reshuffle_discard_only"], "RK-OPEN-14", "scheme deck split, returns and reshuffles"),
    _rule("zero_track_income", "on", ["off"], "RK-OPEN-15", "player coins for claim tracks still at 0"),
    _rule("warfare_scoring", "need_one_step", ["zero_counts"], "RK-OPEN-16", "warfare VP at 0 and on ties"),
    _rule("final_tie", "draw", ["rebellion_wins", "player_wins"], "RK-OPEN-17", "result after every tie-breaker"),
    _rule("solo_excluded_agendas", "conquering", ["victorious", "dignified"], "RK-OPEN-19", "the agenda matched to 'Vityaz'"),
    _rule("solo_card_rows", "brdgm", ["pdhummel"], "RK-OPEN-20", "reading of the 7 disputed card rows"),
    _rule("inheritance", "base_setup", ["none_sb"], "RK-OPEN-21", "player start without inheritance card data"),
    _rule("inheritance_region_deck", "reshuffle_when_empty", ["reshuffle_every_reveal"], "RK-OPEN-22", "the 8-region inheritance deck"),
    _rule("warfare_reward_tokens", "pdhummel", ["rebel_ignores_scheme_token"], "RK-OPEN-23", "the Rebellion and the scheme-card token"),
    _rule("rebel_epic_reward", "unlock_or_preferred_good", ["ignore"], "RK-OPEN-24",
          "epic rewards the Rebellion cannot use (modules=epic)",
          ("modules", "epic")),
    _rule("faction_scope", "player_only", ["both_sides"], "RK-OPEN-25", "whom the rebel faction's effect hits (modules=factions)",
          ("modules", "factions")),
    _rule("neutral_capture", "no", ["yes"], "RK-OPEN-26", "whether neutral troops can be captured (modules=warfare)",
          ("modules", "warfare")),
    _rule("released_rebels", "rebellion_supply", ["beside_player_mat"], "RK-OPEN-27",
          "where rebels released from the player's dungeon go (modules=warfare)",
          ("modules", "warfare")),
    _rule("solo_conversion_cost", "two_coins_plus_good_or_two_coins", ["literal"], "RK-OPEN-28",
          "price of the solo conversion token's attack point (modules=warfare)",
          ("modules", "warfare")),
    _rule("goods_conversion_tokens", "pdhummel", ["none"], "RK-OPEN-29", "the player's goods conversion tokens"),
    _rule("maria_attack", "normal_attack_rules", ["maria_region_only"], "RK-OPEN-30", "where Maria's attack point is spent",
          ("rebel_leader", "maria")),
    _rule("rebel_stable_move", "from_stable_region", ["normal_sources"], "RK-OPEN-31", "sources of a Rebellion stable's moves"),
    _rule("rebel_attack_removal", "player_unit", ["rebel_unit"], "RK-OPEN-32", "what a Rebellion attack on the player removes"),
    _rule("player_agenda_deal", "two_keep_one", ["one"], "RK-OPEN-33", "secret agendas dealt to the player"),
    _rule("icon_mapping", "pair_is_build_tax", ["pair_is_attack_move"], "RK-OPEN-34",
          "priorities under which the Rebellion captures (modules=warfare)",
          ("modules", "warfare")),
    _rule("player_goods_handling", "boat_first_with_transfers", ["boat_first_no_transfers"], "RK-OPEN-35", "moving goods between dock and boat"),
    _rule("deed_timing", "any_number", ["one_per_turn"], "RK-OPEN-36", "deeds accomplished per turn"),
    _rule("leader_reentry", "must_first", ["optional"], "RK-OPEN-37", "mustering an off-board player leader"),
    _rule("church_targets", "mandatory", ["optional"], "RK-OPEN-38", "the player's church conversion"),
    _rule("claim_unlock_column", "new_priority", ["previous_priority"], "RK-OPEN-40", "column of claim-phase unlocks"),
    _rule("agenda_ties", "tie_fails", ["tie_satisfies"], "RK-OPEN-41", "whether a tie satisfies a 'most' agenda"),
    _rule("base_deeds_data", "pdhummel", ["off"], "RK-OPEN-42", "the base deed list"),
    _rule("rule_requires_unit", "no", ["yes"], "RK-OPEN-43", "whether a stronghold alone can rule"),
    _rule("player_leader_pool", "exclude_sviatopolk", ["allow_sviatopolk"], "RK-OPEN-44", "whether the player may take Sviatopolk"),
    _rule("conversion_token_reuse", "once_per_round", ["every_turn"], "RK-OPEN-29",
          "how often each conversion token may be used (one token per turn either way)"),
    _rule("extra_points_timing", "pooled", ["separate"], "RK-ACT-5",
          "whether scheme, conversion and deed points join the main action's points of their kind"),
    _rule("player_leader_is_troop", "yes", ["no"], "RK-REB-BUILD-2, RK-REB-BUILD-6, RK-SB-CLAR-3, RK-SB-EPIC-1",
          "whether a leader counts as a troop: the player's for the Rebellion's build, either side's "
          "for the Veche and the Border Fort"),
    _rule("local_moves", "start_there", ["troops_there"], "RK-READ-5",
          "a stable's and Gleb's move points: each move starts in the region, or the units there use them"),
    _rule("sviatoslav_free_step", "rebellion_unit", ["neutral_troop"], "RK-READ-6",
          "the 'rebel' that makes Sviatoslav's step free", ("player_leader", "sviatoslav")),
    _rule("palace_rounds", "every_round", ["rounds_1_to_3"], "RK-READ-7",
          "rounds whose end the Palace's effect follows (modules=epic)", ("modules", "epic")),
    _rule("cathedral_church", "to_supply", ["out_of_game"], "RK-READ-8",
          "where the church the Cathedral replaces goes (modules=epic)", ("modules", "epic")),
    _rule("border_fort_crossings", "one_per_turn", ["one_per_fort"], "RK-READ-9",
          "free Border Fort crossings per side and turn: one over all forts, or one per fort (modules=epic)",
          ("modules", "epic")),
    _rule("church_neutral", "to_supply", ["beside_mat"], "RK-READ-11",
          "a neutral troop a church removes: back to the supply, or beside the mat as a defeated "
          "'rebel' (modules=factions)", ("modules", "factions")),
    _rule("fort_into_city_gate", "free", ["two_points"], "RK-READ-10",
          "a free Border Fort crossing into the City Gate's region (modules=epic)", ("modules", "epic")),
    _rule("leader_step_city_gate", "free", ["blocked"], "RK-READ-13",
          "player Theofana's or Sviatoslav's own step into the City Gate's region: free, or not allowed "
          "(modules=epic)", ("modules", "epic")),
)


def check(options: dict) -> None:
    """Cross-option checks: the player's leader differs from the Rebellion's (RK-SETUP-7) and
    Sviatopolk needs ``player_leader_pool=allow_sviatopolk`` (RK-OPEN-44)."""
    if options["player_leader"] == options["rebel_leader"]:
        raise UsageError(f"option player_leader: {options['player_leader']} is the Rebellion's leader; "
                         "choose another player_leader or rebel_leader")
    if options["player_leader"] == "sviatopolk" and options["player_leader_pool"] != "allow_sviatopolk":
        raise UsageError("option player_leader: sviatopolk needs player_leader_pool=allow_sviatopolk (RK-OPEN-44)")
