"""A real terminal for end-to-end tests: a tmux server of its own, typed into and read back.

Everything runs on a private tmux socket, so the test never touches another tmux server;
``close()`` kills only that server.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

HISTORY = 200_000  # lines of scrollback: a whole game's output stays readable


class Terminal:
    """A ``width`` x ``height`` terminal running a plain bash in ``cwd``."""

    def __init__(self, cwd: Path, width: int = 100, height: int = 40) -> None:
        tmux = shutil.which("tmux")
        assert tmux is not None, "tmux is needed"
        self.tmux = tmux
        self.socket = f"boardlab-e2e-{os.getpid()}-{time.monotonic_ns()}"
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in ("FORCE_COLOR", "NO_COLOR", "COLUMNS", "LINES", "TMUX", "PAGER")
        }
        environment["PS1"] = "$ "
        config = cwd / "tmux.conf"  # read before the first pane is made, which keeps its limit
        config.write_text(f"set-option -g history-limit {HISTORY}\n", encoding="utf-8")
        subprocess.run(
            [
                self.tmux, "-L", self.socket, "-f", str(config),
                "new-session", "-d", "-s", "e2e", "-x", str(width), "-y", str(height),
                "-c", str(cwd), "bash --norc --noprofile",
            ],
            check=True,
            env=environment,
            timeout=20,
        )  # fmt: skip
        self.socket_path = Path(self._tmux("display-message", "-p", "#{socket_path}").strip())

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(
            [self.tmux, "-L", self.socket, *args],
            check=True,
            capture_output=True,
            text=True,
            timeout=20,
        )
        return done.stdout

    def type(self, text: str) -> None:
        """Type ``text`` as is, then Enter."""
        if text:
            self._tmux("send-keys", "-t", "e2e", "-l", text)
        self._tmux("send-keys", "-t", "e2e", "Enter")

    def screen(self) -> str:
        """All the terminal showed so far (scrollback and screen), wrapped lines joined."""
        return self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")

    def wait(self, ready: Callable[[str], bool], what: str, timeout: float = 20.0) -> str:
        """The screen once ``ready(screen)`` holds; fails with the last lines after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen()
            if "Traceback" in text:
                raise AssertionError(f"a traceback on the terminal:\n{tail(text)}")
            if ready(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"waited {timeout:g} s for {what}; the terminal shows:\n{tail(text)}"
                )
            time.sleep(0.03)

    def close(self) -> None:
        """Stop this terminal's tmux server (only it) and remove its socket."""
        subprocess.run(
            [self.tmux, "-L", self.socket, "kill-server"], capture_output=True, timeout=20
        )
        self.socket_path.unlink(missing_ok=True)


def tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:])
