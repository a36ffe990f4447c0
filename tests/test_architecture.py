"""The architecture is a test: the rooms of ``hacienda_game`` and the arrows
between them, read from the import graph with `ast` (docs/architecture.md).

A room is a sub-package (``engine``, ``maps``, ``ai``, ``session``, ...) or a
top-level module (``i18n``, ``resources``, ``cli``).  Every import counts:
at the top of a module or inside a function, absolute or relative.  A room
nobody listed yet (a new one) may import any room but the client and the
front door, and no pygame.
"""

from __future__ import annotations

import ast
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "hacienda_game"

SHARED = {"i18n", "resources", "art"}           # leaves every room may use
CORE = {"engine", "maps", "ai", "session"}
# room -> the rooms it may import (besides itself)
MAY_IMPORT: dict[str, set[str]] = {
    "resources": set(),
    "art": set(),
    "i18n": {"resources"},
    "maps": SHARED,
    "engine": {"maps"} | SHARED,
    "ai": {"engine", "maps"} | SHARED,
    "session": {"engine", "maps", "ai"} | SHARED,
    "terminal": CORE | SHARED,
    "net": CORE | SHARED,
    "client": CORE | {"net"} | SHARED,
    "cli": CORE | {"client", "terminal", "net"} | SHARED,
    "__main__": {"cli"},
}
FRONTS = {"client", "cli", "__main__"}          # what an unlisted room may not import
# Rooms other rooms (and tools) may use only through their public face, the
# package itself (``from ..engine import GameState``), never a module of it.
PUBLIC_FACE_ONLY = {"engine"}
# Rooms that run without a screen: no pygame (the engine is shared by AI
# seats, tools and tests; the session and the network serve headless games).
NO_PYGAME = {"resources", "art", "i18n", "maps", "engine", "ai", "session", "terminal", "net"}
GRAPHICS = {"pygame", "pygame_ce"}


@dataclass(frozen=True)
class Import:
    room: str          # the importing room
    target: str        # a room of the package, or a top-level outside module
    internal: bool
    where: str         # file:line
    module: str = ""   # the module imported, in full (``hacienda_game.engine.state``)


def room_of(module: str) -> str | None:
    """``hacienda_game.engine.state`` -> ``engine``; the package itself -> None."""
    parts = module.split(".")
    if parts[0] != PACKAGE or len(parts) < 2:
        return None
    return parts[1]


