"""The app's rows: a party and what it holds (:mod:`.party`), the clubs
that run parties night after night (:mod:`.clubs`), the files hosts upload
(:mod:`.uploads`), and the one-time links that make or mend a host's
account (:mod:`.accounts`).  Every write to a row a page shows bumps that
page's version, whatever makes it (:mod:`.versions`)."""

from .accounts import LinkState, OneTimeLink, PasswordResetLink, SignupLink
from .clubs import (
    ApiToken,
    Club,
    ClubRole,
    Invitation,
    Member,
    Role,
    Season,
    new_link_token,
    token_digest,
)
from .documents import Document
from .party import (
    MOVEMENT_CHOICES,
    ROUND_MINUTES_DEFAULT,
    ROUND_MINUTES_MAX,
    ROUND_MINUTES_MIN,
    RULESET_CHOICES,
    SITOUT_CHOICES,
    STORED,
    AuditEntry,
    DealResult,
    Party,
    Player,
    Prize,
    PrizeAward,
    Round,
    Seat,
    SitOut,
    TableEntry,
    TableRound,
    new_public_token,
    new_table_token,
)
from .ratings import RatingUpdate
from .scorepad import Scorepad, ScorepadDeal, new_pad_token
from .uploads import Upload

__all__ = [
    "MOVEMENT_CHOICES",
    "ROUND_MINUTES_DEFAULT",
    "ROUND_MINUTES_MAX",
    "ROUND_MINUTES_MIN",
    "RULESET_CHOICES",
    "SITOUT_CHOICES",
    "STORED",
    "ApiToken",
    "AuditEntry",
    "Club",
    "ClubRole",
    "DealResult",
    "Document",
    "Invitation",
    "LinkState",
    "Member",
    "OneTimeLink",
    "Party",
    "PasswordResetLink",
    "Player",
    "Prize",
    "PrizeAward",
    "RatingUpdate",
    "Role",
    "Round",
    "Scorepad",
    "ScorepadDeal",
    "Season",
    "Seat",
    "SignupLink",
    "SitOut",
    "TableEntry",
    "TableRound",
    "Upload",
    "new_link_token",
    "new_pad_token",
    "new_public_token",
    "new_table_token",
    "token_digest",
]
