"""The contract that engines and strategies use, and nothing else: the strategy protocol and its
parameters, seeding, the trace, rollouts, the data-file schema, the games-table format, the game
registry, the play steps and screen helpers, intervals, errors and the version (docs/architecture.md).
Imports nothing outside itself."""
