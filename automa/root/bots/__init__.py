"""The Clockwork bots (Clockwork Expansion 1): one module per bot beside the rules they share (common)."""
