"""Pictures of the play screen for docs/ (play_*.png), drawn headless on the
960x540 canvas and scaled 2x to 1920x1080 (how a 1080p TV shows it).

    python -m tools.play_shots [--out docs] [--seed 7]     (SHOT_LANG=de for German)

Early, mid and late game; a card chosen with the pointer on a lit hex; water
mode; a market payout and a scoring as their animations run; the hot-seat
hand-off; a refusal next to the pointer.  Seats move at random (seeded).
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from hacienda_game.client.app import App  # noqa: E402
from hacienda_game.client.options import Options  # noqa: E402
from hacienda_game.session.plan import GamePlan, SeatPlan  # noqa: E402

NAMES = ["Ana", "Bruno", "Carmen", "Diego", "Eva"]


def save(app: App, path: Path) -> None:
    app.draw()
    pygame.image.save(pygame.transform.scale_by(app.screen, 2), str(path))
    print(f"wrote {path}")


def frames(app: App, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.step()


def game(app: App, seed: int, seats: int = 4, open_hands: bool = True, actions: int = 0,
         until=None):
    """A game of human seats (so no AI process is needed) moved at random."""
    from hacienda_game.client.scenes.play import PlayScene

    plan = GamePlan("symmetric", [SeatPlan(NAMES[i], colour=i) for i in range(seats)], seed,
                    open_hands=open_hands)
    play = PlayScene(plan)
    app.reset(play)
    state = play.layer._state
    rng = random.Random(seed)
    done = 0
    while not state.is_over() and (done < actions or (until and not until(state))):
        action = state.random_action(rng)
        if until is not None and done >= actions and until(state, action):
            settle(app, play)
            return play, action
        play.layer.perform(action)
        done += 1
    while state.current != 0 and not state.is_over():
        play.layer.perform(state.random_action(rng))
    settle(app, play)
    return play, None


def settle(app: App, play) -> None:
    play.pending.clear()
    play.anims.clear()
    while app.top is not play:
        app.pop()
    frames(app, 0.2)


def point(app: App, play, pos) -> None:
    app.pointer = pos
    play.hover(pos)
    frames(app, 0.3)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=Path("docs"))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    out, seed = args.out, args.seed
    out.mkdir(parents=True, exist_ok=True)
    app = App(Options(headless=True, language=os.environ.get("SHOT_LANG", "en"), fake_clock=True))
    try:
        for name, actions in (("early", 12), ("mid", 90), ("late", 200)):
            play, _ = game(app, seed, actions=actions)
            save(app, out / f"play_{name}.png")
        play, _ = game(app, seed, actions=60)
        state = play.layer._state
        state.seats[0].money = max(state.seats[0].money, 14)
        play.layer.restore(state)           # the layer forgets what was legal before
        play.show_totals(instant=True)
        for _rect, item, card in play.hand_slots:
            play.pick_card(item, card)
            if play.selection is not None:
                break
        if play.selection is not None:
            point(app, play, play.view.centres[sorted(play.cursor_targets())[0]])
            save(app, out / "play_select.png")
        play.select(None)
        play.pick_water()
        if play.selection is not None:
            point(app, play, play.view.centres[sorted(play.cursor_targets())[0]])
            save(app, out / "play_water.png")
        play.select(None)
        # A refusal: a chosen card clicked on a hex that cannot take it.
        for _rect, item, card in play.hand_slots:
            play.pick_card(item, card)
            if play.selection is not None:
                break
        if play.selection is not None:
            lit = set(play.cursor_targets())
            h = next(i for i in range(len(state.board.cells)) if i not in lit
                     and state.kind[i] == 0)
            app.pointer = play.view.centres[h]
            play.click_hex(h)
            frames(app, 0.2)
            save(app, out / "play_refusal.png")
        # A market payout as it happens.
        play, action = game(app, seed + 1, actions=20, until=lambda s, a=None: a is not None and (
            a.verb == "play" and a.item == "animal" and _pays(s, a)))
        if action is not None:
            play.layer.perform(action)
            frames(app, 0.75)
            save(app, out / "play_payout.png")
        # A scoring: the board shows what each category counts.
        play, action = game(app, seed + 2, actions=10, until=lambda s, a=None: a is not None
                            and _scores(s, a))
        if action is not None:
            play.layer.perform(action)
            frames(app, 1.7)
            save(app, out / "play_scoring.png")
        # The hot-seat hand-off with its recap.
        play, _ = game(app, seed, seats=3, open_hands=False, actions=0)
        rng = random.Random(seed)
        state = play.layer._state
        while state.current != 1:
            play.layer.perform(state.random_action(rng))
        frames(app, 0.2)
        save(app, out / "play_privacy.png")
    finally:
        app.finish()
    return 0


def _pays(state, action) -> bool:
    trial = state.clone()
    return any(e.kind == "market_paid" for e in trial.apply(action))


def _scores(state, action) -> bool:
    trial = state.clone()
    return any(e.kind == "scoring" for e in trial.apply(action))


if __name__ == "__main__":
    raise SystemExit(main())
