"""The protocol's checks, the host's authority and discovery, in one process
(real sockets on loopback): every refusal names its reason, only the seat's
holder acts and only on its turn, a dropped seat waits until it is back or
handed to an AI."""

from __future__ import annotations

import json
import os
import random
import time

import pytest

from hacienda_game import __version__
from hacienda_game.ai import choose_action
from hacienda_game.client.netlink import GameLink
from hacienda_game.engine import new_game, observe
from hacienda_game.net.discovery import Announcer, Browser, announcement
from hacienda_game.net.hosting import HostedGame
from hacienda_game.net.protocol import (
    MAX_MESSAGE,
    PROTOCOL,
    ProtocolError,
    check_incoming,
    decode,
    encode,
    obs_from_wire,
    obs_to_wire,
)
from hacienda_game.session.plan import GamePlan, SeatPlan


@pytest.mark.parametrize("message, why", [
    ({"type": "fly"}, "unknown message type"),
    ({"action": "end"}, "unknown message type"),
    ({"type": "act"}, "'action' is missing"),
    ({"type": "act", "action": 5}, "action must be str"),
    ({"type": "act", "action": "end", "evil": 1}, "unknown field"),
    ({"type": "act", "action": "x" * 121}, "longer than 120"),
    ({"type": "act", "action": "end", "seat": True}, "not true/false"),
    ({"type": "act", "action": "end", "seat": -1}, "out of range"),
    ({"type": "hello", "protocol": 1, "version": "0.1.0"}, "'code' is missing"),
    ({"type": "ping", "t": "now"}, "t must be int"),
])
def test_every_field_of_a_client_message_is_checked(message, why):
    with pytest.raises(ProtocolError, match=why):
        check_incoming(message)


def test_frames_that_are_not_small_json_objects_are_refused():
    for raw, why in (("x" * (MAX_MESSAGE + 1), "64 KB"), (b"{}", "binary"),
                     ("{", "not valid JSON"), ("[1]", "JSON object"),
                     ("[" * 60000, "not valid JSON")):
        with pytest.raises(ProtocolError, match=why):
            decode(raw)


def test_a_view_crosses_the_wire_unchanged():
    state = new_game("symmetric", 3, seed=4)
    rng = random.Random(1)
    for _ in range(60):
        for seat in range(3):
            obs = observe(state, seat)
            back = obs_from_wire(json.loads(encode(obs_to_wire(obs))), state.board)
            assert back == obs
        state.apply(state.random_action(rng))


class Owner:
    """What hacienda serve does, in the test's thread: pump, AI seats."""

    def __init__(self, kinds: list[str]):
        self.plan = GamePlan("symmetric", [SeatPlan(f"P{i}", k, i) for i, k in
                                           enumerate(kinds)], 5)
        self.state = new_game("symmetric", len(kinds), 5)
        self.hosted = HostedGame(self.plan, self.state)
        self.address = f"127.0.0.1:{self.hosted.start(self.state)[1]}"

    def perform(self, action) -> None:
        events = self.state.apply(action)
        self.hosted.publish(self.state, action, events)

    def step(self) -> None:
        self.hosted.pump(lambda: self.state, self.perform)
        kind = self.plan.seats[self.state.current].kind
        if kind != "remote" and not self.state.is_over() and self.hosted.started:
            self.perform(choose_action(kind, observe(self.state, self.state.current), 1))


