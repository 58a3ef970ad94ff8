"""Look-alike names, in plain Python (no database)."""

from __future__ import annotations

import random
import string

import pytest

from tournaments.game.lookalike import alike, fold, lookalike_pairs, looks_like, words


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Jon Smith", "John Smith"),  # a letter missing
        ("Johnn Smith", "John Smith"),  # a letter too many
        ("Jahn Smith", "John Smith"),  # a letter wrong
        ("Jhon Smith", "John Smith"),  # two letters swapped
        ("Zoe", "Zoë"),  # accents
        ("ZOË", "zoe"),  # case
        ("Smith, John", "John Smith"),  # surname first
        ("Smith John", "John Smith"),  # words swapped
        ("J. Smith", "John Smith"),  # an initial
        ("O'Brien", "OBrien"),  # punctuation
        ("Núñez", "Nunez"),
        ("Élodie", "Elodie"),
        ("  John   Smith ", "John Smith"),
    ],
)
def test_these_look_like_the_same_person(a, b):
    assert alike(a, b)
    assert alike(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("John Smith", "Jane Smyth"),  # two letters apart
        ("Ana", "Ann"),  # one letter of three is not a typo
        ("Al", "Ed"),
        ("Table 1", "Table 2"),  # numbers tell people apart
        ("John Smith", "John"),
        ("J. Smith", "J. Jones"),
        ("Beñat", "Bea"),
        ("", "John"),
        ("...", "..."),
    ],
)
def test_these_are_different_people(a, b):
    assert not alike(a, b)
    assert not alike(b, a)


def test_words_fold_case_accents_punctuation_and_a_surname_first():
    assert words("Smith, Jöhn-Paul") == ("john", "paul", "smith")
    assert fold("  ZOË   Núñez ") == "zoe nunez"


def test_looks_like_keeps_the_order_of_the_others():
    assert looks_like("Jon Smith", ["Zoë", "John Smith", "Smith, Jon", "Jane Doe"]) == [
        "John Smith",
        "Smith, Jon",
    ]


def test_lookalike_pairs_finds_each_pair_once():
    names = ["John Smith", "Zoë", "Jon Smith", "Ana", "Zoe", "Smith, John", "Bea"]
    assert lookalike_pairs(names) == [(0, 2), (0, 5), (1, 4), (2, 5)]


def test_lookalike_pairs_finds_what_comparing_every_pair_finds():
    """The grouping by shared keys misses no pair that ``alike`` sees."""
    rng = random.Random(14)
    base = ["John Smith", "Mary Jones", "Zoë Núñez", "Ana O'Brien", "Bob Lee", "Eli Cruz"]
    names = list(base)
    for _ in range(150):
        name = list(rng.choice(base))
        i = rng.randrange(len(name))
        kind = rng.randrange(4)
        if kind == 0:
            name[i] = rng.choice(string.ascii_lowercase)
        elif kind == 1:
            del name[i]
        elif kind == 2:
            name.insert(i, rng.choice(string.ascii_lowercase))
        elif i + 1 < len(name):
            name[i], name[i + 1] = name[i + 1], name[i]
        names.append("".join(name))
    names += ["Smith, John", "J. Smith", "Jones Mary", "M Jones"]
    n = len(names)
    every = [(i, j) for i in range(n) for j in range(i + 1, n) if alike(names[i], names[j])]
    assert len(every) > 150
    assert lookalike_pairs(names) == every


def test_numbered_names_are_not_pairs():
    assert lookalike_pairs([f"Player {n}" for n in range(1, 61)]) == []
