"""The points track: a numbered scale with each seat's emblem at its points so
far (moving as they step up) and, as a thin bar in its colour, where a scoring
now would put it (drawn by ``client/track.py``)."""

from __future__ import annotations

import pygame

from .....i18n import _
from ....track import draw_track
from .tooltip import Tip, tip
from .viewmodel import TrackModel


def draw(surface: pygame.Surface, art, rect: pygame.Rect, model: TrackModel) -> None:
    draw_track(surface, art, rect, _("Points"), list(model.scores), list(model.projected),
               list(model.colours))


def tips(rect: pygame.Rect, model: TrackModel) -> list[Tip]:
    """The whole track: each player's points and a scoring now's."""
    return [tip(rect, "track", names=model.names, scores=model.scores,
                projected=model.projected)]
