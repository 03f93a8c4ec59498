"""§7.4: a player above lens capacity may discard any lens but the wild one, basic lenses
included; the conservation audit must accept that (found by a solo playout, issue 28)."""

from __future__ import annotations

from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.audit import audit
from boardlab.games.linnaeus.content import ADVANCED, CONTENT

from .helpers import play, started, with_frames


def test_r7_4_discarding_a_basic_lens_keeps_the_audit_clean() -> None:
    s = started(1, 2)
    voyage_lens = CONTENT.basic_lenses[-1]
    for slot, k in enumerate(s.lens_display):  # display lenses until above capacity
        if k >= 0 and len(s.available[0]) <= CONTENT.lens_capacity:
            s.lens_display[slot] = -1
            s.available[0] = (*s.available[0], ADVANCED + k)
    assert audit(s) == [] and len(s.available[0]) > CONTENT.lens_capacity
    with_frames(s, ("discard_lens", 0))
    play(s, act("discard", voyage_lens).id)
    assert voyage_lens not in s.available[0]
    assert audit(s) == []
