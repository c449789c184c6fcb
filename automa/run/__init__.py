"""Playing batches, as a pipeline read one way: resolve the inputs, record the manifest, plan the chunks,
play them on a backend, collect rows and tallies, finish the files; the commands built on it (simulate,
sweep, bench) (docs/architecture.md). Imports :mod:`automa.analysis` and :mod:`automa.core`."""
