"""Round 1's seating: the seeded draw, or a seating the host taps in."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .common import ROW_NUMBER_MAX, OneLineErrors


class SeatDrawForm(OneLineErrors, forms.Form):
    """Round 1 by the seeded draw; without a seed the service picks one."""

    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=ROW_NUMBER_MAX,
        error_messages={"invalid": _("The seed must be a whole number.")},
    )
    by_rating = forms.BooleanField(required=False)


class SeatingForm(OneLineErrors, forms.Form):
    """A seating tapped in by the host: a player id for every seat of every table."""

    def __init__(self, *args, tables: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.table_count = tables
        for table in range(1, tables + 1):
            for seat in range(4):
                message = _("Choose a player for table %(table)d, seat %(seat)d.") % {
                    "table": table,
                    "seat": seat + 1,
                }
                self.fields[f"t{table}s{seat}"] = forms.IntegerField(
                    min_value=1,
                    max_value=ROW_NUMBER_MAX,
                    error_messages={
                        key: message for key in ("required", "invalid", "min_value", "max_value")
                    },
                )

    def tables(self) -> list[list[int]]:
        data = self.cleaned_data
        return [
            [data[f"t{table}s{seat}"] for seat in range(4)]
            for table in range(1, self.table_count + 1)
        ]
