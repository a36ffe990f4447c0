"""Setting up a game: 2-5 seats (human or AI with a level, colour, name),
the map (with a thumbnail; invalid maps show the validator's reasons),
variants, open hands and the seed."""

from __future__ import annotations

import functools

import pygame

from ...i18n import N_, _
from ...maps.reasons import by_line, shown_detail, told
from ...session import lasttable
from ...session.choices import (
    HUMAN,
    PLAYER_COUNTS,
    VARIANTS,
    default_level,
    player_levels,
    variant_name,
)
from ...session.plan import (
    DEFAULT_NAMES,
    GAME_SEED_BITS,
    GamePlan,
    MapEntry,
    SeatPlan,
    list_maps,
    new_game_seed,
)
from ..assets import GOLD, GREY, NIGHT, RED, WHITE
from ..boardview import thumbnail
from ..scene import Command, Scene
from ..ui import (
    Button,
    Check,
    Focus,
    TextField,
    draw_background,
    draw_buttons,
    draw_panel,
    handle_buttons,
)
from ..words import kind_note, level_name
from .padseats import draw_join_hint, handle_pads, seat_device_buttons

NAME_LIMIT = 10
ROW_H = 36
SEATS_TOP = 96         # under the heading and the pads' join hint
SEED_Y = 402          # the seed's row; the options under it
SEED_DIGITS = len(str(1 << GAME_SEED_BITS))   # a typed seed as long as a drawn one
ARROW_W = 20          # a selector's arrow buttons (who plays a seat)


def seed_label(seed: int, short: bool = False) -> str:
    """The seed on its button, every digit, in groups of three (a drawn seed
    is 39 digits: 13 groups read and compare at a glance); ``short``: its
    first and last digits only, where even the smallest face has no room."""
    text = str(seed)
    if short:
        return text if len(text) <= 9 else text[:4] + "…" + text[-4:]
    head = len(text) % 3 or 3
    return " ".join([text[:head], *(text[i:i + 3] for i in range(head, len(text), 3))])


