"""Benchmark: 100 prize certificates in one PDF through the task (target <= 3 s).

Builds a finished 25-table party (100 players, 3 rounds, loaded from a party
file) with 100 place prizes, each awarded in pick order, then times
``document_request`` end to end: the Document row, the task run eagerly in
this process (no broker), the HTML of every certificate, WeasyPrint, and the
PDF stored.  Best of three runs (each a fresh request: the party version is
bumped in between, as any change would).  Also times the other printables
once each.

Runs on a fresh temporary SQLite file, migrated first, with no REDIS_URL (the
task runs in-process).  Query logging is off, as in production.

    python bench/certificates.py [--certificates 100] [--repeat 3] [--out file.pdf]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGET_SECONDS = 3.0


def build_party(certificates: int):
    """A finished party of max(100, certificates) players with ``certificates`` awards."""
    from django.contrib.auth import get_user_model

    from bench.party_load import party_file
    from tournaments import selectors
    from tournaments.models import Party, Prize, PrizeAward
    from tournaments.partyfile import party_load

    tables = max(25, -(-certificates // 4))
    owner, _ = get_user_model().objects.get_or_create(username="bench-host")
    data = party_file(tables, rounds=3, seed=7)
    accented = ["Élodie Marchetti", "Beñat Etxeberria", "José Núñez", "Siobhán O'Brien", "Zoë"]
    data["players"] = accented + data["players"][len(accented) :]
    data["seating"] = [data["players"][4 * t : 4 * t + 4] for t in range(tables)]
    party = party_load(data, owner=owner)
    assert party.status == Party.Status.FINISHED
    Prize.objects.bulk_create(
        Prize(party=party, position=n, name=f"Prize number {n}") for n in range(1, certificates + 1)
    )
    prizes = list(party.prizes.order_by("position"))
    turns = selectors.prize_order(party)
    PrizeAward.objects.bulk_create(
        PrizeAward(prize=prize, player_id=turn.player, rank=turn.rank, score=turn.score)
        for prize, turn in zip(prizes, turns, strict=True)
    )
    return party, owner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--certificates", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", help="also write the certificates PDF here")
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory(prefix="pedroparty-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}"
    os.environ.pop("REDIS_URL", None)  # no broker: the task runs in this process
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ.setdefault("DJANGO_LOG_LEVEL", "ERROR")  # not a line per eager task
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pedroparty.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db.models import F
    from pypdf import PdfReader

    from tournaments.models import Document, Party
    from tournaments.printing import document_request

    try:
        call_command("migrate", verbosity=0, interactive=False)
        settings.DEBUG = False  # no query log: time it as production runs it
        start = time.perf_counter()
        party, owner = build_party(args.certificates)
        setup = time.perf_counter() - start

        timings = []
        for _ in range(args.repeat):
            Party.objects.filter(pk=party.pk).update(version=F("version") + 1)
            start = time.perf_counter()
            document = document_request(
                party=party, kind="certificates", options={"paper": "letter"}, user=owner
            )
            document.refresh_from_db()
            timings.append(time.perf_counter() - start)
            assert document.status == Document.Status.READY, document.error
        pdf = bytes(document.content)
        pages = len(PdfReader(_bytes_io(pdf)).pages)
        assert pages == args.certificates, pages
        if args.out:
            Path(args.out).write_bytes(pdf)

        others = {}
        url = "https://pedro.example.org/p/" + party.public_token + "/"
        for kind, options in [
            ("table_cards", {"public_url": url}),
            ("standings", {}),
            ("movement", {}),
            ("tally_cards", {}),
            ("score_sheets", {}),
        ]:
            start = time.perf_counter()
            other = document_request(party=party, kind=kind, options=options, user=owner)
            other.refresh_from_db()
            assert other.status == Document.Status.READY, other.error
            count = len(PdfReader(_bytes_io(bytes(other.content))).pages)
            others[kind] = (count, time.perf_counter() - start)
    finally:
        from django.db import connections

        connections.close_all()
        tmp.cleanup()

    best = min(timings)
    verdict = "ok" if best <= TARGET_SECONDS else "TOO SLOW"
    runs = ", ".join(f"{t:.2f}" for t in timings)
    print(f"party set up (100 players, 3 rounds, {args.certificates} awards): {setup:.1f} s")
    print(
        f"certificates: {pages} pages in {best:.2f} s, best of {len(timings)} ({runs} s), "
        f"{len(pdf) / 1024:.0f} KiB (target <= {TARGET_SECONDS:g} s) {verdict}"
    )
    for kind, (count, elapsed) in others.items():
        print(f"{kind}: {count} pages in {elapsed:.2f} s")
    if best > TARGET_SECONDS:
        sys.exit(1)


def _bytes_io(data: bytes):
    import io

    return io.BytesIO(data)


if __name__ == "__main__":
    main()
