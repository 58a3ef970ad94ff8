"""The read-only JSON API, version 1, at /api/v1/: ``urls``, ``views.endpoints``
(a party's and a season's standings), ``selectors.documents`` (the documents,
cached per version), and the host's API tokens (``services``,
``selectors.tokens``, ``views.tokens``)."""
