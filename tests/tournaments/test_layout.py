"""The top of ``tournaments/`` holds Django's own modules and one package per
feature, nothing else: a new feature module goes into its feature's package
(STYLE.md 11), not beside the layers as ``season_forms.py`` once did."""

from pathlib import Path

import tournaments

APP = Path(tournaments.__file__).parent

#: Django's own modules, and the one error every feature raises.
MODULES = {
    "__init__.py",
    "admin.py",
    "apps.py",
    "checks.py",
    "choices.py",
    "errors.py",
    "tasks.py",
    "urls.py",
}
#: Django's own packages, the party night's layers, and one package per feature.
PACKAGES = {
    "management",
    "migrations",
    "models",
    "templatetags",
    # The party night itself.
    "game",
    "services",
    "selectors",
    "views",
    "forms",
    # One package per feature.
    "accounts",
    "api",
    "clubs",
    "exports",
    "partyfile",
    "printing",
    "scorepad",
    "tableside",
    "uploads",
}


def top_level(app: Path) -> tuple[set[str], set[str]]:
    modules = {path.name for path in app.iterdir() if path.is_file() and path.suffix == ".py"}
    packages = {
        path.name for path in app.iterdir() if path.is_dir() and (path / "__init__.py").is_file()
    }
    return modules, packages


def test_the_app_holds_only_the_listed_modules_and_packages():
    modules, packages = top_level(APP)
    assert modules - MODULES == set(), "put these into their feature's package"
    assert packages - PACKAGES == set(), "a new feature package: add it to PACKAGES"


def test_every_listed_package_exists():
    _, packages = top_level(APP)
    assert PACKAGES - packages == set()
    assert {"__init__.py", "apps.py", "urls.py"} <= MODULES & top_level(APP)[0]


def test_a_feature_module_at_the_top_is_found(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "__init__.py").write_text("")
    (tmp_path / "apps.py").write_text("")
    (tmp_path / "season_forms.py").write_text("")
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "__init__.py").write_text("")
    modules, packages = top_level(tmp_path)
    assert modules - MODULES == {"season_forms.py"}
    assert packages - PACKAGES == {"reports"}
