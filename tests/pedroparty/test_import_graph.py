"""The project's modules import one another in one direction, at the top.

Read from the source with ``ast``, nothing imported: the module-level imports
of every module of ``tournaments``, ``scoring`` and ``pedroparty`` (migrations
aside) make a graph with no circle in it, and no function imports anything
except a Celery task, whose one import of its service says why in a comment.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tournaments", "scoring", "pedroparty")
TASK_DECORATORS = {"shared_task", "app.task"}


@dataclass(frozen=True)
class Source:
    name: str  # dotted module name; a package's __init__ is the package's name
    path: Path
    where: str  # the path from the project's root, for messages
    is_package: bool

    @property
    def package(self) -> str:
        """The package that relative imports start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


@dataclass(frozen=True)
class Edge:
    target: str
    line: int


def project_sources(root: Path = ROOT) -> dict[str, Source]:
    sources = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if "migrations" in parts:
                continue
            is_package = parts[-1] == "__init__"
            name = ".".join(parts[:-1] if is_package else parts)
            where = path.relative_to(root).as_posix()
            sources[name] = Source(name=name, path=path, where=where, is_package=is_package)
    return sources


def parse(source: Source) -> ast.Module:
    return ast.parse(source.path.read_text(encoding="utf-8"), filename=source.where)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def module_level_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import run when the module is imported: in the module's body and
    in the blocks and class bodies it runs, not in functions, and not under
    ``if TYPE_CHECKING:``, which never runs."""
    stack: list[ast.AST] = list(reversed(tree.body))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        elif isinstance(node, ast.If) and is_type_checking(node.test):
            stack.extend(reversed(node.orelse))
        else:
            stack.extend(reversed(list(ast.iter_child_nodes(node))))


def ancestors(name: str) -> list[str]:
    """``a.b.c`` -> ``["a", "a.b"]``: the packages imported before ``a.b.c`` is."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def resolve(node: ast.Import | ast.ImportFrom, source: Source, modules: set[str]) -> list[Edge]:
    """The project modules that ``node`` runs, in ``source``.

    ``import a.b.c`` runs ``a.b.c``; ``from a.b import c`` runs the submodule
    ``a.b.c`` when there is one, else ``a.b``, where the name ``c`` must
    already be defined. Either way the packages above are run first, except
    the importer's own packages, which are always under way before it runs."""
    named: list[str] = []
    if isinstance(node, ast.Import):
        named = [alias.name for alias in node.names]
    else:
        if node.level:
            base = source.package.split(".")
            base = base[: len(base) - (node.level - 1)]
            if node.module:
                base.append(node.module)
            module = ".".join(base)
        else:
            module = node.module or ""
        for alias in node.names:
            submodule = f"{module}.{alias.name}"
            named.append(submodule if submodule in modules else module)
    edges = []
    own = {source.name, *ancestors(source.name)}
    for target in named:
        implied = [parent for parent in ancestors(target) if parent not in own]
        for module in [*implied, target]:
            if module in modules and module != source.name:
                edges.append(Edge(module, node.lineno))
    return edges


def import_graph(sources: dict[str, Source]) -> dict[str, dict[str, int]]:
    """module -> {module it imports at the top: the line of the first such import}."""
    modules = set(sources)
    graph: dict[str, dict[str, int]] = {name: {} for name in sources}
    for name, source in sources.items():
        for node in module_level_imports(parse(source)):
            for edge in resolve(node, source, modules):
                graph[name].setdefault(edge.target, edge.line)
    return graph


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's components of more than one module, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def shortest_cycle(graph: dict[str, dict[str, int]], component: list[str]) -> list[str]:
    """The shortest way from the component's first module back to itself."""
    start, members = component[0], set(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node]):
                if target not in members:
                    continue
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def describe_cycle(
    graph: dict[str, dict[str, int]], sources: dict[str, Source], component: list[str]
) -> str:
    cycle = shortest_cycle(graph, component)
    steps = [
        f"  {sources[a].where}:{graph[a][b]} imports {b}"
        for a, b in zip(cycle, cycle[1:], strict=False)
    ]
    also = f" (with {', '.join(component)})" if len(component) > len(cycle) - 1 else ""
    return " -> ".join(cycle) + also + "\n" + "\n".join(steps)


def import_cycles(sources: dict[str, Source]) -> list[str]:
    graph = import_graph(sources)
    return [describe_cycle(graph, sources, c) for c in strongly_connected(graph)]


def decorator_name(decorator: ast.expr) -> str:
    if isinstance(decorator, ast.Call):
        decorator = decorator.func
    return ast.unparse(decorator)


