"""The party's maths in plain Python: nothing in this package imports Django.

Values in, values out; the services and selectors turn rows into these
values and the results back into rows.

    movement.py      seating round 1 and moving players between rounds
    corrections.py   which later seatings an amended round would change
    standings.py     round results, scores, standings and prizes of a party
    season_table.py  a season's standings from each member's nights
    ratings.py       a member's rating, learnt from every round they play
    roles.py         who may do what: the capabilities each role grants
    lookalike.py     names that look like the same person
    charts.py        a member's score chart as plain geometry
    wifi.py          the hall's Wi-Fi as a QR code payload
"""
