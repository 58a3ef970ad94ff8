"""After a deal: the people's moves where the expert's choice was worth
clearly more on average, worked out in the background from each mover's view
at the time, and stored on the deal so that any process serves them."""

from __future__ import annotations

from ..models import DealEvent, OnlineDeal
from ..selectors import deal_state, expert_advice, hints_offered, table_ruleset

#: A move is marked when the expert's choice was worth more than this many
#: points a deal on average (the seat's team less the other team).
MARK_LOSS = 1.0

#: The decisions the expert weighs by searching; the rest it takes by rule.
_WEIGHED = ("bid", "trump", "play")


def deal_review(*, deal_id: int) -> list[dict] | None:
    """Mark the people's moves of finished deal ``deal_id`` where the expert's
    choice, from the same view, was worth more than ``MARK_LOSS`` points on
    average; store and return the marks.  Safe to run twice: a deal already
    reviewed keeps its marks; a deal not finished, or of a party's table,
    is left alone (None)."""
    deal = OnlineDeal.objects.select_related("table").filter(pk=deal_id).first()
    if deal is None or deal.status != OnlineDeal.Status.DONE:
        return None
    if deal.review is not None:
        return deal.review
    if not hints_offered(deal.table):
        return None
    rs = table_ruleset(deal.table)
    moves = DealEvent.objects.filter(deal=deal, by=DealEvent.By.HUMAN).order_by("seq")
    marks = []
    for seq, seat, action in moves.values_list("seq", "seat", "action"):
        state = deal_state(rs, deal, upto=seq - 1)
        if state.phase not in _WEIGHED or len(state.legal) < 2:
            continue
        advice = expert_advice(state.view(seat), seed=deal.pk * 1000 + seq - 1)
        if advice.mean is None or action not in advice.means:
            continue
        loss = advice.mean - advice.means[action]
        if loss > MARK_LOSS:
            marks.append(
                {
                    "seq": seq,
                    "seat": seat,
                    "action": action,
                    "best": advice.action,
                    "loss": round(loss, 1),
                }
            )
    # Another run may have stored its marks meanwhile: the first stays.
    OnlineDeal.objects.filter(pk=deal.pk, review__isnull=True).update(review=marks)
    deal.refresh_from_db(fields=["review"])
    return deal.review
