"""Reads for the API: its cached documents, and whose a presented token is."""
