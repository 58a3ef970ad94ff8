"""Properties of every deal, checked over seeded random deals played with
uniformly random legal actions (RULES.md sections 2, 3, 4 and 8).

The checks use a small reference reading of the rules written here from
RULES.md (trump order, point table, who may play what, who wins a trick), not
the engine's tables, so the engine is compared against the text.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import RULESETS, DealState, IllegalAction, new_deal
from scoring.rules.cards import CODES

RULESET_VALUES = [
    RULESETS["monterey-draw"],
    RULESETS["monterey-widow"],
    RULESETS["monterey-draw"].with_options(low_is_keeper=False, shoot_needs_ace_and_two=False),
    RULESETS["monterey-widow"].with_options(shoot_set_penalty=16, shoot_needs_ace_and_two=False),
]
deals = st.tuples(
    st.sampled_from(RULESET_VALUES),
    st.integers(0, 2**32 - 1),  # the deck's seed
    st.integers(0, 3),  # the dealer
    st.integers(0, 2**32 - 1),  # the players' choices
)

# -- a reference reading of RULES.md section 2

TRUMP_ORDER = list("AKQJT9876PL432")  # high to low
RANKS = "23456789TJQKA"  # low to high, inside a non-trump suit
PARTNER = {"S": "C", "C": "S", "H": "D", "D": "H"}
POINTS = {"A": 1, "J": 3, "T": 1, "P": 5, "L": 5, "2": 1}


def trump_role(code, trump):
    rank, suit = code
    if suit == trump:
        return "P" if rank == "5" else rank
    if rank == "5" and suit == PARTNER[trump]:
        return "L"
    return None


def is_trump(code, trump):
    return trump_role(code, trump) is not None


def points(code, trump):
    return POINTS.get(trump_role(code, trump) or "", 0)


def suit_of(code, trump):
    return trump if is_trump(code, trump) else code[1]


def trick_winner(played, trump):
    """RULES.md 3.8: the highest trump; if none, the highest of the led suit."""
    trumps = [(TRUMP_ORDER.index(trump_role(c, trump)), s) for s, c in played if is_trump(c, trump)]
    if trumps:
        return min(trumps)[1]
    led = played[0][1][1]
    return max((RANKS.index(c[0]), s) for s, c in played if c[1] == led)[1]


def in_hand_order(codes):
    return sorted(codes, key=CODES.index)


def expected_bids(state):
    """RULES.md 3.2 for the seat to act."""
    rs, seat, hand = state.rs, state.to_act, state.hand(state.to_act)
    bids = [int(action.split()[1]) for _, action in state.bids if action != "pass"]
    high = max(bids, default=0)
    stuck = seat == state.dealer and not bids
    legal = ["bid 6"] if stuck else ["pass"] + [f"bid {n}" for n in range(max(high + 1, 6), 17)]
    pair = any(f"A{s}" in hand and f"2{s}" in hand for s in "SHDC")
    if high < 32 and (pair or not rs.shoot_needs_ace_and_two):
        legal.append("bid 32")
    return legal


def expected_plays(state):
    """RULES.md 3.7 and 3.8 for the seat to act."""
    trump, seat = "SHDC"[state.trump], state.to_act
    hand = in_hand_order(state.hand(seat))
    trumps = [c for c in hand if is_trump(c, trump)]
    first_trick = not state.tricks
    if first_trick and len(hand) > 6:
        return [f"lay {c}" for c in trumps if not points(c, trump)]
    trick = [CODES[c] for _, c in state.trick]
    if not trick:
        allowed = trumps if first_trick and seat == state.bidder and trumps else hand
    elif is_trump(trick[0], trump):
        allowed = trumps
    else:
        led = suit_of(trick[0], trump)
        following = [c for c in hand if is_trump(c, trump) or suit_of(c, trump) == led]
        allowed = following if len(following) > len(trumps) else hand
    return [f"play {c}" for c in allowed]


# -- checks made at every step


def where_the_cards_are(state):
    places = [*state.hands, state.stock, state.wash, *(state.widows or []), *state.folded]
    places += [[c for _, c in state.trick], [c for _, c in state.laid]]
    for _, played, laid, _ in state.tricks:
        places.append([c for _, c in played] + [c for _, c in laid])
    return [card for place in places for card in place]


def check_step(state, shoot_pairs):
    """Everything that must hold in the state reached after any action."""
    assert sorted(where_the_cards_are(state)) == list(range(52))  # each card in one place
    legal = state.legal_actions()
    assert (state.phase == "done") == (state.to_act is None) == (legal == [])
    assert len(set(legal)) == len(legal)
    if state.phase == "bid":
        assert legal == expected_bids(state)
    elif state.phase == "trump":
        suits = "SHDC"
        if state.high_bid == 32 and state.rs.shoot_needs_ace_and_two:
            suits = [s for s in "SHDC" if s in shoot_pairs[state.bidder]]
        assert legal == [f"trump {s}" for s in suits]
    elif state.phase == "discard":
        trump, hand = "SHDC"[state.trump], state.hand(state.to_act)
        assert len(hand) > max(6, sum(is_trump(c, trump) for c in hand))
        assert legal == [f"discard {c}" for c in in_hand_order(hand) if not is_trump(c, trump)]
    elif state.phase == "fill":
        assert state.to_act == state.dealer and len(state.hand(state.dealer)) < 6
        source = state.stock or state.wash
        assert legal == [f"take {c}" for c in in_hand_order(CODES[c] for c in source)]
    elif state.phase == "play":
        assert legal == expected_plays(state)


def check_start_of_play(state):
    """RULES.md 3.6 and 3.7 (and 4): 6 cards each, more only if all trumps,
    and every trump in a hand."""
    trump = "SHDC"[state.trump]
    for seat in range(4):
        hand = state.hand(seat)
        assert len(hand) >= 6
        assert len(hand) == 6 or all(is_trump(c, trump) for c in hand), hand
    assert sum(is_trump(c, trump) for seat in range(4) for c in state.hand(seat)) == 14


def check_finished(state):
    """RULES.md 3.8 and 3.9, recomputed from the tricks."""
    trump, rs = "SHDC"[state.trump], state.rs
    taken, leader = [0, 0], state.bidder
    for trick_leader, played, laid, winner in state.tricks:
        played = [(s, CODES[c]) for s, c in played]
        assert trick_leader == leader == played[0][0]
        assert all(is_trump(CODES[c], trump) and not points(CODES[c], trump) for _, c in laid)
        order = [(leader + k) % 4 for k in range(4)]
        assert [s for s, _ in played] == [s for s in order if s in dict(played)]
        assert winner == trick_winner(played, trump)
        for seat, code in played:
            if points(code, trump):
                keeper = rs.low_is_keeper and trump_role(code, trump) == "2"
                taken[(seat if keeper else winner) % 2] += points(code, trump)
        leader = winner
    assert len(state.tricks) == 6
    assert tuple(taken) == state.captured() and sum(taken) == 16
    bidders = state.bidder % 2
    mine, theirs = taken[bidders], taken[1 - bidders]
    bid = state.high_bid
    if bid == 32:
        mine = 32 if mine == 16 else -rs.shoot_set_penalty
    elif mine < bid:
        mine = -bid
    assert state.score() == ((mine, theirs) if bidders == 0 else (theirs, mine))


def play_and_check(rs, seed, dealer, choices):
    state = new_deal(rs, dealer=dealer, seed=seed)
    rng = random.Random(choices)
    shoot_pairs = {}
    check_step(state, shoot_pairs)
    while state.phase != "done":
        if state.phase == "bid":
            hand = state.hand(state.to_act)
            shoot_pairs[state.to_act] = {s for s in "SHDC" if f"A{s}" in hand and f"2{s}" in hand}
        before = state.phase
        state.apply(rng.choice(state.legal_actions()))
        check_step(state, shoot_pairs)
        if state.phase == "play" and before != "play":
            check_start_of_play(state)
    check_finished(state)
    return state


@settings(max_examples=150, deadline=None)
@given(deals)
def test_sections_3_and_4_every_step_follows_the_rules_and_every_deal_scores_16(deal):
    play_and_check(*deal)


def test_sections_3_and_4_many_seeded_deals_follow_the_rules():
    for seed in range(300):
        play_and_check(RULESET_VALUES[seed % 4], seed, seed % 4, seed)


@settings(max_examples=40, deadline=None)
@given(deals)
def test_section_8_every_legal_action_applies(deal):
    rs, seed, dealer, choices = deal
    state, rng = new_deal(rs, dealer=dealer, seed=seed), random.Random(choices)
    while state.phase != "done":
        legal = state.legal_actions()
        for action in legal:
            DealState.from_json(state.to_json()).apply(action)
        state.apply(rng.choice(legal))


ACTION_WORDS = ["pass", "bid 7", "trump H", "discard 7C", "take 9S", "lay 6H", "play AH"]
EVERY_ACTION = [
    "pass",
    *(f"bid {n}" for n in range(0, 40)),
    *(f"trump {s}" for s in "SHDCX"),
    *(f"{verb} {code}" for verb in ("discard", "take", "lay", "play") for code in CODES),
]
garbage = st.one_of(
    st.sampled_from(EVERY_ACTION),
    st.text(max_size=12),
    st.sampled_from(ACTION_WORDS).map(lambda a: a.upper()),
    st.sampled_from(ACTION_WORDS).map(lambda a: f" {a}"),
    st.none(),
    st.integers(),
    st.binary(max_size=8),
    st.lists(st.sampled_from(ACTION_WORDS), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=60, deadline=None)
@given(deals, st.lists(garbage, min_size=1, max_size=8))
def test_section_8_any_other_action_raises_illegal_action_and_changes_nothing(deal, attempts):
    rs, seed, dealer, choices = deal
    state, rng = new_deal(rs, dealer=dealer, seed=seed), random.Random(choices)
    while True:
        legal = state.legal_actions()
        before = state.to_json()
        for action in attempts:
            if action in legal:
                continue
            try:
                state.apply(action)
            except IllegalAction as error:
                assert str(error)
            else:
                raise AssertionError(f"{action!r} was applied; legal: {legal}")
            assert state.to_json() == before and state.legal_actions() == legal
        if state.phase == "done":
            break
        state.apply(rng.choice(legal))
