"""Tennessee's exchange, calls and options (RULES.md 11.3 ``tennessee``,
11.4.14, 11.4.17-18), deal by hand-built deal, and over random deals."""

from __future__ import annotations

import json

import pytest

from scoring.rules import (
    RULESETS,
    DealState,
    IllegalAction,
    game_winner,
    new_deal,
    replay,
    validate_result,
)
from scoring.rules.bots import HeuristicBot, RandomBot, play_deal
from scoring.rules.cards import ANY_CARD

from .family_decks import deal, run

RS = RULESETS["tennessee"]
#: Dealer seat 0; the bidder is seat 1, its partner seat 3; no other seat is
#: dealt a trump (hearts), so the three non-bidders are filled with 18 cards.
HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S",
    "AH KH QH JH TH 9H 8H 7H 2S",  # the bidder: eight trumps and the 2S
    "AC KC QC JC TC 9C 8C 7C 6C",
    "AD KD QD TD 9D 8D 7D 6D 4D",  # the partner
]
#: The second deal, top first: seat 2, then seat 3 (six trumps), then seat 0.
STOCK = "5S 4S 3S 5C 4C 3C  6H 5H 4H 3H 2H JD  5D X1 X2 2C 3D 2D"
AUCTION = "bid 9, pass, pass, pass, trump H"


def at_exchange(rs=RS, hands=HANDS, stock=STOCK) -> DealState:
    return run(deal(rs, hands, stock), AUCTION)


def points_laid(state: DealState) -> int:
    pts = state.rs.point_table[state.trump]
    return sum(pts[card] for _, _, laid, _ in state.tricks for _, card in laid)


def test_steps_1_to_3_forced_discards_second_deal_and_a_widow_of_none():
    state = at_exchange()
    # Every non-trump of the non-bidders went; each was filled to 6 from the top.
    assert state.hand(2) == ["5S", "4S", "3S", "5C", "4C", "3C"]
    assert state.hand(3) == ["6H", "5H", "4H", "3H", "2H", "JD"]
    assert state.hand(0) == ["5D", "X1", "X2", "2C", "3D", "2D"]
    # They kept no trump: the 18 cards all went in the second deal, no widow.
    assert len(state.hand(1)) == 9 and state.view(1)["stock_count"] == 0
    assert (state.phase, state.to_act) == ("discard", 1)
    # Six trumps or more: the bidder may slide any card, or discard the non-trump.
    legal = state.legal_actions()
    assert legal[0] == "discard 2S" and "slide AH" in legal and "slide 2S" in legal
    assert "keep" not in legal and not any(a.startswith("take ") for a in legal)


def test_a_widow_holds_what_the_non_bidders_kept_in_trumps():
    hands = [HANDS[0], HANDS[1], "AC KC QC JC TC 9C 8C 6H 5H", HANDS[3]]
    stock = "5S 4S 3S 5C  4C 3C 7C 4H 3H 2H  JD 5D X1 X2 2C 3D  2D"
    state = at_exchange(hands=hands, stock=stock)
    assert state.hand(2) == ["6H", "5H", "5S", "4S", "3S", "5C"]  # two trumps kept, four more
    assert len(state.hand(1)) == 9 + 2 and state.hand(1)[-2:] == ["2D", "6C"]


def test_step_4_slides_then_discards_and_step_5_gives_to_the_right_and_step_6():
    state = at_exchange()
    run(state, "slide AH, slide KH")  # eight trumps, then seven: both may slide
    assert state.hand(3)[-2:] == ["AH", "KH"]
    # Six trumps left in seven cards: sliding is still open, or the non-trump goes.
    assert "slide QH" in state.legal_actions()
    run(state, "discard 2S")
    assert len(state.hand(1)) == 6 and state.to_act == 3
    # The partner holds eight trumps and no non-trump: it gives, any trump.
    assert state.legal_actions() == [
        f"give {c}" for c in ["AH", "KH", "6H", "5H", "4H", "3H", "2H", "JD"]
    ]
    run(state, "give 2H, give 3H")
    assert state.hand(2)[-2:] == ["2H", "3H"]  # to the opponent on the partner's right
    assert len(state.hand(3)) == 6 and state.to_act == 2
    # The seat given cards discards non-trumps until it holds six.
    legal = state.legal_actions()
    assert all(a.startswith("discard ") for a in legal) and "discard 2H" not in legal
    run(state, "discard 5S, discard 4S")
    assert state.phase == "play" and [len(state.hand(s)) for s in range(4)] == [6, 6, 6, 6]
    # No trump left play; only non-trumps were discarded.
    assert sum(1 for s in range(4) for c in state.hands[s] if state._ist[c]) == 17


