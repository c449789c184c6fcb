"""Built-in Stroganov player strategies: random, greedy and three personas."""
