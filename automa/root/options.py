"""Root's options and rule options: the table (faction, bots, difficulties, traits, characters, seating,
victory), the data files, and one rule option per open point of the rules reference (RT-OPEN-n).

Every rule option is named and defaulted as ``rules-open.md`` proposes, cites its ``RT-OPEN-n`` with the
bot or Law rules it concerns, and offers the alternatives the reference names. ``OPEN_POINTS`` maps
each of RT-OPEN-1..56 to the options that hold it, or says in one line why none does (settled, no
alternative proposed, or the appendices of issue 34). docs/root.md lists every option and open point.

A bot option (``BotOption``) matters only while its bot is at the table (``seated_bots``), so
``automa-sim sensitivity`` does not vary, say, the Marquise bot's rules when the player plays the
Marquise. Options of a bot that is not at the table are allowed and ignored: a sweep over the player's
faction can keep one set of bot settings (see :func:`check`).
"""
from __future__ import annotations

from dataclasses import dataclass

from automa.core.errors import UsageError
from automa.core.registry import Option, did_you_mean
from automa.root import data
from automa.root.data import CORNERS

FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")        # setup letters A-D (LoR-5.1.7, CW-GEN-9)
BOTS = {"mechanical_marquise": "marquise", "electric_eyrie": "eyrie",  # bot -> its faction (CW-GEN-2)
        "automated_alliance": "alliance", "vagabot": "vagabond"}
PREFIX = {"mechanical_marquise": "mm", "electric_eyrie": "ee", "automated_alliance": "aa", "vagabot": "vb"}
LEVELS = ("easy", "default", "challenging", "nightmare")         # CW-GEN-19
TRAITS = {"mechanical_marquise": ("blitz", "fortified", "hospitals", "iron_will"),      # CW-MM-TRAIT-1..4
          "electric_eyrie": ("nobility", "relentless", "swoop", "war_tax"),            # CW-EE-TRAIT-1..4
          "automated_alliance": ("informants", "popularity", "veterans", "wildfire"),  # CW-AA-TRAIT-1..4
          "vagabot": ("adventurer", "berserker", "helper", "marksman")}                # CW-VB-TRAIT-1..4
MAPS = ("fall", "winter", "lake", "mountain")   # the map sides (LoR-2.2, LoR-C.1..C.3, CW-GEN-17)
LANDMARKS = ("ferry", "tower", "elder_treetop", "black_market", "legendary_forge", "lost_city")   # LoR-F, landmarks.py
HIRELINGS = ("protector", "band", "bandits", "spies", "keepers", "bearers", "expedition", "patrol",
             "uprising", "dynasty", "prophets", "exile", "flotilla")   # built (LoR-E, hirelings/)
TIED = {"patrol": "marquise", "uprising": "alliance", "dynasty": "eyrie",   # a card -> its base faction (LoR-A.6.5)
        "exile": "vagabond"}
CHARACTERS = data.CHARACTERS                  # the player's Vagabond characters (LoR-D.1..D.9)
VB_CHARACTERS = ("thief", "tinker", "ranger", "arbiter")   # the Vagabot's (CW-VB-CHAR)
REACH = {"marquise": 10, "eyrie": 7, "alliance": 3, "vagabond": 5}   # LoR-5.2 (a first Vagabond: 5)
VIABLE_REACH = {2: 17, 3: 18, 4: 21}          # LoR-5.2: the least total reach advised for that many players
OTHERS = "others"                             # the ``bots`` value: one bot for each faction nobody plays


def seated_bots(options: dict) -> tuple[str, ...]:
    """The bots at the table, in setup-letter order: those ``bots`` names, or with ``bots=others`` the
    bot of every faction the player does not play (RT-STUDY-1)."""
    if options["bots"] == OTHERS:
        return tuple(b for b, f in BOTS.items() if f != options["faction"])
    return tuple(options["bots"].split(","))


def reach(options: dict) -> tuple[int, int]:
    """The table's total reach and the least LoR-5.2 advises for its number of players (advice, not a rule:
    any table plays)."""
    factions = [BOTS[b] for b in seated_bots(options)] + ([options["faction"]] if options["faction"] != "none" else [])
    return sum(REACH[f] for f in factions), VIABLE_REACH[len(factions)]


