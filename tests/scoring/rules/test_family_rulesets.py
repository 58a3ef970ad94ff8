"""The Pedro family as ruleset values (RULES.md 11.1, 11.2): packs, trump
orders, point tables, bids, scoring methods, game ends and house options."""

from __future__ import annotations

import pytest

from scoring.rules import PARTNERSHIP_RULESETS, RulesetError, game_winner
from scoring.rules.cards import ALL_CODES, ANY_CARD, PACKS, SUITS, trump_tables
from scoring.rules.rulesets import FAMILY

#: RULES.md 11.2, column by column: pack, total, lowest and highest plain bid,
#: stuck bid, top contracts, exchange, play rule, score method, target.
TABLE = {
    "california": ("52", 16, 6, 16, 6, (), "draw", "monterey", "monterey", 52),
    "cinch": ("52", 14, 1, 14, 1, (), "draw-choice", "follow-or-trump", "difference", 51),
    "pedro-62": ("52", 14, 1, 14, 1, (), "maker-fill", "follow-or-trump", "difference", 62),
    "louisiana": ("52", 14, 7, 14, 6, (28, 56), "draw", "monterey", "monterey", 62),
    "pidro": ("52", 14, 1, 14, 1, (), "draw-choice", "trumps-only", "difference", 51),
    "oregon": ("52", 15, 6, 15, 5, (), "draw", "no-rank", "captured-minus", 63),
    "tennessee": ("54", 17, 9, 17, 9, (), "tennessee", "no-rank-down", "captured-minus", 52),
    "sixty-three": ("52", 63, 1, 63, 1, (), "extra-4", "follow-or-trump", "monterey", 152),
    "eighty-three": ("52", 83, 30, 83, 30, (), "kitty", "follow-or-trump", "monterey", 152),
    "isle-madame": ("52", 39, 25, 39, 25, (), "pede", "monterey", "monterey", 221),
    "king-pedro": ("32", 35, 15, 35, 15, (), "senorita", "follow-or-trump", "captured-minus", 105),
    "sancho": ("52", 23, 1, 23, 1, (), "maker-fill", "follow-or-trump", "difference", 62),
    "six-card": ("52", 14, 1, 14, 1, (), "none", "follow-or-trump", "difference", 62),
    # RULES.md 12.2, the four-seat partnership rows.
    "dom-pedro": ("52", 26, 6, 26, 6, (), "maker-fill", "follow-or-trump", "difference", 62),
    "snoozer": ("53", 41, 6, 41, 6, (), "maker-fill", "follow-or-trump", "difference", 62),
    "canadian": ("52", 48, 25, 48, 25, (), "draw", "no-rank", "monterey", 152),
    "pitch": ("52", 4, 1, 4, 1, (), "maker-fill", "follow-or-trump", "difference", 21),
}


def test_section_11_2_every_game_is_in_the_rulesets():
    assert set(FAMILY) == set(TABLE)
    assert list(PARTNERSHIP_RULESETS)[:2] == ["monterey-draw", "monterey-widow"]


@pytest.mark.parametrize("name", sorted(TABLE))
def test_section_11_2_each_game_carries_its_row(name):
    rs = PARTNERSHIP_RULESETS[name]
    pack, total, low, high, stuck, tops, exchange, play, scoring, target = TABLE[name]
    assert rs.pack == pack and rs.total_points == total
    assert (rs.min_bid, rs.max_bid, rs.dealer_stuck_bid) == (low, high, stuck)
    assert rs.top_contracts == tops
    assert (rs.exchange, rs.play_rule, rs.scoring, rs.target) == (exchange, play, scoring, target)
    assert rs.bids() == tuple(sorted({stuck, *range(low, high + 1), *tops}))
    assert all(rs.legal_bid(bid) for bid in rs.bids())
    assert not rs.legal_bid(min(rs.bids()) - 1) and not rs.legal_bid(True)
    assert rs.cards_dealt * 4 + rs.kitty_size + rs.stock_size == len(PACKS[pack])


