"""The demonstrator: a player in the learner's seat who plays the whole
tutorial through posted input events only (the mouse, or the keys a pad's
buttons send), as a learner would: each frame it looks at the screen's state
and gives one input.  It picks the move the step asks for (the lit hex when
it is still free), else any move that does the step, else the free play's
move (an animal card from the deck), else ends the turn."""

from __future__ import annotations

import pygame

from ...engine import Action, observe
from ...maps.board import parse_cell
from ..scenes.play.selection import marked_hexes, water_cells
from .director import TESTS
from .steps import LEARNER

PACE = 2          # frames between two inputs (the screen takes each in)
STUCK = 120       # inputs for one move before it is given up (then the turn ends)
READ = 20         # frames the demonstrator reads an explanation or Rosa's move


RESERVE = 6       # pesos the demonstrator keeps in free play (it buys blind above them)

# Other learners, other choices at the buying steps (tests/client/test_tutorial.py
# plays them all): "other": the hacienda on another lit tile, the largest water
# tile elsewhere; "face_up": in free play the display's animal cards (3 pesos)
# first, down to the last peso, as an eager learner buys the stacks down.
CHOICES = ("other", "face_up")
OTHER_STEPS = ("hacienda_built", "water_placed")   # the buys placed at once (R20, R21)


def demonstrated(state, step, legal: list[Action], choices: frozenset[str] = frozenset()
                 ) -> Action:
    """The demonstrator's move for the learner (to move in ``state``) at
    ``step``: the move the step asks for (the lit hex when it is still free),
    else any move that does the step, else the free play's move (an animal
    card from the deck while ``RESERVE`` pesos are left), else the end of
    the turn.  ``choices`` (of ``CHOICES``) picks as another learner would."""
    other = "other" in choices and step is not None and step.done in OTHER_STEPS
    if step is not None and step.learner and step.done in TESTS:
        test = TESTS[step.done]
        wanted = [parse_cell(stage[1]) for stage in step.light if stage[0] == "hex"]
        # The lit hex first; a water tile of two hexes (it has a turn to show).
        ranked = sorted(legal, key=lambda a: (0 if a.cells and a.cells[0] in wanted
                                              else 1, len(a.cells) != 2))
        if other:      # not the lit hex; the largest water tile
            ranked = sorted(legal, key=lambda a: (bool(a.cells and a.cells[0] in wanted),
                                                  -len(a.cells)))
        for action in ranked:
            if action.kind == "end" or (action.verb == "buy" and action.item in
                                        ("land", "animal") and not action.card):
                continue
            trial = state.clone()
            events = trial.apply(action)
            if test(events, observe(trial, LEARNER)):
                return action
    # Free play: run the animal stacks down (then the scorings come).
    money = state.seats[LEARNER].money
    buys = [a for a in legal if a.kind == "buy animal"]
    blind = [a for a in buys if not a.card]
    if "face_up" in choices:
        buys.sort(key=lambda a: a.card is None)           # the display's cards first
        if buys:
            return buys[0]
    elif blind and money >= RESERVE:
        return blind[0]
    return next(a for a in legal if a.kind == "end")


