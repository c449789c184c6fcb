"""The Python API: a wrong type or value is a UsageError that names the parameter, never a CLI flag."""
import pytest

import automa
from automa.core.errors import UsageError


@pytest.mark.parametrize("kwargs, message", [
    ({"seed": "1"}, "seed must be an int, got str '1'"),
    ({"games": "10"}, "games must be an int, got str '10'"),
    ({"games": 2.5}, "games must be an int, got float 2.5"),
    ({"games": True}, "games must be an int, got bool True"),
    ({"games": 0}, "games must be at least 1, got 0"),
    ({"seed": -3}, "seed must be at least 0, got -3"),
    ({"jobs": 0}, "jobs must be at least 1, got 0"),
    ({"jobs": "2"}, "jobs must be an int, got str '2'"),
    ({"strategy": 3}, "strategy must be a str or None, got int 3"),
    ({"options": ["length=3"]}, "options must be a dict of option name to value, got list"),
    ({"backend": "threads"}, "backend must be one of 'processes', 'serial', 'dask', got 'threads'"),
    ({"scheduler": "tcp://127.0.0.1:1"}, "scheduler needs backend='dask'"),
])
def test_bad_arguments_name_the_parameter(kwargs, message):
    arguments = {"games": 3, "seed": 1, "jobs": 1} | kwargs
    with pytest.raises(UsageError) as exc:
        automa.simulate("tiny", **arguments)
    assert str(exc.value) == message and "--" not in str(exc.value)


def test_a_bad_game_name_type_is_a_clear_error():
    with pytest.raises(UsageError, match="game must be a str, got int 7"):
        automa.simulate(7, games=3, seed=1, jobs=1)
