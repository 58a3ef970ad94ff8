"""The bots: always legal, deterministic, the heuristic one honest and clearly stronger.

Plain Python: no Django, no database.
"""

from __future__ import annotations

import random

import pytest

from scoring.rules import RULESETS, IllegalAction, new_deal
from scoring.rules.bots import BOTS, HeuristicBot, RandomBot, play_deal

RULESET_NAMES = ("monterey-draw", "monterey-widow")


class CheckedBot:
    """Wraps a bot; fails the test if it returns an illegal action or changes the state."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.choices = 0

    def choose(self, state) -> str:
        before, legal = state.to_json(), state.legal_actions()
        action = self.bot.choose(state)
        assert action in legal, f"{self.name} chose {action!r}, not one of {legal}"
        assert state.to_json() == before and state.legal_actions() == legal
        self.choices += 1
        return action


class ViewOnly:
    """All a fair player gets: whose turn it is and that seat's view."""

    __slots__ = ("_state",)

    def __init__(self, state) -> None:
        self._state = state

    @property
    def to_act(self) -> int:
        return self._state.to_act

    def view(self, seat: int) -> dict:
        assert seat == self._state.to_act, "a bot asked for another seat's view"
        return self._state.view(seat)


def bot_mix(seed: int) -> list:
    """Bots for one deal: a different mix of random and heuristic seats per seed."""
    return [
        BOTS["heuristic" if seed >> seat & 1 else "random"](4 * seed + seat) for seat in range(4)
    ]


# ----------------------------------------------------------------- legality


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_every_bot_choice_is_legal_and_leaves_the_state_alone(ruleset):
    rs = RULESETS[ruleset]
    choices = 0
    for seed in range(160):
        bots = [CheckedBot(bot) for bot in bot_mix(seed)]
        state = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots)
        assert state.phase == "done" and sum(state.captured()) == 16
        state.score()
        choices += sum(bot.choices for bot in bots)
    assert choices > 160 * 20


def test_play_deal_returns_the_finished_state_and_needs_four_bots():
    state = new_deal(RULESETS["monterey-draw"], dealer=1, seed=3)
    assert play_deal(state, [RandomBot(0)] * 4) is state
    assert state.phase == "done" and state.to_act is None
    with pytest.raises(ValueError, match="4 bots"):
        play_deal(new_deal(RULESETS["monterey-draw"], seed=3), [RandomBot(0)] * 3)


def test_play_deal_lets_an_illegal_choice_raise():
    class Cheat:
        name = "cheat"

        def choose(self, state):
            return "bid 99"

    with pytest.raises(IllegalAction):
        play_deal(new_deal(RULESETS["monterey-draw"], seed=1), [Cheat()] * 4)


def test_bots_registry():
    assert {"random": RandomBot, "heuristic": HeuristicBot} == BOTS
    assert {name: cls(seed=1).name for name, cls in BOTS.items()} == {
        "random": "random",
        "heuristic": "heuristic",
    }


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_bots_are_deterministic_given_their_seeds(ruleset):
    rs = RULESETS[ruleset]
    for seed in range(20):
        first = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bot_mix(seed))
        again = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bot_mix(seed))
        assert first.to_json() == again.to_json()
    logs = {
        tuple(play_deal(new_deal(rs, seed=5), [RandomBot(s)] * 4).to_json()["log"])
        for s in range(10)
    }
    assert len(logs) > 1  # the seed matters


# ----------------------------------------------------------------- no hidden information


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_heuristic_bot_needs_nothing_but_its_seats_view(ruleset):
    # One bot sees only a ViewOnly proxy (any other attribute raises); its twin
    # with the same seed sees the real state.  They must agree on every choice.
    rs = RULESETS[ruleset]
    for seed in range(40):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        blind = [HeuristicBot(seed * 4 + seat) for seat in range(4)]
        twin = [HeuristicBot(seed * 4 + seat) for seat in range(4)]
        while state.to_act is not None:
            seat = state.to_act
            action = blind[seat].choose(ViewOnly(state))
            assert action == twin[seat].choose(state)
            state.apply(action)


