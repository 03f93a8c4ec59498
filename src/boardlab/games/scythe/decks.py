"""The three designed decks (objectives, encounters, Factory cards) read into records.

The cards' structured fields are parsed into the vocabulary of ``vocabulary.py``; their
``text`` fields are kept for people and never read by the rules (S-21.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from boardlab.games.scythe.datafile import Field
from boardlab.games.scythe.vocabulary import (
    AT_ENCOUNTER,
    AT_WORKER_TERRITORIES,
    AT_WORKER_TERRITORY,
    EFFECT_KINDS,
    Condition,
    ConditionParser,
    Effect,
    Move,
    parse_effects,
)


@dataclass(frozen=True, slots=True)
class Objective:
    number: int
    index: int
    name: str
    text: str
    condition: Condition


@dataclass(frozen=True, slots=True)
class CardRow:
    """A paid effect of a card: an encounter option (``A``/``B``/``C``) or a Factory row."""

    label: str
    cost: tuple[Effect, ...]
    gain: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class EncounterCard:
    number: int
    index: int
    title: str
    scene: str
    options: tuple[CardRow, ...]


@dataclass(frozen=True, slots=True)
class FactoryCard:
    number: int
    index: int
    name: str
    top: CardRow
    bottom: CardRow


def read_objectives(
    root: Field, spaces: frozenset[str]
) -> tuple[tuple[Objective, ...], Mapping[str, tuple[str, ...]]]:
    """The objective cards and the named regions of ``objectives.json``."""
    regions = MappingProxyType(
        {
            name: region["hexes"].as_strs(sorted(spaces))
            for name, region in root["regions"].entries()
        }
    )
    parser = ConditionParser(spaces, regions)
    cards = tuple(
        Objective(
            number=item["number"].as_int(1),
            index=index,
            name=item["name"].as_str(),
            text=item["text"].as_str(),
            condition=parser.condition(item["condition"]),
        )
        for index, item in enumerate(root["cards"].items(root["count"].as_int(1)))
    )
    if [card.number for card in cards] != list(range(1, len(cards) + 1)):
        root["cards"].fail("cards are numbered 1, 2, ... in order")
    return cards, regions


_ENCOUNTER_GAINS = frozenset(EFFECT_KINDS - {"produce", "choice", "move"})


def _row(field: Field, label: str, *, kinds: frozenset[str], placements: frozenset[str],
         options: frozenset[str] = frozenset()) -> CardRow:
    return CardRow(
        label=label,
        cost=parse_effects(field["cost"], cost=True, kinds=kinds, placements=placements),
        gain=parse_effects(
            field["gain"], cost=False, kinds=kinds, placements=placements, options=options
        ),
        text=field["text"].as_str(),
    )


def read_encounters(root: Field) -> tuple[EncounterCard, ...]:
    """The cards of ``encounter_cards.json``: options A, B, C as paid effect rows."""
    per_card = root["card_structure"]["options_per_card"].as_int(1)
    labels = tuple("ABCDEFGH"[:per_card])
    cards = []
    for index, item in enumerate(root["cards"].items(root["count"].as_int(1))):
        options = []
        for option in item["options"].items(per_card):
            label = option["label"].as_str(labels)
            options.append(
                _row(option, label, kinds=_ENCOUNTER_GAINS, placements=frozenset({AT_ENCOUNTER}))
            )
        if tuple(o.label for o in options) != labels:
            item["options"].fail(f"options are labelled {', '.join(labels)} in order")
        cards.append(
            EncounterCard(
                number=item["id"].as_int(1),
                index=index,
                title=item["title"].as_str(),
                scene=item["scene"].as_str(),
                options=tuple(options),
            )
        )
    if [card.number for card in cards] != list(range(1, len(cards) + 1)):
        root["cards"].fail("cards are numbered 1, 2, ... in order")
    return tuple(cards)


def read_factory_cards(root: Field, options: frozenset[str]) -> tuple[FactoryCard, ...]:
    """The cards of ``factory_cards.json``; ``options`` are the rule options a Move may name."""
    placements = frozenset({AT_WORKER_TERRITORIES, AT_WORKER_TERRITORY})
    top_kinds = frozenset(EFFECT_KINDS - {"move"})
    cards = []
    for index, item in enumerate(root["cards"].items(root["count"].as_int(1))):
        bottom = _row(
            item["bottom"], "bottom", kinds=frozenset({"move"}), placements=placements,
            options=options,
        )
        if bottom.cost or len(bottom.gain) != 1 or not isinstance(bottom.gain[0], Move):
            item["bottom"].fail("every Factory card's bottom row is one free Move (section 11)")
        cards.append(
            FactoryCard(
                number=item["number"].as_int(1),
                index=index,
                name=item["name"].as_str(),
                top=_row(item["top"], "top", kinds=top_kinds, placements=placements),
                bottom=bottom,
            )
        )
    if [card.number for card in cards] != list(range(1, len(cards) + 1)):
        root["cards"].fail("cards are numbered 1, 2, ... in order")
    return tuple(cards)