def settle(owner: Owner, *links: GameLink, until=lambda: False, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        owner.step()
        for link in links:
            link.pump()
        if until():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def test_only_the_seats_holder_acts_only_on_its_turn_through_the_engines_checks():
    owner = Owner(["remote", "remote"])
    try:
        a = GameLink.join(owner.address, owner.hosted.code)
        b = GameLink.join(owner.address, owner.hosted.code)
        assert {a.seat, b.seat} == {0, 1}
        mover, waiter = (a, b) if owner.state.current == a.seat else (b, a)
        before = owner.state.snapshot()
        waiter.client.send({"type": "act", "action": "end", "turn": 0})
        settle(owner, a, b, until=lambda: waiter.refusals)
        assert waiter.refused[-1].code == "turn"
        assert waiter.refusals[-1] == (f"Not your turn: it is P{mover.seat}'s"
                                       f" (seat {mover.seat + 1}).")
        mover.client.send({"type": "act", "action": "end", "seat": waiter.seat, "turn": 0})
        settle(owner, a, b, until=lambda: mover.refusals)
        assert mover.refusals[-1] == f"You hold seat {mover.seat + 1}, not seat {waiter.seat + 1}."
        mover.client.send({"type": "act", "action": "play pig 0,0", "turn": 0})
        settle(owner, a, b, until=lambda: len(mover.refusals) > 1)
        assert mover.refused[-1].code == "no_such_card"
        assert mover.refusals[-1] == "You hold no pig card."        # refusals.hint, as locally
        mover.client.send({"type": "act", "action": "fly to the moon", "turn": 0})
        settle(owner, a, b, until=lambda: len(mover.refusals) > 2)
        assert mover.refused[-1].code == "unreadable"
        assert "cannot read action" in mover.refused[-1].reason      # the host's log words
        assert mover.refusals[-1] == "That is not an action of this game."
        assert owner.state.snapshot() == before          # nothing changed
        mover.perform(mover.legal()[0])
        settle(owner, a, b, until=lambda: len(owner.state.history) == 1
               and len(waiter.history) == 1)
        assert waiter.obs == observe(owner.state, waiter.seat)
        # a spectator sees the public view only and cannot act
        watcher = GameLink.join(owner.address, owner.hosted.code, spectate=True)
        assert watcher.spectator and sum(watcher.obs.land_hand) == 0
        watcher.client.send({"type": "act", "action": "end", "turn": 0})
        settle(owner, watcher, until=lambda: watcher.refusals)
        assert watcher.refusals[-1] == "Spectators watch: they cannot act."
        # a third player finds no free seat
        with pytest.raises(Exception, match="No free seat"):
            GameLink.join(owner.address, owner.hosted.code)
    finally:
        owner.hosted.close()


def test_a_dropped_seat_waits_until_it_is_back_or_handed_to_an_ai():
    owner = Owner(["remote", "easy"])
    try:
        a = GameLink.join(owner.address, owner.hosted.code)
        token = a.client.token
        settle(owner, a, until=lambda: owner.state.current == 0)
        a.close()
        settle(owner, until=lambda: owner.hosted.waiting_for(owner.state) == 0)
        n = len(owner.state.history)
        time.sleep(0.3)
        owner.step()
        assert len(owner.state.history) == n              # it waits
        back = GameLink.join(owner.address, owner.hosted.code, token=token)
        assert back.seat == 0 and back.obs == observe(owner.state, 0)
        settle(owner, back, until=lambda: owner.hosted.online(0))
        assert owner.hosted.waiting_for(owner.state) is None
        back.close()
        settle(owner, until=lambda: owner.hosted.waiting_for(owner.state) == 0)
        owner.hosted.hand_to_ai(0, "easy")
        settle(owner, until=owner.state.is_over, timeout=30)
        # the old token now only watches
        late = GameLink.join(owner.address, owner.hosted.code, token=token)
        assert late.spectator
    finally:
        owner.hosted.close()


def test_a_game_advertised_on_loopback_is_found():
    # A port of its own: other test runs on this machine may advertise too.
    port = 20000 + os.getpid() % 40000
    ad = Announcer(port, ["127.0.0.1"], False, interfaces=["127.0.0.1"]).start()
    ad.announce(0, f"Test game {port}", "symmetric", 3)
    browser = Browser(interfaces=["127.0.0.1"])
    try:
        assert browser.start(), browser.error
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any(g.port == port for g in browser.games()):
            time.sleep(0.05)
        game = next(g for g in browser.games() if g.port == port)
        assert (game.address, game.map, game.free) == ("127.0.0.1", "symmetric", 3)
        assert game.name.startswith(f"Test game {port}")
    finally:
        ad.close()
        browser.close()


def test_undo_over_the_network_goes_back_as_far_as_the_engine_allows():
    from hacienda_game.session.keeper import GameKeeper

    owner = Owner(["remote", "remote"])
    keeper = GameKeeper(owner.plan, keep=False)

    def perform(action) -> None:
        events = owner.state.apply(action)
        keeper.note(owner.state, action, events)
        owner.hosted.publish(owner.state, action, events, limit=keeper.limit)

    def undo(seat: int) -> str | None:
        if not keeper.undo_label(owner.state, True)[0]:
            return keeper.limit.reason          # why not, as the engine's undo limit says
        owner.state = keeper.undo(owner.state)
        owner.hosted.publish(owner.state, None, [], reset=True, limit=keeper.limit)
        return None

    def step() -> None:
        owner.hosted.pump(lambda: owner.state, perform, undo)

    owner.step = step
    try:
        a = GameLink.join(owner.address, owner.hosted.code)
        b = GameLink.join(owner.address, owner.hosted.code)
        settle(owner, a, b, until=lambda: a.started and b.started)
        mover = a if owner.state.current == a.seat else b
        play = next(x for x in mover.legal() if x.verb == "play")
        mover.perform(play)
        settle(owner, a, b, until=lambda: mover.can_undo)
        mover.request_undo()
        settle(owner, a, b, until=lambda: not owner.state.history and not mover.history)
        assert mover.obs == observe(owner.state, mover.seat)
        mover.perform(next(x for x in mover.legal() if str(x) == "buy land"))
        settle(owner, a, b, until=lambda: len(mover.history) == 1)
        assert not mover.can_undo
        mover.request_undo()
        settle(owner, a, b, until=lambda: mover.refusals)
        assert "card was drawn" in mover.refusals[-1] and len(owner.state.history) == 1
        assert (mover.refused[-1].code, mover.refused[-1].params) == ("undo",
                                                                      {"why": "card_drawn"})
    finally:
        owner.hosted.close()


def test_a_german_joiner_reads_the_hosts_refusals_in_german():
    from hacienda_game import i18n
    from hacienda_game.client.netlink import NET_SENTENCES, JoinPlay
    from hacienda_game.session.refusals import WITH_PARAMS

    de = i18n.catalog("de")
    owner = Owner(["remote", "remote"])
    i18n.set_language("de")
    try:
        a = GameLink.join(owner.address, owner.hosted.code)
        b = GameLink.join(owner.address, owner.hosted.code)
        mover, waiter = (a, b) if owner.state.current == a.seat else (b, a)
        waiter.client.send({"type": "act", "action": "end", "turn": 0})       # out of turn
        settle(owner, a, b, until=lambda: waiter.refusals)
        assert waiter.refusals[-1] == de[NET_SENTENCES["turn"]].format(
            name=f"P{mover.seat}", seat=mover.seat + 1)
        assert "nicht am Zug" in waiter.refusals[-1]
        assert "not your turn" in waiter.refused[-1].reason      # English only in the data
        play = JoinPlay(waiter)                  # the play scene's status line shows it
        words = waiter.refusals[-1]
        assert play.status(["P0", "P1"]) == words == play.status(["P0", "P1"])   # it stays
        mover.client.send({"type": "act", "action": "play pig 0,0", "turn": 0})  # illegal
        settle(owner, a, b, until=lambda: mover.refusals)
        assert mover.refused[-1].code == "no_such_card"
        assert mover.refusals[-1] == de[WITH_PARAMS["no_such_card"]].format(card=de["pig"])
        assert mover.refusals[-1] == "Du hast keine Schwein-Karte."
        # the handshake refuses another version, naming both, in German
        owner.hosted.net.info["version"] = "9.9.9"
        with pytest.raises(Exception) as refused:
            GameLink.join(owner.address, owner.hosted.code)
        assert str(refused.value) == de[NET_SENTENCES["version"]].format(
            host="Hacienda 9.9.9 (Protokoll 2)", you=f"Hacienda {__version__} (Protokoll 2)")
    finally:
        i18n.set_language("en")
        owner.hosted.close()


HOSTILE_REFUSALS = [
    {"code": "evil"},                                                 # unknown code
    {"code": ["turn"]},
    {"code": "turn", "params": {"name": "x" * 500, "seat": 1}},       # too long
    {"code": "turn", "params": {"name": "Ana"}},                      # a param missing
    {"code": "turn", "params": {"name": "Ana", "seat": True}},        # wrong type
    {"code": "turn", "params": {"name": "Ana\x1b[2J", "seat": 1}},    # not printable
    {"code": "cannot_pay", "params": {"price": "{0.__class__}", "money": 3}},
    {"code": "seat", "params": [1, 2]},
    {"code": "seat", "params": {"held": 1, "asked": 2, "x": 1.5}},
    {"code": "taken", "params": {str(i): i for i in range(9)}},       # too many params
    {"code": "taken", "reason": "x" * 5000},
    {"code": "taken", "fatal": "yes"},
    {"code": "version", "params": {"host": "1", "host_protocol": "2", "you": "x",
                                   "you_protocol": 1}},
]


@pytest.mark.parametrize("payload", HOSTILE_REFUSALS)
def test_a_hostile_refusal_payload_is_rejected(payload):
    from hacienda_game.net.protocol import refusal_from_wire

    with pytest.raises(ProtocolError):
        refusal_from_wire({"type": "refused", **payload})


def test_hostile_refusals_over_the_socket_change_nothing_and_the_game_goes_on():
    from hacienda_game.client.netlink import NET_SENTENCES, UNREADABLE
    from hacienda_game.net.protocol import NET_REFUSALS

    assert set(NET_SENTENCES) | {"undo"} == set(NET_REFUSALS)     # each one worded (undo's
    # sentence is the keeper's, chosen by the engine's undo limit)
    owner = Owner(["remote", "remote"])
    try:
        a = GameLink.join(owner.address, owner.hosted.code)
        b = GameLink.join(owner.address, owner.hosted.code)
        settle(owner, a, b, until=lambda: a.started and b.started)
        for payload in HOSTILE_REFUSALS:            # as if the host sent them
            owner.hosted.net._call(owner.hosted.net._broadcast, {"type": "refused",
                                                                 "fatal": True, **payload})
        settle(owner, a, b, until=lambda: len(a.refusals) == len(HOSTILE_REFUSALS))
        assert set(a.refusals) == {UNREADABLE} and not a.refused     # none taken as a refusal
        assert a.closed is None and b.closed is None
        mover = a if owner.state.current == a.seat else b
        mover.perform(mover.legal()[0])
        settle(owner, a, b, until=lambda: len(a.history) == len(b.history) == 1)
        assert a.obs == observe(owner.state, a.seat) and b.obs == observe(owner.state, b.seat)
    finally:
        owner.hosted.close()


def test_an_older_hosts_version_refusal_is_still_shown_naming_both_versions():
    from hacienda_game.net.client import NetClient

    link = GameLink(NetClient("127.0.0.1:9", "ABCDEF"))      # never started: no socket
    link._take({"type": "refused", "code": "version", "fatal": True,
                "reason": "version mismatch: the host runs Hacienda 0.0.9 (protocol 1),"
                          " you run Hacienda 0.1.0 (protocol 2)\x1b[2J"})
    assert link.closed == ("The host runs another version of Hacienda: version mismatch: the"
                           " host runs Hacienda 0.0.9 (protocol 1), you run Hacienda 0.1.0"
                           " (protocol 2)[2J")          # its words, without control characters


def test_an_action_frame_sent_twice_applies_once_and_a_stale_one_changes_nothing():
    owner = Owner(["remote", "remote"])
    try:
        a = GameLink.join(owner.address, owner.hosted.code)
        b = GameLink.join(owner.address, owner.hosted.code)
        mover = a if owner.state.current == a.seat else b
        settle(owner, a, b, until=lambda: owner.hosted.started)
        frame = encode({"type": "act", "action": "buy land", "turn": 0, "seq": 1})
        mover.client.send_text(frame)                 # a blind draw, legal twice over
        mover.client.send_text(frame)                 # the very same frame again
        settle(owner, a, b, until=lambda: mover.refused)
        assert [str(x) for x in owner.state.history] == ["buy land"]     # applied once
        assert mover.refused[-1].code == "repeated"
        assert mover.refusals[-1] == "That move was already sent once: it counts once."
        after = owner.state.snapshot()
        # a new number for the position before the draw: stale, nothing changes
        mover.client.send({"type": "act", "action": "buy land", "turn": 0, "seq": 2})
        settle(owner, a, b, until=lambda: len(mover.refused) > 1)
        assert mover.refused[-1].code == "stale"
        assert owner.state.snapshot() == after
        # the game goes on: an action for the position now is taken
        mover.client.send({"type": "act", "action": "buy land", "turn": 1, "seq": 3})
        settle(owner, a, b, until=lambda: len(owner.state.history) == 2)
        assert len(owner.state.history) == 2
    finally:
        owner.hosted.close()


def test_no_path_of_the_hosts_machine_reaches_joiners_or_the_lan(tmp_path, monkeypatch):
    import shutil

    from hacienda_game.maps.catalog import maps_dir
    from hacienda_game.session.userdirs import user_maps_dir

    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / "home-of-carmen"))
    folder = user_maps_dir()
    folder.mkdir(parents=True)
    for name in ("symmetric.tmx", "hacienda.tsx", "hacienda.png"):
        shutil.copy(maps_dir() / name, folder / name)
    path = str((folder / "symmetric.tmx").resolve())             # a map from the maps folder
    plan = GamePlan(path, [SeatPlan(f"P{i}", "remote", i) for i in range(2)], 5)
    state = new_game(path, 2, 5)
    hosted = HostedGame(plan, state)
    address = f"127.0.0.1:{hosted.start(state)[1]}"
    heard: list[str] = []
    try:
        link = GameLink.join(address, hosted.code, tap=heard.append)
        assert link.board.title() == state.board.title()        # it still finds the map
        received = "".join(heard)
        assert heard and "home-of-carmen" not in received and str(tmp_path) not in received
        assert json.loads(heard[0])["map"] == "symmetric.tmx"
        link.close()
    finally:
        hosted.close()
    said = announcement(path, 2, False)
    assert said["map"] == "symmetric.tmx"
    assert not any("home-of-carmen" in v or "/" in v for v in said.values())


