"""The network messages: one JSON object per frame, each with a `type`.

A client opens with `pake` (the protocol version, its Dread Draw version, its half of the key
exchange on the join code), then says `hello` (a name, and its seat token when it rejoins)
and then only `answer`s its seat's Decisions; the host says `welcome` (the seat, its token,
the deck, its pace), then `update` (that seat's view, the events it may see, who sits where
and whom the table waits for) whenever something changes, and `error` (a code and a
sentence) when it refuses something. Either side says `alive` when it has been quiet (a
keep-alive). docs/NETWORK.md is the reference; `PROTOCOL` is its version: a host and a
client speak only the same one.

A `View` travels whole (R11: it is exactly what the seat may know), field by field, and is
decoded back into the very same `View` — checked here against the View's fields, so a field
added to the state declaration cannot be forgotten by the network. The rules' pending steps
(`frames`, `resume`: public bookkeeping) travel by name, and are decoded only to the rules'
own step functions. Everything a host or client receives is checked before it is used: a
message that is not what the schema says is a `ProtocolError`, never a crash.
"""

from __future__ import annotations

import hmac
import inspect
import json
import secrets
import sys
from collections.abc import Callable, Mapping
from types import MappingProxyType, ModuleType
from typing import Any

from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import NAME_FAULTS, clean
from dread_draw.i18n import N_, _, fmt, placeholders
from dread_draw.rules import EFFECTS, KINDS, Decision, Deck, PublicView, View
from dread_draw.rules.view import Known

PROTOCOL = 3  # the message schema's version: bump it with any change a peer would notice
#              (2: the key exchange on the join code, then every frame sealed; 3: the
#              hello's proof of the key, and keep-alives both ways)
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's: no I, L, O or U
CODE_LENGTH = 8  # 40 random bits, read out as two groups of four: "K7QM-4XRD"
_READ_AS = {"O": "0", "I": "1", "L": "1"}  # what people mean when they type these

Message = dict[str, Any]


class ProtocolError(DreadDrawError):
    """A message that does not follow the schema (from the other side of the connection)."""


# ------------------------------------------------------------------ join codes and tokens

def new_code() -> str:
    """A fresh join code: random (the `secrets` module), easy to read out."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normal_code(text: str) -> str:
    """A typed code as the host compares it: upper case, without spaces or dashes, with the
    letters people confuse read as digits ("k7qm 4xrd" and "K7QM-4XRD" are the same code)."""
    out = []
    for ch in text.upper():
        if ch in " -":
            continue
        out.append(_READ_AS.get(ch, ch))
    return "".join(out)


def same_code(typed: str, code: str) -> bool:
    """Whether a typed code is the host's (compared in constant time)."""
    return hmac.compare_digest(normal_code(typed).encode("utf-8", "replace"),
                               normal_code(code).encode())


def new_token() -> str:
    """A seat token: the secret that lets its holder rejoin that seat."""
    return secrets.token_urlsafe(24)


# ------------------------------------------------------------------------------ frames

def dumps(message: Message) -> str:
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def loads(text: str | bytes) -> Message:
    """One frame's message: a JSON object with a string `type` (else ProtocolError)."""
    if isinstance(text, bytes):
        raise ProtocolError("a binary frame; messages are JSON text")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:  # JSONDecodeError is a ValueError
        raise ProtocolError(f"not valid JSON ({str(e)[:80]})") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("not a message: a JSON object with a \"type\" is expected")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number here")


def is_int(value: object) -> bool:
    """An exact whole number: not a bool, a float or a string that looks like one."""
    return type(value) is int


# ------------------------------------------------------------------------------ messages

def pake(message: str, version: str) -> Message:
    """The client's first message, in the clear: the versions, and its half of the key
    exchange on the join code (`secure.Exchange`)."""
    return {"type": "pake", "protocol": PROTOCOL, "version": version, "pake": message}


def hello(name: str, token: str | None, watch: bool = False) -> Message:
    """The client's first sealed message: who it is (the code was proven by the seal)."""
    message: Message = {"type": "hello", "name": name}
    if watch:
        message["watch"] = True
    if token is not None:
        message["token"] = token
    return message


