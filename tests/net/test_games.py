"""Whole networked games on loopback, real sockets and real processes: a
``hacienda serve`` host and three client processes whose seats are played by
AI levels through the client's own link (GameLink), plus a spectator.

After every action each client's view equals ``observe(host_state, seat)``
(the host writes its digest of that per seat and action, the client its
digest of the view it rebuilt from the wire), and every byte a seat was sent
keeps the other seats' secrets (R50, R60)."""

from __future__ import annotations

import json
import re

import pytest

from hacienda_game.engine import new_game, parse_action
from hacienda_game.engine.components import ANIMALS, LAND_CARDS
from hacienda_game.net.loopback import host_views, lines, result, start_bot, start_host, stop, wait

SEED = 1234567891          # distinctive: its digits must never reach a client
CARDS = set(LAND_CARDS) | set(ANIMALS)
SECRET_KEYS = {"seed", "land_deck", "animal_draw", "animal_waiting", "animal_removed",
               "header", "record", "land_shuffles", "plan"}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("netgame")
    host = start_host(tmp, "--map", "symmetric", "--seats", "remote,easy,remote,remote",
                      "--port", "0", "--seed", str(SEED), "--trace", str(tmp / "host.trace"),
                      "--save", str(tmp / "game.json"))
    bots = [start_bot(tmp, host, f"c{i}", "--level", level, "--capture",
                      str(tmp / f"c{i}.cap"), "--seed", str(i))
            for i, level in enumerate(("easy", "random", "easy"))]
    watcher = start_bot(tmp, host, "spectator", "--spectate", "--capture",
                        str(tmp / "spectator.cap"))
    try:
        codes = wait(bots + [watcher], 120)
        assert wait([host.proc], 20) == [0], host.text()
    finally:
        stop(host.proc, *bots, watcher)
    assert codes == [0, 0, 0, 0], [result(tmp, n) for n in ("c0", "c1", "c2", "spectator")]
    return tmp, host


def test_three_remote_seats_play_a_whole_game_and_every_view_matches_the_host(game):
    tmp, host = game
    truth = host_views(tmp / "host.trace")
    seats = set()
    for name in ("c0", "c1", "c2"):
        out = result(tmp, name)
        assert out["over"] is True
        seen = lines(tmp / f"{name}.trace")
        seat = seen[0]["seat"]
        seats.add(seat)
        # one view per action (and the opening one), each equal to observe(host, seat)
        assert sorted({d["n"] for d in seen}) == sorted(n for n, s in truth if s == seat)
        assert all(truth[(d["n"], seat)] == d["view"] for d in seen)
        assert seen[-1]["n"] == out["actions"] > 100
    assert seats == {0, 2, 3}
    log = host.text()
    assert "game over after" in log
    assert len(re.findall(r"\((seat \d|spectator)\) joined", log)) == 4
    assert result(tmp, "spectator")["seat"] is None


def _walk(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, path + (i,))


def test_no_byte_sent_to_a_seat_holds_another_seats_hand_the_deck_or_the_seed(game):
    tmp, _host = game
    final = result(tmp, "c0")["actions"]
    history = [json.loads(line) for line in (tmp / "c0.cap").read_text().splitlines()]
    texts = [m for m in history if m["type"] == "state"]
    actions = []
    for m in texts:
        actions[m["history_from"]:] = m["history"]
    assert len(actions) == final
    # The host's game, replayed from the seed the clients never saw.
    state = new_game("symmetric", 4, SEED)
    truth = [state.clone()]
    for text in actions:
        state.apply(parse_action(text))
        truth.append(state.clone())
    for name in ("c0", "c1", "c2", "spectator"):
        raw = (tmp / f"{name}.cap").read_text(encoding="utf-8")
        assert str(SEED) not in raw and hex(SEED)[2:] not in raw.lower()
        messages = [json.loads(line) for line in raw.splitlines()]
        me = next(m for m in messages if m["type"] == "welcome")["seat"]
        checked = 0
        known: list[str] = []
        for m in messages:
            for path, value in _walk(m):
                assert not (path and path[-1] in SECRET_KEYS), (name, path)
                # No list of cards but the face-up display: no deck, no removed cards.
                if isinstance(value, list) and len(value) >= 2 and all(
                        isinstance(v, str) and v in CARDS for v in value):
                    assert path[-1] in ("land_face_up", "animal_face_up"), (name, path)
            if m["type"] != "state":
                continue
            known[m["history_from"]:] = m["history"]
            now = truth[len(known)]
            obs = m["obs"]
            assert set(obs["seats"][0]) == {"money", "score", "land_cards", "animal_cards",
                                            "known_land", "known_animal", "land_hexes",
                                            "animal_hexes", "scorings"}
            if me is None:
                assert obs["land_hand"] == [0] * 6 and obs["animal_hand"] == [0] * 4
            else:
                assert obs["seat"] == me
                assert obs["land_hand"] == now.seats[me].land_hand
                assert obs["animal_hand"] == now.seats[me].animal_hand
            assert obs["land_face_up"] == now.land_face_up
            for event in m["events"]:
                if event["kind"] == "card_bought" and not event["data"]["face_up"]:
                    # a blind draw: only its buyer learns the card
                    assert (event["data"]["card"] is None) == (event["seat"] != me)
                    checked += event["seat"] != me
        assert checked > 3, name


def _self_signed(tmp) -> tuple[str, str]:
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = tmp / "cert.pem", tmp / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return str(cert_file), str(key_file)


def test_a_game_over_tls_with_a_self_signed_certificate(tmp_path):
    pytest.importorskip("cryptography")
    cert, key = _self_signed(tmp_path)
    host = start_host(tmp_path, "--map", "symmetric", "--seats", "remote,easy", "--port", "0",
                      "--cert", cert, "--key", key)
    try:
        plain = start_bot(tmp_path, host, "plain")        # ws:// to a wss:// host: refused
        bot = start_bot(tmp_path, f"wss://{host.address}", "tls", "--cafile", cert,
                        code=host.code)
        assert wait([bot, plain], 60) == [0, 3]
        assert result(tmp_path, "tls")["over"] is True
        assert "listening on wss://" in host.text()
    finally:
        stop(host.proc)