def test_an_unpaired_surrogate_in_hello_is_refused_cleanly(caplog):
    import logging

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    owner = Owner(["remote", "remote"])
    logged: list[str] = []
    owner.hosted.net.log = logged.append
    caplog.set_level(logging.DEBUG)
    try:
        for field in ("code", "name", "version"):
            hello = {"type": "hello", "protocol": PROTOCOL, "version": __version__,
                     "code": owner.hosted.code, field: "Ana\ud800"}
            text = json.dumps(hello)                  # ASCII: the surrogate as \\ud800
            assert "\\ud800" in text
            with connect(f"ws://{owner.address}/", open_timeout=5) as ws:
                ws.send(text)
                answer = json.loads(ws.recv(timeout=5))
                with pytest.raises(ConnectionClosed):
                    ws.recv(timeout=5)
                assert ws.close_code == 1008
            assert answer["type"] == "refused" and answer["code"] == "malformed"
            assert "not valid text" in answer["reason"] and answer.get("fatal")
        assert not any("Traceback" in line for line in logged)
        assert "Traceback" not in caplog.text and "1011" not in caplog.text
        a = GameLink.join(owner.address, owner.hosted.code)          # the host plays on
        assert a.seat is not None
        a.close()
    finally:
        owner.hosted.close()


def test_refused_connections_log_no_traceback_and_at_most_a_few_lines(caplog):
    import logging
    import socket

    owner = Owner(["remote", "remote"])
    caplog.set_level(logging.INFO)
    host, port = owner.address.split(":")
    try:
        for _ in range(40):                           # strangers speaking no WebSocket
            with socket.create_connection((host, int(port)), timeout=5) as sock:
                sock.sendall(b"GARBAGE / NOTHING\r\n\r\n")
                sock.settimeout(5)
                while sock.recv(4096):                # the host answers and closes
                    pass
        a = GameLink.join(owner.address, owner.hosted.code)          # the host plays on
        a.close()
        records = [r for r in caplog.records if r.name == "websockets.server"]
        assert not any(r.exc_info for r in records)
        assert "Traceback" not in caplog.text
        assert len(records) <= 10                     # rate-limited: 40 refusals, few lines
    finally:
        owner.hosted.close()


