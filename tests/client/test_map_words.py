"""The Maps screen speaks the player's language: a broken map's problems
carry no parser's English, every built-in map has a name and a credit in
each language."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("code", ["de", "es"])
def test_a_malformed_map_shows_no_parser_english(code, monkeypatch, tmp_path):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    from hacienda_game.client.app import App
    from hacienda_game.client.assets import Font
    from hacienda_game.client.options import Options
    from hacienda_game.client.scenes import maps
    from hacienda_game.session.userdirs import user_maps_dir

    folder = user_maps_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.tmx").write_text('<?xml version="1.0"?>\n<map version="1.10"><<</map>\n')
    shown: list[str] = []
    draw = Font.draw

    def record(self, target, text, *args, **kw):
        shown.append(text)
        return draw(self, target, text, *args, **kw)

    monkeypatch.setattr(Font, "draw", record)
    app = App(Options(headless=True, language=code))
    try:
        scene = maps.MapsScene()
        app.push(scene)
        assert scene.ready()
        scene.pick(next(i for i, e in enumerate(scene.maps) if e.name == "broken"))
        assert scene.maps[scene.index].errors, "the map is refused"
        shown.clear()
        app.draw()
    finally:
        app.finish()
    page = " ".join(shown)
    assert "broken.tmx" in page
    for english in ("not well-formed", "invalid token", "line 2", "column", "XML"):
        assert english not in page, f"{english!r} on the {code} Maps screen: {page}"


# Names that are the same in every language: a mountain's own name.
PROPER_NAMES = {"Everest"}


@pytest.mark.parametrize("code", ["de", "es"])
def test_every_builtin_map_is_named_and_credited_in_the_language(code):
    from hacienda_game import i18n
    from hacienda_game.maps.catalog import builtin_map_infos
    from hacienda_game.maps.reasons import by_line

    infos = builtin_map_infos()
    assert len(infos) >= 9
    i18n.set_language("en")
    english = {info.name: (info.title("en"), by_line(info.author)) for info in infos}
    try:
        i18n.set_language(code)
        for info in infos:
            title, by = info.title(code), by_line(info.author)
            assert code in info.titles, f"{info.name} has no title_{code}"
            if english[info.name][0] not in PROPER_NAMES:
                assert title != english[info.name][0], f"{info.name}: English {title!r} in {code}"
            assert by != english[info.name][1], f"{info.name}: English credit {by!r} in {code}"
            assert "project" not in by and " by " not in f" {by}", by
    finally:
        i18n.set_language("en")


def test_the_join_screens_cancel_button_does_not_say_surrender():
    """While a join is tried, the button left of Join stops trying: "Cancelar",
    "Abbrechen", never "Rendirse" (surrender) or "Aufgeben"."""
    import ast
    from pathlib import Path

    from hacienda_game import i18n

    source = Path(__file__).parents[2] / "hacienda_game" / "client" / "scenes" / "join.py"
    said = {node.args[0].value for node in ast.walk(ast.parse(source.read_text()))
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_"
            and node.args and isinstance(node.args[0], ast.Constant)}
    assert "Give up" in said
    assert i18n.catalog("es")["Give up"] == "Cancelar"
    assert i18n.catalog("de")["Give up"] == "Abbrechen"


# The formal address ("Sie", "Ihre", "Ihnen"), capitalised: German speaks to the
# player with "du" everywhere (a lower-case "sie"/"ihr" is a third person).
FORMAL = r"\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b"


def test_german_speaks_to_the_player_with_du_throughout():
    import re
    from pathlib import Path

    from hacienda_game import i18n

    formal = {msgid: text for msgid, text in i18n.catalog("de").items()
              if msgid and isinstance(text, str) and re.search(FORMAL, text)}
    assert not formal, formal
    locale = Path(i18n.__file__).parent / "locale"
    rules = (locale / "rules_de.md").read_text(encoding="utf-8")
    assert not re.findall(FORMAL, rules)