def _hidden_swap(state, seat: int, rng: random.Random):
    """The same deal with two cards ``seat`` has not seen swapped in the deck
    and the same actions replayed, if that is legal and leaves ``seat``'s view
    unchanged; else None."""
    view = state.view(seat)
    seen = set(view["hand"]) | set(view["my_discards"])
    seen |= {code for _, code in view["trick"]} | {code for _, code in view["laid"]}
    for trick in view["tricks"]:
        seen |= {code for _, code in trick["cards"]} | {code for _, code in trick["laid"]}
    seen |= {action.split()[1] for action in view["legal"] if action.startswith("take ")}
    data = state.to_json()
    deck = data["deck"]
    hidden = [i for i, code in enumerate(deck) if code not in seen]
    i, j = rng.sample(hidden, 2)
    deck = list(deck)
    deck[i], deck[j] = deck[j], deck[i]
    try:
        other = type(state).from_json({**data, "deck": deck})
    except IllegalAction:
        return None
    return other if other.view(seat) == view else None


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_heuristic_choice_does_not_change_with_cards_it_cannot_see(ruleset):
    rs = RULESETS[ruleset]
    rng = random.Random(2024)
    compared = 0
    for seed in range(30):
        state = new_deal(rs, dealer=seed % 4, seed=seed)
        bots = [HeuristicBot(seat) for seat in range(4)]
        while state.to_act is not None:
            seat = state.to_act
            for _ in range(3):
                other = _hidden_swap(state, seat, rng)
                if other is not None:
                    # Fresh bots with equal seeds: same random state for tie-breaks.
                    assert HeuristicBot(99).choose(other) == HeuristicBot(99).choose(state)
                    compared += 1
            state.apply(bots[seat].choose(state))
    assert compared > 500


# ----------------------------------------------------------------- strength


class RandomPlayBot:
    """Bids and names trump like HeuristicBot; does everything else at random."""

    name = "random-play"

    def __init__(self, seed: int) -> None:
        self._heuristic, self._random = HeuristicBot(seed), RandomBot(seed)

    def choose(self, state) -> str:
        bot = self._heuristic if state.phase in ("bid", "trump") else self._random
        return bot.choose(state)


def _margin(ruleset: str, opponent, deals: int = 300) -> tuple[float, float]:
    """(mean deal score of the heuristic pair minus the other pair's, share of
    deals the heuristic pair won); the heuristic pair sits on team seed % 2."""
    rs = RULESETS[ruleset]
    difference = won = 0
    for seed in range(deals):
        team = seed % 2
        bots = [
            HeuristicBot(4 * seed + seat) if seat % 2 == team else opponent(4 * seed + seat)
            for seat in range(4)
        ]
        score = play_deal(new_deal(rs, dealer=seed % 4, seed=seed), bots).score()
        difference += score[team] - score[1 - team]
        won += score[team] > score[1 - team]
    return difference / deals, won / deals


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_heuristic_pair_clearly_beats_random_pair(ruleset):
    # Measured over blocks of 300 deals: 22.1 to 23.4 points a deal (sd 0.5),
    # and about 94% of deals won.
    margin, won = _margin(ruleset, RandomBot)
    assert margin >= 18
    assert won >= 0.85


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_heuristic_card_play_beats_random_card_play(ruleset):
    # The same bidding on both sides isolates card play.  Measured over blocks
    # of 300 deals: 8.3 to 10.4 points a deal (sd 0.8).
    margin, _ = _margin(ruleset, RandomPlayBot)
    assert margin >= 5


# ----------------------------------------------------------------- heuristic choices


def bid_view(hand: str, *, seat=0, dealer=3, bids=(), legal=None, widow=False) -> dict:
    """A bid-phase view: ``bids`` lists (seat, action) so far."""
    high = max((int(a.split()[1]) for _, a in bids if a != "pass"), default=0)
    if legal is None:
        legal = ["pass"] + [f"bid {n}" for n in range(max(high + 1, 6), 17)]
    view = {
        "ruleset": "monterey-widow" if widow else "monterey-draw",
        "seat": seat,
        "dealer": dealer,
        "phase": "bid",
        "legal": legal,
        "bids": [list(bid) for bid in bids],
        "high_bid": high or None,
        "hand": hand.split(),
    }
    if widow:
        view["widow_counts"] = [4, 4, 4, 4]
    return view


