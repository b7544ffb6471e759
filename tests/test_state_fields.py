"""The game's fields are declared once (`dread_draw.rules.state.STATE`): a seat's `View`, the
`PublicView` (the table renders from it), `Game.copy`, `public_of` and `determinize` all
derive from that declaration, so a new field appears in every one of them or the package
does not import (R11: and each shows only what its reader may know)."""

from __future__ import annotations

import importlib.util
import random

import pytest

import dread_draw.rules.state as state
from dread_draw.rules import Game, determinize, public_of
from dread_draw.rules.state import (
    FRAMES,
    HIDDEN,
    HIDDEN_ZONES,
    KNOWLEDGE,
    LOG,
    PENDING,
    PER_SEAT,
    PILE,
    PRIVATE_ZONES,
    REPLACED,
    RESUME,
    RNG,
    SECRET,
    SHARED,
    STATE,
    VALUE,
    ZONES,
)

PUBLIC_KINDS = (VALUE, SHARED, PER_SEAT, PILE, ZONES, REPLACED)


def played(deck, moves: int = 25) -> Game:
    g = Game(deck, 3, seed=4)
    for _ in range(moves):
        g.choose(g.pending.options[0])
    return g


def shown(kind: str, value):
    if kind == ZONES:
        return tuple(map(tuple, value))
    if kind in (PER_SEAT, PILE):
        return tuple(value)
    if kind == REPLACED:
        return dict(value)
    return value


def test_every_public_field_appears_in_every_view_copy_and_determinized_game(plain_deck):
    g = played(plain_deck)
    for i, (name, kind, _) in enumerate(STATE):  # values no default could match by chance
        if kind == VALUE and name != "n":
            setattr(g, name, 7000 + i)
    view = g.view(1)
    public = g.public_view()
    of_view = public_of(view)
    copy = g.copy()
    dealt = determinize(view, random.Random(2))
    handled = set(PUBLIC_KINDS) | {HIDDEN, HIDDEN_ZONES, PRIVATE_ZONES, PENDING, SECRET, RNG,
                                   LOG, KNOWLEDGE, RESUME, FRAMES}
    for name, kind, as_shown in STATE:
        assert kind in handled, f"{name}: a kind of field this test does not know: {kind}"
        value = getattr(g, name)
        if kind in PUBLIC_KINDS:
            want = shown(kind, value)
            for where, got in (("View", view), ("PublicView", public),
                               ("public_of", of_view)):
                assert shown(kind, getattr(got, as_shown)) == want, f"{name} in {where}"
            for where, game in (("copy", copy), ("determinize", dealt)):
                assert shown(kind, getattr(game, name)) == want, f"{name} in {where}"
        elif kind == HIDDEN:
            for got in (view, public, of_view):
                assert getattr(got, f"{as_shown}_count") == len(value)
            assert len(getattr(dealt, name)) == len(value) and getattr(copy, name) == value
        elif kind in (HIDDEN_ZONES, PRIVATE_ZONES):
            counts = tuple(map(len, value))
            for got in (view, public, of_view):
                assert getattr(got, f"{as_shown}_counts") == counts, name
            assert tuple(map(len, getattr(dealt, name))) == counts
            assert getattr(copy, name) == value


def test_R11_1_the_public_view_holds_nothing_private(plain_deck):
    public = played(plain_deck).public_view()
    for private in ("seat", "looking", "looking_known", "life_known", "resume", "frames"):
        assert not hasattr(public, private)
    assert "seed" not in public._fields and "rng" not in public._fields


def load_scratch(module: str):
    """A fresh copy of a rules module, importing the (patched) declaration."""
    spec = importlib.util.spec_from_file_location(
        f"scratch_{module}", state.__file__.replace("state.py", f"{module}.py"))
    made = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(made)
    return made


def test_a_field_declared_but_not_typed_in_the_views_stops_the_import(monkeypatch):
    """A new public field declared in STATE alone is a field the views lack: the view module
    refuses to load, naming it (so no list of fields can silently miss it)."""
    monkeypatch.setattr(state, "STATE", STATE + (("omens", VALUE, "omens"),))
    assert "omens" in state.view_fields() and "omens" in state.public_fields()
    with pytest.raises(TypeError, match="omens"):
        load_scratch("view")
