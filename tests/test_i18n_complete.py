"""Every word the game shows exists in English, German and Spanish.

The strings are extracted from the source with Babel (as tools/update_catalogs.py
does); the rules help's files are compared section by section; an AST scan
finds text literals drawn or put on buttons without ``_()``; and every screen
is drawn in German and Spanish to catch English left over and labels that do
not fit their buttons.
"""

from __future__ import annotations

import ast
import json
import os
import random
import re
import string
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hacienda_game import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
from tools import update_catalogs  # noqa: E402

OTHER_LANGUAGES = [code for code in i18n.LANGUAGES if code != "en"]
TEMPLATE = update_catalogs.extract()
MARKED = {str(m.id) for m in TEMPLATE if m.id}


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text)
            if name is not None}


def forms(text) -> tuple[str, ...]:
    """A message's texts: one, or each form of a plural."""
    return tuple(text) if isinstance(text, tuple | list) else (text,)


def po(code: str):
    return update_catalogs.read_catalog(i18n.LOCALE_DIR / f"{code}.po", code)


def test_the_source_marks_the_games_words():
    assert len(MARKED) > 150
    for text in ("New game", "End turn", "{name} ends the turn", "That hex is already taken.",
                 "cattle", "Final scoring"):
        assert text in MARKED


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_marked_string_has_a_translation_with_the_same_fields(code):
    catalog = po(code)
    entries = {str(m.id): m for m in catalog if m.id}
    missing = sorted(MARKED - set(entries))
    assert not missing, f"{code}.po lacks {missing[:10]} (run tools/update_catalogs.py)"
    empty = sorted(t for t in MARKED if not update_catalogs.translated(entries[t]))
    assert not empty, f"{code}.po: no (or a fuzzy) translation for {empty[:10]}"
    # a plural entry: every form keeps the plural's fields
    wrong = [(t, form) for t in MARKED for form in forms(entries[t].string)
             if fields(forms(entries[t].id)[-1]) != fields(form)]
    assert not wrong, f"{code}.po: the {{fields}} differ in {wrong[:5]}"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_no_catalog_entry_is_left_over_from_old_source(code):
    unused = sorted(str(m.id) for m in po(code) if m.id and str(m.id) not in MARKED)
    assert not unused, f"{code}.po has entries nothing uses: {unused[:10]}"


def font_characters() -> dict[str, set[str]]:
    spec = json.loads((ROOT / "assets" / "font.json").read_text(encoding="utf-8"))
    return {size: set(font["glyphs"]) for size, font in spec["fonts"].items()}


def test_every_character_of_every_translation_and_rules_page_is_in_the_font():
    texts = [str(m.string) for code in OTHER_LANGUAGES for m in po(code) if m.id]
    texts += list(MARKED)
    texts += [(i18n.LOCALE_DIR / f"rules_{code}.md").read_text(encoding="utf-8")
              for code in i18n.LANGUAGES]
    used = set("".join(texts)) - {"\n"}
    for size, glyphs in font_characters().items():
        lacking = sorted(used - glyphs)
        assert not lacking, f"font {size} has no glyph for {lacking} (tools/make_font.py)"


def test_the_rules_help_has_the_same_pages_in_every_language():
    from hacienda_game.client.scenes.rules import SECTIONS, rules_sections

    english = rules_sections("en")
    for code in i18n.LANGUAGES:
        pages = rules_sections(code)
        assert tuple(p.id for p in pages) == SECTIONS
        for page, en in zip(pages, english, strict=True):
            assert page.title and page.caption and page.paragraphs, (code, page.id)
            assert len(page.paragraphs) == len(en.paragraphs), (code, page.id)
            # Player words: rules by what they say, never by their codes.
            assert not re.search(r"\bR\d+\b", " ".join(page.paragraphs + (page.caption,))), \
                (code, page.id)


def test_a_rules_file_without_a_section_is_refused():
    from hacienda_game.client.scenes.rules import RulesError, parse_rules

    assert [s.id for s in parse_rules("## turn | The turn\nText.\n> A caption.\n")] == ["turn"]
    with pytest.raises(RulesError, match="section starts"):
        parse_rules("## turn The turn\n")
    with pytest.raises(RulesError, match="before the first section"):
        parse_rules("Text.\n## turn | The turn\n")


# ----------------------------------------------------- unmarked literals (AST)
# Calls whose argument at this position is shown to the player.
SHOWN_ARGS = {"draw": 1, "Button": 1, "draw_check": 4, "Message": 0, "Confirm": 0,
              "Dialog": 0, "warn": 0, "say": 0, "Banner": 0, "Privacy": 0, "wrap": 0}
SHOWN_ATTRS = {"label", "hover_text", "message", "title", "text"}
WORDS = re.compile(r"[A-Za-z]{2,}")


