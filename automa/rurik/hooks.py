"""The hook points of the Rurik engine: the places where a module may change the base game.

The base game calls every callable registered at a hook point, in the order of the modules in
:data:`automa.rurik.options.MODULES` (epic, warfare, factions); with no module registered there it
reads an empty tuple and does nothing more. The base game never imports a module: the registry
entry (``automa/rurik/__init__.py``) hands the modules in play to :func:`register` and the match
keeps the result (``Match.hooks``). Each module file ends with ``HOOKS``: its hook point -> callable.

Every callable receives the match ``m`` first. The hook points, where the base game calls them,
what they receive and return, and the rules of the modules that use them:

Setup and turns
- ``setup(m)``: ``setup.setup``, after the base setup. Epic: the 3 epic cards (RK-SB-EPIC-1);
  factions: the faction and its camp (RK-SB-FACT-4).
- ``player_turn_start(m)``: ``player.take_turn``, as the player's turn starts. Epic: its
  once-per-turn effects end (RK-SB-EPIC-1, RK-SB-EPIC-4); warfare: the player's attacks of the turn,
  for the warfare deeds (RK-SB-WAR-6).
- ``rebel_turn_start(m)``: ``rebellion.take_turn``, as the Rebellion's turn starts. Epic: its free
  Border Fort crossing (RK-SB-EPIC-4).
- ``claim_start(m)``: ``claims.claim_phase``, before the claim tracks. Warfare: captives released
  (RK-SB-WAR-2); factions: the faction's neutral troop (RK-SB-FACT-4). Both RK-CLAIM-1.
- ``round_end(m)``: ``claims.claim_phase``, last, every round. Epic: Palace (RK-EOR-2) and the
  once-per-round effects end (RK-SB-EPIC-4).

Movement
- ``move_choices(m, choices, points) -> choices``: ``choices.move_choices``, the player's moves for
  ``points`` move points. Epic: City Gate needs 2 points (RK-SB-EPIC-1).
- ``moved(m, side, src, dst, leader, cost) -> cost``: ``player.apply`` and ``rebellion.move``,
  after a unit (``leader``: the leader) of ``side`` moved; returns the move points it cost, given
  ``cost`` (1). Epic: Border Fort, City Gate, Library, Veche (RK-SB-EPIC-1, RK-SB-EPIC-4, RK-READ-9,
  RK-READ-10).
- ``leader_steps(m, steps) -> steps``: ``player._theofana`` and ``player._sviatoslav``, the steps
  ``("step", region)`` the player's leader may take by its own ability. Epic: none into the City
  Gate's region with ``leader_step_city_gate=blocked`` (RK-SB-EPIC-1, RK-READ-13).
- ``leader_stepped(m, side, dst)``: after ``side``'s leader stepped into ``dst`` by its own ability:
  ``player._theofana`` and ``player._sviatoslav`` (RK-SB-LEAD-2, -3), and ``claims.end_of_round``
  for the Rebellion's Gleb and Maria (RK-SB-REBLEAD-2, -3). Epic: Library, Veche (RK-SB-EPIC-1,
  RK-SB-EPIC-4).
- ``rebel_march_blocked(m, dst, points) -> bool``: ``rebellion.move``, before the march moves into
  ``dst`` with ``points`` left; True: it may not. Epic: City Gate (RK-SB-EPIC-4).

Attacks
- ``attack_from(m, side, r) -> int``: ``choices.attack_choices``, ``player.attack``,
  ``rebellion._attack_targets`` and ``rebellion.attack_in``, for a region ``r`` where ``side`` has
  no unit: a region from which ``side`` may attack ``r``, or -1. Epic: Siege Tower (RK-SB-EPIC-1,
  RK-SB-EPIC-4).
- ``casualty_cards(m, r) -> int``: ``combat.casualty_cards``, cards an attacker in ``r`` reveals
  beyond the base count. Epic: Town Wall (RK-SB-EPIC-1, RK-SB-EPIC-4).
- ``player_attacks(m, r)``: ``player._attack_rebellion``, before the player's attack removes a
  Rebellion unit in ``r``. Warfare: what the player attacked this turn (RK-SB-WAR-6).
- ``neutral_check(m, side, r, at, fewer) -> (revealed, lost)``: ``player.attack`` and
  ``rebellion.attack_in``, after ``side`` removed a neutral troop in ``r`` from ``at``; ``fewer``
  is the attack's reveal-fewer modifier. Returns the cards revealed and the units lost by a
  casualty check it makes; the results add up. Factions: Armed Uprising (RK-SB-FACT-1, RK-OPEN-25).
- ``attacked(m, side, at, revealed, lost, what) -> int``: after ``side``'s attack from ``at`` removed
  an opponent's unit ``what`` (``troop``, ``leader``; ``neutral`` for a neutral troop), with the
  attack's casualty check (``revealed`` cards, ``lost`` units). Returns the units ``side`` lost in a
  casualty check it made as part of the attack; they add to the attack's (player Gleb's moves,
  RK-SB-LEAD-1). Warfare: the capture attempt and its optional 1-card check (RK-SB-WAR-1,
  RK-SB-WAR-5, RK-OPEN-26, RK-OPEN-34).

Tax and build
- ``tax_cost(m, side) -> list | None``: ``choices.tax_extra`` (for ``choices.tax_choices``,
  ``choices.tax_cost``) and ``rebellion.tax``, once per tax action: the tax points per region beyond
  the base cost, or None for none; they add up. Factions: Peasant Mutiny (RK-SB-FACT-3, RK-OPEN-25).
- ``taxed(m, side, r)``: ``player.apply`` and ``rebellion.tax``, after ``side`` taxed ``r``. Epic:
  Capital Port (RK-SB-EPIC-1, RK-SB-EPIC-4).
- ``build_blocked(m, r) -> bool``: ``choices.build_choices`` and ``rebellion._buildable``; True: no
  structure may be built in ``r``. Epic: Catacombs (RK-SB-EPIC-1).
- ``structures_in(m, r) -> int``: the tavern's count in ``player.build``, ``rebellion._buildable``
  and ``rebellion.build``: structures in ``r`` besides its own 3 spaces. Epic: border structures
  (RK-READ-4).
- ``church_spares_neutral(m, side) -> bool``: ``choices.build_choices`` and ``rebellion._convert``;
  True: a church of ``side`` converts no neutral troop. Factions: Pagan Unrest (RK-SB-FACT-2).
- ``build_choices(m, points) -> list``: ``choices.build_choices``, more build choices for
  ``points`` build points, each a tuple whose first item names the module's kind. Epic: epic
  structures (RK-SB-EPIC-1).
- ``apply_choice(m, choice) -> int | None``: ``player.apply``, for a choice of no base kind: the
  points it cost once applied, or None if it is not this module's. Epic: an epic build (RK-SB-EPIC-1).
- ``rebel_build(m, points) -> bool``: ``rebellion.take_turn``, before the Rebellion's build action
  of ``points`` build points; True: the module resolved the action instead. Epic: 3 build points
  take an epic card's reward (RK-SB-EPIC-2, RK-SB-EPIC-3).

The player's payments and the end of the turn
- ``before_player_pays(m)``: ``player._conversion``, ``player.accomplish`` and modules (Cathedral,
  Capital Port), on the player's turn before a payment that could undo a condition. Factions: the
  defeat may be announced (RK-SB-FACT-1..4).
- ``player_turn_end(m)``: ``player.take_turn``, after the deeds. Factions: as above.
- ``conversion_options(m) -> list``: ``player._conversion``, more conversion tokens, each
  ``("convert", action, how)``. Warfare: the solo conversion token (RK-SB-WAR-5, RK-OPEN-28).
- ``pay_conversion(m, choice)``: ``player._convert``, pays a token a module offered (its own
  only). Warfare: as above.
- ``deed_condition(m, cond) -> bool | None``: ``deeds._holds``, a deed condition of no base type:
  whether it holds, or None if it is not this module's. Warfare: the warfare deeds (RK-SB-WAR-6).
- ``pay_deed(m, cost)``: ``player._apply_deed``, pays the parts of a deed's ``cost`` the module
  defines. Warfare: Peace Treaty's captives (RK-SB-WAR-6).

Scoring
- ``agenda_metric(m, side, metric) -> int | None``: ``deeds._metric``, an agenda metric of no base
  type for ``side``, or None if it is not this module's. Epic: Renowned (RK-SB-EPIC-1).
- ``end_tokens(m) -> (player, rebellion)``: ``scoring.score``, VP tokens each side earns at game
  end; they add up. Epic: Cathedral, Logging Camp, Veche (RK-SB-EPIC-1, RK-SB-EPIC-4).
"""
from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Hooks:
    """The modules in play (names) and, per hook point, the callables registered there."""

    modules: tuple = ()
    setup: tuple = ()
    player_turn_start: tuple = ()
    rebel_turn_start: tuple = ()
    claim_start: tuple = ()
    round_end: tuple = ()
    move_choices: tuple = ()
    moved: tuple = ()
    leader_steps: tuple = ()
    leader_stepped: tuple = ()
    rebel_march_blocked: tuple = ()
    attack_from: tuple = ()
    casualty_cards: tuple = ()
    player_attacks: tuple = ()
    neutral_check: tuple = ()
    attacked: tuple = ()
    tax_cost: tuple = ()
    taxed: tuple = ()
    build_blocked: tuple = ()
    structures_in: tuple = ()
    church_spares_neutral: tuple = ()
    build_choices: tuple = ()
    apply_choice: tuple = ()
    rebel_build: tuple = ()
    before_player_pays: tuple = ()
    player_turn_end: tuple = ()
    conversion_options: tuple = ()
    pay_conversion: tuple = ()
    deed_condition: tuple = ()
    pay_deed: tuple = ()
    agenda_metric: tuple = ()
    end_tokens: tuple = ()


POINTS = tuple(f.name for f in fields(Hooks))[1:]
NO_HOOKS = Hooks()


def register(modules: list[tuple[str, dict]]) -> Hooks:
    """The hook points of ``modules``, each a (name, {hook point: callable}) pair, in that order."""
    at: dict[str, list] = {point: [] for point in POINTS}
    for name, table in modules:
        for point, fn in table.items():
            if point not in at:
                raise ValueError(f"module {name!r}: no hook point {point!r} (automa/rurik/hooks.py)")
            at[point].append(fn)
    return Hooks(tuple(name for name, _ in modules), **{point: tuple(fns) for point, fns in at.items()})