def is_task(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(
        decorator_name(d) in TASK_DECORATORS or decorator_name(d).endswith(".shared_task")
        for d in function.decorator_list
    )


def comment_lines(text: str) -> set[int]:
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return {token.start[0] for token in tokens if token.type == tokenize.COMMENT}


def function_level_imports(source: Source) -> list[str]:
    """Each import inside a function, as ``path:line: statement``, unless the
    function is a Celery task and a comment on (or just above) the import
    says why."""
    text = source.path.read_text(encoding="utf-8")
    comments = comment_lines(text)
    lines = text.splitlines()
    found = []

    def visit(node: ast.AST, function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom) and function is not None:
                span = set(range(child.lineno, (child.end_lineno or child.lineno) + 1))
                above = child.lineno - 1
                explained = bool(span & comments) or (
                    above in comments and lines[above - 1].lstrip().startswith("#")
                )
                if not (is_task(function) and explained):
                    why = "a task's import without a comment" if is_task(function) else ""
                    found.append(
                        f"{source.where}:{child.lineno}: in {function.name}(): "
                        f"{ast.unparse(child)}" + (f"  ({why})" if why else "")
                    )
            visit(child, function)

    visit(parse(source), None)
    return found


# The checks themselves, on made-up packages, so each test can fail.


def write_tree(root: Path, files: dict[str, str]) -> dict[str, Source]:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return project_sources(root)


def test_the_project_has_modules_in_every_package():
    names = set(project_sources())
    for package in PACKAGES:
        assert package in names
    assert "tournaments.models" in names and "scoring.rules.deal" in names
    assert not any(".migrations" in name for name in names)


def test_no_import_cycle_between_project_modules():
    cycles = import_cycles(project_sources())
    assert not cycles, "Module-level import cycles:\n" + "\n".join(cycles)


def test_no_function_level_import_outside_a_celery_task():
    found = [line for s in project_sources().values() for line in function_level_imports(s)]
    assert not found, "Imports inside functions:\n" + "\n".join(found)


def test_a_cycle_through_a_from_import_of_a_submodule_is_named(tmp_path):
    sources = write_tree(
        tmp_path,
        {
            "tournaments/__init__.py": "",
            "tournaments/services.py": "from . import printing\n",
            "tournaments/printing.py": "import os\n\nfrom tournaments import services\n",
            "scoring/__init__.py": "",
            "pedroparty/__init__.py": "",
        },
    )
    (cycle,) = import_cycles(sources)
    assert cycle.startswith("tournaments.printing -> tournaments.services -> tournaments.printing")
    assert "tournaments/printing.py:3 imports tournaments.services" in cycle
    assert "tournaments/services.py:1 imports tournaments.printing" in cycle


def test_a_cycle_through_a_package_reexport_is_found(tmp_path):
    sources = write_tree(
        tmp_path,
        {
            "tournaments/__init__.py": "",
            "tournaments/services/__init__.py": "from .results import result_record\n",
            "tournaments/services/results.py": (
                "from ..printing import render\n\ndef result_record(): ...\n"
            ),
            "tournaments/printing.py": "from tournaments.services import result_record\n",
            "scoring/__init__.py": "",
            "pedroparty/__init__.py": "",
        },
    )
    (cycle,) = import_cycles(sources)
    assert "tournaments.services.results" in cycle and "tournaments.printing" in cycle
    assert "tournaments.services ->" in cycle


def test_a_package_and_its_submodules_importing_one_another_by_name_are_no_cycle(tmp_path):
    sources = write_tree(
        tmp_path,
        {
            "tournaments/__init__.py": "",
            "tournaments/services/__init__.py": (
                "from .common import UserError\nfrom .results import result_record\n"
            ),
            "tournaments/services/common.py": "class UserError(Exception): ...\n",
            "tournaments/services/results.py": (
                "from . import common\nfrom .common import UserError\n"
                "import tournaments.services.common\n"
            ),
            "scoring/__init__.py": "",
            "pedroparty/__init__.py": "",
        },
    )
    assert import_cycles(sources) == []


def test_imports_in_functions_and_under_type_checking_make_no_cycle(tmp_path):
    sources = write_tree(
        tmp_path,
        {
            "scoring/__init__.py": "",
            "scoring/services.py": "from . import tasks\n",
            "scoring/tasks.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from . import services\n"
                "def play():\n    from . import services\n"
            ),
            "tournaments/__init__.py": "",
            "pedroparty/__init__.py": "",
        },
    )
    assert import_cycles(sources) == []


def test_an_import_in_an_if_or_class_body_at_module_level_counts(tmp_path):
    sources = write_tree(
        tmp_path,
        {
            "scoring/__init__.py": "",
            "scoring/services.py": "try:\n    from . import tasks\nexcept ImportError:\n    pass\n",
            "scoring/tasks.py": "class Runner:\n    from scoring.services import play\n",
            "tournaments/__init__.py": "",
            "pedroparty/__init__.py": "",
        },
    )
    (cycle,) = import_cycles(sources)
    assert cycle.startswith("scoring.services -> scoring.tasks -> scoring.services")


def test_a_function_level_import_is_found_and_named(tmp_path):
    sources = write_tree(
        tmp_path,
        {
            "tournaments/__init__.py": "",
            "tournaments/views.py": (
                "import os\n\n"
                "class Page:\n"
                "    def get(self):\n"
                "        from .forms import PartyForm\n"
                "        return PartyForm\n"
            ),
            "scoring/__init__.py": "",
            "pedroparty/__init__.py": "",
        },
    )
    assert function_level_imports(sources["tournaments.views"]) == [
        "tournaments/views.py:5: in get(): from .forms import PartyForm"
    ]


def test_a_task_may_import_its_service_when_a_comment_says_why(tmp_path):
    sources = write_tree(
        tmp_path,
        {
            "tournaments/__init__.py": "",
            "tournaments/tasks.py": (
                "from celery import shared_task\n"
                "from pedroparty.celery import app\n\n"
                "@shared_task(acks_late=True)\n"
                "def render(pk):\n"
                "    from . import printing  # printing imports this module at the top\n\n"
                "@app.task\n"
                "def ping():\n"
                "    # services imports this module at the top\n"
                "    from . import services\n\n"
                "@shared_task\n"
                "def silent(pk):\n"
                "    from . import printing\n\n"
                "def helper():\n"
                "    from . import printing  # not a task, so no excuse\n"
            ),
            "scoring/__init__.py": "",
            "pedroparty/__init__.py": "",
        },
    )
    assert function_level_imports(sources["tournaments.tasks"]) == [
        "tournaments/tasks.py:15: in silent(): from . import printing"
        "  (a task's import without a comment)",
        "tournaments/tasks.py:18: in helper(): from . import printing",
    ]
