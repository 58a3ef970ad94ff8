"""What the forms of every page share: a house option's field, the largest
row number, one-line errors."""

from __future__ import annotations

from django import forms
from django.db.models import BigIntegerField
from django.utils.translation import gettext_lazy as _

from scoring.rules.rulesets import HouseOption


def house_option_field(option: HouseOption, initial: object) -> forms.Field:
    """The field a house option makes: a checkbox, a choice of its values
    (each with its label where it has one), or a whole number within its
    bounds; its labels translated."""
    texts = {"label": _(option.label), "initial": initial}
    if option.help_text:
        texts["help_text"] = _(option.help_text)
    if option.kind is bool:
        return forms.BooleanField(required=False, **texts)
    if option.choices:
        labels = [_(label) for label in option.choice_labels] or map(str, option.choices)
        choices = list(zip(option.choices, labels, strict=False))
        return forms.TypedChoiceField(
            choices=choices, coerce=option.kind, required=False, empty_value=None, **texts
        )
    return forms.IntegerField(
        min_value=option.minimum, max_value=option.maximum, required=False, **texts
    )


#: The largest id or seed a database column holds; a larger number is no row.
ROW_NUMBER_MAX = BigIntegerField.MAX_BIGINT


class OneLineErrors:
    """For pages that show a form's errors as one line above it."""

    def error_text(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)
