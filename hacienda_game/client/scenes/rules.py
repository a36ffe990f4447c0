"""The rules help: an illustrated rules reference over any scene (F1 / H).

The text of each page lives in ``hacienda_game/locale/rules_<language>.md``,
one section per page, the same section ids in every language::

    ## turn | The turn
    Paragraphs, blank lines between them.
    - a bullet
    > the caption under the page's picture

Each page has a picture: the pages about the board show a small prepared
position drawn by the play screen's own board drawing (``rulepictures``), the
others the game's cards and icons.  Left/right (keys, buttons or
the contents) turn the pages; back or Close returns to where the player was.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from ...i18n import LOCALE_DIR, _, language
from ..assets import GOLD, GREY, INK, WHITE, Art
from ..prompts import draw_prompts
from ..scene import Command, Scene
from ..ui import Button, draw_buttons, draw_panel, handle_buttons
from .overlays import dim

SECTIONS = ("turn", "buying", "land", "animals", "markets", "hacienda", "water", "harvest",
            "scoring", "end", "controls")


@dataclass(frozen=True)
class Frame:
    """Where the help's parts go on a canvas: contents, text, picture."""

    panel: pygame.Rect
    contents_w: int
    text_x: int
    text_w: int
    picture: pygame.Rect


def frame_for(canvas: tuple[int, int]) -> Frame:
    """The help laid out for a canvas: the text column takes what the contents
    list and the picture leave (both a little narrower on a narrow canvas)."""
    w, h = canvas
    panel = pygame.Rect(16, 12, w - 32, h - 24)
    narrow = panel.w < 900
    contents_w = 150 if narrow else 192
    picture_w = 240 if narrow else 256
    picture = pygame.Rect(panel.right - 12 - picture_w, panel.y + 40, picture_w, 270)
    text_x = panel.x + 12 + contents_w + 16
    text_w = min(picture.x - 12 - text_x, 620)         # lines a reader's eye can follow
    picture.centerx = (text_x + text_w + panel.right) // 2
    return Frame(panel, contents_w, text_x, text_w, picture)


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    paragraphs: tuple[str, ...]      # a paragraph starting "- " is a bullet
    caption: str = ""                # under the picture


class RulesError(ValueError):
    """A rules file is missing a section or is malformed (says which)."""


def parse_rules(text: str, source: str = "rules") -> list[Section]:
    """Sections of a rules file, in file order."""
    sections: list[Section] = []
    current: tuple[str, str] | None = None
    paragraphs: list[str] = []
    para: list[str] = []
    caption: list[str] = []

    def close_para() -> None:
        if para:
            paragraphs.append(" ".join(para))
            para.clear()

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("## "):
            close_para()
            if current is not None:
                sections.append(Section(*current, tuple(paragraphs), " ".join(caption)))
            ident, sep, title = line[3:].partition("|")
            if not sep or not ident.strip() or not title.strip():
                raise RulesError(f"{source}:{n}: a section starts '## id | Title'")
            current = (ident.strip(), title.strip())
            paragraphs, caption = [], []
        elif current is None:
            if line and not line.startswith("#"):
                raise RulesError(f"{source}:{n}: text before the first section")
        elif not line:
            close_para()
        elif line.startswith("> "):
            close_para()
            caption.append(line[2:])
        elif line.startswith("- "):
            close_para()
            para.append(line)
        else:
            para.append(line)
    close_para()
    if current is not None:
        sections.append(Section(*current, tuple(paragraphs), " ".join(caption)))
    return sections


@cache
def rules_sections(code: str) -> tuple[Section, ...]:
    """The rules help's pages in a language, in the order of SECTIONS."""
    path = LOCALE_DIR / f"rules_{code}.md"
    found = {s.id: s for s in parse_rules(path.read_text(encoding="utf-8"), path.name)}
    missing = [s for s in SECTIONS if s not in found]
    if missing:
        raise RulesError(f"{path.name}: no section {', '.join(missing)}")
    return tuple(found[s] for s in SECTIONS)


def page_of(section: str | None) -> int:
    """The page number of a section id (0 for None or an unknown one)."""
    return SECTIONS.index(section) if section in SECTIONS else 0


# ------------------------------------------------------------------ pictures
# The pages about the board show it: a small prepared position drawn by the
# play screen's own board drawing (client/rulepictures.py).  The others show
# rows of the game's cards and icons.
CARD_ROWS: dict[str, list[tuple[str, str]]] = {
    # (sprite, caption) rows of cards and icons for the pages without a board.
    "turn": [("card_back_land", "1"), ("card_land_forest", "2"), ("chip", "3")],
    "buying": [("card_land_meadow", "3"), ("card_animal_horse", "3"), ("card_back_land", "2"),
               ("card_back_animal", "2"), ("icon_hacienda", "12"), ("icon_water", "12")],
    "scoring": [("icon_market", "1"), ("icon_chain", "2"), ("icon_hacienda", "3"),
                ("icon_water", "4"), ("icon_money", "5")],
    "end": [("icon_crown", ""), ("icon_score", ""), ("icon_money", "")],
    "controls": [("ui_cursor", ""), ("icon_rotate", ""), ("icon_actions", "E")],
}


