"""URL converters shared by the apps' URL confs."""

from django.urls import register_converter


class TokenConverter:
    """A private link's token (``secrets.token_urlsafe``): URL-safe base64 letters.

    Anything else (a NUL byte, a space, a slash) is no token: the URL does not
    match and the answer is 404 before any query, since PostgreSQL refuses a
    NUL in a text value."""

    regex = r"[-A-Za-z0-9_]{8,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")
