"""``python -m tests.core.tinycli ...``: the command line with the tiny game registered (subprocess tests)."""
import cli
from automa.core import registry
from tests.core.tinygame import TARGET

if __name__ == "__main__":
    registry.register("tiny", TARGET)
    cli.main()
