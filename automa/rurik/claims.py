"""The claim phase: claim tracks, the Rebellion's new priority and unlocks, income, deeds and the
end-of-round effects (RK-CLAIM-1..5, RK-REB-CLAIM-1..5, RK-EOR-1, RK-EOR-3, RK-OPEN-9, RK-OPEN-15,
RK-OPEN-22, RK-OPEN-40)."""
from __future__ import annotations

from automa.rurik import deeds
from automa.rurik.boat import full_columns
from automa.rurik.data import TRACKS
from automa.rurik.match import Match
from automa.rurik.rebel_board import unlock
from automa.rurik.regions import boat_goods, build_group, occupied_count, ruled
from automa.rurik.state import PLAYER, REBELLION

def update_tracks(m: Match, side: int) -> None:
    """Move each claim marker up to the highest level earned; markers never move down (RK-CLAIM-2,
    RK-OPEN-18). Level 5 of the rule track also needs Kiev and Novgorod."""
    s, sd = m.s, m.s.sides[side]
    need = m.need_unit
    now = ruled(s, side, need)
    values = (sum(now), build_group(s, side, m.data.adjacent), boat_goods(s, side))
    for t, value in enumerate(values):
        level = 0
        for i, (threshold, required) in enumerate(m.data.claim_levels[TRACKS[t]]):
            if value >= threshold and (not required or all([now[r] for r in required])):
                level = i + 1
        sd.claims[t] = max(sd.claims[t], level)


def new_priority(m: Match) -> str:
    """The first of: player occupies more regions, has a larger structure group, has more goods
    on the boat; else the level's starting priority (RK-REB-CLAIM-1)."""
    s = m.s
    if occupied_count(s, PLAYER) > occupied_count(s, REBELLION):
        return "attack_move"
    if build_group(s, PLAYER, m.data.adjacent) > build_group(s, REBELLION, m.data.adjacent):
        return "build"
    if boat_goods(s, PLAYER) > boat_goods(s, REBELLION):
        return "tax"
    return m.data.boards[m.opt["difficulty"]].starting_priority


def claim_phase(m: Match) -> None:
    """Modules first (hook ``claim_start``, RK-CLAIM-1); rounds 1-4: tracks for both sides; rounds
    1-3: priority, unlocks, income and the player's deed; every round: end-of-round leader effects,
    then the modules' (hook ``round_end``) (RK-CLAIM-5, RK-EOR-1, RK-EOR-2)."""
    s = m.s
    for hook in m.hooks.claim_start:
        hook(m)
    for side in (PLAYER, REBELLION):
        before = tuple(s.sides[side].claims)
        update_tracks(m, side)
        if m.trace:
            m.trace.event("claims", side=("player", "rebellion")[side], before=list(before),
                          after=list(s.sides[side].claims), rule="RK-CLAIM-2")
    if s.round < 4:
        ahead = sum(a > b for a, b in zip(s.sides[PLAYER].claims, s.sides[REBELLION].claims))
        prio = new_priority(m)
        if m.opt["claim_unlock_column"] == "new_priority":
            s.priority = prio
        if m.trace:
            m.trace.event("priority", side="rebellion", priority=prio, unlocks=ahead, rule="RK-REB-CLAIM-1")
        for _ in range(ahead):
            unlock(m, "player ahead on a claim track")    # RK-REB-CLAIM-2
        s.priority = prio
        for side in (PLAYER, REBELLION):
            columns = full_columns(m, side)
            per = 1 if side == PLAYER else m.data.rebel_income
            s.sides[side].coins += columns * per          # RK-CLAIM-3, RK-REB-CLAIM-3
            zero = 0
            pl = s.sides[side]
            if side == PLAYER and m.opt["zero_track_income"] == "on":  # RK-OPEN-15
                zero = sum(lv == 0 for lv in pl.claims) + (pl.warfare == 0)
                pl.coins += zero
            if m.trace:
                m.trace.event("income", side=("player", "rebellion")[side], columns=columns, zero_tracks=zero,
                              rule="RK-CLAIM-3" if side == PLAYER else "RK-REB-CLAIM-3")
        deeds.take(m)                                     # RK-CLAIM-4
    end_of_round(m)
    for hook in m.hooks.round_end:
        hook(m)


def reveal_inheritance(m: Match) -> int:
    """The next region of the inheritance region deck (RK-OPEN-22)."""
    s = m.s
    if m.opt["inheritance_region_deck"] == "reshuffle_every_reveal" or not s.inherit:
        s.inherit[:] = list(range(8))
        m.automa_rng.shuffle(s.inherit)
    return s.inherit.pop(0)


LEADER_RULE = {"sviatopolk": "RK-SB-REBLEAD-1", "gleb": "RK-SB-REBLEAD-2", "maria": "RK-SB-REBLEAD-3",
               "theofana": "RK-SB-REBLEAD-4"}


def end_of_round(m: Match) -> None:
    """The leader's end-of-round effect (the automa file's ``round_end``): Sviatopolk musters 1 rebel
    into his region; Gleb and Maria move to a revealed inheritance region, a move into another region
    as any other (hook ``leader_stepped``: the Library and the Veche, RK-SB-EPIC-4); Theofana has none.
    An absent leader is skipped or returned, a mustering one to the card's first region (RK-EOR-1,
    RK-SB-REBLEAD-1..4, RK-OPEN-9)."""
    s, reb = m.s, m.s.sides[REBELLION]
    lead = m.lead
    musters = lead.round_end == "muster"
    if lead.round_end == "none":
        return
    if reb.leader < 0:
        if m.opt["rebel_leader_absent"] == "skip" or reb.leader != -1:   # a captured leader stays (RK-SB-WAR-1)
            return
        reb.leader = m.data.cards[s.card].order[0] if musters else reveal_inheritance(m)
        if not musters:
            return
    was = reb.leader
    leader, rule = lead.name, LEADER_RULE[lead.name]
    if musters:
        for _ in range(min(lead.round_end_rebels, reb.supply)):
            reb.supply -= 1
            reb.units[reb.leader] += 1
    else:
        reb.leader = reveal_inheritance(m)
    if m.trace:
        m.trace.event("leader", side="rebellion", leader=leader, region=m.data.regions[reb.leader], rule=rule)
    if reb.leader != was:
        for hook in m.hooks.leader_stepped:
            hook(m, REBELLION, reb.leader)
