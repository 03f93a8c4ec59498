"""Learning environments over boardlab games: PettingZoo, OpenSpiel and Gymnasium.

Each adapter lives in its own module and needs the optional ``rl`` extra
(``pip install 'boardlab[rl]'``); importing one without its library raises ``ImportError``
saying so. This package itself imports none of them:

>>> from boardlab.adapters import pettingzoo
>>> env = pettingzoo.env("compounded", players=3, seed=7)

What a game must provide (an action codec and an observation encoder) is described in
this package's README.
"""

from boardlab.adapters.outcome import outcome, utility_range
from boardlab.encoding.encodings import Encodings, encodable_games, encodings

__all__ = ["Encodings", "encodable_games", "encodings", "outcome", "utility_range"]
