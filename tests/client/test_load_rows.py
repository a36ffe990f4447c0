"""The Load list words each unfinished game's row in the current language, and
two autosaves read apart: when, the round and the seats (their stored name is
"Autosave" in whatever language wrote it)."""

from __future__ import annotations

from hacienda_game import i18n
from hacienda_game.client.scenes.saveload import LoadScene
from hacienda_game.engine import new_game
from hacienda_game.session import saves
from hacienda_game.session.plan import GamePlan, SeatPlan
from tests.client.drawnhelp import record_drawn


def test_autosave_rows_are_distinct_and_in_the_current_language(driver, home, monkeypatch):
    two = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1)], 7)
    three = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1),
                                   SeatPlan("Cy", colour=2)], 8)
    i18n.set_language("es")
    try:
        saves.autosave(new_game("symmetric", 2, 7), two)                   # "Guardado automático"
    finally:
        i18n.set_language("en")
    saves.autosave(new_game("symmetric", 3, 8), three, slot="autosave-2")
    load = LoadScene()
    driver.app.push(load)
    assert driver.wait_until(lambda: len(load.items) == 2, 20)
    labels = [load.row_label(item) for item in load.items]
    assert len(set(labels)) == 2, labels
    assert all(label.startswith("Autosave ") for label in labels), labels
    assert not any("Guardado" in label for label in labels), labels
    assert {"2 seats" in label for label in labels} == {True, False}
    drawn = record_drawn(monkeypatch)
    i18n.set_language("de")
    try:
        for index in range(len(load.entries)):      # each row's detail, titled in German
            load.index = index
            drawn.clear()
            driver.frames(3)
            assert "Automatisch gespeichert" in {d.text for d in drawn}
            assert not any("Guardado" in d.text for d in drawn)
    finally:
        i18n.set_language("en")


def test_a_saved_games_ai_seats_are_named_in_the_current_language():
    """The Load screen's seat lines: 'Bo (KI schwer)' in German, never the
    level's id ('KI hard') beside translated words."""
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", "hard", 1),
                                  SeatPlan("Cy", "easy", 2)], 7)
    i18n.set_language("de")
    try:
        labels = saves.seat_labels(plan)
    finally:
        i18n.set_language("en")
    assert labels == ["Ana", "Bo (KI schwer)", "Cy (KI leicht)"], labels
    assert saves.seat_labels(plan)[1] == "Bo (AI hard)"
