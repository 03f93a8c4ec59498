"""Errors every game raises: both are ``ValueError`` so callers may catch either."""


class IllegalAction(ValueError):
    """An input that is not one of the options of the pending decision; the state is unchanged."""


class LoadError(ValueError):
    """Text that is not a saved state of a known game and version; nothing was loaded."""