def test_section_11_2_deal_patterns():
    sizes = {
        name: (rs.deal_packets, rs.stock_size, rs.kitty_size, rs.hand_size)
        for name, rs in PARTNERSHIP_RULESETS.items()
    }
    assert sizes["cinch"] == ((3, 3, 3), 16, 0, 6)
    assert sizes["tennessee"] == ((3, 3, 3), 18, 0, 6)
    assert sizes["eighty-three"] == ((3, 3, 3, 3), 0, 4, 6)
    assert sizes["king-pedro"] == ((3, 4), 0, 4, 7)
    assert sizes["six-card"] == ((3, 3), 28, 0, 6)
    assert (
        PARTNERSHIP_RULESETS["king-pedro"].tricks == 7 and PARTNERSHIP_RULESETS["cinch"].tricks == 6
    )


def test_section_11_1_point_cards_are_listed_in_entry_order():
    assert PARTNERSHIP_RULESETS["oregon"].point_cards() == (
        ("A", 1),
        ("J", 1),
        ("OJ", 1),
        ("T", 1),
        ("P", 5),
        ("L", 5),
        ("2", 1),
    )
    assert dict(PARTNERSHIP_RULESETS["sixty-three"].point_cards()) == {
        "A": 1,
        "K": 25,
        "J": 1,
        "T": 1,
        "9": 9,
        "P": 5,
        "L": 5,
        "3": 15,
        "2": 1,
    }
    assert dict(PARTNERSHIP_RULESETS["eighty-three"].point_cards())["Q"] == 20
    assert dict(PARTNERSHIP_RULESETS["sancho"].point_cards())["9"] == 9
    assert dict(PARTNERSHIP_RULESETS["king-pedro"].point_cards())["K"] == 20


def test_section_11_1_trump_orders_with_the_off_jack_and_jokers():
    assert PARTNERSHIP_RULESETS["oregon"].trump_order[:6] == ("A", "K", "Q", "J", "OJ", "T")
    assert PARTNERSHIP_RULESETS["tennessee"].trump_order[:8] == (
        "A",
        "K",
        "Q",
        "J",
        "OJ",
        "X1",
        "X2",
        "T",
    )
    assert PARTNERSHIP_RULESETS["king-pedro"].trump_order == (
        "A", "K", "Q", "J", "OJ", "T", "9", "P", "L", "2",
    )  # fmt: skip
    joker = PARTNERSHIP_RULESETS["sixty-three"].with_options(joker=True)
    assert joker.trump_order[-2:] == ("2", "X1")


def test_section_11_1_the_off_jack_is_a_trump_below_the_jack():
    tables = trump_tables(True, "high")
    hearts = SUITS.index("H")
    jd, jh, th = ANY_CARD["JD"], ANY_CARD["JH"], ANY_CARD["TH"]
    assert tables.is_trump[hearts][jd] and tables.follows[hearts][jd] == hearts
    assert tables.power[hearts][jh] > tables.power[hearts][jd] > tables.power[hearts][th]
    assert tables.role[hearts][jd] == "OJ"
    assert not trump_tables(False, "high").is_trump[hearts][jd]


def test_section_11_1_jokers_are_always_trumps():
    for joker_rank in ("high", "low"):
        tables = trump_tables(False, joker_rank)
        for trump in range(4):
            assert tables.is_trump[trump][ANY_CARD["X1"]]
            assert tables.follows[trump][ANY_CARD["X1"]] == trump
    low = trump_tables(False, "low")
    two = ANY_CARD["2S"]
    assert low.power[0][ANY_CARD["X1"]] < low.power[0][two]


def test_section_11_1_a_point_table_adds_up_to_the_total_under_every_trump():
    for rs in PARTNERSHIP_RULESETS.values():
        for trump in range(4):
            table = rs.point_table[trump]
            in_pack = sum(table[card] for card in PACKS[rs.pack])
            assert in_pack == rs.total_points, (rs.name, trump)


