"""The play: extra trumps, leads, following, going out, winning tricks and the
keeper 2 (RULES.md sections 3.7, 3.8 and 8).  Every scenario is built under
both rulesets ("Play and scoring as Draw", section 4); hearts are trumps, so
the 14 trumps are the hearts and the 5D (the left pedro)."""

import pytest

from scoring.rules import RULESETS, IllegalAction
from scoring.rules.cards import CODES

from .decks import play_first_legal, state_at_play


@pytest.fixture(params=["monterey-draw", "monterey-widow"])
def rs(request):
    return RULESETS[request.param]


def plays(*codes):
    return [f"play {code}" for code in codes]


def apply_all(state, *actions):
    for action in actions:
        state.apply(action)


# -- 3.8 the first lead


def test_section_3_8_the_bidder_leads_the_first_trick_with_a_trump(rs):
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    assert state.to_act == 0 and state.leader == 0
    assert state.legal_actions() == ["play AH", "play KH", "play QH"]
    with pytest.raises(IllegalAction, match="the bidder leads the first trick with a trump"):
        state.apply("play AS")


def test_section_3_8_the_left_pedro_counts_as_the_bidders_trump(rs):
    hands = ["5D AD KD QD JD TD", "AH KH QH JH AS KS", "TH 9H 8H 7H AC KC", "6H 5H 4H 3H 2H QS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    assert state.legal_actions() == ["play 5D"]


def test_section_3_8_a_bidder_without_a_trump_leads_anything(rs):
    hands = ["AS KS QS JS TS 9S", "AH KH QH JH TH AD", "9H 8H 7H 6H 5H KD", "5D 4H 3H 2H QD JD"]
    state = state_at_play(rs, hands, "H", bidder=0)
    assert state.legal_actions() == [f"play {c}" for c in hands[0].split()]


def test_section_3_8_after_the_first_trick_the_winner_leads_anything(rs):
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=1)
    apply_all(state, "play 9H", "play 6H", "play 2H", "play QH")
    assert state.tricks[0][3] == 0 and state.to_act == state.leader == 0
    assert state.legal_actions() == plays("AS", "KS", "QS", "AH", "KH")  # in hand order


# -- 3.7 extra trumps


def test_section_3_7_a_bidder_with_7_trumps_lays_one_down_then_leads_a_trump(rs):
    hands = ["AH KH QH JH TH 9H 8H", "7H 6H AS KS QS JS", "5H 5D AD KD QD JD", "4H 3H 2H AC KC QC"]
    state = state_at_play(rs, hands, "H", bidder=0)
    assert state.legal_actions() == ["lay KH", "lay QH", "lay 9H", "lay 8H"]  # no point card
    with pytest.raises(IllegalAction, match="1 card.* too many: lay down 1 non-point trump"):
        state.apply("play AH")
    with pytest.raises(IllegalAction, match="JH is a point card or not a trump"):
        state.apply("lay JH")
    state.apply("lay 9H")
    assert state.to_act == 0 and state.trick == []
    assert state.view(2)["laid"] == [[0, "9H"]]
    assert state.legal_actions() == plays("AH", "KH", "QH", "JH", "TH", "8H")
    with pytest.raises(IllegalAction, match="only extra trumps are laid down, on the first trick"):
        state.apply("lay 8H")
    state.apply("play 8H")
    assert len(state.hand(0)) == 5  # like everyone else after the first card


def test_section_3_7_laid_cards_go_with_the_trick_and_never_win_it(rs):
    """Seat 3 lays the KH and plays the 3H: the QH wins."""
    hands = ["QH JH AS KS QS JS", "TH 5H AD KD QD JD", "AH 5D 2H AC KC QC", "KH 9H 8H 7H 6H 4H 3H"]
    state = state_at_play(rs, hands, "H", bidder=0)
    apply_all(state, "play QH", "play TH", "play 2H")
    assert state.legal_actions() == [
        "lay KH",
        "lay 9H",
        "lay 8H",
        "lay 7H",
        "lay 6H",
        "lay 4H",
        "lay 3H",
    ]
    apply_all(state, "lay KH", "play 3H")
    leader, played, laid, winner = state.tricks[0]
    assert (leader, winner) == (0, 0)
    assert [(s, CODES[c]) for s, c in played] == [(0, "QH"), (1, "TH"), (2, "2H"), (3, "3H")]
    assert [(s, CODES[c]) for s, c in laid] == [(3, "KH")]
    assert state.view(1)["tricks"][0]["laid"] == [[3, "KH"]]
    assert state.captured() == (2, 0)  # the ten (game) and team 0's own 2