def draw_picture(surface: pygame.Surface, art: Art, section: str, rect: pygame.Rect) -> None:
    """The page's picture, centred in rect."""
    from .. import rulepictures

    board = rulepictures.picture(art, section, rect.size)
    if board is not None:
        surface.blit(board, board.get_rect(center=rect.center))
        return
    sprites = art.sprites
    row = CARD_ROWS.get(section, [])
    if not row:
        return
    per_line = 3
    small = art.fonts.medium
    for i, (name, caption) in enumerate(row):
        if name not in sprites:
            continue
        image = pygame.transform.scale_by(sprites.get(name), 2 if name.startswith("card")
                                          else 4)
        col, line = i % per_line, i // per_line
        cx = rect.x + rect.width * (2 * col + 1) // (2 * per_line)
        top = rect.y + 20 + line * 130
        surface.blit(image, (cx - image.get_width() // 2, top))
        if caption:
            small.draw(surface, caption, (cx, top + image.get_height() + 6), GOLD,
                       align="center")


# --------------------------------------------------------------------- scene
class RulesScene(Scene):
    """The rules reference, page by page, over whatever is on screen."""

    opaque = False

    def __init__(self, page: int = 0):
        self.page = page
        self.part = 0          # a page too long for the large text: its part shown
        self.buttons: list[Button] = []
        self.contents: list[Button] = []
        self._picture: tuple[tuple[int, str, int], pygame.Surface] | None = None
        self._parts: tuple[tuple, int] | None = None

    @classmethod
    def at(cls, section: str | None) -> RulesScene:
        """The help open at a section's page (None or unknown: the first)."""
        return cls(page_of(section))

    def enter(self, app) -> None:
        super().enter(app)
        self.layout()

    def language_changed(self) -> None:
        self.layout()

    @property
    def sections(self) -> tuple[Section, ...]:
        return rules_sections(language())

    def resize(self) -> None:
        self.layout()

    def layout(self) -> None:
        f = self.frame = frame_for(self.app.canvas_size)
        panel = f.panel
        self.contents = [Button((panel.x + 12, panel.y + 44 + i * 28, f.contents_w, 24),
                                s.title, lambda i=i: self.turn_to(i), face="medium")
                         for i, s in enumerate(self.sections)]
        y = panel.bottom - 38
        self.buttons = [
            Button((f.text_x, y, 120, 28), _("Previous"), lambda: self.step(-1),
                   icon="ui_arrow_left", key="left", face="medium"),
            Button((f.text_x + 128, y, 120, 28), _("Next"), lambda: self.step(1),
                   icon="ui_arrow_right", key="right", face="medium"),
            Button((panel.right - 172, y, 160, 28), _("Close"), self.close, face="medium"),
        ]

    def turn_to(self, page: int, part: int = 0) -> None:
        self.page = page % len(SECTIONS)
        self.part = part

    def parts(self) -> int:
        """How many parts the page's text takes in the reading face now (kept
        per page, language, width and text size: every frame asks for it)."""
        art = self.app.art
        key = (self.page, language(), id(art), self.frame.text_w, art.fonts.text_size)
        if self._parts is None or self._parts[0] != key:
            self._parts = (key, len(self.text_parts(art, self.sections[self.page],
                                                    self.frame.text_w)[1]))
        return self._parts[1]

    def can_step(self, way: int) -> bool:
        """There is a part or page that way (none before the first page's
        first part, none after the last page's last part)."""
        if way < 0:
            return self.page > 0 or self.part > 0
        return self.page < len(self.sections) - 1 or self.part < self.parts() - 1

    def step(self, way: int) -> None:
        """The next (or previous) part of a long page, else the next page;
        nothing at either end of the book."""
        if not self.can_step(way):
            return
        if 0 <= self.part + way < self.parts():
            self.part += way
        elif way > 0:
            self.turn_to(self.page + 1)
        else:
            self.turn_to(self.page - 1)
            self.part = self.parts() - 1

    def close(self) -> None:
        self.app.pop()

    def handle(self, cmd: Command) -> None:
        if cmd.kind == "key" and cmd.name in ("back", "confirm"):
            self.close()
            return
        if cmd.kind == "key" and cmd.name in ("up", "down"):
            self.step(1 if cmd.name == "down" else -1)
            return
        if cmd.kind == "wheel":
            self.step(-cmd.amount)
            return
        handle_buttons(self.buttons + self.contents, cmd)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        art = self.app.art
        key = (self.page, self.part, language(), id(art), self.frame.panel.size,
               art.fonts.text_size)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self.render_page(art))
        surface.blit(self._picture[1], self.frame.panel.topleft)
        self.draw_footer(surface, art)
        for i, b in enumerate(self.contents):
            b.selected = i == self.page
        self.buttons[0].enabled = self.can_step(-1)     # Previous
        self.buttons[1].enabled = self.can_step(1)      # Next
        draw_buttons(self.contents + self.buttons, surface, art)

    def text_parts(self, art: Art, section: Section, width: int) -> tuple[object, list]:
        """The page's text in parts that fit the column: (font, [[(line, bullet
        first line, indent)], ...]).  The large reading face (the Text size
        setting) is kept and a long page split, between paragraphs where it
        can; the normal face fits the page whole, in a smaller face if need be."""
        if art.fonts.text_size != "large":
            font, lines = self.text_lines(art, section, width)
            return font, [lines]
        font = art.fonts.body
        room = self.frame.panel.h - 52 - 74
        parts: list[list] = [[]]
        height = 0
        for para in section.paragraphs:
            bullet = para.startswith("- ")
            indent = 12 if bullet else 0
            lines = [(line, bullet and i == 0, indent)
                     for i, line in enumerate(font.wrap(para[2:] if bullet else para,
                                                        width - indent))]
            need = len(lines) * font.line_height
            if height + need > room and parts[-1]:
                parts.append([])
                height = 0
            for item in lines:
                if height + font.line_height > room:
                    parts.append([])
                    height = 0
                parts[-1].append(item)
                height += font.line_height
            parts[-1].append(None)
            height += font.line_height // 2
        return font, parts

    def text_lines(self, art: Art, section: Section, width: int) -> tuple[object, list]:
        """The page's text in the largest face that fits the column: (font,
        [(line, bullet first line, indent)], with None between paragraphs)."""
        room = self.frame.panel.h - 52 - 74
        for font in (art.fonts.medium, art.fonts.small):
            lines: list = []
            for para in section.paragraphs:
                bullet = para.startswith("- ")
                indent = 12 if bullet else 0
                for i, line in enumerate(font.wrap(para[2:] if bullet else para,
                                                   width - indent)):
                    lines.append((line, bullet and i == 0, indent))
                lines.append(None)
            height = sum(font.line_height if item else font.line_height // 2
                         for item in lines)
            if height <= room:
                break
        return font, lines

    def render_page(self, art: Art) -> pygame.Surface:
        """The panel with the page's title, text and picture (buttons drawn live)."""
        f = self.frame
        page = pygame.Surface(f.panel.size, pygame.SRCALPHA)
        draw_panel(page, art, page.get_rect())
        section = self.sections[self.page]
        ox, oy = f.panel.topleft
        art.fonts.large.draw(page, _("Rules"), (12 + f.contents_w // 2, 12), GOLD,
                             align="center")
        font, parts = self.text_parts(art, section, f.text_w)
        self.part = min(self.part, len(parts) - 1)
        lines = parts[self.part]
        more = f" · {self.part + 1}/{len(parts)}" if len(parts) > 1 else ""
        art.fonts.large.draw(page, f"{section.title}  ({self.page + 1}/{len(SECTIONS)}){more}",
                             (f.text_x - ox, 12), GOLD)
        y = 52
        for item in lines:
            if item is None:
                y += font.line_height // 2
                continue
            line, first, indent = item
            if first:
                font.draw(page, "·", (f.text_x - ox, y), GOLD, shadow=INK)
            font.draw(page, line, (f.text_x - ox + indent, y), WHITE, shadow=INK)
            y += font.line_height
        picture = f.picture
        small = art.fonts.small
        box = picture.move(-ox, -oy)
        draw_panel(page, art, box, "ui_panel_hi" if "ui_panel_hi" in art.sprites else "ui_panel")
        draw_picture(page, art, section.id, box.inflate(-16, -16))
        caption = art.fonts.medium if len(art.fonts.medium.wrap(
            section.caption, picture.width)) <= 6 else small
        for i, line in enumerate(caption.wrap(section.caption, picture.width)):
            caption.draw(page, line, (picture.x - ox, picture.bottom - oy + 8
                                      + i * caption.line_height), GOLD, shadow=INK)
        return page

    def draw_footer(self, surface: pygame.Surface, art: Art) -> None:
        """How to open and close the help: the keys, or the pad's own buttons."""
        f = self.frame
        at = (f.text_x, f.panel.bottom - 62)
        family = self.app.input_family()
        if family != "keyboard":
            draw_prompts(surface, art, family,
                         [("back", _("close")), ("move", _("turn the page"))], at,
                         f.text_x + f.text_w)
            return
        footer = _("F1 or H opens this help anywhere · Esc closes it")
        face = art.fonts.medium if art.fonts.medium.width(footer) <= f.text_w else \
            art.fonts.small
        face.draw(surface, footer, at, GREY)
