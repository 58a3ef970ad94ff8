"""A club's pages, for its organisers and helpers, and its public ones (a
member's own page, a season's page)."""