@dataclass(frozen=True)
class Bots(Option):
    """The ``bots`` option: ``others``, or a comma-separated list of bot names, kept in setup-letter
    order whatever order it is given in (CW-GEN-18, RT-STUDY-1)."""

    def parse(self, raw):
        items = [s.strip() for s in (raw if isinstance(raw, (list, tuple)) else str(raw).split(",")) if s.strip()]
        if items == [OTHERS]:
            return OTHERS
        if OTHERS in items:
            raise UsageError(f"option {self.name}: {OTHERS} stands alone; or name the bots, comma-separated")
        bad = [s for s in items if s not in BOTS]
        if bad:
            raise UsageError(f"option {self.name}: unknown bot {bad[0]!r}{did_you_mean(bad[0], self.choices)}; "
                             f"allowed: {self.describe_allowed()}")
        if not items:
            raise UsageError(f"option {self.name}: name at least one bot; allowed: {self.describe_allowed()}")
        return ",".join(b for b in BOTS if b in items)

    def describe_allowed(self) -> str:
        return f"{OTHERS}, or any of {','.join(BOTS)}"


@dataclass(frozen=True)
class BotOption(Option):
    """An option of one bot: it applies only while ``bot`` is at the table (:func:`seated_bots`) and, if
    ``applies_if`` names another condition than the bot (a trait, a character), that one holds too."""

    bot: str = ""

    def applies(self, options: dict) -> bool:
        if self.bot not in seated_bots(options):
            return False
        return self.applies_if[0] == "bots" or super().applies(options)


def _bot(bot: str, name: str, type: str, default, help: str, choices: tuple, ref: str, kind: str = "rule",
         applies_if: tuple = ()) -> BotOption:
    """An option of ``bot`` (see :class:`BotOption`); without ``applies_if`` it applies while the bot plays."""
    return BotOption(name, type, default, help, choices, ref, kind=kind,
                     applies_if=applies_if or ("bots", bot), bot=bot)


def _rule(name, default, alternatives, ref, help, bot="", applies_if=()) -> Option:
    """A rule option for an open point: its default first, then the reference's alternatives."""
    choices = (default,) + tuple(alternatives)
    if bot:
        return _bot(bot, name, "str", default, help, choices, ref, applies_if=applies_if)
    return Option(name, "str", default, help, choices, ref, applies_if=applies_if)


def _table(bot: str) -> tuple[Option, ...]:
    """A bot's difficulty and traits (CW-GEN-19, CW-<BOT>-DIFF, CW-<BOT>-TRAIT)."""
    p = PREFIX[bot]
    tag = p.upper()
    return (
        _bot(bot, f"{p}_difficulty", "str", "same", f"{bot}'s difficulty: same (the level of `difficulty`) or a "
             "level of its own", ("same",) + LEVELS, f"CW-GEN-19, CW-{tag}-DIFF-EASY..NIGHTMARE", kind="setting"),
        _bot(bot, f"{p}_traits", "set", "", f"{bot}'s trait cards (comma-separated; empty: none)", TRAITS[bot],
             f"CW-GEN-19, CW-{tag}-TRAIT-1..4", kind="setting"),
    )


MM, EE, AA, VB = BOTS
HUMANS = ("faction",) + FACTIONS      # applies_if: a player is at the table