def _unmarked(node: ast.AST) -> list[ast.AST]:
    """Literal text in an expression that does not pass through _() / N_()."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node] if WORDS.search(node.value) else []
    if isinstance(node, ast.JoinedStr):
        out = [node] if any(isinstance(v, ast.Constant) and WORDS.search(str(v.value))
                            for v in node.values) else []
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                out += _unmarked(v.value)
        return out
    if isinstance(node, ast.IfExp):
        return _unmarked(node.body) + _unmarked(node.orelse)
    if isinstance(node, ast.BinOp):
        return _unmarked(node.left) + _unmarked(node.right)
    if isinstance(node, (ast.Tuple, ast.List)):
        return [x for elt in node.elts for x in _unmarked(elt)]
    return []        # calls (_(), .format(), str()) and names are not literal text


def unmarked_literals(source: str, filename: str = "<source>") -> list[str]:
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        exprs: list[ast.AST] = []
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            pos = SHOWN_ARGS.get(name)
            if pos is not None and len(node.args) > pos:
                exprs.append(node.args[pos])
            exprs += [k.value for k in node.keywords if k.arg in ("label", "text", "title")]
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr in SHOWN_ATTRS for t in node.targets):
            exprs.append(node.value)
        for expr in exprs:
            found += [(x.lineno, x.col_offset, f"{filename}:{x.lineno}: {ast.unparse(x)}")
                      for x in _unmarked(expr)]
    return [text for _line, _col, text in sorted(found)]


def test_the_scan_finds_unmarked_text():
    source = ("font.draw(s, 'Round 1', (0, 0))\n"
              "font.draw(s, _('Round {n}').format(n=1), (0, 0))\n"
              "b = Button(r, f'Water {price}', go)\n"
              "self.hover_text = 'x' if a else 'no card'\n"
              "self.warn(_('Fine') if a else str(e))\n")
    found = unmarked_literals(source)
    assert [f.split(": ", 1)[1] for f in found] == ["'Round 1'", "f'Water {price}'",
                                                    "'no card'"]


def test_every_text_literal_the_client_shows_is_marked():
    found: list[str] = []
    for path in sorted((ROOT / "hacienda_game" / "client").rglob("*.py")):
        found += unmarked_literals(path.read_text(encoding="utf-8"),
                                   str(path.relative_to(ROOT)))
    assert not found, "text shown without _():\n" + "\n".join(found)


# ------------------------------------------------------ every screen, drawn
ENGLISH_ONLY = re.compile(r"\b(the|and|card|cards|turn|player|players|round|click|game|"
                          r"points|herd|left|with|your|wins|buy|scoring|settings|back|next|"
                          r"close|help|board|markets|water)\b", re.IGNORECASE)


def screens(app):
    """Every scene the game has, each drawn once (a human-only game: no AI process)."""
    from hacienda_game.client.scenes import (
        maps,
        menu,
        overlays,
        padmenus,
        play,
        replay,
        rules,
        saveload,
        scoring,
        settings,
        setup,
    )
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves
    from hacienda_game.session.plan import GamePlan, SeatPlan

    plan = GamePlan("symmetric", [SeatPlan("Ana"), SeatPlan("Bruno", colour=1)], 5,
                    open_hands=True)
    game = play.PlayScene(plan)
    table = [{"markets": 3, "chains": 8, "haciendas": 4, "water": 2, "money": 1, "total": 18,
              "detail": {"markets": 2, "chains": [4], "haciendas": [4], "water": [2],
                         "money": 14}}] * 2
    yield menu.MenuScene()
    yield setup.SetupScene()
    yield maps.MapsScene()
    yield game
    game.pick_card("land", next(c for c, n in zip(
        play.LAND_CARDS, game.layer.view(0).land_hand, strict=True) if n))
    yield game
    yield padmenus.BuyMenu(game, "")
    yield padmenus.LogView(game)
    yield padmenus.Reconnect(game, "pad:99")
    yield saveload.SaveDialog(game.layer.game, plan)
    yield settings.SettingsScene()
    yield overlays.Pause()
    yield overlays.Privacy("Ana", (255, 255, 255), "emblem_0")
    final = scoring.ScoringScene("final", table, plan, [40, 30], [(0, [0, 0], [20, 20]),
                                                                  (1, [40, 30], [5, 9])],
                                 winners=[0], money=[5, 9])
    final.t = 60.0                # every row, the winner and the charts shown
    yield final
    for page in range(len(rules.SECTIONS)):
        yield rules.RulesScene(page)
    saves.save_game(game.layer.game, plan, "Ana")
    done = new_game("symmetric", 2, seed=5)
    rng = random.Random(5)
    while not done.is_over():
        done.apply(done.random_action(rng))
    kept = saves.keep_replay(done, plan)
    yield saveload.LoadScene()
    yield saveload.ReplaysScene()
    viewer = replay.ReplayScene(saves.load_replay(kept))
    yield viewer
    viewer.goto(len(viewer.actions) // 2)
    yield viewer


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_screen_speaks_the_language_and_labels_fit_their_buttons(code, monkeypatch,
                                                                        tmp_path):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    from hacienda_game.client import ui
    from hacienda_game.client.app import App
    from hacienda_game.client.assets import Font
    from hacienda_game.client.options import Options

    shown: list[str] = []
    too_wide: list[str] = []
    draw, button_draw = Font.draw, ui.Button.draw

    def record(self, target, text, *args, **kw):
        shown.append(text)
        return draw(self, target, text, *args, **kw)

    def check_fit(self, surface, art):
        too_wide.extend(filter(None, [self.overflow(art)]))
        return button_draw(self, surface, art)

    monkeypatch.setattr(Font, "draw", record)
    monkeypatch.setattr(ui.Button, "draw", check_fit)
    app = App(Options(headless=True, language=code))
    try:
        for scene in screens(app):
            if scene not in app.stack:
                app.push(scene)
            app.draw()
            assert app.running, f"{type(scene).__name__} failed in {code}"
    finally:
        app.finish()
    catalog = i18n.catalog(code)
    english = sorted({t for t in shown if t in catalog and catalog[t] != t})
    assert not english, f"shown in English: {english}"
    leftovers = sorted({t for t in shown if ENGLISH_ONLY.search(t)
                        and not t.startswith(("Ana", "Bruno"))})
    assert not leftovers, f"English words on a {code} screen: {leftovers[:10]}"
    assert not too_wide, f"labels wider than their buttons in {code}: {too_wide}"


# What a broken map's problems keep as the file has it: quoted names, `properties`,
# <tags>, the space ids it may use, Tiled's menu names, file paths.
AS_IN_THE_FILE = re.compile(r"'[^']*'|`[^`]*`|<[^>]*>|\S+\.tmx:?"
                            r"|mountain forest meadow rock moor pampas market water"
                            r"|Map > Map Properties( > Tile Layer Format: CSV)?")
MAP_WORDS = re.compile(r"\b(map|maps|cell|cells|layer|tile|tiles|tileset|file|cannot|not|is|of)\b",
                       re.IGNORECASE)


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_a_broken_own_map_is_explained_in_the_language(code, monkeypatch, tmp_path):
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    import shutil

    from hacienda_game.client.app import App
    from hacienda_game.client.assets import Font
    from hacienda_game.client.options import Options
    from hacienda_game.session.userdirs import user_maps_dir

    folder = user_maps_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("many_problems.tmx", "bomb.tmx", "zstd.tmx", "warnings.tmx", "hacienda.png"):
        shutil.copyfile(ROOT / "tests" / "boards" / name, folder / name)
    from hacienda_game.client.scenes import maps

    shown: list[str] = []
    details = [False]
    draw, draw_details = Font.draw, maps.draw_map_details

    def record(self, target, text, *args, **kw):
        if details[0]:
            shown.append(text)
        return draw(self, target, text, *args, **kw)

    def record_details(*args, **kw):        # only the map's own text: no titles, no buttons
        details[0] = True
        try:
            return draw_details(*args, **kw)
        finally:
            details[0] = False

    monkeypatch.setattr(Font, "draw", record)
    monkeypatch.setattr(maps, "draw_map_details", record_details)
    app = App(Options(headless=True, language=code))
    try:
        scene = maps.MapsScene()
        app.push(scene)
        assert scene.ready(), "the maps are read on a thread"
        own = {e.name: i for i, e in enumerate(scene.maps) if not e.builtin}
        assert sorted(own) == ["bomb", "many_problems", "warnings", "zstd"]
        pages = {}
        for name, index in own.items():
            scene.pick(index)
            shown.clear()
            app.draw()
            pages[name] = " ".join(shown)      # wrapped at spaces: joined, the sentences
        assert app.running
        from hacienda_game.client.scenes.setup import SetupScene

        setup = SetupScene()
        app.push(setup)
        setup.map_index = next(i for i, e in enumerate(setup.maps) if e.name == "many_problems")
        app.apply_language("en")             # both lists word the same problems in English
        assert scene.ready()
        for entry in (scene.maps[own["many_problems"]], setup.maps[setup.map_index]):
            assert entry.name == "many_problems"
            assert entry.errors[2].endswith(": cell 1,1: market has no neighbouring pampas")
    finally:
        app.finish()
    cell = {"de": "Feld", "es": "casilla"}[code]
    assert f"{cell} 1,1: " in pages["many_problems"] and "'lava'" in pages["many_problems"]
    assert {"de": "Warnung: kein Bergfeld",
            "es": "Aviso: no hay casillas de montaña"}[code] in pages["warnings"]
    for name, page in pages.items():
        text = AS_IN_THE_FILE.sub(" ", page)
        left = ENGLISH_ONLY.findall(text) + MAP_WORDS.findall(text)
        assert not left, f"English words on the {code} Maps screen for {name}: {left}: {page}"
