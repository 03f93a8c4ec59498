"""Move-by-move analysis of a game, the way chess players review one with an engine.

The game is replayed from its seed and history; at every decision of a judged seat that
had a choice (the engine's forced single-option moves are not decisions of anyone, and an
automa has none), ``chances.judge`` values the position and the options from that seat's
knowledge at that moment. The loss of a move is the chance to win the best option kept
minus the chance the move played kept; ``MARKS`` names the losses that matter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from boardlab.analysis.calibration import Calibration, curve_of
from boardlab.analysis.chances import Setting, judge
from boardlab.engine import GameState

#: Marks by the least loss of winning chance that earns them, worst first.
MARKS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
#: ``progress(done, total)``: called before the first decision is judged and after each one;
#: raising from it stops the analysis.
Progress = Callable[[int, int], None]


def mark(loss: float) -> str | None:
    """The mark a loss of winning chance earns, or ``None`` for a good move."""
    for name, least in MARKS:
        if loss >= least - 1e-9:
            return name
    return None


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One judged decision: ``index`` is its place in the game's history (0-based), ``played``
    and ``best`` option ids, chances in [0, 1]."""

    index: int
    seat: int
    played: str
    best: str
    win_before: float
    win_after: float
    best_win: float
    loss: float
    mark: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "win_before": round(self.win_before, 4),
            "win_after": round(self.win_after, 4),
            "best_win": round(self.best_win, 4),
            "loss": round(self.loss, 4),
            "mark": self.mark,
        }


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's record over the game: moves judged, mean loss per move, marks counted."""

    seat: int
    moves: int
    mean_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "moves": self.moves,
            "mean_loss": round(self.mean_loss, 4),
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of one game: every judged move in order and each judged seat's summary."""

    game: str
    players: int
    seed: int
    seats: tuple[int, ...]
    moves: tuple[MoveReview, ...]
    summary: tuple[SeatSummary, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "seats": list(self.seats),
            "moves": [move.to_json() for move in self.moves],
            "summary": [seat.to_json() for seat in self.summary],
        }


def analyse(
    game: GameState,
    seats: Iterable[int] | None = None,
    seconds: float = 0.0,
    progress: Progress | None = None,
    setting: Setting | None = None,
) -> Analysis:
    """Judge every decision with a choice of ``seats`` (default: all) in ``game`` (a state
    whose history is replayed, finished or not).

    >>> analyse(state, seats=[1], progress=lambda done, total: print(done, total))
    """
    setting = setting or Setting(seconds=seconds)
    judged_seats = _seats(game, seats)
    positions = list(decisions(game, judged_seats))
    total = len(positions)
    curve = curve_of(game.game)
    if progress is not None:
        progress(0, total)
    moves: list[MoveReview] = []
    for done, (index, state, played) in enumerate(positions, 1):
        moves.append(review(index, state, played, setting, curve))
        if progress is not None:
            progress(done, total)
    return Analysis(
        game.game,
        game.players,
        game.seed,
        judged_seats,
        tuple(moves),
        tuple(summarise(seat, moves) for seat in judged_seats),
    )


def _seats(game: GameState, seats: Iterable[int] | None) -> tuple[int, ...]:
    if seats is None:
        return tuple(range(game.players))
    chosen = tuple(sorted(set(seats)))
    for seat in chosen:
        game.check_seat(seat)
    return chosen


def decisions(
    game: GameState, seats: Sequence[int]
) -> Iterable[tuple[int, GameState, str]]:
    """``(history index, position, option id played)`` of each decision with a choice of
    one of ``seats``, replaying ``game``'s history from its deal."""
    current = type(game).unsettled(game.players, game.seed, game.options)
    for index, action_id in enumerate(game.history):
        decision = current.decision
        if decision is not None and decision.player in seats and len(decision.options) > 1:
            yield index, current.clone(), action_id
        current.apply_raw(action_id)


def review(
    index: int, state: GameState, played: str, setting: Setting, curve: Calibration
) -> MoveReview:
    """The judgement of the move ``played`` at ``state``."""
    judged = judge(state, setting, played=played, curve=curve)
    best, best_win = judged.best(prefer=played)
    win_after = judged.after[played]
    loss = max(0.0, best_win - win_after)
    seat = state.to_move
    assert seat is not None
    return MoveReview(
        index, seat, played, best, judged.before, win_after, best_win, loss, mark(loss)
    )


def summarise(seat: int, moves: Sequence[MoveReview]) -> SeatSummary:
    """``seat``'s summary over the judged ``moves``."""
    own = [move for move in moves if move.seat == seat]
    marks = [move.mark for move in own]
    return SeatSummary(
        seat,
        len(own),
        sum(move.loss for move in own) / len(own) if own else 0.0,
        marks.count("inaccuracy"),
        marks.count("mistake"),
        marks.count("blunder"),
    )