def test_section_11_2_sixty_three_joker_option_takes_the_threes_points():
    rs = PARTNERSHIP_RULESETS["sixty-three"]
    joker = rs.with_options(joker=True)
    assert joker.pack == "53" and joker.total_points == 63
    assert dict(joker.points)["X1"] == 15 and "3" not in dict(joker.points)
    assert joker.stock_size == 17
    assert joker.with_options(joker=False) == rs
    assert type(rs).from_json(joker.to_json()) == joker


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("pedro-62", {"min_bid": 1, "low_is_keeper": True, "simple": True, "target": 21}),
        ("sancho", {"min_bid": 7}),
        ("louisiana", {"stuck_bid": 7, "dark": False, "cut_throat": True}),
        ("tennessee", {"min_bid": 10}),
        ("six-card", {"target": 52}),
    ],
)
def test_section_11_2_house_options_change_their_game(name, options):
    rs = PARTNERSHIP_RULESETS[name].with_options(**options)
    assert all(getattr(rs, key) == value for key, value in options.items())
    assert type(rs).from_json(rs.to_json()) == rs


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("pedro-62", {"min_bid": 5}),
        ("pedro-62", {"target": 91}),
        ("louisiana", {"stuck_bid": 8}),
        ("tennessee", {"min_bid": 11}),
        ("cinch", {"min_bid": 5}),
        ("cinch", {"bicycle": 1}),
        ("six-card", {"min_bid": 5}),
        ("california", {"bidding_start": "across"}),
        ("pidro", {"min_bid": 6}),
        ("california", {"shoot_set_penalty": 16}),
    ],
)
def test_section_11_2_house_options_outside_the_game_are_refused(name, options):
    with pytest.raises(RulesetError):
        PARTNERSHIP_RULESETS[name].with_options(**options)


def test_section_11_2_default_house_options():
    assert PARTNERSHIP_RULESETS["pedro-62"].options() == {
        "min_bid": 1,
        "low_is_keeper": False,
        "simple": False,
        "target": 62,
        "deals_per_round": 4,
    }
    assert PARTNERSHIP_RULESETS["louisiana"].options() == {
        "stuck_bid": 6,
        "dark": True,
        "shoot_needs_ace_and_two": True,
        "cut_throat": False,
        "target": 62,
        "deals_per_round": 4,
    }
    assert PARTNERSHIP_RULESETS["tennessee"].options()["min_bid"] == 9
    assert PARTNERSHIP_RULESETS["sixty-three"].options()["joker"] is False
    assert PARTNERSHIP_RULESETS["california"].options()["bid_out"] is True


def test_section_11_5_which_games_let_point_cards_leave_play():
    stay = {name for name, rs in PARTNERSHIP_RULESETS.items() if not rs.cards_can_leave_play}
    assert stay == {"monterey-draw", "monterey-widow", "california", "louisiana"}
    # Canadian lays extra point trumps for nobody when it must (RULES.md 12.4.14).
    assert PARTNERSHIP_RULESETS["canadian"].cards_can_leave_play


# ----------------------------------------------------------------- scoring


def test_section_11_1_difference_scoring():
    rs = PARTNERSHIP_RULESETS["cinch"]
    assert rs.deal_score(6, 10, 4) == (6, 0)  # made: the difference
    assert rs.deal_score(5, 7, 7) == (0, 0)  # made, equal: nothing
    assert rs.deal_score(2, 3, 10) == (0, 7)  # made, the others took more: O - B
    assert rs.deal_score(8, 6, 8) == (0, 16)  # set: others O + bid, bidders 0
    assert rs.deal_score(6, 10) == (6, 0)  # O defaults to the rest of the deal


@pytest.mark.parametrize("name", ["pedro-62", "sancho", "six-card"])
def test_section_11_2_pedro_set_costs_the_bid_and_the_others_score_their_points(name):
    rs = PARTNERSHIP_RULESETS[name]
    assert rs.deal_score(8, 6, 8) == (-8, 8)
    assert rs.deal_score(6, 10, 4) == (6, 0)  # made: the difference


