"""The forms of a club's pages (parsing only: the services check the rules)."""
