"""The N-seat games (RULES.md 12.1-12.4): five-hand Pedro and Railroad with
a called partner, Pedro for 2 to 6 players and the original Pedro, each
seat for itself; the worked cases of the rulings."""

from __future__ import annotations

import pytest

from scoring.rules import RULESETS, IllegalAction, RulesetError, new_deal, validate_result
from scoring.rules.cards import ANY_CARD, SUITS
from scoring.rules.rulesets import SEAT_RULESETS
from scoring.rules.seats import SeatDeal, seat_game_winner, seat_scores

from .seat_decks import run, seat_deal

FIVE, RAILROAD = SEAT_RULESETS["five-hand"], SEAT_RULESETS["railroad"]
INDIVIDUAL, ORIGINAL = SEAT_RULESETS["individual"], SEAT_RULESETS["original"]


def finish(state):
    while state.to_act is not None:
        state.apply(state.legal_actions()[0])
    return state


# ------------------------------------------------------------ the rows (12.2)


def test_12_2_the_rows():
    assert (FIVE.players, FIVE.cards_dealt, FIVE.deal_packets, FIVE.kitty_size) == (
        5, 10, (3, 3, 4), 2,
    )  # fmt: skip
    assert FIVE.stock_size == 0 and FIVE.total_points == 16 and FIVE.target == 104
    assert (RAILROAD.players, RAILROAD.cards_dealt, RAILROAD.stock_size) == (5, 6, 22)
    assert RAILROAD.alone and RAILROAD.call == "trump" and RAILROAD.target == 62
    for rs in (FIVE, RAILROAD):
        assert rs.bids() == tuple(range(6, 17)) and rs.dealer_stuck_bid == 6
        assert rs.low_is_keeper and not rs.cards_can_leave_play
    assert INDIVIDUAL.players == 3 and INDIVIDUAL.total_points == 14
    assert INDIVIDUAL.bids() == tuple(range(6, 15))
    assert ORIGINAL.players == 4 and ORIGINAL.total_points == 18 and ORIGINAL.target == 50
    assert ORIGINAL.bids() == tuple(range(1, 19)) and ORIGINAL.dealer_stuck_bid == 1


@pytest.mark.parametrize(("players", "dealt", "stock"), [(2, 9, 34), (3, 9, 25), (4, 9, 16),
                                                          (5, 6, 22), (6, 6, 16)])  # fmt: skip
def test_12_4_19_individual_deal_size_follows_the_players(players, dealt, stock):
    rs = INDIVIDUAL.with_options(players=players)
    assert (rs.cards_dealt, rs.stock_size, rs.players) == (dealt, stock, players)
    state = new_deal(rs, dealer=players - 1, seed=5)
    assert state.seats == players and all(len(state.hand(s)) == dealt for s in range(players))


def test_12_2_players_outside_the_game_are_refused():
    for rs, players in ((INDIVIDUAL, 1), (INDIVIDUAL, 7), (ORIGINAL, 3), (ORIGINAL, 8)):
        with pytest.raises(RulesetError):
            rs.with_options(players=players)


def test_12_4_21_22_the_original_tables():
    assert dict(ORIGINAL.points) == {"A": 1, "J": 1, "T": 1, "9": 9, "P": 5, "2": 1}
    dom = ORIGINAL.with_options(table="dom")
    snoozer = ORIGINAL.with_options(table="snoozer", players=7)
    assert (dom.total_points, dom.max_bid, dom.pack) == (21, 21, "52")
    assert (snoozer.total_points, snoozer.max_bid, snoozer.pack) == (36, 36, "53")
    assert snoozer.trump_order[-2:] == ("2", "X1") and snoozer.stock_size == 53 - 42
    # No left pedro: the five of the same colour is a plain card.
    hearts = SUITS.index("H")
    assert not ORIGINAL.tables.is_trump[hearts][ANY_CARD["5D"]]


# --------------------------------------------------------- railroad (12.4.5-7)

RAILROAD_HANDS = [
    "8H 7H 6H 5H 5D 4H",  # seat 0: six trumps
    "3H 2H AS KS QS JS",  # seat 1: the 3 and the 2
    "",  # seat 2
    "",  # seat 3
    "AH KH QH JH TH 9H",  # seat 4, the dealer
]


