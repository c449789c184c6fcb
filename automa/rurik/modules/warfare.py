"""Module B, warfare, in solo (RK-SB-WAR-1..6, RK-OPEN-26, RK-OPEN-27, RK-OPEN-28, RK-OPEN-34).

Each side has a dungeon (4 troops/rebels and 1 leader). Right after an attack on an opponent the
attacker may try to capture the attacked unit: the attack must have revealed a card and caused no
casualty (if it revealed none, one card is revealed first as a check); the attempt reveals one more
card: no casualty icon, the unit goes to the dungeon; a casualty icon, the attacker loses a unit
per icon. The player decides; the Rebellion always tries under the icon-pair priorities. At the
start of each claim phase both sides release captives for VP tokens. The 5 warfare scheme cards
join the scheme decks, the 4 warfare deeds the deed deck and Victorious the agendas (setup).
"""
from __future__ import annotations

from automa.rurik import combat, schemes
from automa.rurik.boat import ANY, payable, plan_goods
from automa.rurik.decide import PASS, casualty_deck, decide
from automa.rurik.match import Match
from automa.rurik.payments import pay_goods
from automa.rurik.state import CAPTURED, PLAYER, REBELLION, STRONGHOLD

P, R = PLAYER, REBELLION
UNITS, LEADER, NEUTRAL = 0, 1, 2      # dungeon slots: opponent troops/rebels, opponent leader, neutral troops
DUNGEON_UNITS, DUNGEON_LEADERS = 4, 1  # RK-SB-WAR-1
CAPTIVE_TOKENS = 1                    # index of the captives category in ModState.tokens
CAPTURE_PRIORITIES = {"pair_is_build_tax": ("build", "tax"), "pair_is_attack_move": ("attack_move",)}
TURN_STRONGHOLD, TURN_LEADER = 64, 128   # ModState.turn bits: the player attacked there this turn (RK-SB-WAR-6)


def player_turn_start(m: Match) -> None:
    """The player's turn starts: no attack yet this turn, for the warfare deeds (RK-SB-WAR-6)."""
    mod = m.s.mod
    mod.turn &= ~(TURN_STRONGHOLD | TURN_LEADER)
    mod.attacked = 0


def player_attacks(m: Match, r: int) -> None:
    """What the player attacked this turn, for the warfare deeds: an opponent unit, in a region with
    the opponent's stronghold, in the region of its leader (RK-SB-WAR-6)."""
    mod = m.s.mod
    mod.attacked += 1
    if (R, STRONGHOLD) in m.s.structs[r]:
        mod.turn |= TURN_STRONGHOLD
    if m.s.sides[R].leader == r:
        mod.turn |= TURN_LEADER


def deed_condition(m: Match, cond: dict) -> bool | None:
    """The warfare deeds' conditions: what the player attacked this turn, and the dungeon
    (RK-SB-WAR-6); None for another condition."""
    t, mod = cond["type"], m.s.mod
    if t == "attacked_opponent_stronghold_region":
        return bool(mod.turn & TURN_STRONGHOLD)
    if t == "attacked_opponent_leader_region":
        return bool(mod.turn & TURN_LEADER)
    if t == "opponent_units_attacked":
        return mod.attacked >= cond["n"]
    if t == "has_captive":
        return captives(m, P) >= cond["n"]
    return None


def pay_deed(m: Match, cost: dict) -> None:
    """Peace Treaty's cost: captives let go (RK-SB-WAR-6)."""
    if cost.get("release_captive"):
        let_go(m, cost["release_captive"])


def room(m: Match, side: int, what: str) -> bool:
    """Whether ``side``'s dungeon has room for a leader or a troop (RK-SB-WAR-1)."""
    d = m.s.mod.dungeon[side]
    if what == "leader":
        return d[LEADER] < DUNGEON_LEADERS
    return d[UNITS] + d[NEUTRAL] < DUNGEON_UNITS


def attacked(m: Match, side: int, at: int, revealed: int, lost: int, what: str) -> int:
    """After an attack: a capture attempt (:func:`try_capture`), of a neutral troop by the player only
    and with ``neutral_capture=yes`` (RK-OPEN-26). Returns the units lost in its 1-card check."""
    if what == "neutral" and (side == R or m.opt["neutral_capture"] != "yes"):
        return 0
    return try_capture(m, side, at, revealed, lost, what)