OPTIONS = (
    # -------------------------------------------------------------------------------- the table
    Option("faction", "str", "marquise", "the player's faction; none: bots only", FACTIONS + ("none",),
           "LoR-5.1.1, CW-GEN-2, RT-STUDY-1", kind="setting"),
    Bots("bots", "str", OTHERS, "the bots at the table: others (one for each faction the player does not play), "
         "or a comma-separated list of bot names", (OTHERS,) + tuple(BOTS), "CW-GEN-2, CW-GEN-18, RT-STUDY-1",
         kind="setting"),
    Option("difficulty", "str", "default", "every bot's difficulty, unless its own mm_, ee_, aa_ or vb_difficulty "
           "says otherwise", LEVELS, "CW-GEN-19, CW-GEN-24, RT-STUDY-7", kind="setting"),
    *_table(MM), *_table(EE), *_table(AA), *_table(VB),
    _bot(VB, "vb_character", "str", "thief", "the Vagabot's character card", VB_CHARACTERS,
         "CW-VB-SETUP-1, CW-VB-CHAR-THIEF, CW-VB-CHAR-TINKER, CW-VB-CHAR-RANGER, CW-VB-CHAR-ARBITER",
         kind="setting"),
    Option("vagabond_character", "str", "thief", "the player's Vagabond character (faction=vagabond)", CHARACTERS,
           "LoR-9.3.1, LoR-D.1..D.9", kind="setting", applies_if=("faction", "vagabond")),
    Option("map", "str", "fall", "the map side: fall; winter (the raging river); lake (the Ferry); mountain "
           "(closed paths, the Pass); the last three with shuffled suit markers", MAPS,
           "LoR-2.2, CW-GEN-17, LoR-A.1, LoR-C.1, LoR-C.2, LoR-C.3, CW2-MAP", kind="setting"),
    Option("setup", "str", "standard", "standard: each player draws three cards (LoR-5.1.3); advanced: each "
           "player draws five and keeps three, the other two shuffled back into the deck (LoR-A.7, LoR-A.10); the "
           "factions set up as in the standard setup, as LoR-A.8 allows", ("standard", "advanced"),
           "LoR-5.1, LoR-A.7, LoR-A.8, LoR-A.10, CW-GEN-20", kind="setting", applies_if=HUMANS),
    Option("deck_choice", "str", "standard", "standard: the shared deck (LoR-2.1); exiles_and_partisans: the "
           "Exiles and Partisans deck replaces it whole (LoR-A.2)", ("standard", "exiles_and_partisans"),
           "LoR-A.2, LoR-B.7, CW-GEN-20", kind="setting"),
    Option("seating", "str", "random", "random: seats and first player at random; fixed: seats in setup-letter "
           "order (Marquise, Eyrie, Alliance, Vagabond) with the player moved to `seat`, the first seat first",
           ("random", "fixed"), "LoR-5.1.1, LoR-A.4, RT-STUDY-2", kind="setting"),
    Option("seat", "int", 1, "seating=fixed: the player's place in turn order (1 plays first)", (),
           "LoR-5.1.1, RT-STUDY-7", kind="setting", min=1, max=4, applies_if=("seating", "fixed")),
    Option("victory", "str", "competitive", "competitive: the first to 30 VP wins; coop: the player wins only by "
           "reaching 30 VP before every bot, and bots do not target each other",
           ("competitive", "coop"), "LoR-3.1, CW-GEN-22, RT-STUDY-3", kind="setting"),
    Option("maps", "path", "", "a maps file, TOML or JSON (`rules template root --file maps`; empty: packaged)", (),
           "LoR-2.2, CW-GEN-17", kind="setting"),
    Option("deck", "path", "", "a decks file, TOML or JSON (`rules template root --file deck`; empty: packaged)", (),
           "LoR-2.1, LoR-B.1", kind="setting"),
    Option("components", "path", "", "a components file, TOML or JSON (`rules template root --file components`; "
           "empty: packaged)", (), "LoR-5.1.5, LoR-B.1, RT-OPEN-1", kind="setting"),
    # -------------------------------------------------------------------------------- all bots
    _rule("bot_rules_version", "original", [], "RT-OPEN-47, RT-SRC-2, CW-DC-GEN-1",
          "the published Clockwork texts (the Director's Cut texts are not modelled yet)"),
    _rule("bird_order_scope", "all_clearings", ["no_clearing"], "RT-OPEN-2, CW-GEN-13",
          "which clearings a bird order card orders, where the board has no bird procedure of its own"),
    _rule("bot_random", "seeded_uniform", ["separate_streams"], "RT-OPEN-3, CW-GEN-6, CW-MM-SETUP-2, CW-EE-SETUP-2, "
          "CW-VB-SETUP-2, CW-VB-BIRD-2, CW-VB-DAY-3", "bots' random draws: uniform from the game's stream over the "
          "choices in a stable order, or one stream per bot"),
    _rule("bot_unlisted_choices", "stable_order", [], "RT-OPEN-4, CW-GEN-6, CW-VB-ABIL-5",
          "choices no bot text ranks (equal items, equal buildings): a fixed order (drawing them at random, "
          "the reference's alternative, is not modelled yet)"),
    _rule("short_supply", "priority_order", ["proportional"], "RT-OPEN-12, LoR-1.5.4, CW-MM-DAY-2, CW-EE-DAY-2, "
          "CW-AA-EVE-2", "a bot placing more warriors than it has: fill targets by priority, or spread in proportion"),
    _rule("bot_crafted_item_location", "crafted_items", ["box"], "RT-OPEN-31, CW-GEN-28",
          "where an item a bot crafts goes: its Crafted Items box (the Vagabot's Satchel), or back to the box"),
    _rule("crafted_order_card", "stays", ["discard_at_once"], "RT-OPEN-42, CW-GEN-14, LoR-4.1.2",
          "a crafted order card stays the order until the board discards it, or goes to the discard at once"),
    _rule("vp_floor", "floor_zero", ["allow_negative"], "RT-OPEN-32, CW-EE-TURM-2, CW-EE-TRAIT-4, LoR-7.7.1",
          "whether a score can fall below 0"),
    _rule("empty_deck", "skip_draw", ["bot_wins", "end_game_no_winner"], "RT-OPEN-35, LoR-2.1, CW-GEN-13",
          "deck and discard both empty: a draw does nothing, the bots win, or the game ends with no winner"),
    Option("turn_cap", "int", 50, "rounds played before the game stops with no winner", (),
           "RT-OPEN-36, RT-STUDY-6", min=1, sensitivity=(25, 100)),
    _rule("simultaneous_in_bot_turn", "priority_then_owner", [],
          "RT-OPEN-33, LoR-1.1.3, CW-GEN-11, CW-GEN-27", "order of simultaneous effects in a bot's turn: the bot's "
          "by clearing priority and the player's own choices by the player (the player ordering all, the "
          "reference's alternative, is not modelled yet)",
          applies_if=HUMANS),
    _rule("dominance_without_humans", "remove", ["keep"], "RT-OPEN-34, CW-GEN-20, RT-STUDY-1",
          "bots-only games: dominance cards removed, or kept as plain cards of their suit",
          applies_if=("faction", "none")),
    _rule("fall_suit_markers", "printed", ["random_markers"], "RT-OPEN-56, LoR-A.1",
          "the Fall map keeps its printed suits, or gets the twelve suit markers shuffled over them",
          applies_if=("map", "fall")),
    Option("landmarks", "set", "", "landmarks in play, at most two (LoR-A.5.1): the Ferry, the Tower, the Elder "
           "Treetop (3+ players), the Black Market, the Legendary Forge, the Lost City; empty: none", LANDMARKS,
           "LoR-A.5, LoR-F", kind="setting"),
    _rule("landmark_placement", "priority", ["random"], "RT-OWN-1, LoR-A.5.3, CW-GEN-8",
          "where a bot sets up a landmark: its highest-priority legal clearing, or one at random",
          applies_if=("landmarks",) + LANDMARKS),
    Option("hirelings", "set", "", "the hireling cards dealt (LoR-A.6.1 deals three; name those to play): the "
           "Furious Protector (demoted: the Stoic Protector), the Popular Band (the Street Band), the Highway "
           "Bandits (the Bandit Gangs), the Corvid Spies (the Raven Sentries), the Vault Keepers (the Badger "
           "Bodyguards), the Flame Bearers (the Rat Smugglers), the Sunward Expedition (the Mole Artisans), the "
           "Forest Patrol (the Feline Physicians; not with the Marquise at the table, LoR-A.6.5), the Spring Uprising (the Rabbit Scouts; not "
           "with the Alliance, LoR-A.6.5), the Last Dynasty (the Bluebird Nobles; not with the Eyrie, LoR-A.6.5), "
           "the Warm Sun Prophets (the Lizard Envoys), the Exile (the Brigand; not with the Vagabond, LoR-A.6.5), "
           "the Riverfolk Flotilla (the Otter Divers); random: three dealt at random among those the table "
           "allows; empty: none",
           HIRELINGS + ("random",), "LoR-A.6, LoR-E", kind="setting"),
    _rule("bot_hirelings", "mandatory", ["never"], "RT-OWN-15, LoR-E.1, LoR-E.2, CW-GEN-15",
          "bots and hirelings: a bot hires as a player and its hireling takes only the actions its card makes "
          "it take; or bots take no hireling marker", applies_if=("hirelings",) + HIRELINGS + ("random",)),
    _rule("hireling_marker", "reach", ["exact"], "RT-OWN-17, LoR-E.1.1",
          "a score takes a hireling marker when it reaches or passes the marker's space, or only on the space",
          applies_if=("hirelings",) + HIRELINGS + ("random",)),
    _rule("flotilla_lake", "coast", ["none"], "RT-OWN-51, LoR-C.2.2, LoR-E",
          "the Riverfolk Flotilla and the Otter Divers on the Lake: the lake's links are rivers (the Flotilla starts "
          "on the coastal corner and crosses to any coastal clearing), or the Lake has no river for them",
          applies_if=("hirelings", "flotilla", "random")),
    _rule("flotilla_bot_draw", "nothing", ["score_one"], "RT-OWN-52, LoR-E.2.3, CW-GEN-15",
          "a bot with pieces at the Riverfolk Flotilla when it acts: draws nothing, or scores 1 VP instead of a card",
          applies_if=("hirelings", "flotilla", "random")),
    _rule("partisans_birds", "kept", ["discarded"], "RT-OWN-4, LoR-A.2, LoR-2.1.1",
          "a Partisans card's discard: bird cards are wild and kept, or discarded with the other suits",
          applies_if=("deck_choice", "exiles_and_partisans")),
    _rule("lost_city_full_revolt", "allowed", ["needs_slot"], "RT-OWN-25, LoR-8.4.1, LoR-F",
          "the player's revolt in the Lost City with its slots full of his bases: allowed (the base stays in the "
          "box), or not", applies_if=("landmarks", "lost_city")),
    _rule("partisans_lost_city", "one", ["each"], "RT-OWN-24, LoR-A.2, LoR-F",
          "a battle in the Lost City (of every suit): one Partisans card of the player's choice, or each he holds",
          applies_if=("landmarks", "lost_city")),
    _rule("better_burrow_bank_bot", "no_draw", ["discard_for_vp"], "RT-OWN-5, CW-GEN-15",
          "Better Burrow Bank naming a bot: the bot draws nothing, or its card is discarded for 1 VP",
          applies_if=HUMANS),
    # -------------------------------------------------------------------------------- Mechanical Marquise 2.0
    _rule("mm_random_setup", "random", CORNERS, "RT-OPEN-38, CW-MM-SETUP-2, CW-MM-SETUP-4",
          "the keep's corner: at random, or that corner", MM),
    _rule("one_battle_per_clearing", "one_defender", ["each_enemy"], "RT-OPEN-8, CW-MM-DAY-1, CW-MM-ESC-1",
          "battle in an ordered clearing: once, against the defender the board picks, or once per enemy there", MM),
    _rule("mm_recruit_spread", "highest_priority", ["lowest_priority"], "RT-OPEN-5, CW-MM-DAY-2",
          "4 warriors over 5 or more ordered ruled clearings: one each in the 4 of highest or of lowest priority",
          MM),
    _rule("mm_recruit_remainder", "highest_priority", ["lowest_priority"], "RT-OPEN-52, CW-MM-DAY-2, "
          "CW-MM-DIFF-EASY", "warriors left over by an even recruit spread go to the highest or lowest priority", MM),
    _rule("mm_move_once", "recompute", ["once"], "RT-OPEN-9, CW-MM-DAY-4, CW-MM-ESC-4, LoR-4.2.2",
          "warriors that arrived in a clearing earlier in the Move step may move on from it, or move once", MM),
    _rule("mm_move_rule", "next_destination", ["skip_origin"], "RT-OPEN-10, CW-MM-DAY-4, CW-GEN-10, LoR-4.2.1",
          "the preferred destination is an illegal move: try the next one, or do not move from that origin", MM),
    _rule("mm_build_fallback", "other_types", ["skip"], "RT-OPEN-13, CW-MM-DAY-3, CW-MM-ESC-3",
          "Escalated build when the commonest type has no building left: the commonest type left, or no build", MM),
    _rule("mm_expand_limit", "unlimited", ["once"], "RT-OPEN-6, CW-MM-DAY-5",
          "how often Expand may restart Daylight in a turn (unlimited: an engine guard of 10)", MM),
    _rule("mm_expand_order_card", "not_crafted", ["crafted"], "RT-OPEN-7, CW-MM-DAY-5",
          "whether the order card Expand draws is crafted", MM),
    _rule("mm_blitz_destination", "most_enemies", ["highest_priority"], "RT-OPEN-11, CW-MM-TRAIT-1",
          "where Blitz moves: the adjacent clearing with the most enemy pieces, or of highest priority", MM,
          ("mm_traits", "blitz")),
    # -------------------------------------------------------------------------------- Electric Eyrie
    _rule("ee_corner", "opposite_keep", ["uniform"], "RT-OPEN-37, CW-EE-SETUP-2",
          "the Eyrie bot's corner: opposite the keep when a Marquise plays, else at random; or any legal corner", EE),
    _rule("ee_rule_test", "warriors_buildings", ["with_tokens"], "RT-OPEN-14, CW-EE-ABIL-1, LoR-2.5",
          "Lords of the Forest: ties ruled with an Eyrie warrior or building there, or also where only tokens "
          "or a pawn stand", EE),
    _rule("ee_new_roost_turmoil", "turmoil", ["skip"], "RT-OPEN-15, CW-EE-BIRD-4, CW-EE-TURM-1",
          "A New Roost cannot be placed: turmoil at once, or nothing", EE),
    _rule("ee_move_origin", "next_origin", ["no_move"], "RT-OPEN-16, CW-EE-DAY-3, CW-GEN-10",
          "the origin cannot spare a warrior: the next origin, or no move for that column", EE),
    _rule("ee_exact_rule_count", "with_buildings", ["warriors_only"], "RT-OPEN-48, CW-EE-DAY-3, CW-EE-ABIL-1",
          "warriors left to rule the origin exactly: counted with Eyrie buildings, or warriors alone", EE),
    _rule("ee_extra_hit_tie", "strict", ["shared"], "RT-OPEN-17, CW-EE-DAY-4",
          "the largest column's extra hit: only a column strictly largest, or every column tied for largest", EE),
    _rule("ee_bird_column", "all_clearings", ["no_clearing"], "RT-OPEN-18, CW-EE-DAY-2, CW-EE-DAY-3, CW-EE-DAY-4",
          "clearings the bird column acts in: all, or none (it then counts for the extra hit and turmoil only)", EE),
    _rule("ee_failed_step", "skip", ["turmoil"], "RT-OPEN-19, CW-EE-DAY-2, CW-EE-DAY-3, CW-EE-DAY-4, CW-EE-TURM-1",
          "a Decree recruit, move or battle with no legal clearing: skipped, or turmoil", EE),
    _rule("ee_turmoil_end_of_daylight", "swoop_fires", ["skip_swoop"], "RT-OPEN-53, CW-EE-TURM-4, CW-EE-TRAIT-3, "
          "LoR-1.4.1", "after a turmoil, Swoop still happens at the end of Daylight, or not", EE,
          ("ee_traits", "swoop")),
    # -------------------------------------------------------------------------------- Automated Alliance
    _rule("aa_revolt_empty", "allowed", ["needs_enemy"], "RT-OPEN-20, CW-AA-BIRD-3, CW-AA-DAY-2",
          "a revolt where no enemy piece stands: allowed (the base is placed), or not", AA),
    _rule("aa_revolt_warriors", "none", ["as_human"], "RT-OPEN-21, CW-AA-BIRD-3, LoR-8.4.1",
          "warriors a bot revolt places: none, or as a human revolt", AA),
    _rule("aa_spread_fallback", "fewest_enemies", ["ordered_only"], "RT-OPEN-22, CW-AA-DAY-1",
          "no ordered clearing to spread to: the unsympathetic clearing with the fewest enemy pieces, or none "
          "(5 VP)", AA),
    _rule("aa_public_pity_count", "once", ["each_spread"], "RT-OPEN-49, CW-AA-BIRD-4",
          "Public Pity's token count: tested once, or again before the second spread", AA),
    _rule("aa_crackdown_scoring", "nobody", ["remover"], "RT-OPEN-23, CW-AA-ABIL-4",
          "sympathy Crackdown removes: scores for nobody, or for who removed the base", AA),
    _rule("aa_lost_city_base", "first", ["most_sympathy"], "RT-OWN-22, CW-AA-BIRD-3, CW-AA-DAY-2, LoR-F",
          "the base a bot revolt places in the Lost City: the first revolting suit's left, or the one with the "
          "most sympathetic clearings", AA, ("landmarks", "lost_city")),
    _rule("aa_organize_order", "clearing_by_clearing", ["remove_all_first"], "RT-OPEN-24, CW-AA-EVE-1",
          "Organize: each clearing then its spread, in priority order; or every removal first", AA),
    # -------------------------------------------------------------------------------- Vagabot
    _rule("vb_start_items", "random", ["fixed"], "RT-OPEN-39, CW-VB-SETUP-5",
          "the Vagabot's starting items: 4 (Tinker 3) of the S items at random, or boot, torch, sword, tea", VB),
    _rule("vb_pathing", "item_per_move", ["explore_only"], "RT-OPEN-25, CW-VB-DAY-2",
          "the Vagabot's moves: one exhausted item each, or free except for Explore", VB),
    _rule("vb_action_loop", "once", ["loop"], "RT-OPEN-26, CW-VB-DAY-1",
          "the suit's action list: worked through once, or again while items remain", VB),
    _rule("vb_battle_repeat", "same_target", ["full_repeat"], "RT-OPEN-46, CW-VB-DAY-6",
          "battles after the first: the same enemy in the same clearing, or the whole Battle action again", VB),
    _rule("vb_defenseless", "never", ["always"], "RT-OPEN-51, CW-VB-ABIL-5, LoR-4.3.3.II",
          "whether an attacker deals the Vagabot the defenseless extra hit", VB),
    _rule("vb_item_cap", "none", ["human_limit"], "RT-OPEN-45, CW-VB-EVE-1, LoR-9.6.4",
          "the Vagabot's item limit: none, or the human one (6 + 2 per bag) in Evening", VB),
    _rule("vb_aid_target_bot", "score_one", ["nothing"], "RT-OPEN-28, CW-VB-DAY-5, CW-GEN-15",
          "a bot the Vagabot aids scores in place of drawing, or gets nothing", VB),
    _rule("vb_aid_bot_vp_count", "per_aid", ["per_card"], "RT-OPEN-55, CW-VB-DAY-5",
          "an aided bot scores 1 VP per Aid, or 1 VP per card it would have drawn", VB),
    _rule("vb_thief_card", "discard_score", ["discard"], "RT-OPEN-27, CW-VB-CHAR-THIEF",
          "the card the Thief takes: discarded for 1 VP, or discarded", VB, ("vb_character", "thief")),
    _rule("vb_thief_bot_target", "next_enemy", ["skip"], "RT-OPEN-27, CW-VB-CHAR-THIEF, CW-GEN-29, CW-GEN-10",
          "the Thief's target is a bot (no hand): take from the next enemy there, or do nothing", VB,
          ("vb_character", "thief")),
    _rule("vb_helper_scope", "double", ["plus_one"], "RT-OPEN-29, CW-VB-TRAIT-3",
          "Helper: 2 VP and 2 cards per item taken, or +1 VP per Aid and 2 cards per item", VB,
          ("vb_traits", "helper")),
    _rule("vb_berserker_target", "most_then_nearest", ["nearest_then_most", "app_step"],
          "RT-OPEN-54, CW-VB-TRAIT-2", "Berserker's clearing: most enemy pieces then nearest, nearest with enemies "
          "then most, or the app's step (the enemy with most pieces on the map)", VB, ("vb_traits", "berserker")),
    # -------------------------------------------------------------------------------- the player and the bots
    _rule("human_vb_aid_bot", "relationship", ["no_relationship"], "RT-OPEN-44, CW-GEN-26, LoR-9.2.9",
          "the player's Vagabond aiding a bot: counts for the relationship track, or not",
          applies_if=("faction", "vagabond")),
    _rule("outrage_by_bot", "draw_supporter", ["none"], "RT-OPEN-50, CW-GEN-25, LoR-8.2.6",
          "a bot outraging the player's Alliance: it draws a card to its supporters, or nothing happens",
          applies_if=("faction", "alliance")),
)

