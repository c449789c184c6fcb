"""The version of automa-sim: ``automa.__version__``, ``automa-sim --version``, and every manifest's
``versions`` (the core records it, so it lives in the core)."""

__version__ = "0.1.0"