def test_section_3_7_extra_trumps_are_laid_at_the_players_own_turn(rs):
    hands = [
        "9S 8S 7S AD KD QD",
        "AS 2S AC KC QC JC",
        "AH KH QH JH TH 9H 8H",
        "7H 6H 5H 5D 4H 3H 2H",
    ]
    state = state_at_play(rs, hands, "H", bidder=0)
    state.apply("play 9S")
    assert state.to_act == 1
    state.apply("play 2S")
    assert state.to_act == 2 and state.legal_actions() == ["lay KH", "lay QH", "lay 9H", "lay 8H"]
    apply_all(state, "lay 8H", "play 9H")
    assert state.legal_actions() == ["lay 7H", "lay 6H", "lay 4H", "lay 3H"]
    apply_all(state, "lay 3H", "play 5D")
    assert state.tricks[0][3] == 2 and state.captured() == (5, 0)
    assert [len(state.hand(seat)) for seat in range(4)] == [5, 5, 5, 5]


# -- 3.8 following


def test_section_3_8_trump_led_every_player_plays_a_trump(rs):
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    state.apply("play KH")
    assert state.legal_actions() == plays("JH", "TH", "9H")
    with pytest.raises(IllegalAction, match=r"trump was led: play a trump \(hearts\)"):
        state.apply("play AD")
    apply_all(state, "play 9H", "play 6H")
    assert state.legal_actions() == plays("5H", "4H", "3H", "2H", "5D")  # the left pedro too


