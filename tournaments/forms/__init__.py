"""Forms parse and shape input; the rules are checked by the services.

One module a part of the party night, as ``services`` and ``views``; every
form is imported from here."""

from .common import ROW_NUMBER_MAX, OneLineErrors, house_option_field
from .documents import CertificatePreviewForm, DocumentAgainForm
from .parties import (
    CASUAL_GAME_OPTIONS,
    DEFAULT_RULESET,
    PARTY_COLUMN_OPTIONS,
    PartyFileForm,
    PartyForm,
    PartyLanguageForm,
    WifiForm,
)
from .players import PlayerForm, PlayerSuggestForm
from .prizes import PrizePickForm, PrizeUnpickForm
from .results import POINTS_PAD_MOST, AmendForm, DealNumberForm, ResultForm, TallyDealForm
from .rounds import CallTimeForm, CutForm
from .seating import SeatDrawForm, SeatingForm

__all__ = [
    "AmendForm",
    "CASUAL_GAME_OPTIONS",
    "CallTimeForm",
    "CertificatePreviewForm",
    "CutForm",
    "DEFAULT_RULESET",
    "DealNumberForm",
    "DocumentAgainForm",
    "OneLineErrors",
    "PARTY_COLUMN_OPTIONS",
    "POINTS_PAD_MOST",
    "PartyFileForm",
    "PartyForm",
    "PartyLanguageForm",
    "PlayerForm",
    "PlayerSuggestForm",
    "PrizePickForm",
    "PrizeUnpickForm",
    "ROW_NUMBER_MAX",
    "ResultForm",
    "SeatDrawForm",
    "SeatingForm",
    "TallyDealForm",
    "WifiForm",
    "house_option_field",
]
