"""The Celery app. Configured from Django settings prefixed CELERY_.

Tasks are found in each installed app's tasks.py (autodiscover) and in
pedroparty/tasks.py, which is not an installed app and so is listed here.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")

app = Celery("pedroparty", include=["pedroparty.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