def test_a_joiner_gets_a_map_it_lacks_from_the_host_by_plain_names_only(tmp_path, monkeypatch):
    import base64
    import shutil

    from hacienda_game.maps.catalog import maps_dir
    from hacienda_game.session.userdirs import user_maps_dir

    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / "home-of-carmen"))
    folder = user_maps_dir() / "valleys"
    folder.mkdir(parents=True)
    for name in ("hacienda.tsx", "hacienda.png"):
        shutil.copy(maps_dir() / name, folder / name)
    text = (maps_dir() / "symmetric.tmx").read_text(encoding="utf-8")
    (folder / "carmens_valley.tmx").write_text(text.replace("</map>", "</map>\n"),
                                               encoding="utf-8")
    path = str((folder / "carmens_valley.tmx").resolve())
    plan = GamePlan(path, [SeatPlan(f"P{i}", "remote", i) for i in range(2)], 5)
    state = new_game(path, 2, 5)
    hosted = HostedGame(plan, state)
    address = f"127.0.0.1:{hosted.start(state)[1]}"
    heard: list[str] = []
    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path / "joiner"))     # another machine
    try:
        link = GameLink.join(address, hosted.code, tap=heard.append)
        assert link.board.title() == state.board.title()
        assert link.board.spaces == state.board.spaces
        assert link.asked_map and str(tmp_path / "joiner") in link.board.path
        received = "".join(heard)
        assert "home-of-carmen" not in received and str(tmp_path) not in received
        assert "valleys" not in received                  # not even the folder's name
        package = next(json.loads(t) for t in heard if '"mapdata"' in t[:30])
        assert sorted(package["files"]) == ["carmens_valley.tmx", "hacienda.png",
                                            "hacienda.tsx"]
        assert base64.b64decode(package["files"]["hacienda.png"]) == \
            (folder / "hacienda.png").read_bytes()
        assert link.obs is not None and link.obs.players == 2      # and it plays on it
        link.close()
    finally:
        hosted.close()
    said = announcement(state.board.title(), 2, False)
    assert set(said) == {"map", "free", "version", "tls"}
    assert said["map"] == state.board.title() and said["free"] == "2"


@pytest.mark.parametrize("files, why", [
    ({"a.tmx": "AAAA", "../evil.png": "AAAA"}, "name"),
    ({"a.tmx": "AAAA", "/etc/passwd": "AAAA"}, "name"),
    ({"a.tmx": "AAAA", "sub\\b.png": "AAAA"}, "name"),
    ({"a.tmx": "not base64!"}, "cannot read"),
    ({"a.tmx": "AAAA"}, "not the one"),
    ({"b.png": "AAAA"}, "not in what"),
    ({f"f{i}.png": "AAAA" for i in range(17)}, "too many"),
    ([], "no map"),
])
def test_a_hostile_map_package_is_refused(files, why, tmp_path, monkeypatch):
    from hacienda_game.net.mapshare import unpack

    monkeypatch.setenv("HACIENDA_HOME", str(tmp_path))
    with pytest.raises(ProtocolError, match=why):
        unpack(files, "0123456789abcdef")
    assert not any((tmp_path / "received-maps").rglob("*.tmx")) \
        if (tmp_path / "received-maps").exists() else True
