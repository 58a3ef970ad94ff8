"""Table-side pages: the players' (``phone``) and the host's (``host``)."""
