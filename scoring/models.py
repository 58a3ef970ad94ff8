"""Scoring models: none yet."""
