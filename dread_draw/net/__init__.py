"""Play across a network: a host that owns the only game, and clients, one per seat.

`host` runs the game through the one driver (`Match.play`): a remote seat is an `Agent`
whose `choose` sends that seat its view and awaits the client's answer. `privacy` decides,
in one place, what of the omniscient event log each seat may receive (R11); `protocol` is
the message schema (one JSON object per WebSocket text frame, with a version number);
`client` is the library a seat's screen plays through; `console` holds the plain-terminal
host and client behind `dread-draw host` and `dread-draw join`. docs/NETWORK.md describes
the messages and the client library's interface.
"""
