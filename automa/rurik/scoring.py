"""Final scoring by category for both sides, and tie-breaks (RK-END-1, RK-END-2, RK-REB-END-1,
RK-REB-END-2, RK-TIE-1..3, RK-OPEN-16, RK-OPEN-17).

The Stone & Blade modules' points have their own categories: ``epic`` (VP tokens from epic
structures: build rewards, the Rebellion's 3-build-point token, the game-end tokens of Cathedral,
Logging Camp and Veche, and the Renowned agenda), ``captives`` (VP tokens for released captives)
and ``faction`` (the faction's defeat reward); ``vp_tokens`` keeps every other VP token."""
from __future__ import annotations

from automa.rurik import deeds
from automa.rurik.match import Match
from automa.rurik.regions import ruled_count
from automa.rurik.state import PLAYER, REBELLION

CATEGORIES = ("rule", "build", "trade", "warfare", "deeds", "agenda", "vp_tokens", "coins", "dock_goods",
              "epic", "captives", "faction")


def warfare_vp(m: Match) -> tuple[int, int]:
    """3 VP for most warfare, 1 for second (``warfare.first_vp``/``second_vp`` of the scoring file);
    ``need_one_step``: a side at 0 scores nothing and a tie for first gives both 3 (RK-END-1, RK-OPEN-16)."""
    p, r = m.s.sides[PLAYER].warfare, m.s.sides[REBELLION].warfare
    zero_counts = m.opt["warfare_scoring"] == "zero_counts"
    first, second = m.data.scoring.warfare_vp

    def vp(mine, theirs):
        if not mine and not zero_counts:
            return 0
        return first if mine >= theirs else second
    return vp(p, r), vp(r, p)


def score(m: Match) -> tuple[dict[str, int], dict[str, int]]:
    """Points per category for the player and the Rebellion."""
    s = m.s
    vp = m.data.claim_vp
    wp, wr = warfare_vp(m)
    mod = s.mod
    end = (0, 0)
    for hook in m.hooks.end_tokens:                      # VP tokens earned at game end
        p, r = hook(m)
        end = (end[0] + p, end[1] + r)
    out = []
    for side, war in ((PLAYER, wp), (REBELLION, wr)):
        sd = s.sides[side]
        cat = dict.fromkeys(CATEGORIES, 0)
        for name, lv in zip(("rule", "build", "trade"), sd.claims):
            cat[name] = vp[lv - 1] if lv else 0
        cat["warfare"] = war
        cat["vp_tokens"] = sd.vp_tokens                   # 1 VP each (RK-SB-VPT-1)
        if mod is not None:
            epic_t, captive_t, faction_t = mod.tokens[side]
            cat["vp_tokens"] -= epic_t + captive_t + faction_t
            cat["epic"] = epic_t + end[side]
            cat["captives"] = captive_t
            cat["faction"] = faction_t
        if side == PLAYER:
            cat["deeds"] = sum(m.data.deeds[d].get("vp") or 0 for d in sd.deeds_done)
            if deeds.agenda_met(m, end):
                renowned = m.data.agendas[sd.agenda]["id"] == "renowned"
                cat["epic" if renowned else "agenda"] += m.data.scoring.agenda_vp  # Renowned in epic (RK-SB-EPIC-1)
        else:
            per_coin, per_good = m.data.scoring.rebel_vp_per
            cat["coins"] = -(-sd.coins // per_coin)              # RK-REB-END-1: rounded up
            cat["dock_goods"] = -(-(sum(sd.dock) + sd.boons) // per_good)
        out.append(cat)
    return out[0], out[1]


def winner(m: Match, player: int, rebellion: int) -> str:
    """Higher total wins; then most regions ruled; then most coins, the Rebellion's counting 0;
    then ``final_tie`` (RK-END-2, RK-TIE-1..3, RK-REB-END-2, RK-OPEN-17)."""
    if player != rebellion:
        return "player" if player > rebellion else "automa"
    need = m.need_unit
    a, b = ruled_count(m.s, PLAYER, need), ruled_count(m.s, REBELLION, need)
    if a != b:
        return "player" if a > b else "automa"
    if m.s.sides[PLAYER].coins > 0:
        return "player"
    return {"draw": "tie", "rebellion_wins": "automa", "player_wins": "player"}[m.opt["final_tie"]]