def play_view(hand: str, trick=(), *, seat, leader, trump="H", tricks=(), out=(), legal=None):
    """A play-phase view: ``trick`` lists (seat, code) played so far."""
    cards = hand.split()
    return {
        "ruleset": "monterey-draw",
        "seat": seat,
        "dealer": 3,
        "phase": "play",
        "legal": legal or [f"play {code}" for code in cards],
        "trump": trump,
        "hand": cards,
        "trick": [list(play) for play in trick],
        "laid": [],
        "leader": leader,
        "tricks": [
            {"leader": t[0][0], "cards": [list(p) for p in t], "laid": [], "winner": t[0][0]}
            for t in tricks
        ],
        "out": list(out),
    }


def choose(view: dict) -> str:
    return HeuristicBot(seed=0).choose_from_view(view)


def test_synthetic_views_have_the_engines_shape():
    state = new_deal(RULESETS["monterey-draw"], dealer=3, seed=4)
    real = state.view(state.to_act)
    assert set(bid_view("AH KH QH JH 5H 5D 2H 3C 4C")) <= set(real)
    play_deal(state, [HeuristicBot(s) for s in range(4)])
    assert set(play_view("AH", seat=0, leader=0)) <= set(state.view(0))


def test_passes_a_weak_hand_and_bids_a_strong_one():
    assert choose(bid_view("9S 7H 4D 3C 8C KD 6S TH 4H")) == "pass"
    strong = choose(bid_view("AH KH JH 5H 5D 2H 9C 4S 7D"))
    assert strong.startswith("bid ") and 10 <= int(strong.split()[1]) <= 16


def test_dealer_bids_just_over_the_high_bid_or_takes_the_stuck_minimum():
    hand = "AH KH JH 5H 5D 2H 9C 4S 7D"
    assert choose(bid_view(hand, seat=3, bids=[(0, "bid 7"), (1, "pass"), (2, "pass")])) == "bid 8"
    # Stuck with the ace and two of clubs but no shooting hand: the minimum.
    stuck = bid_view("9S 7H 4D AC 8C KD 6S 2C 4H", seat=3, legal=["bid 6", "bid 32"])
    assert choose(stuck) == "bid 6"


def test_outbids_its_partner_only_with_a_clearly_stronger_hand():
    partner_bid = [(0, "pass"), (1, "bid 7"), (2, "pass")]
    modest = "AH QH 8H 7H 4S 2C 9D TD 3S"  # good for a bid of 8
    assert choose(bid_view(modest, seat=3, bids=partner_bid)) == "pass"
    opponent_bid = [(0, "bid 7"), (1, "pass"), (2, "pass")]
    assert choose(bid_view(modest, seat=3, bids=opponent_bid)) == "bid 8"
    strong = "AH KH JH TH 5H 5D 2H 9C 4S"
    assert choose(bid_view(strong, seat=3, bids=partner_bid)) == "bid 8"


def test_shoots_only_with_an_overwhelming_hand_holding_the_ace_and_two():
    shoot_legal = ["pass"] + [f"bid {n}" for n in range(6, 17)] + ["bid 32"]
    overwhelming = "AH KH JH TH 9H 2H 4S 7D 8C"
    assert choose(bid_view(overwhelming, legal=shoot_legal)) == "bid 32"
    no_king = "AH QH JH TH 9H 2H 4S 7D 8C"
    assert choose(bid_view(no_king, legal=shoot_legal)) != "bid 32"


def test_widow_bids_on_the_nine_cards_before_the_widow():
    # Four unseen cards to come make even a thin hand worth the minimum.
    strong = choose(bid_view("AH KH JH 5H 2H 9C 4S 7D 8C", widow=True))
    weak = choose(bid_view("9S 7H 4D 3C 8C KD 6S TH 4H", widow=True))
    assert weak in ("pass", "bid 6") and int(strong.split()[1]) >= 10


