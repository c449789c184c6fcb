"""Every decision kind of docs/decisions.md has a label in words (automa/<game>/labels.py), and the
labels of one decision's distinct choices are distinct: checked at every decision of games with every
module, until each documented kind has been met."""
import pytest

from automa.core.registry import get_game, get_strategy
from automa.run.runner import prepare
from automa.core.seeding import game_streams
from automa.run.simulate import resolve
from automa.core.strategy import Strategy
from tests.core.test_decisions_doc import documented

SETTINGS = {
    "rurik": [{"modules": "epic,warfare,factions", "player_leader": leader, "rebel_leader": "maria"}
              for leader in ("theofana", "sviatoslav", "mstislav", "gleb", "boris")] + [{}],
    "stroganov": [{"modules": "merchant,hunting_plan,landscapes,diplomacy", "opponent": o} for o in ("ivan", "katyusha")]
    + [{}],
    "root": [{"faction": f} for f in ("marquise", "eyrie", "alliance", "vagabond")] + [{"map": "mountain", "setup": "advanced"},
                                                                                  {"hirelings": "protector"},
                                                                                  {"hirelings": "band", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "bandits", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "bandits"},
                                                                                  {"hirelings": "spies,band", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "keepers", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "bearers", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "bearers,band,protector",
                                                                                   "bots": "electric_eyrie,automated_alliance"},
                                                                                  {"hirelings": "expedition", "bots": "vagabot"},
                                                                                  {"hirelings": "expedition", "faction": "eyrie"},
                                                                                  {"hirelings": "patrol", "faction": "eyrie",
                                                                                   "bots": "automated_alliance"},
                                                                                  {"hirelings": "patrol,band", "faction": "alliance",
                                                                                   "bots": "electric_eyrie,vagabot"},
                                                                                  {"hirelings": "uprising", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "uprising",
                                                                                   "bots": "electric_eyrie,vagabot"},
                                                                                  {"hirelings": "dynasty", "faction": "alliance",
                                                                                   "bots": "mechanical_marquise"},
                                                                                  {"hirelings": "dynasty", "faction": "vagabond",
                                                                                   "bots": "mechanical_marquise"},
                                                                                  {"hirelings": "prophets", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "prophets", "bots": "electric_eyrie,vagabot"},
                                                                                  {"hirelings": "exile", "bots": "electric_eyrie"},
                                                                                  {"hirelings": "exile",
                                                                                   "bots": "electric_eyrie,automated_alliance"},
                                                                                  {"hirelings": "flotilla", "bots": "electric_eyrie"}]
    + [{"faction": "eyrie", "bots": "automated_alliance"}, {"faction": "vagabond", "vagabond_character": "ranger"}],
}
# who plays: Rurik's random player, preferring epic structures and leader moves (to meet the Library
# and the other rare epic decisions); Stroganov's expert, who reaches the last trophy step now and then
POLICY = {"rurik": "random", "stroganov": "expert", "root": "random"}
RARE = {"epic", "leader"}
# kinds no policy meets in games, each labelled in a test of its own: no built-in strategy claims the
# Salesman (tests/stroganov/test_landscapes.py labels its salesman_fur decision); New Beginning with two
# structures of a kind and Peace Treaty with two kinds of captive are rare (tests/rurik/test_payments.py);
# Root's dominance never comes to a table of a human and bots, and its other rare kinds are labelled in
# tests/root/test_play_table.py, those of the Vagabond characters LoR-D.4..D.9 and the Vagabot's Arbiter
# (settings the games here do not play) in tests/root/test_vagabond_characters.py, and those of the Exiles
# and Partisans deck's cards (a random player rarely crafts one) in tests/root/test_exiles.py
UNMET = {"rurik": {"pay_structure", "pay_captive"}, "stroganov": {"salesman_fur"}, "root": {"dominance_take", "dominance_activate", "stand_and_deliver", "vagabond_ally",
                                  "vagabond_ally_move", "vagabond_instigate_hits", "vagabond_swift_strike",
                                  "enlist_arbiter", "swap_meet", "swap_meet_give", "false_orders",
                                  "eyrie_emigre", "eyrie_emigre_battle", "propaganda_bureau",
                                  "league_of_adventurous_mice", "charm_offensive", "informants", "partisans",
                                  "landmark_clearing", "black_market",   # landmarks: tests/root/test_landmarks.py
                                  "alliance_base"}}                      # tests/root/test_lost_city.py
MIN_GAMES, MAX_GAMES = 8, 150  # per setting: at least, and at most while a kind is still unmet