ALIVE: Mapping[str, str] = MappingProxyType({"type": "alive"})
"""A keep-alive, either way: sent after `alive` seconds of quiet (the host's welcome says how
many); a side that hears nothing for three times that takes the connection for dead."""


def answer(number: int, option: int) -> Message:
    """The answer to the Decision numbered `number` (`Decision.number`)."""
    return {"type": "answer", "decision": number, "option": option}


SAID: Mapping[str, str] = MappingProxyType({
    "version": N_("This host runs Dread Draw {ours} (network protocol {our_protocol}); you "
                  "run Dread Draw {theirs} (protocol {protocol}). Both sides need versions "
                  "that speak the same protocol: the same version of Dread Draw is surest."),
    "code": N_("That join code is not this game's. Check it with the host."),
    "slow-down": N_("Too many wrong join codes were tried from here lately. Wait a little "
                    "and try again."),
    "hello": N_("Say hello first."),
    "damaged": N_("Your join was changed on the way to the host. Try again."),
    "name": N_("That name cannot be used: {problem}."),
    "name-needed": N_("A name is needed to take a seat."),
    "name-refused": N_("The host does not let that name sit at this table."),
    "name-taken": N_("Someone at this table is already called {name}. Join with another name "
                     "(with --name)."),
    "full": N_("Every seat at this table is taken."),
    "full-started": N_("The game has started and every seat is taken."),
    "full-watchers": N_("This table has as many watchers as it can take."),
    "freed": N_("The host gave your seat to someone else."),
    "taken-over": N_("Your seat was taken over by a newer connection with your seat token."),
    "joined": N_("You already sit at this table."),
    "flood": N_("Too many messages: the connection is closed."),
    "bad-message": N_("Not understood: {problem}."),
    "bad-answer": N_("Not understood: {problem}."),
    "unknown-type": N_("Unknown message type {kind}."),
    "watching": N_("You are watching this table: you cannot play."),
    "not-your-turn": N_("That decision is not yours."),
    "stale": N_("That answer is for another question: the table has moved on."),
    "illegal": N_("That is not one of the answers offered."),
    "not-waiting": N_("That decision is being answered already."),
    **NAME_FAULTS,
})
"""What the host says to a client, by id: an `error` carries the id (`say`) and the
sentence's parameters (`args`), and each client says it in its player's language; `message`
holds the English for a client that does not know the id."""

CLOSED: Mapping[str, str] = MappingProxyType({
    "the host stopped": N_("The host stopped the game; it stays saved on the host's "
                           "computer."),
    "the game is over": N_("The game is over."),
})
"""The host's reasons for closing a connection (WebSocket close reasons, sent as they are),
as a client tells them."""


def error(code: str, say: str | None = None, args: Mapping[str, Any] | None = None,
          **more: Any) -> Message:
    """An `error` with its `code`, the id of its sentence in `SAID` (the code if not given)
    and the sentence's parameters: whole numbers, text, or another sentence as
    {"say", "args"}."""
    key = say or code
    values = dict(args or {})
    return {"type": "error", "code": code, "message": words(key, values, lambda t: t) or "",
            "say": key, "args": values, **more}


def said(message: Message) -> str:
    """What an `error` from the host says, in the player's language: from its `say` and
    `args` when this client knows the sentence, else the host's English `message`."""
    text = words(message.get("say") or message.get("code"), message.get("args"), _)
    if text is None:
        raw = message.get("message")
        text = clean(raw) if isinstance(raw, str) else ""
    return text


def closed(reason: str) -> str | None:
    """The player's words for a reason the host closed the connection with (None: not
    one of the host's reasons)."""
    template = CLOSED.get(reason)
    return None if template is None else _(template)


def words(key: Any, args: Any, tr: Callable[[str], str], depth: int = 0) -> str | None:
    """The sentence `key` of `SAID` with `args` filled in, translated by `tr` (None: an
    unknown sentence, or parameters that do not fit it)."""
    template = SAID.get(key) if isinstance(key, str) else None
    if template is None or not isinstance(args, dict) or depth > 1:
        return None
    values: dict[str, object] = {}
    for name in placeholders(template):
        value = args.get(name)
        if isinstance(value, dict):  # a sentence inside a sentence (why a name is refused)
            value = words(value.get("say"), value.get("args"), tr, depth + 1)
        if isinstance(value, str):
            values[name] = clean(value)[:200]
        elif is_int(value):
            values[name] = value
        else:
            return None
    return fmt(tr(template), **values)


