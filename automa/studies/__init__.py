"""Studies built on batches: ladder, calibrate, sensitivity (and its alternative rules files), tune,
rate (docs/architecture.md). A study writes its files; its report (:mod:`automa.report`) reads them.
Imports :mod:`automa.run`, :mod:`automa.analysis` and :mod:`automa.core`."""
