"""Every absolute address is made by ``pedroparty.links`` and nowhere else.

A link made from the request (``build_absolute_uri``, ``get_host``, the
``Host`` header) says whatever address the host's own browser used, often
127.0.0.1, which no phone can open; a hand-written ``http://`` or a base
glued to ``reverse()`` skips the hall's address. Read from the source with
``ast`` and from the templates as text: nothing is imported or rendered.
The pages themselves are checked in tests/tournaments/test_hall_addresses.py.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tournaments", "scoring", "pedroparty")
HELPER = "pedroparty/links.py"

#: Where the base URL itself is made (not a link): the assignment's target.
MAKES_THE_BASE = {
    ("pedroparty/serve.py", "env['PEDROPARTY_BASE_URL']"),  # `make party`: the LAN address
    ("pedroparty/settings.py", "_base_origin"),  # the base's origin, trusted for CSRF
}

REQUEST_ADDRESS = {"build_absolute_uri", "get_host", "get_port"}
HOST_HEADERS = {"HTTP_HOST", "HTTP_X_FORWARDED_HOST", "SERVER_NAME", "SERVER_PORT"}
WHOLE_ADDRESS = re.compile(r"https?://\S+")


def python_sources() -> list[Path]:
    return [
        path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def _is_reverse(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "reverse")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "reverse")
    )


def _skipped(tree: ast.AST, where: str) -> set[int]:
    """The nodes (by id) under an assignment that makes the base URL itself."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            (where, ast.unparse(target)) in MAKES_THE_BASE for target in node.targets
        ):
            skipped.update(id(inner) for inner in ast.walk(node.value))
    return skipped


def _f_string_problem(node: ast.JoinedStr) -> str | None:
    pieces = node.values
    literal = [p.value for p in pieces if isinstance(p, ast.Constant)]
    first = pieces[0] if pieces else None
    if isinstance(first, ast.Constant) and first.value.startswith(("http://", "https://")):
        return "builds an address in an f-string"
    if any(text.startswith("://") for text in literal):
        return "builds scheme://host in an f-string"
    if any(isinstance(p, ast.FormattedValue) and _is_reverse(p.value) for p in pieces[1:]):
        return "puts something before reverse() in an f-string"
    return None


def _problem(node: ast.AST) -> str | None:
    """How ``node`` makes an absolute address itself, if it does."""
    if isinstance(node, ast.Attribute) and node.attr in REQUEST_ADDRESS:
        return f"reads the request's address ({node.attr})"
    if isinstance(node, ast.Constant) and node.value in HOST_HEADERS:
        return f"reads the request's host header ({node.value})"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if WHOLE_ADDRESS.fullmatch(node.value):
            return f"writes an address by hand ({node.value})"
        return None
    if isinstance(node, ast.JoinedStr):
        return _f_string_problem(node)
    # A base before reverse() makes an address; a query or #fragment after it does not.
    glued = isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
    if glued and _is_reverse(node.right):
        return "glues a base to reverse()"
    return None


def hand_made_addresses(source: str, where: str) -> list[str]:
    """Each place in ``source`` that makes an absolute address itself."""
    tree = ast.parse(source, filename=where)
    skipped = _skipped(tree, where)
    found = []
    for node in ast.walk(tree):
        problem = None if id(node) in skipped else _problem(node)
        if problem:
            found.append(f"{where}:{node.lineno} {problem}")
    return found


def test_no_code_outside_the_helper_makes_an_absolute_address():
    found = []
    for path in python_sources():
        where = path.relative_to(ROOT).as_posix()
        if where != HELPER:
            found += hand_made_addresses(path.read_text(encoding="utf-8"), where)
    assert not found, "\n".join(found)


#: What a template must not use to print an address.
TEMPLATE_ADDRESS = re.compile(
    r"build_absolute_uri|get_host|request\.scheme|request\.META|HTTP_HOST|https?://(?!www\.w3\.org/)"
)


def test_no_template_makes_an_absolute_address():
    found = []
    for path in sorted((ROOT / "templates").rglob("*")):
        if path.is_file():
            for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if TEMPLATE_ADDRESS.search(text):
                    found.append(f"{path.relative_to(ROOT).as_posix()}:{number}: {text.strip()}")
    assert not found, "\n".join(found)


# The guard itself: each way of making an address by hand is caught.
CAUGHT = {
    "request.build_absolute_uri(reverse('tableside:table', args=[t]))": "reads the request's",
    "host = request.get_host()": "reads the request's address",
    "host = request.META['HTTP_HOST']": "host header",
    "SITE = 'http://127.0.0.1:8000'": "by hand",
    "url = f'http://{lan}:{port}/t/'": "builds an address",
    "url = f'{scheme}://{host}'": "scheme://host",
    "url = f'{base}{reverse(\"login\")}'": "before reverse()",
    "url = base + reverse('login')": "glues a base",
}


def test_the_guard_catches_every_way_of_making_an_address():
    for source, said in CAUGHT.items():
        found = hand_made_addresses(source, "example.py")
        assert len(found) >= 1 and said in found[0], (source, found)


def test_the_guard_lets_paths_and_messages_through():
    fine = (
        "next = f\"{reverse('login')}?{urlencode(query)}\"\n"
        "back = reverse('host:prizes', args=[slug]) + '#picks'\n"
        "message = 'The link must be an http(s) URL.'\n"
        "ok = url.startswith(('http://', 'https://'))\n"
        "url = absolute_url(request, 'public:party', args=[token])\n"
    )
    assert hand_made_addresses(fine, "example.py") == []
