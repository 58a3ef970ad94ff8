"""A club's writes, one module per reason to change.  Callers import the
module (``from tournaments.clubs.services import seasons as season_services``):
the party's services use ``access``, ``members`` and ``ratings``, so nothing
is re-exported here, which would import the seasons' services (and through
them the party's) whenever a party service is imported."""
