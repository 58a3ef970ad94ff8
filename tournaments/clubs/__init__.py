"""A club and everything kept across its parties: who holds which role, the
invitations that grant one, its members and each member's history and rating,
its seasons, and the club file.

    services/   clubs (roles, invitations), access (who may do each action, at a
                party or a club), members, ratings, seasons
    selectors/  clubs, members, member_history, ratings, seasons
    views/      clubs, members, member_history, seasons, season_public, clubfile
    forms/      clubs, members, seasons
    urls.py     /host/clubs/, /invite/, /m/ and /s/
    clubfile/   the club file: parse, load, dump
"""
