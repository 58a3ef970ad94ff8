"""The scorepad's pages: the keeper's (``keeper``) and the players' phones (``phone``)."""
