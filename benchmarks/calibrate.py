"""Re-fit the analysis's calibration curves (issue 31 item 3) and print their tables.

    .venv/bin/python benchmarks/calibrate.py konoten linnaeus --fit-games 100 --check-games 50

For each game: greedy 2-player games of seeds FIT_SEED.. are sampled and a logistic curve of
the win on the seat's lead is fitted; games of seeds CHECK_SEED.. (never the same seeds)
give the table of predicted against observed win rate in ten bins, printed as Markdown for
the game's README. ``--write`` stores the curves in the package's ``calibration.json``.
One process, one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from boardlab.analysis import calibration as calibration_module  # the module
from boardlab.analysis import fitting
from boardlab.analysis.calibration import DEFAULT

FIT_SEED = 1000
CHECK_SEED = 9000
DATA = Path(calibration_module.__file__).with_name(calibration_module.DATA_FILE)


def calibrate(game: str, fit_games: int, check_games: int) -> dict[str, Any]:
    """The fitted curve of ``game`` and its check, as stored in ``calibration.json``."""
    started = time.perf_counter()
    fitted_on = fitting.sample_games(game, fit_games, FIT_SEED)
    curve = fitting.fit(fitted_on)
    checked_on = fitting.sample_games(game, check_games, CHECK_SEED)
    bins = fitting.table(checked_on, curve)
    return {
        "intercept": round(curve.intercept, 4) + 0.0,
        "slope": round(curve.slope, 4),
        "late_slope": round(curve.late_slope, 4),
        "length": round(curve.length, 1),
        "fit": {"games": fit_games, "seeds_from": FIT_SEED, "positions": len(fitted_on)},
        "check": {
            "games": check_games,
            "seeds_from": CHECK_SEED,
            "positions": len(checked_on),
            "log_loss": round(fitting.log_loss(checked_on, curve), 4),
            "log_loss_uncalibrated": round(fitting.log_loss(checked_on, DEFAULT), 4),
            "bins": [
                [row.count, round(row.predicted, 4), round(row.observed, 4)]
                for row in bins
                if row.count
            ],
        },
        "seconds": round(time.perf_counter() - started, 1),
        "markdown": fitting.markdown(bins),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="games to calibrate")
    parser.add_argument("--fit-games", type=int, default=100)
    parser.add_argument("--check-games", type=int, default=50)
    parser.add_argument("--write", action="store_true", help="store the curves in the package")
    args = parser.parse_args(argv)
    stored = json.loads(DATA.read_text(encoding="utf-8"))
    for game in args.games:
        report = calibrate(game, args.fit_games, args.check_games)
        table = report.pop("markdown")
        print(f"## {game}: {json.dumps(report)}\n\n{table}\n", flush=True)
        stored["games"][game] = report
        if args.write:
            DATA.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
