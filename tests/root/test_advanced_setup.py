"""The advanced setup (LoR-A, the seed's 16.1): five cards dealt and three kept (LoR-A.7, LoR-A.10; 16.1.7,
16.1.10), the factions set up as in the standard setup (LoR-A.8, 16.1.8), and the reach advice (LoR-5.2)."""
from automa.root import data, setup
from automa.root.options import reach
from tests.root.script import opts, rng, Script


def test_the_player_draws_five_and_keeps_three_LoR_A_7_LoR_A_10():
    """16.1.7 and 16.1.10: five cards dealt, two of the player's choice go back, the deck is shuffled."""
    d = data.load()
    ask = Script(setup_return=[lambda ch: ch[-1], lambda ch: ch[0]])
    g = setup.setup(d, opts(setup="advanced"), rng(4), ask=ask)
    me = next(s for s in g.seats if s.bot is None)
    asked = ask.choices("setup_return")
    assert len(asked) == 2 and len(asked[0]) >= 4
    returned = [asked[0][-1], asked[1][0]]
    assert len(me.hand) == 3 and not set(returned) & set(me.hand)
    assert set(returned) <= set(g.deck)
    assert all(not s.hand for s in g.seats if s.bot is not None)            # bots hold none (CW-GEN-15)
    plain = setup.setup(d, opts(), rng(4), ask=Script())
    assert len(g.deck) == len(plain.deck) and g.deck != plain.deck          # as many cards out, reshuffled


def test_the_standard_setup_deals_three_and_asks_nothing_LoR_5_1_3():
    ask = Script()
    g = setup.setup(data.load(), opts(), rng(4), ask=ask)
    assert "setup_return" not in ask.kinds()
    assert [len(s.hand) for s in g.seats if s.bot is None] == [3]


def test_a_bots_only_table_deals_no_hand_in_the_advanced_setup_CW_GEN_20():
    g = setup.setup(data.load(), opts(setup="advanced", faction="none", bots="mechanical_marquise,electric_eyrie"),
                    rng(2), ask=Script())
    assert all(not s.hand for s in g.seats)


def test_reach_is_summed_and_compared_with_the_advice_LoR_5_2():
    assert reach(opts()) == (25, 21)                                      # Marquise with the three other bots
    assert reach(opts(faction="vagabond", bots="automated_alliance")) == (8, 17)
    assert reach(opts(faction="none", bots="mechanical_marquise,electric_eyrie,automated_alliance")) == (20, 18)