class Labeller(Strategy):
    """Labels every choice of every decision it is asked, then lets its policy choose."""

    describe = None
    policy = None
    seen: dict = {}

    def __init__(self, rng):
        super().__init__(rng)
        self.inner = Labeller.policy(rng)

    def choose(self, decision):
        labels = [Labeller.describe(decision.view, decision.kind, c) for c in decision.choices]
        assert all(isinstance(x, str) and x and "\n" not in x for x in labels), (decision.kind, labels)
        # every choice listed once, each with its own label (RK-ACT-1: two 2s in a column are two choices)
        assert len(set(labels)) == len(decision.choices), (decision.kind, decision.choices, labels)
        Labeller.seen.setdefault(decision.kind, labels[0])
        rare = [c for c in decision.choices if isinstance(c, tuple) and RARE.intersection(c)]
        return self.uniform(rare) if rare and self.inner.name == "random" else self.inner.choose(decision)


@pytest.mark.parametrize("game", ["rurik", "stroganov", "root"])
def test_every_documented_kind_has_distinct_labels(game):
    entry = get_game(game)
    Labeller.describe, Labeller.policy, Labeller.seen = entry.describe, get_strategy(entry, POLICY[game]), {}
    specs = [resolve(game, "random", options, 11) for options in SETTINGS[game]]
    contexts = [prepare(spec) for spec in specs]
    for i in range(MAX_GAMES):
        for spec, ctx in zip(specs, contexts):
            streams = game_streams(11, i)
            entry.play(ctx, spec.options, Labeller(streams.strategy), streams, None)
        if i >= MIN_GAMES and set(Labeller.seen) >= documented(game) - UNMET[game]:
            break
    assert set(Labeller.seen) == documented(game) - UNMET[game], sorted(documented(game) - set(Labeller.seen))


def test_a_label_reads_the_board_as_the_engine_does():
    """Rurik's advisor label names the space the engine would put the advisor on (RK-STRAT-4)."""
    from automa.rurik.labels import describe

    class Board:  # advisors of strength 5 and 3 already stand in the build column
        ADVISOR_NUMBER = {"1": 1, "2": 2, "2+": 2, "3+": 3, "4": 4, "5": 5}
        strategy_spaces = tuple(((3, 0), (2, 0), (1, 1)) for _ in range(6))

        @staticmethod
        def landing_row(column, strength):
            return sum(1 for s in (5, 3) if s >= strength) if column == 4 else 0

    assert describe(Board, "advisor_place", ("advisor", "2", 4, 0)) == \
        "advisor 2 → build, bottom space (1 pt, 1 coin), no bribe"
    assert describe(Board, "advisor_place", ("advisor", "2", 4, 2)) == \
        "advisor 2 → build, middle space (2 pts), bribe 2 coins"
    assert describe(Board, "advisor_place", ("advisor", "4", 0, 0)) == \
        "advisor 4 → muster, top space (3 pts), no bribe"


def test_deeds_bonus_spaces_and_tiles_in_words():
    """What a deed needs and gives (RK-CLAIM-4), a rebel-board space (RK-REB-BONUS-1) and a landscape
    tile (ST-LAND-1) in words, never their code names (issue 29)."""
    from automa.rurik.labels import bonus, deed_words, priority
    from automa.stroganov.labels import fur_list, tile_name

    class Deeds:
        @staticmethod
        def deed_card(d):
            return "Splendid Feast", 1, "Pay 1 fish, 1 honey and 2 coins."

        @staticmethod
        def deed_reward(d):
            return (("scheme", (2, 1)),) if d == 0 else (("attack", 1), ("attack_casualty_modifier", -1))

    assert deed_words(Deeds, 0) == "Splendid Feast (1 VP): Pay 1 fish, 1 honey and 2 coins; gives draw 2 scheme cards, keep 1"
    assert deed_words(Deeds, 1).endswith("gives 1 attack, 1 casualty card fewer")
    assert bonus("attack", "reveal_fewer", 1) == "attack gives 1 casualty card fewer"
    assert bonus("scheme", "coins", 2) == "scheme gives 2 coins" and priority("attack_move") == "attack and move"

    class Tiles:
        fur_names = {2: "unknown_2", 4: "fox", 6: "elk"}

        @staticmethod
        def tile(t):
            return ("L15", 2, 3, ()) if t == 0 else ("primordial_forest", 5, 1, ())

    assert tile_name(Tiles, 0) == "the steppe tile"
    assert tile_name(Tiles, 1) == "the wild (A) tile Primordial forest"
    assert fur_list(Tiles, [2, 4, 4, 6]) == "fur 2, fox ×2, elk"
