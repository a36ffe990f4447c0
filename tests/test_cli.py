"""The ``hacienda`` command line is honest: ``--map PATH`` opens that map or
says why not (exit 2), and with no screen it says so and how to play."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hacienda_game import cli  # noqa: E402
from hacienda_game.maps.catalog import maps_dir  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BOARDS = ROOT / "tests" / "boards"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def own_map(folder: Path) -> Path:
    """A playable map outside the built-in and user folders."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("hacienda.tsx", "hacienda.png"):
        shutil.copy(maps_dir() / name, folder / name)
    text = (maps_dir() / "asymmetric.tmx").read_text(encoding="utf-8")
    path = folder / "far_away.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def started_with(monkeypatch, argv: list[str]):
    """The options `cli.main` starts the client with (the client is not run)."""
    import hacienda_game.client as client

    seen = []
    monkeypatch.setattr(client, "run", lambda options: seen.append(options) or 0)
    assert cli.main(argv) == 0
    (options,) = seen
    return options


def test_map_path_opens_the_setup_screen_on_that_map_also_windowed(home, tmp_path,
                                                                   monkeypatch):
    from hacienda_game.client.app import App
    from hacienda_game.client.scenes.setup import SetupScene
    from hacienda_game.client.scenes.start import first_scene

    path = own_map(tmp_path / "elsewhere")
    monkeypatch.chdir(tmp_path)
    options = started_with(monkeypatch, ["--windowed", "--map", "elsewhere/far_away.tmx"])
    assert options.map == str(path.resolve())
    options.fake_clock = True
    app = App(options)
    try:
        app.push(first_scene(app))
        app.step()
        assert isinstance(app.top, SetupScene)
        assert app.top.entry.path == path.resolve() and app.top.entry.ok
        assert app.top.entry.title == "Asymmetric"
    finally:
        app.finish()


def test_a_built_in_name_still_opens_the_built_in_map(home, monkeypatch):
    assert started_with(monkeypatch, ["--windowed", "--map", "pinwheel"]).map == "pinwheel"


@pytest.mark.parametrize("argv", [["--windowed"], [], ["--autoplay", "--headless"]])
def test_a_map_that_cannot_be_opened_is_refused_with_exit_2(home, tmp_path, capsys, argv):
    assert cli.main([*argv, "--map", str(tmp_path / "missing.tmx")]) == 2
    err = capsys.readouterr().err
    assert "cannot be played" in err and "no such file" in err and "Traceback" not in err
    assert cli.main([*argv, "--map", str(BOARDS / "no_market.tmx")]) == 2
    err = capsys.readouterr().err
    assert "cannot be played" in err and "no market" in err


def _without_a_screen(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(HACIENDA_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT), **extra)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
@pytest.mark.parametrize("driver", ["", "x11"])
def test_with_no_screen_the_game_says_so_and_how_to_play(tmp_path, driver):
    extra = {"SDL_VIDEODRIVER": driver} if driver else {}
    done = subprocess.run([sys.executable, "-m", "hacienda_game", "--windowed"],
                          env=_without_a_screen(tmp_path, **extra), capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "no screen here" in done.stderr and "Traceback" not in done.stderr
    assert "hacienda --text" in done.stderr and "--headless" in done.stderr
    assert not (tmp_path / "home" / "settings.json").exists()     # nothing started


def test_a_screen_is_taken_at_its_word_and_the_headless_game_needs_none(monkeypatch, home):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setenv("DISPLAY", ":0")
    assert cli.has_screen()
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")    # a driver the player chose
    assert cli.has_screen()
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(cli, "has_screen", lambda: False)
    assert started_with(monkeypatch, ["--autoplay", "--headless"]).headless


def test_the_text_game_takes_its_seats_and_variants_from_the_one_registry(capsys):
    from hacienda_game.session.choices import VARIANTS, ai_levels
    from hacienda_game.terminal import play as textplay

    assert set(VARIANTS) == {"hand_limits", "lakes", "lone_harvest"} and "easy" in ai_levels()
    assert textplay.main(["--seats", "easy,random", "--seed", "2", "--variant", "lakes"]) == 0
    assert "(AI easy)" in capsys.readouterr().out
    for bad, says in (("human,wizard", "'wizard' is neither human nor an AI level"),
                      ("easy", "takes 2-5 seats")):
        with pytest.raises(SystemExit) as exit_info:
            textplay.main(["--seats", bad])
        assert exit_info.value.code == 2 and says in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["--autoplay", "--headless", "--seats", "human,easy"])
    assert "unknown AI level 'human'" in capsys.readouterr().err


def test_the_map_tools_are_commands_of_the_package(tmp_path, capsys):
    from hacienda_game.maps.commands import main as maps_main

    assert maps_main(["validate", "symmetric", "--quiet"]) == 0
    assert maps_main(["validate", str(BOARDS / "no_market.tmx")]) == 1
    assert maps_main(["bogus"]) == 2 and "unknown command 'bogus'" in capsys.readouterr().err
    assert maps_main(["--help"]) == 0 and "validate|import|generate|sketch" in \
        capsys.readouterr().out
    out = tmp_path / "drawn.tmx"
    assert maps_main(["sketch", str(ROOT / "maps" / "sketches" / "asymmetric.txt"),
                      str(out)]) == 0
    assert maps_main(["validate", str(out)]) == 0
    done = subprocess.run([sys.executable, "tools/validate_map.py", "pinwheel"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0 and "valid: 'Pinwheel'" in done.stdout


def test_version_and_help_name_the_other_commands(capsys):
    from hacienda_game import __version__
    from hacienda_game.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"hacienda {__version__}"
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "hacienda serve" in out and "hacienda --text" in out


def test_what_the_sound_system_prints_goes_to_the_log_not_the_terminal(capfd, tmp_path,
                                                                       monkeypatch):
    """Without a sound card ALSA prints errors while SDL opens audio: they go
    to the log (os.write on descriptor 2 stands in for the C library)."""
    from hacienda_game.client.sound import c_errors_to_log
    from hacienda_game.session.userdirs import log_path

    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    with c_errors_to_log("sound"):
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    assert "ALSA" not in capfd.readouterr().err
    assert "sound: the system said: ALSA lib confmisc.c" in log_path().read_text()
    os.write(2, b"after\n")                   # the terminal is the terminal again
    assert "after" in capfd.readouterr().err