def test_names_its_strongest_suit():
    view = bid_view("AS 9S 3S AH KH JH 5H 5D 2C")
    view.update(phase="trump", legal=["trump S", "trump H", "trump D", "trump C"])
    assert choose(view) == "trump H"
    view["legal"] = ["trump S"]  # a shoot names a suit whose A and 2 the bidder held
    assert choose(view) == "trump S"


def test_widow_discards_the_lowest_non_trumps():
    view = play_view("AS 3S KD 2C AH 5H", seat=1, leader=None)
    view.update(phase="discard", legal=["discard AS", "discard 3S", "discard KD", "discard 2C"])
    assert choose(view) == "discard 2C"


def test_dealer_takes_the_first_card_offered():
    view = play_view("AH KH", seat=3, leader=None)
    view.update(phase="fill", legal=["take KS", "take 9D", "take 2C"])
    assert choose(view) == "take KS"


def test_lays_its_lowest_non_point_trumps():
    view = play_view("AH KH QH 9H 6H 4H 3H", seat=1, leader=0)
    view["legal"] = ["lay KH", "lay QH", "lay 9H", "lay 6H", "lay 4H", "lay 3H"]
    assert choose(view) == "lay 3H"


def test_does_not_play_a_pedro_into_a_trick_the_opponents_win():
    view = play_view("5H 4H 9C", [(0, "AH")], seat=1, leader=0, legal=["play 5H", "play 4H"])
    assert choose(view) == "play 4H"


def test_gives_a_pedro_to_its_partners_unbeatable_trick():
    view = play_view("5H 4H 9C", [(0, "AH"), (1, "3H")], seat=2, leader=0)
    view["legal"] = ["play 5H", "play 4H"]
    assert choose(view) == "play 5H"


def test_keeps_its_pedro_when_the_partners_trick_can_still_be_beaten():
    view = play_view("5H 4H 9C", [(0, "9H"), (1, "3H")], seat=2, leader=0)
    view["legal"] = ["play 5H", "play 4H"]
    assert choose(view) == "play 4H"


def test_gives_a_pedro_when_last_to_play_and_its_team_is_winning():
    view = play_view("5D 6H 9C", [(0, "4H"), (1, "8H"), (2, "7H")], seat=3, leader=0)
    view["legal"] = ["play 5D", "play 6H"]
    assert choose(view) == "play 5D"


def test_leads_its_boss_trump_to_pull_trumps():
    assert choose(play_view("AH 5H 3H 9C", seat=0, leader=0)) == "play AH"
    # Once the ace has gone, the king is the boss.
    played = [[(0, "AH"), (1, "2H"), (2, "4S"), (3, "4C")]]
    assert choose(play_view("KH 5H 3H 9C", seat=1, leader=1, tricks=played)) == "play KH"


def test_leads_garbage_rather_than_a_trump_that_can_be_beaten():
    assert choose(play_view("QH 5H 9C 4D", seat=0, leader=0)) == "play 4D"


def test_plays_its_cheapest_card_when_the_trick_is_lost():
    view = play_view("JH TH 7H 3C", [(0, "AH")], seat=1, leader=0)
    view["legal"] = ["play JH", "play TH", "play 7H"]
    assert choose(view) == "play 7H"
    off_suit = play_view("JH 9D 3C", [(0, "KS"), (1, "AH")], seat=2, leader=0)
    assert choose(off_suit) == "play 3C"  # garbage, not the jack


def test_captures_points_when_it_can_win_for_sure():
    # The opponent led the jack; the ace wins it for sure.
    view = play_view("AH 6H 9C", [(3, "JH")], seat=0, leader=3, legal=["play AH", "play 6H"])
    assert choose(view) == "play AH"


def test_banks_a_pedro_by_trumping_in_when_no_opponent_follows():
    view = play_view("5H 9H 2S", [(1, "4C"), (2, "KC")], seat=3, leader=1)
    view["out"] = [0]
    assert choose(view) == "play 5H"


def test_heuristic_bot_refuses_a_view_with_nothing_to_choose():
    with pytest.raises(ValueError, match="not to act"):
        choose(play_view("AH", seat=1, leader=0) | {"legal": []})