def parse_answer(message: Message) -> tuple[int, int]:
    """(decision number, option) of an `answer`; ProtocolError unless both are exact ints."""
    number, option = message.get("decision"), message.get("option")
    if not is_int(number) or not is_int(option):
        raise ProtocolError("an answer needs \"decision\" and \"option\" as whole numbers")
    assert isinstance(number, int) and isinstance(option, int)
    return number, option


# --------------------------------------------------------------------------- the rules' steps

def _modules() -> list[ModuleType]:
    """The modules whose functions may be steps: the rules' game and every module that
    registered an effect (a new effect's steps live beside its `run`)."""
    names = {"dread_draw.rules.game", "dread_draw.rules.effects"}
    names.update(spec.run.__module__ for spec in EFFECTS.values() if spec.run is not None)
    return [sys.modules[n] for n in sorted(names) if n in sys.modules]


_steps: dict[str, Callable[..., None]] = {}
_names: dict[Callable[..., None], str] = {}
_known_effects = -1


def _step_tables() -> tuple[dict[str, Callable[..., None]], dict[Callable[..., None], str]]:
    global _known_effects
    if _known_effects != len(EFFECTS):  # an effect registered since: look at its module too
        _known_effects = len(EFFECTS)
        for module in _modules():
            for name, fn in vars(module).items():
                # (a routine: a compiled core's steps are built-in functions, setup.py)
                if inspect.isroutine(fn) and getattr(fn, "__module__", None) == module.__name__:
                    key = f"{module.__name__}:{name}"
                    _steps[key] = fn
                    _names[fn] = key
    return _steps, _names


def _step_to_json(frame: Any) -> Any:
    if frame is None:
        return None
    fn, args = frame
    names = _step_tables()[1]
    if fn not in names:
        raise ValueError(f"{fn!r} is not a step of the rules")
    return [names[fn], list(args)]


def _plain(value: Any, where: str) -> Any:
    """A step argument back from JSON: lists become tuples; only numbers, text, flags and
    null are allowed."""
    if isinstance(value, list):
        return tuple(_plain(v, where) for v in value)
    if value is None or isinstance(value, (int, str, bool)):
        return value
    raise ProtocolError(f"{where}: a step argument that is not plain data")


def _step_from_json(data: Any, where: str) -> Any:
    if data is None:
        return None
    if not (isinstance(data, list) and len(data) == 2 and isinstance(data[0], str)
            and isinstance(data[1], list)):
        raise ProtocolError(f"{where}: not a step of the rules")
    fn = _step_tables()[0].get(data[0])
    if fn is None:
        raise ProtocolError(f"{where}: {data[0][:80]!r} is not a step of these rules (the "
                            "host may run another version)")
    return (fn, _plain(data[1], where))


# ---------------------------------------------------------------------------- decisions

def decision_to_json(d: Decision | None) -> Message | None:
    if d is None:
        return None
    pick = None
    if d.pick is not None:
        effect = _effect_of_pick(d)
        pick = [effect, EFFECTS[effect].picks.index(d.pick)]
    return {"seat": d.seat, "kind": d.kind, "options": list(d.options), "card": d.card,
            "prompt": d.prompt, "pick": pick, "number": d.number}


def _effect_of_pick(d: Decision) -> str:
    for name, spec in EFFECTS.items():
        if d.pick in spec.picks:
            return name
    raise ValueError(f"the pick {d.pick!r} belongs to no registered effect")


