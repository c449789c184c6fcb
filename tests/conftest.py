"""Test distribution over cores (pytest-xdist, ``--dist loadgroup`` in pyproject.toml): a test without a
group of its own runs on the worker that runs the rest of its file, in the file's order; the fuzz chunks
(``-m fuzz``), each independent, go to whichever worker is free."""
import pytest


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("xdist_group") is None and item.get_closest_marker("fuzz") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
