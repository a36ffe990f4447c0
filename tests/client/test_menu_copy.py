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
