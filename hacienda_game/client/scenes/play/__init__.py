"""The play screen: ``scene`` (the play scene), ``table`` (what it shares with
the replay), ``layout``, ``selection``, ``presentation``, ``pad``, ``ai``, and
the drawn parts in ``parts/`` (each from its view model)."""

from ....engine import LAND_CARDS
from .presentation import describe
from .scene import PlayScene, autoplay_scene, demo_scene

__all__ = ["LAND_CARDS", "PlayScene", "autoplay_scene", "demo_scene", "describe"]
