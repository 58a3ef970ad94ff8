"""What the ``*_dump`` commands share: writing a JSON document out whole."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError


def write_document(command: BaseCommand, document: dict, options: dict) -> None:
    """Write ``document`` as UTF-8 JSON, indented by 2, names as typed (not
    escaped): to the file named by the ``output`` option, or to the command's
    standard output (the process's, as UTF-8 bytes, unless the caller gave
    the command a ``stdout`` of its own)."""
    output = options["output"]
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    if output:
        try:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            raise CommandError(f"{output}: {error.strerror or error}") from None
    elif options.get("stdout") is None and hasattr(sys.stdout, "buffer"):
        # UTF-8 whatever the terminal's locale says.
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    else:
        command.stdout.write(text, ending="")
