"""Moving a scene's focus by key or pad presses in tests."""

from __future__ import annotations

from hacienda_game.client.ui import DIRECTIONS, Focus


def step_towards(scene, goal) -> str | None:
    """The first press of the shortest run of direction presses that brings
    the scene's focus to the goal button (None when it is there already, or
    when no run of presses gets there)."""
    buttons = scene.buttons
    start = scene.focus.index
    if buttons[start] is goal:
        return None
    first: dict[int, str | None] = {start: None}
    frontier = [start]
    while frontier:
        later = []
        for index in frontier:
            for way, step in DIRECTIONS.items():
                trial = Focus(index)
                trial.move(buttons, step)
                if trial.index in first:
                    continue
                first[trial.index] = first[index] or way
                if buttons[trial.index] is goal:
                    return first[trial.index]
                later.append(trial.index)
        frontier = later
    return None


def focus_by(press, scene, goal, tries: int = 40) -> None:
    """Press directions (press(way)) until the goal button has the focus."""
    for _ in range(tries):
        if scene.buttons[scene.focus.index] is goal:
            return
        way = step_towards(scene, goal)
        if way is None:
            break                          # no run of presses gets there
        press(way)
    raise AssertionError(f"focus never reached {goal.label!r}")
