"""Moving a scene's focus by key or pad presses in tests."""

from __future__ import annotations

import pygame

from hacienda_game.client.ui import DIRECTIONS, Focus


def step_towards(scene, goal) -> str | None:
    """The direction whose press brings the scene's focus nearest to the goal
    button (None when it is there already)."""
    if scene.buttons[scene.focus.index] is goal:
        return None
    target = pygame.Vector2(goal.rect.center)

    def after(way: str) -> float:
        trial = Focus(scene.focus.index)
        trial.move(scene.buttons, DIRECTIONS[way])
        return target.distance_to(scene.buttons[trial.index].rect.center)
    return min(DIRECTIONS, key=after)


def focus_by(press, scene, goal, tries: int = 40) -> None:
    """Press directions (press(way)) until the goal button has the focus."""
    for _ in range(tries):
        way = step_towards(scene, goal)
        if way is None:
            return
        press(way)
    raise AssertionError(f"focus never reached {goal.label!r}")
