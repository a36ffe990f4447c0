"""Screenshots of every scene, at chosen screen sizes and in chosen languages.

    python tools/screens.py                          # every shot, 1920x1080, English
    python tools/screens.py --out /tmp/shots --size 1366x768 --size 2560x1440 \
        --lang en --lang de --only menu,setup,play_mid
    DISPLAY=:15 python tools/screens.py --root       # full screen under X

Headless (the default) the game runs with SDL's dummy driver in a window of
the asked size, so the shot is exactly what that screen shows: the canvas the
game chooses for it (540 high, as wide as the screen's shape asks), scaled and
placed as on that screen (see client/display.py).  With ``--root`` it runs
full screen on the X display (e.g. Xvfb with a window manager; the display's
size is the size) and the shot is ``import -window root`` of the whole screen.

Shots: menu, setup, play_early, play_mid, play_late, selection (a card picked, the
pointer on a hex where it fits), water (water mode), payout (a market pays out,
mid-animation), privacy (the hand-off between two players), scoring (an intermediate
scoring), track (the numbered points track during a scoring, pieces stepping up with
score pops), charts (the final scoring with its charts), celebration (the winner's
podium before it), settings, rules (the help on the markets page), save_name (a name
typed in the save dialog), log_overlay (the log over the play screen), load, replays,
replay (the viewer), maps, maps_folder (an own map chosen, the maps folder's path and
Open folder), last_moves (the others' moves since a seat's last action ringed),
last_moves_replay (those moves replayed, the second lit with its words), log_flash (the
pointer on a log line, its hexes flashing), log_overlay_flash (an entry of the Log overlay
focused), patterns (colour-blind patterns on), pads_setup and pads_play (three
virtual pads joined; a turn with the hex cursor). One size and one language: the files are
``<shot>.png``; otherwise ``<shot>-<lang>-<w>x<h>.png``. Every game is seeded
(``--seed``); the player's own files stay untouched (a temporary HACIENDA_HOME).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NAMES = ("Ana", "Bruno", "Carmen", "Dieter", "Elena")


def humans(n: int, seed: int, open_hands: bool = True):
    from hacienda_game.session.plan import GamePlan, SeatPlan

    return GamePlan("symmetric", [SeatPlan(NAMES[i], colour=i) for i in range(n)], seed,
                    open_hands=open_hands)


def settle(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.step()


def play_to(app, actions: int, seed: int, until: Callable[[list], bool] | None = None,
            plan=None):
    """A game of three players at one screen, ``actions`` random legal actions
    in (or until ``until(events)`` says so), with nothing left to show."""
    from hacienda_game.client.scenes.play import PlayScene

    game = PlayScene(plan or humans(3, seed))
    app.push(game)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.layer.is_over():
            break
        legal = game.layer.legal()
        events = game.layer.perform(rng.choice([a for a in legal if a.kind != "end"]
                                               or legal))
        if until is not None and until(events):
            return game
    game.pending.clear()
    game.anims = type(game.anims)()
    settle(app, 2)
    return game


def point_at_target(app, game) -> None:
    """The pointer on the first hex the current selection may go to."""
    from hacienda_game.client.scenes.play.selection import marked_hexes

    marked = marked_hexes(game.layer, game.selection)     # water: where the tile fits
    for h in range(len(game.layer.board)):
        if h in marked:
            pos = game.view.centres[h]
            app.pointer = (int(pos[0]), int(pos[1]))
            game.hover(pos)
            return


def pick_a_card(game) -> bool:
    from hacienda_game.engine import ANIMALS, TERRAINS

    hand = game.layer.view(game.layer.current)
    for item, names, counts in (("animal", ANIMALS, hand.animal_hand),
                                ("land", TERRAINS, hand.land_hand)):
        card = next((c for c, n in zip(names, counts, strict=False) if n), None)
        if card is not None:
            game.pick_card(item, card)
            if game.selection is not None:
                return True
    return False


# ------------------------------------------------------------------- shots
def shot_menu(app, seed):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves

    state = new_game("symmetric", 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(20):
        state.apply(state.random_action(rng))
    saves.autosave(state, humans(3, seed))          # so the menu offers Continue
    app.push(MenuScene())


def shot_setup(app, seed):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.setup import SetupScene

    app.push(MenuScene())
    setup = SetupScene("symmetric")
    app.push(setup)
    setup.seed = seed
    setup.add_seat()
    setup.add_seat()
    setup.seats[-1].kind = "remote"          # the three seat icons: person, robot, signal
    setup.layout()


def shot_play_early(app, seed):
    play_to(app, 8, seed)


def shot_play_mid(app, seed):
    play_to(app, 45, seed)


def shot_play_late(app, seed):
    play_to(app, 110, seed)


def shot_selection(app, seed):
    game = play_to(app, 45, seed)
    pick_a_card(game)
    point_at_target(app, game)


def shot_water(app, seed):
    game = play_to(app, 45, seed)
    rng = random.Random(seed)
    for _ in range(300):             # on to a turn where a water tile can be bought
        legal = game.layer.legal()
        if any(a.kind == "buy water" for a in legal) or game.layer.is_over():
            break
        game.layer.perform(rng.choice(legal))
    game.pending.clear()
    game.anims = type(game.anims)()
    settle(app, 2)
    sizes = game.layer.water_sizes()
    game.pick_water(2 if 2 in sizes or not sizes else max(sizes))
    settle(app, 2)
    point_at_target(app, game)


def shot_payout(app, seed):
    play_to(app, 400, seed, until=lambda events: any(e.kind == "market_paid" for e in events))
    settle(app, 36)                   # coins dropping into the purse, the count going up


def shot_last_moves(app, seed):
    """A turn begins: the other seats' moves since its player's last action
    are marked on the board in their colours."""
    app.settings.tips = False         # no first-time tip over the board
    count = iter(range(10 ** 6))
    game = play_to(app, 400, seed, until=lambda events: next(count) >= 40 and any(
        e.kind == "turn_ended" for e in events))
    game.pending.clear()
    game.anims = type(game.anims)()
    settle(app, 2)


def shot_last_moves_replay(app, seed):
    """The last moves replayed (the Last moves button, P, or the hand-off's
    offer): mid-way, the second of the others' moves lit in its mover's colour
    with its log words over the board."""
    shot_last_moves(app, seed)
    game = app.top
    game.replay_last_moves()
    step = game.replay.step
    app.time = game.replay.start + step * 1.5      # half-way through the second move
    settle(app, 1)


def shot_log_flash(app, seed):
    """The pointer on a line of the side log: the entry is lit and the hexes
    it names flash on the board in its seat's colour."""
    shot_last_moves(app, seed)
    game = app.top
    rect = game.layout.log
    line_h = app.art.fonts.body.line_height
    spots = [(rect.x + 60, y + line_h // 2) for y in range(rect.y + 4, rect.bottom - line_h,
                                                           line_h)]
    named = [pos for pos in spots if (c := game.log_command(pos)) is not None
             and c.line is not None and game.log[c.line].hexes]
    pos = named[len(named) // 2]
    app.pointer = pos
    game.carry_out(game.log_command(pos))
    settle(app, 2)


def shot_log_overlay_flash(app, seed):
    """The Log overlay with an entry focused (up/down or the D-pad): the panel
    stands aside and the board flashes the entry's hexes."""
    from hacienda_game.client.scenes.padmenus import LogView

    shot_last_moves(app, seed)
    game = app.top
    view = LogView(game)
    app.push(view)
    for _ in range(3):
        view.focus_entry(1)
        if view.focused_hexes():
            break
    settle(app, 2)


def shot_privacy(app, seed):
    game = play_to(app, 20, seed, plan=humans(3, seed, open_hands=False))
    end = next((a for a in game.layer.legal() if a.kind == "end"), None)
    if end is not None:
        game.layer.perform(end)              # the next player's turn: the hand-off
    for _ in range(120):
        if app.top is not game:
            break
        settle(app, 1)
    settle(app, 10)


def shot_scoring(app, seed):
    from hacienda_game.client.scenes.scoring import ScoringScene

    play_to(app, 2000, seed, until=lambda events: any(e.kind == "scoring" for e in events))
    for _ in range(600):
        if isinstance(app.top, ScoringScene):
            break
        settle(app, 1)
    settle(app, 150)


def shot_track(app, seed):
    """A scoring on the board: the numbered points track, its pieces stepping
    up with score pops over them as the categories show."""
    game = play_to(app, 0, seed)
    rng = random.Random(seed)
    for _ in range(2000):                # up to the move that brings the first scoring
        legal = game.layer.legal()
        action = rng.choice([a for a in legal if a.kind != "end"] or legal)
        trial = game.layer.game.clone()
        if any(e.kind == "scoring" for e in trial.apply(action)):
            break
        game.layer.perform(action)
    game.pending.clear()
    game.anims = type(game.anims)()
    settle(app, 2)
    game.layer.perform(action)
    settle(app, 100)


def shot_charts(app, seed):
    from hacienda_game.client.scenes.scoring import ScoringScene

    game = play_to(app, 5000, seed,
                   until=lambda events: any(e.kind == "game_over" for e in events))
    final = next((s for s in game.pending if isinstance(s, ScoringScene)
                  and s.which == "final"), None)
    game.pending.clear()
    game.anims = type(game.anims)()
    if final is not None:
        app.push(final)
        final.t = 60.0                # every row, the winner and the charts shown
        final.crowned = True          # (after the podium)
        final.lay_out()
    settle(app, 2)


def shot_celebration(app, seed):
    """The end of the game: the winner's podium, mid-confetti."""
    from hacienda_game.client.scenes.celebration import CelebrationScene
    from hacienda_game.client.scenes.scoring import ScoringScene

    game = play_to(app, 5000, seed,
                   until=lambda events: any(e.kind == "game_over" for e in events))
    party = next((s for s in game.pending if isinstance(s, CelebrationScene)), None)
    final = next((s for s in game.pending if isinstance(s, ScoringScene)
                  and s.which == "final"), None)
    game.pending.clear()
    game.anims = type(game.anims)()
    if party is None and final is not None:
        party = CelebrationScene(final.plan, final.scores, final.winners or [])
    if party is not None:
        app.push(party)
    settle(app, 70)                   # the headline in, the confetti everywhere


def shot_settings(app, seed):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.settings import SettingsScene

    app.push(MenuScene())
    app.push(SettingsScene())


def shot_save_name(app, seed):
    """The save dialog over the pause menu, a name being typed (a space in it)."""
    from hacienda_game.client.scenes.overlays import Pause
    from hacienda_game.client.scenes.saveload import SaveDialog

    game = play_to(app, 30, seed)
    app.push(Pause(save=lambda: None))
    dialog = SaveDialog(game.layer.game, game.plan)
    app.push(dialog)
    dialog.name = "Round 3 test"
    settle(app)


def shot_log_overlay(app, seed):
    """The log over the play screen, as a pad's Back opens it (its width used)."""
    from hacienda_game.client.scenes.padmenus import LogView

    game = play_to(app, 60, seed)
    app.push(LogView(game))
    settle(app)


def shot_rules(app, seed):
    from hacienda_game.client.scenes.rules import SECTIONS, RulesScene

    play_to(app, 30, seed)
    app.push(RulesScene(SECTIONS.index("markets")))


def saved_games(seed: int):
    """Three saves and a kept record of a whole game."""
    from hacienda_game.engine import new_game
    from hacienda_game.session import saves

    rng = random.Random(seed)
    for n, actions, name in ((3, 150, "Sunday evening"), (4, 90, "Family game"),
                             (2, 40, None)):
        state = new_game("symmetric", n, seed=seed)
        for _ in range(actions):
            if state.is_over():
                break
            state.apply(state.random_action(rng))
        if name is None:
            saves.autosave(state, humans(n, seed))
        else:
            saves.save_game(state, humans(n, seed), name)
    done = new_game("symmetric", 3, seed=seed)
    while not done.is_over():
        done.apply(done.random_action(rng))
    return saves.keep_replay(done, humans(3, seed))


def shot_load(app, seed):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.saveload import LoadScene

    saved_games(seed)
    app.push(MenuScene())
    load = LoadScene()
    app.push(load)
    load.pick([s.name for s in load.items].index("Sunday evening"))


def shot_replays(app, seed):
    from hacienda_game.client.scenes.menu import MenuScene
    from hacienda_game.client.scenes.saveload import ReplaysScene

    saved_games(seed)
    app.push(MenuScene())
    app.push(ReplaysScene())


def shot_replay(app, seed):
    from hacienda_game.client.scenes.replay import ReplayScene
    from hacienda_game.session import saves

    viewer = ReplayScene(saves.load_replay(saved_games(seed)))
    app.push(viewer)
    viewer.goto(len(viewer.actions) * 2 // 3)
    viewer.goto(viewer.index + 1)
    settle(app, 12)


def shot_maps(app, seed):
    from hacienda_game.client.scenes.maps import MapsScene

    app.push(MapsScene())


def shot_maps_folder(app, seed):
    """The Maps screen with one of the player's own maps chosen: the folder's
    path at the foot of the list, Open folder under the keys' focus."""
    import shutil

    from hacienda_game.client.scenes.maps import MapsScene
    from hacienda_game.client.ui import Focus
    from hacienda_game.maps.catalog import maps_dir
    from hacienda_game.session.userdirs import user_maps_dir

    folder = user_maps_dir()
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(maps_dir() / "hacienda.tsx", folder / "hacienda.tsx")
    text = (maps_dir() / "pinwheel.tmx").read_text(encoding="utf-8")
    (folder / "my_pinwheel.tmx").write_text(text.replace('value="Pinwheel"',
                                                         'value="My pinwheel"'),
                                            encoding="utf-8")
    scene = MapsScene()
    app.push(scene)
    scene.pick(next(i for i, m in enumerate(scene.maps) if not m.builtin))
    scene.focus.index = scene.buttons.index(scene.folder_button)
    Focus.shown = True
    settle(app)


def shot_patterns(app, seed):
    app.settings.patterns = True
    play_to(app, 120, seed, plan=humans(5, seed))


def pads_joined(app, seed):
    """Three virtual pads (Xbox, PlayStation, Switch) join on the setup screen."""
    import pygame

    from hacienda_game.client.pads import VirtualPad
    from hacienda_game.client.scenes.menu import MenuScene

    app.settings.anim_speed = "off"
    app.settings.tutorial_done = True       # "New game" heads the menu (has the focus)
    app.push(MenuScene())
    pads = [VirtualPad(f) for f in ("xbox", "playstation", "switch")]
    settle(app, 2)
    press(app, pads[0], pygame.CONTROLLER_BUTTON_A)          # New game
    app.top.seed = seed
    for pad in pads:
        press(app, pad, pygame.CONTROLLER_BUTTON_A)          # press A to join
    settle(app, 30)
    return pads


def press(app, pad, button: int, frames: int = 2) -> None:
    pad.button(button, True)
    settle(app, 1)
    pad.button(button, False)
    settle(app, frames)


def shot_pads_setup(app, seed):
    app.keep = pads_joined(app, seed)


def shot_pads_play(app, seed):
    import pygame

    from hacienda_game.client.scenes.overlays import Privacy
    from hacienda_game.client.scenes.play import PlayScene

    pads = app.keep = pads_joined(app, seed)
    press(app, pads[0], pygame.CONTROLLER_BUTTON_A)          # the focus is on Start game
    play = next(s for s in app.stack if isinstance(s, PlayScene))
    for _ in range(3):
        if isinstance(app.top, Privacy):
            device = play.plan.seats[play.layer.current].device
            press(app, next(p for p in pads if p.device == device), pygame.CONTROLLER_BUTTON_A)
    mover = next(p for p in pads if p.device == play.plan.seats[play.layer.current].device)
    press(app, mover, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    press(app, mover, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    press(app, mover, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    settle(app, 30)


def tutorial_at(app, moves: list[str], pick: tuple[str, str] | None = None):
    """The guided first game after ``moves`` (played as the learner's clicks
    would: through the play screen's action layer), ``pick`` chosen in the hand."""
    from hacienda_game.client.tutorial.scene import tutorial_scene
    from hacienda_game.engine import parse_action

    app.settings.anim_speed = "off"
    scene = tutorial_scene(fresh=True)
    scene.keeps = False                       # a picture, not the player's tutorial
    app.push(scene)
    settle(app, 2)
    for text in moves:
        scene.layer.perform(parse_action(text))
        settle(app, 2)
        while scene.future is not None or not scene.human_turn:   # the AI's turn
            if scene.layer.is_over():
                break
            settle(app, 1)
    if pick is not None:
        scene.pick_card(*pick)
    settle(app, 3)
    return scene


def shot_tutorial_buy(app, seed):
    """The tutorial's first step: only the forest card on the display is lit."""
    tutorial_at(app, [])


def shot_tutorial_pampas(app, seed):
    """The pampas step with its card chosen: only the hex beside the forest tile lit."""
    tutorial_at(app, ["buy land forest", "play forest 4,3"], ("land", "pampas"))


def shot_tutorial_market(app, seed):
    """The herd reaches the market: the payout explained in the coach's words."""
    tutorial_at(app, ["buy land forest", "play forest 4,3", "play pampas 5,3", "end",
                      "play pig 6,3", "play pig 7,2"])


def shot_tutorial_other(app, seed):
    """A different legal move than the one asked for: accepted and explained."""
    tutorial_at(app, ["play mountain 5,2"])


SHOTS: dict[str, Callable] = {name[5:]: fn for name, fn in globals().items()
                              if name.startswith("shot_")}


# ------------------------------------------------- tooltips, the coach's hint
def tooltip_over(app, game, key: str, pick=lambda t: True) -> None:
    """The pointer rests on the first element with tooltip ``key``: it shows."""
    app.draw()                                # the panels drawn: their tips known
    t = next(t for t in game.tips() if t.key == key and pick(t))
    rect = t.rect
    app.pointer = (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
    game.tip_clock.pointer_at(app.pointer, app.time - 5)


def tooltip_shot_score(app, seed):
    """The points of a seat, a scoring now's gain written out."""
    game = play_to(app, 45, seed)
    tooltip_over(app, game, "score", lambda t: t.get("gain"))


def tooltip_shot_card(app, seed):
    """A card in the hand: its name and where it can go."""
    game = play_to(app, 45, seed)
    tooltip_over(app, game, "hand_card")


def tooltip_shot_button(app, seed):
    """An action button that is off: what it does and why not now."""
    game = play_to(app, 45, seed)
    game.update_buttons()
    tooltip_over(app, game, "button", lambda t: not t.get("enabled"))


def tooltip_shot_water(app, seed):
    """The water tiles left, one size."""
    game = play_to(app, 45, seed)
    tooltip_over(app, game, "water")


def tooltip_shot_hint(app, seed):
    """The coach's hint: its reason, its hexes and the card it plays lit in the hand."""
    import hacienda_game.ai as ai
    from hacienda_game.ai.coach import advice_for

    game = play_to(app, 45, seed)
    coach = game.coach
    view = game.layer.view(game.layer.current)
    action = next((a for a in [ai.choose_action("hard", view, seed, ai.Budget(iterations=40))]
                   if a.verb == "play"), None) or next(
        a for a in game.layer.legal() if a.verb == "play")
    coach.asked = coach.moment()
    coach.advice = advice_for(view, action, seed)
    coach.wanted = True
    settle(app, 2)


def tooltip_shot_tutorial_rosa(app, seed):
    """The guided first game: Rosa's move lit on the board with its words, the
    table waiting a moment (a press goes on)."""
    from hacienda_game.client.tutorial.scene import tutorial_scene
    from hacienda_game.engine import parse_action

    app.settings.anim_speed = "normal"
    scene = tutorial_scene(fresh=True)
    scene.keeps = False
    app.push(scene)
    settle(app, 2)
    for text in ["buy land forest", "play forest 4,3", "play pampas 5,3", "end"]:
        scene.layer.perform(parse_action(text))
        settle(app, 2)
    for _ in range(3000):
        if scene.ai_move is not None and scene.ai_move.cells:
            break
        if scene.ai_move is not None:
            scene.ai_move_until = 0.0             # a move off the board: the next one
        settle(app, 1)
    scene.anims = type(scene.anims)()
    settle(app, 2)


def tooltip_shot_tutorial_scoring(app, seed):
    """The guided first game at its intermediate scoring: the markets explained
    with each seat's points (the engine's scoring of the position shown)."""
    from hacienda_game.client.tutorial.steps import STEPS
    from hacienda_game.engine import score

    scene = tutorial_at(app, ["buy land forest", "play forest 4,3", "play pampas 5,3", "end",
                              "play pig 6,3", "play pig 7,2"])
    d = scene.director
    for i in range([s.key for s in STEPS].index("scoring") + 1):
        d.done[i] = True
    d.tables["intermediate"] = score(scene.layer.game)
    settle(app, 2)


SHOTS.update({f"tooltip_{name[13:]}": fn for name, fn in list(globals().items())
              if name.startswith("tooltip_shot_")})


# ------------------------------------------ first-time tips and rules links
# tip_market, tip_harvest (a first-time tip beside its hex), refusal_link (a refusal
# with its Rules link), rules_from_tip (the help opened from a tip, at its page).
def tip_after(app, seed, kind: str, tip: str):
    """A game of three at one screen up to the first ``kind`` event: its tip
    shows (the tips of the turn's earlier firsts left out)."""
    app.settings.tips = True
    game = play_to(app, 600, seed, until=lambda events: any(e.kind == kind for e in events))
    guide = game.first_tips
    guide.waiting = [m for m in guide.waiting if m.tip == tip]
    guide.shown = None
    game.pending.clear()
    game.anims = type(game.anims)()
    settle(app, 2)
    return game


def learn_shot_tip_market(app, seed):
    """A herd reaches its first market side: the tip beside the market."""
    tip_after(app, seed, "market_paid", "market")


def learn_shot_tip_harvest(app, seed):
    """The first harvest: the tip beside the harvested chain."""
    tip_after(app, seed, "harvest", "harvest")


def learn_shot_refusal_link(app, seed):
    """A card chosen and a hex it cannot go to clicked: the reason, and beside
    it the link to its rules page."""
    game = play_to(app, 30, seed)
    pick_a_card(game)
    sel = game.selection
    lit = set(game.layer.play_targets(sel.card)) if sel is not None else set()
    board = game.layer.board
    area = game.view.area
    # A hex it cannot go to, near the board's middle (its reason on the board).
    h = min((h for h in range(len(board.names)) if board.names[h] not in lit),
            key=lambda h: abs(game.view.centres[h][0] - area.centerx)
            + abs(game.view.centres[h][1] - area.centery))
    app.pointer = game.view.centres[h]
    game.click_hex(h)
    settle(app, 2)


def learn_shot_rules_from_tip(app, seed):
    """The tip's Rules link followed: the help at the harvest page, its board picture."""
    game = tip_after(app, seed, "harvest", "harvest")
    game.first_tips.open_rules()
    settle(app, 2)


SHOTS.update({name[11:]: fn for name, fn in list(globals().items())
              if name.startswith("learn_shot_")})


# -------------------------------------------------------------------- runs
def take(name: str, language: str, size: tuple[int, int] | None, seed: int, path: Path,
         root: bool, text_size: str = "normal") -> Path:
    """One shot in a fresh app (headless at ``size``, or full screen on X)."""
    import pygame

    from hacienda_game.client.app import App
    from hacienda_game.client.options import Options

    if root:
        app = App(Options(fake_clock=True, language=language))
    else:
        app = App(Options(headless=True, language=language, screen=size))
    app.set_text_size(text_size)
    app.settings.tips = False          # first-time tips only in their own shots
    try:
        SHOTS[name](app, seed)
        app.draw()
        app.present()
        if root:
            pygame.display.flip()
            time.sleep(0.4)                    # the X server shows the frame
            pygame.event.pump()
            app.draw()
            app.present()
            pygame.display.flip()
            subprocess.run(["import", "-window", "root", str(path)], check=True)
        else:
            pygame.image.save(app.window, str(path))
        if not app.running:
            raise RuntimeError(f"the {name} shot failed (see the error log)")
    finally:
        app.finish()
    return path


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a size is WIDTHxHEIGHT, e.g. 1920x1080")\
            from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r}: too small or too large a screen")
    return w, h


def main(argv: list[str] | None = None) -> int:
    from hacienda_game.i18n import LANGUAGES

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs")
    ap.add_argument("--size", type=parse_size, action="append",
                    help="a screen size WIDTHxHEIGHT (repeatable; default 1920x1080)")
    ap.add_argument("--lang", action="append", choices=LANGUAGES,
                    help="a language (repeatable; default en)")
    ap.add_argument("--only", default="", help="comma-separated shots: " + ", ".join(SHOTS))
    ap.add_argument("--root", action="store_true",
                    help="full screen on the X display; the shot is the whole X screen")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--text-size", choices=("normal", "large"), default="normal",
                    help="the Text size setting (default normal)")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(SHOTS)
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        ap.error(f"unknown shots {', '.join(unknown)}; choose from {', '.join(SHOTS)}")
    if args.root and not os.environ.get("DISPLAY"):
        ap.error("--root needs an X display (DISPLAY), e.g. Xvfb with a window manager")
    if not args.root:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sizes = [None] if args.root else (args.size or [(1920, 1080)])
    screen = "root"
    if args.root:
        import pygame

        pygame.display.init()
        screen = "x".join(map(str, pygame.display.get_desktop_sizes()[0]))
        pygame.display.quit()
    languages = args.lang or ["en"]
    plain = len(sizes) == 1 and len(languages) == 1
    args.out.mkdir(parents=True, exist_ok=True)
    for language in languages:
        for size in sizes:
            for name in names:
                with tempfile.TemporaryDirectory() as home:
                    os.environ["HACIENDA_HOME"] = home      # the player's files untouched
                    tag = "x".join(map(str, size)) if size else screen
                    path = args.out / (f"{name}.png" if plain else
                                       f"{name}-{language}-{tag}.png")
                    shot = take(name, language, size, args.seed, path, args.root,
                                args.text_size)
                    print(f"wrote {shot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
