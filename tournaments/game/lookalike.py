"""Names that look like the same person: plain Python, no Django.

At the door a name is typed in a hurry, so the club's members list gathers
"Jon Smith" beside "John Smith".  Two names *look alike* when, case, accents
and punctuation aside, one of these holds:

* they are the same words ("Zoe" / "Zoë", "Smith, John" / "John Smith",
  "Smith John" / "John Smith");
* one letter is typed wrong, missing, extra or swapped with its neighbour
  ("Jon Smith" / "John Smith", "Jhon Smith" / "John Smith"), in a name of at
  least :data:`TYPO_MIN_LETTERS` letters (in "Al" and "Ed" one letter is
  half the name);
* the words are the same but one is an initial ("J. Smith" / "John Smith").

:func:`looks_like` checks one name against many (registration);
:func:`lookalike_pairs` finds every pair in a list (the members list) without
comparing each name with every other.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Sequence

#: A typo is only a typo in a name this long (letters, spaces aside).
TYPO_MIN_LETTERS = 4


def fold(name: str) -> str:
    """The name as compared for sameness: case, accents and extra spaces aside."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def words(name: str) -> tuple[str, ...]:
    """The name's words, folded: lower case, no accents, no punctuation.

    "Smith, John" is read as "John Smith" (a comma puts the surname first)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    if letters.count(",") == 1:
        surname, given = letters.split(",")
        letters = f"{given} {surname}"
    cleaned = "".join(c if c.isalnum() else " " for c in letters)
    return tuple(cleaned.split())


def _typo_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by at most one letter changed, added,
    removed, or two neighbours swapped."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = 0
    while start < len(a) and a[start] == b[start]:
        start += 1
    if len(a) < len(b):
        return a[start:] == b[start + 1 :]
    if a[start + 1 :] == b[start + 1 :]:
        return True
    return (
        start + 1 < len(a)
        and a[start] == b[start + 1]
        and a[start + 1] == b[start]
        and a[start + 2 :] == b[start + 2 :]
    )


def _initial_of(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Same words, except that some of one's are the other's initials."""
    if len(a) != len(b) or len(a) < 2:
        return False
    shortened = False
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        if (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y)):
            shortened = True
            continue
        return False
    # "J Smith" and "Jo Smith" are alike; "J" and "Jo" alone say nothing.
    return shortened and any(len(x) > 1 and x == y for x, y in zip(a, b, strict=True))


def alike(a: str, b: str) -> bool:
    """Whether the names ``a`` and ``b`` look like the same person's."""
    wa, wb = words(a), words(b)
    if not wa or not wb:
        return False
    if sorted(wa) == sorted(wb):
        return True
    # "Table 1" and "Table 2" are two people, however alike they are typed.
    if [w for w in wa if w.isdigit()] != [w for w in wb if w.isdigit()]:
        return False
    if _initial_of(wa, wb):
        return True
    joined_a, joined_b = " ".join(wa), " ".join(wb)
    if min(len(joined_a), len(joined_b)) - (len(wa) - 1) < TYPO_MIN_LETTERS:
        return False
    if _typo_apart(joined_a, joined_b):
        return True
    return len(wa) == len(wb) and _typo_apart(" ".join(sorted(wa)), " ".join(sorted(wb)))


def looks_like(name: str, others: Sequence[str]) -> list[str]:
    """Those of ``others`` that look like ``name``, in their order."""
    return [other for other in others if alike(name, other)]


def _keys(name: str) -> set[str]:
    """Strings that two look-alike names always share at least one of: the
    sorted words, each one-letter deletion of the name (in its order and in
    sorted order), and each word with the others reduced to initials."""
    ws = words(name)
    keys = {"=" + " ".join(sorted(ws))}
    for text in {" ".join(ws), " ".join(sorted(ws))}:
        keys.add("~" + text)
        keys.update("~" + text[:i] + text[i + 1 :] for i in range(len(text)))
    if len(ws) >= 2:
        for i, word in enumerate(ws):
            keys.add(f"^{i}:{word}:" + " ".join(w[0] for w in ws))
    return keys


def lookalike_pairs(names: Sequence[str]) -> list[tuple[int, int]]:
    """Every pair ``(i, j)``, ``i < j``, of ``names`` that look alike, in order.

    Names are grouped by keys they share (a name has about as many keys as
    letters), and only names in a group are compared, so a club of hundreds
    of members is checked in a blink."""
    groups: dict[str, list[int]] = defaultdict(list)
    for index, name in enumerate(names):
        for key in _keys(name):
            groups[key].append(index)
    candidates = {
        (group[x], group[y])
        for group in groups.values()
        if len(group) > 1
        for x in range(len(group))
        for y in range(x + 1, len(group))
    }
    return sorted((i, j) for i, j in candidates if alike(names[i], names[j]))
