"""Party files with a few of their values replaced by arbitrary JSON-like
ones: what the reader's and the loader's fuzz tests are given."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from hypothesis import strategies as st


def jsonish(keys: Iterable[str]) -> st.SearchStrategy:
    """JSON-like values: scalars a file may hold by mistake, and small lists
    and objects of them, keyed by a party file's own names (``keys``) or any."""
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers(min_value=-(2**70), max_value=2**70)
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(max_size=6)
        | st.sampled_from(["Ana", "H", "A", "²", "1", "open", "low_score", "\x00"]),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(
                st.sampled_from([*keys, "deals", "table", "deal", "bid", "open", "1"]) | st.text(),
                children,
                max_size=4,
            )
        ),
        max_leaves=12,
    )


def places(value, path: tuple = ()) -> Iterator[tuple]:
    """The path of every value in ``value``, the whole (``()``) first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


def mutated_files(example: Callable[[], dict]) -> st.SearchStrategy:
    """``example()`` with one to three of its values (or the whole) replaced."""
    spots = list(places(example()))
    values = jsonish(example())

    @st.composite
    def files(draw):
        data = example()
        for _ in range(draw(st.integers(min_value=1, max_value=3))):
            path = draw(st.sampled_from(spots))
            value = draw(values)
            if not path:
                return value
            target = data
            try:
                for step in path[:-1]:
                    target = target[step]
                target[path[-1]] = value
            except (KeyError, IndexError, TypeError):
                continue  # an earlier change removed this place
        return data

    return files()
