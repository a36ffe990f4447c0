"""Hostile and odd maps dropped in the own-maps folder (tools/make_hostile_maps.py):
the Maps and Setup screens list each with its reason, and each entry is
checked and drawn within 1 s and 200 MB; `hacienda --map FILE` refuses each
(exit 2) with the same reason."""

from __future__ import annotations

import importlib
import os
import time
import tracemalloc
from pathlib import Path

import pytest


def _tool():
    return importlib.import_module("tools.make_hostile_maps")


CASES = _tool().CASES
REFUSED = sorted(n for n, (_k, _b, expect) in CASES.items() if expect)
LEGIT = sorted(n for n, (_k, _b, expect) in CASES.items() if not expect)
needs_posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and links")


def drop_all(folder: Path, scratch: Path) -> dict[str, Path]:
    """Every case's map as ``<case>.tmx`` in one folder, with the files it names."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for name in REFUSED + LEGIT:
        made = _tool().build(name, scratch / name)
        for item in made.parent.iterdir():
            target = folder / (f"{name}{made.suffix}" if item == made else item.name)
            if not os.path.lexists(target):
                os.rename(item, target)
        out[name] = folder / f"{name}{made.suffix}"
    return out


@needs_posix
def test_maps_and_setup_screens_list_every_case_with_its_reason(driver, home, tmp_path):
    from hacienda_game.client.scenes.maps import MapsScene
    from hacienda_game.client.scenes.setup import SetupScene
    from hacienda_game.session.userdirs import user_maps_dir

    paths = drop_all(user_maps_dir(), tmp_path / "scratch")
    tracemalloc.start()
    start = time.process_time()
    scene = MapsScene()
    driver.app.push(scene)
    driver.frames(1)
    assert scene.ready(), "the maps are read on a thread"
    listing = time.process_time() - start
    by_path = {e.path.resolve(): e for e in scene.maps}
    slowest = 0.0
    for name, path in paths.items():
        entry = by_path[path.resolve()]
        expect = CASES[name][2]
        if expect:
            assert not entry.ok and any(expect in e for e in entry.errors), (name, entry.errors)
        else:
            assert entry.ok, (name, entry.errors)
        t = time.process_time()
        scene.pick(scene.maps.index(entry))
        driver.frames(2)
        slowest = max(slowest, time.process_time() - t)
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    assert listing < len(paths) * 1.0 and slowest < 1.0 and peak < 200, (listing, slowest, peak)
    driver.app.pop()
    driver.frames(1)

    setup = SetupScene()
    driver.app.push(setup)
    driver.frames(1)
    for name, path in paths.items():
        index = [e.path.resolve() for e in setup.maps].index(path.resolve())
        entry = setup.maps[index]
        assert entry.ok == (CASES[name][2] is None), name
        setup.map_index = index
        setup.layout()
        t = time.process_time()
        driver.frames(2)
        assert time.process_time() - t < 1.0, name
        assert setup.start_button.enabled == entry.ok, name


@needs_posix
@pytest.mark.parametrize("name", REFUSED)
def test_hacienda_map_refuses_each_with_exit_two(name, tmp_path, capsys):
    from hacienda_game import cli

    path = _tool().build(name, tmp_path / name)
    assert cli.main(["--map", str(path), "--autoplay", "--headless", "--seats",
                     "random,random", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot be played" in err and CASES[name][2] in err
