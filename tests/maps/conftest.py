from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fresh_board_cache():
    from hacienda_game.maps import catalog

    catalog.clear_cache()
    yield
    catalog.clear_cache()
