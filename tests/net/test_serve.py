"""``hacienda serve`` on the table (real processes, loopback only, bounded):
its first log line, the turn timer, an absent seat played by an AI until its
player is back, and many games on one port."""

from __future__ import annotations

import random
import re
import time

import pytest

from hacienda_game.ai import choose_action
from hacienda_game.client.netlink import GameLink, LinkError
from hacienda_game.net.loopback import start_host, stop, wait


def play(link: GameLink, rng: random.Random) -> None:
    """The seat's move when it is its turn (an easy AI's choice)."""
    link.pump()
    if link.my_turn and link.sent_at is None:
        link.perform(choose_action("easy", link.obs, rng.randrange(1 << 30)))


def until(check, seconds: float, what: str, *links: GameLink) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for link in links:
            link.pump()
        if check():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def test_the_first_log_line_says_where_serve_listens_and_whether_tls_is_on(tmp_path):
    host = start_host(tmp_path, "--seats", "remote,easy", "--port", "0")
    try:
        first = host.text().splitlines()[0]
        assert re.search(r"listening on ws://127\.0\.0\.1:\d+, TLS off", first), first
    finally:
        stop(host.proc)


def test_serve_times_a_turn_out_hands_an_absent_seat_to_an_ai_and_gives_it_back(tmp_path):
    host = start_host(tmp_path, "--seats", "remote,remote", "--port", "0", "--turn-time",
                      "1.5", "--absent", "easy")
    rng = random.Random(3)
    a = GameLink.join(host.address, host.code)
    b = GameLink.join(host.address, host.code)
    try:
        until(lambda: a.started and b.started, 10, "the game to start", a, b)
        # B never moves: when its turn comes the timer runs out and an AI plays it
        def b_timed_out() -> bool:
            play(a, rng)
            return "timed out: the easy AI plays it" in host.text()

        until(b_timed_out, 60, "B's turn to time out", a, b)
        until(lambda: a.obs.current == a.seat or a.obs.over, 20, "A's turn again", a, b)
        # B's own view went on with the game (A waits for its move: the two agree)
        until(lambda: b.history == a.history, 10, "B's view to match A's", a, b)
        # B leaves: its seat is absent, and the AI plays it (after the grace)
        token = b.client.token
        b.close()
        until(lambda: "seat 2 (Bruno) left" in host.text() or "left" in host.text(), 10,
              "the host to see B leave", a)

        def b_absent() -> bool:
            play(a, rng)
            return "absent: the easy AI plays it" in host.text()

        until(b_absent, 60, "B's absent seat to be played", a)
        # B comes back with its token and plays its own seat again
        b2 = GameLink.join(host.address, host.code, token=token)
        assert b2.seat == b.seat
        until(lambda: "is played by its player again" in host.text(), 10, "B back", a, b2)
        before = host.text().count("timed out")

        def b_moved_itself() -> bool:
            play(a, rng)
            play(b2, rng)
            return bool(b2.round_trips) or a.obs.over

        until(b_moved_itself, 60, "B to move itself", a, b2)
        assert b2.round_trips and host.text().count("timed out") == before
        b2.close()
    finally:
        a.close()
        stop(host.proc)


def test_one_server_hosts_many_games_each_with_its_own_code_seats_and_save(tmp_path):
    host = start_host(tmp_path, "--seats", "remote,easy", "--port", "0", "--games", "3")
    rng = random.Random(5)
    links: list[GameLink] = []
    try:
        assert len(set(host.codes)) == 3 and all(len(c) == 9 for c in host.codes)
        links = [GameLink.join(host.address, code) for code in host.codes]
        assert [link.seat for link in links] == [0, 0, 0]     # each game its own seats
        with pytest.raises(LinkError):                          # and none left over
            GameLink.join(host.address, host.codes[0], timeout=3)

        def played_a_while() -> bool:
            for link in links:
                play(link, rng)
            return all(len(link.history) >= 12 for link in links)

        until(played_a_while, 60, "three games to go on", *links)
        assert len({tuple(link.history[:12]) for link in links}) == 3   # three deals
        saves = sorted(p.name for p in (tmp_path / "home").rglob("server-*.json")
                       if not p.name.endswith(".net.json"))
        assert saves == sorted(f"server-{c.replace('-', '').lower()}.json"
                               for c in host.codes)                      # a save each
        host.proc.terminate()
        assert wait([host.proc], 20) == [0]
        assert host.text().count("(resume with --resume)") == 3
    finally:
        for link in links:
            link.close()
        stop(host.proc)


def test_serve_announces_its_game_on_the_lan_list_updates_the_free_seats_and_withdraws(
        tmp_path):
    # What a game hosted from Setup says, no more: the name, the map's title, the
    # seats nobody took, the version and TLS; never the code, a token or a path.
    from hacienda_game import __version__
    from hacienda_game.net.discovery import Browser

    host = start_host(tmp_path, "--seats", "remote,easy,remote", "--port", "0",
                      announce=True)
    browser = Browser(interfaces=["127.0.0.1"])
    link = None
    try:
        assert browser.start(), browser.error

        def listed():
            return [g for g in browser.games() if g.port == host.port]

        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not listed():
            time.sleep(0.05)
        [game] = listed()
        assert (game.address, game.map, game.free, game.version, game.tls) == (
            "127.0.0.1", "Symmetric", 2, __version__, False)
        assert game.name.startswith("Server game")
        link = GameLink.join(host.address, host.code, timeout=20)
        # a seat taken: the list says one is free (asked again, as a Join screen does)
        again = Browser(interfaces=["127.0.0.1"])
        try:
            assert again.start(), again.error
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and not any(
                    g.port == host.port and g.free == 1 for g in again.games()):
                time.sleep(0.05)
            assert [g.free for g in again.games() if g.port == host.port] == [1]
        finally:
            again.close()
        host.proc.terminate()                           # stopped as Ctrl+C stops it
        assert wait([host.proc], 20) == [0]
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and listed():
            time.sleep(0.05)
        assert not listed(), "the stopped server is still listed"
    finally:
        if link is not None:
            link.close()
        browser.close()
        stop(host.proc)
