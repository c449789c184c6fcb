"""The one exception type the command line turns into a one-line message and exit code 2."""


class UsageError(Exception):
    """Bad input from the user: an unknown name, a bad option value, a broken data file."""


class StrategyError(Exception):
    """A strategy returned something that is not one of the legal choices."""