def module_name(path: Path, package_dir: Path) -> str:
    rel = path.relative_to(package_dir.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def bound_names(init: Path) -> set[str]:
    """The names a package's ``__init__.py`` binds to something other than a
    module of its own: ``from .determinize import determinize`` binds a
    function (importing it from the package is using its public face), while
    ``from . import state`` binds the module."""
    if not init.is_file():
        return set()
    names: set[str] = set()
    for node in ast.parse(init.read_text(encoding="utf-8"), str(init)).body:
        if isinstance(node, ast.ImportFrom) and (node.module or not node.level):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def module_imports(path: Path, name: str, modules: set[str], package_dir: Path
                   ) -> list[tuple[str, int]]:
    """Every module one file imports (absolute names) with its line: for
    ``from X import a`` X, and X.a when that is a module of the package and
    not a name X's ``__init__`` binds."""
    is_package = path.name == "__init__.py"
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # ``from .. import i18n`` imports a module; ``from .. import
            # __version__`` a name of the package itself.
            init = package_dir.parent.joinpath(*module.split("."), "__init__.py")
            bound = bound_names(init) if module.split(".")[0] == PACKAGE else set()
            found += [(module, node.lineno)] + [
                (f"{module}.{alias.name}", node.lineno) for alias in node.names
                if f"{module}.{alias.name}" in modules and alias.name not in bound]
    return found


def imports(package_dir: Path) -> list[Import]:
    """Every import in every module of the package."""
    found: list[Import] = []
    paths = sorted(package_dir.rglob("*.py"))
    modules = {module_name(path, package_dir) for path in paths}
    for path in paths:
        name = module_name(path, package_dir)
        room = room_of(name)
        if room is None:                         # hacienda_game/__init__.py
            room = "__init__"
        for target, line in module_imports(path, name, modules, package_dir):
            where = f"{path.relative_to(package_dir.parent)}:{line}"
            inner = room_of(target)
            if target.split(".")[0] == PACKAGE:
                if inner is not None and inner != room:
                    found.append(Import(room, inner, True, where, target))
            else:
                found.append(Import(room, target.split(".")[0], False, where, target))
    return found


def behind_the_face(imp: Import) -> bool:
    """Whether an import reaches past a room's public face into one of its
    modules (``hacienda_game.engine.state`` from outside the engine)."""
    return (imp.internal and imp.target in PUBLIC_FACE_ONLY
            and imp.module.startswith(f"{PACKAGE}.{imp.target}."))


def rooms(package_dir: Path) -> set[str]:
    return ({p.name for p in package_dir.iterdir() if (p / "__init__.py").is_file()}
            | {p.stem for p in package_dir.glob("*.py") if p.stem != "__init__"})


def violations(package_dir: Path) -> list[str]:
    """Every forbidden arrow and every cycle between rooms, in words."""
    out: list[str] = []
    unknown = rooms(package_dir) - set(MAY_IMPORT)
    found = imports(package_dir)
    for imp in found:
        if imp.internal:
            allowed = MAY_IMPORT.get(imp.room)
            if allowed is None:
                bad = imp.target in FRONTS
            else:
                # A room nobody listed yet may be used only by the fronts.
                bad = imp.target not in allowed and not (
                    imp.target in unknown and imp.room in FRONTS)
            if bad:
                out.append(f"{imp.where}: {imp.room} imports {imp.target}")
            elif behind_the_face(imp):
                out.append(f"{imp.where}: {imp.room} imports {imp.module}, not {PACKAGE}."
                           f"{imp.target}")
        elif imp.target in GRAPHICS and (imp.room in NO_PYGAME or imp.room in unknown):
            out.append(f"{imp.where}: {imp.room} imports {imp.target}")
    out += [f"cycle between rooms: {' -> '.join(cycle)}" for cycle in cycles(package_dir, found)]
    return out


def cycles(package_dir: Path, found: list[Import] | None = None) -> list[list[str]]:
    """Cycles of the room graph (each found once, from its smallest room);
    ``found``: the package's imports when already read."""
    graph: dict[str, set[str]] = {}
    for imp in imports(package_dir) if found is None else found:
        if imp.internal:
            graph.setdefault(imp.room, set()).add(imp.target)
    found: list[list[str]] = []

    def walk(start: str, node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                found.append([*path, start])
            elif nxt > start and nxt not in path:
                walk(start, nxt, [*path, nxt])

    for start in sorted(graph):
        walk(start, start, [start])
    return found


# ----------------------------------------------------------------- the game
def test_the_rooms_keep_their_arrows():
    assert violations(ROOT / PACKAGE) == []


def test_the_graph_is_read_whole():
    found = imports(ROOT / PACKAGE)
    arrows = {(i.room, i.target) for i in found if i.internal}
    # Arrows the game is built on: if the reader missed these, it reads nothing.
    for arrow in [("client", "session"), ("session", "maps"), ("session", "engine"),
                  ("ai", "engine"), ("engine", "maps"), ("cli", "client"),
                  ("terminal", "engine"), ("__main__", "cli")]:
        assert arrow in arrows, arrow
    assert ("client", "pygame") in {(i.room, i.target) for i in found}
    assert {"engine", "maps", "ai", "session", "client"} <= rooms(ROOT / PACKAGE)


# ------------------------------------------------------- a tree made to fail
def fixture_tree(tmp_path: Path, extra: dict[str, str]) -> Path:
    """A small package with the game's rooms, importing only as allowed, plus
    ``extra`` files (path -> source)."""
    package = tmp_path / PACKAGE
    files = {
        "__init__.py": "",
        "cli.py": "from .client import app\nfrom .terminal import play\n",
        "i18n.py": "from . import resources\n",
        "resources.py": "import importlib.resources\n",
        "art/__init__.py": "",
        "maps/__init__.py": "from ..i18n import _\n",
        "engine/__init__.py": "from ..maps import board\nfrom .state import GameState\n"
                              "from .determinize import determinize\n",
        "engine/state.py": "class GameState:\n    pass\n",
        "engine/determinize.py": "from .state import GameState\ndef determinize(): pass\n",
        "ai/__init__.py": "from ..engine import GameState, determinize\n",
        "session/__init__.py": "from .. import ai, engine, maps\n",
        "terminal/__init__.py": "",
        "terminal/play.py": "from ..session import plan\n",
        "net/__init__.py": "from ..session import plan\nfrom hacienda_game.ai import base\n",
        "client/__init__.py": "import pygame\nfrom ..session import plan\nfrom ..net import x\n",
        **extra,
    }
    for rel, text in files.items():
        path = package / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return package


def test_the_fixture_tree_is_clean(tmp_path):
    assert violations(fixture_tree(tmp_path, {})) == []


FORBIDDEN = [
    ("engine/x.py", "import pygame", "engine imports pygame"),
    ("engine/x.py", "from ..client import app", "engine imports client"),
    ("engine/x.py", "from hacienda_game.ai import base", "engine imports ai"),
    ("engine/x.py", "def later():\n    from ..session import plan\n", "engine imports session"),
    ("maps/x.py", "from ..engine import state", "maps imports engine"),
    ("maps/x.py", "import hacienda_game.client.app", "maps imports client"),
    ("maps/sub/deep.py", "from ...session import plan", "maps imports session"),
    ("ai/x.py", "from ..client import hints", "ai imports client"),
    ("ai/x.py", "from .. import session", "ai imports session"),
    ("session/x.py", "import pygame.display", "session imports pygame"),
    ("session/x.py", "from ..client.scenes import setup", "session imports client"),
    ("net/x.py", "from ..client import app", "net imports client"),
    ("terminal/x.py", "from hacienda_game import client", "terminal imports client"),
    ("newroom/__init__.py", "from ..client import app", "newroom imports client"),
    ("newroom/__init__.py", "import pygame", "newroom imports pygame"),
    # the engine is used through its public face only
    ("ai/x.py", "from ..engine.state import GameState",
     "ai imports hacienda_game.engine.state, not hacienda_game.engine"),
    ("client/x.py", "from ..engine import state",
     "client imports hacienda_game.engine.state, not hacienda_game.engine"),
    ("session/x.py", "import hacienda_game.engine.determinize",
     "session imports hacienda_game.engine.determinize, not hacienda_game.engine"),
    ("net/x.py", "def later():\n    from hacienda_game.engine.state import GameState\n",
     "net imports hacienda_game.engine.state, not hacienda_game.engine"),
]


@pytest.mark.parametrize(("rel", "source", "says"), FORBIDDEN,
                         ids=[says for _r, _s, says in FORBIDDEN])
def test_a_forbidden_import_fails_the_test(tmp_path, rel, source, says):
    extra = {rel: source}
    if rel.startswith("newroom/"):
        extra["cli.py"] = "from .client import app\nfrom . import newroom\n"
    found = violations(fixture_tree(tmp_path, extra))
    assert any(line.endswith(says) and rel.split("/")[-1] in line for line in found), found


def test_the_engine_is_used_through_its_face(tmp_path):
    """``from ..engine import determinize`` takes the function the engine's
    face exports, not its module; inside the engine any module may be used."""
    found = violations(fixture_tree(tmp_path, {
        "terminal/x.py": "from ..engine import determinize, GameState\n",
        "engine/y.py": "from .state import GameState\nfrom . import determinize\n",
    }))
    assert found == []


def behind_faces(folder: Path, package_dir: Path) -> list[str]:
    """Imports of a module behind a room's public face (`PUBLIC_FACE_ONLY`)
    in files outside the package: the tools."""
    modules = {module_name(p, package_dir) for p in package_dir.rglob("*.py")}
    out = []
    for path in sorted(folder.rglob("*.py")):
        name = ".".join(path.relative_to(folder.parent).with_suffix("").parts)
        for target, line in module_imports(path, name, modules, package_dir):
            parts = target.split(".")
            if parts[0] == PACKAGE and len(parts) > 2 and parts[1] in PUBLIC_FACE_ONLY:
                out.append(f"{path.relative_to(folder.parent)}:{line}: imports {target}")
    return out


def test_no_tool_reaches_behind_the_engines_face(tmp_path):
    assert behind_faces(ROOT / "tools", ROOT / PACKAGE) == []
    package = fixture_tree(tmp_path, {})
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "good.py").write_text("from hacienda_game.engine import GameState, determinize\n",
                                   encoding="utf-8")
    (tools / "bad.py").write_text("import json\nfrom hacienda_game.engine.state import X\n"
                                  "from hacienda_game.engine import state\n", encoding="utf-8")
    assert behind_faces(tools, package) == [
        "tools/bad.py:2: imports hacienda_game.engine.state",
        "tools/bad.py:3: imports hacienda_game.engine.state"]


def test_a_cycle_between_rooms_fails_the_test(tmp_path):
    found = violations(fixture_tree(tmp_path, {
        "alpha/__init__.py": "from ..beta import b\n",
        "beta/__init__.py": "def f():\n    from hacienda_game.alpha import a\n",
    }))
    assert "cycle between rooms: alpha -> beta -> alpha" in found
    found = violations(fixture_tree(tmp_path, {"maps/x.py": "from ..engine import y"}))
    assert "cycle between rooms: engine -> maps -> engine" in found


# ------------------------------------------------------------ tools and tests
def sys_path_edits(folder: Path) -> list[str]:
    """Places under ``folder`` that change ``sys.path`` (insert, append, assign)."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            target = None
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                target = node.func.value               # sys.path.insert(...)
            elif isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                target = next((t.value if isinstance(t, ast.Subscript) else t
                               for t in targets), None)  # sys.path[:0] = ..., sys.path = ...
            if (isinstance(target, ast.Attribute) and target.attr == "path"
                    and isinstance(target.value, ast.Name) and target.value.id == "sys"):
                found.append(f"{path.relative_to(folder.parent)}:{node.lineno}")
    return found


def file_loaders(folder: Path) -> list[str]:
    """Places that load a module from a file path instead of importing it."""
    return [f"{path.relative_to(folder.parent)}:{node.lineno}"
            for path in sorted(folder.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
            if isinstance(node, ast.Attribute) and node.attr == "spec_from_file_location"]


def test_no_tool_or_test_edits_sys_path(tmp_path):
    assert sys_path_edits(ROOT / "tools") == [] and sys_path_edits(ROOT / "tests") == []
    # Tests load tools one way: ``tools.NAME`` (tests/maps/maptools.py's `tool`).
    assert file_loaders(ROOT / "tests") == []
    probe = tmp_path / "probe"
    probe.mkdir()
    (probe / "a.py").write_text("import sys\nsys.path.insert(0, 'x')\n", encoding="utf-8")
    (probe / "b.py").write_text("import sys\nsys.path[:0] = ['x']\n", encoding="utf-8")
    assert sys_path_edits(probe) == ["probe/a.py:2", "probe/b.py:2"]
    (probe / "c.py").write_text("import importlib.util as u\nu.spec_from_file_location('t', 'x')\n",
                                encoding="utf-8")
    assert file_loaders(probe) == ["probe/c.py:2"]


def test_every_tool_imports_as_a_module_of_the_tools_package():
    import importlib

    names = sorted(p.stem for p in (ROOT / "tools").glob("*.py") if p.stem != "__init__")
    for name in names:
        assert importlib.import_module(f"tools.{name}").__name__ == f"tools.{name}"


# --------------------------------------------------- the play screen's parts
PLAY = f"{PACKAGE}.client.scenes.play"
# What a part may use of the play screen besides the other parts: the layout
# and the selection (plain values and pure functions).
PARTS_MAY_USE = {f"{PLAY}.layout", f"{PLAY}.selection"}
OWNER_NAMES = {"host", "scene", "app"}          # what reaching into an owner reads
# The presenter (events -> animations and sounds) is a part like those in
# parts/: it gets a plain ``Stage`` and sends commands up.
PRESENTER = "presentation.py"
# The play scene's own classes: what they define (methods, attributes) is the
# scene's, and no part reads it, whatever it calls what it was handed.
SCENE_FILES = ("scene.py", "table.py", "pad.py")
# Names any object may have (a scene's life cycle, a dict's or a list's
# methods): a part calling ``update`` on a dict reads no scene.
COMMON_NAMES = {"enter", "exit", "pause", "resume", "handle", "update", "draw", "resize",
                "typing", "language_changed", "idle", "waiting_on"} | \
    {n for kind in (dict, list, set, str) for n in dir(kind)}


def part_files(play_dir: Path) -> list[Path]:
    """The play screen's parts: the modules of ``parts/`` and the presenter."""
    presenter = play_dir / PRESENTER
    return sorted((play_dir / "parts").glob("*.py")) + ([presenter] if presenter.is_file() else [])


def names_bound(tree: ast.AST) -> set[str]:
    """Every name a module binds: functions, classes, arguments, variables,
    attributes it stores, keywords it passes, the names it imports."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            out.add(node.arg)
        elif isinstance(node, ast.alias):
            out.add((node.asname or node.name).split(".")[0])
    return out


def scene_names(play_dir: Path) -> set[str]:
    """What the play scene's classes define: their methods, their class
    attributes and what they store on ``self``."""
    out: set[str] = set()
    for rel in SCENE_FILES:
        path = play_dir / rel
        if not path.is_file():
            continue
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(cls, ast.ClassDef):
                continue
            for node in cls.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.add(node.name)
                elif isinstance(node, ast.Assign):
                    out.update(t.id for t in node.targets if isinstance(t, ast.Name))
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    out.add(node.target.id)
            for node in ast.walk(cls):
                if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                        and isinstance(node.value, ast.Name) and node.value.id == "self":
                    out.add(node.attr)
    return out


def part_violations(play_dir: Path) -> list[str]:
    """Every place a part (or the presenter) imports the play scene (or any
    screen, or the app), reads an owner (``host``, ``scene``, ``app``) instead
    of its view model, or reads what only the play scene has (``.anims``,
    ``.observation()``, ``.pending``: a name the scene's classes define that
    no part declares)."""
    out = []
    files = part_files(play_dir)
    root = play_dir.parents[3]                  # the folder holding hacienda_game
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in files}
    declared = set().union(*map(names_bound, trees.values())) if trees else set()
    the_scenes = scene_names(play_dir) - declared - COMMON_NAMES
    for path, tree in trees.items():
        name = module_name(path, root / PACKAGE)
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        where = path.relative_to(root)
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                # ``from .. import table``: the modules of a package, by name
                packages = (PLAY, f"{PACKAGE}.client.scenes", f"{PACKAGE}.client")
                targets = [f"{module}.{alias.name}" for alias in node.names] \
                    if module in packages else [module]
            for target in targets:
                screens = target.startswith(f"{PACKAGE}.client.scenes")
                inside = target.startswith(f"{PLAY}.parts") or target in PARTS_MAY_USE \
                    or target == f"{PLAY}.{PRESENTER[:-3]}"
                if (screens and not inside) or target == f"{PACKAGE}.client.app":
                    out.append(f"{where}:{node.lineno}: imports {target}")
            read = (node.attr if isinstance(node, ast.Attribute) else
                    node.id if isinstance(node, ast.Name) else
                    node.arg if isinstance(node, ast.arg) else None)
            if read in OWNER_NAMES:
                out.append(f"{where}:{node.lineno}: reads {read}")
            elif isinstance(node, ast.Attribute) and node.attr in the_scenes:
                out.append(f"{where}:{node.lineno}: reads {node.attr}, the play scene's")
    return out


def test_no_part_of_the_play_screen_imports_or_reads_the_scene():
    play = ROOT / PACKAGE / "client" / "scenes" / "play"
    modules = {p.stem for p in part_files(play)}
    assert {"board", "seats", "market", "hand", "actionbar", "status", "log", "overlay",
            "header", "track", "viewmodel", "presentation"} <= modules
    # what the check knows of the scene: if it read nothing, it would pass anything
    assert {"layer", "anims", "observation", "pending", "hold_scenes", "score_tick",
            "seat_plan"} <= scene_names(play) - COMMON_NAMES
    assert part_violations(play) == []


# A small play screen: a scene with a layer, animations and scenes pending.
PROBE_SCENE = """\
class PlayScene:
    def __init__(self, layer):
        self.layer, self.anims, self.pending = layer, [], []

    def observation(self):
        return self.layer.view(0)

    def hold_scenes(self, until):
        self.pending_at = until
"""


def probe_play(tmp_path: Path, files: dict[str, str]) -> Path:
    """A play screen under ``tmp_path``: its scene, a good part and ``files``
    (path under the play package -> source)."""
    play = tmp_path / PACKAGE / "client" / "scenes" / "play"
    (play / "parts").mkdir(parents=True)
    (play / "scene.py").write_text(PROBE_SCENE, encoding="utf-8")
    (play / "parts" / "good.py").write_text(
        "from ..layout import Layout\nfrom .viewmodel import X\nfrom . import hand\n"
        "def draw(surface, model):\n    model.update({})\n    return model.layout\n",
        encoding="utf-8")
    for rel, text in files.items():
        (play / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    return play


PART_REACHES = [
    ("from ..scene import PlayScene\n", "imports hacienda_game.client.scenes.play.scene"),
    ("from .. import table\n", "imports hacienda_game.client.scenes.play.table"),
    ("from ...replay import ReplayScene\n", "imports hacienda_game.client.scenes.replay"),
    ("import hacienda_game.client.app\n", "imports hacienda_game.client.app"),
    ("def draw(surface, host):\n    return host.layout\n", "reads host"),
    ("def draw(surface, model, owner):\n    owner.app.art\n", "reads app"),
    ("def draw(surface, model, owner):\n    return owner.observation().kind\n",
     "reads observation, the play scene's"),
    ("def draw(surface, model, owner):\n    owner.anims.draw(surface)\n",
     "reads anims, the play scene's"),
]


@pytest.mark.parametrize(("source", "says"), PART_REACHES, ids=[s for _x, s in PART_REACHES])
def test_a_part_reaching_into_its_screen_fails_the_test(tmp_path, source, says):
    play = probe_play(tmp_path, {"parts/bad.py": source})
    found = part_violations(play)
    assert found and all("bad.py" in line for line in found), found
    assert any(line.endswith(says) for line in found), found


# The presenter as it was: handed the screen, reading what the screen has.
PRESENTERS = [
    ("class Presenter:\n    def __init__(self, host):\n        self.host = host\n",
     "reads host"),
    ("class Presenter:\n    def __init__(self, stage):\n        self.stage = stage\n"
     "    def show(self, events):\n        self.stage.anims.add(events)\n",
     "reads anims, the play scene's"),
    ("class Presenter:\n    def show(self, table, events):\n"
     "        table.hold_scenes(len(events))\n", "reads hold_scenes, the play scene's"),
    ("def show(stage, events):\n    return stage.layer.board.hex_of(events[0])\n",
     "reads layer, the play scene's"),
    ("from .scene import PlayScene\n", "imports hacienda_game.client.scenes.play.scene"),
    ("from . import table\n", "imports hacienda_game.client.scenes.play.table"),
]


@pytest.mark.parametrize(("source", "says"), PRESENTERS, ids=[s for _x, s in PRESENTERS])
def test_a_presenter_reaching_into_its_screen_fails_the_test(tmp_path, source, says):
    clean = probe_play(tmp_path / "clean", {
        PRESENTER: "from .layout import deck_rect\nfrom .parts import viewmodel\n"
                   "class Presenter:\n    def show(self, art, stage, events):\n"
                   "        return [stage.view.board.hex_of(e) for e in events]\n"})
    assert part_violations(clean) == []
    play = probe_play(tmp_path / "bad", {PRESENTER: source})
    found = part_violations(play)
    assert found and all(PRESENTER in line for line in found), found
    assert any(line.endswith(says) for line in found), found


# The screens that show a game and what they keep: every pixel they put on
# the table goes through a part (pygame.draw, blits, fills and font drawing
# only in parts/); widgets (buttons) and the animations draw themselves.
SHOWS_A_GAME = ("client/scenes/play/scene.py", "client/scenes/play/table.py",
                "client/scenes/play/pad.py", "client/hint.py", "client/scenes/replay.py")
PIXELS = {"blit", "blit_anchored", "fblits", "fill"}


def drawing_outside_parts(path: Path) -> list[str]:
    """Each call in ``path`` that draws pixels itself instead of through a part."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        func = node.func
        text = ast.unparse(func.value)
        if func.attr in PIXELS or text == "pygame.draw" or \
                func.attr in ("draw", "render") and "font" in text.lower():
            out.append(f"{path.name}:{node.lineno}: {ast.unparse(func)}")
    return out


def test_the_screens_that_show_a_game_draw_only_through_parts():
    """The play scene, its table, its pad handling, the hint coach and the
    replay viewer draw nothing themselves: the board, the panels, the hint,
    the pad's cursor, the held button's bar, the bubble and the demo label
    are parts drawn from view models."""
    found = [line for rel in SHOWS_A_GAME
             for line in drawing_outside_parts(ROOT / PACKAGE / rel)]
    assert found == []


@pytest.mark.parametrize("source", [
    "import pygame\ndef draw(s):\n    pygame.draw.rect(s, (0, 0, 0), (0, 0, 1, 1))\n",
    "def draw(s, img):\n    s.blit(img, (0, 0))\n",
    "def draw(s, art):\n    art.fonts.body.draw(s, 'x', (0, 0))\n",
])
def test_a_screen_drawing_pixels_itself_fails_the_test(tmp_path, source):
    probe = tmp_path / "probe.py"
    probe.write_text(source, encoding="utf-8")
    assert drawing_outside_parts(probe)


def test_the_markets_a_seat_is_connected_to_are_counted_in_one_place():
    """R34's connected markets: the engine's scoring defines it, the AI and the
    screens use that one definition."""
    defined = [path.relative_to(ROOT).as_posix() for path in (ROOT / PACKAGE).rglob("*.py")
               if "def connected_markets(" in path.read_text(encoding="utf-8")]
    assert defined == ["hacienda_game/engine/scoring.py"]


# ------------------------------------------------------------ one game loop
# The table (session/table.py) asks the seats, applies, records and tells its
# listeners; the front ends that once ran their own loop only drive it.
LOOP_CALLS = {"apply", "make_record", "choose_action", "decide", "decide_move",
              "fallback_move"}
RECORDING = "note"              # a keeper's ``note``: recording an action
PLAY_SCREEN = ROOT / PACKAGE / "client" / "scenes" / "play"
RUN_ON_THE_TABLE = ["hacienda_game/terminal/play.py", "tools/tournament.py",
                    "tools/replay_table_game.py", "hacienda_game/client/netbot.py",
                    *sorted(p.relative_to(ROOT).as_posix() for p in PLAY_SCREEN.rglob("*.py"))]
# Not a game: the tournament's fingerprint digests each level's choices in
# fixed positions of a random walk (the code's version, not a game played).
NOT_A_GAME = {"fingerprint"}


def loop_calls(path: Path) -> list[str]:
    """Where a file asks an AI, applies an action or records one itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skipped = {id(inner) for node in ast.walk(tree)
               if isinstance(node, ast.FunctionDef) and node.name in NOT_A_GAME
               for inner in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and id(node) not in skipped:
            func = node.func
            name = (func.attr if isinstance(func, ast.Attribute) else
                    func.id if isinstance(func, ast.Name) else None)
            keeper = isinstance(func, ast.Attribute) and "keeper" in ast.unparse(func.value)
            if name in LOOP_CALLS or (name == RECORDING and keeper):
                found.append(f"{path.name}:{node.lineno}: calls {name}")
    return sorted(found)


@pytest.mark.parametrize("rel", RUN_ON_THE_TABLE)
def test_a_front_end_runs_its_game_on_the_table(rel):
    assert loop_calls(ROOT / rel) == []


def test_the_play_screen_is_checked_whole():
    names = {rel.rsplit("/", 1)[-1] for rel in RUN_ON_THE_TABLE}
    assert {"scene.py", "ai.py", "table.py", "play.py", "tournament.py", "netbot.py"} <= names


def test_a_loop_of_its_own_fails_the_test(tmp_path):
    probe = tmp_path / "loop.py"
    probe.write_text("def play(state, seat):\n"
                     "    action = choose_action('easy', observe(state, seat), 1)\n"
                     "    keeper.note(state, action, state.apply(action))\n"
                     "    recent.note(events)\n"
                     "    return make_record(state)\n", encoding="utf-8")
    assert loop_calls(probe) == ["loop.py:2: calls choose_action", "loop.py:3: calls apply",
                                 "loop.py:3: calls note", "loop.py:5: calls make_record"]


# ------------------------------------------------------ the engine's classes
LONGEST_CLASS = 300      # lines: the state is data, each rule area a module of functions


def long_classes(folder: Path, most: int = LONGEST_CLASS) -> list[str]:
    """Classes under ``folder`` longer than ``most`` lines, and classes that
    inherit rules from mixins (a base named ``...Rules`` or ``...Mixin``),
    each in words."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.ClassDef):
                continue
            where = f"{path.relative_to(folder.parent)}:{node.lineno}"
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > most:
                out.append(f"{where}: class {node.name} is {size} lines")
            bases = [ast.unparse(b) for b in node.bases]
            mixins = [b for b in bases if b.endswith(("Rules", "Mixin"))]
            if mixins:
                out.append(f"{where}: class {node.name} inherits {', '.join(mixins)}")
    return out


def test_no_engine_class_is_over_300_lines_or_made_of_mixins(tmp_path):
    assert long_classes(ROOT / PACKAGE / "engine") == []
    probe = tmp_path / "engine"
    probe.mkdir()
    body = "".join(f"    def m{i}(self):\n        return {i}\n\n" for i in range(110))
    (probe / "big.py").write_text(f"class Big:\n{body}\n\nclass Small:\n    pass\n",
                                  encoding="utf-8")
    (probe / "mixed.py").write_text("class State(CardRules, WaterRules):\n    pass\n",
                                    encoding="utf-8")
    assert long_classes(probe) == ["engine/big.py:1: class Big is 330 lines",
                                   "engine/mixed.py:1: class State inherits CardRules, WaterRules"]