# RT-OPEN-n -> the options that hold it, or why no option does (checked by tests/root/test_options.py).
OPEN_POINTS = {
    1: "settled: the base box's item supply (components.json), no alternative",
    2: "bird_order_scope", 3: "bot_random", 4: "bot_unlisted_choices", 5: "mm_recruit_spread",
    6: "mm_expand_limit", 7: "mm_expand_order_card", 8: "one_battle_per_clearing", 9: "mm_move_once",
    10: "mm_move_rule", 11: "mm_blitz_destination", 12: "short_supply", 13: "mm_build_fallback",
    14: "ee_rule_test", 15: "ee_new_roost_turmoil", 16: "ee_move_origin", 17: "ee_extra_hit_tie",
    18: "ee_bird_column", 19: "ee_failed_step", 20: "aa_revolt_empty", 21: "aa_revolt_warriors",
    22: "aa_spread_fallback", 23: "aa_crackdown_scoring", 24: "aa_organize_order", 25: "vb_pathing",
    26: "vb_action_loop", 27: "vb_thief_card, vb_thief_bot_target", 28: "vb_aid_target_bot",
    29: "vb_helper_scope",
    30: "settled: no alternative proposed; a refresh with too few exhausted items flips them all",
    31: "bot_crafted_item_location", 32: "vp_floor", 33: "simultaneous_in_bot_turn", 34: "dominance_without_humans",
    35: "empty_deck", 36: "turn_cap", 37: "ee_corner", 38: "mm_random_setup", 39: "vb_start_items",
    40: "issue 34: the advanced setup's faction draft (LoR-A.8); bots never draft",
    41: "settled: no alternative proposed; Vagabot target ties by setup priority, then the listed clearing ties",
    42: "crafted_order_card",
    43: "settled: no alternative proposed; an ambush or dominance order card acts as a card of its suit",
    44: "human_vb_aid_bot", 45: "vb_item_cap", 46: "vb_battle_repeat", 47: "bot_rules_version",
    48: "ee_exact_rule_count", 49: "aa_public_pity_count", 50: "outrage_by_bot", 51: "vb_defenseless",
    52: "mm_recruit_remainder", 53: "ee_turmoil_end_of_daylight", 54: "vb_berserker_target",
    55: "vb_aid_bot_vp_count", 56: "fall_suit_markers",
}


