"""What the learned evaluation sees of a Rurik choice: a row of numbers per choice, from the view only.

Each decision the model judges belongs to a group (:data:`GROUPS`): advisor placement (``place``,
RK-STRAT-1..4), spending action points (``spend``, RK-ACT-3, RK-PL-*) and conversion tokens
(``convert``, RK-ACT-5). A row starts with ``master``'s score of the choice, so a model can never
know less than ``master``; the rest are the parts that score is made of and what it leaves out
(the space landed on, what the Rebellion's placements will push, the round, the kind of spending),
so that the model can weigh them anew. Every number is read from ``decision.view``, never from the
game's state (no peeking: what a person at the table sees).

The model compares choices of one decision, so a number that is the same for every choice (the
round alone) says nothing; such facts enter only multiplied by a fact of the choice.

``version`` names this list of features; a model file trained on another version is refused on
load (automa/core/model.py), so change it whenever a feature is added, removed or changed.
"""
from __future__ import annotations

import random

from strategies.rurik.expert import COIN_COST, COLUMNS, POINTS, Snap, _war_soft
from strategies.rurik.master import MasterStrategy, _landing, _pushed, _rebel_plan

VERSION = "rurik-1"

GROUPS = {"advisor_place": "place", "conversion": "convert",
          "muster": "spend", "move": "spend", "attack": "spend", "tax": "spend", "build": "spend"}

SPEND_KINDS = ("move", "build", "muster", "attack_rebel", "attack_neutral", "tax_good", "tax_coin",
               "tax", "pass", "forfeit", "epic")
ACTIONS = ("muster", "move", "attack", "tax", "build")

NAMES = {
    "place": ["score", "value", "affordable", "space_coin", "number", "bribe", "coins_left",
              *[f"column_{c}" for c in COLUMNS], "row_top", "row_middle", "row_bottom", "points",
              "pushed", "pushed_rows", "used_points", "rebels_in_column", "best_action",
              *[f"last_round_{c}" for c in COLUMNS], "scheme_hand", "number_round"],
    "spend": ["score", *[f"kind_{k}" for k in SPEND_KINDS], "rule", "build_track",
              *[f"structure_{k}" for k in ("church", "stronghold", "market", "stable", "tavern")],
              "two_points", "trade", "deny", "hit_chance", "war", "leave", "new_region", "lose_rule",
              "goods_token", "rebels_near", "structures_here", *[f"last_round_{a}" for a in ACTIONS],
              "points_left"],
    "convert": ["score", "pass", *[f"to_{a}" for a in ACTIONS], "boat", "last_round"],
}


