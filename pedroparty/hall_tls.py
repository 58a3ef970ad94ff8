"""HTTPS on the hall's network: the hall's own certificate authority.

A browser gives a page a service worker (the host's tablet reopening the
round's pages with the wifi down) only on a secure context: HTTPS, or this
machine itself.  The hall has no domain name a public authority would
certify, so ``make party`` makes its own authority once, keeps it in a data
folder (``.hall/``, git-ignored, keys mode 0600), and each time it serves
makes a server certificate for this machine's LAN address and hall names.
The host installs the authority on the tablet once (``/hall/ca/``, a plain
http page, says how); from then on the tablet trusts the hall's HTTPS.

The authority can only vouch for local addresses: its certificate carries
name constraints (private and link-local IPv4 networks, loopback,
``localhost`` and ``.local`` names), so a tablet that trusts it trusts
nothing more on the internet, whoever gets hold of its key.
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

#: The networks and names the hall's authority may vouch for.
LOCAL_NETWORKS = (
    "10.0.0.0/8",
    "172.16.0.0/12",
    "192.168.0.0/16",
    "169.254.0.0/16",
    "127.0.0.0/8",
)
LOCAL_NAMES = ("local", "localhost")
CA_YEARS = 10
#: A server certificate is made again each time the hall is served; this is
#: how long one made for a night stays good.
SERVER_DAYS = 30

CA_CERT = "ca.pem"
CA_KEY = "ca-key.pem"
SERVER_CERT = "server.pem"
SERVER_KEY = "server-key.pem"


@dataclass(frozen=True)
class HallCertificates:
    """The files gunicorn and the CA download need."""

    ca_cert: Path
    server_cert: Path
    server_key: Path


def _write_private(path: Path, data: bytes) -> None:
    """Writes ``data`` to a file only its owner reads (mode 0600)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
    os.chmod(path, 0o600)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _name(common_name: str) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Pedro Party"),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )


def _ca_make(folder: Path, now: datetime.datetime) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    name = _name(f"Pedro Party hall ({socket.gethostname()[:40]})")
    constraints = x509.NameConstraints(
        permitted_subtrees=[
            *(x509.IPAddress(ipaddress.ip_network(net)) for net in LOCAL_NETWORKS),
            *(x509.DNSName(name) for name in LOCAL_NAMES),
        ],
        excluded_subtrees=None,
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=365 * CA_YEARS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(constraints, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_private(folder / CA_KEY, _key_pem(key))
    (folder / CA_CERT).write_bytes(cert.public_bytes(serialization.Encoding.PEM))


def _permitted(name: str) -> bool:
    """Whether the hall's authority may vouch for ``name`` (a host or an IP)."""
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        name = name.lower().rstrip(".")
        return any(name == n or name.endswith("." + n) for n in LOCAL_NAMES)
    return any(address in ipaddress.ip_network(net) for net in LOCAL_NETWORKS)


def hall_names(*, lan: str | None, extra: tuple[str, ...] = ()) -> list[str]:
    """The names and addresses the server certificate is for: this machine
    itself, its LAN address, its mDNS name (``<host>.local``) and ``extra``
    (the address links carry), keeping only those the authority may vouch for."""
    host = socket.gethostname().split(".")[0].lower()
    names = ["localhost", "127.0.0.1", f"{host}.local", *(extra or ())]
    if lan:
        names.append(lan)
    kept: list[str] = []
    for name in names:
        if name and _permitted(name) and name not in kept:
            kept.append(name)
    return kept


def hall_certificates(
    folder: Path, *, names: list[str], now: datetime.datetime | None = None
) -> HallCertificates:
    """The hall's authority (made the first time, kept after) and a new
    server certificate for ``names``, in ``folder``."""
    now = now or datetime.datetime.now(datetime.UTC)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not (folder / CA_CERT).exists() or not (folder / CA_KEY).exists():
        _ca_make(folder, now)
    ca_key = serialization.load_pem_private_key((folder / CA_KEY).read_bytes(), password=None)
    ca_cert = x509.load_pem_x509_certificate((folder / CA_CERT).read_bytes())
    key = ec.generate_private_key(ec.SECP256R1())
    alternatives: list[x509.GeneralName] = []
    for name in names:
        try:
            alternatives.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alternatives.append(x509.DNSName(name))
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(names[0]))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectAlternativeName(alternatives), critical=False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_cert.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(folder / SERVER_KEY, _key_pem(key))
    chain = cert.public_bytes(serialization.Encoding.PEM) + ca_cert.public_bytes(
        serialization.Encoding.PEM
    )
    (folder / SERVER_CERT).write_bytes(chain)
    return HallCertificates(
        ca_cert=folder / CA_CERT, server_cert=folder / SERVER_CERT, server_key=folder / SERVER_KEY
    )


def ca_der(path: Path) -> bytes:
    """The authority's certificate in DER, the form every tablet installs."""
    return x509.load_pem_x509_certificate(path.read_bytes()).public_bytes(
        serialization.Encoding.DER
    )


def ca_fingerprint(path: Path) -> str:
    """The authority's SHA-256 fingerprint, as a tablet's settings show it."""
    digest = hashlib.sha256(ca_der(path)).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))
