"""The joiner hears at once when its host goes (a real ``hacienda serve`` on
loopback, stopped three ways), without acting: the notice the play scene draws
whole over the board, in the player's words, with what to do."""

from __future__ import annotations

import signal
import time

from hacienda_game.client.netlink import GameLink, JoinPlay, Notice
from hacienda_game.net.loopback import start_host, stop, wait

NAMES = ["Ana", "Bruno"]


def noticed(net: JoinPlay, check, seconds: float) -> tuple[Notice | None, float]:
    """Pump as the play scene does each frame until ``check(notice)``; the notice
    and the seconds it took (bounded)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        net.pump()
        said = net.notice(NAMES)
        if check(said):
            return said, time.monotonic() - start
        time.sleep(0.02)
    raise AssertionError(f"not noticed in {seconds} s: {net.notice(NAMES)}")


def joined(tmp_path, *args: str):
    host = start_host(tmp_path, "--seats", "remote,easy", "--port", "0", *args)
    link = GameLink.join(host.address, host.code, timeout=20)
    net = JoinPlay(link)
    noticed(net, lambda n: n is None and link.ready, 10)
    time.sleep(1.0)                            # heartbeats go back and forth: all is well
    assert net.notice(NAMES) is None
    return host, link, net


def test_a_stopped_host_is_noticed_at_once_and_the_seat_comes_back_when_it_resumes(tmp_path):
    save = tmp_path / "game.json"
    host, link, net = joined(tmp_path, "--save", str(save))
    try:
        deadline = time.monotonic() + 30          # a move made, so the game is saved
        while not save.exists() and time.monotonic() < deadline:
            net.pump()
            if link.my_turn and link.sent_at is None:
                link.perform(link.legal()[0])
            time.sleep(0.02)
        seen = link.history
        host.proc.send_signal(signal.SIGTERM)        # Ctrl+C: the game is saved
        said, took = noticed(net, lambda n: n is not None, 10)
        assert took < 5.0, took                      # (about 0.1 s unloaded)
        assert said.title == "The host stopped the game"
        words = " ".join(said.lines)
        assert "saved on the host's computer" in words and "Wait here" in words
        assert "press Esc and choose Quit game to leave" in words
        assert not link.my_turn and net.status(NAMES) is None   # no bubble beside it
        assert wait([host.proc], 20) == [0]
        # the host starts it again on the same port: the joiner is back in its seat
        again = start_host(tmp_path, "--resume", str(save), "--port", str(host.port),
                           name="host2")
        try:
            noticed(net, lambda n: n is None and link.obs is not None, 30)
            assert link.seat == 0 and link.history[:len(seen)] == seen
        finally:
            stop(again.proc)
    finally:
        link.close()
        stop(host.proc)


def test_a_host_frozen_or_killed_is_noticed_within_about_two_seconds(tmp_path):
    host, link, net = joined(tmp_path)
    try:
        host.proc.send_signal(signal.SIGSTOP)        # no goodbye, no closed socket: silence
        said, took = noticed(net, lambda n: n is not None, 10)
        assert took < 4.0, took                      # SILENT (1.5 s) after the last pong
        assert said.title == "The host is not answering"
        assert "Wait here" in " ".join(said.lines)
        host.proc.send_signal(signal.SIGCONT)
        noticed(net, lambda n: n is None, 10)        # it answers again: the notice goes
        host.proc.kill()                             # killed: the socket closes
        said, took = noticed(net, lambda n: n is not None and "lost" in n.title, 10)
        assert took < 4.0, took
        assert "reconnects on its own" in " ".join(said.lines)
    finally:
        link.close()
        stop(host.proc)


class _Link:
    """A link in each state the notice words (no socket: the words and the panel)."""

    def __init__(self, **state):
        self.obs = None
        self.ready = True
        self.closed = self.lost = self.gone = self.farewell = None
        self.retry_at = time.monotonic() + 3
        self.silent = 0.0
        self.__dict__.update(state)

    def silent_for(self) -> float:
        return self.silent


def test_every_notice_is_drawn_whole_inside_the_board_in_every_language_and_text_size():
    import pygame

    from hacienda_game.client.assets import Art
    from hacienda_game.client.display import CANVAS_HEIGHT, MIN_WIDTH
    from hacienda_game.client.scenes.play.layout import play_layout
    from hacienda_game.client.scenes.play.parts import overlay
    from hacienda_game.i18n import set_language

    pygame.init()
    art = Art()
    states = [dict(gone="x"), dict(closed="The host ended the game."),
              dict(lost="Nobody hosts a game at 192.168.100.200:8765: check the address and"
                        " port on the host's screen."), dict(silent=12.0)]
    try:
        for language in ("en", "de", "es"):
            set_language(language)
            for size, width in (("normal", MIN_WIDTH), ("large", MIN_WIDTH),
                                ("normal", 960)):
                art.fonts.text_size = size
                line = art.fonts.body.line_height
                board = play_layout((width, CANVAS_HEIGHT), 5, line).board
                for state in states:
                    said = JoinPlay(_Link(**state)).notice(NAMES)   # type: ignore[arg-type]
                    assert said is not None, state
                    surface = pygame.Surface((width, CANVAS_HEIGHT))
                    rect = overlay.notice(surface, art, board, said.title, said.lines)
                    # on the board where it fits there, else on the screen: never cut
                    assert surface.get_rect().contains(rect), (language, size, state, rect)
                    if rect.w <= board.w:
                        assert board.contains(rect), (language, size, state, rect, board)
                    wrapped = [w for t in said.lines
                               for w in art.fonts.body.wrap(t, rect.w - 40)]
                    need = (len(art.fonts.body.wrap(said.title, rect.w - 40))
                            * line + len(wrapped) * line)
                    assert rect.h >= need + 12, (language, size, state, rect.h, need)
    finally:
        set_language("en")
        art.fonts.text_size = "normal"
