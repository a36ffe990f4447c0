"""A joined seat played by an AI level through the client's own link
(`GameLink`): what the tests and tools/net_soak.py run as client processes.

    python -m hacienda_game.client.netbot ADDRESS CODE --level easy
        [--token T | --token-file F] [--spectate] [--trace F] [--capture F]

Its seat is a remote seat of the host's table: it chooses as the table's
AI seats do (`session.table.AISeat`: the level on the view the host sent,
never anything else; a failing seat plays a legal fallback and says so on
stderr), seeded from its own AI seed (``--seed``, else drawn from the
operating system), sends the action, and waits for the host's answer.  It
prints one JSON line when the game ends (actions, round trips) and exits 0,
or exits 3 saying why not.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time

from ..net.protocol import encode, obs_to_wire
from .netlink import GameLink, LinkError


def view_digest(obs) -> str:
    return hashlib.sha256(encode(obs_to_wire(obs)).encode()).hexdigest()[:20]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="netbot")
    ap.add_argument("address")
    ap.add_argument("code")
    ap.add_argument("--level", default="easy")
    ap.add_argument("--token")
    ap.add_argument("--token-file", help="read the seat's token from here (if it exists)"
                    " and write it there once joined")
    ap.add_argument("--seat", type=int)
    ap.add_argument("--spectate", action="store_true")
    ap.add_argument("--cafile", help="trust this certificate (a host's self-signed one)")
    ap.add_argument("--trace", help="append each view's digest here")
    ap.add_argument("--capture", help="append every text the host sent here")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--seed", type=int, default=None,
                    help="the seat's AI seed (default: drawn from the operating system)")
    ap.add_argument("--delay", type=float, default=0.0,
                    help="seconds to wait before each action (a slower player)")
    args = ap.parse_args(argv)
    from ..ai import decision_seed
    from ..session.plan import new_ai_seed
    from ..session.table import AISeat

    token = args.token
    if args.token_file and not token:
        try:
            with open(args.token_file, encoding="utf-8") as f:
                token = f.read().strip() or None
        except OSError:
            token = None
    capture = open(args.capture, "a", encoding="utf-8") if args.capture else None  # noqa: SIM115
    trace = open(args.trace, "a", encoding="utf-8") if args.trace else None      # noqa: SIM115

    def tap(text: str) -> None:
        if capture is not None:
            capture.write(text + "\n")
            capture.flush()

    def heard(obs) -> None:
        if trace is not None:
            seat = None if args.spectate else obs.seat
            trace.write(json.dumps({"n": len(obs.history), "seat": seat,
                                    "view": view_digest(obs), "current": obs.current,
                                    "taken": obs.actions_taken}) + "\n")
            trace.flush()

    try:
        link = GameLink.join(args.address, args.code, token=token, spectate=args.spectate,
                             seat=args.seat, cafile=args.cafile, tap=tap, heard=heard)
    except LinkError as e:
        print(json.dumps({"error": str(e)}), flush=True)
        return 3
    if args.token_file and link.client.token:
        # the token is the seat's key: a file only its owner reads (0600)
        fd = os.open(args.token_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(link.client.token)
    seat = AISeat(args.level)
    ai_seed = new_ai_seed() if args.seed is None else args.seed
    asked = -1                         # the view version an action was sent for
    deadline = time.monotonic() + args.timeout
    while not link.obs.over:
        link.pump(block=0.05)
        if link.closed and not link.obs.over:      # (the host's goodbye follows the end)
            print(json.dumps({"error": link.closed}), flush=True)
            return 3
        if time.monotonic() > deadline:
            print(json.dumps({"error": "timed out"}), flush=True)
            return 3
        if link.my_turn and asked != link.version:
            if args.delay:
                time.sleep(args.delay)
                link.pump()
                if not link.my_turn:
                    continue
            obs = link.obs
            answer = seat.answer_now(obs, decision_seed(ai_seed, obs.seat, len(obs.history)))
            if answer.problem:
                print(f"netbot: {answer.problem}; a quick legal move instead", file=sys.stderr)
            asked = link.version
            link.perform(answer.result())
        elif link.refusals and asked == link.version:
            asked = -1                 # refused: choose again from the same view
            link.refusals.clear()
    rtt = sorted(link.round_trips)
    print(json.dumps({"over": True, "seat": link.seat, "actions": len(link.history),
                      "round_trips": rtt}), flush=True)
    link.close()
    for f in (capture, trace):
        if f is not None:
            f.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
