"""The translation lookup itself (the completeness of the catalogs is tested apart)."""

import pytest

from hacienda_game import i18n
from hacienda_game.i18n import _


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_english_is_the_key_and_other_languages_translate_it():
    assert _("Settings") == "Settings"
    i18n.set_language("de")
    assert _("Settings") == "Einstellungen"
    i18n.set_language("es")
    assert _("Settings") == "Ajustes"


def test_a_string_without_translation_shows_the_english_text():
    i18n.set_language("de")
    assert _("no such text in any catalog") == "no such text in any catalog"


def test_unknown_language_is_refused_and_changes_nothing():
    i18n.set_language("es")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.set_language("fr")
    assert i18n.language() == "es"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANGUAGE": "de_AT:en"}, "de"),
    ({"LANG": "es_MX.UTF-8"}, "es"),
    ({"LC_ALL": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
])
def test_default_language_follows_the_system_locale(monkeypatch, env, expected):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == expected
