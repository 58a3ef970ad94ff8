"""Admin registrations for tournament models: none yet."""
