"""Parties: players, tables, rounds, movement and standings."""
