"""Attacks: losing units, the warfare track with its reward tokens, and casualty checks
(RK-CAS-1..5, RK-SB-WREW-1, RK-OPEN-10..12, RK-OPEN-16, RK-OPEN-23)."""
from __future__ import annotations

from automa.rurik import schemes
from automa.rurik.boat import gain_good
from automa.rurik.decide import casualty_deck, scheme_deck
from automa.rurik.match import Match
from automa.rurik.rebel_board import unlock
from automa.rurik.regions import rules
from automa.rurik.state import PLAYER, STRONGHOLD

REWARD_GOODS = {"wood2": (0, 2), "fish2": (1, 2), "fur1": (4, 1)}


def lose_unit(m: Match, side: int, r: int) -> bool:
    """Remove one unit of ``side`` from ``r`` into its supply: a troop before the leader, or the
    leader first with ``unit_loss_order=leader_first`` (RK-OPEN-10, RK-CAS-5). False if none."""
    sd = m.s.sides[side]
    leader_here = sd.leader == r
    if leader_here and (sd.units[r] == 0 or m.opt["unit_loss_order"] == "leader_first"):
        sd.leader = -1
        return True
    if sd.units[r]:
        sd.units[r] -= 1
        sd.supply += 1
        return True
    return False


def advance_warfare(m: Match, side: int) -> None:
    """Move up one warfare space, up to the last (``warfare.track_spaces``: 10), and take the reward
    token there once per game (RK-SB-WREW-1): the player draws the scheme-card token's card from the
    deck they choose (RK-READ-12), a Rebellion reaching it unlocks a bonus space instead (RK-OPEN-23)."""
    sd = m.s.sides[side]
    if sd.warfare >= m.data.scoring.warfare_top:
        return
    sd.warfare += 1
    token = m.s.rewards.get(sd.warfare)
    bit = 1 << sd.warfare
    if token is None or sd.rewards_taken & bit:
        return
    sd.rewards_taken |= bit
    if m.trace:
        m.trace.event("reward", side=("player", "rebellion")[side], space=sd.warfare, token=token,
                      rule="RK-SB-WREW-1")
    if token in REWARD_GOODS:
        g, n = REWARD_GOODS[token]
        gain_good(m, side, g, n)
    elif token == "coins2":
        sd.coins += 2
    elif token == "vp":
        sd.vp_tokens += 1
    elif side == PLAYER:
        card = schemes.draw(m, scheme_deck(m))            # the player's deck (RK-READ-12)
        if card >= 0:
            sd.hand.append(card)
    elif m.opt["warfare_reward_tokens"] == "pdhummel":
        unlock(m, "warfare reward token")


def casualty_cards(m: Match, defender: int, r: int) -> int:
    """Cards to reveal before modifiers: 1, +1 if the defender rules ``r``, +1 for its stronghold
    there (RK-CAS-2, RK-OPEN-11 ``casualty_card_count``; the numbers are the automa file's
    ``casualties``), and what modules add (hook ``casualty_cards``). Read before the unit is removed."""
    mode = m.opt["casualty_card_count"]
    n, ruling, stronghold = m.data.casualty_cards
    if mode == "one_plus_rule_plus_stronghold" and rules(m.s, defender, r, m.need_unit):
        n += ruling
    if mode != "one" and (defender, STRONGHOLD) in m.s.structs[r]:
        n += stronghold
    for hook in m.hooks.casualty_cards:
        n += hook(m, r)
    return n


def neutral_attacked(m: Match, side: int, r: int, at: int, fewer: int) -> int:
    """After ``side`` removed a neutral troop in ``r``, attacking from ``at`` with ``fewer`` cards to
    reveal: the modules' casualty checks (hook ``neutral_check``), then what follows an attack (hook
    ``attacked``). Returns the units ``side`` lost in the attack's checks."""
    hooks = m.hooks
    revealed = lost = 0
    for hook in hooks.neutral_check:
        cards, hit = hook(m, side, r, at, fewer)
        revealed += cards
        lost += hit
    for hook in hooks.attacked:
        lost += hook(m, side, at, revealed, lost, "neutral")
    return lost


def casualty_check(m: Match, attacker: int, r: int, n: int, deck: int = -1) -> tuple[int, int]:
    """Reveal up to ``n`` scheme cards from ``deck`` (-1: the deck the player chooses then, RK-CAS-1)
    and remove the attacker's casualties in ``r`` (RK-CAS-3, RK-OPEN-12 ``casualty_resolution``).
    With ``n`` at 0 or below nothing is revealed and no deck is asked for; the check is traced
    either way. Returns (cards revealed, units lost)."""
    if m.lookahead:
        return 0, 0
    if n <= 0:
        if m.trace:
            m.trace.event("casualty", attacker=("player", "rebellion")[attacker], region=m.data.regions[r],
                          reveal=0, cards=0, lost=0, rule="RK-CAS-2")
        return 0, 0
    if deck < 0:
        deck = casualty_deck(m)
    mode = m.opt["casualty_resolution"]
    cards, icons, worst = [], 0, 0
    for _ in range(n):
        card = schemes.draw(m, deck)
        if card < 0:
            break
        cards.append(card)
        k = m.data.scheme_by_id[card].casualty_icons
        icons += k
        worst = max(worst, k)
        if k and mode == "first_casualty_card":
            break
    schemes.revealed(m, deck, cards)
    lost_wanted = icons if mode != "one_if_any" else worst
    lost = 0
    for _ in range(lost_wanted):
        if not lose_unit(m, attacker, r):
            break
        lost += 1
    if m.trace:
        m.trace.event("casualty", attacker=("player", "rebellion")[attacker], region=m.data.regions[r],
                      reveal=n, cards=len(cards), lost=lost, rule="RK-CAS-3")
    return len(cards), lost

