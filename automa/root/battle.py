"""Battle (LoR-4.3), and the one reference for how a faction's board takes part in it.

:func:`battle` runs the four steps of LoR-4.3 between two factions in one clearing; :func:`defenders`,
:func:`can_battle` and :func:`battles` say who may be attacked where (:func:`present`,
:func:`can_attack_from`); :func:`warriors_removed` is the reaction point every removal of warriors goes
through (battle, Favors, revolts...); :func:`take_hits` is the Law's way of taking hits (a human's);
:func:`held` and :func:`use_card` find and spend a persistent card. ``PASS`` is the "do not" choice.

Steps, as :func:`battle` runs them:

1. Ambush (LoR-4.3.1) never arises at our tables, so it is not implemented: nobody may ambush a bot
   (CW-GEN-16, CW-GEN-27), a bot never plays one (it has no hand, CW-GEN-15), and a table has exactly one
   human, so the defender of a battle against the human is a bot and the defender of a bot's battle is a
   bot or the human ambushing a bot. An ambush card is only ever spent for its suit (LoR-2.1.2), and
   Scouting Party (which cancels ambushes) never has an effect. In its place the attacker's
   ``immediate_hits`` hook (the Vagabot's Marksman, CW-VB-TRAIT-4) deals its hits before the roll.
2. Roll (LoR-4.3.2): just before it the defender may enlist an Arbiter in the clearing, a third seat's
   ``protector`` (LoR-D.5, CW-VB-CHAR-ARBITER), raising its cap; two dice 0-3 from ``game.rng["dice"]``;
   the attacker deals the higher, the defender the lower, unless the defender's
   ``deals_higher_as_defender`` hook swaps them (LoR-8.2.2); each side's rolled hits are capped by its
   ``max_rolled_hits`` (LoR-4.3.2.I).
3. Effects (LoR-4.3.3): extra hits ignore the cap (LoR-4.3.3.I): the caller's ``extra`` (a bot step's
   extra hit, e.g. the Eyrie's largest Decree column, CW-EE-DAY-4), each side's ``extra_hits`` hook
   (Automated Ambush, CW-AA-ABIL-2; the Vagabot's Battle Track, CW-VB-ABIL-4), the Raven Sentries' controller
   with a building or token there, either side (``state.sentries``, LoR-E), a defenseless defender
   (LoR-4.3.3.II, its ``defenseless`` hook), and a human's persistent cards: Armorers (ignore the rolled
   hits you take), Sappers (defender, one extra hit) and Brutal Tactics (attacker, one extra hit, the
   defender scores 1 VP), each asked through :func:`automa.root.decide.choose`. Bots never have these
   cards (CW-GEN-5), so with one human the "who uses effects first" choice of LoR-4.3.3 never matters.
4. Hits (LoR-4.3.4): the defender takes the attacker's hits, then the attacker the defender's (the controller
   of the Badger Bodyguards ignoring the first hit he takes in the battle, ``state.bodyguarded``, LoR-E,
   RT-OWN-31, a bot's board as a human's), each through
   its board's ``take_hits`` hook, or :func:`take_hits` (the Law's way, the human choosing the order); in
   a Vagrant's Instigate (``remover``, LoR-D.4) he removes the pieces of each side but himself, in his
   order, scoring the buildings and tokens.
   Then :func:`warriors_removed` runs for each side that lost warriors, and each board's ``after_battle``.

Board hooks (all optional, looked up by name; ``seat`` is the board's own seat, ``role`` is
``"attacker"`` or ``"defender"``, ``other`` the opposing faction):

* ``max_rolled_hits(game, seat, c, role) -> int``: the cap on rolled hits. Default: the seat's warriors in
  ``c`` (LoR-4.3.2.I). The Vagabond: his undamaged swords (LoR-9.2.6); the Vagabot: his Battle Track
  (CW-VB-ABIL-4).
* ``deals_higher_as_defender(game, seat, c) -> bool``: this defender deals the higher roll and the
  attacker the lower (Guerrilla War, LoR-8.2.2; the Alliance bot's Veterans, CW-AA-TRAIT-3). Default: no.
* ``immediate_hits(game, seat, c, role, other) -> int``: hits dealt at once, before the roll (Marksman).
* ``extra_hits(game, seat, c, role, other) -> int``: standing extra hits (LoR-4.3.3.I); the Ronin's Swift
  Strike (LoR-D.8).
* ``protector(game, seat, c) -> int | None``: on a seat that is neither side, the hits an Arbiter in
  ``c`` adds to the defender's cap if enlisted, or ``None`` (LoR-D.5, CW-VB-CHAR-ARBITER).
* ``defenseless(game, seat, c) -> bool``: whether this defender gives the attacker the extra hit of
  LoR-4.3.3.II. Default: no warriors of the seat in ``c``. The Vagabond: no undamaged sword (LoR-9.2.4);
  the Vagabot: the rule option ``vb_defenseless`` (RT-OPEN-51).
* ``take_hits(game, seat, c, hits, by) -> int``: remove this seat's pieces for ``hits`` hits dealt by
  ``by``, returning how many hits took effect. Every bot board has one: ``bots.common.take_hits``
  (CW-GEN-6), or its own (Fortified, CW-MM-TRAIT-2; the Vagabot damaging items, CW-VB-ABIL-5); the human
  Vagabond damages items (LoR-9.2.7). Default for a human: :func:`take_hits`. Buildings and tokens go
  through ``state.remove_piece`` (the removal VP, LoR-3.2.1, and the owner's ``removed`` hook).
* ``lost_warriors(game, seat, c, n, by)``: ``n`` of this seat's warriors were removed from ``c`` by ``by``
  (any removal, not only battle): Field Hospitals (LoR-6.2.3) places them again from the supply.
* ``removed_warriors(game, seat, c, victim, n)``: this seat removed ``n`` warriors of ``victim``: the
  Vagabond's relationship becomes Hostile (LoR-9.2.9.III).
* ``after_battle(game, seat, result)``: the battle is over (a :class:`Battle`): Infamy (LoR-9.2.9.IIIa),
  the Marquise bot's Hospitals (CW-MM-TRAIT-3), War Tax (CW-EE-TRAIT-4) read ``result``.

A trace event ``battle`` (rule LoR-4.3) records each battle: clearing, sides, dice, hits dealt and taken.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from automa.root import state
from automa.root.decide import PASS, choose, one_per_name
from automa.root.state import FACTIONS, Game, Seat, held, use_card

ATTACKER, DEFENDER = "attacker", "defender"


@dataclass(slots=True)
class Battle:
    """What one battle did: the dice, the hits each side dealt (after caps and extra hits) and took (how
    many removed a piece or damaged an item), the warriors each side lost, and the buildings and tokens
    each side lost in the clearing while taking hits (its own boards' reactions included), as kinds."""

    attacker: str
    defender: str
    clearing: int
    dice: tuple[int, int] = (0, 0)
    dealt: list[int] = field(default_factory=lambda: [0, 0])          # [attacker, defender]
    taken: list[int] = field(default_factory=lambda: [0, 0])          # [attacker, defender]
    warriors_lost: list[int] = field(default_factory=lambda: [0, 0])  # [attacker, defender]
    pieces_lost: list[list[str]] = field(default_factory=lambda: [[], []])   # buildings and tokens
    remover: str | None = None        # the Vagrant removing the sides' pieces (Instigate, LoR-D.4)
    guarded: bool = False             # the Badger Bodyguards' first hit ignored (LoR-E, RT-OWN-31)


# ---------------------------------------------------------------------------------------------- who, where

def present(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction`` has any piece in ``c``: warriors, buildings, tokens, or the Vagabond's pawn."""
    cl = game.clearings[c]
    if cl.warriors.get(faction, 0):
        return True
    if any(f == faction for f, _ in cl.buildings) or any(f == faction for f, _ in cl.tokens):
        return True
    return faction == "vagabond" and game.pawn == ("clearing", c)


def can_attack_from(game: Game, faction: str, c: int) -> bool:
    """Whether ``faction`` has warriors (or the Vagabond his pawn) in ``c``: a clearing of battle (LoR-4.3)."""
    if faction == "vagabond":
        return game.pawn == ("clearing", c)
    return game.clearings[c].warriors.get(faction, 0) > 0


def defenders(game: Game, faction: str, c: int) -> list[str]:
    """The enemies ``faction`` may attack in ``c`` (LoR-4.3), in setup order (CW-GEN-9); none if it cannot
    battle there; never one the Stoic Protector shields there (``state.shielded``, LoR-E); then the hirelings
    there that it does not control (LoR-E.3.2), by name, the Spring Uprising only if it can pay the card
    (``state.battle_fee``)."""
    if not can_attack_from(game, faction, c):
        return []
    out = [f for f in FACTIONS if f != faction and game.seat(f) is not None and present(game, f, c)
           and not state.shielded(game, f, c)]
    if game.hired:                   # a hireling's pieces, an enemy's but for its controller (LoR-E.3.2)
        out += [h for h in game.hired if game.hirelings[h].controller != faction and present(game, h, c)
                and not state.gangs_guarded(game, h, c) and state.battle_fee(game, faction, h, c) != []]
    return out


def can_battle(game: Game, faction: str, c: int, defender: str | None = None) -> bool:
    """Whether ``faction`` may battle in ``c`` (LoR-4.3), against ``defender`` if one is named."""
    who = defenders(game, faction, c)
    return bool(who) if defender is None else defender in who


def battles(game: Game, faction: str, clearings=None) -> list[tuple[int, str]]:
    """Every legal ``(clearing, defender)`` for ``faction``, clearings in id order (priority, CW-GEN-8),
    optionally among ``clearings``."""
    cs = range(1, len(game.clearings)) if clearings is None else sorted(clearings)
    return [(c, d) for c in cs for d in defenders(game, faction, c)]


# ---------------------------------------------------------------------------------------------- removal

def warriors_removed(game: Game, owner: str, c: int, n: int, by: str | None) -> None:
    """``n`` warriors of ``owner`` were just removed from ``c`` by ``by`` (``None``: no player): the
    remover's ``removed_warriors`` hook (LoR-9.2.9.III), then the owner's ``lost_warriors`` hook
    (LoR-6.2.3), then the Feline Physicians for a player (the Patrol side's board, ``hirelings.patrol.Board.physicians``, LoR-E). Every rule
    that removes warriors calls this after ``state.remove_warriors``."""
    if n <= 0:
        return
    hired = by is not None and by in game.hirelings     # a hireling removed them: no remover's ability
    if hired:                                          # (LoR-E.3.5: no Hostility), the owner's sees its controller
        by = game.hirelings[by].controller
    if by is not None and by != owner and not hired:
        remover = game.seat(by)
        hook = getattr(remover.board, "removed_warriors", None)
        if hook is not None:
            hook(game, remover, c, owner, n)
    seat = game.seat(owner)
    hook = getattr(seat.board, "lost_warriors", None)
    if hook is not None:
        hook(game, seat, c, n, by)
    if game.hired and "patrol" in game.hired and seat.bot is None:      # the Feline Physicians (LoR-E)
        game.hired["patrol"].board.physicians(game, seat, c, n)


def remove_all(game: Game, c: int, by: str) -> None:
    """Every piece in ``c`` of the factions other than ``by`` is removed by ``by`` (a revolt, LoR-8.4.1.III,
    CW-AA-BIRD-3; a Favor card, LoR-4.1.2): each faction in setup order loses its warriors (with their
    reactions, :func:`warriors_removed`), then its tokens and its buildings (1 VP each to ``by``,
    LoR-3.2.1); a Vagabond there suffers Full Removal (LoR-9.2.2.I) through his board's
    ``full_removal(game, seat, c, by)``. A faction the Stoic Protector shields there keeps its pieces; the
    hirelings ``by`` does not control lose theirs, after the factions (LoR-E.3.2). A hireling ``by`` (the
    Spring Uprising) removes for its controller: his pieces and his hirelings' stay, and nobody scores."""
    cl = game.clearings[c]
    side = game.hirelings[by].controller if game.hirelings and by in game.hirelings else by     # LoR-E.3.2
    enemies = (FACTIONS + tuple(h for h in game.hired if h != by and game.hirelings[h].controller != side)
               if game.hired else FACTIONS)
    for enemy in enemies:
        other = game.seat(enemy)
        if enemy == side or other is None or state.shielded(game, enemy, c):
            continue
        n = state.remove_warriors(game, enemy, c, cl.warriors.get(enemy, 0))
        warriors_removed(game, enemy, c, n, by)
        for piece in [p for p in cl.tokens if p[0] == enemy]:
            if piece in cl.tokens:
                state.remove_piece(game, c, piece, by, building=False)
        for piece in [p for p in cl.buildings if p[0] == enemy]:
            if piece in cl.buildings:
                state.remove_piece(game, c, piece, by, building=True)
        if enemy == "vagabond" and game.pawn == ("clearing", c):
            hook = getattr(other.board, "full_removal", None)
            if hook is not None:
                hook(game, other, c, by)


def take_hits(game: Game, seat: Seat, c: int, hits: int, by: str | None) -> int:
    """The Law's way to take ``hits`` in ``c`` (LoR-4.3.4), for a human seat: all its warriors there first,
    then one building or token per hit, the player choosing which (``"hits_order"``: a ``(kind,
    "building"|"token")`` of its own there). Returns the hits that removed a piece."""
    assert seat.bot is None, "a bot's board takes hits its own way (CW-GEN-6)"
    done = state.remove_warriors(game, seat.faction, c, hits)
    cl = game.clearings[c]
    while done < hits:
        choices = sorted({(k, "building") for f, k in cl.buildings if f == seat.faction}
                         | {(k, "token") for f, k in cl.tokens if f == seat.faction})
        if not choices:
            break
        kind, what = choose(game, "hits_order", choices)
        state.remove_piece(game, c, (seat.faction, kind), by, building=what == "building")
        done += 1
    return done


# ---------------------------------------------------------------------------------------------- battle

def battle(game: Game, attacker: str, defender: str, c: int, extra: int = 0, remover: str | None = None) -> Battle:
    """``attacker`` battles ``defender`` in ``c`` (LoR-4.3; the steps and hooks are in the module's
    docstring); ``extra`` hits for the attacker come from the calling step (LoR-4.3.3.I); ``remover`` is the
    Vagrant who started it (Instigate, LoR-D.4) and removes the pieces of each side but his own. The
    caller has checked :func:`can_battle`. Returns what happened; ``state.Victory`` may end the game
    midway."""
    sa, sd = game.seat(attacker), game.seat(defender)
    result = Battle(attacker, defender, c, remover=remover)
    seats = (sa, sd)
    if game.hired:
        _fee(game, sa, defender, c)
    # step 1: no ambush at our tables (see the docstring); immediate hits before the roll
    first = _hook(sa, "immediate_hits", 0)(game, sa, c, ATTACKER, defender)
    if first:
        result.dealt[0] += first
        _deal(game, result, 0, first)
    caps = [max_rolled_hits(game, seat, c, role) for seat, role in zip(seats, (ATTACKER, DEFENDER))]
    caps[1] += _protector(game, result, sd, caps[1])
    # step 2: roll (LoR-4.3.2)
    hook = getattr(sd.board, "deals_higher_as_defender", None)
    swap = hook is not None and hook(game, sd, c)
    if not swap and game.hirelings and state.scouts(game, defender):
        swap = _scouts(game, sd, c)
    dice = game.rng["dice"]
    a, b = dice.randint(0, 3), dice.randint(0, 3)
    high, low = max(a, b), min(a, b)
    result.dice = (high, low)
    dice_dealt = (low, high) if swap else (high, low)
    rolled = [min(die, cap) for die, cap in zip(dice_dealt, caps)]               # LoR-4.3.2.I
    # step 3: effects (LoR-4.3.3)
    hits = [rolled[0] + extra, rolled[1]]
    for i, (seat, role, other) in enumerate(((sa, ATTACKER, defender), (sd, DEFENDER, attacker))):
        hits[i] += _hook(seat, "extra_hits", 0)(game, seat, c, role, other)   # LoR-4.3.3.I
        if game.hirelings and state.sentries(game, seat.faction, c):          # the Raven Sentries (LoR-E)
            hits[i] += 1
    hook = getattr(sd.board, "defenseless", None)
    if hook(game, sd, c) if hook is not None else not game.clearings[c].warriors.get(defender, 0):
        hits[0] += 1                                                          # LoR-4.3.3.II
    _card_effects(game, result, seats, rolled, hits)
    # step 4: hits (LoR-4.3.4)
    result.dealt[0] += hits[0]
    result.dealt[1] += hits[1]
    if game.trace:
        game.trace.event("battle", rule="LoR-4.3", attacker=attacker, defender=defender, clearing=c, dice=[high, low],
                         rolled=list(rolled), hits=list(hits))
    _deal(game, result, 0, hits[0])
    _deal(game, result, 1, hits[1])
    for seat in seats:
        hook = getattr(seat.board, "after_battle", None)
        if hook is not None:
            hook(game, seat, result)
    return result


def _fee(game: Game, sa: Seat, defender: str, c: int) -> None:
    """Battling the Spring Uprising, the attacker first discards a card matching the clearing
    (``state.battle_fee``; ``uprising_fee``; its card, LoR-E)."""
    cards = state.battle_fee(game, sa.faction, defender, c)
    if cards is None:
        return
    card = choose(game, "uprising_fee", one_per_name(game, cards))
    state.spend(game, sa, card)
    if game.trace:
        game.trace.event("uprising_fee", rule="LoR-E.2.2", faction=sa.faction, card=card, clearing=c)


def _scouts(game: Game, sd: Seat, c: int) -> bool:
    """The Rabbit Scouts' controller defending, before the roll: he may spend a card matching the clearing to
    deal the higher roll and take the lower (``rabbit_scouts``; its card, LoR-E; like Guerrilla War,
    LoR-8.2.2). Returns whether he did."""
    suit = state.suit_of(game, c)
    cards = one_per_name(game, [k for k in sd.hand if state.matches(game.cards[k].suit, suit)])
    if not cards:
        return False
    card = choose(game, "rabbit_scouts", cards + [PASS])
    if card == PASS:
        return False
    state.spend(game, sd, card)
    if game.trace:
        game.trace.event("rabbit_scouts", rule="LoR-E.2.2", faction=sd.faction, card=card, clearing=c)
    return True


def _hook(seat: Seat, name: str, default):
    """The board's hook ``name``, or a function giving ``default``."""
    hook = getattr(seat.board, name, None)
    return hook if hook is not None else (lambda *args: default)


def max_rolled_hits(game: Game, seat: Seat, c: int, role: str) -> int:
    """``seat``'s cap on rolled hits in ``c`` (LoR-4.3.2.I): its board's ``max_rolled_hits`` hook, or its
    warriors there."""
    hook = getattr(seat.board, "max_rolled_hits", None)
    return hook(game, seat, c, role) if hook is not None else game.clearings[c].warriors.get(seat.faction, 0)


def _protector(game: Game, result: Battle, sd: Seat, cap: int) -> int:
    """Before the roll the defender may enlist an Arbiter in the clearing who is neither side (Protector,
    LoR-D.5, seed 16.3.5; the Vagabot's, CW-VB-CHAR-ARBITER): a third seat whose board's ``protector(game,
    seat, c)`` gives the hits he would add. A human defender chooses (``enlist_arbiter``); a bot enlists
    him when its cap is below 3 and below the attacker's pieces in the clearing and it has more VP than
    he (CW-VB-CHAR-ARBITER, LRB-7.7.6). Enlisted, he scores 1 VP. Returns the hits added to the cap."""
    c = result.clearing
    for seat in game.seats:
        hook = getattr(seat.board, "protector", None)
        if hook is None or seat.faction in (result.attacker, result.defender):
            continue
        add = hook(game, seat, c)
        if add is None:
            continue
        if sd.bot is None:
            enlist = choose(game, "enlist_arbiter", ("enlist", PASS)) != PASS
        else:
            enlist = cap < 3 and cap < _pieces(game, result.attacker, c) and sd.vp > seat.vp
        if not enlist:
            continue
        if game.trace:
            game.trace.event("protector", rule="LoR-D.5", faction=seat.faction, defender=result.defender,
                             clearing=c, hits=add)
        state.score(game, seat.faction, 1, "special")
        return add
    return 0


def _pieces(game: Game, faction: str, c: int) -> int:
    """``faction``'s pieces in ``c``: warriors, buildings, tokens, the Vagabond's pawn."""
    cl = game.clearings[c]
    return (cl.warriors.get(faction, 0) + sum(1 for f, _ in cl.buildings + cl.tokens if f == faction)
            + (faction == "vagabond" and game.pawn == ("clearing", c)))


def _instigated_hits(game: Game, seat: Seat, c: int, hits: int, remover: str) -> int:
    """The Vagrant removes ``seat``'s pieces for ``hits`` hits (Instigate, LoR-D.4, seed 16.3.4): its
    warriors first (LoR-4.3.4), then its buildings and tokens in the order he picks
    (``vagabond_instigate_hits``: ``(faction, kind, "building"|"token")``), each scoring him 1 VP
    (LoR-3.2.1). A bot's own way of taking hits (CW-GEN-6, Fortified) gives way to his. Returns the hits
    that removed a piece."""
    done = state.remove_warriors(game, seat.faction, c, hits)
    cl = game.clearings[c]
    while done < hits:
        choices = sorted({(seat.faction, k, "building") for f, k in cl.buildings if f == seat.faction}
                         | {(seat.faction, k, "token") for f, k in cl.tokens if f == seat.faction})
        if not choices:
            break
        _, kind, what = choose(game, "vagabond_instigate_hits", choices)
        state.remove_piece(game, c, (seat.faction, kind), remover, building=what == "building")
        done += 1
    return done


def _deal(game: Game, result: Battle, side: int, hits: int) -> None:
    """Side ``side`` (0 attacker, 1 defender) deals ``hits`` to the other side (LoR-4.3.4)."""
    if hits <= 0:
        return
    c = result.clearing
    by = (result.attacker, result.defender)[side]
    victim = (result.defender, result.attacker)[side]
    if state.shielded(game, victim, c):
        return                          # the Stoic Protector: no enemy removes its controller's pieces (LoR-E)
    if game.hirelings and not result.guarded and state.bodyguarded(game, victim):
        result.guarded = True                   # the Badger Bodyguards: the first hit taken is ignored (LoR-E)
        hits -= 1
        if game.trace:
            game.trace.event("bodyguards", rule="LoR-E.2.2", faction=victim, clearing=c)
        if not hits:
            return
    seat = game.seat(victim)
    cl = game.clearings[c]
    before_w = cl.warriors.get(victim, 0)
    before = sorted(k for f, k in cl.buildings + cl.tokens if f == victim)
    hook = getattr(seat.board, "take_hits", None)
    if result.remover is not None and victim != result.remover:
        taken = _instigated_hits(game, seat, c, hits, result.remover)
    else:
        taken = hook(game, seat, c, hits, by) if hook is not None else take_hits(game, seat, c, hits, by)
    lost_w = before_w - cl.warriors.get(victim, 0)
    after = sorted(k for f, k in cl.buildings + cl.tokens if f == victim)
    for k in after:
        before.remove(k)
    other = 1 - side
    result.taken[other] += taken
    result.warriors_lost[other] += lost_w
    result.pieces_lost[other].extend(before)
    warriors_removed(game, victim, c, lost_w, by)


# ---------------------------------------------------------------------------------------------- cards in battle

def _card_effects(game: Game, result: Battle, seats: tuple[Seat, Seat], rolled: list[int], hits: list[int]) -> None:
    """A human's persistent battle cards (LoR-4.3.3): Armorers (either side: discard to ignore the rolled
    hits it takes), Brutal Tactics (attacker: one extra hit, the defender scores 1 VP), Sappers (defender:
    discard for one extra hit), and with the Exiles and Partisans deck the Partisans (either side, LoR-A.2).
    Bots never hold them (CW-GEN-5). Each is offered through ``choose``."""
    for i, seat in enumerate(seats):
        if seat.bot is not None or not seat.persistent:
            continue
        other = 1 - i
        card = held(game, seat, "armorers")
        if card is not None and rolled[other] and choose(game, "armorers", (card, PASS)) != PASS:
            hits[other] -= rolled[other]
            use_card(game, seat, card)
        if i == 0:
            card = held(game, seat, "brutal_tactics")
            if card is not None and choose(game, "brutal_tactics", (card, PASS)) != PASS:
                hits[0] += 1
                state.score(game, result.defender, 1, "card")
                if game.trace:
                    game.trace.event("card", rule="LoR-4.3.3", effect="brutal_tactics", faction=seat.faction)
        else:
            card = held(game, seat, "sappers")
            if card is not None and choose(game, "sappers", (card, PASS)) != PASS:
                hits[1] += 1
                use_card(game, seat, card)
        if game.options.get("deck_choice") == "exiles_and_partisans":
            from automa.root import exiles_always
            hits[i] += exiles_always.partisans(game, seat, result.clearing)       # LoR-A.2
