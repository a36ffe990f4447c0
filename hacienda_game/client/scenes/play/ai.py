"""AI turns on the play screen: the pace at which the table's AI seats move.

The table (`session.table.Table`) asks the seat to move, checks, applies,
records and tells the screen; this part gives its AI seats the worker
process to think in (so the screen keeps its frame rate: `think` starts the
worker at the first request) and polls the table between frames, holding an
answer back until the last move has been on screen long enough.  A seat that
failed (its code raised, it answered an illegal move, it took too long)
played the table's legal fallback: the log says why, the player gets a notice.
"""

from __future__ import annotations

AI_PAUSE = 0.45           # seconds between AI moves at normal animation speed and AI pace


class AITurns:
    def __init__(self, scene):
        self.scene = scene
        self.worker = None
        self.shown_at: float | None = None     # when the last AI move came on screen
        self.instant = False
        self.deferred = False

    # ---------------------------------------------------- the table's thinker
    def start(self) -> None:
        if self.worker is None:
            from ....ai import AIWorker

            self.worker = AIWorker()

    def think(self, level, obs, seed, budget=None):
        """The table's AI seats think in the worker process (started at need)."""
        self.start()
        return self.worker.think(level, obs, seed, budget)

    def seat(self, kind: str):
        """The table's seat for a plan's seat kind (in autoplay, every seat an AI)."""
        from ....session.choices import HUMAN, default_level
        from ....session.table import AISeat, seat_for

        if kind == HUMAN and self.scene.autoplay:
            return AISeat(default_level(), self)
        return seat_for(kind, self)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ------------------------------------------------------------- pacing
    @property
    def future(self):
        table = self.scene.table
        return table.thinking if table is not None else None

    def waiting_on(self):
        return self.future

    def heard(self, move) -> None:
        """A move the table applied for an AI seat: its failure told."""
        from ....session.userdirs import log_note

        scene = self.scene
        if move.problem:
            log_note(f"AI seat {move.seat + 1} ({scene.plan.seats[move.seat].kind}):"
                     f" {move.problem}; played {move.action} instead")
        if move.notice:
            scene.warn(move.notice)

    def idle(self) -> None:
        scene = self.scene
        table = scene.table
        if table is None:                # a joined game: the host's table plays
            return
        app = scene.app
        if scene.redrawn and not self.deferred:
            # This frame repainted panels: the next move waits one frame, so
            # applying it and painting it never fall in the same frame.
            self.deferred = True
            return
        self.deferred = False
        net = scene.net
        hold = (app.time < self.ready_at or bool(scene.pending)
                or (net is not None and not net.ready()))
        move = table.poll(hold=hold)
        if move is None:
            return
        self.heard(move)
        self.instant = scene.autoplay and app.options.headless and not app.options.realtime
        self.shown_at = app.time

    def pause(self) -> float:
        """How long an AI move stays on screen before the next: the AI pace
        setting times the animation speed (never quite none, so each move is seen)."""
        settings = self.scene.app.settings
        return AI_PAUSE * settings.ai_pace_factor * max(self.scene.factor, 0.3)

    @property
    def ready_at(self) -> float:
        """When the next AI move may come (the settings as they are now: a
        change of pace applies to the move on screen)."""
        if self.shown_at is None or self.instant:
            return 0.0
        return self.shown_at + self.pause()
