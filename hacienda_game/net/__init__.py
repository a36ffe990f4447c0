"""Network play (no pygame): the host holds the only true game; remote seats
get their seat's view (`observe`) and the events as `seen_by` them, never the
whole state or the seed.

- `protocol`: the versioned JSON messages, their limits and checks;
- `host`: the server on its own thread (websockets on an asyncio loop);
- `hosting`: the host's authority: remote actions through the engine's checks;
- `client`: the connection a joining player keeps, on its own thread;
- `discovery`: finding games on the local network (mDNS with zeroconf);
- `serve`: ``hacienda serve``, the headless host.
"""

SERVICE_TYPE = "_hacienda._tcp.local."
REMOTE = "remote"          # the seat kind of a player on another machine
