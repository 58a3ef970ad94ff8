"""WSGI entry point: `gunicorn pedroparty.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")

application = get_wsgi_application()
