"""No file a person hands the program can crash it: mutated saves and mutated deck files
either load or raise the project's own error type (SaveError / DeckError), never anything
else. Hypothesis mutates real files: bytes, lines, and values deep inside the structure; and
it writes hostile deck files from scratch, which `cards` must print as text or refuse."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dread_draw.base.errors import DeckError
from dread_draw.cli import app as cli_app
from dread_draw.deck.cards import load_deck, parse_deck, standard_deck_path
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.store.saves import Save, SaveError, parse_save, rebuild, save_deck

PLAIN = Path(__file__).parent / "data" / "plain.toml"
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def finished_save() -> bytes:
    deck = load_deck(PLAIN)
    match = Match(deck, [SeatSpec("Ana", "human"), SeatSpec("Ben", "random"),
                         SeatSpec("Cal", "easy")], 4)
    while not match.over:
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    return Save.of(match, deck_text=PLAIN.read_text()).to_json().encode()


SAVE = finished_save()
DECKS = [PLAIN.read_bytes(), standard_deck_path().read_bytes()]


def load(data: bytes) -> None:
    """The whole way from a file's bytes to a replayed game, as `open_save` does it."""
    try:
        save = parse_save(data, "fuzzed.json")
        deck, _ = save_deck(save, use_saved_copy=save.finished)
        rebuild(save, deck, events=False)
    except SaveError as e:
        assert str(e).startswith("fuzzed.json") and "\n" not in str(e)


# ---------------------------------------------------------------------------- mutations

def byte_mutations(source: bytes):
    """Truncate, flip, insert or delete bytes of a file."""
    n = len(source)
    return st.one_of(
        st.integers(0, n).map(lambda i: source[:i]),
        st.tuples(st.integers(0, n - 1), st.integers(0, 255)).map(
            lambda p: source[:p[0]] + bytes([p[1]]) + source[p[0] + 1:]),
        st.tuples(st.integers(0, n), st.binary(min_size=1, max_size=8)).map(
            lambda p: source[:p[0]] + p[1] + source[p[0]:]),
        st.tuples(st.integers(0, n), st.integers(1, 64)).map(
            lambda p: source[:p[0]] + source[p[0] + p[1]:]),
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.integers(-2, 120)
    | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=10)


def paths(value, prefix=()):
    """Every place inside a JSON value (dict keys and list indices)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:5]):
            yield from paths(v, prefix + (i,))


SAVE_DATA = json.loads(SAVE)
SAVE_PATHS = [p for p in paths(SAVE_DATA) if p]


@st.composite
def edited_saves(draw):
    """A save edited by hand: one value replaced, removed, or a choice changed."""
    data = json.loads(SAVE)
    where = draw(st.sampled_from(SAVE_PATHS))
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    how = draw(st.sampled_from(["replace", "delete", "choice"]))
    if how == "choice":
        i = draw(st.integers(0, len(data["choices"]) - 1))
        data["choices"][i] = draw(st.integers(-3, 120))
    elif how == "delete" and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = draw(json_values)
    return json.dumps(data).encode()


@st.composite
def edited_decks(draw):
    """A deck file with lines deleted, duplicated, or a value replaced by a strange one."""
    lines = draw(st.sampled_from(DECKS)).decode().splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["value", "delete", "duplicate"]))
        if how == "delete":
            del lines[i]
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif "=" in lines[i]:
            key = lines[i].split("=")[0]
            value = draw(st.sampled_from(
                ["-1", "0", "1", "10000", "1000000000", "10001", "99999999999999999999", "1.5",
                 "nan", "inf", "true", '""', '"x"', '"The Fool"', "[]", "{}", "[1, 2]",
                 '"peek-draw"', '"always"', '"summon"', "{ count = 2 }", '"\\u0000"',
                 "'''a\nb'''"]))
            lines[i] = f"{key}= {value}"
    return "\n".join(lines).encode()


# -------------------------------------------------------------------------------- tests

def test_the_unmutated_save_loads():
    load(SAVE)
    save = parse_save(SAVE, "ok.json")
    assert rebuild(save, save_deck(save)[0]).over


@FUZZ
@given(byte_mutations(SAVE))
def test_a_save_with_mutated_bytes_loads_or_raises_save_error(data):
    load(data)


@FUZZ
@given(edited_saves())
def test_a_hand_edited_save_loads_or_raises_save_error(data):
    load(data)


@FUZZ
@given(st.sampled_from(DECKS).flatmap(byte_mutations))
def test_a_deck_with_mutated_bytes_loads_or_raises_deck_error(data):
    try:
        parse_deck(data, "fuzzed.toml")
    except DeckError as e:
        assert str(e).startswith("fuzzed.toml")


@FUZZ
@given(edited_decks())
def test_a_hand_edited_deck_loads_or_raises_deck_error(data):
    try:
        parse_deck(data, "fuzzed.toml")
    except DeckError as e:
        assert str(e).startswith("fuzzed.toml")


@pytest.mark.parametrize("text", [b"", b"[]", b"null", b'"x"', b"[" * 100_000, b"1e999999",
                                  b'{"format": "dread-draw-save", "version": 1e400}',
                                  b'{"format": "dread-draw-save", "version": NaN}'])
def test_odd_json_is_refused_as_a_bad_save(text):
    with pytest.raises(SaveError):
        parse_save(text, "odd.json")


@pytest.mark.parametrize("copies, said", [("100000000", "at most 999"), ("1000", "at most 999")])
def test_a_deck_of_absurd_size_is_refused_at_once(copies, said):
    """Found by fuzzing: `copies = 100000000` built a hundred-million-card deck and froze."""
    text = PLAIN.read_text().replace("copies = 4", f"copies = {copies}", 1)
    with pytest.raises(DeckError, match=said):
        parse_deck(text, "huge.toml")


def test_copies_adding_up_beyond_the_largest_deck_are_refused_at_the_card_that_goes_over():
    text = PLAIN.read_text().replace("copies = 4", "copies = 999")  # 25 cards x 999
    with pytest.raises(DeckError, match=r"more than 10,000 cards by card #11;"):
        parse_deck(text, "huge.toml")


# ------------------------------------------------------------- hostile decks, generated

# A deck file from a stranger: markup, escapes, odd unicode, numbers of any size, nesting of
# any depth, files of any size. DREAD_DRAW_FUZZ=N runs N examples (CI runs the short default).
HOSTILE_FUZZ = settings(max_examples=int(os.environ.get("DREAD_DRAW_FUZZ", "60")),
                        deadline=None, suppress_health_check=list(HealthCheck))
BITS = ["\x1b[31m", "\x1b]8;;http://x\x07", "\x07", "\x9b", "\x85", "\x00", "\x7f", "\u202e",
        "\u2066", "\ufeff", "[/]", "[/red]", "[link=http://x]", "[bold]", "Mirror [II]", "\\",
        '"', "'", "'''", '"""', "\n", "\t", "#", "=", "🂡"]
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
RUNNER = CliRunner()


