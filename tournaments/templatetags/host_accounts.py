"""Whether anyone may make a host account: ``{% host_signup_open as open %}``."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def host_signup_open() -> bool:
    """``HOST_SIGNUP_OPEN``, read when the page is drawn."""
    return settings.HOST_SIGNUP_OPEN