def test_a_bidder_below_six_trumps_only_discards_non_trumps():
    hands = [HANDS[0], "AH KH QH JH TH 2S 3S 4S 5S", HANDS[2], HANDS[3]]
    stock = "9H 8H 7H 6H 4C 3C  5H 4H 3H 2H JD 5D  X1 X2 2C 3D 2D 5C"
    state = at_exchange(hands=hands, stock=stock)
    assert state.legal_actions() == ["discard 5S", "discard 4S", "discard 3S", "discard 2S"]
    with pytest.raises(IllegalAction, match="six trumps or more|6 trumps or more"):
        state.apply("slide AH")
    with pytest.raises(IllegalAction, match="never discarded"):
        state.apply("discard AH")


def test_step_7_a_non_bidder_dealt_seven_trumps_slides_or_keeps():
    hands = [HANDS[0], "AC KC QC JC TC 9C 8C 7C 6C", "AH KH QH JH TH 9H 8H 2S 3S", HANDS[3]]
    stock = "7H 6H 5H 4H 3H 2H  5S 4S 5C 4C 3C 2C  JD 5D X1 X2 3D 2D"
    state = run(deal(RS, hands, stock), "bid 9, pass, pass, pass, trump H")
    # The bidder (seat 1) takes the widow of six and discards non-trumps to six.
    assert len(state.hand(1)) == 15
    while state.to_act == 1:
        state.apply(state.legal_actions()[0])
    # Seat 2 kept seven trumps; it may keep them all, or slide to seat 0.
    assert state.to_act == 2 and state.legal_actions()[:2] == ["keep", "slide AH"]
    run(state, "slide 8H")
    assert state.hand(0)[-1] == "8H" and len(state.hand(2)) == 6
    # Its partner then does step 5: seven cards, non-trumps first.
    assert state.to_act == 0 and all(a.startswith("discard ") for a in state.legal_actions())
    state.apply(state.legal_actions()[0])
    assert state.phase == "play"


def test_step_7_keep_and_the_extra_trump_is_laid_on_the_first_trick():
    hands = [HANDS[0], "AC KC QC JC TC 9C 8C 7C 6C", "AH KH QH JH TH 9H 8H 2S 3S", HANDS[3]]
    stock = "7H 6H 5H 4H 3H 2H  5S 4S 5C 4C 3C 2C  JD 5D X1 X2 3D 2D"
    state = run(deal(RS, hands, stock), "bid 9, pass, pass, pass, trump H")
    while state.to_act == 1:
        state.apply(state.legal_actions()[0])
    run(state, "keep")
    assert state.phase == "play" and len(state.hand(2)) == 7
    run(state, "pass, pass")  # the throw-in calls
    while not state.tricks and state.to_act is not None:
        legal = state.legal_actions()
        if state.to_act == 2 and len(state.hand(2)) == 7:
            assert legal == ["lay KH", "lay QH", "lay 9H", "lay 8H"]  # non-point trumps
        state.apply(legal[0])
    assert state.view(0)["tricks"][0]["laid"] == [[2, "KH"]]


