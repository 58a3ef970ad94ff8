"""The Django admin covers every party model and keeps results read-only."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from tournaments import services

pytestmark = pytest.mark.django_db


def test_every_tournaments_model_is_registered():
    for model in apps.get_app_config("tournaments").get_models():
        assert admin.site.is_registered(model), model.__name__


def test_admin_pages_open_for_staff_and_results_cannot_be_edited(
    client, django_user_model, party, host
):
    staff = django_user_model.objects.create_superuser("boss", password="pw-admin-123")
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    result = services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=1, bid=8, bidding_team_points=10),
        user=host,
    )
    client.force_login(staff)
    for model in apps.get_app_config("tournaments").get_models():
        url = reverse(f"admin:tournaments_{model._meta.model_name}_changelist")
        assert client.get(url).status_code == 200, model.__name__
    change = reverse("admin:tournaments_dealresult_change", args=[result.pk])
    response = client.post(change, {"bid": 16})
    assert response.status_code == 403
    result.refresh_from_db()
    assert result.bid == 8
