"""AI turns on the play screen: ask the AI worker for a move, carry it out when
it is ready and the last move has been on screen long enough.

The AI thinks in another process and sees only its seat's view; only its
answer is applied here, between frames.
"""

from __future__ import annotations

from ....ai.base import decision_seed

AI_PAUSE = 0.45           # seconds between AI moves at normal animation speed


class AITurns:
    def __init__(self, scene):
        self.scene = scene
        self.worker = None
        self.future = None
        self.ready_at = 0.0
        self.deferred = False

    def start(self) -> None:
        if self.worker is None:
            from ....ai import AIWorker

            self.worker = AIWorker()

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def waiting_on(self):
        return self.future if self.future is not None and not self.future.done() else None

    def idle(self) -> None:
        scene = self.scene
        app = scene.app
        if scene.redrawn and not self.deferred:
            # This frame repainted panels: the next move waits one frame, so
            # applying it and painting it never fall in the same frame.
            self.deferred = True
            return
        self.deferred = False
        if self.future is not None and self.future.done() and app.time >= self.ready_at:
            action = self.future.result()
            if getattr(self.future, "notice", None):      # the AI fell back on a quick move
                scene.warn(self.future.notice)
            self.future = None
            scene.layer.perform(action)
            instant = scene.autoplay and app.options.headless and not app.options.realtime
            self.ready_at = app.time + (0.0 if instant else AI_PAUSE * max(scene.factor, 0.3))
        if self.future is not None or not scene.ai_turn():
            return
        self.start()
        layer = scene.layer
        cur = layer.current
        view = layer.view(cur)
        # The AI's seeds come from the plan's own AI seed, never the game's seed
        # (which deals the cards): a seat cannot work the deal out from them.
        self.future = self.worker.think(scene.plan.seats[cur].kind, view,
                                        seed=decision_seed(scene.plan.ai_seed, cur,
                                                           len(view.history)))
