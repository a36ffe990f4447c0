"""Why a file is refused, as data: a reason (an `N_` text) and its fields,
worded in the player's language only where it is shown."""

from __future__ import annotations

from ..i18n import _


class Reason(ValueError):
    """A file the reader cannot take: ``reason`` (an `N_` text) and its fields."""

    def __init__(self, reason: str, **fields: object):
        super().__init__(reason)
        self.reason = reason
        self.fields = fields

    def worded(self) -> str:
        """The reason in the current language."""
        return _(self.reason).format(**self.fields)
