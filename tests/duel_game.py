"""Duel: secret simultaneous picks against an automa, a test game on the engine's stack driver.

Rules. The cards 1 to 15 are shuffled; every seat is dealt three (its hand, hidden from
the others) and the rest is the pile (its order hidden from everyone). The game lasts
``rounds`` rounds (an option). In a round:

1. Each seat in turn, seat 0 first, draws from the pile back up to three cards, then plays
   one card face down (a secret pick, an action of the history even with one card left,
   which the engine then plays). A seat with no card and nothing to draw sits the round
   out.
2. Once every seat has picked, the picks are revealed and the automa rolls a fifteen-sided
   die from the game's generator: the roll is its card.
3. The highest card wins the round and scores one point per card shown in it (the automa's
   included); on a tie for the highest nobody scores. A winning seat then takes a bonus
   token from the public pool (worth 1, 2 and 3): it chooses while two or more are left,
   takes the last one without choosing, and gets none once the pool is empty.

After the last round the highest total wins, ties shared. The automa is a side of its own
(``"automa"``): when it is among the best, ``outcome()`` names it, and ``winners()`` (seats
only) may be empty.

The frames of ``RULES``: ``("pick", seat)`` an ``Ask`` with a ``prepare`` (draw, or sit out
and drop the frame) and ``always_ask``; ``("reveal", -1)`` a ``Step``; ``("bonus", seat)``
an ``Ask`` that the driver answers alone with one option and drops with none. ``refill``
starts the next round.
"""

from __future__ import annotations

from random import Random
from types import MappingProxyType
from typing import Any

from boardlab.engine import Action, Ask, Frame, GameSpec, OptionSpec, Rng, StackState, Step

CARDS = tuple(range(1, 16))
HAND = 3
TOKENS = (1, 2, 3)
AUTOMA = "automa"
PLAY = {card: Action("play", (card,), label=f"play card {card}", secret=True) for card in CARDS}
TAKE = {token: Action("bonus", (token,), label=f"take the {token}-point token") for token in TOKENS}