def toml_str(s: str) -> str:
    """`s` as a TOML basic string: control characters and lone surrogates as \\u escapes
    (TOML refuses the surrogates: the loader must say so)."""
    out = []
    for ch in s:
        c = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif c < 0x20 or 0x7F <= c <= 0x9F or 0xD800 <= c <= 0xDFFF:
            out.append(f"\\u{c:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


texts = st.one_of(
    st.lists(st.one_of(st.sampled_from(BITS), st.text(max_size=6)), max_size=8).map("".join),
    st.tuples(st.sampled_from(["x", "[/]", "\x1b"]), st.sampled_from([59, 61, 999, 1001, 5000]))
    .map(lambda p: p[0] * p[1]))


def nested(depth: int) -> str:
    return "[" * depth + "1" + "]" * depth


values = st.one_of(
    st.integers(-3, 120).map(str), st.integers(-2**80, 2**80).map(str),
    st.sampled_from(["9" * 101, "9" * 5000, "0x" + "f" * 300, "1e100", "nan", "-inf", "1.5",
                     "true", "[]", "{}", "{ a = 1 }", "1979-05-27", '"\\ud800"']),
    st.sampled_from([1, 2, 19, 21, 40, 2000]).map(nested),
    st.sampled_from([1, 2, 19, 21, 40, 2000]).map(lambda d: "{ a = " * d + "1" + " }" * d),
    texts.map(toml_str))


@st.composite
def hostile_decks(draw) -> bytes:
    """A deck file, mostly well formed (so that `cards` gets to print it), with every text
    hostile and now and then a field, a key or the size beyond what a deck may hold."""
    spoil = draw(st.sets(st.integers(0, 120), max_size=3))  # which fields go bad, if any
    fields = iter(range(10**6))

    def field(good: str) -> str:
        return draw(values) if next(fields) in spoil else good

    out = [f"[deck]\nname = {field(toml_str(draw(texts)[:60]))}\nformat = {field('1')}\n"]
    n = draw(st.integers(1, 25))
    for i in range(n):
        copies = "21" if i == 0 else str(draw(st.integers(1, 4)))
        out.append(f"[[card]]\nid = {field(toml_str(f'c{i}'))}\n"
                   f"name = {field(toml_str(draw(texts)[:60] or 'x'))}\n"
                   f"strength = {field(str(draw(st.integers(0, 99))))}\n"
                   f"damage = {field(str(draw(st.integers(0, 99))))}\n"
                   f"copies = {field(copies)}\n"
                   f"fortune = {field(toml_str(draw(texts)[:1000]))}\n")
        if draw(st.booleans()):
            out.append(f'[card.ability]\nwhen = {field(chr(34) + "summon" + chr(34))}\n'
                       f'effect = "peek-draw"\ncount = {field("1")}\n'
                       f"text = {field(toml_str(draw(texts)[:1000]))}\n")
        if next(fields) in spoil:
            out.append(f"{draw(st.sampled_from(['extra', 'a.b', 'x' + '.y' * 30]))} = "
                       f"{draw(values)}\n")
    padding = draw(st.sampled_from([0] * 8 + [999_000, 1_000_001]))
    return ("".join(out) + "#" * padding).encode("utf-8")


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@HOSTILE_FUZZ
@given(source=hostile_decks())
def test_a_hostile_deck_is_a_deck_or_one_clear_message_and_cards_prints_only_text(work, source):
    path = work / "hostile.toml"
    path.write_bytes(source)
    r = RUNNER.invoke(cli_app, ["cards", "--deck", str(path)],
                      env={"FORCE_COLOR": "1", "TERM": "dumb", "NO_COLOR": None})
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        assert isinstance(r.exception, DeckError), repr(r.exception)
        message = str(r.exception)
        assert message.startswith(str(path)) and "\n" not in message and len(message) < 600
        assert not FORBIDDEN.search(message)
    else:
        assert r.exit_code == 0, r.output
        assert not FORBIDDEN.search(r.output) and "deck:" in r.output