def railroad_at_call():
    state = seat_deal(RAILROAD, RAILROAD_HANDS, dealer=4)
    return run(state, "pass, pass, pass, pass, bid 6, trump H")


def test_12_4_5_railroad_every_trump_is_in_a_hand_at_the_call():
    state = railroad_at_call()
    assert state.phase == "call" and state.to_act == 4
    assert all(len(state.hand(seat)) == 6 for seat in range(5))
    # 12.4.7: any trump not in the bidder's hand, or alone.
    assert state.legal_actions() == [
        "call 8H", "call 7H", "call 6H", "call 5H", "call 4H", "call 3H", "call 2H",
        "call 5D", "alone",
    ]  # fmt: skip
    assert state.team(1) is None  # nobody's side is known before the call
    with pytest.raises(IllegalAction):
        state.apply("call AH")  # his own


def test_12_3_the_called_card_is_the_holders_only_card_and_stays_hidden():
    state = run(railroad_at_call(), "call 2H")
    assert state.partner == 1 and state.team(1) == 0 and state.team(4) == 0
    assert [state.team(seat) for seat in (0, 2, 3)] == [1, 1, 1]
    # The call is public; the holder knows; nobody else, the bidder included.
    assert all(state.view(seat)["call"] == "2H" for seat in range(5))
    assert state.view(1)["partner"] == 1
    assert [state.view(seat)["partner"] for seat in (0, 2, 3, 4)] == [None] * 4
    run(state, "play AH")
    assert state.to_act == 0 and all(a[-1] in "HD" for a in state.legal_actions())
    run(state, "play 8H")
    assert state.legal_actions() == ["play 2H"]  # the called card, nothing else
    run(state, "play 2H")
    assert all(state.view(seat)["partner"] == 1 for seat in range(5))
    # Seats 2 and 3 hold no trump: out on the trump lead.
    assert state.out[2] and state.out[3] and state.to_act == 4
    finish(state)
    b, o = state.side_points()
    assert b + o == 16 and sum(state.captured()) == 16
    score = state.score()
    assert score[4] == score[1] and score[0] == score[2] == score[3] == o
    assert score[4] == (b if b >= 6 else -6)
    record = state.record()
    assert record["call"] == "2H" and record["partner"] == 1 and record["side_points"] == [b, o]


def test_12_3_going_alone_doubles_both_sides():
    state = finish(run(railroad_at_call(), "alone"))
    assert state.went_alone and state.partner is None
    assert all(state.view(seat)["partner"] == "none" for seat in range(5))
    b, o = state.side_points()
    score = state.score()
    assert score[4] == (2 * b if b >= 6 else -12)
    assert all(score[seat] == 2 * o for seat in range(4))
    assert state.record()["alone"] is True and "call" not in state.record()


# ------------------------------------------------------- five-hand (12.4.8-13)

FIVE_HANDS = [
    "7H 6H 5H 4H 3H 2H AD 5D 3C 2C",  # seat 0, the dealer: no trump
    "AS KS QS JS TS 9S 8S 7S 6S 2D",  # seat 1, the bidder: nine trumps
    "5S 5C KD QD JD TD 9D 8D 7D 6D",  # seat 2: the two pedros
    "AC KC QC JC TC 9C 8C 7C 6C 4C",  # seat 3: clubs, no trump
    "4S 3S 2S AH KH QH JH TH 9H 8H",  # seat 4: three small trumps
]


def five_at_discards():
    state = seat_deal(FIVE, FIVE_HANDS, rest="3D 4D", dealer=0)
    run(state, "bid 6, pass, pass, pass, pass")
    # 12.4.8: the two spares go to the bidder before trump, seen by him only.
    assert state.phase == "trump" and len(state.hand(1)) == 12
    assert {"3D", "4D"} <= set(state.view(1)["hand"])
    assert all("3D" not in str(state.view(seat)) for seat in (0, 2, 3, 4))
    return run(state, "trump S")


