"""Move-by-move analysis of games, hints and calibrated chances to win (issue 31).

>>> from boardlab.analysis import analyse, hints, win_chance
>>> report = analyse(state, seats=[0])          # every decision seat 0 took, judged
>>> [m.mark for m in report.moves if m.mark]     # "inaccuracy", "mistake", "blunder"
>>> hints(state, state.to_move)                  # the three options rated highest
>>> win_chance(state, 1)                         # seat 1's chance, from its knowledge

Every number is judged from the knowledge of the seat concerned (``chances``); chances come
from the game's evaluation through a curve fitted on simulated games (``calibration``).
"""

from boardlab.analysis.calibration import Calibration, curve_of
from boardlab.analysis.chances import ANALYSIS_SEED, WORLDS, Judged, Setting, judge, win_chance
from boardlab.analysis.hints import Hint, hints
from boardlab.analysis.review import (
    MARKS,
    Analysis,
    MoveReview,
    Progress,
    SeatSummary,
    analyse,
    mark,
)

__all__ = [
    "ANALYSIS_SEED",
    "MARKS",
    "WORLDS",
    "Analysis",
    "Calibration",
    "Hint",
    "Judged",
    "MoveReview",
    "Progress",
    "SeatSummary",
    "Setting",
    "analyse",
    "curve_of",
    "hints",
    "judge",
    "mark",
    "win_chance",
]
