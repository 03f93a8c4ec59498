"""A whole Konoten game played by a person in a real terminal (tmux), as ``make play`` runs it:
``?`` and ``? N`` explain, ``u`` takes a decision back, ``q`` saves and leaves, and
``play --load`` continues the saved game to its end."""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardlab

from .terminal import Terminal, tail

BOARDLAB = Path(sys.executable).parent / "boardlab"  # the command `make play` runs
DECISION = "Your decision ("
OVER = "Final scores"
PAUSE_AFTER = 12  # the person's decisions before leaving with q
TIME_LIMIT = 60.0  # seconds for the whole test (it takes about 4 on a laptop)


pytestmark = pytest.mark.slow


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it)")
    screen = Terminal(tmp_path)
    yield screen
    screen.close()


def at_prompt(terminal: Terminal) -> str:
    """The screen once the game waits at its ``>`` prompt (nothing is typed ahead)."""
    return terminal.wait(lambda screen: screen.rstrip().endswith("\n>"), "the > prompt")


def answer(terminal: Terminal, text: str) -> str:
    """Type ``text`` at the game's prompt and wait for the next decision or the end."""
    seen = at_prompt(terminal).count(DECISION)
    terminal.type(text)
    return terminal.wait(
        lambda screen: screen.count(DECISION) > seen or OVER in screen,
        f"the game to answer {text!r}",
    )


def test_a_person_plays_konoten_pauses_and_finishes_it_in_a_terminal(
    terminal: Terminal, tmp_path: Path
) -> None:
    started = time.monotonic()
    save = tmp_path / "konoten.json"
    terminal.type(f"{BOARDLAB} play konoten --players 2 --seat 0 --seed 7 --save {save.name}")
    terminal.wait(lambda s: DECISION in s, "the first decision")

    # ? lists every option with what it does; ? 2 explains the second one alone
    seen = at_prompt(terminal).count("what it does")
    terminal.type("?")
    listed = terminal.wait(lambda s: s.count("what it does") > seen, "the ? table")
    assert "'? N' explains option N" in listed
    at_prompt(terminal)
    terminal.type("? 2")
    terminal.wait(lambda s: "\n2. " in s.split("? 2", 1)[-1], "option 2 explained")

    # play option 1 each time; after each, try u until one decision is taken back
    decisions, undone = 0, False
    while decisions < PAUSE_AFTER:
        answer(terminal, "1")
        decisions += 1
        if not undone:
            undone = take_back(terminal)
    assert undone, "no decision of the person could be taken back in the first moves"

    # q offers to save (to the --save file); Enter says yes
    at_prompt(terminal)
    terminal.type("q")
    terminal.wait(lambda s: "Save the game to konoten.json?" in s, "the offer to save")
    terminal.type("")
    left = terminal.wait(
        lambda s: "Continue it with: " in s and f"play --load {save.name}\n" in s, "the way back"
    )
    assert f"Game saved to {save.name}" in left
    way_back = left.rsplit("Continue it with: ", 1)[1].splitlines()[0].strip()
    paused = boardlab.load(save.read_text(encoding="utf-8"))
    assert not paused.is_over
    stop_step = len(paused.history)

    # continue it with the command the game named (issue 27: one that runs from here): same
    # seat and bots, from where it stopped, to the end
    terminal.type(way_back)
    screen = terminal.wait(lambda s: f"continuing {save.name} at step" in s, "the loaded game")
    assert "you are P1 (seat 0)" in screen.rsplit("continuing", 1)[1]
    while OVER not in terminal.screen():
        answer(terminal, "1")
        assert time.monotonic() - started < TIME_LIMIT, tail(terminal.screen())
    end = terminal.wait(lambda s: "Game saved to" in s.rsplit(OVER, 1)[1], "the final save")
    final = end.rsplit(OVER, 1)[1]
    assert "Points by source" in final and ("Winner: " in final or "Winners (tied): " in final)
    finished = boardlab.load(save.read_text(encoding="utf-8"))
    assert finished.is_over and len(finished.history) > stop_step
    assert finished.history[:stop_step] == paused.history


def refusals(screen: str) -> int:
    return screen.count("cannot be taken back") + screen.count("no decision to take back")


def take_back(terminal: Terminal) -> bool:
    """Type ``u``; whether the game took a decision back (else it said why not)."""
    before = at_prompt(terminal)
    took, refused = before.count("Took back:"), refusals(before)
    terminal.type("u")

    def replied(screen: str) -> bool:
        return screen.count("Took back:") > took or refusals(screen) > refused

    return terminal.wait(replied, "u to take back or refuse").count("Took back:") > took