def five_at_call():
    """Every seat's discards, checked on the way (RULES.md 12.4.9, 11)."""
    state = five_at_discards()
    # The bidder holds nine trumps: every non-trump goes, one action each.
    assert state.to_act == 1 and state.legal_actions() == ["discard 4D", "discard 3D", "discard 2D"]
    run(state, "discard 3D, discard 2D, discard 4D")
    assert state.to_act == 2 and len(state.legal_actions()) == 8  # his eight non-trumps
    run(state, "discard KD, discard QD, discard JD, discard TD")
    assert state.to_act == 3 and len(state.hand(2)) == 6
    run(state, "discard AC, discard KC, discard QC, discard JC")
    run(state, "discard AH, discard KH, discard QH, discard JH")
    assert state.to_act == 0
    run(state, "discard AD, discard 5D, discard 3C, discard 2C")
    assert state.phase == "call" and state.to_act == 1
    # Discards are face down: each seen by its owner only.
    assert state.view(2)["my_discards"] == ["KD", "QD", "JD", "TD"]
    # (The bidder, to act, may call any card he has not held: KD is a call.)
    assert "KD" not in str([state.view(seat) for seat in (0, 3, 4)])
    assert "KD" not in str({k: v for k, v in state.view(1).items() if k != "legal"})
    return state


def test_12_4_9_five_hand_discards_non_trumps_down_to_six():
    state = five_at_call()
    assert [len(state.hand(seat)) for seat in range(5)] == [6, 9, 6, 6, 6]


def test_12_4_12_the_bidder_calls_any_card_he_has_not_held():
    state = five_at_call()
    calls = state.legal_actions()
    assert len(calls) == 52 - 12 and "call 2D" not in calls and "call 3D" not in calls
    assert "call AS" not in calls and "call KD" in calls and "call 9C" in calls


def test_12_4_12_a_discarded_call_leaves_the_bidder_alone_against_four():
    state = run(five_at_call(), "call KD")
    assert state.partner is None and not state.went_alone
    assert [state.team(seat) for seat in range(5)] == [1, 0, 1, 1, 1]
    assert all(state.view(seat)["partner"] is None for seat in range(5))
    # 12.4.13: nine cards for six tricks: the lowest non-point trump, one a trick.
    assert state.legal_actions() == ["lay 6S"]
    run(state, "lay 6S")
    assert state.legal_actions() == ["play AS", "play KS", "play QS", "play JS", "play TS",
                                     "play 9S", "play 8S", "play 7S"]  # fmt: skip
    while state.tricks == []:
        state.apply(state.legal_actions()[0])
    assert all(state.view(seat)["partner"] == "none" for seat in range(5))
    assert state.legal_actions() == ["lay 7S"]
    finish(state)
    b, o = state.side_points()
    assert b + o == 16  # 12.4.10: no point leaves play
    score = state.score()
    assert score[1] == (b if b >= 6 else -6)  # alone by chance: nothing doubled
    assert all(score[seat] == o for seat in (0, 2, 3, 4))
    assert state.record()["partner"] is None and state.record()["call"] == "KD"


def test_12_4_12_the_called_card_overrides_folding_and_following():
    state = run(five_at_call(), "call 9C, lay 6S")
    run(state, "play AS")
    assert state.to_act == 2 and state.legal_actions() == ["play 5S", "play 5C"]
    run(state, "play 5C")
    # Seat 3 holds no trump on a trump lead, but the called club: no fold.
    assert state.to_act == 3 and state.legal_actions() == ["play 9C"] and not state.out[3]
    assert [state.view(seat)["partner"] for seat in range(5)] == [None, None, None, 3, None]
    run(state, "play 9C")
    assert all(state.view(seat)["partner"] == 3 for seat in range(5))
    run(state, "play 2S")  # seat 4: the keeper 2, for whoever played it
    assert state.out[0]  # the dealer holds no trump: out
    assert state.tricks[0][3] == 1
    # The ace and the left pedro to the trick's winner, the 2 to seat 4.
    assert state.captured() == (0, 6, 0, 0, 1)


# ----------------------------------------------------------- scoring (12.3)


