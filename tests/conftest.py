"""Every test starts and ends in English (a test that switches language switches back)."""

import pytest

from hacienda_game import i18n


@pytest.fixture(autouse=True)
def english_language():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
