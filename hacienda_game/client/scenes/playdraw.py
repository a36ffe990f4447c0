"""Drawing the play screen: the board with its pieces and highlights, and the
panels around it (top line, score track, seats, cards, hand, actions, log).

Everything drawn comes from the seat view (``observe``) the screen shows;
each panel is redrawn only when what it shows changes.
"""

from __future__ import annotations

import pygame

from ...engine.components import ANIMALS, LAND_CARDS
from ...engine.groups import ANIMAL0, EMPTY, LAND, WATER
from ...i18n import N_, _
from ..assets import DIM, GOLD, GREEN, GREY, INK, RED, WHITE
from ..patterns import piece_name
from ..ui import Button, draw_buttons, draw_panel
from ..words import actions_left, card_name, level_name, over_reason, stack_words

BOARD_AREA = pygame.Rect(8, 28, 696, 324)
TRACK = pygame.Rect(16, 356, 680, 22)
SIDE_X = 712
SEAT_H = 34
HAND_Y = 398
CARD_W, CARD_H = 32, 44
LOG_RECT = pygame.Rect(560, 382, 396, 154)
HAND_RECT = pygame.Rect(4, 382, 552, 90)
TRACK_RECT = pygame.Rect(8, 353, 700, 27)
ACTIONS_RECT = pygame.Rect(0, 474, 558, 66)


# What the status line says while a card or action is chosen: for the mouse,
# and for a gamepad (whose buttons the prompt bar above the board shows).
MOUSE_HINTS = {
    "play": N_("Play {card}: click a lit hex ({count} possible). Right click: cancel."),
    "hacienda": N_("Hacienda: click one of your lit tiles or tokens ({count} possible)."),
    "water": N_("Water size {size}: R / right click / wheel turns it."),
    "harvest": N_("Harvest: click one of your lit chains ({count} possible)."),
    "harvest_from": N_("Take which chip? Click a lit chip of another player."),
    "idle": N_("Pick a card in your hand, buy a card on the right, or an action below."),
}
PAD_HINTS = {
    "play": N_("Play {card}: move the cursor to a lit hex ({count} possible)."),
    "hacienda": N_("Hacienda: move the cursor to one of your lit tiles or tokens"
                   " ({count} possible)."),
    "water": N_("Water size {size}: the turn button shown above the board rotates it."),
    "harvest": N_("Harvest: move the cursor to one of your lit chains ({count} possible)."),
    "harvest_from": N_("Take which chip? Move the cursor to a lit chip of another player."),
    "idle": N_("Pick a card, buy or choose an action: the buttons are shown above the board."),
}


