"""The game client: pygame-ce app loop, scenes, drawing, input, animation.

Data flows one way (STYLE.md): input -> commands -> the action layer
(`actionlayer.ActionLayer`, the only caller of `GameState.apply`) -> engine
events -> animations and drawing.  Everything is drawn on a 960x540 canvas
that pygame scales by whole numbers.
"""

from .options import Options

__all__ = ["Options", "run"]


def run(options: Options) -> int:
    """Open the game and play until the player quits; returns an exit code."""
    from .app import App

    return App(options).run()
