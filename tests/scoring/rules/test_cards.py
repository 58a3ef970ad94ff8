"""Card codes, trumps and point cards (RULES.md sections 1 and 2)."""

import pytest

from scoring.rules import RULESETS
from scoring.rules.cards import (
    CARD,
    CODES,
    FOLLOWS,
    IS_TRUMP,
    POWER,
    ROLE,
    SAME_COLOUR,
    SUITS,
    parse_card,
    parse_suit,
    role,
    sort_codes,
)

TRUMP_ORDER = list("AKQJT9876PL432")  # RULES.md 2, high to low
PARTNER = {"S": "C", "C": "S", "H": "D", "D": "H"}  # same-colour suits


def trump_cards(trump: str) -> list[str]:
    """The 14 trumps of ``trump``, high to low, as RULES.md section 2 lists them."""
    ranks = {"P": "5" + trump, "L": "5" + PARTNER[trump]}
    return [ranks.get(r, r + trump) for r in TRUMP_ORDER]


def test_section_1_a_pack_of_52_codes_written_rank_then_suit():
    assert len(CODES) == len(set(CODES)) == 52
    assert {code[0] for code in CODES} == set("AKQJT98765432")
    assert {code[1] for code in CODES} == set("SHDC")
    for code in ("AS", "TD", "5H", "2C"):
        assert CODES[parse_card(code)] == code


@pytest.mark.parametrize("bad", ["10D", "as", "1S", "AX", "", None, 5, "AS "])
def test_section_1_anything_else_is_not_a_card(bad):
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(bad)


@pytest.mark.parametrize("bad", ["X", "s", "", "SH", None, 0])
def test_section_1_suits_are_s_h_d_c(bad):
    assert [parse_suit(s) for s in "SHDC"] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="is not a suit"):
        parse_suit(bad)


def test_section_1_same_colour_pairs_are_spades_clubs_and_hearts_diamonds():
    pairs = {SUITS[a] + SUITS[b] for a, b in SAME_COLOUR.items()}
    assert pairs == {"SC", "CS", "HD", "DH"}


@pytest.mark.parametrize("trump", SUITS)
def test_section_2_the_right_and_left_pedro(trump):
    """The 5 of trump is the right pedro, the 5 of the same-colour suit the left."""
    t = SUITS.index(trump)
    assert role(CARD["5" + trump], t) == "P"
    assert role(CARD["5" + PARTNER[trump]], t) == "L"
    for other in set(SUITS) - {trump, PARTNER[trump]}:
        assert role(CARD["5" + other], t) is None


@pytest.mark.parametrize("trump", SUITS)
def test_section_2_fourteen_trumps_in_order_right_pedro_above_left(trump):
    t = SUITS.index(trump)
    trumps = [code for code in CODES if IS_TRUMP[t][CARD[code]]]
    by_power = sorted(trumps, key=lambda code: -POWER[t][CARD[code]])
    assert by_power == trump_cards(trump)
    assert len(trumps) == 14


@pytest.mark.parametrize("trump", SUITS)
def test_section_2_the_left_pedro_is_a_trump_not_a_card_of_its_natural_suit(trump):
    t, left = SUITS.index(trump), CARD["5" + PARTNER[trump]]
    assert IS_TRUMP[t][left]
    assert FOLLOWS[t][left] == t
    natural = [c for c in CODES if FOLLOWS[t][CARD[c]] == SUITS.index(PARTNER[trump])]
    assert len(natural) == 12 and "5" + PARTNER[trump] not in natural
    # Every trump, and nothing else, counts as the trump suit.
    assert all(FOLLOWS[t][c] == t for c in range(52) if IS_TRUMP[t][c])


@pytest.mark.parametrize("trump", SUITS)
def test_section_2_non_trumps_rank_ace_high_to_two_inside_their_suit(trump):
    t = SUITS.index(trump)
    for suit in set(SUITS) - {trump}:
        cards = [c for c in CODES if c[1] == suit and not IS_TRUMP[t][CARD[c]]]
        assert sorted(cards, key=lambda code: -POWER[t][CARD[code]]) == cards
        # ...and below every trump.
        assert max(POWER[t][CARD[c]] for c in cards) < min(
            POWER[t][CARD[c]] for c in trump_cards(trump)
        )


@pytest.mark.parametrize("trump", SUITS)
def test_section_2_monterey_point_table_sixteen_points_trumps_only(trump):
    t = SUITS.index(trump)
    for rs in (RULESETS["monterey-draw"], RULESETS["monterey-widow"]):
        table = rs.point_table[t]
        scoring = {CODES[c]: table[c] for c in range(52) if table[c]}
        assert scoring == {
            "A" + trump: 1,
            "J" + trump: 3,
            "T" + trump: 1,
            "5" + trump: 5,
            "5" + PARTNER[trump]: 5,
            "2" + trump: 1,
        }
        assert sum(table) == rs.total_points == 16
        assert all(ROLE[t][c] is not None for c in range(52) if table[c])


def test_section_2_hand_order_spades_hearts_diamonds_clubs_ace_down():
    assert sort_codes(["2C", "AD", "5H", "KS", "AS", "TD"]) == ["AS", "KS", "5H", "AD", "TD", "2C"]
