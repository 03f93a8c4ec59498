"""Rng: a seeded SplitMix64 generator whose whole state is one int."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from boardlab.engine import Rng

# Chi-square critical values at p = 0.001 by degrees of freedom: a fair generator with a
# fixed seed passes, a biased one (e.g. plain modulo of a small range) does not.
CHI2_CRITICAL_0_001 = {1: 10.828, 2: 13.816, 4: 18.467, 5: 20.515, 6: 22.458, 9: 27.877}


def chi_square(counts: Counter[int], cells: int, draws: int) -> float:
    expected = draws / cells
    return sum((counts.get(cell, 0) - expected) ** 2 / expected for cell in range(cells))


def test_same_seed_same_stream() -> None:
    first, second = Rng(42), Rng(42)
    assert [first.next64() for _ in range(100)] == [second.next64() for _ in range(100)]


def test_known_first_value_of_seed_zero() -> None:
    """SplitMix64 reference output for seed 0 (Vigna's splitmix64.c)."""
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


def test_different_seeds_different_streams() -> None:
    def stream(seed: int) -> tuple[int, ...]:
        rng = Rng(seed)
        return tuple(rng.randbelow(1000) for _ in range(8))

    assert len({stream(seed) for seed in range(50)}) == 50


@pytest.mark.parametrize("bound", [1, 2, 3, 6, 7, 10, 1000, 2**31 - 1, 2**63 + 5])
def test_randbelow_stays_in_bounds(bound: int) -> None:
    rng = Rng(7)
    values = [rng.randbelow(bound) for _ in range(2000)]
    assert all(0 <= value < bound for value in values)
    if bound > 1:
        assert len(set(values)) > 1


@pytest.mark.parametrize("bound", [0, -1])
def test_randbelow_rejects_a_non_positive_bound(bound: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(1).randbelow(bound)


@pytest.mark.parametrize("bound", [2, 6, 7, 10])
def test_randbelow_is_uniform(bound: int) -> None:
    rng = Rng(2024)
    draws = 6000 * bound
    counts = Counter(rng.randbelow(bound) for _ in range(draws))
    assert set(counts) == set(range(bound))
    assert chi_square(counts, bound, draws) < CHI2_CRITICAL_0_001[bound - 1]


def test_randrange_with_start_and_stop() -> None:
    rng = Rng(3)
    values = {rng.randrange(5, 9) for _ in range(400)}
    assert values == {5, 6, 7, 8}
    assert {rng.randrange(3) for _ in range(200)} == {0, 1, 2}


def test_random_is_a_float_in_the_unit_interval() -> None:
    rng = Rng(11)
    values = [rng.random() for _ in range(5000)]
    assert all(0.0 <= value < 1.0 for value in values)
    assert 0.45 < sum(values) / len(values) < 0.55


def test_choice_picks_members_uniformly() -> None:
    rng = Rng(5)
    items = ("a", "b", "c", "d", "e")
    counts = Counter(rng.choice(items) for _ in range(10_000))
    assert set(counts) == set(items)
    indexed = Counter({items.index(item): n for item, n in counts.items()})
    assert chi_square(indexed, len(items), 10_000) < CHI2_CRITICAL_0_001[4]


def test_shuffle_is_a_permutation() -> None:
    rng = Rng(9)
    items = list(range(52))
    rng.shuffle(items)
    assert sorted(items) == list(range(52))
    assert items != list(range(52))


def test_shuffle_reaches_every_order_uniformly() -> None:
    rng = Rng(13)
    orders = list(itertools.permutations(range(3)))
    counts: Counter[int] = Counter()
    for _ in range(12_000):
        items = [0, 1, 2]
        rng.shuffle(items)
        counts[orders.index(tuple(items))] += 1
    assert chi_square(counts, len(orders), 12_000) < CHI2_CRITICAL_0_001[5]


def test_shuffle_of_short_lists() -> None:
    empty: list[int] = []
    single = [4]
    Rng(1).shuffle(empty)
    Rng(1).shuffle(single)
    assert empty == [] and single == [4]


def test_clone_continues_the_same_stream_independently() -> None:
    rng = Rng(21)
    rng.next64()
    twin = rng.clone()
    assert twin == rng and hash(twin) == hash(rng) and twin is not rng
    ahead = [twin.next64() for _ in range(10)]
    assert twin != rng
    assert [rng.next64() for _ in range(10)] == ahead
    assert twin == rng


@pytest.mark.parametrize("bits", [1, 7, 32, 63, 64, 65, 128, 200])
def test_getrandbits_fills_exactly_k_bits(bits: int) -> None:
    rng = Rng(17)
    values = [rng.getrandbits(bits) for _ in range(400)]
    assert all(0 <= value < 2**bits for value in values)
    assert any(value >> (bits - 1) for value in values), "the top bit is never set"


def test_getrandbits_is_deterministic() -> None:
    assert Rng(8).getrandbits(100) == Rng(8).getrandbits(100)
    assert Rng(8).getrandbits(64) == Rng(8).next64()


def test_equality_and_repr() -> None:
    assert Rng(3) == Rng(3)
    assert Rng(3) != Rng(4)
    assert Rng(3) != 3
    assert repr(Rng(255)) == "Rng(state=0xff)"
