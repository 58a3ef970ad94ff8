"""GET /ping: a trivial answer, the baseline the load benchmarks compare with."""

import pytest
from django.urls import reverse


@pytest.mark.django_db
def test_ping_answers_ok_without_a_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("ping"))
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")


def test_ping_takes_only_get_and_head(client):
    assert client.post(reverse("ping")).status_code == 405
