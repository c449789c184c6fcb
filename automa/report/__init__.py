"""Reports and plots that read the files of a run or a study (docs/architecture.md). Imports the
layers below it, never the table or the CLI."""