def test_views_hide_discards_slides_and_gives_from_every_other_seat():
    state = at_exchange()
    run(state, "slide AH, slide KH, discard 2S, give 2H, give 3H, discard 5S")
    for seat in range(4):
        view = state.view(seat)
        assert "discards" not in view  # Tennessee's discards are face down
        text = json.dumps({k: v for k, v in view.items() if k != "hand"})
        others = set(state.hand(seat)) | {c for c in view["my_discards"]}
        for code in ("AH", "KH", "2H", "3H", "2S", "5S"):
            if code not in others:
                assert f'"{code}"' not in text, (seat, code)
    assert state.view(1)["my_discards"] == ["2S"]
    assert state.view(2)["my_discards"][-1] == "5S"
    assert state.view(0)["moves"] == [
        [1, 3, "slide"],
        [1, 3, "slide"],
        [3, 2, "give"],
        [3, 2, "give"],
    ]


def finished_exchange(rs=RS) -> DealState:
    state = at_exchange(rs)
    return run(state, "slide AH, slide KH, discard 2S, give 2H, give 3H, discard 5S, discard 4S")


def test_throw_in_the_seat_left_then_right_of_the_bidder_concede_or_pass():
    state = finished_exchange()
    assert (state.phase, state.to_act, state.legal_actions()) == ("play", 2, ["pass", "concede"])
    run(state, "pass")
    assert (state.to_act, state.legal_actions()) == (0, ["pass", "concede"])
    run(state, "concede")
    assert state.phase == "done" and not state.tricks
    assert state.captured() == (0, RS.total_points)
    assert state.score() == (0, RS.total_points)
    record = state.record()
    assert set(record["cards"].values()) == {1} and len(record["cards"]) == len(RS.points)
    assert validate_result(RS, record | {"deal": 1}) == []
    log = {"dealer": 0, "deck": state.to_json()["deck"], "actions": state.log}
    assert validate_result(RS, record | {"deal": 1, "log": log}) == []


def test_throw_in_two_passes_and_the_bidder_leads():
    state = run(finished_exchange(), "pass, pass")
    assert state.to_act == 1 and state.legal_actions()[0].startswith("play ")