class RurikFeatures:
    """The feature rows of Rurik choices (:data:`NAMES` per group), and ``master``'s scores that
    start them. It keeps one ``master`` of its own, whose stream it never draws from."""

    version = VERSION
    names = NAMES

    def __init__(self):
        self.master = MasterStrategy(random.Random(0))

    @staticmethod
    def group(kind: str) -> str | None:
        """The group of a decision kind, None for a kind the model does not judge."""
        return GROUPS.get(kind)

    def scores(self, decision) -> list[float]:
        """``master``'s score of every choice of ``decision`` (a judged kind)."""
        return self.master._scores(decision)

    def rows(self, decision, scores: list[float], indices) -> list[list[float]]:
        """The feature rows of the choices at ``indices`` of ``decision``, whose ``master`` scores
        are ``scores`` (:meth:`scores`)."""
        group = GROUPS[decision.kind]
        if group == "place":
            return self._place(decision, scores, indices)
        if group == "spend":
            return self._spend(decision, scores, indices)
        return self._convert(decision, scores, indices)

    # --- advisor placement (RK-STRAT-1..4, RK-ACT-2, RK-REB-STRAT-1..7) -----------------------------

    def _place(self, d, scores, indices):
        v, m = d.view, self.master
        values = m._round_values[2]            # set by master's scores of this decision
        coins, hand, last = v.coins(v.PLAYER), len(v.hand), float(v.round >= 4)
        P, R = v.PLAYER, v.REBELLION
        plan = _rebel_plan(v)
        rcoins = v.coins(R)
        numbers = v.ADVISOR_NUMBER
        columns = [v.board_column(c) for c in range(6)]
        out = []
        for i in indices:
            _, label, column, bribe = d.choices[i]
            number = numbers[label]
            col = columns[column]
            row = _landing(col, number + bribe)
            entries = m._row_entries(v, values, column, col, hand)
            value, cost, _ = entries[min(row, 2)]
            coming = tuple((n, coin) for n, c, coin in plan if c == column)
            end, _ = _pushed(col, number + bribe, row, coming, rcoins, POINTS[column])
            used = sum(POINTS[column][k] for k, (side, _) in enumerate(col) if side == P)
            action = COLUMNS[column]
            best = values[action][0] if action != "scheme" and values[action] else 0.0
            onehot = [0.0] * 6
            onehot[column] = 1.0
            rows = [0.0] * 3
            rows[min(row, 2)] = 1.0
            affordable = cost <= coins - bribe
            out.append([scores[i], value, float(affordable), float(COIN_COST[column][min(row, 2)]), float(number),
                        float(bribe), float(coins - bribe - (cost if affordable else 0)), *onehot, *rows,
                        float(POINTS[column][min(row, 2)]), float(end != row), float(end - row),
                        float(used), float(sum(1 for side, _ in col if side == R)), best,
                        *[x * last for x in onehot], hand * onehot[5], number * v.round])
        return out

    # --- spending action points (RK-ACT-3, RK-PL-*) ------------------------------------------------

    def _spend(self, d, scores, indices):
        v, m = d.view, self.master
        s = Snap(v, m)
        last = float(v.round >= 4)
        spending = v.spending
        left = float(spending[1]) if spending else 0.0
        action = [0.0] * 5
        if d.kind in ACTIONS:
            action[ACTIONS.index(d.kind)] = last
        out = []
        for i in indices:
            c = d.choices[i]
            kind = c[0]
            f = dict.fromkeys(NAMES["spend"], 0.0)
            f["score"] = scores[i]
            r = c[1] if len(c) > 1 and isinstance(c[1], int) else None
            if kind == "move":
                _, a, b, _unit = c
                r = b
                f["kind_move"] = 1.0
                f["rule"] = m._down(s, a) + m._up(s, b)
                f["leave"] = float(s.pu[a] == 1 and s.pst[a] > 0)
                f["new_region"] = float(s.pu[b] == 0)
                f["lose_rule"] = float(s.sh[a][0] == 2 and s.ruler(a, -1, 0, 0) != 1)
            elif kind == "build":
                _, r, k, target = c
                f["kind_build"] = 1.0
                f["build_track"] = m._build_track(s, r)
                f[NAMES["spend"][NAMES["spend"].index("structure_church") + k]] = 1.0
                f["two_points"] = float(s.sh[r][0] != 2)
                if k == 1:
                    f["rule"] = m._up(s, r)
                elif k == 0 and target != "none":
                    f["rule"] = m._rule_delta(s, r, 1, -(target == "rebellion"), -(target == "neutral"))
            elif kind == "muster":
                f["kind_muster"] = 1.0
                f["rule"] = m._up(s, r)
            elif kind == "attack":
                if c[2] == "neutral":
                    f["kind_attack_neutral"] = 1.0
                    f["rule"] = m._rule_delta(s, r, 0, 0, -1)
                else:
                    f["kind_attack_rebel"] = 1.0
                    f["rule"] = m._rule_delta(s, r, 0, -1, 0)
                    cards = 1 + (s.sh[r][1] == 2) + (s.qq[r] > s.ru[r])
                    f["hit_chance"] = 1 - (1 - m.hit) ** cards
                    f["war"] = _war_soft(s.wp + 1 - s.wr, m.war_spread) - _war_soft(s.wp - s.wr, m.war_spread)
            elif kind == "tax":
                f["kind_tax_good" if c[2] == "good" else "kind_tax_coin" if c[2] == "coin" else "kind_tax"] = 1.0
                f["trade"] = m._trade(s, 2 if c[2] == "good" else 1)
                f["deny"] = float(s.ru[r] > 0)
            elif kind in ("pass", "forfeit", "epic"):
                f[f"kind_{kind}"] = 1.0
                if kind == "epic":
                    f["build_track"] = m._build_track(s, r)
                    f["two_points"] = float(s.sh[r][0] != 2)
            if r is not None and 0 <= r < 8:
                f["goods_token"] = float(v.goods_token(r))
                f["rebels_near"] = float(s.ru[r] > 0 or any(s.ru[q] for q in v.adjacent(r) if q < 8))
                f["structures_here"] = float(s.pst[r])
            row = list(f.values())
            if kind not in ("pass", "forfeit"):
                row[-6:-1] = action
            row[-1] = left * (kind not in ("pass", "forfeit"))
            out.append(row)
        return out

    # --- conversion tokens (RK-ACT-5) --------------------------------------------------------------

    def _convert(self, d, scores, indices):
        v = d.view
        boat = float(sum(v.boat(v.PLAYER)))
        last = float(v.round >= 4)
        out = []
        for i in indices:
            c = d.choices[i]
            passing = c[0] == "pass"
            to = [float(not passing and c[1] == a) for a in ACTIONS]
            out.append([scores[i], float(passing), *to, boat * (not passing), last * (not passing)])
        return out