def test_12_3_called_partner_scores():
    points = (2, 5, 0, 4, 5)  # bidder 1 and partner 3: B = 9, O = 7
    assert seat_scores(RAILROAD, bid=8, bidder=1, partner=3, alone=False, points=points) == (
        7, 9, 7, 9, 7,
    )  # fmt: skip
    assert seat_scores(RAILROAD, bid=10, bidder=1, partner=3, alone=False, points=points) == (
        7, -10, 7, -10, 7,
    )  # fmt: skip
    alone = (2, 9, 0, 0, 5)
    assert seat_scores(RAILROAD, bid=8, bidder=1, partner=None, alone=True, points=alone) == (
        14, 18, 14, 14, 14,
    )  # fmt: skip
    assert seat_scores(RAILROAD, bid=10, bidder=1, partner=None, alone=True, points=alone) == (
        14, -20, 14, 14, 14,
    )  # fmt: skip
    assert seat_scores(FIVE, bid=8, bidder=1, partner=None, alone=False, points=alone) == (
        7, 9, 7, 7, 7,
    )  # fmt: skip


def test_12_3_individual_scores():
    assert seat_scores(INDIVIDUAL, bid=6, bidder=0, partner=None, alone=False,
                       points=(7, 3, 2)) == (7, 3, 2)  # fmt: skip
    assert seat_scores(INDIVIDUAL, bid=8, bidder=0, partner=None, alone=False,
                       points=(7, 3, 2)) == (-8, 3, 2)  # fmt: skip


def test_12_4_17_n_seat_game_end():
    # Nobody there yet.
    assert seat_game_winner((50, 40, 61, 0, 3), 62, bidder=2, partner=0, bid_made=True) is None
    # A made bid: the bidder, then the partner.
    assert seat_game_winner((70, 40, 63, 0, 3), 62, bidder=2, partner=0, bid_made=True) == 2
    assert seat_game_winner((70, 40, 60, 0, 3), 62, bidder=2, partner=0, bid_made=True) == 0
    # Set: the highest total; a tie there names nobody yet.
    assert seat_game_winner((70, 64, 63, 0, 3), 62, bidder=2, partner=0, bid_made=False) == 0
    assert seat_game_winner((64, 64, 20, 0, 3), 62, bidder=2, partner=0, bid_made=False) is None


# ------------------------------------------------------- individual (12.4.20)


def test_12_4_20_no_rob_with_three_players():
    state = new_deal(INDIVIDUAL, dealer=2, seed=11)
    run(state, "pass, pass, bid 6, trump S")
    while state.phase == "discard":
        legal = state.legal_actions()
        state.apply("keep" if "keep" in legal else legal[-1])
    # Everyone filled from the top, the dealer too; nobody robs.
    assert state.phase == "play" and all(len(state.hand(s)) == 6 for s in range(3))
    assert state.view(0)["stock_trumps"] == []  # the rest of the stock is never shown
    assert state.team(2) == 0 and state.team(0) == 1


def test_12_4_20_the_dealer_robs_with_four_players():
    rs = INDIVIDUAL.with_options(players=4)
    state = new_deal(rs, dealer=3, seed=4)
    run(state, "bid 6, pass, pass, pass, trump H")
    while state.phase == "discard":
        legal = state.legal_actions()
        short = state.to_act == 3 and len(state.hand(3)) > 4  # the dealer lets more go
        state.apply("keep" if "keep" in legal and not short else legal[-1])
    assert state.phase == "fill" and state.to_act == 3
    assert state.view(3)["stock"] and "stock" not in state.view(0)


# --------------------------------------------------------- original (12.4.21)


def test_12_4_21_original_no_exchange_and_follow_or_trump():
    state = new_deal(ORIGINAL.with_options(players=6), dealer=5, seed=2)
    assert all(len(state.hand(s)) == 6 for s in range(6))
    run(state, "pass, pass, pass, pass, pass, bid 1, trump D")
    assert state.phase == "play" and state.to_act == 5
    assert len(state.legal_actions()) == 6  # the bidder leads any card
    finish(state)
    assert sum(state.captured()) <= 18 and not any(state.out)
    assert state.record()["seat_points"] == list(state.captured())


# ---------------------------------------------------------------- the surface


def test_12_1_6_json_round_trip_and_refusals():
    state = new_deal(RAILROAD, dealer=2, seed=9)
    with pytest.raises(IllegalAction):
        state.apply("bid 5")
    with pytest.raises(ValueError):
        new_deal(RAILROAD, dealer=5, seed=1)
    finish(state)
    again = SeatDeal.from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.score() == state.score()
    with pytest.raises(IllegalAction, match="the deal is over"):
        state.apply("pass")


