"""A language change applies at once, to every scene on the stack: the open
dialogs too."""

from __future__ import annotations

from hacienda_game.client.scenes.overlays import Confirm, Pause
from hacienda_game.client.scenes.play import PlayScene
from hacienda_game.client.scenes.saveload import SaveDialog
from hacienda_game.session.plan import GamePlan, SeatPlan


def test_the_pause_dialog_and_the_save_dialog_change_language_while_open(driver, home):
    driver.app.settings.anim_speed = "off"
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 8,
                    open_hands=True)
    driver.app.push(PlayScene(plan))
    driver.frames(2)
    driver.click(driver.top.b_menu.rect.center)
    pause = driver.top
    assert isinstance(pause, Pause)
    driver.click_button(pause.buttons, "Save game")
    save = driver.top
    assert isinstance(save, SaveDialog)
    driver.app.apply_language("es")
    driver.frames(1)
    assert save.title == "Guardar partida"
    assert [b.label for b in save.buttons] == ["Guardar", "Cancelar"]
    save.close()
    driver.frames(1)
    assert pause.title == "Pausa"
    assert [b.label for b in pause.buttons][0] == "Seguir"
    assert "Save game" not in [b.label for b in pause.buttons]
    driver.click_button(pause.buttons, "Dejar partida")
    leave = driver.top
    assert isinstance(leave, Confirm)
    driver.app.apply_language("de")
    assert [b.label for b in leave.buttons] == ["Ja", "Nein"]


def test_the_log_is_worded_anew_in_the_new_language(driver, home):
    from hacienda_game.client.scenes.padmenus import LogView

    driver.app.settings.anim_speed = "off"
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 8,
                    open_hands=True)
    play = PlayScene(plan)
    driver.app.push(play)
    driver.frames(2)
    play.layer.perform(next(a for a in play.layer.legal() if a.verb == "play"))
    driver.frames(1)
    first = play.story[-1][0].split()[0]                  # whoever moved first
    assert any(f"{first} plays" in line for line, _seat, _first in play.log)
    view = LogView(play)
    driver.app.push(view)
    driver.app.apply_language("de")
    driver.frames(1)
    lines = [line for line, _seat, _first in play.log]
    assert not any("plays" in line or "starts" in line for line in lines), lines
    assert any(f"{first} spielt" in line for line in lines), lines
    assert any(f"{first} spielt" in line for line, _seat in view.lines())
    assert any(f"{first} spielt" in text for text, _seat in play.recap(0) + play.recap(1))