class DuelState(StackState):
    __slots__ = (
        "hands",
        "pick_steps",
        "picks",
        "pile",
        "points",
        "pool",
        "round",
        "shown",
        "tokens",
    )

    round: int
    pile: list[int]
    hands: list[list[int]]
    picks: list[int]
    pick_steps: list[int]
    points: list[int]
    tokens: list[list[int]]
    pool: list[int]
    shown: list[int]

    # ------------------------------------------------------------------ game hooks
    def setup(self) -> None:
        deck = list(CARDS)
        self.rng.shuffle(deck)
        dealt = HAND * self.players
        self.hands = [sorted(deck[start : start + HAND]) for start in range(0, dealt, HAND)]
        self.pile = deck[dealt:]
        self.round = 0
        self.picks = [0] * self.players
        self.pick_steps = []
        self.points = [0] * (self.players + 1)
        self.tokens = [[] for _ in range(self.players)]
        self.pool = list(TOKENS)
        self.shown = [0] * (self.players + 1)
        self.stack = []
        self._ready = None
        self.announce("deal", f"each seat is dealt {HAND} cards; the automa joins the duel")
        self.advance()

    def refill(self) -> bool:
        if self.round >= self.options["rounds"]:
            return False
        self.round += 1
        self.stack.append(("reveal", -1))
        self.stack.extend(("pick", seat) for seat in reversed(range(self.players)))
        return True

    def scores(self) -> list[float]:
        return [self.points[seat] + sum(self.tokens[seat]) for seat in range(self.players)]

    def other_sides(self) -> tuple[str, ...]:
        return (AUTOMA,)

    def side_scores(self) -> list[float]:
        return [*self.scores(), self.points[-1]]

    def side_winners(self) -> list[int]:
        if not self.is_over:
            return []
        totals = self.side_scores()
        best = max(totals)
        return [side for side, total in enumerate(totals) if total == best]

    def winners(self) -> list[int]:
        return [side for side in self.side_winners() if side < self.players]

    def secret_note(self, kind: str) -> str:
        return "played a card face down"

    # ------------------------------------------------------------------ seeing
    def view_body(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "rounds": self.options["rounds"],
            "pile": len(self.pile),
            "hand": [] if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "picked": [bool(card) for card in self.picks],
            "my_pick": None if seat is None or not self.picks[seat] else self.picks[seat],
            "last_round": [card or None for card in self.shown],
            "points": list(self.points),
            "tokens": [list(held) for held in self.tokens],
            "pool": list(self.pool),
        }

    def render_text(self, seat: int | None) -> str:
        lines = [
            f"round {self.round}/{self.options['rounds']}  pile {len(self.pile)}  pool {self.pool}"
        ]
        for side, name in enumerate(self.sides):
            line = f"{name}: {self.points[side]} points"
            if side < self.players:
                line += f", tokens {self.tokens[side]}, {len(self.hands[side])} cards"
                line += ", picked" if self.picks[side] else ""
            lines.append(line)
        if seat is not None:
            mine = f", picked {self.picks[seat]}" if self.picks[seat] else ""
            lines.append(f"your hand: {' '.join(map(str, self.hands[seat])) or '-'}{mine}")
        return "\n".join(lines)

    def resample_hidden(self, seat: int | None, rng: Random | Rng) -> None:
        """Re-deal the pile, the other hands and the others' unrevealed picks from unseen cards."""
        others = [other for other in range(self.players) if other != seat]
        unseen = list(self.pile)
        for other in others:
            unseen += self.hands[other]
            if self.picks[other]:
                unseen.append(self.picks[other])
        unseen.sort()
        rng.shuffle(unseen)
        for other in others:
            if self.picks[other]:
                self.picks[other] = unseen.pop()
            self.hands[other] = sorted(unseen.pop() for _ in self.hands[other])
        self.pile = unseen

    # ------------------------------------------------------------------ copying and saving
    def copy_fields(self, twin: Any) -> None:
        twin.round = self.round
        twin.pile = self.pile.copy()
        twin.hands = [hand.copy() for hand in self.hands]
        twin.picks = self.picks.copy()
        twin.pick_steps = self.pick_steps.copy()
        twin.points = self.points.copy()
        twin.tokens = [held.copy() for held in self.tokens]
        twin.pool = self.pool.copy()
        twin.shown = self.shown.copy()

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "pile": list(self.pile),
            "hands": [list(hand) for hand in self.hands],
            "picks": list(self.picks),
            "pick_steps": list(self.pick_steps),
            "points": list(self.points),
            "tokens": [list(held) for held in self.tokens],
            "pool": list(self.pool),
            "shown": list(self.shown),
            "stack": [list(frame) for frame in self.stack],
        }

    def restore(self, data: dict[str, Any]) -> None:
        self.round = data["round"]
        self.pile = list(data["pile"])
        self.hands = [list(hand) for hand in data["hands"]]
        self.picks = list(data["picks"])
        self.pick_steps = list(data["pick_steps"])
        self.points = list(data["points"])
        self.tokens = [list(held) for held in data["tokens"]]
        self.pool = list(data["pool"])
        self.shown = list(data["shown"])
        self.stack = [tuple(frame) for frame in data["stack"]]


# ---------------------------------------------------------------------- the frame rules
def draw_up(s: DuelState, frame: Frame) -> bool:
    """Draw back up to a full hand; with no card at all the seat sits out (the frame goes)."""
    hand = s.hands[frame[1]]
    while len(hand) < HAND and s.pile:
        hand.append(s.pile.pop())
    hand.sort()
    if hand:
        return True
    s.stack.pop()
    s.announce("sit_out", f"P{frame[1] + 1} has no card left and sits round {s.round} out")
    return False


