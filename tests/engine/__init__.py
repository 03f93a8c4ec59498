"""Unit tests of the game-agnostic engine and the public API."""
