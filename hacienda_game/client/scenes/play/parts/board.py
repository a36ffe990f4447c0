"""The board on the play screen: the map with every piece, the calm dimming
while choosing, the highlights and the pad's hex cursor.

Pieces are drawn on a map-sized picture (at the map's own pixels, made once
and touched up piece by piece), which the view scales to its zoom; the view
transform lives in ``BoardView``.  While a card or buy is chosen the hexes it
may not go to are shaded smoothly (terrain and owners stay readable) and the
legal ones are outlined.

Drawn from a ``BoardModel`` (the seat view's pieces by version, what the
choice lights, the hover, the clock) on a ``BoardView`` (the transform); a
click on a hex sends ``ClickHex``.
"""

from __future__ import annotations

import pygame

from .....engine import ANIMAL0, ANIMALS, EMPTY, LAND, WATER
from ....assets import GOLD, INK, NIGHT, WHITE
from ....boardview import draw_hex_cursor, draw_illegal, hacienda_spot, owner_tint
from ....patterns import piece_name
from . import recent
from .commands import ClickHex
from .viewmodel import BoardModel

DIM_ALPHA = 150            # how dark the hexes a choice may not go to become
FADE = 0.18                # seconds the dimming takes to come in


class BoardDrawing:
    """Draws the board from a ``BoardModel`` on a board view (its transform
    and map picture); ``art`` is the game's art."""

    def __init__(self, view, art):
        self.view = view
        self.art = art
        self._base: pygame.Surface | None = None
        self._pieces: pygame.Surface | None = None
        self._pieces_key: tuple | None = None
        self._drawn: dict = {}
        self._scaled: tuple[tuple, pygame.Surface] | None = None
        self._dim: tuple[tuple, pygame.Surface] | None = None
        self._dim_since = 0.0
        self.redrawn = False

    def command_at(self, pos: tuple[int, int]) -> ClickHex | None:
        """A click on the board: the hex under it."""
        h = self.view.hex_at(pos)
        return None if h is None else ClickHex(h)

    # -------------------------------------------------------------- pieces
    def wanted(self, model: BoardModel) -> dict[tuple[int, int], tuple[str, tuple[int, int]]]:
        """Every piece to show: (hex, layer) -> (sprite, map position).  Layers:
        0 tile, token or water; 1 hacienda; 2 harvest chip (always on top)."""
        obs = model.obs
        colours = model.colours
        centres = self.view.map_centres
        k = self.view.piece_scale

        def piece(name: str, colour: int) -> str:
            return piece_name(self.art.sprites, name, colour, model.patterns)
        out: dict[tuple[int, int], tuple[str, tuple[int, int]]] = {}
        built = set(obs.haciendas)
        for h, (kind, owner) in enumerate(zip(obs.kind, obs.owner, strict=True)):
            if kind == EMPTY:
                continue
            if kind == LAND:
                # Under a hacienda the tile drops its emblem (the hacienda carries
                # it): a hex shows at most two marks, the hacienda and a chip.
                tile = "land_built" if h in built else "land"
                name = piece(f"{tile}_{colours[owner]}", colours[owner])
            elif kind == WATER:
                name = "water"
            else:
                name = piece(f"animal_{ANIMALS[kind - ANIMAL0]}_{colours[owner]}",
                             colours[owner])
            cx, cy = centres[h]
            out[(h, 0)] = (name, (round(cx), round(cy)))
        for h in obs.haciendas:
            cx, cy = centres[h]
            if obs.owner[h] >= 0:
                c = colours[obs.owner[h]]
                frame, (dx, dy) = hacienda_spot(obs.kind[h] == LAND, c)
                out[(h, 1)] = (piece(frame, c), (round(cx + dx * k), round(cy + dy * k)))
        for h in obs.chips:
            cx, cy = centres[h]
            out[(h, 2)] = ("chip", (round(cx + 7 * k), round(cy + 6 * k)))
        return out

    def tint(self, name: str) -> pygame.Surface | None:
        """The owner's colour, half see-through, over a land tile's whole face
        (drawn under the tile's ring and emblem): the terrain shows through."""
        if not name.startswith("land_"):
            return None
        colour = int(name.split("~")[0][-1])
        tints = self.__dict__.setdefault("_tints", {})
        if colour not in tints:
            tints[colour] = owner_tint(self.view.board, self.art.seat_colour(colour))
        return tints[colour]

    def _blit(self, surf: pygame.Surface, name: str, pos: tuple[int, int]) -> None:
        tint = self.tint(name)
        if tint is not None:
            surf.blit(tint, tint.get_rect(center=pos))
        _blit_piece(surf, self.art.sprites, name, pos, self.view.piece_scale)

    def render_pieces(self, model: BoardModel) -> pygame.Surface:
        """The map picture with every piece on it, kept between frames: new
        pieces are added to it; only a piece leaving redraws what it covered."""
        view = self.view
        sprites = self.art.sprites
        hidden = model.hidden
        if self._base is None:
            base = pygame.Surface(view.base.get_size()).convert()
            base.fill(NIGHT)
            base.blit(view.base, (0, 0))
            self._base = base
        shown = {key: v for key, v in self.wanted(model).items() if key not in hidden}
        order = sorted(shown, key=lambda key: (key[1], key[0]))
        drawn = self._drawn
        gone = [key for key, v in drawn.items() if shown.get(key) != v]
        k = view.piece_scale
        if self._pieces is None or len(gone) > 8:
            surf, drawn = self._base.copy(), {}
        else:
            surf = self._pieces
            for key in gone:
                # Put the board back under the piece that left, then every piece
                # that overlaps that spot, clipped to it.
                spot = _piece_rect(sprites, drawn[key], k)
                surf.set_clip(spot)
                surf.blit(self._base, spot, spot)
                for other in order:
                    if other in drawn and _piece_rect(sprites, shown[other], k).colliderect(spot):
                        self._blit(surf, *shown[other])
                surf.set_clip(None)
        for key in order:
            if key not in drawn or drawn[key] != shown[key]:
                self._blit(surf, *shown[key])
        self._drawn = shown
        return surf

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, model: BoardModel) -> None:
        view = self.view
        self.redrawn = False
        if view.animate(pygame.time.get_ticks()):    # animated map tiles moved on
            self._base = self._pieces = None
        key = (model.version, model.hidden, model.patterns)
        if key != self._pieces_key or self._pieces is None:
            self.redrawn = True
            self._pieces = self.render_pieces(model)
            self._pieces_key = key
            self._scaled = None
        skey = (key, view.scale)
        if self._scaled is None or self._scaled[0] != skey:
            self._scaled = (skey, view.scaled(self._pieces))
        surface.set_clip(view.area)
        surface.fill(NIGHT, view.area)
        surface.blit(self._scaled[1], view.origin)
        recent.draw(surface, self.art, view, model.recent)
        if model.step is not None:        # a replayed move: the rest of the board calms down
            if model.lit is None:
                shade = self.dim_layer(frozenset(model.step.hexes), model.time)
                shade.set_alpha(round(255 * min(1.0, model.step.progress * 4)))
                surface.blit(shade, view.origin)
            recent.step(surface, self.art, view, model.step)
        recent.flash(surface, self.art, view, model.flash, model.flash_colour, model.time)
        self.draw_choice(surface, model)
        self.draw_hover(surface, model)
        if model.cursor is not None:        # the pad's hex cursor, over everything of the board
            draw_hex_cursor(surface, view, self.art.sprites, model.cursor, model.time)
        surface.set_clip(None)

    def dim_layer(self, lit: frozenset[int], now: float) -> pygame.Surface:
        """A smooth shade over the whole map except the lit hexes (cached)."""
        view = self.view
        key = (lit, view.scale)
        if self._dim is None or self._dim[0] != key:
            shade = pygame.Surface(view.base.get_size(), pygame.SRCALPHA)
            shade.fill((*INK, DIM_ALPHA))
            # Only over the board: where the map has no picture, nothing to shade.
            alpha = pygame.surfarray.pixels_alpha(shade)
            alpha[pygame.surfarray.pixels_alpha(view.base) == 0] = 0
            del alpha
            layout = view.board.layout
            for h in lit:
                x, y = view.board.cells[h]
                pygame.draw.polygon(shade, (0, 0, 0, 0), layout.polygon(x, y))
            self._dim = (key, view.scaled(shade))
            self._dim_since = now
        return self._dim[1]

    def draw_choice(self, surface: pygame.Surface, model: BoardModel) -> None:
        lit = model.lit
        if lit is None:
            if model.step is None:        # (a replayed move keeps its shade)
                self._dim = None
            return
        shade = self.dim_layer(lit, model.time)
        fade = min(1.0, (model.time - self._dim_since) / FADE) if model.animate else 1.0
        shade.set_alpha(round(255 * fade))
        view = self.view
        surface.blit(shade, view.origin)
        pulse = 2 if int(model.time * 3) % 2 else 1
        for h in lit:
            pygame.draw.polygon(surface, GOLD, view.polygon(h), pulse + 1)

    def draw_hover(self, surface: pygame.Surface, model: BoardModel) -> None:
        mark = model.hover
        if mark is None:
            return
        view = self.view
        h = mark.hex
        if mark.kind == "off":
            draw_illegal(surface, view, self.art.sprites, h)
        elif mark.kind == "water":
            water = self.art.sprites.get("water")
            size = max(1, round(water.get_width() * view.scale * view.piece_scale))
            image = pygame.transform.scale(water, (size, round(water.get_height() * size
                                                              / water.get_width())))
            for x in mark.cells:
                surface.blit(image, image.get_rect(center=view.centres[x]))
                if mark.legal:
                    pygame.draw.polygon(surface, WHITE, view.polygon(x), 3)
                else:
                    draw_illegal(surface, view, self.art.sprites, x)
        elif mark.kind == "choice":
            if mark.legal:
                pygame.draw.polygon(surface, WHITE, view.polygon(h), 3)
            else:
                draw_illegal(surface, view, self.art.sprites, h)
        else:
            pygame.draw.polygon(surface, WHITE, view.polygon(h), 2)


def _piece_rect(sprites, piece: tuple[str, tuple[int, int]], k: int) -> pygame.Rect:
    name, (x, y) = piece
    ax, ay = sprites.anchors.get(name, (0, 0))
    w, h = sprites.get(name).get_size()
    return pygame.Rect(x - ax * k, y - ay * k, w * k, h * k)


def _blit_piece(surf, sprites, name: str, pos: tuple[int, int], k: int) -> None:
    if k == 1:
        sprites.blit_anchored(surf, name, pos)
        return
    image = pygame.transform.scale_by(sprites.get(name), k)
    ax, ay = sprites.anchors.get(name, (0, 0))
    surf.blit(image, (pos[0] - ax * k, pos[1] - ay * k))