def decision_from_json(data: Any, deck: Deck, where: str = "decision") -> Decision | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ProtocolError(f"{where}: not a decision")
    seat, kind, options = data.get("seat", ...), data.get("kind"), data.get("options")
    card, prompt, number = data.get("card", ...), data.get("prompt"), data.get("number", ...)
    if not (is_int(seat) and kind in KINDS and isinstance(options, list)
            and all(is_int(o) for o in options) and is_int(card) and isinstance(prompt, str)
            and is_int(number)):
        raise ProtocolError(f"{where}: a decision with missing or wrong fields")
    pick = None
    raw = data.get("pick")
    if raw is not None:
        if not (isinstance(raw, list) and len(raw) == 2 and raw[0] in EFFECTS
                and is_int(raw[1]) and 0 <= raw[1] < len(EFFECTS[raw[0]].picks)):
            raise ProtocolError(f"{where}: a decision naming an unknown ability parameter")
        pick = EFFECTS[raw[0]].picks[raw[1]]
    return Decision(seat, kind, tuple(options), card, prompt, pick, number)


# --------------------------------------------------------------------------------- views

INT, BOOL, INTS, BOOLS, CARDS, ZONES, KNOWN, KNOWNS = (
    "int", "bool", "ints", "bools", "cards", "zones", "known", "knowns")
USES, PENDING, STEP, STEPS = "uses", "pending", "step", "steps"

VIEW_FIELDS: Mapping[str, str] = MappingProxyType({
    "seat": INT, "players": INT, "draw_count": INT, "draw_known": KNOWN,
    "life_counts": INTS, "life_known": KNOWNS, "looking": CARDS, "looking_counts": INTS,
    "looking_known": ZONES, "discard": CARDS, "fortune": CARDS, "rows": ZONES,
    "reserves": ZONES, "in_round": BOOLS, "defeated": BOOLS, "totals": INTS, "uses": USES,
    "round": INT, "starting_seat": INT, "current": INT, "last_winner": INT,
    "quiet_rounds": INT, "damaged": BOOL, "winner": INT, "over": BOOL, "stalemate": BOOL,
    "decisions": INT, "next_seat": INT, "pending": PENDING, "resume": STEP, "frames": STEPS,
})
"""How each field of a View travels (the deck travels once, in `welcome`)."""

if set(VIEW_FIELDS) | {"deck"} != set(View._fields):  # a new View field needs a way here
    raise TypeError(f"the network's view fields {sorted(VIEW_FIELDS)} differ from View's "
                    f"{sorted(View._fields)}")


def view_to_json(view: View) -> Message:
    """A View as a JSON object (tuples become lists; the deck is left out)."""
    out: Message = {}
    for name, kind in VIEW_FIELDS.items():
        value = getattr(view, name)
        if kind == USES:
            value = sorted([c, n] for c, n in value.items())
        elif kind == PENDING:
            value = decision_to_json(value)
        elif kind == STEP:
            value = _step_to_json(value)
        elif kind == STEPS:
            value = [_step_to_json(f) for f in value]
        out[name] = value
    return out


def public_to_json(public: PublicView) -> Message:
    """What a spectator is sent (R11.1): the public view's fields, as a View's travel."""
    out: Message = {}
    for name in PublicView._fields:
        if name == "deck":
            continue
        value = getattr(public, name)
        kind = VIEW_FIELDS[name]
        if kind == USES:
            value = sorted([c, n] for c, n in value.items())
        elif kind == PENDING:
            value = decision_to_json(value)
        out[name] = value
    return out


def places_to_json(places: Known) -> list[list[int]]:
    """Places in a face-down pile, (depth from the top, uid), as a seat's update carries
    the Draw Deck's public ones (R11.4: cards put face up on it)."""
    return [[depth, uid] for depth, uid in places]


def places_from_json(data: Any, deck: Deck, draw_count: int) -> Known:
    """The Draw Deck's public places a host sent a seat, checked: each a place in the Draw
    Deck and a card of this deck, none twice."""
    if not isinstance(data, list) or not all(
            isinstance(p, list) and len(p) == 2 and is_int(p[0]) and is_int(p[1])
            and 0 <= p[0] < draw_count and 0 <= p[1] < deck.size for p in data):
        raise ProtocolError("the update's 'face_up' is not a list of Draw Deck places")
    places = tuple((int(p[0]), int(p[1])) for p in data)
    if len({d for d, _c in places}) != len(places) or len({c for _d, c in places}) != len(
            places):
        raise ProtocolError("the update's 'face_up' names a place or a card twice")
    return tuple(sorted(places))