def try_capture(m: Match, side: int, at: int, revealed: int, lost: int, what: str) -> int:
    """A capture attempt right after ``side``'s attack (RK-SB-WAR-1, RK-SB-WAR-5, RK-OPEN-34).

    ``at`` is the region the attacker stands in, ``revealed``/``lost`` the attack's casualty check,
    ``what`` the removed unit (``troop``, ``leader`` or ``neutral``). The player chooses whether to
    try; the Rebellion tries under the icon-pair priorities only. With no card revealed a 1-card
    check comes first: it is the attack's casualty check, so its casualties are the attack's
    (returned; they cancel player Gleb's moves, RK-SB-LEAD-1). The capture card follows the attack:
    a casualty icon there costs units but is not returned. Moves a captured unit into the dungeon."""
    if lost or m.lookahead or not room(m, side, what):
        return 0
    if side == P:
        if decide(m, "capture", [("capture",), PASS]) == PASS:
            return 0
    elif m.s.priority not in CAPTURE_PRIORITIES[m.opt["icon_mapping"]]:
        return 0
    deck = casualty_deck(m)
    if not revealed:
        n, lost = combat.casualty_check(m, side, at, 1, deck)
        if not n or lost:
            return lost
    card = schemes.draw(m, deck)
    if card < 0:
        return 0
    schemes.revealed(m, deck, [card])
    icons = m.data.scheme_by_id[card].casualty_icons
    lost = 0
    while lost < icons and combat.lose_unit(m, side, at):
        lost += 1
    if m.trace:
        m.trace.event("capture", side=("player", "rebellion")[side], region=m.data.regions[at], unit=what,
                      captured=icons == 0, lost=lost, rule="RK-SB-WAR-1")
    if icons:
        return 0
    s, d = m.s, m.s.mod.dungeon[side]
    other = s.sides[1 - side]
    if what == "leader":
        other.leader = CAPTURED
        d[LEADER] += 1
    elif what == "troop":
        other.supply -= 1                  # lose_unit put it in the supply
        d[UNITS] += 1
    else:
        s.sides[side].defeated_neutral -= 1
        d[NEUTRAL] += 1
    return 0


def release(m: Match) -> None:
    """Start of the claim phase, both sides: any leader is released for 2 VP tokens, each set of two
    troops (any mix) for 2 VP tokens; a single troop stays. Troops go back to their owner's supply,
    rebels from the player's dungeon by ``released_rebels`` (RK-OPEN-27), neutral troops beside the
    capturer's mat (RK-SB-WAR-2, RK-CLAIM-1)."""
    s, mod = m.s, m.s.mod
    for side in (P, R):
        d = mod.dungeon[side]
        owner = s.sides[1 - side]
        tokens = 0
        if d[LEADER]:
            d[LEADER] = 0
            owner.leader = -1
            tokens += 2
        pairs = (d[UNITS] + d[NEUTRAL]) // 2
        n = 2 * pairs
        units = min(d[UNITS], n)
        d[UNITS] -= units
        d[NEUTRAL] -= n - units
        s.sides[side].defeated_neutral += n - units
        if side == P and m.opt["released_rebels"] == "beside_player_mat":
            mod.beside += units
        else:
            owner.supply += units
        tokens += 2 * pairs
        if tokens:
            s.sides[side].vp_tokens += tokens
            mod.tokens[side][CAPTIVE_TOKENS] += tokens
            if m.trace:
                m.trace.event("release", side=("player", "rebellion")[side], tokens=tokens, rule="RK-SB-WAR-2")


def captives(m: Match, side: int) -> int:
    d = m.s.mod.dungeon[side]
    return d[UNITS] + d[LEADER] + d[NEUTRAL]


CAPTIVES = ("troop", "leader", "neutral")    # the dungeon slots, by name, in the built-in strategies' order


def let_go(m: Match, n: int) -> None:
    """Peace Treaty: let ``n`` of the player's captives go without reward, each the one the player
    chooses (decision ``pay_captive``; troops before the leader before neutral troops first)
    (RK-SB-WAR-6)."""
    s, d = m.s, m.s.mod.dungeon[P]
    for _ in range(n):
        held = [("release", name) for name, k in zip(CAPTIVES, d) if k]
        if not held:
            return
        slot = CAPTIVES.index(decide(m, "pay_captive", held)[1])
        d[slot] -= 1
        if slot == UNITS:
            s.sides[R].supply += 1
        elif slot == LEADER:
            s.sides[R].leader = -1
        else:
            s.sides[P].defeated_neutral += 1


# --- the solo conversion token ------------------------------------------------------------------

def conversion_options(m: Match) -> list:
    """The solo conversion token's ways to pay for 1 attack point (RK-SB-WAR-5, RK-OPEN-28):
    ``two_coins_plus_good_or_two_coins``: 2 coins and 1 good, or 4 coins; ``literal``: 2 coins, or
    1 good and 2 coins."""
    pl = m.s.sides[P]
    good = pl.boons > 0 or any(payable(m, P))
    out = []
    if m.opt["solo_conversion_cost"] == "literal":
        if pl.coins >= 2:
            out.append(("convert", "attack", "coins"))
            if good:
                out.append(("convert", "attack", "good"))
    else:
        if pl.coins >= 2 and good:
            out.append(("convert", "attack", "good"))
        if pl.coins >= 4:
            out.append(("convert", "attack", "coins"))
    return out


def pay_conversion(m: Match, choice: tuple) -> None:
    """Pay the solo conversion token ``("convert", "attack", how)``: the good the player chooses, a trade
    boon token standing for any (decision ``pay_goods``, RK-SB-BOON-1; the fixed order first: dock,
    then a boon token, then the boat, :func:`boat.plan_goods`), and the coins (RK-OPEN-28)."""
    if choice[1] != "attack":
        return
    pl = m.s.sides[P]
    if choice[2] == "good":
        pay_goods(m, [ANY], "", plan_goods(m, [ANY]))
        pl.coins -= 2
    else:
        pl.coins -= 2 if m.opt["solo_conversion_cost"] == "literal" else 4


HOOKS = {
    "player_turn_start": player_turn_start, "claim_start": release, "player_attacks": player_attacks,
    "attacked": attacked, "conversion_options": conversion_options, "pay_conversion": pay_conversion,
    "deed_condition": deed_condition, "pay_deed": pay_deed,
}
