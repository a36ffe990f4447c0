"""The tutorial after Undo and Redo: a move taken back takes its step back
(the coach asks again what the position asks for), and the asked move played
again by Redo does the step."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.client.test_tutorial import GUIDED, english, guided_scene  # noqa: E402,F401

# Up to the water step (step 11 of the counter): the harvest and the hacienda done.
TO_WATER = [*GUIDED, "play pig 6,3", "play pig 7,2", "play mountain 5,2", "end",
            "harvest 4,3", "buy hacienda 5,3"]


def test_undo_goes_back_to_the_step_of_the_position_and_redo_does_it(driver):
    scene = guided_scene(driver, TO_WATER)
    director = scene.director
    assert director.current.key == "water"
    water = next(a for a in scene.layer.legal() if a.verb == "buy" and a.item == "water")
    scene.layer.perform(water)
    driver.frames(2)
    assert director.current.key == "end_turn_3"
    scene.undo()
    driver.frames(2)
    assert len(scene.layer.game.history) and scene.layer.game.history[-1] != water
    assert director.current.key == "water", director.current.key
    model = scene.coach_model()
    assert model.ask == "Buy a water tile, turn it and place it (the line below says how)."
    assert model.note == ""                       # nothing said about a move taken back
    assert director.number(director.current) == 11
    scene.redo()
    driver.frames(2)
    assert director.current.key == "end_turn_3"
    assert director.note == "Well done."          # the asked move, not "That works too"


def test_undo_keeps_the_steps_done_before_the_move_taken_back(driver):
    scene = guided_scene(driver, TO_WATER)
    director = scene.director
    done = list(director.done)
    scene.undo()                                  # the hacienda taken back
    driver.frames(2)
    assert director.current.key == "hacienda"
    hacienda = [s.key for s in director.steps].index("hacienda")
    assert director.done[:hacienda] == done[:hacienda]