class PlayDrawing:
    """The play scene's drawing (mixed into `PlayScene`, which holds the state)."""

    def _panel(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: tuple,
               draw) -> None:
        """Redraw a panel into its own region of the panel canvas (over the static
        frame) when its key changed.  Panels draw at canvas coordinates."""
        if self._panels.get(name) != key:
            self.redrawn = True
            canvas = self._panel_canvas
            canvas.blit(self._frame, rect, rect)
            canvas.set_clip(rect)
            draw(canvas)
            canvas.set_clip(None)
            self._panels[name] = key

    def _draw_actions(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        draw_buttons([b for b in buttons if b is not self.b_menu], surface, self.app.art)
        self.draw_status(surface)

    def piece(self, name: str, colour: int) -> str:
        """A seat piece's sprite: with its colour-blind pattern when the setting is on."""
        return piece_name(self.app.art.sprites, name, colour, self.app.settings.patterns)

    def draw_board(self, surface: pygame.Surface, obs) -> None:
        hidden = self.anims.hidden_pieces()
        key = (self.layer.version, hidden, self.app.settings.patterns)
        if key != self._pieces_key or self._pieces is None:
            self.redrawn = True
            self._pieces = self.render_pieces(obs, hidden)
            self._pieces_key = key
        surface.blit(self._pieces, BOARD_AREA.topleft)

    def render_pieces(self, obs, hidden: frozenset) -> pygame.Surface:
        """The board picture with every piece on it, kept between frames: new
        pieces are added to it; only a piece leaving (a chip taken) redraws all."""
        sprites = self.app.art.sprites
        ox, oy = BOARD_AREA.topleft
        if self._board_base is None:
            # The panel behind the board and the map picture, opaque: one fast copy.
            base = pygame.Surface(BOARD_AREA.size).convert()
            frame = BOARD_AREA.inflate(8, 8).union(TRACK.inflate(16, 8))
            base.blit(sprites.nine("ui_panel", frame.size), (frame.x - ox, frame.y - oy))
            base.blit(self.view.picture, (self.view.origin[0] - ox, self.view.origin[1] - oy))
            self._board_base = base
        colours = [s.colour for s in self.plan.seats]
        wanted: dict[tuple[int, int], tuple[str, tuple[int, int]]] = {}
        for h, (kind, owner) in enumerate(zip(obs.kind, obs.owner, strict=True)):
            if kind == EMPTY:
                continue
            if kind == LAND:
                name = self.piece(f"land_{colours[owner]}", colours[owner])
            elif kind == WATER:
                name = "water"
            else:
                name = self.piece(f"animal_{ANIMALS[kind - ANIMAL0]}_{colours[owner]}",
                                  colours[owner])
            cx, cy = self.view.centres[h]
            wanted[(h, 0)] = (name, (cx - ox, cy - oy))
        for h in obs.haciendas:
            cx, cy = self.view.centres[h]
            if obs.owner[h] >= 0:
                c = colours[obs.owner[h]]
                wanted[(h, 1)] = (self.piece(f"hacienda_{c}", c), (cx - ox, cy - oy - 6))
        for h in obs.chips:
            cx, cy = self.view.centres[h]
            wanted[(h, 2)] = ("chip", (cx - ox + 7, cy - oy + 6))
        shown = {key: v for key, v in wanted.items() if key not in hidden}
        order = sorted(shown, key=lambda key: (key[1], key[0]))
        drawn = self._drawn
        gone = [key for key, v in drawn.items() if shown.get(key) != v]
        k = self.view.piece_scale
        if self._pieces is None or len(gone) > 8:
            surf, drawn = self._board_base.copy(), {}
        else:
            surf = self._pieces
            for key in gone:
                # Put the board back under the piece that left, then every piece
                # that overlaps that spot, clipped to it.
                spot = self._piece_rect(sprites, drawn[key], k)
                surf.set_clip(spot)
                surf.blit(self._board_base, spot, spot)
                for other in order:
                    if other in drawn and self._piece_rect(sprites, shown[other], k).colliderect(
                            spot):
                        self._blit_piece(surf, sprites, *shown[other], k)
                surf.set_clip(None)
        for key in order:
            if key not in drawn or drawn[key] != shown[key]:
                self._blit_piece(surf, sprites, *shown[key], k)
        self._drawn = shown
        return surf

    @staticmethod
    def _piece_rect(sprites, piece: tuple[str, tuple[int, int]], k: int) -> pygame.Rect:
        name, (x, y) = piece
        ax, ay = sprites.anchors.get(name, (0, 0))
        w, h = sprites.get(name).get_size()
        return pygame.Rect(x - ax * k, y - ay * k, w * k, h * k)

    @staticmethod
    def _blit_piece(surf, sprites, name: str, pos: tuple[int, int], k: int) -> None:
        if k == 1:
            sprites.blit_anchored(surf, name, pos)
            return
        image = pygame.transform.scale_by(sprites.get(name), k)
        ax, ay = sprites.anchors.get(name, (0, 0))
        surf.blit(image, (pos[0] - ax * k, pos[1] - ay * k))

    def draw_highlights(self, surface: pygame.Surface) -> None:
        sel = self.selection
        sprites = self.app.art.sprites
        board = self.layer.board
        if sel is not None:
            if sel.kind == "water":
                cells = frozenset(c for placement in sel.targets for c in placement)
            else:
                cells = frozenset(sel.targets)
            hexes = [board.index[c] for c in cells if c in board.index]
            surface.blit(self.spotlight(frozenset(hexes)), BOARD_AREA.topleft)
            for h in hexes:
                sprites.blit_anchored(surface, "hex_legal", self.view.centres[h])
        h = self.hover_hex
        if h is None:
            return
        if sel is not None and sel.kind == "water":
            cells = self.water_cells(h)
            if cells is None:
                sprites.blit_anchored(surface, "hex_illegal", self.view.centres[h])
                return
            legal = cells in sel.targets
            for c in cells:
                centre = self.view.centres[board.index[c]]
                sprites.blit_anchored(surface, "water", centre)
                sprites.blit_anchored(surface, "hex_selected" if legal else "hex_illegal", centre)
            return
        if sel is not None:
            action = self.action_at(h)[0]
            frame = "hex_selected" if action is not None else "hex_illegal"
            sprites.blit_anchored(surface, frame, self.view.centres[h])
        else:
            sprites.blit_anchored(surface, "hex_hover", self.view.centres[h])

    def spotlight(self, hexes: frozenset[int]) -> pygame.Surface:
        """A checkerboard shade over the board except the lit hexes (no alpha
        blending): the hexes a selection may go on stand out at a glance."""
        if self._spot is not None and self._spot[0] == hexes:
            return self._spot[1]
        key = (255, 0, 255)
        shade = pygame.Surface(BOARD_AREA.size)
        shade.fill(key)
        px = pygame.PixelArray(shade)
        px[0::2, 0::2] = INK          # one pixel in four: the board stays readable
        px[1::4, 1::2] = INK
        del px
        ox, oy = BOARD_AREA.topleft
        for h in hexes:
            pygame.draw.polygon(shade, key, [(x - ox, y - oy) for x, y in self.view.polygon(h)])
        shade.set_colorkey(key)
        self._spot = (hexes, shade)
        return shade

    def draw_track(self, surface: pygame.Surface) -> None:
        art = self.app.art
        shown = [t.value for t in self.score_tick]
        top = max(60, (max(shown, default=0) // 20 + 2) * 20)
        x0, y = TRACK.x + 24, TRACK.centery
        width = TRACK.width - 32
        art.fonts.small.draw(surface, _("Pts"), (TRACK.x, y - 6), GREY)
        pygame.draw.line(surface, DIM, (x0, y), (x0 + width, y), 2)
        for v in range(0, top + 1, 5):
            x = x0 + width * v // top
            tall = 4 if v % 10 == 0 else 2
            pygame.draw.line(surface, GREY, (x, y - tall), (x, y + tall))
        for v in range(0, top + 1, 20):
            art.fonts.small.draw(surface, str(v), (x0 + width * v // top, y + 3), DIM,
                                 align="center", shadow=None)
        stacked: dict[int, int] = {}
        for seat, value in enumerate(shown):
            x = x0 + width * min(value, top) // top
            n = stacked.get(x, 0)
            stacked[x] = n + 1
            art.sprites.blit_anchored(surface, f"emblem_{self.plan.seats[seat].colour}",
                                      (x + 10 * n, y - 6))

    def draw_top(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        if obs.over:
            parts = [_("Game over: {reason}").format(reason=over_reason(obs.over_reason))]
        else:
            cur = obs.current
            left = 3 - obs.actions_taken
            kind = self.plan.seats[cur].kind
            who = self.names[cur] + ("" if kind == "human" else _(" (remote)")
                                     if kind == "remote" else _(" (AI)"))
            # In pieces, so the font's cache serves the ones that repeat.
            parts = [_("Round {round}").format(round=obs.round) + " · ",
                     _("{name} to play").format(name=who), " · ",
                     actions_left(left)]
        x = 8
        for part in parts:
            x = art.fonts.large.draw(surface, part, (x, 1), WHITE).right - 1
        stack = stack_words(obs.stack, obs.animal_draw_size, obs.intermediate_due,
                            obs.final_due)
        font.draw(surface, stack, (872, 7), GOLD if obs.intermediate_due or obs.final_due
                  else GREY, align="right")

    def draw_seats(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        self.seat_rects = []
        for i, sv in enumerate(obs.seats):
            rect = pygame.Rect(SIDE_X, 30 + i * (SEAT_H + 2), 244, SEAT_H)
            self.seat_rects.append(rect)
            current = i == obs.current and not obs.over
            hi = "ui_panel_hi" if "ui_panel_hi" in art.sprites else "ui_panel"
            draw_panel(surface, art, rect, hi if current else "ui_panel")
            if current and hi == "ui_panel":
                pygame.draw.rect(surface, GOLD, rect, 2)
            sp = self.plan.seats[i]
            art.sprites.blit_anchored(surface, f"emblem_{sp.colour}", (rect.x + 12, rect.y + 11))
            name = sp.name + ("" if sp.is_human else " · " + _("remote") if sp.kind == "remote"
                              else " · " + _("AI {level}").format(level=level_name(sp.kind)))
            font.draw(surface, name, (rect.x + 22, rect.y + 4),
                      art.seat_text_colour(sp.colour))
            if current and int(self.app.time * 2) % 2 == 0:
                font.draw(surface, "◄" if "◄" in font.glyphs else "<", (rect.right - 14,
                                                                         rect.y + 4), WHITE)
            y2 = rect.y + 18
            x = rect.x + 8
            for icon, value in (("icon_money", self.money_tick[i].value),
                                ("icon_score", self.score_tick[i].value),
                                ("icon_cards_land", sv.land_cards),
                                ("icon_cards_animal", sv.animal_cards)):
                img = art.sprites.get(icon)
                surface.blit(img, (x, y2 + (12 - img.get_height()) // 2))
                font.draw(surface, str(value), (x + img.get_width() + 2, y2), WHITE)
                x += 58

    def draw_market(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        rect = self.market_rect
        y0 = rect.y
        self.market_slots = []
        rows = (("land", obs.land_face_up, obs.land_deck_size, "card_land_", "card_back_land"),
                ("animal", obs.animal_face_up, obs.animal_draw_size, "card_animal_",
                 "card_back_animal"))
        y = y0 + 4
        for item, face_up, deck, prefix, back in rows:
            font.draw(surface, _("Land cards · face up 3, deck 2 pesos") if item == "land"
                      else _("Animal cards · face up 3, deck 2 pesos"),
                      (rect.x + 8, y), GREY)
            y += 13
            x = rect.x + 8
            for card in face_up:
                slot = pygame.Rect(x, y, CARD_W, CARD_H)
                if card is not None:
                    surface.blit(art.sprites.get(prefix + card), slot)
                    self.market_slots.append((slot, item, card))
                x += CARD_W + 6
            x += 8
            slot = pygame.Rect(x, y, CARD_W, CARD_H)
            if deck:
                surface.blit(art.sprites.get(back), slot)
                self.market_slots.append((slot, item, None))
            font.draw(surface, str(deck), (x + CARD_W + 4, y + 16), WHITE)
            y += CARD_H + 6
        water = " ".join(f"{size}:{n}" for size, n in obs.water_left if n)
        font.draw(surface, _("Haciendas {haciendas} · chips {chips}").format(
            haciendas=obs.haciendas_left, chips=8 - len(obs.chips)),
                  (rect.x + 8, y), WHITE)
        font.draw(surface, _("Water tiles by size {sizes}").format(sizes=water or _("none")),
                  (rect.x + 8, y + 13),
                  WHITE)

    def draw_hand(self, surface: pygame.Surface, obs) -> None:
        art = self.app.art
        font = art.fonts.small
        seat = obs.seat
        rect = HAND_RECT
        self.hand_slots = []
        x = rect.x + 8
        y = HAND_Y + 6
        if self.viewer is None and not self.autoplay:
            font.draw(surface, _("Hands are hidden until the next player at this screen is"
                                 " ready."), (x, y + 16), GREY)
            return
        whose = _("{name}'s hand").format(name=self.names[seat]) + (
            _(" (AI)") if self.autoplay else "")
        self.app.art.sprites.blit_anchored(surface, f"emblem_{self.plan.seats[seat].colour}",
                                           (rect.x + 12, rect.y + 9))
        font.draw(surface, whose, (rect.x + 22, rect.y + 4), WHITE)
        cards = [("land", c, n) for c, n in zip(LAND_CARDS, obs.land_hand, strict=True) if n]
        cards += [("animal", c, n) for c, n in zip(ANIMALS, obs.animal_hand, strict=True) if n]
        if not cards:
            font.draw(surface, _("no cards"), (x, y + 16), GREY)
        # Up to ten kinds of card: close up rather than run under the Undo buttons.
        right = (min(b.rect.x for b in self.keep_buttons) if getattr(self, "keep_buttons", None)
                 else rect.right) - 6
        pitch = min(CARD_W + 10, (right - x - CARD_W) // max(1, len(cards) - 1))
        for item, card, n in cards:
            selected = bool(self.selection and self.selection.card == card)
            slot = pygame.Rect(x, y - (5 if selected else 0), CARD_W, CARD_H)
            surface.blit(art.sprites.get(f"card_{item}_{card}"), slot)
            if selected:
                pygame.draw.rect(surface, GOLD, slot.inflate(4, 4), 2)
            font.draw(surface, f"x{n}", (slot.centerx, slot.bottom + 2), WHITE, align="center")
            self.hand_slots.append((slot, item, card))
            x += pitch
        if obs.seat != obs.current and not obs.over:
            font.draw(surface, _("waiting for {name}").format(name=self.names[obs.current]),
                      (rect.right - 8, rect.y + 4), GREY, align="right")

    def pad_turn(self) -> bool:
        """The seat to move plays with a gamepad (its hints speak of the cursor)."""
        seats = self.plan.seats
        current = self.layer.current
        return current < len(seats) and seats[current].device.startswith("pad:")

    def status_hint(self) -> str:
        """What the status line tells the player to do now (mouse or pad words)."""
        sel = self.selection
        if sel is not None:
            n = len({c for p in sel.targets for c in p}) if sel.kind == "water" else \
                len(sel.targets)
            hints = PAD_HINTS if self.pad_turn() else MOUSE_HINTS
            return _(hints[sel.kind]).format(card=card_name(sel.card or ""), count=n,
                                             size=sel.size)
        if self.human_turn:
            return _(PAD_HINTS["idle"] if self.pad_turn() else MOUSE_HINTS["idle"])
        return ""

    def draw_status(self, surface: pygame.Surface) -> None:
        font = self.app.art.fonts.small
        x = 220 if self.selection and self.selection.kind == "water" else 8
        y = 512
        hint = self.status_hint()
        if self.message and self.app.time < self.message_until:
            for i, line in enumerate(font.wrap(self.message, 548 - x)[:2]):
                font.draw(surface, line, (x, y - 4 + i * 12), RED)
            return
        font.draw(surface, hint, (x, y - 4), WHITE)
        if self.hover_text:
            font.draw(surface, self.hover_text[:90], (x, y + 8), GREEN)

    def draw_log(self, surface: pygame.Surface) -> None:
        font = self.app.art.fonts.small
        rows = (LOG_RECT.height - 12) // font.line_height - (1 if self.log_back else 0)
        sprites = self.app.art.sprites
        end = len(self.log) - self.log_back
        for i, (line, seat, first) in enumerate(self.log[max(0, end - rows):end]):
            y = LOG_RECT.y + 6 + i * font.line_height
            if seat is not None and first:
                sprites.blit_anchored(surface, f"emblem_{self.plan.seats[seat].colour}",
                                      (LOG_RECT.x + 12, y + 5))
            font.draw(surface, line, (LOG_RECT.x + 22, y), WHITE if seat is not None else GOLD,
                      shadow=INK)
        if self.log_back:
            font.draw(surface, _("↓ {count} newer lines (wheel)").format(count=self.log_back),
                      (LOG_RECT.right - 8, LOG_RECT.bottom - 14), GREY, align="right")
