"""The hall's HTTPS (pedroparty/hall.py, pedroparty/hall_tls.py): the host's
pages go from plain http to HTTPS, the players' pages and the hall's
authority stay on plain http, and the authority is made once, private, and
vouches for local addresses only."""

from __future__ import annotations

import datetime
import stat

import pytest
from cryptography import x509
from cryptography.x509.verification import PolicyBuilder, Store
from django.contrib.auth import get_user_model
from django.urls import reverse

from pedroparty.hall_tls import ca_der, hall_certificates, hall_names

from ..tournaments.builders import make_party

HALL_HOST = "192.168.1.23"


@pytest.fixture
def hall_https(settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HALL_HOST, "pedro.local"]
    settings.PEDROPARTY_HALL_HTTPS_PORT = 8443
    return settings


@pytest.mark.parametrize(
    "path", ["/host/", "/accounts/login/", "/admin/", "/sw.js", "/manifest.webmanifest"]
)
def test_the_hosts_pages_over_plain_http_go_to_https_on_the_same_name(client, hall_https, path):
    response = client.get(path + "?next=x", HTTP_HOST=f"{HALL_HOST}:8000")
    assert response.status_code == 302
    assert response["Location"] == f"https://{HALL_HOST}:8443{path}?next=x"
    response = client.get(path, HTTP_HOST="pedro.local:8000")
    assert response["Location"] == f"https://pedro.local:8443{path}"


def test_a_post_keeps_its_method_and_no_redirect_is_permanent(client, hall_https):
    response = client.post("/accounts/login/", {"username": "x"}, HTTP_HOST=f"{HALL_HOST}:8000")
    assert response.status_code == 307
    assert response["Location"] == f"https://{HALL_HOST}:8443/accounts/login/"
    assert "Strict-Transport-Security" not in response


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/p/aaaaaaaaaaaa/", "/t/aaaaaaaaaaaa/", "/rules/", "/ping"])
def test_the_players_pages_stay_on_plain_http(client, hall_https, path):
    response = client.get(path, HTTP_HOST=f"{HALL_HOST}:8000")
    assert response.status_code not in (301, 302, 307, 308)


def test_this_machine_itself_and_https_are_not_sent_anywhere(client, hall_https):
    assert client.get("/host/", HTTP_HOST="127.0.0.1:8000").status_code == 302
    assert "https://" not in client.get("/host/", HTTP_HOST="127.0.0.1:8000")["Location"]
    secure = client.get("/host/", HTTP_HOST=f"{HALL_HOST}:8443", secure=True)
    assert not secure.get("Location", "").startswith("https://")


def test_without_the_halls_https_nothing_is_redirected(client, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HALL_HOST]
    settings.PEDROPARTY_HALL_HTTPS_PORT = 0
    response = client.get("/accounts/login/", HTTP_HOST=f"{HALL_HOST}:8000")
    assert response.status_code == 200


def test_the_authority_is_made_once_kept_private_and_each_night_gets_a_server_certificate(
    tmp_path,
):
    folder = tmp_path / "hall"
    first = hall_certificates(folder, names=["192.168.1.23", "pedro.local"])
    ca = first.ca_cert.read_bytes()
    server = first.server_cert.read_bytes()
    again = hall_certificates(folder, names=["192.168.1.23", "pedro.local"])
    assert again.ca_cert.read_bytes() == ca  # kept
    assert again.server_cert.read_bytes() != server  # made again
    for key in (folder / "ca-key.pem", again.server_key):
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def _verify(folder, name: str):
    store = Store([x509.load_pem_x509_certificate((folder / "ca.pem").read_bytes())])
    leaf = x509.load_pem_x509_certificate((folder / "server.pem").read_bytes())
    verifier = (
        PolicyBuilder()
        .store(store)
        .time(datetime.datetime.now(datetime.UTC))
        .build_server_verifier(x509.DNSName(name))
    )
    return verifier.verify(leaf, [])


def test_the_server_certificate_is_trusted_through_the_authority_for_the_halls_names(tmp_path):
    hall_certificates(tmp_path, names=["pedro.local", "192.168.1.23", "localhost"])
    assert _verify(tmp_path, "pedro.local")
    with pytest.raises(Exception, match="(?i)name|san|match"):
        _verify(tmp_path, "pedro.example.org")


def test_the_authority_vouches_for_local_addresses_only(tmp_path):
    hall_certificates(tmp_path, names=["localhost"])
    ca = x509.load_pem_x509_certificate((tmp_path / "ca.pem").read_bytes())
    constraints = ca.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical
    permitted = {str(name.value) for name in constraints.value.permitted_subtrees}
    assert "192.168.0.0/16" in permitted and "local" in permitted
    assert not any(net.startswith(("0.", "8.")) for net in permitted)
    names = hall_names(lan="192.168.1.23", extra=("pedro.example.org", "8.8.8.8", "pedro.local"))
    assert "pedro.example.org" not in names and "8.8.8.8" not in names
    assert {"192.168.1.23", "pedro.local", "localhost", "127.0.0.1"} <= set(names)


@pytest.mark.django_db
def test_the_authority_downloads_over_plain_http_with_steps_for_each_tablet(
    client, hall_https, tmp_path
):
    certificates = hall_certificates(tmp_path, names=["localhost"])
    hall_https.PEDROPARTY_HALL_CA = str(certificates.ca_cert)
    page = client.get(reverse("hall_ca"), HTTP_HOST=f"{HALL_HOST}:8000")
    assert page.status_code == 200
    text = page.content.decode()
    for tablet in ("Android", "iPad", "Chromebook", "Windows"):
        assert f"<h2>{tablet}</h2>" in text
    assert f"https://{HALL_HOST}:8443/accounts/login/" in text
    download = client.get(reverse("hall_ca_download"), HTTP_HOST=f"{HALL_HOST}:8000")
    assert download.status_code == 200
    assert download["Content-Type"] == "application/x-x509-ca-cert"
    assert download.content == ca_der(certificates.ca_cert)
    assert b"PRIVATE" not in download.content


@pytest.mark.django_db
def test_no_authority_is_no_page(client, settings):
    settings.PEDROPARTY_HALL_CA = None
    assert client.get(reverse("hall_ca")).status_code == 404
    assert client.get(reverse("hall_ca_download")).status_code == 404


@pytest.mark.django_db
def test_the_share_screen_shows_where_a_tablet_trusts_the_hall(client, settings, tmp_path):
    host = get_user_model().objects.create_user(username="hostess", password="x-x-x-x-1")
    party = make_party(host, players=4)
    client.force_login(host)
    share = reverse("host:share", args=[party.slug])
    settings.PEDROPARTY_HALL_CA = None
    assert 'id="hall-trust"' not in client.get(share).content.decode()
    settings.PEDROPARTY_BASE_URL = f"http://{HALL_HOST}:8000"
    settings.PEDROPARTY_HALL_CA = str(hall_certificates(tmp_path, names=["localhost"]).ca_cert)
    page = client.get(share).content.decode()
    trust = f"http://{HALL_HOST}:8000/hall/ca/"
    assert 'id="hall-trust"' in page
    assert f'href="{trust}"' in page and f"<title>{trust}</title>" in page