class SetupScene(Scene):
    def __init__(self, map_key: str | None = None):
        self.map_key = map_key
        self.seats = [SeatPlan(DEFAULT_NAMES[i], HUMAN if i == 0 else default_level(), i)
                      for i in range(3)]
        self.seed = new_game_seed()
        self.seed_typed = False       # a seed a person typed: remote players could guess it
        self.variants: set[str] = set()
        self.hints = True             # the table allows the Hint command (client/hint.py)
        self.noted = 1                # the seat whose kind the line under the seats explains
        self.editing: tuple[str, int] | None = None
        self.field: TextField | None = None       # what is being typed (a name, the seed)
        self.maps: list[MapEntry] = []
        self.map_index = 0
        self.thumbs: dict[tuple[str, int], pygame.Surface] = {}
        self.buttons: list[Button] = []
        self.focus = Focus()

    # ------------------------------------------------------------ lifecycle
    def enter(self, app) -> None:
        super().enter(app)
        from ...net import REMOTE

        self.kinds = [HUMAN, *player_levels(), REMOTE]
        self.open_hands = app.settings.open_hands
        self.recall()
        self.maps = self.map_list()
        keys = [m.key for m in self.maps]
        wanted = self.map_key or self.remembered_map
        if wanted in keys and self.maps[keys.index(wanted)].ok:
            self.map_index = keys.index(wanted)
        elif self.map_key in keys:
            self.map_index = keys.index(self.map_key)
        else:
            valid = [i for i, m in enumerate(self.maps) if m.ok]
            self.map_index = valid[0] if valid else 0
        self.layout()
        self.focus.index = self.buttons.index(self.start_button)

    def exit(self) -> None:
        self.stop_editing()

    def recall(self) -> None:
        """The last table set up (seats, names, levels, map, variants), if any."""
        table = lasttable.recall(self.kinds)
        if table is None:
            return
        self.seats = table["seats"]
        self.variants = set(table["variants"])
        self.hints = table["hints"]
        if self.map_key is None:
            self.remembered_map = table["map"]

    def language_changed(self) -> None:
        shown = self.maps[self.map_index].key if self.maps else None
        self.maps = self.map_list()        # the titles in the new language (no map read again)
        keys = [m.key for m in self.maps]
        self.map_index = keys.index(shown) if shown in keys else 0
        self.layout()

    remembered_map: str | None = None

    def map_list(self) -> list[MapEntry]:
        """Every map to choose from, with the one asked for (--map PATH) or the
        last table's among them."""
        extra = self.map_key or self.remembered_map
        return list_maps(extra=[extra] if extra else None)

    def typing(self) -> bool:
        return self.editing is not None

    def resize(self) -> None:
        self.layout()

    def place(self) -> None:
        """The panels from the canvas size: seats on the left, the map on the
        right (each column grows with the canvas), seed and notes under them."""
        w, h = self.app.canvas_size
        seats_w = max(424, min(620, round(w * 0.54)))
        self.seats_rect = pygame.Rect(24, 48, seats_w, 340)
        self.map_rect = pygame.Rect(self.seats_rect.right + 8, 48, w - seats_w - 56, 340)
        self.seed_rect = pygame.Rect(24, 396, seats_w, 82)
        self.notes_rect = pygame.Rect(self.map_rect.x, 396, self.map_rect.w, 82)
        # A seat's row: colour, then name, who plays and controller share the
        # room left beside the remove button: who plays and the controller as
        # wide as their longest labels need (in the reading face), the name the rest.
        x0, room = 40, seats_w - 32 - 34 - 30 - 4 * 6
        art = self.app.art
        font = art.fonts.body if art.fonts.body.width(_("Mouse + keys")) * 3 <= room \
            else art.fonts.medium
        kinds = [_("Human"), _("Remote")] + [_("AI: {level}").format(level=level_name(k))
                                             for k in player_levels()]
        # who plays: a selector, an arrow either side of the label (and its icon)
        kind_w = max(room * 150 // 408, max(font.width(k) for k in kinds) + 30 + 2 * ARROW_W)
        device_w = max(room * 108 // 408, max(font.width(label) for label in (
            self.app.pads.label(""), _("Pad {number}").format(number=5))) + 14)
        name_w = max(60, room - kind_w - device_w)
        kind_w = room - name_w - device_w
        self.columns = {"colour": (x0, 34), "name": (x0 + 40, name_w),
                        "kind": (x0 + 46 + name_w, kind_w),
                        "remove": (x0 + 52 + name_w + kind_w, 30),
                        "device": (x0 + 88 + name_w + kind_w, device_w)}
        self.bottom = h - 50

    def layout(self) -> None:
        self.place()
        col = self.columns
        b: list[Button] = []
        for i, seat in enumerate(self.seats):
            y = SEATS_TOP + i * ROW_H
            b.append(Button((col["colour"][0], y, col["colour"][1], 30), "",
                            lambda i=i: self.next_colour(i), icon=f"emblem_{seat.colour}",
                            face="body"))
            b.append(Button((col["name"][0], y, col["name"][1], 30), seat.name,
                            lambda i=i: self.edit("name", i), face="body"))
            kind = _("Human") if seat.is_human else _("Remote") if seat.kind == "remote" \
                else _("AI: {level}").format(level=level_name(seat.kind))
            kx, kw = col["kind"]
            b.append(Button((kx + ARROW_W, y, kw - 2 * ARROW_W, 30), kind,
                            lambda i=i: self.next_kind(i),
                            icon=_seat_icon(seat), face="body"))
            b.append(Button((col["remove"][0], y, 30, 30), "x", lambda i=i: self.remove_seat(i),
                            enabled=len(self.seats) > PLAYER_COUNTS[0], face="body"))
        arrows = []
        for i in range(len(self.seats)):
            kx, kw = col["kind"]
            y = SEATS_TOP + i * ROW_H
            arrows.append(Button((kx, y, ARROW_W - 2, 30), "←",
                                 lambda i=i: self.next_kind(i, -1), face="medium"))
            arrows.append(Button((kx + kw - ARROW_W + 2, y, ARROW_W - 2, 30), "→",
                                 lambda i=i: self.next_kind(i, 1), face="medium"))
        self.kind_arrows = arrows
        y = SEATS_TOP + len(self.seats) * ROW_H
        add_w = max(190, self.app.art.fonts.body.width(_("Add a seat")) + 24)
        b.append(Button((40, y, add_w, 28), _("Add a seat"), self.add_seat,
                        enabled=len(self.seats) < PLAYER_COUNTS[-1], face="body"))
        m = self.map_rect
        b.append(Button((m.x + 8, 84, 30, 30), "", lambda: self.next_map(-1),
                        icon="ui_arrow_left", face="body"))
        b.append(Button((m.right - 38, 84, 30, 30), "", lambda: self.next_map(1),
                        icon="ui_arrow_right", face="body"))
        small = self.app.art.fonts.medium
        seed_x = 40 + small.width(_("Seed")) + 12
        # The whole seed, in the reading face where it fits the row (beside the
        # re-roll button), else a smaller one; its ends only where none fits.
        room = self.seed_rect.right - 12 - 36 - seed_x
        label, face = seed_label(self.seed), None
        fonts = self.app.art.fonts
        for name in ("body", "medium", "small"):
            if getattr(fonts, name).width(label) + 12 <= room:
                face = name
                break
        if face is None:
            label, face = seed_label(self.seed, short=True), "body"
        seed_w = max(120, min(room, getattr(fonts, face).width(label) + 16))
        self.seed_button = Button((seed_x, SEED_Y, seed_w, 26), label,
                                  lambda: self.edit("seed", 0), face=face)
        b.append(self.seed_button)
        b.append(Button((seed_x + seed_w + 6, SEED_Y, 30, 26), "", self.reroll,
                        icon="icon_dice" if "icon_dice" in self.app.art.sprites else None,
                        face="body"))
        entry = self.entry
        start_ok = entry is not None and entry.ok
        # The options in two rows under the seed (two columns, three for more
        # than four options).
        options = (*((v, variant_name(v)) for v in VARIANTS),
                   ("open_hands", _("Open hands")), ("hints", _("Hints allowed")))
        columns = 2 if len(options) <= 4 else 3
        half = (self.seed_rect.w - 32) // columns
        for i, (name, label) in enumerate(options):
            pos = (40 + (i % columns) * half, SEED_Y + 32 + (i // columns) * 20)
            check = Check(pos, label, lambda n=name: self.toggle(n),
                          lambda n=name: self.is_on(n), half - 16)
            check.name = name
            b.append(check)
        b.append(Button((40, self.bottom, 160, 34), _("Back"), self.back, big=True))
        self.start_button = Button((self.app.canvas_size[0] - 220, self.bottom, 196, 34),
                                   _("Start game"), self.start, big=True,
                                   enabled=start_ok, key="confirm")
        b.append(self.start_button)
        b[4 * len(self.seats):4 * len(self.seats)] = arrows
        b += seat_device_buttons(self)
        self.buttons = b
        # The seats' rows in one face: the reading one if every label fits it.
        art = self.app.art
        rows = [*b[:4 * len(self.seats)], *b[-len(self.seats):]]
        if any(r.width_in(art, art.fonts.body) > r.rect.w - 6 - r.inset for r in rows):
            for r in rows:
                r.face = "medium"

    @property
    def entry(self) -> MapEntry | None:
        return self.maps[self.map_index] if self.maps else None

    # -------------------------------------------------------------- actions
    def next_colour(self, i: int) -> None:
        taken = {s.colour for s in self.seats}
        c = self.seats[i].colour
        for step in range(1, 6):
            cand = (c + step) % 5
            other = next((s for s in self.seats if s.colour == cand), None)
            if cand not in taken or other is not None:
                if other is not None:
                    other.colour = c          # swap with whoever had it
                self.seats[i].colour = cand
                break
        self.layout()

    def next_kind(self, i: int, step: int = 1) -> None:
        """Who plays a seat: the next (or, ``step`` -1, the previous) of human,
        the AI levels weakest first, and remote."""
        seat = self.seats[i]
        k = self.kinds.index(seat.kind) if seat.kind in self.kinds else 0
        seat.kind = self.kinds[(k + step) % len(self.kinds)]
        self.noted = i
        self.layout()

    def add_seat(self) -> None:
        if len(self.seats) >= PLAYER_COUNTS[-1]:
            return
        used_c = {s.colour for s in self.seats}
        used_n = {s.name for s in self.seats}
        colour = next(c for c in range(5) if c not in used_c)
        name = next((n for n in DEFAULT_NAMES if n not in used_n), _("Player {number}").format(
            number=len(self.seats) + 1))
        self.seats.append(SeatPlan(name, default_level(), colour))
        self.layout()

    def remove_seat(self, i: int) -> None:
        if len(self.seats) > PLAYER_COUNTS[0]:
            del self.seats[i]
            self.layout()

    def next_map(self, step: int) -> None:
        if self.maps:
            self.map_index = (self.map_index + step) % len(self.maps)
            self.layout()

    def reroll(self) -> None:
        self.seed = new_game_seed()
        self.seed_typed = False
        self.layout()

    def edit(self, what: str, i: int) -> None:
        self.stop_editing()
        self.editing = (what, i)
        self.field = (TextField(self.seats[i].name, NAME_LIMIT) if what == "name"
                      else TextField(str(self.seed), SEED_DIGITS, allow=str.isdigit))
        pygame.key.start_text_input()

    def stop_editing(self) -> None:
        if self.editing is not None:
            self.editing = None
            self.field = None
            pygame.key.stop_text_input()
            for s in self.seats:
                s.name = s.name.strip() or _("Player")
            self.layout()

    def back(self) -> None:
        self.app.pop()

    def start(self) -> None:
        entry = self.entry
        if entry is None or not entry.ok:
            return
        plan = GamePlan(entry.key, [SeatPlan(s.name, s.kind, s.colour, s.device)
                                    for s in self.seats],
                        self.seed, sorted(self.variants), self.open_hands, hints=self.hints)
        from .play import PlayScene

        lasttable.remember(plan)          # the next New game starts from this table
        self.app.replace(PlayScene(plan))

    # ---------------------------------------------------------------- input
    def handle(self, cmd: Command) -> None:
        if handle_pads(self, cmd):
            return
        if self.editing is not None:
            if self._edit(cmd):
                return
        elif cmd.kind == "key" and cmd.name == "back":
            self.back()
            return
        if self.editing is None and self.focus.handle(self.buttons, cmd):
            return
        if cmd.kind == "key" and cmd.name in ("prev_card", "next_card") and self.editing is None:
            seat = self.kind_seat(self.buttons[self.focus.index]) \
                if 0 <= self.focus.index < len(self.buttons) else None
            if seat is not None:          # a pad's shoulders (Q/W) step the focused selector
                self.next_kind(seat, -1 if cmd.name == "prev_card" else 1)
                return
        handle_buttons(self.buttons, cmd)

    def kind_seat(self, button: Button) -> int | None:
        """The seat whose who-plays selector (label or arrow) a button is."""
        n = len(self.seats)
        for i in range(n):
            if button is self.buttons[4 * i + 2] or button in self.kind_arrows[2 * i:2 * i + 2]:
                return i
        return None

    def noted_seat(self) -> int:
        """The seat the line under the seats explains: the one the focus or the
        pointer is on, else the one changed last."""
        row = None
        if Focus.shown and 0 <= self.focus.index < len(self.buttons):
            row = self.row_of(self.buttons[self.focus.index])
        else:
            row = next((self.row_of(b) for b in self.buttons if b.hover
                        and self.row_of(b) is not None), None)
        if row is not None:
            self.noted = row
        return min(self.noted, len(self.seats) - 1)

    def row_of(self, button: Button) -> int | None:
        """The seat whose row a button is in."""
        for i in range(len(self.seats)):
            y = SEATS_TOP + i * ROW_H
            if button.rect.y == y and button.rect.x < self.seats_rect.right:
                return i
        return None

    def _edit(self, cmd: Command) -> bool:
        """Typing into a name or the seed; True when the command was used up."""
        what, i = self.editing  # type: ignore[misc]
        field = self.field
        if field is not None and field.handle(cmd):
            if what == "name":
                self.seats[i].name = field.text
            else:
                self.seed = int(field.text or 0)
                self.seed_typed = True
            self.layout()
            return True
        if cmd.kind == "key":
            if cmd.name in ("confirm", "back", "tab"):
                self.stop_editing()
                return True
            return cmd.name not in ("left", "right", "up", "down")
        if cmd.kind == "press":
            self.stop_editing()
        return False

    def is_on(self, name: str) -> bool:
        if name == "hints":
            return self.hints
        return self.open_hands if name == "open_hands" else name in self.variants

    def toggle(self, name: str) -> None:
        if name == "hints":
            self.hints = not self.hints
        elif name == "open_hands":
            self.open_hands = not self.open_hands
        elif name in self.variants:
            self.variants.discard(name)
        else:
            self.variants.add(name)

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        art = self.app.art
        draw_background(surface, art, self.app.time)
        large, small = art.fonts.large, art.fonts.medium
        large.draw(surface, _("New game"), (surface.get_width() // 2, 14), GOLD, align="center")
        draw_panel(surface, art, self.seats_rect)
        small.draw(surface, _("Seats: colour, name, who plays"), (40, 55), GREY)
        draw_panel(surface, art, self.map_rect)
        self._draw_map(surface)
        draw_panel(surface, art, self.seed_rect)
        text_y = SEED_Y + (26 - small.line_height) // 2
        small.draw(surface, _("Seed"), (40, text_y), WHITE)
        same, colour = _("same seed, same deal"), GREY
        x, right = self.seed_button.rect.right + 40, self.seed_rect.right - 12
        if self.seed_typed and any(s.kind == "remote" for s in self.seats):
            # a seed a person types is a small number: a remote seat could search
            # for it from its own hand and so know every hidden card
            same, colour = _("a typed seed lets remote players work out the cards"), RED
            if x + small.width(same) > right:
                same = _("typed seed: cards guessable")
        if x + small.width(same) <= right:
            small.draw(surface, same, (x, text_y), colour)
        draw_panel(surface, art, self.notes_rect)
        self.draw_option_notes(surface)
        draw_buttons(self.buttons, surface, art, self.focus)
        for button in self.buttons:
            if button.icon and button.icon.startswith("emblem_"):
                # A seat's emblem in a well of the panels' night: its ink measured
                # against that (the blue button's face hid seat 1's blue square).
                well = pygame.Rect(0, 0, 20, 20)
                well.center = button.rect.center
                pygame.draw.rect(surface, NIGHT, well, border_radius=3)
                art.sprites.blit_anchored(surface, button.icon, well.center)
        draw_join_hint(self, surface)
        if self.editing is not None and self.field is not None:
            what, i = self.editing
            button = self.buttons[4 * i + 1] if what == "name" else self.seed_button
            button.label = ""           # the field draws the text, with its cursor
            font = button.font(art)
            shown = button.rect
            if what == "seed":
                # A seed is up to 39 digits: while typed, its field takes the
                # row's free width (over the note and the re-roll button).
                button.rect = pygame.Rect(shown.x, shown.y,
                                          self.seed_rect.right - 12 - shown.x, shown.h)
            button.draw(surface, art)
            self.field.draw(surface, font, (button.rect.centerx, button.rect.centery
                                            - font.line_height // 2), font.line_height,
                            int(self.app.time * 3) % 2 == 0, align="center")
            button.rect = shown
            button.label = self.field.text
        self.draw_notes(surface)

    OPTION_NOTES = {
        "hand_limits": N_("Hand limits: at most 20 land and 10 animal cards."),
        "lakes": N_("Lakes: touching water tiles score as one lake."),
        "lone_harvest": N_("Lone harvest (house rule): a lone land tile can be harvested too."),
        "open_hands": N_("Open hands: no privacy screen between players."),
    }

    def draw_option_notes(self, surface: pygame.Surface) -> None:
        """What the options mean: the one under the focus or the pointer, else
        all of them where they fit whole, else how to read them one by one."""
        medium = self.app.art.fonts.medium
        width = self.notes_rect.w - 24
        rows = (self.notes_rect.h - 12) // medium.line_height
        pointed = None
        for button in self.buttons:
            if isinstance(button, Check) and (button.hover or (
                    Focus.shown and self.buttons.index(button) == self.focus.index)):
                pointed = button.name
        def lines_of(texts: list[str]) -> list[str]:
            return [line for text in texts for line in wrapped(medium, text, width)]

        hint = lines_of([_("Point at an option to read what it does.")])
        if pointed in self.OPTION_NOTES:
            candidates = [lines_of([_(self.OPTION_NOTES[pointed])])]
        else:                     # all; else the options chosen, with the hint; else the hint
            chosen = lines_of([_(note) for name, note in self.OPTION_NOTES.items()
                               if self.is_on(name)])
            candidates = [lines_of([_(note) for note in self.OPTION_NOTES.values()])]
            if chosen:
                candidates += [chosen + hint, chosen]
        lines = next((c for c in candidates if len(c) <= rows), hint)
        for i, line in enumerate(lines[:rows]):
            medium.draw(surface, line, (self.notes_rect.x + 12, self.notes_rect.y + 6
                                        + i * medium.line_height), GREY)

    def draw_notes(self, surface: pygame.Surface) -> None:
        """Under the seats: what the noted seat's kind means, then who plays where."""
        small = self.app.art.fonts.medium
        width = self.seats_rect.w - 32
        n = len(self.seats)
        humans = sum(s.is_human for s in self.seats)
        note = _("{players} players, {humans} at this screen").format(
            players=n, humans=humans) + (_("; a privacy screen hides each hand")
                                         if humans > 1 and not self.open_hands else "")
        lines = [(line, GREY) for line in small.wrap(note, width)]
        lines = [(line, WHITE) for line in small.wrap(kind_note(self.seats[
            self.noted_seat()].kind), width)] + lines
        y = self.seats_rect.bottom - 6 - len(lines) * small.line_height
        for line, colour in lines:
            small.draw(surface, line, (40, y), colour)
            y += small.line_height

    def _draw_map(self, surface: pygame.Surface) -> None:
        entry = self.entry
        art = self.app.art
        m = self.map_rect
        if entry is None:
            art.fonts.medium.draw(surface, _("No maps found."), (m.x + 18, 130), RED)
            return
        label = f"{entry.title}  ({self.map_index + 1}/{len(self.maps)})"
        font = art.fonts.large if art.fonts.large.width(label) <= m.w - 96 else art.fonts.medium
        font.draw(
            surface, label, (m.centerx, 88 + (art.fonts.large.line_height - font.line_height)
                             // 2), WHITE if entry.ok else RED, align="center")
        draw_map_details(surface, art, entry, (m.x + 16, 124), self.thumbs, len(self.seats),
                         width=m.w - 32)


@functools.lru_cache(maxsize=256)
def wrapped(font, text: str, width: int) -> tuple[str, ...]:
    """Text split into lines of a width, once per text (not every frame)."""
    return tuple(font.wrap(text, width))


PROBLEM_LINES = 13


def problem_lines(font, entry: MapEntry, width: int) -> list[tuple[str, tuple]]:
    """A broken map's problems as a player reads them, in the current language:
    the file's name, then each problem in plain words with, below it in grey,
    the author's words for fixing it (left out when they do not all fit)."""
    told_lines: list[tuple[str, tuple]] = []
    lines: list[tuple[str, tuple]] = []
    name = entry.path.name
    for problem in entry.errors:
        said = [(line, WHITE) for line in wrapped(font, f"· {told(problem)}", width)]
        told_lines += said
        fix = shown_detail(problem)
        lines += said + ([(line, GREY) for line in wrapped(font, f"  {fix}", width)]
                         if fix and fix != told(problem) else [])
    head = [(line, GOLD) for line in wrapped(font, name, width)]
    return head + (lines if len(head) + len(lines) <= PROBLEM_LINES else told_lines)


def draw_map_details(surface: pygame.Surface, art, entry: MapEntry, pos: tuple[int, int],
                     thumbs: dict[tuple[str, int], pygame.Surface], players: int | None = None,
                     width: int = 360) -> None:
    """A map's thumbnail, author, player counts and description, or its problems,
    ``width`` pixels wide."""
    small = art.fonts.medium
    x, y = pos
    if not entry.ok:
        small.draw(surface, _("This map cannot be played:"), (x, y), RED)
        lines = problem_lines(small, entry, width)
        for i, (line, colour) in enumerate(lines[:PROBLEM_LINES]):
            small.draw(surface, line, (x, y + small.line_height + 2 + i * small.line_height),
                       colour)
        return
    thumb = thumbs.get((entry.key, width))
    if thumb is None and entry.board is not None:
        thumb = thumbs[(entry.key, width)] = thumbnail(entry.board, (width, 170))
    if thumb is not None:
        surface.blit(thumb, (x + (width - thumb.get_width()) // 2, y))
    y += 176
    lo, hi = entry.players
    fits = players is None or lo <= players <= hi
    by = by_line(entry.prop("author"))
    count = _("players {low}-{high}").format(low=lo, high=hi)
    small = art.fonts.medium
    small.draw(surface, small.clip(by, width - small.width(count) - 12), (x, y), GREY)
    small.draw(surface, count, (x + width, y), WHITE if fits else RED, align="right")
    desc = list(wrapped(small, entry.description, width))
    keep = 2 if entry.warnings else 4
    if len(desc) > keep:                    # cut short where it shows: "…"
        desc = desc[:keep - 1] + [small.clip(" ".join(desc[keep - 1:]), width)]
    for i, line in enumerate(desc):
        small.draw(surface, line, (x, y + 18 + i * small.line_height), WHITE)
    if entry.warnings:
        warning = wrapped(small, _("Warning: {problem}").format(
            problem=told(entry.warnings[0])), width)
        for i, line in enumerate(warning[:2]):
            small.draw(surface, line, (x, y + 18 + (len(desc) + i) * small.line_height),
                       GOLD)


def _seat_icon(seat) -> str:
    """The seat kind's icon: a person, a robot, or a signal for a remote seat."""
    if seat.is_human:
        return "icon_human"
    return "icon_remote" if seat.kind == "remote" else "icon_ai"
