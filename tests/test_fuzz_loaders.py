"""No file a person hands the program can crash it: mutated saves and mutated deck files
either load or raise the project's own error type (SaveError / DeckError), never anything
else. Hypothesis mutates real files: bytes, lines, and values deep inside the structure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dread_draw.cards import load_deck, parse_deck, standard_deck_path
from dread_draw.errors import DeckError
from dread_draw.saves import Save, SaveError, parse_save, rebuild, save_deck
from dread_draw.sim import Match, SeatSpec

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
