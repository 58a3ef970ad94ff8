"""The demo host's account, published in the README and on the home page.

``python manage.py demo`` signs it in with this password; ``make party``
refuses to serve a hall while it still does. No Django import, so the
launcher reads it before Django is set up.
"""

USERNAME = "demo"
PASSWORD = "pedro-demo"