def check(options: dict) -> None:
    """Cross-option rules, each a one-line UsageError: a bot never plays the player's faction (CW-GEN-2);
    one player with 1-3 bots, or bots only with 2-4 (RT-STUDY-1); co-op needs a player (CW-GEN-22); a fixed
    seat exists at the table (LoR-5.1.1); no hireling dealt whose faction (:data:`TIED`) the player or a bot
    plays (LoR-A.6.5, 16.1.6.V; a bot plays its faction, CW-GEN-2). A bot's difficulty, traits or character
    while that bot is not at the table are ignored, not refused, so that one sweep may vary the player's
    faction."""
    faction, bots = options["faction"], seated_bots(options)
    for bot in bots:
        if BOTS[bot] == faction:
            raise UsageError(f"option bots: {bot} plays the {faction.title()}, the player's faction (CW-GEN-2); "
                             "drop it from bots or choose another faction")
    if faction == "none" and len(bots) < 2:
        raise UsageError(f"option bots: a game without a player needs at least 2 bots, not {len(bots)} "
                         "(RT-STUDY-1)")
    if faction == "none" and options["victory"] == "coop":
        raise UsageError("option victory: coop needs a player; faction=none plays bots only (CW-GEN-22)")
    players = len(bots) + (faction != "none")
    marks = [n for n in options.get("landmarks", "").split(",") if n]
    if len(marks) > 2:
        raise UsageError("option landmarks: at most two (LoR-A.5.1)")
    for name, side in (("ferry", "lake"), ("tower", "mountain")):
        if name in marks and options.get("map", "fall") == side:
            raise UsageError(f"option landmarks: the {side.title()} map has its own {name.title()} already "
                             "(LoR-C.2.1, LoR-C.3.1)")
    if "elder_treetop" in marks and players < 3:
        raise UsageError(f"option landmarks: the Elder Treetop needs 3 or more players, not {players} (LoR-F, "
                         "its card)")
    cards = [n for n in options.get("hirelings", "").split(",") if n]
    if len(cards) > 3:
        raise UsageError("option hirelings: at most three (LoR-A.6.1)")
    if "random" in cards and len(cards) > 1:
        raise UsageError("option hirelings: random deals the three cards itself; name no card beside it (LoR-A.6.1)")
    seated = {BOTS[b] for b in bots} | {faction}
    for name in cards:
        if TIED.get(name) in seated:
            raise UsageError(f"option hirelings: {name} stands for the {TIED[name].title()}, who is at the table; "
                             "a faction is not played while its hireling is (LoR-A.6.5)")
    if options["seating"] == "fixed" and faction != "none" and options["seat"] > players:
        raise UsageError(f"option seat: {options['seat']} is past the last of {players} seats (LoR-5.1.1)")
