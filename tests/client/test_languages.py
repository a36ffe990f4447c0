"""Languages in the running client: chosen in settings, by --lang or by the
system; the rules help over any scene; translated hints naming why not."""

from __future__ import annotations

import json

import pygame
import pytest

from hacienda_game import i18n
from hacienda_game.client.app import App
from hacienda_game.client.options import Options
from hacienda_game.client.scenes.rules import SECTIONS, RulesScene
from hacienda_game.session.refusals import GENERIC, hint
from hacienda_game.session.userdirs import Settings


def press(driver, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    driver.frames(2)


def test_f1_and_h_open_the_rules_over_every_scene_and_esc_returns(driver):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.client.scenes.setup import SetupScene

    assert isinstance(driver.top, MenuScene)
    press(driver, pygame.K_F1)
    rules = driver.top
    assert isinstance(rules, RulesScene) and rules.page == 0
    press(driver, pygame.K_F1)                     # never two helps on top of each other
    assert driver.top is rules and len(driver.app.stack) == 2
    press(driver, pygame.K_RIGHT)
    press(driver, pygame.K_RIGHT)
    assert rules.page == 2
    press(driver, pygame.K_LEFT)
    assert rules.page == 1
    driver.click_button(rules.contents, rules.sections[SECTIONS.index("markets")].title)
    assert rules.page == SECTIONS.index("markets")
    press(driver, pygame.K_ESCAPE)
    assert isinstance(driver.top, MenuScene)
    driver.click_button(driver.top.buttons, "New game")
    assert isinstance(driver.top, SetupScene)
    press(driver, pygame.K_h)
    assert isinstance(driver.top, RulesScene)
    driver.click_button(driver.top.buttons, "Close")
    driver.click_button(driver.top.buttons, "Start game")
    assert isinstance(driver.top, PlayScene)
    press(driver, pygame.K_F1)
    assert isinstance(driver.top, RulesScene)
    press(driver, pygame.K_ESCAPE)
    assert isinstance(driver.top, PlayScene)


def test_h_typed_into_a_name_is_a_letter_not_the_help(driver):
    driver.click_button(driver.top.buttons, "New game")
    setup = driver.top
    driver.click(setup.buttons[1].rect.center)          # the first seat's name
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                         unicode="h", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="h"))
    driver.frames(2)
    assert driver.top is setup and setup.seats[0].name == "Anah"


def test_switching_language_relabels_the_scenes_on_the_stack(driver):
    driver.app.apply_language("es")
    assert i18n.language() == "es" and driver.app.settings.language == "es"
    assert [b.label for b in driver.top.buttons][:2] == ["Nueva partida", "Cargar partida"]
    driver.frames(1)
    with pytest.raises(ValueError, match="unknown language"):
        driver.app.apply_language("fr")
    assert i18n.language() == "es"


def test_settings_keep_a_known_language_and_drop_an_unknown_one(home):
    s = Settings()
    assert s.language is None
    s.language = "de"
    s.save()
    assert Settings.load().language == "de"
    path = home / "config" / "settings.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "language": "fr"}), encoding="utf-8")
    assert Settings.load().language is None


