"""The panels around the board: top line, points track, seats, market, hand,
actions, the strip for hints and prompts, the log, and the bubble next to
the pointer or the hex cursor.

Reading text uses ``art.fonts.body`` and lays out from its line height and
widths.  Each panel is redrawn (into a panel canvas) only when what it shows
changed.  Everything comes from the seat view the screen shows.
"""

from __future__ import annotations

import pygame

from .....art.palette import HIGHLIGHTS
from .....engine.components import PRICE_BLIND, PRICE_FACE_UP
from .....i18n import N_, _
from .....net import REMOTE
from ....assets import DIM, GOLD, GREY, INK, NIGHT, RED, WHITE
from ....ui import draw_buttons, draw_panel
from ....words import actions_left, card_name, level_name, over_reason, stack_words
from ..layout import CARD_H, CARD_W, hand_slots, market_rows, market_slots

# What the strip says while a card or action is chosen: for the mouse, and for
# a gamepad (whose buttons the prompts in the same strip show).
MOUSE_HINTS = {
    "play": N_("Play {card}: click a lit hex ({count} possible). Right click: cancel."),
    "hacienda": N_("Hacienda: click one of your lit tiles or tokens ({count} possible)."),
    "water": N_("Water size {size}: R, right click or the wheel turns it (Shift+wheel zooms)."),
    "harvest": N_("Harvest: click one of your lit chains ({count} possible)."),
    "harvest_from": N_("Take which chip? Click a lit chip of another player."),
    "idle": N_("Pick a card in your hand, buy a card on the right, or an action below."),
}
PAD_HINTS = {
    "play": N_("Play {card}: move the cursor to a lit hex ({count} possible)."),
    "hacienda": N_("Hacienda: move the cursor to one of your lit tiles or tokens"
                   " ({count} possible)."),
    "water": N_("Water size {size}: the turn button rotates it."),
    "harvest": N_("Harvest: move the cursor to one of your lit chains ({count} possible)."),
    "harvest_from": N_("Take which chip? Move the cursor to a lit chip of another player."),
    "idle": N_("Pick a card, buy or choose an action with the buttons shown below."),
}
WARN = HIGHLIGHTS["warning"]      # refusals: warm and bright on the panels and the board


