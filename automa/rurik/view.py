"""The read-only view of a Rurik game that strategies see. It copies nothing up front: every
property reads the state when asked, and returns tuples or numbers, never mutable parts."""
from __future__ import annotations

from types import MappingProxyType

from automa.rurik import regions
from automa.rurik.choices import CHOICES, build_cost, landing, tax_cost
from automa.rurik.data import ADVISOR_NUMBER, GOODS, STRUCTURES, TRACKS
from automa.rurik.state import PLAYER, REBELLION, STRONGHOLD


class View:
    """What the player can see: the map, both sides' pieces and tracks, the round and priority."""

    __slots__ = ("_m",)
    PLAYER, REBELLION = PLAYER, REBELLION
    GOODS, STRUCTURES = GOODS, STRUCTURES
    ADVISOR_NUMBER = MappingProxyType(ADVISOR_NUMBER)   # advisor label -> its number, the strength before
                                                        # bribes (RK-STRAT-3)

    def __init__(self, match):
        self._m = match

    # the board
    @property
    def regions(self) -> tuple[str, ...]:
        return self._m.data.regions

    @property
    def region_goods(self) -> tuple[str, ...]:
        return tuple(GOODS[g] for g in self._m.data.good)

    def adjacent(self, r: int) -> tuple[int, ...]:
        return self._m.data.adjacent[r]

    @property
    def round(self) -> int:
        return self._m.s.round

    @property
    def priority(self) -> str:
        return self._m.s.priority

    @property
    def neutral(self) -> tuple[int, ...]:
        return tuple(self._m.s.neutral)

    def structures(self, r: int) -> tuple[tuple[int, str], ...]:
        """(owner, name) per structure in ``r``; owner 2 is nobody (epic structures, the rebel camp)."""
        names = self._m.data.structure_names
        return tuple((o, names[k]) for o, k in self._m.s.structs[r])

    # the Stone & Blade modules (empty or zero when a module is not in play)
    @property
    def modules(self) -> str:
        return self._m.opt.get("modules", "")

    @property
    def epic_cards(self) -> tuple[tuple[str, int, bool, bool], ...]:
        """The laid-out epic cards, top first: (name, copies left, built, taken by the Rebellion)."""
        mod = self._m.s.mod
        if mod is None or not mod.epic_cards:
            return ()
        names = self._m.data.structure_names
        return tuple((names[5 + e], left, built, gone) for e, left, built, gone in
                     zip(mod.epic_cards, mod.epic_left, mod.epic_built, mod.epic_gone))

    @property
    def border_structures(self) -> tuple[tuple[int, int, str], ...]:
        mod = self._m.s.mod
        names = self._m.data.structure_names
        return () if mod is None else tuple((a, b, names[5 + e]) for a, b, e in mod.borders)

    def dungeon(self, side: int) -> tuple[int, int, int]:
        """Captives in ``side``'s dungeon: opponent troops, opponent leader, neutral troops."""
        mod = self._m.s.mod
        return (0, 0, 0) if mod is None else tuple(mod.dungeon[side])

    @property
    def faction(self) -> tuple[str, int, bool] | None:
        """The rebel faction: (name, camp region or -1, defeated), or None."""
        mod = self._m.s.mod
        if mod is None or mod.faction < 0:
            return None
        return (self._m.data.factions["factions"][mod.faction]["name"], mod.camp, mod.defeated)

    def landing_row(self, column: int, strength: int) -> int:
        """The strategy-board row an advisor of ``strength`` would take in ``column`` (RK-STRAT-4)."""
        return landing(self._m.s.board[column], strength)

    def landing_rows(self, column: int, top: int) -> tuple[int, ...]:
        """:meth:`landing_row` of every strength from 0 to ``top``, indexed by strength."""
        col = self._m.s.board[column]
        return tuple([landing(col, strength) for strength in range(top + 1)])

    def board_column(self, column: int) -> tuple[tuple[int, int], ...]:
        """(side, strength) of each advisor in ``column``, top first; (-1, -1) for a space whose
        advisor was taken back (RK-STRAT-4, RK-ACT-2)."""
        return tuple((a[0], a[2]) for a in self._m.s.board[column])

    def options(self, action: str, points: int) -> list[tuple]:
        """The player's legal spending choices for ``points`` of ``action`` now (RK-PL-*)."""
        return CHOICES[action](self._m, points)

    def goods_token(self, r: int) -> bool:
        return self._m.s.token[r]

    # either side
    def units(self, side: int, r: int) -> int:
        return regions.units(self._m.s, side, r)

    def unit_counts(self, side: int) -> tuple[int, ...]:
        """:meth:`units` of every region."""
        sd = self._m.s.sides[side]
        counts = sd.units[:]
        if sd.leader >= 0:
            counts[sd.leader] += 1
        return tuple(counts)

    def board_counts(self) -> tuple[tuple[int, ...], ...]:
        """Per region, in one pass: the units of the player and of the Rebellion (:meth:`units`),
        their strengths, units plus strongholds (RK-CORE-4, RK-PL-BUILD-4), the neutral troops, the
        structures there (any owner) and whether the player has one."""
        s = self._m.s
        pl, reb = s.sides
        pu, ru = pl.units[:], reb.units[:]
        if pl.leader >= 0:
            pu[pl.leader] += 1
        if reb.leader >= 0:
            ru[reb.leader] += 1
        pp, qq = pu[:], ru[:]
        total, mine = [0] * len(pu), [False] * len(pu)
        for r, here in enumerate(s.structs):
            if here:
                total[r] = len(here)
                for owner, kind in here:
                    if owner == PLAYER:
                        mine[r] = True
                        if kind == STRONGHOLD:
                            pp[r] += 1
                    elif owner == REBELLION and kind == STRONGHOLD:
                        qq[r] += 1
        return tuple(pu), tuple(ru), tuple(pp), tuple(qq), tuple(s.neutral), tuple(total), tuple(mine)

    def leader(self, side: int) -> int:
        """The leader's region; -1 off the board, -2 captured (RK-SB-WAR-1)."""
        return self._m.s.sides[side].leader

    def rules(self, side: int, r: int) -> bool:
        return regions.rules(self._m.s, side, r, self._m.need_unit)

    def ruled_count(self, side: int) -> int:
        return regions.ruled_count(self._m.s, side, self._m.need_unit)

    def occupied_count(self, side: int) -> int:
        return regions.occupied_count(self._m.s, side)

    def build_group(self, side: int) -> int:
        return regions.build_group(self._m.s, side, self._m.data.adjacent)

    def largest_group(self, mask: int) -> int:
        """The build-track measure (RK-CLAIM-2) of the regions in ``mask`` (bit r for region r): its
        largest connected group, worked out once per map."""
        data = self._m.data
        group = data.group_memo.get(mask)
        if group is None:
            group = data.group_memo[mask] = regions.largest_group(mask, data.adjacent)
        return group

    def boat(self, side: int) -> tuple[int, ...]:
        return tuple(self._m.s.sides[side].boat)

    def dock(self, side: int) -> tuple[int, ...]:
        return tuple(self._m.s.sides[side].dock)

    def coins(self, side: int) -> int:
        return self._m.s.sides[side].coins

    def supply(self, side: int) -> int:
        return self._m.s.sides[side].supply

    def structures_left(self, side: int) -> tuple[int, ...]:
        return tuple(self._m.s.sides[side].structures)

    def position(self, side: int) -> tuple[int, int, int]:
        """Units on the board, structures placed and goods held (boat and dock)."""
        sd = self._m.s.sides[side]
        return (sum(sd.units) + (sd.leader >= 0), 13 - sum(sd.structures), sum(sd.boat) + sum(sd.dock))

    def claims(self, side: int) -> tuple[int, ...]:
        """Levels reached (0-5) on the rule, build and trade tracks."""
        return tuple(self._m.s.sides[side].claims)

    def warfare(self, side: int) -> int:
        return self._m.s.sides[side].warfare

    def vp_tokens(self, side: int) -> int:
        return self._m.s.sides[side].vp_tokens

    def claim_vp(self, side: int) -> int:
        """VP the claim markers would score now."""
        vp = self._m.data.claim_vp
        return sum(vp[lv - 1] for lv in self._m.s.sides[side].claims if lv)

    def projected_claim_vp(self, side: int) -> int:
        """VP the claim markers would score if the tracks were updated now (RK-CLAIM-2)."""
        return int(self.claim_progress(side, smooth=False))

    @property
    def claim_table(self) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]]:
        """The claim board: VP of levels 1-5, and per track (rule, build, trade) its levels as
        (threshold, regions that must also be ruled) (RK-CLAIM-2..5)."""
        m = self._m
        return m.data.claim_vp, tuple(m.data.claim_levels[t] for t in TRACKS)

    def claim_progress(self, side: int, smooth: bool = True) -> float:
        """Claim-track VP if scored now; with ``smooth``, plus the fraction of the way to each next
        level times its extra VP, and half a region ruled for every region where this side ties
        for the highest strength (a gradient for lookahead strategies)."""
        return self._claim_vp(side, regions.standings(self._m.s, self._m.need_unit)[side], smooth)

    def claim_progress_both(self, smooth: bool = True) -> tuple[float, float]:
        """:meth:`claim_progress` of the player and of the Rebellion, from one pass over the board."""
        player, rebellion = regions.standings(self._m.s, self._m.need_unit)
        return self._claim_vp(PLAYER, player, smooth), self._claim_vp(REBELLION, rebellion, smooth)

    def _claim_vp(self, side: int, standing: tuple[list[bool], int], smooth: bool) -> float:
        m = self._m
        s, data = m.s, m.data
        now, ties = standing
        rule = sum(now)
        if smooth and ties:
            rule += 0.5 * ties
        values = (rule, self.largest_group(regions.structure_mask(s, side)), regions.boat_goods(s, side))
        memo = data.claim_memo
        tracks = memo.get("tracks")
        if tracks is None:      # per track: its levels, and every region some level needs ruled
            tracks = memo["tracks"] = tuple((t, data.claim_levels[name], tuple(sorted(
                {r for _, need in data.claim_levels[name] for r in need}))) for t, name in enumerate(TRACKS))
        total = 0.0
        for (t, levels, required), level, value in zip(tracks, s.sides[side].claims, values):
            key = (t, level, value, smooth)
            if required:
                key += tuple([now[r] for r in required])
            here = memo.get(key)
            if here is None:
                here = memo[key] = _track_vp(data.claim_vp, levels, level, value, now, smooth)
            total += here
        return total

    # the player's own cards
    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._m.s.sides[PLAYER].hand)

    @property
    def deeds_done_vp(self) -> int:
        deeds = self._m.data.deeds
        return sum(deeds[d].get("vp") or 0 for d in self._m.s.sides[PLAYER].deeds_done)

    @property
    def deeds(self) -> tuple[int, ...]:
        """The deed cards the player has taken and not yet accomplished."""
        return tuple(self._m.s.sides[PLAYER].deeds)

    @property
    def deed_display(self) -> tuple[int, ...]:
        """The face-up deed cards, refilled after each deed is taken (RK-SETUP-3, RK-CLAIM-4)."""
        return tuple(self._m.s.deed_display)

    # what else lies open on the table, for a person playing (automa-sim play: labels.py, screen.py)
    @property
    def difficulty(self) -> int:
        return self._m.opt["difficulty"]

    @property
    def leaders(self) -> tuple[str, str]:
        """The player's leader and the Rebellion's (RK-SETUP-6, RK-REB-SETUP-2)."""
        return self._m.opt["player_leader"], self._m.opt["rebel_leader"]

    @property
    def rebel_leader_rules(self):
        """The Rebellion's leader's abilities, a ``data.RebelLeader`` (RK-SB-REBLEAD-1..4)."""
        return self._m.lead

    @property
    def rebel_income(self) -> int:
        """Coins the Rebellion gains per full boat column after rounds 1-3 (RK-REB-CLAIM-3)."""
        return self._m.data.rebel_income

    @property
    def solo_card(self) -> tuple:
        """The solo card in use, face up (RK-REB-CARD-1): its number, region order (indices), and per
        priority its build order and placements ((advisor, column, coin icon), ...)."""
        card = self._m.data.cards[self._m.s.card]
        return card.id, card.order, {p: (card.build_order[p], card.placements[p]) for p in card.placements}

    @property
    def rebel_board(self) -> tuple:
        """The rebel board: per column (priority, ((trigger, bonus, amount, still covered), ...))
        (RK-REB-BONUS-1..3)."""
        m = self._m
        columns = m.data.boards[m.opt["difficulty"]].columns
        return tuple((prio, tuple((trig, bonus, amount, covered) for (trig, bonus, amount, _), covered
                                  in zip(spaces, m.s.covered[c]))) for c, (prio, spaces) in enumerate(columns))

    def board_advisors(self, column: int) -> tuple[tuple[int, str, int], ...]:
        """(side, advisor, strength) in ``column``, top first; (-1, "", -1) for a space whose advisor was
        taken back (RK-STRAT-4, RK-ACT-2)."""
        return tuple(self._m.s.board[column])

    @property
    def round_advisors(self) -> tuple[str, ...]:
        """The advisors each side places this round (RK-STRAT-1, RK-SOLO-1)."""
        return self._m.data.advisors_per_round[max(1, self._m.s.round)]

    @property
    def strategy_spaces(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The printed strategy board: per column, per row (top first), (action points, coin cost) (RK-STRAT-2)."""
        return self._m.data.spaces

    def scheme_card(self, card: int) -> tuple:
        """A scheme card's (coin cost, casualty icons, rewards all given, alternative rewards), rewards as
        ((kind, amount), ...) (RK-COMP-6)."""
        c = self._m.data.scheme_by_id[card]
        return c.coin_cost, c.casualty_icons, c.reward_all, c.reward_choice

    @property
    def scheme_in_play(self) -> int:
        """The scheme card being played while its reward is chosen (RK-PL-SCHEME-2), else -1."""
        return self._m.offer

    @property
    def scheme_decks(self) -> tuple[int, int]:
        """Cards in each face-down scheme deck (RK-SETUP-3)."""
        return len(self._m.s.schemes[0]), len(self._m.s.schemes[1])

    @property
    def discard(self) -> tuple[int, ...]:
        """The scheme discard pile, face up, top last (RK-CAS-4)."""
        return tuple(self._m.s.discard)

    def deed_card(self, deed: int) -> tuple[str, int, str]:
        """A deed card's (name, VP, text) (RK-CLAIM-4)."""
        d = self._m.data.deeds[deed]
        return d["name"], d.get("vp") or 0, d.get("text", "")

    def deed_reward(self, deed: int) -> tuple[tuple[str, object], ...]:
        """What a deed card gives: ((kind, amount), ...); the scheme reward's amount is (draw, keep)
        (RK-CLAIM-4)."""
        reward = self._m.data.deeds[deed].get("reward") or {}
        return tuple((k, (v["draw"], v["keep"]) if isinstance(v, dict) else v) for k, v in reward.items())

    @property
    def spending(self) -> tuple[str, int] | None:
        """While the player spends action points: (action, points left), else None (RK-ACT-3)."""
        return self._m.spending or None

    def build_cost(self, r: int) -> int:
        """Build points a build in ``r`` costs the player now (RK-PL-BUILD-1)."""
        return build_cost(self._m, r)

    def tax_cost(self, r: int) -> int:
        """Tax points taxing ``r`` costs the player now (RK-PL-TAX-1, RK-SB-FACT-3)."""
        return tax_cost(self._m, r)

    def agenda_card(self, agenda: int) -> tuple[str, int, str]:
        """A secret agenda card's (name, VP, text) (RK-SETUP-8)."""
        a = self._m.data.agendas[agenda]
        return a["name"], a.get("vp") or 0, a.get("text", "")

    @property
    def agenda(self) -> int:
        """The player's own secret agenda card, -1 before it is kept (RK-SETUP-8)."""
        return self._m.s.sides[PLAYER].agenda

    @property
    def warfare_rewards(self) -> tuple[tuple[int, str, int], ...]:
        """The warfare reward tokens, face up: (space, token, bit of the sides that earned it: 1 player,
        2 Rebellion) (RK-SB-WREW-1, RK-SETUP-5)."""
        s = self._m.s
        return tuple((sp, token, (s.sides[0].rewards_taken >> sp & 1) | (s.sides[1].rewards_taken >> sp & 1) << 1)
                     for sp, token in sorted(s.rewards.items()))


def _track_vp(vp: tuple[int, ...], levels: tuple, level: int, value: float, now: list[bool], smooth: bool) -> float:
    """VP of one claim track whose marker is at ``level`` and whose measure is ``value`` now: the
    highest level earned (RK-CLAIM-2..5, markers never move down, RK-OPEN-18); with ``smooth``
    plus the fraction of the way to the next level times its extra VP."""
    for i in range(len(levels) - 1, level - 1, -1):    # the highest level earned now, if above
        threshold, required = levels[i]
        if value >= threshold and (not required or all([now[r] for r in required])):
            level = i + 1
            break
    here = vp[level - 1] if level else 0
    if smooth and level < len(levels):
        low = levels[level - 1][0] if level else 0
        frac = max(0.0, (value - low) / max(1, levels[level][0] - low))
        here += min(frac, 0.99) * (vp[level] - here)
    return here
