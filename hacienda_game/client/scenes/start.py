"""Which scene the app opens with, from the command line options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App


def first_scene(app: App) -> Scene:
    opts = app.options
    if opts.replay:
        return replay_scene(opts.replay)
    if opts.join:
        from .join import JoinScene

        return JoinScene(opts.join[0], opts.join[1], go=True)
    if opts.tutorial:
        from ..tutorial.scene import tutorial_scene

        return tutorial_scene(demonstrate=opts.autoplay_input if opts.autoplay else None)
    if opts.autoplay:
        from .play import autoplay_scene

        return autoplay_scene(app)
    from .menu import MenuScene

    return MenuScene(start_map=opts.map)


def replay_scene(path: str) -> Scene:
    """--replay FILE (checked by the command line first: a broken file is
    refused there with the reason)."""
    from ...session.saves import load_replay
    from .replay import ReplayScene

    return ReplayScene(load_replay(path))
