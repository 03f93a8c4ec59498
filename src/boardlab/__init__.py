"""boardlab: exact, fast rule engines for modern board games.

>>> import boardlab
>>> state = boardlab.new("compounded", players=3, seed=1)
>>> state.apply(state.legal_actions()[0])
"""

from boardlab import games  # the package, callable: boardlab.games() names every game
from boardlab.api import guide, load, new, replay
from boardlab.engine import Action, Decision, GameState, IllegalAction, LoadError

__all__ = [
    "Action",
    "Decision",
    "GameState",
    "IllegalAction",
    "LoadError",
    "games",
    "guide",
    "load",
    "new",
    "replay",
]
__version__ = "0.1.0"
