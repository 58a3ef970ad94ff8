"""Values every page's template may use."""

from django.http import HttpRequest

#: The cookie ``static/js/view.js`` keeps the reading-comfort choice in:
#: the classes it puts on ``<html>``, joined by dots.
VIEW_COOKIE = "pp_view"
#: Larger text, high contrast: the only classes the cookie may set.
VIEW_CLASSES = ("text-large", "contrast")


def view_classes(request: HttpRequest) -> str:
    """The reading-comfort classes this browser chose, space-separated, in a
    fixed order; anything else in the cookie is ignored."""
    chosen = set(request.COOKIES.get(VIEW_COOKIE, "").split("."))
    return " ".join(c for c in VIEW_CLASSES if c in chosen)


def view_prefs(request: HttpRequest) -> dict[str, str]:
    """``view_classes`` for ``<html>``, so the page is drawn with them at once."""
    return {"view_classes": view_classes(request)}
