"""The play screen, in parts: the scene, its drawing and its pad control."""

from ....engine.components import LAND_CARDS
from .draw import LOG_RECT
from .scene import PlayScene, autoplay_scene, demo_scene, describe

__all__ = ["LAND_CARDS", "LOG_RECT", "PlayScene", "autoplay_scene", "demo_scene", "describe"]
