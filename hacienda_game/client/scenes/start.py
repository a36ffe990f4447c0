"""Which scene the app opens with, from the command line options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App


def first_scene(app: App) -> Scene:
    opts = app.options
    if opts.autoplay:
        from .play import autoplay_scene

        return autoplay_scene(app)
    from .menu import MenuScene

    return MenuScene(start_map=opts.map)