def test_section_11_2_pedro_simple_both_keep_what_they_take():
    rs = PARTNERSHIP_RULESETS["pedro-62"].with_options(simple=True)
    assert rs.score_method == "captured-minus"
    assert rs.deal_score(6, 10, 4) == (10, 4)
    assert rs.deal_score(8, 6, 8) == (-8, 8)


def test_section_11_1_captured_minus_with_points_out_of_play():
    rs = PARTNERSHIP_RULESETS["oregon"]
    assert rs.deal_score(7, 9, 5) == (9, 5)
    assert rs.deal_score(7, 6, 5) == (-7, 5)


def test_section_11_4_4_california_made_16_scores_32():
    rs = PARTNERSHIP_RULESETS["california"]
    assert rs.deal_score(16, 16) == (32, 0)
    assert rs.deal_score(16, 15) == (-16, 1)
    assert rs.deal_score(15, 16) == (16, 0)
    assert 32 not in rs.bids()


def test_section_11_4_12_louisiana_top_contracts_need_every_point():
    rs = PARTNERSHIP_RULESETS["louisiana"]
    assert rs.deal_score(28, 14) == (28, 0)
    assert rs.deal_score(28, 13) == (-28, 1)
    assert rs.deal_score(56, 14) == (56, 0)
    assert rs.deal_score(56, 12) == (-56, 2)
    assert rs.deal_score(14, 14) == (14, 0)  # a plain bid taking all scores as plain


def test_section_11_3_the_lock_scores_only_the_bidding_team():
    rs = PARTNERSHIP_RULESETS["isle-madame"]
    assert rs.game_add((205, 100), (10, 29), bidding_team=1) == (205, 129)
    assert rs.game_add((205, 100), (-25, 14), bidding_team=0) == (180, 114)
    assert rs.game_add((150, 100), (10, 29), bidding_team=1) == (160, 129)
    # A locked team that sets the bid wins at once.
    assert game_winner(rs, (205, 90), 1, False, before=(205, 100)) == 0
    assert game_winner(rs, (205, 129), 1, True, before=(205, 100)) is None
    assert game_winner(rs, (225, 110), 0, True, before=(205, 100)) == 0


def test_section_11_4_13_king_pedro_minus_105_loses_first():
    rs = PARTNERSHIP_RULESETS["king-pedro"]
    assert game_winner(rs, (-105, 104), 0, False) == 1
    assert game_winner(rs, (-110, 110), 0, False) == 1
    assert game_winner(rs, (110, -20), 0, True) == 0
    assert game_winner(rs, (50, -104), 1, False) is None


def test_section_11_2_oregon_both_at_63_the_higher_wins_equal_the_bidders():
    rs = PARTNERSHIP_RULESETS["oregon"]
    assert game_winner(rs, (64, 70), 0, True) == 1
    assert game_winner(rs, (70, 70), 1, False) == 1
    assert game_winner(rs, (63, 10), 1, False) == 0


def test_section_11_2_tennessee_both_at_52_the_bidders_win():
    rs = PARTNERSHIP_RULESETS["tennessee"]
    assert game_winner(rs, (60, 52), 1, False) == 1
    assert game_winner(rs, (60, 50), 1, False) == 0


def test_section_11_1_common_game_end():
    rs = PARTNERSHIP_RULESETS["cinch"]
    assert game_winner(rs, (51, 52), 0, False) == 1
    assert game_winner(rs, (51, 52), 0, True) == 0
    assert game_winner(rs, (50, 40), 0, True) is None
    california = PARTNERSHIP_RULESETS["california"]
    assert game_winner(california, (60, 10), 1, True) is None  # bid out


def test_jokers_are_written_x1_and_x2():
    assert ALL_CODES[-2:] == ("X1", "X2")