class Panels:
    """Draws the panels for a host screen (the play scene or the replay)."""

    def __init__(self, host):
        self.host = host
        self._frame: pygame.Surface | None = None
        self._canvas: pygame.Surface | None = None
        self._keys: dict[str, tuple] = {}
        self.redrawn = False

    def reset(self) -> None:
        """The layout or the language changed: everything redraws."""
        self._frame = self._canvas = None
        self._keys = {}

    @property
    def body(self):
        return self.host.app.art.fonts.body

    # ------------------------------------------------------------ caching
    def _panel(self, name: str, rect: pygame.Rect, key: tuple, draw) -> None:
        if self._keys.get(name) != key:
            self.redrawn = True
            canvas = self._canvas
            canvas.blit(self._frame, rect, rect)
            canvas.set_clip(rect)
            draw(canvas)
            canvas.set_clip(None)
            self._keys[name] = key

    def draw(self, surface: pygame.Surface, obs) -> None:
        host = self.host
        art = host.app.art
        lay = host.layout
        self.redrawn = False
        if self._frame is None or self._frame.get_size() != surface.get_size():
            self._frame = pygame.Surface(surface.get_size()).convert()
            self._frame.fill(NIGHT)
            for rect in (lay.board.inflate(6, 4), lay.track, lay.hand, lay.strip, lay.market,
                         lay.log):
                if rect.h > 8:
                    draw_panel(self._frame, art, rect)
            self._canvas = self._frame.copy()
            self._keys = {}
        now = host.app.time
        ticks = (tuple(t.value for t in host.money_tick), tuple(t.value for t in host.score_tick))
        sel = host.selection
        sel_key = sel.key if sel else None
        self._panel("top", lay.top, (obs.round, obs.current, obs.actions_taken, obs.over,
                                     obs.stack, obs.animal_draw_size, obs.animal_waiting_size,
                                     obs.intermediate_due, obs.final_due, obs.over_reason),
                    lambda s: self.draw_top(s, obs))
        self._panel("track", lay.track, (ticks[1], tuple(host.projected)), self.draw_track)
        self._panel("seats", lay.seats[0].unionall(lay.seats[1:]),
                    (ticks, tuple(host.projected), tuple((v.land_cards, v.animal_cards)
                                                         for v in obs.seats),
                     tuple(host.markets), obs.current, obs.over, int(now * 2) % 2),
                    lambda s: self.draw_seats(s, obs))
        self._panel("market", lay.market, (obs.land_face_up, obs.animal_face_up,
                                           obs.land_deck_size, obs.animal_draw_size,
                                           obs.haciendas_left, len(obs.chips), obs.water_left),
                    lambda s: self.draw_market(s, obs))
        self._panel("hand", lay.hand, (obs.seat, obs.land_hand, obs.animal_hand, sel_key,
                                       host.viewer, obs.current, obs.over),
                    lambda s: self.draw_hand(s, obs))
        if lay.log.h > lay.line:
            self._panel("log", lay.log, (len(host.log), host.log[-1:], host.log_back),
                        self.draw_log)
        buttons = host.action_buttons()
        self._panel("actions", lay.actions.unionall([lay.strip]),
                    (tuple((b.enabled, b.hover, b.selected, b.label, now - b.pressed_at < 0.12)
                           for b in buttons), sel_key, host.strip_key()),
                    lambda s: self.draw_actions(s, buttons))
        surface.blit(self._canvas, (0, 0))

    # ------------------------------------------------------------ panels
    def draw_actions(self, surface: pygame.Surface, buttons) -> None:
        draw_buttons(buttons, surface, self.host.app.art)
        self.host.draw_strip(surface)

    def draw_top(self, surface: pygame.Surface, obs) -> None:
        host = self.host
        font = self.body
        if obs.over:
            parts = [_("Game over: {reason}").format(reason=over_reason(obs.over_reason))]
        else:
            cur = obs.current
            left = 3 - obs.actions_taken
            kind = host.plan.seats[cur].kind
            who = host.names[cur] + ("" if kind == "human" else _(" (remote)")
                                     if kind == REMOTE else _(" (AI)"))
            parts = [_("Round {round}").format(round=obs.round) + " · ",
                     _("{name} to play").format(name=who), " · ",
                     actions_left(left)]
        x = 8
        for part in parts:
            x = font.draw(surface, part, (x, 2), WHITE).right - 1
        stack = stack_words(obs.stack, obs.animal_draw_size, obs.intermediate_due,
                            obs.final_due)
        right = host.b_menu.rect.x - 8
        if font.width(stack) < right - x - 16:
            font.draw(surface, stack, (right, 2), GOLD if obs.intermediate_due
                      or obs.final_due else GREY, align="right")

    def draw_track(self, surface: pygame.Surface) -> None:
        """Points so far (emblems) and, fainter, where a scoring now would put them."""
        host = self.host
        art = host.app.art
        rect = host.layout.track
        font = self.body
        shown = [t.value for t in host.score_tick]
        top = max(60, (max(shown + list(host.projected), default=0) // 20 + 2) * 20)
        label = _("Points")
        x0 = rect.x + 18 + font.width(label)
        width = rect.right - 12 - x0
        y = rect.centery
        font.draw(surface, label, (rect.x + 6, rect.y + (rect.h - font.line_height) // 2), GREY)
        pygame.draw.line(surface, DIM, (x0, y), (x0 + width, y), 2)
        for v in range(0, top + 1, 5):
            x = x0 + width * v // top
            tall = 4 if v % 10 == 0 else 2
            pygame.draw.line(surface, GREY, (x, y - tall), (x, y + tall))
        for seat, value in enumerate(host.projected):
            x = x0 + width * min(value, top) // top
            colour = art.seat_colour(host.plan.seats[seat].colour)
            pygame.draw.rect(surface, colour, (x - 1, y - 9, 3, 18))
        stacked: dict[int, int] = {}
        for seat, value in enumerate(shown):
            x = x0 + width * min(value, top) // top
            n = stacked.get(x, 0)
            stacked[x] = n + 1
            art.sprites.blit_anchored(surface, f"emblem_{host.plan.seats[seat].colour}",
                                      (x + 11 * n, y))

    def draw_seats(self, surface: pygame.Surface, obs) -> None:
        host = self.host
        art = host.app.art
        font = self.body
        marker = "◄" if "◄" in font.glyphs else "<"
        for i, sv in enumerate(obs.seats):
            rect = host.layout.seats[i]
            current = i == obs.current and not obs.over
            draw_panel(surface, art, rect, "ui_panel_hi" if current else "ui_panel")
            sp = host.plan.seats[i]
            colour = art.seat_colour(sp.colour)
            pygame.draw.rect(surface, colour, (rect.x + 3, rect.y + 3, 5, rect.h - 6))
            art.sprites.blit_anchored(surface, f"emblem_{sp.colour}",
                                      (rect.x + 18, rect.y + 4 + font.line_height // 2))
            right = rect.right - 8 - font.width(marker)
            x = font.draw(surface, sp.name, (rect.x + 28, rect.y + 3),
                          art.seat_text_colour(sp.colour)).right + 6
            if not sp.is_human:
                who = _("remote") if sp.kind == REMOTE else \
                    _("AI {level}").format(level=level_name(sp.kind))
                if x + font.width(who) <= right:
                    font.draw(surface, who, (x, rect.y + 3), GREY)
            if current and int(host.app.time * 2) % 2 == 0:
                font.draw(surface, marker, (rect.right - 6, rect.y + 3), WHITE, align="right")
            gain = host.projected[i] - host.score_tick[i].target if i < len(host.projected) \
                else 0
            self.draw_counts(surface, rect, rect.y + 3 + font.line_height, (
                ("icon_money", str(host.money_tick[i].value), ""),
                ("icon_score", str(host.score_tick[i].value), f"+{gain}" if gain else ""),
                ("icon_market", str(host.markets[i] if i < len(host.markets) else 0), ""),
                ("icon_cards_land", str(sv.land_cards), ""),
                ("icon_cards_animal", str(sv.animal_cards), "")))

    def draw_counts(self, surface: pygame.Surface, rect: pygame.Rect, y: int,
                    counts: tuple[tuple[str, str, str], ...]) -> None:
        """A seat's counters on one line, icon and number each (the projected
        gain after the points, in gold); the gaps close up to fit the row."""
        font = self.body
        sprites = self.host.app.art.sprites
        icons = [sprites.get(icon) for icon, _v, _e in counts]
        need = sum(img.get_width() + 2 + font.width(v) + (font.width(e) + 3 if e else 0)
                   for img, (_i, v, e) in zip(icons, counts, strict=True))
        room = rect.w - 12 - 6
        gap = max(2, min(8, (room - need) // max(1, len(counts) - 1)))
        x = rect.x + 12
        for img, (_icon, value, extra) in zip(icons, counts, strict=True):
            surface.blit(img, (x, y + (font.line_height - img.get_height()) // 2 - 1))
            x = font.draw(surface, value, (x + img.get_width() + 2, y), WHITE).right
            if extra and x + 3 + font.width(extra) <= rect.right - 6:
                x = font.draw(surface, extra, (x + 3, y), GOLD).right
            x += gap

    def draw_market(self, surface: pygame.Surface, obs) -> None:
        host = self.host
        art = host.app.art
        font = self.body
        rect = host.layout.market
        land_y, animal_y = market_rows(host.layout)
        coin = art.sprites.get("icon_money")
        for title, y in ((_("Land cards"), land_y), (_("Animal cards"), animal_y)):
            top = y - font.line_height - 1
            x = font.draw(surface, title, (rect.x + 8, top), GREY).right
            # The face-up cards' price after the title (the deck's beside the deck).
            if x + 10 + coin.get_width() + 2 + font.width(str(PRICE_FACE_UP)) <= rect.right - 8:
                self.price(surface, PRICE_FACE_UP, (x + 10, top))
        for slot, item, card in market_slots(host.layout, obs):
            if card is None:
                surface.blit(art.sprites.get(f"card_back_{item}"), slot)
                size = obs.land_deck_size if item == "land" else obs.animal_draw_size
                count_badge(surface, font, str(size), slot)
                self.price(surface, PRICE_BLIND,
                           (slot.right + 6, slot.centery - font.line_height // 2))
            else:
                surface.blit(art.sprites.get(f"card_{item}_{card}"), slot)
        y = animal_y + CARD_H + 4
        water = " ".join(f"{size}:{n}" for size, n in obs.water_left if n)
        x = rect.x + 8
        for icon, text in (("icon_hacienda", str(obs.haciendas_left)),
                           ("chip", str(8 - len(obs.chips))),
                           ("icon_water", water or "0")):
            img = art.sprites.get(icon)
            surface.blit(img, (x, y + (font.line_height - img.get_height()) // 2))
            x = font.draw(surface, text, (x + img.get_width() + 3, y), WHITE).right + 12

    def price(self, surface: pygame.Surface, pesos: int, pos: tuple[int, int]) -> None:
        """A coin and the price in gold, the text's top-left at pos."""
        font = self.body
        coin = self.host.app.art.sprites.get("icon_money")
        x, y = pos
        surface.blit(coin, (x, y + (font.line_height - coin.get_height()) // 2 - 1))
        font.draw(surface, str(pesos), (x + coin.get_width() + 2, y), GOLD)

    def draw_hand(self, surface: pygame.Surface, obs) -> None:
        host = self.host
        art = host.app.art
        font = self.body
        rect = host.layout.hand
        if host.viewer is None and not host.autoplay:
            font.draw(surface, _("Hands are hidden until the next player is ready."),
                      (rect.x + 10, rect.centery - font.line_height // 2), GREY)
            return
        seat = obs.seat
        art.sprites.blit_anchored(surface, f"emblem_{host.plan.seats[seat].colour}",
                                  (rect.x + 16, rect.y + 14))
        slots = host.hand_slots
        if not slots:
            font.draw(surface, _("no cards"), (rect.x + 34, rect.centery - font.line_height // 2),
                      GREY)
        counts = {card: n for _item, card, n in _hand(obs)}
        for slot, item, card in slots:
            surface.blit(art.sprites.get(f"card_{item}_{card}"), slot)
            if host.selection and host.selection.card == card:
                pygame.draw.rect(surface, GOLD, slot.inflate(4, 4), 2)
            if counts.get(card, 1) > 1:
                count_badge(surface, font, str(counts[card]), slot)

    def draw_log(self, surface: pygame.Surface) -> None:
        host = self.host
        font = self.body
        rect = host.layout.log
        rows = max(0, (rect.height - 8) // font.line_height - (1 if host.log_back else 0))
        sprites = host.app.art.sprites
        end = len(host.log) - host.log_back
        start = max(0, end - rows)
        while start < end and not host.log[start][2]:
            start += 1                    # whole entries only: no line cut from its start
        if start == end:
            start = max(0, end - rows)    # ... unless the newest alone is longer
        for i, (line, seat, first) in enumerate(host.log[start:end] if rows else []):
            y = rect.y + 4 + i * font.line_height
            if seat is not None and first:
                sprites.blit_anchored(surface, f"emblem_{host.plan.seats[seat].colour}",
                                      (rect.x + 10, y + font.line_height // 2))
            font.draw(surface, line, (rect.x + 18, y), WHITE if seat is not None else GOLD,
                      shadow=INK)
        if host.log_back:
            font.draw(surface, _("↓ {count} newer lines (wheel)").format(count=host.log_back),
                      (rect.right - 8, rect.bottom - 4 - font.line_height), GREY, align="right")

    # ------------------------------------------------------------- bubble
    def bubble(self, surface: pygame.Surface, text: str, at: tuple[int, int],
               warn: bool) -> pygame.Rect:
        """A hint or refusal next to the pointer or cursor, kept on the board."""
        font = self.body
        board = self.host.layout.board
        lines = font.wrap(text, min(360, board.w - 24))[:3]
        w = max(font.width(line) for line in lines) + 16
        h = len(lines) * font.line_height + 8
        rect = pygame.Rect(at[0] + 18, at[1] + 18, w, h)
        if rect.right > board.right:
            rect.right = at[0] - 18
        if rect.bottom > board.bottom:
            rect.bottom = at[1] - 18
        rect = rect.clamp(board)
        pygame.draw.rect(surface, INK, rect)
        pygame.draw.rect(surface, WARN if warn else GOLD, rect, 2)
        for i, line in enumerate(lines):
            font.draw(surface, line, (rect.x + 8, rect.y + 4 + i * font.line_height),
                      WARN if warn else WHITE)
        return rect


def count_badge(surface: pygame.Surface, font, text: str, card: pygame.Rect) -> None:
    """How many: a number on a dark badge at a card's lower right corner."""
    top = font.baseline - font.cap_height        # the glyph cell's rows above a capital
    badge = pygame.Rect(0, 0, font.width(text) + 4, font.cap_height + 4)
    badge.bottomright = (card.right + 3, card.bottom)
    pygame.draw.rect(surface, INK, badge)
    font.draw(surface, text, (badge.x + 2, badge.y + 2 - top), WHITE, shadow=None)


def _hand(obs):
    from ..layout import hand_cards

    return hand_cards(obs)


def hint_for(host) -> str:
    """What the strip tells the player to do now (mouse or pad words)."""
    sel = host.selection
    pad = host.pad_turn()
    if sel is not None:
        n = len(sel.targets)
        hints = PAD_HINTS if pad else MOUSE_HINTS
        return _(hints[sel.kind]).format(card=card_name(sel.card or ""), count=n, size=sel.size)
    if host.human_turn:
        return _(PAD_HINTS["idle"] if pad else MOUSE_HINTS["idle"])
    return ""


def slots_for(host, obs) -> list:
    """The hand's hit rectangles for the screen's view (none while hidden)."""
    if host.viewer is None and not host.autoplay:
        return []
    right = min((b.rect.x for b in host.keep_buttons), default=None)
    return hand_slots(host.layout, obs, right, host.selection.card if host.selection else None)


__all__ = ["CARD_W", "MOUSE_HINTS", "PAD_HINTS", "Panels", "RED", "WARN", "hint_for",
           "slots_for"]
