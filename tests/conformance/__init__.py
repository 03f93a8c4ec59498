"""The conformance suite: the engine contract checked on every registered game."""
