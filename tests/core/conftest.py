"""Fixtures for the core tests: the tiny game in the registry."""
import pytest

from automa.core import registry
from tests.core.tinygame import TARGET


@pytest.fixture(autouse=True)
def tiny(monkeypatch):
    """Register the tiny test game for one test (the registry is restored afterwards)."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register("tiny", TARGET)
