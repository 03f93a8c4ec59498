"""Frame layouts (issue 29 item 4): each frame kind's fields named once, checked when declared."""

from __future__ import annotations

import pytest

from boardlab.engine.layouts import Layout, check_frame, layouts_by_key


class Gain(Layout):
    key = "gain"
    player = 1
    ap = 2
    vp = 3


def test_a_layout_numbers_its_fields_and_builds_frames() -> None:
    assert Gain.fields == ("key", "player", "ap", "vp") and Gain.size == 4
    frame = Gain.make(1, 2, 0)
    assert frame == ("gain", 1, 2, 0) and frame[Gain.ap] == 2
    with pytest.raises(ValueError, match="4 fields"):
        Gain.make(1, 2)


def test_a_layout_with_a_gap_or_a_non_string_key_is_refused_when_declared() -> None:
    with pytest.raises(TypeError, match="next free position is 2"):

        class Gap(Layout):
            key = "gap"
            ap = 3

    with pytest.raises(TypeError, match="string key"):

        class Keyless(Layout):
            ap = 2


def test_frames_are_checked_against_the_layout_of_their_key() -> None:
    layouts = layouts_by_key([Gain])
    assert check_frame(("gain", 0, 1, 1), layouts) is None
    assert "declares 4" in (check_frame(("gain", 0, 1), layouts) or "")
    assert "no declared layout" in (check_frame(("pay", 0), layouts) or "")
    assert "string key" in (check_frame((7, 0), layouts) or "")
    with pytest.raises(ValueError, match="share the key"):
        layouts_by_key([Gain, Gain])