def test_language_comes_from_the_command_line_then_settings_then_the_system(home,
                                                                           monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    App(Options(windowed=True, fake_clock=True)).finish()
    assert i18n.language() == "es"
    Settings(language="de").save()
    App(Options(windowed=True, fake_clock=True)).finish()
    assert i18n.language() == "de"
    App(Options(windowed=True, fake_clock=True, language="en")).finish()
    assert i18n.language() == "en"


def test_lang_option_is_checked():
    from hacienda_game.cli import parser

    assert parser().parse_args(["--lang", "de"]).lang == "de"
    with pytest.raises(SystemExit):
        parser().parse_args(["--lang", "fr"])


def test_every_refusal_the_engine_gives_has_a_translated_hint_without_rule_numbers():
    """Hints come from the refusal's code and params (never its English text)
    and name no rule: the player reads words, not "(R23, R30)"."""
    import re

    from hacienda_game.engine import REFUSALS, IllegalAction, new_game

    for code in REFUSALS:
        refusal = IllegalAction("whatever the text says (R99)", code,
                                {"price": 12, "money": 4})
        for language in ("en", "de", "es"):
            i18n.set_language(language)
            text = hint(refusal)
            assert text != _generic(), (code, language)
            assert not re.search(r"\(R\d", text), (code, language, text)
    i18n.set_language("en")
    assert hint(IllegalAction("buy land: costs", "cannot_pay", {"price": 12, "money": 4})) == \
        "Needs 12 pesos, you have 4."
    i18n.set_language("de")
    state = new_game("symmetric", 2, seed=3)
    taken = next(a for a in state.legal_actions() if a.verb == "play")
    state.apply(taken)
    assert hint(state.refusal(taken)) == "Dieses Feld ist schon belegt."
    # The text is not read: a refusal worded differently still gets its sentence.
    assert hint(IllegalAction("anything at all", "taken")) == "Dieses Feld ist schon belegt."
    assert hint(IllegalAction("something new (R99)", "new_code")) == "Hier nicht möglich."
    assert hint(None) == "Hier nicht möglich."


def _generic() -> str:
    from hacienda_game.i18n import _

    return _(GENERIC)


def test_pointing_at_a_hex_where_the_card_cannot_go_says_why_in_the_language(driver):
    from hacienda_game.client.scenes.play import PlayScene
    from hacienda_game.engine.components import LAND_CARDS
    from hacienda_game.session.plan import GamePlan, SeatPlan

    driver.app.apply_language("de")
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bo", colour=1)], 3,
                    open_hands=True)
    play = PlayScene(plan)
    driver.app.push(play)
    driver.frames(1)
    play.pending.clear()
    obs = play.layer.view(play.layer.current)
    card = next(c for c, n in zip(LAND_CARDS, obs.land_hand, strict=True)
                if n and c != "pampas")
    play.pick_card("land", card)
    board = play.layer.board
    h = next(h for h in range(len(board)) if board.spaces[h] == "market")
    driver.move(play.view.centres[h])
    assert play.hover_text == "Landplättchen kommen nie auf Märkte oder Wasser."


def test_every_kind_of_action_reads_as_words_in_each_language():
    """The log's "takes back" and the replay's step line name an action in the
    player's language, never in the file notation."""
    import random

    from hacienda_game.client.words import action_words
    from hacienda_game.engine import new_game

    state = new_game("symmetric", players=3, seed=4)
    rng = random.Random(4)
    seen = {}
    while not state.is_over() and len(seen) < 9:
        for a in state.legal_actions():
            key = (a.kind, a.card is not None, a.source is not None)
            seen.setdefault(key, a)
        state.apply(state.random_action(rng))
    assert len(seen) >= 8
    for code in ("en", "de", "es"):
        i18n.set_language(code)
        for action in seen.values():
            words = action_words(action, state.board)
            assert words and words != str(action), (code, action)
            if code != "en":
                assert "buy" not in words and "play " not in words, (code, words)
    i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "de", "es"])
def test_the_pads_join_hint_stays_inside_the_seats_panel(code, home):
    """German and Spanish run longer: the hint drops its count rather than spill."""
    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes.padseats import draw_join_hint, join_hint_right
    from hacienda_game.client.scenes.setup import SetupScene

    app = App(Options(headless=True, language=code))
    try:
        setup = SetupScene("symmetric")
        app.push(setup)
        app.draw()
        assert draw_join_hint(setup, app.screen) <= join_hint_right(setup)
        label = app.art.fonts.small.width(i18n._("Seats: colour, name, who plays"))
        assert 40 + label < 250, "the seats label runs into the join hint"
    finally:
        app.finish()


def test_saves_and_replays_show_the_map_title_in_the_players_language(home):
    import random

    from hacienda_game.engine import new_game
    from hacienda_game.maps.catalog import load_board
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    german = load_board("symmetric").title("de")
    assert german != load_board("symmetric").title("en")
    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 3)
    state = new_game("symmetric", 2, seed=3)
    rng = random.Random(3)
    saves.save_game(state, plan, "Abend")
    while not state.is_over():
        state.apply(state.random_action(rng))
    saves.keep_replay(state, plan)
    i18n.set_language("de")
    assert [s.map_title for s in saves.list_saves()[0]] == [german]
    assert [r.map_title for r in saves.list_replays()[0]] == [german]
