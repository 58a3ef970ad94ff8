"""Scoring: hand results and online tables. `scoring.rules` is the Django-free rules engine.

Keep this module free of Django imports: pure-Python code imports scoring.rules,
which imports this package first.
"""
