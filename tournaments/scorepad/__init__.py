"""The scorepad: the score of one home game at one table, any game of
``RULESETS`` and any seat count it allows, kept deal by deal on a tablet
(/pad/<private link>/) and followed on the players' phones (/pad/v/<link>/).

    tally.py       the arithmetic, plain Python: records, scores, the game so far
    services.py    a scorepad created; a deal entered, amended, deleted
    selectors.py   a scorepad by its link, its sheet as plain values
    forms.py       the new scorepad, the tap-first deal entry
    sheet.py       the printed score sheet (PDF, WeasyPrint)
    views/         keeper.py (create, enter, amend, print), phone.py (the players' page)
    urls.py        /pad/
"""
