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

    def answer(self, future):
        """The seat's move.  A seat that failed (its code raised or answered an
        illegal move: the worker played a fallback) or an answer that is not
        legal here is logged, and a legal move of the seat's view is played
        with a notice, as at the deadline: an AI seat never ends a game."""
        from ....ai.fallback import fallback_move
        from ....i18n import _
        from ....session.userdirs import log_note

        scene = self.scene
        layer = scene.layer
        cur = layer.current
        try:
            action = future.result()
            problem = getattr(future, "problem", None)
        except Exception as exc:  # noqa: BLE001 - whatever the worker says, the game goes on
            action, problem = None, f"{type(exc).__name__}: {exc}"
        notice = getattr(future, "notice", None)
        if action is not None and action not in layer.legal():
            action, problem = None, f"an illegal move here: {action}"
        if action is None:
            view = layer.view(cur)
            action = fallback_move(view, decision_seed(scene.plan.ai_seed, cur,
                                                       len(view.history)))
            notice = _("The AI made a mistake and made a quick move instead.")
        if problem:
            log_note(f"AI seat {cur + 1} ({scene.plan.seats[cur].kind}): {problem};"
                     f" played {action} instead")
        if notice:
            scene.warn(notice)
        return action

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
            future, self.future = self.future, None
            scene.layer.perform(self.answer(future))
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
