"""What the menus say and offer: no button that leads nowhere, nothing cut or
covered, the same case for like things."""

from __future__ import annotations

from hacienda_game.client.scene import Command


def key(driver, name: str) -> None:
    driver.top.handle(Command("key", (0, 0), name=name))
    driver.frames(1)


def test_the_rules_book_has_no_previous_on_its_first_page_nor_next_on_its_last(driver):
    from hacienda_game.client.scenes.rules import RulesScene

    driver.app.push(RulesScene())
    driver.frames(1)
    rules = driver.top
    previous, following = rules.buttons[0], rules.buttons[1]
    assert rules.page == 0 and not previous.enabled and following.enabled
    key(driver, "left")                      # nothing before the first page
    assert (rules.page, rules.part) == (0, 0)
    key(driver, "up")
    assert (rules.page, rules.part) == (0, 0)
    for _ in range(100):
        key(driver, "right")
    last = len(rules.sections) - 1
    assert rules.page == last and rules.part == rules.parts() - 1
    assert previous.enabled and not following.enabled
    key(driver, "down")                      # nothing after the last
    assert rules.page == last


def test_the_seed_shows_every_digit_in_groups_that_fit(driver):
    from hacienda_game.client.scenes.setup import SetupScene

    driver.app.push(SetupScene())
    driver.frames(1)
    setup = driver.top
    button = setup.seed_button
    assert len(str(setup.seed)) >= 30                 # a drawn seed: 39 digits
    assert "…" not in button.label
    assert button.label.replace(" ", "") == str(setup.seed)
    assert all(len(group) <= 3 for group in button.label.split(" "))
    assert button.overflow(driver.app.art) == ""
    assert button.rect.right + 36 <= setup.seed_rect.right - 6      # the re-roll beside it
    dice = setup.buttons[setup.buttons.index(button) + 1]
    assert not dice.rect.colliderect(button.rect) and dice.rect.right <= setup.seed_rect.right


def test_the_title_footer_is_not_drawn_under_the_settings(driver, monkeypatch):
    """The settings panel reaches to the canvas's foot: the title's footer
    line peeked out under it, cut in half."""
    footer = "After Wolfgang Kramer"
    font = driver.app.art.fonts.medium
    drawn: list[str] = []
    real = font.draw

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(font, "draw", spy)
    driver.frames(1)
    assert any(footer in t for t in drawn)            # on the title screen alone: shown
    driver.click_button(driver.top.buttons, "Settings")
    drawn.clear()
    driver.frames(1)
    assert drawn and not any(footer in t for t in drawn)
    settings = driver.top
    assert settings.rect.bottom > driver.app.canvas_size[1] - 24    # where the footer stood


def test_leaving_a_joined_game_says_the_host_keeps_the_seat(driver):
    from hacienda_game.client.scene import Scene
    from hacienda_game.client.scenes.overlays import Pause

    class Joined(Scene):
        joined = True

        def draw(self, surface) -> None:
            pass

    driver.app.push(Joined())
    driver.app.push(Pause(save=None))
    driver.frames(1)
    driver.top.leave()
    driver.frames(1)
    told = driver.top.body_words
    text = told() if callable(told) else told
    assert "not saved" not in text
    assert "keeps your seat" in text and "same address and code" in text


def test_joining_again_with_the_same_address_and_code_takes_the_seat_back(driver,
                                                                           monkeypatch):
    from hacienda_game.client.scenes import join

    made: list[tuple] = []

    class Client:
        def __init__(self, address, code, token=None, spectate=False):
            made.append((address, code, token, spectate))
            self.token = None

        def start(self):
            return self

    class Link:
        def __init__(self, client):
            self.client = client

        def close(self) -> None:
            pass

    monkeypatch.setattr(join, "NetClient", Client)
    monkeypatch.setattr("hacienda_game.client.netlink.GameLink", Link)
    monkeypatch.setattr(join, "SEATS_HELD", {})
    scene = join.JoinScene("192.168.1.20:8765", "K7PMQ2XH")
    scene.app = driver.app
    scene.layout = lambda: None
    scene.join()
    join.SEATS_HELD[("192.168.1.20:8765", "K7PMQ2XH")].token = "seat-key"    # from the host
    scene.join()
    assert [m[2] for m in made] == [None, "seat-key"]
    scene.join(spectate=True)                # watching: no seat, no token
    assert made[-1][2] is None


def test_the_buy_list_names_every_entry_in_one_case(driver):
    """"Rock card · 3 pesos" beside "Land deck · 2 pesos" (was "rock card")."""
    import pygame

    from hacienda_game.client.pads import VirtualPad
    from hacienda_game.client.scenes.padmenus import BuyMenu

    from .test_pads import Player, Y, started_by_pads

    if not VirtualPad.available():
        import pytest

        pytest.skip("SDL without virtual pads")
    driver.app.settings.anim_speed = "off"
    try:
        _play, mover, _other = started_by_pads(driver)
        mover.press(Y)
        menu = driver.top
        assert isinstance(menu, BuyMenu)
        labels = [b.label for b in menu.buttons if b.label]
        assert any("card" in label for label in labels)
        assert all(label[0].isupper() for label in labels), labels
    finally:
        while Player.plugged:
            Player.plugged.pop().detach()
        pygame.event.clear()
