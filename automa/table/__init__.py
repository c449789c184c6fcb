"""A person at the table: play (line and full screen), saved games, a person's results, review and
hint (docs/architecture.md). The top layer under the CLI."""
