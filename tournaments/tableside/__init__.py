"""Table-side entry: the players at a table enter and confirm their own deals
on their phones (/t/<table token>/), and the host sees them on the grid.

    services.py    an entry submitted, confirmed, rejected; the party's switch
    selectors.py   a table's link, its phone page, the entries waiting
    forms.py       the phone's seat and deal, the host's switch
    views/         phone.py (the players' pages), host.py (the codes, the switch)
    urls.py        /t/<table token>/
"""
