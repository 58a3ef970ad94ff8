"""What the bot tests share: a state that offers a bot nothing but what a
fair player gets, whole deals played through it, and the check that a
bot's choice does not change with the hands its seat cannot see."""

from __future__ import annotations


class ViewOnly:
    """Whose turn it is, the legal actions (the random bot reads them), and
    that seat's view, counted; asking for another seat's view fails."""

    __slots__ = ("_state", "views")

    def __init__(self, state) -> None:
        self._state = state
        self.views = 0

    @property
    def to_act(self) -> int:
        return self._state.to_act

    @property
    def legal(self):
        return self._state.legal

    def view(self, seat: int) -> dict:
        assert seat == self._state.to_act, "the bot asked for another seat's view"
        self.views += 1
        return self._state.view(seat)


def blind_to_hidden_hands(state, driver, choose, shuffled, rng) -> tuple[int, int]:
    """Play ``state`` out with ``driver``; at each choice of the auction,
    trump or play, assert that ``choose(state)`` (a fresh bot's action) is
    the same for ``shuffled(state, seat, rng)``, a copy whose other hands are
    dealt again among themselves.  Returns how many choices were compared
    and in how many the copy's hands differed."""
    compared = differed = 0
    while state.to_act is not None:
        seat = state.to_act
        if len(state.legal) > 1 and state.phase in ("bid", "trump", "play"):
            other = shuffled(state, seat, rng)
            differed += other.hands != state.hands
            assert choose(other) == choose(state)
            compared += 1
        state.apply(driver.choose(state))
    return compared, differed


def others_shuffled(state, seat: int, rng):
    """A copy of ``state`` whose other hands are dealt again among themselves
    from the same cards, each keeping its size (in a called-partner game the
    partner is whoever now holds the called card, while it is unplayed):
    what ``seat`` sees is the same."""
    other = type(state).from_json(state.to_json())
    seats = [s for s in range(len(other.hands)) if s != seat]
    cards = [card for s in seats for card in other.hands[s]]
    rng.shuffle(cards)
    for s in seats:
        size = len(other.hands[s])
        other.hands[s], cards = sorted(cards[:size]), cards[size:]
    called = getattr(other, "called", None)
    if called is not None and other.partner != seat and not other._partner_public():
        holder = [s for s in seats if called in other.hands[s]]
        other.partner = holder[0] if holder else None
    assert other.view(seat) == state.view(seat)
    return other


def play_from_views(state, bots) -> None:
    """Play ``state`` to its end, each seat's bot choosing through a
    :class:`ViewOnly` of it: asked once for its view, always legal, and
    leaving the state alone."""
    while state.to_act is not None:
        before, legal = state.to_json(), state.legal_actions()
        proxy = ViewOnly(state)
        action = bots[state.to_act].choose(proxy)
        assert proxy.views == 1
        assert action in legal
        assert state.to_json() == before
        state.apply(action)
