"""Every test starts and ends in English (a test that switches language switches
back), and keeps its settings, saves, logs and own maps in a folder of its own
(never the player's, never another test's: the suite runs on several workers)."""

import pytest

from hacienda_game import i18n


@pytest.fixture(autouse=True)
def english_language():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def own_user_folders(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path_factory.mktemp("home")))