def test_section_3_8_a_player_with_no_trump_when_trump_is_led_is_out(rs):
    hands = ["AH KH QH AS KS QS", "AD KD QD JD TD 9D", "JH TH 9H 8H 7H 6H", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    state.apply("play AH")
    # Seat 1 holds no trump: folded at once, with no action, its hand emptied.
    assert state.to_act == 2
    assert state.out == [False, True, False, False]
    assert state.hand(1) == [] and sorted(CODES[c] for c in state.folded[1]) == sorted(
        hands[1].split()
    )
    assert state.view(0)["out"] == [1] and state.view(0)["hand_counts"][1] == 0
    assert state.log[-1] == "play AH"
    apply_all(state, "play 6H", "play 2H")
    assert state.tricks[0][3] == 0 and [s for s, _ in state.tricks[0][1]] == [0, 2, 3]
    # Skipped from then on, whatever is led.
    state.apply("play AS")
    assert state.to_act == 2
    apply_all(state, "play 7H", "play JS")
    assert [s for s, _ in state.tricks[1][1]] == [0, 2, 3]


def test_section_3_8_off_suit_led_a_player_may_trump_else_must_follow_else_plays_anything(rs):
    hands = ["AS KS QS JS TS 9S", "AH KH QH JH 8S AD", "TH 9H 8H 7H 6H AC", "5H 5D 4H 3H 2H KC"]
    state = state_at_play(rs, hands, "H", bidder=0)
    state.apply("play 9S")
    assert state.legal_actions() == plays("8S", "AH", "KH", "QH", "JH")  # not the AD
    with pytest.raises(IllegalAction, match=r"spades were led: play a spade or a trump \(hearts\)"):
        state.apply("play AD")
    state.apply("play 8S")
    assert state.legal_actions() == plays("TH", "9H", "8H", "7H", "6H", "AC")  # no spade
    state.apply("play AC")
    state.apply("play KC")
    # No trump played: the highest spade wins; the AC is not of the led suit.
    assert state.tricks[0][3] == 0 and state.captured() == (0, 0)


def test_section_3_8_a_player_without_trumps_must_follow_suit(rs):
    hands = [
        "9S 8S 7S AD KD QD",
        "AS 2S AC KC QC JC",
        "AH KH QH JH TH 9H 8H",
        "7H 6H 5H 5D 4H 3H 2H",
    ]
    state = state_at_play(rs, hands, "H", bidder=0)
    state.apply("play 7S")
    assert state.legal_actions() == ["play AS", "play 2S"]
    with pytest.raises(IllegalAction, match="spades were led: play a spade"):
        state.apply("play AC")


def test_section_2_the_left_pedro_is_not_a_diamond_when_diamonds_are_led(rs):
    hands = ["AD KD QD JD TD 9D", "AH KH QH JH 8D AC", "5D 9H 8H 7H 6H KC", "TH 5H 4H 3H 2H QC"]
    state = state_at_play(rs, hands, "H", bidder=0)
    state.apply("play AD")
    assert state.legal_actions() == plays("AH", "KH", "QH", "JH", "8D")
    state.apply("play 8D")
    # Seat 2 holds no diamond: the 5D is a trump, so it may play anything.
    assert state.legal_actions() == plays("9H", "8H", "7H", "6H", "5D", "KC")
    state.apply("play 5D")
    assert state.captured() == (0, 0)  # the trick is not complete yet
    state.apply("play 4H")
    assert state.tricks[0][3] == 2  # the left pedro, a trump, beats the AD and the 4H
    assert state.captured() == (5, 0)


# -- 3.8 winning tricks and the keeper 2


@pytest.mark.parametrize(
    ("seat_2", "seat_3", "winner", "captured"),
    [
        ("5D", "4H", 2, (5, 0)),  # left pedro over the 4
        ("5D", "5H", 3, (0, 10)),  # right pedro over the left
        ("KC", "QC", 0, (0, 0)),  # no trump: the AD, highest of the led suit
        ("9H", "TH", 3, (0, 1)),  # the ten (game) wins and scores for its winner
        ("5D", "2H", 2, (5, 1)),  # keeper 2: its point stays with team 1
    ],
)
def test_section_3_8_the_highest_trump_wins_else_the_highest_of_the_led_suit(
    rs, seat_2, seat_3, winner, captured
):
    hands = ["AD KD QD JD TD 9D", "AH KH QH JH 8D AC", "5D 9H 8H 7H 6H KC", "TH 5H 4H 3H 2H QC"]
    state = state_at_play(rs, hands, "H", bidder=0)
    apply_all(state, "play AD", "play 8D", f"play {seat_2}", f"play {seat_3}")
    assert state.tricks[0][3] == winner and state.captured() == captured
    assert state.to_act == state.leader == winner


def test_section_3_8_keeper_2_scores_for_the_team_that_played_it(rs):
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    apply_all(state, "play AH", "play 9H", "play 8H")
    state.apply("play 2H")
    assert state.captured() == (1, 1)  # the ace to the winners, the 2 kept by team 1
    play_first_legal(state)
    assert state.record()["cards"]["2"] == 1


def test_section_3_8_without_low_is_keeper_the_trick_winner_takes_the_2(rs):
    rs = rs.with_options(low_is_keeper=False)
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    apply_all(state, "play AH", "play 9H", "play 8H", "play 2H")
    assert state.captured() == (2, 0)


def test_section_8_captured_counts_completed_tricks_only(rs):
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    for action in ("play KH", "play JH", "play 8H"):
        state.apply(action)
        assert state.captured() == (0, 0)
    state.apply("play 5H")
    assert state.captured() == (8, 0)  # the JH and the right pedro, won by the KH
    apply_all(state, "play AH", "play TH")  # points on the table, the trick not over
    assert state.captured() == (8, 0)


# -- actions and messages


def test_section_8_play_is_six_tricks_then_no_more_actions(rs):
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    play_first_legal(state)
    assert len(state.tricks) == 6 and state.phase == "done" and state.to_act is None
    assert state.legal_actions() == [] and sum(state.captured()) == 16
    with pytest.raises(IllegalAction, match="the deal is over"):
        state.apply("play AH")


def test_section_8_illegal_plays_are_explained(rs):
    hands = ["AH KH QH AS KS QS", "JH TH 9H AD KD QD", "8H 7H 6H AC KC QC", "5H 5D 4H 3H 2H JS"]
    state = state_at_play(rs, hands, "H", bidder=0)
    before = state.to_json()
    for action, message in [
        ("play JH", "'play JH' is not allowed: you do not hold JH"),
        ("lay KH", "'lay KH' is not allowed: only extra trumps are laid down"),
        ("bid 7", "it is time to play a card (seat 1); 'bid 7' does not fit"),
        ("play", "'play' is not an action; write e.g. 'pass', 'bid 7'"),
    ]:
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert str(caught.value).startswith(message)
    assert state.to_json() == before