def test_throw_in_off_no_calls():
    state = finished_exchange(RS.with_options(throw_in=False))
    assert state.to_act == 1 and all(a.startswith("play ") for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply("concede")


NO_POINTS = "KS QS 9S KH QH 9H KD QD 9D"


def test_misdeal_open_only_to_a_hand_that_cannot_score_with_the_option():
    hands = ["", NO_POINTS, "", ""]
    assert "misdeal" not in deal(RS, hands).legal_actions()
    rs = RS.with_options(misdeal_no_points=True)
    state = deal(rs, hands)
    assert state.legal_actions()[-1] == "misdeal"
    run(state, "misdeal")
    assert (state.phase, state.to_act, state.bidder) == ("done", None, None)
    assert state.captured() == (0, 0) and state.score() == (0, 0)
    assert state.view(2)["misdeal"] is True
    with pytest.raises(ValueError, match="no hand-result record"):
        state.record()
    state = deal(rs, hands)
    run(state, "pass")  # seat 2 holds aces: no misdeal for it
    with pytest.raises(IllegalAction, match="no card that can score"):
        state.apply("misdeal")
    assert DealState.from_json(json.loads(json.dumps(run(deal(rs, hands), "misdeal").to_json())))


def test_shoot_the_moon_a_made_17_wins_at_once_only_with_the_option():
    on = RS.with_options(shoot_the_moon=True)
    top = RS.total_points
    assert game_winner(on, (top, 3), 0, True, bid=top) == 0
    assert game_winner(RS, (top, 3), 0, True, bid=top) is None
    assert game_winner(on, (top, 3), 0, True, bid=top - 1) is None
    assert game_winner(on, (-top, 3), 0, False, bid=top) is None


OLD_LOG = [
    *AUCTION.split(", "),
    "discard 5S",
    "discard 4S",
    "keep",
    "discard 2S",
    "keep",
    "take 6H",
]


def test_a_deal_stored_under_the_old_exchange_resumes_at_the_new_one():
    state = deal(RS, HANDS, STOCK)
    data = state.to_json() | {"log": OLD_LOG}
    loaded = DealState.from_json(data)
    assert loaded.log == AUCTION.split(", ")
    assert (loaded.phase, loaded.to_act) == ("discard", 1)
    replayed = replay(RS, OLD_LOG, deck=data["deck"], dealer=0)
    assert replayed.log == loaded.log


def test_a_bad_new_log_is_still_refused():
    data = deal(RS, HANDS, STOCK).to_json() | {"log": [*AUCTION.split(", "), "slide 2S", "x"]}
    with pytest.raises(ValueError):
        DealState.from_json(data)


@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_over_200_bot_deals_every_point_is_captured_unless_laid(bots):
    """11.3 step 8: only non-trumps leave play, so a deal is played for all
    17 points unless a point trump must be laid on the first trick."""
    rs = RS.with_options(misdeal_no_points=True)
    played = short = 0
    for seed in range(200):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        kind = HeuristicBot if bots == "heuristic" else RandomBot
        play_deal(state, [kind(seed * 4 + k) for k in range(4)])
        assert state.phase == "done"
        if state.tn_misdeal:
            assert state.captured() == (0, 0)
            continue
        played += 1
        assert sum(state.captured()) + points_laid(state) == rs.total_points
        short += points_laid(state) > 0
        # Discards are non-trumps only: every trump ended in a trick or laid.
        assert not any(state._ist[c] for seat in range(4) for c in state.discards[seat])
    assert played > 150 and short < played // 10


def test_a_bot_plays_a_whole_deal_with_every_step():
    state = at_exchange()
    bots = [HeuristicBot(k) for k in range(4)]
    while state.to_act is not None:
        action = bots[state.to_act].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert state.phase == "done"
    assert sum(state.captured()) + points_laid(state) == RS.total_points


def test_card_codes_used_exist():
    assert all(code in ANY_CARD for code in STOCK.split())


def test_no_view_lists_a_discard_that_is_back_in_a_hand_nor_another_seats_discards():
    """11.4.14: Tennessee's discards are face down, and a discard listed is
    one still out of play."""
    for seed in range(40):
        state = new_deal(RS, dealer=seed % 4, seed=seed)
        bots = [RandomBot(seed * 4 + k) for k in range(4)]
        while state.to_act is not None:
            held = {code for seat in range(4) for code in state.hand(seat)}
            for seat in range(4):
                view = state.view(seat)
                assert "discards" not in view
                assert not held & set(view["my_discards"])
            state.apply(bots[state.to_act].choose(state))


def test_refusals_say_who_slides_and_who_gives():
    state = at_exchange()
    with pytest.raises(IllegalAction, match="gives trumps"):
        state.apply("give AH")
    with pytest.raises(IllegalAction, match="only a non-bidder dealt more trumps"):
        state.apply("keep")
    run(state, "slide AH, slide KH, discard 2S, give 2H")
    with pytest.raises(IllegalAction, match="slides cards"):
        state.apply("slide AH")
    with pytest.raises(IllegalAction, match="concede the deal or pass"):
        finished_exchange().apply("play QH")


def test_step_7_a_player_who_slid_then_keeps_still_sends_its_partner_to_step_5():
    hands = [HANDS[0], "AC KC QC JC TC 9C 8C 7C 6C", "AH KH QH JH TH 9H 8H 7H 2S", HANDS[3]]
    stock = "6H 5H 4H 3H 2H JD  5S 4S 3S 5C 4C 3C  5D X1 X2 2C 3D 2D"
    state = run(deal(RS, hands, stock), "bid 9, pass, pass, pass, trump H")
    while state.to_act == 1:
        state.apply(state.legal_actions()[0])
    run(state, "slide 7H, keep")  # eight trumps: one slid, seven kept
    assert len(state.hand(2)) == 7 and len(state.hand(0)) == 7
    assert state.phase == "discard" and state.to_act == 0
    assert all(a.startswith("discard ") for a in state.legal_actions())
