"""Reading games tables: summaries and their intervals, tallies, paired comparisons, findings
(docs/architecture.md). Imports only :mod:`automa.core`."""