# ------------------------------------------------------- records (12.1.8)


def fields(rs, record):
    return sorted(error.field for error in validate_result(rs, record))


RAILROAD_RECORD = {
    "seats": 5, "deal": 2, "first_dealer": 3, "dealer": 4, "bidder": 1, "bid": 8,
    "trump": "H", "call": "2H", "partner": 3, "side_points": [9, 7],
    "tally": [7, 9, 7, 9, 7],
}  # fmt: skip


def test_12_1_8_a_railroad_record_and_each_refusal():
    rs = RAILROAD
    assert validate_result(rs, RAILROAD_RECORD) == []
    for change, field in (
        ({"seats": 4}, "seats"),
        ({"dealer": 0}, "dealer"),
        ({"bidder": 5}, "bidder"),
        ({"bid": 5}, "bid"),
        ({"trump": "X"}, "trump"),
        ({"call": "2S"}, "call"),  # not a trump of hearts
        ({"call": "ZZ"}, "call"),
        ({"partner": 1}, "partner"),  # the bidder himself
        ({"partner": None}, "partner"),
        ({"side_points": [9, 6]}, "side_points"),
        ({"tally": [7, 9, 7, 9, 8]}, "tally"),
        ({"alone": True}, "alone"),  # with a call and a partner
    ):
        assert fields(rs, {**RAILROAD_RECORD, **change}) == [field], change
    alone = {**RAILROAD_RECORD, "alone": True, "call": None, "partner": None,
             "tally": [14, 18, 14, 14, 14]}  # fmt: skip
    assert validate_result(rs, alone) == []
    assert fields(rs, {**alone, "tally": [7, 9, 7, 7, 7]}) == ["tally"]


def test_12_1_8_five_hand_without_a_partner_and_never_alone():
    record = {**RAILROAD_RECORD, "call": "KD", "partner": None, "tally": [7, 9, 7, 7, 7]}
    assert validate_result(FIVE, record) == []
    alone = {**record, "alone": True, "call": None}
    assert fields(FIVE, alone) == ["alone"]


def test_12_1_8_individual_records():
    rs = INDIVIDUAL.with_options(players=4)
    record = {"seats": 4, "deal": 1, "dealer": 0, "bidder": 2, "bid": 7,
              "seat_points": [3, 0, 6, 1], "tally": [3, 0, -7, 1]}  # fmt: skip
    assert validate_result(rs, record) == []
    assert fields(rs, {**record, "seat_points": [3, 0, 6, 6]}) == ["seat_points"]  # 15 > 14
    assert fields(rs, {**record, "seat_points": [3, 0, 6]}) == ["seat_points"]
    assert fields(rs, {**record, "seats": 3}) == ["seats"]
    assert fields(rs, {**record, "tally": [3, 0, 6, 1]}) == ["tally"]


def test_12_1_6_four_seat_games_keep_section_8():
    for name in ("monterey-draw", "dom-pedro", "pitch"):
        state = new_deal(RULESETS[name], dealer=1, seed=3)
        assert type(state).__name__ != "SeatDeal" and state.seats == 4
        assert [state.team(seat) for seat in range(4)] == [0, 1, 0, 1]
        assert len(state.captured()) == 2


HOSTILE = ([], {}, [1], {"S": 1}, "x", "", -1, 10**12, 1.5, True, None)


@pytest.mark.parametrize(
    "rs, record",
    [
        (RAILROAD, RAILROAD_RECORD),
        (INDIVIDUAL.with_options(players=4), {"seats": 4, "deal": 1, "dealer": 0, "bidder": 2,
         "bid": 7, "seat_points": [3, 0, 6, 1], "tally": [3, 0, -7, 1]}),
    ],
    ids=["called", "individual"],
)  # fmt: skip
def test_12_1_8_any_value_in_any_field_is_refused_never_raised(rs, record):
    """The validator answers with errors, whatever a field holds."""
    for field in record:
        for value in HOSTILE:
            errors = validate_result(rs, {**record, field: value})
            assert isinstance(errors, list), (field, value)
            if value != record[field] and not (value is True and record[field] == 1):
                assert all(error.field for error in errors), (field, value)