class Demonstrator:
    def __init__(self, scene, device: str = "mouse"):
        if device not in ("mouse", "pad"):
            raise ValueError(f"the demonstrator plays with mouse or pad, not {device!r}")
        self.scene, self.device = scene, device
        self.pad = None
        self.release = None              # what lets go of the pad's button next frame
        self.holding = 0                 # frames Y stays held (ending the turn)
        if device == "pad":
            from ..pads import VirtualPad

            # A pad SDL simulates: the game gets the device and button events of a
            # real one, and the learner's seat plays with it.
            self.pad = VirtualPad("xbox")
            scene.plan.seats[LEARNER].device = self.pad.device
        self.wait = 0
        self.reading = 0                 # frames an explanation has been read
        self.move: Action | None = None
        self.moved_at = -1               # the history length the move was chosen at
        self.tries = 0

    # ------------------------------------------------------------ choosing
    def choose(self) -> Action | None:
        scene = self.scene
        return demonstrated(scene.layer.game, scene.director.current, scene.layer.legal())

    # -------------------------------------------------------------- input
    def close(self) -> None:
        if self.pad is not None:
            self.pad.detach()
            self.pad = None

    def tick(self) -> None:
        scene = self.scene
        app = scene.app
        if self.holding > 0:
            self.holding -= 1
            if self.holding == 0 and self.release is not None:
                self.release()
                self.release = None
            return
        if self.release is not None:
            self.release()
            self.release = None
        if self.wait > 0:
            self.wait -= 1
            return
        top = app.top
        if top is not scene:
            self.overlay(top)
            return
        if scene.holding() and not scene.pending:
            # An explanation or Rosa's move on show: read a moment, then go on
            # with a press (a click on the board, or the pad's A).
            self.reading += 1
            if self.reading >= READ:
                self.reading = 0
                self.wait = PACE
                if self.device == "mouse":
                    self.click(scene.view.area.center)
                else:
                    self.key(pygame.K_RETURN)
            return
        self.reading = 0
        if not scene.human_turn or scene.pending or scene.future is not None:
            return
        history = len(scene.layer.game.history)
        if self.move is None or self.moved_at != history:
            self.move, self.moved_at, self.tries = self.choose(), history, 0
        if self.move is None:
            return
        self.tries += 1
        if self.tries > STUCK:                    # should not happen: say so, end the turn
            print(f"demonstrator: gave up on {self.move}")
            self.move = scene.layer.end_turn()
            self.tries = 0
        self.wait = PACE
        if self.device == "mouse":
            self.mouse_step(self.move)
        else:
            self.pad_step(self.move)

    def overlay(self, top) -> None:
        """Something over the play screen: the buy list (pad), a question, a message."""
        from ..scenes.padmenus import BuyMenu

        self.wait = PACE
        if isinstance(top, BuyMenu) and self.move is not None:
            goal = self.buy_index(top)
            if goal is None:
                self.key(pygame.K_ESCAPE)
            elif top.focus.index != goal:
                self.key(pygame.K_DOWN if top.focus.index < goal else pygame.K_UP)
            else:
                self.key(pygame.K_RETURN)
        elif type(top).__name__ in ("Confirm", "Message"):
            self.key(pygame.K_RETURN)

    def buy_index(self, menu) -> int | None:
        move = self.move
        slots = self.scene.market_slots
        if move.verb == "buy" and move.item in ("land", "animal"):
            for i, (_rect, item, card) in enumerate(slots):
                if item == move.item and (card or None) == (move.card or None):
                    return i
        if move.kind == "buy hacienda":
            return len(slots)
        if move.kind == "buy water":
            return len(slots) + 1
        return None

    # ------------------------------------------------------------- mouse
    def mouse_step(self, move: Action) -> None:
        scene = self.scene
        sel = scene.selection
        if move.kind == "end":
            self.click(scene.b_end.rect.center)
        elif move.verb == "buy" and move.item in ("land", "animal"):
            self.click(self.market_rect(move).center)
        elif move.verb == "play":
            if sel is None or sel.kind != "play" or sel.card != move.card:
                self.click(self.hand_rect(move.card).center)
            else:
                self.click(self.hex_centre(move.cells[0]))
        elif move.kind == "buy hacienda":
            if sel is None or sel.kind != "hacienda":
                self.click(scene.b_hacienda.rect.center)
            else:
                self.click(self.hex_centre(move.cells[0]))
        elif move.kind == "harvest":
            if sel is None or not sel.kind.startswith("harvest"):
                self.click(scene.b_harvest.rect.center)
            elif sel.kind == "harvest_from":
                self.click(self.hex_centre(move.source))
            else:
                self.click(self.hex_centre(move.cells[0]))
        elif move.kind == "buy water":
            size = len(move.cells)
            anchor = self.water_anchor(move)
            if sel is None or sel.kind != "water":
                self.click(scene.b_water.rect.center)
            elif sel.size != size:
                self.click(scene.b_sizes[size - 1].rect.center)
            elif anchor is None:
                self.click(self.hex_centre(move.cells[0]), button=3)    # turn it
            else:
                self.click(scene.view.centres[anchor])

    def water_anchor(self, move: Action) -> int | None:
        """The hex to click for the tile as it is turned now (None: turn it)."""
        scene = self.scene
        sel = scene.selection
        if sel is None or sel.kind != "water" or sel.size != len(move.cells):
            return None
        want = tuple(sorted(move.cells))
        for h in marked_hexes(scene.layer, sel):
            cells = water_cells(scene.layer, sel, h)
            if cells is not None and tuple(sorted(cells)) == want:
                return h
        return None

    def market_rect(self, move: Action) -> pygame.Rect:
        for rect, item, card in self.scene.market_slots:
            if item == move.item and (card or None) == (move.card or None):
                return rect
        raise LookupError(f"no market slot for {move}")

    def hand_rect(self, card: str) -> pygame.Rect:
        for rect, _item, name in self.scene.hand_slots:
            if name == card:
                return rect
        raise LookupError(f"no {card} card in the hand")

    def hex_centre(self, cell) -> tuple[int, int]:
        scene = self.scene
        return scene.view.centres[scene.layer.board.hex_of(cell)]

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        at = self.scene.app.view.to_window((round(pos[0]), round(pos[1])))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=button))

    # --------------------------------------------------------------- pad
    def key(self, key: int) -> None:
        """A key; with the pad, the pad's button that sends the same command."""
        if self.pad is not None:
            self.pad_press(key)
            return
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                             scancode=0))

    def pad_press(self, key: int) -> None:
        pad = self.pad
        if key == pygame.K_e:                      # Y held: the pad's end of the turn
            from ..pads import HOLD_END_TURN

            pad.button(pygame.CONTROLLER_BUTTON_Y, True)
            self.holding = int(HOLD_END_TURN * 60) + 10
            self.release = lambda: pad.button(pygame.CONTROLLER_BUTTON_Y, False)
            return
        if key == pygame.K_b:                      # Y tapped: the buy list
            pad.button(pygame.CONTROLLER_BUTTON_Y, True)
            self.release = lambda: pad.button(pygame.CONTROLLER_BUTTON_Y, False)
            return
        if key == pygame.K_s:                      # the right trigger: the next action
            axis = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
            pad.axis(axis, 32767)
            self.release = lambda: pad.axis(axis, -32768)   # at rest (raw axis low end)
            return
        button = {pygame.K_w: pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                  pygame.K_RETURN: pygame.CONTROLLER_BUTTON_A,
                  pygame.K_ESCAPE: pygame.CONTROLLER_BUTTON_B,
                  pygame.K_r: pygame.CONTROLLER_BUTTON_X,
                  pygame.K_LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                  pygame.K_RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
                  pygame.K_UP: pygame.CONTROLLER_BUTTON_DPAD_UP,
                  pygame.K_DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN}[key]
        pad.button(button, True)
        self.release = lambda: pad.button(button, False)

    def pad_step(self, move: Action) -> None:
        """The pad's buttons, named by the keys that send the same commands:
        the shoulder cycles the cards (W), the trigger the actions (S), Y
        tapped opens the buy list (B), the D-pad moves the hex cursor (arrows),
        A places (Enter), X turns (R), Y held ends the turn (E)."""
        scene = self.scene
        sel = scene.selection
        if move.kind == "end":
            self.key(pygame.K_e)
        elif move.verb == "buy" and move.item in ("land", "animal"):
            self.key(pygame.K_b)
        elif move.verb == "play":
            if sel is None or sel.kind != "play" or sel.card != move.card:
                self.key(pygame.K_w)
            else:
                self.cursor_to(scene.layer.board.hex_of(move.cells[0]))
        elif move.kind == "buy hacienda":
            if sel is None or sel.kind != "hacienda":
                self.key(pygame.K_b)
            else:
                self.cursor_to(scene.layer.board.hex_of(move.cells[0]))
        elif move.kind == "harvest":
            if sel is None or not sel.kind.startswith("harvest"):
                self.key(pygame.K_s)
            elif sel.kind == "harvest_from":
                self.cursor_to(scene.layer.board.hex_of(move.source))
            else:
                self.cursor_to(scene.layer.board.hex_of(move.cells[0]))
        elif move.kind == "buy water":
            if sel is None or sel.kind != "water":
                self.key(pygame.K_b)
                return
            if sel.size != len(move.cells):
                # The list's water is the smallest tile that fits: play that one.
                self.move = self.any_water(sel)
                if self.move is None:
                    self.key(pygame.K_ESCAPE)
                    return
            anchor = self.water_anchor(self.move)
            if anchor is None:
                self.key(pygame.K_r)
            else:
                self.cursor_to(anchor)

    def any_water(self, sel) -> Action | None:
        return next(iter(sel.targets.values()), None)

    def cursor_to(self, goal: int) -> None:
        scene = self.scene
        cursor = scene.cursor
        if cursor is None or cursor.hex is None or not scene.cursor_shown:
            self.key(pygame.K_RIGHT)           # the first press shows the cursor
            return
        if cursor.hex == goal:
            self.key(pygame.K_RETURN)
            return
        (x0, y0), (x1, y1) = scene.view.map_centres[cursor.hex], scene.view.map_centres[goal]
        dx, dy = x1 - x0, y1 - y0
        # Alternate the axis now and then: the cursor keeps to legal hexes.
        if (abs(dx) >= abs(dy)) != (self.tries % 7 == 6):
            self.key(pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
        else:
            self.key(pygame.K_DOWN if dy > 0 else pygame.K_UP)