def pick_prompt(s: DuelState, frame: Frame) -> str:
    return f"P{frame[1] + 1}: play a card face down (hand {' '.join(map(str, s.hands[frame[1]]))})"


def pick_options(s: DuelState, frame: Frame) -> tuple[Action, ...]:
    return tuple(PLAY[card] for card in s.hands[frame[1]])


def pick(s: DuelState, frame: Frame, action: Action) -> None:
    card = int(action.args[0])
    seat = frame[1]
    s.hands[seat].remove(card)
    s.picks[seat] = card
    s.pick_steps.append(len(s.history) - 1)  # always asked, so the pick is the last history step
    s.stack.pop()


def reveal(s: DuelState, frame: Frame) -> None:
    """Show the picks, roll the automa's card, score the round, offer a winning seat a token."""
    s.stack.pop()
    for step in s.pick_steps:
        s.reveal(step)
    cards = [*s.picks, s.rng.randbelow(len(CARDS)) + 1]
    best = max(cards)
    top = [side for side, card in enumerate(cards) if card == best]
    names = s.sides
    shown = ", ".join(f"{names[side]} {card}" for side, card in enumerate(cards) if card)
    if len(top) == 1:
        winner = top[0]
        gained = sum(1 for card in cards if card)
        s.points[winner] += gained
        result = f"{names[winner]} wins {gained} points"
        if winner < s.players:
            s.stack.append(("bonus", winner))
    else:
        result = "a tie: nobody scores"
    s.announce("reveal", f"round {s.round}: {shown}; {result}")
    s.shown = cards
    s.picks = [0] * s.players
    s.pick_steps = []


def bonus_prompt(s: DuelState, frame: Frame) -> str:
    return f"P{frame[1] + 1}: take a bonus token (pool {s.pool})"


def bonus_options(s: DuelState, frame: Frame) -> tuple[Action, ...]:
    return tuple(TAKE[token] for token in s.pool)


def take_bonus(s: DuelState, frame: Frame, action: Action) -> None:
    token = int(action.args[0])
    s.pool.remove(token)
    s.tokens[frame[1]].append(token)
    s.stack.pop()


DuelState.RULES = MappingProxyType(
    {
        "pick": Ask("pick", pick_prompt, pick_options, pick, prepare=draw_up, always_ask=True),
        "reveal": Step(reveal),
        "bonus": Ask("bonus", bonus_prompt, bonus_options, take_bonus),
    }
)

INT = {"type": "integer"}
CARD_LIST = {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 15}}
BODY_SCHEMA = MappingProxyType(
    {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "duel view body",
        "type": "object",
        "additionalProperties": False,
        "required": [
            "round",
            "rounds",
            "pile",
            "hand",
            "hand_sizes",
            "picked",
            "my_pick",
            "last_round",
            "points",
            "tokens",
            "pool",
        ],
        "properties": {
            "round": {"type": "integer", "minimum": 0},
            "rounds": {"type": "integer", "minimum": 1},
            "pile": {"type": "integer", "minimum": 0},
            "hand": CARD_LIST,
            "hand_sizes": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "picked": {"type": "array", "items": {"type": "boolean"}},
            "my_pick": {"type": ["integer", "null"], "minimum": 1, "maximum": 15},
            "last_round": {
                "type": "array",
                "items": {"type": ["integer", "null"], "minimum": 1, "maximum": 15},
            },
            "points": {"type": "array", "items": INT},
            "tokens": {"type": "array", "items": {"type": "array", "items": INT}},
            "pool": {"type": "array", "items": INT},
        },
    }
)

SPEC = GameSpec(
    name="duel",
    title="Duel against the automa",
    min_players=1,
    max_players=3,
    state_class=DuelState,
    options=(OptionSpec("rounds", 6, "rounds in a game", choices=(3, 4, 6, 8)),),
    summary="secret simultaneous picks against an automa (a test game)",
    body_schema=BODY_SCHEMA,
)
