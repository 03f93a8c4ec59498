"""The options of a Compounded game: how the deck is shuffled, the cap on a card's worth and
the number of trade offers (the package README, "Options").

>>> [option.name for option in OPTIONS]
['shuffled_deck', 'ap_cap', 'trade_offers']
"""

from __future__ import annotations

from boardlab.engine import OptionSpec
from boardlab.games.compounded.content import CONTENT

OPTIONS = (
    OptionSpec(
        "shuffled_deck",
        False,
        "mix the five Lab Fires anywhere in the deck, so one may come on the first refill or "
        "several in a row; off: the first eight refills are safe, then about one card in "
        "eight or nine is a fire",
    ),
    OptionSpec(
        "ap_cap",
        True,
        "cards are worth 3 to 8 atomic points; off: compounds of rare elements are worth more, "
        "up to 16, so one card can swing the game",
    ),
    OptionSpec(
        "trade_offers",
        CONTENT.proposals_per_phase,
        "how many trade offers each scientist may make in each Discovery phase; 0 plays "
        "without trading (shorter games)",
        choices=(0, 1, 2, 3),
    ),
)