def public_from_json(data: Any, deck: Deck) -> PublicView:
    """The public view a host sent a spectator, checked as a seat's view is (the fields a
    seat alone has are not sent, and are not made up here)."""
    if not isinstance(data, dict):
        raise ProtocolError("the view is not a JSON object")
    players: Any = data.get("players")
    if not is_int(players) or not 0 < players <= 16:
        raise ProtocolError("the view's 'players' is not a number of players")
    extra = set(data) - set(PublicView._fields)
    if extra:
        raise ProtocolError(f"a spectator's view has private fields {sorted(extra)[:3]}")
    filled = {**data, "seat": 0, "life_known": [[] for _ in range(players)], "looking": [],
              "looking_known": [[] for _ in range(players)], "resume": None, "frames": []}
    view = view_from_json(filled, deck)
    return PublicView(**{name: getattr(view, name) for name in PublicView._fields})


def view_from_json(data: Any, deck: Deck) -> View:
    """The View a host sent, checked field by field (ProtocolError if anything is off)."""
    if not isinstance(data, dict):
        raise ProtocolError("the view is not a JSON object")
    fields: dict[str, Any] = {"deck": deck}
    size = deck.size

    def card(c: Any, name: str) -> int:
        if not is_int(c) or not 0 <= c < size:
            raise ProtocolError(f"the view's {name!r} names no card of this deck")
        return int(c)

    def ints(v: Any, name: str) -> tuple[int, ...]:
        if not isinstance(v, list) or not all(is_int(x) for x in v):
            raise ProtocolError(f"the view's {name!r} is not a list of whole numbers")
        return tuple(v)

    def cards(v: Any, name: str) -> tuple[int, ...]:
        return tuple(card(c, name) for c in ints(v, name))

    def known(v: Any, name: str) -> tuple[tuple[int, int], ...]:
        if not isinstance(v, list) or not all(isinstance(p, list) and len(p) == 2 for p in v):
            raise ProtocolError(f"the view's {name!r} is not a list of places")
        return tuple((ints(p, name)[0], card(p[1], name)) for p in v)

    def rows(v: Any, name: str, each: Callable[[Any, str], Any]) -> tuple[Any, ...]:
        if not isinstance(v, list):
            raise ProtocolError(f"the view's {name!r} is not a list")
        return tuple(each(z, name) for z in v)

    for name, kind in VIEW_FIELDS.items():
        if name not in data:
            raise ProtocolError(f"the view has no {name!r}")
        v = data[name]
        if kind == INT:
            if not is_int(v):
                raise ProtocolError(f"the view's {name!r} is not a whole number")
        elif kind == BOOL:
            if type(v) is not bool:
                raise ProtocolError(f"the view's {name!r} is not true or false")
        elif kind == INTS:
            v = ints(v, name)
        elif kind == BOOLS:
            if not isinstance(v, list) or not all(type(x) is bool for x in v):
                raise ProtocolError(f"the view's {name!r} is not a list of true or false")
            v = tuple(v)
        elif kind == CARDS:
            v = cards(v, name)
        elif kind == ZONES:
            v = rows(v, name, cards)
        elif kind == KNOWN:
            v = known(v, name)
        elif kind == KNOWNS:
            v = rows(v, name, known)
        elif kind == USES:
            v = MappingProxyType({card(p[0], name): ints(p, name)[1] for p in
                                  _pairs(v, name)})
        elif kind == PENDING:
            v = decision_from_json(v, deck, "the view's pending decision")
        elif kind == STEP:
            v = _step_from_json(v, "the view's resume")
        elif kind == STEPS:
            if not isinstance(v, list):
                raise ProtocolError("the view's frames are not a list")
            v = tuple(_step_from_json(f, "the view's frames") for f in v)
        fields[name] = v
    return View(**fields)


def _pairs(v: Any, name: str) -> list[list[Any]]:
    if not isinstance(v, list) or not all(isinstance(p, list) and len(p) == 2 for p in v):
        raise ProtocolError(f"the view's {name!r} is not a list of pairs")
    return v
