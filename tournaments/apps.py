from django.apps import AppConfig

# The system checks of the printables' system libraries, registered on import.
from . import checks  # noqa: F401


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
