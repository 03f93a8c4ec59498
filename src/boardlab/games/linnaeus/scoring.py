"""Game end and scoring (rules §16, solo §19.6): the running VP during play, the final
scoring once the game is over, and the winners (tie-break on the coins left)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.games.linnaeus import garden, university
from boardlab.games.linnaeus.content import CONTENT

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

EXOTIC_VP = 5  # a player's exotic whose condition is met (§16.1)
SPECIMEN_VP = {2: 2, 3: 4, 4: 6}
COINS_PER_RESOURCE = 3


def letter_vp(s: LinnaeusState, side: int) -> int:
    """Groups of different colours, as few as possible: 2 x (sent - largest colour) (§16.4)."""
    sent = s.sent[side]
    if not sent:
        return 0
    counts = [0, 0, 0, 0]
    for letter in sent:
        counts[CONTENT.letters[letter].colour] += 1
    return 2 * (len(sent) - max(counts))


def end_reason(s: LinnaeusState) -> str:
    """Why the game ended, in words: the income phase of the last round was played (§16)."""
    if not s.ended:
        return ""
    against = " The automa scored as a side of its own." if s.automa >= 0 else ""
    return (f"The game ended after round {s.round}'s income phase, the last round: the "
            f"final scoring was added to the points each side scored during play."
            f"{against}")


def breakdown(s: LinnaeusState) -> list[dict[str, int]]:
    """Per side, the VP of each source; during play only the points scored so far."""
    if not s.ended:
        return [{"points during play": s.vp[side]} for side in range(s.n_sides)]
    return final_parts(s)


def score_breakdown(s: LinnaeusState) -> list[dict[str, float]]:
    """``breakdown`` as the engine's ``score_breakdown`` hook gives it: every side's VP by
    source, the automa's included."""
    return [{k: float(v) for k, v in part.items()} for part in breakdown(s)]


def final_parts(s: LinnaeusState) -> list[dict[str, int]]:
    """Per side, the VP of each source if the game were scored now (§16)."""
    beds = garden.unfinished_vp(s)
    parts = []
    for side in range(s.n_sides):
        automa = side == s.automa
        if automa:
            exotic = CONTENT.solo.exotic_vp * len(s.exotics[side])
        else:
            exotic = sum(EXOTIC_VP for x in s.exotics[side]
                         if any(university.met(s, side, c) for c in CONTENT.exotics[x].conditions))
        coins = s.coins[side]
        leftovers = (coins // COINS_PER_RESOURCE + s.containers[side] + s.tools[side]
                     + len(s.letters[side]) + sum(s.knowledge[side * 9 : side * 9 + 9]))
        parts.append({
            "points during play": s.vp[side],
            "exotic specimens": exotic,
            "researched specimens": sum(SPECIMEN_VP.get(CONTENT.specimens[x].effective, 0)
                                        for x in s.researched[side]),
            "unfinished beds": beds[side],
            "letters": letter_vp(s, side),
            "university": university.track_vp(s, side),
            "leftovers": leftovers,
        })
    return parts


def scores(s: LinnaeusState) -> list[int]:
    if s.final:
        return s.final
    return [sum(part.values()) for part in breakdown(s)]


def coins_left(s: LinnaeusState, side: int) -> int:
    return s.coins[side] % COINS_PER_RESOURCE


def winners(s: LinnaeusState) -> list[int]:
    """Most VP; tie: most coins left after the conversion; still tied: shared (§16)."""
    totals = scores(s)
    best = max(totals)
    tied = [side for side in range(s.n_sides) if totals[side] == best]
    most = max(coins_left(s, side) for side in tied)
    return [side for side in tied if coins_left(s, side) == most]


def finish(s: LinnaeusState) -> None:
    """The game is over: the final scores are computed once and kept."""
    s.ended = 1
    s.final = [sum(part.values()) for part in breakdown(s)]
