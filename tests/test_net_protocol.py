"""The network's messages and the per-seat event filter, without a network.

A View sent to a client must come back as the very same View (R11: exactly what its seat
may know, no more, no less); the filter gives each seat the events as that seat may see
them; what a peer sends is checked before it is used; join codes are random and forgiving.
"""

from __future__ import annotations

import json

import pytest

from dread_draw.deck.cards import load_deck
from dread_draw.net.protocol import (
    CODE_ALPHABET,
    ProtocolError,
    dumps,
    loads,
    new_code,
    normal_code,
    parse_answer,
    same_code,
    view_from_json,
    view_to_json,
)
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules.privacy import KNOWN, cards_in, for_seat, outcome_fields


def played(deck, players: int, seed: int) -> Match:
    m = Match(deck, [SeatSpec(f"S{i}", "normal") for i in range(players)], seed)
    m.run()
    return m


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_r11_every_view_of_whole_games_travels_as_the_very_same_view(standard_deck,
                                                                     players, seed):
    m = Match(standard_deck, [SeatSpec(f"S{i}", "normal") for i in range(players)], seed)
    g = m.game
    kinds = set()
    while g.pending is not None:
        for s in range(players):
            view = g.view(s)
            back = view_from_json(json.loads(dumps(view_to_json(view))), standard_deck)
            assert back == view
        kinds.add(g.pending.kind)
        m.apply(m.cpu_choice())
    assert len(kinds) >= 3  # more than reveals: abilities and Life Deck draws travelled too


def test_a_view_that_is_not_what_the_schema_says_is_refused(standard_deck):
    m = played(standard_deck, 3, 7)
    good = json.loads(dumps(view_to_json(m.game.view(0))))
    assert view_from_json(good, standard_deck) == m.game.view(0)
    for field, bad in [("discard", [standard_deck.size]), ("round", "3"), ("over", 1),
                       ("rows", [[0], "x"]), ("frames", [["os:system", ["ls"]]]),
                       ("pending", {"seat": 0})]:
        with pytest.raises(ProtocolError):
            view_from_json({**good, field: bad}, standard_deck)
    missing = dict(good)
    del missing["totals"]
    with pytest.raises(ProtocolError, match="totals"):
        view_from_json(missing, standard_deck)


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '{"type": 3}', "NaN",
                                  '{"type": "answer", "option": NaN}', "[" * 100_000,
                                  '{"type": "answer", "decision": ' + "9" * 5000 + "}"])
def test_a_frame_that_is_not_a_message_is_a_protocol_error(text):
    with pytest.raises(ProtocolError):
        loads(text)


def test_binary_frames_are_refused():
    with pytest.raises(ProtocolError):
        loads(b'{"type": "hello"}')


@pytest.mark.parametrize("decision,option", [(True, 0), (0, True), (0, 1.0), (0, "1"),
                                             (None, 0), (0, [1])])
def test_an_answer_takes_exact_whole_numbers_only(decision, option):
    with pytest.raises(ProtocolError):
        parse_answer({"type": "answer", "decision": decision, "option": option})
    assert parse_answer({"type": "answer", "decision": 4, "option": -1}) == (4, -1)


def test_join_codes_are_random_easy_to_read_and_forgiving_to_type():
    codes = {new_code() for _ in range(500)}
    assert len(codes) == 500  # 40 random bits: no two alike in 500
    code = next(iter(codes))
    assert len(code) == 9 and code[4] == "-"
    assert set(code.replace("-", "")) <= set(CODE_ALPHABET)
    assert not set("ILOU") & set(CODE_ALPHABET)
    assert same_code(code.lower().replace("-", " "), code)
    assert normal_code("k7qm-4xrd") == "K7QM4XRD"
    assert normal_code("O1lI") == "0111"  # the letters people confuse are read as digits
    assert not same_code("K7QM-4XRE", "K7QM-4XRD")
    assert not same_code("", code)


# --------------------------------------------------------------------------- the filter

def card(deck, uid):
    c = deck.card[uid]
    return {"id": c.id, "strength": c.strength, "damage": c.damage, "uid": uid}


def test_r11_game_start_never_carries_the_seed(standard_deck):
    start = played(standard_deck, 3, 5).events[0]
    for seat in range(3):
        seen = for_seat(start, seat)
        assert "seed" not in seen and seen["players"] == start["players"]
    assert "seed" in start  # the event itself is never changed


def test_r11_2_a_life_deck_draw_is_its_owners_the_others_see_the_count_and_the_kept_card(
        standard_deck):
    drawn = [card(standard_deck, u) for u in (3, 40, 77)]
    event = {"type": "damage", "seat": 1, "amount": 3, "drawn": drawn, "kept": drawn[1],
             "life": 4}
    assert for_seat(event, 1) == event
    other = for_seat(event, 0)
    assert other["drawn"] == [None, drawn[1], None] and other["kept"] == drawn[1]
    assert event["drawn"] == drawn


def test_r11_2_what_an_ability_let_its_owner_see_is_the_owners_alone(standard_deck):
    seen = [card(standard_deck, u) for u in (5, 6, 7)]
    peek = {"type": "outcome", "seat": 2, "card": card(standard_deck, 9),
            "effect": "peek-draw", "seen": seen}
    assert for_seat(peek, 2) == peek
    assert for_seat(peek, 0) == {k: peek[k] for k in ("type", "seat", "card", "effect")}
    bury = {**peek, "effect": "bury", "buried": seen[:2]}
    del bury["seen"]
    assert for_seat(bury, 0)["buried"] == [None, None]  # how many is public, which is not
    took = {"type": "outcome", "seat": 2, "card": card(standard_deck, 9),
            "effect": "scavenge", "took": seen[0]}
    assert for_seat(took, 0) == took  # taken from the discard pile, in view of everyone


def test_the_public_fields_of_an_outcome_come_from_its_effects_public_sentence():
    assert outcome_fields("bury") == (frozenset(), frozenset({"buried"}))
    assert outcome_fields("swap-reserve")[0] == {"gave", "other", "took"}
    assert outcome_fields("arrange") == (frozenset(), frozenset())
    assert outcome_fields("no-such-effect") == (frozenset(), frozenset())


def test_an_event_of_an_unknown_type_passes_as_its_type_alone(standard_deck):
    event = {"type": "prophecy", "seat": 0, "card": card(standard_deck, 2)}
    assert for_seat(event, 1) == {"type": "prophecy"}


def test_every_event_type_the_standard_deck_emits_is_declared_to_the_filter(standard_deck):
    types = set()
    for seed in range(12):
        types.update(e["type"] for e in played(standard_deck, 2 + seed % 4, seed).events)
    assert {"damage", "outcome", "game_start", "game_end"} <= types
    assert types <= KNOWN


def test_cards_in_finds_every_card_object():
    deck = load_deck()
    value = {"a": [card(deck, 1), None, {"b": card(deck, 2)}], "uid": "x"}
    assert sorted(cards_in(value)) == [1, 2]


def test_the_host_says_plainly_who_can_join(standard_deck):
    from dread_draw.commands.net import plan_seats
    from dread_draw.lines.console import banner
    from dread_draw.net.host import Host, Lobby

    host = Host(Lobby(standard_deck, plan_seats(None, "Ana", [], []).seats(), 1), None)
    host.port = 7777
    alone = "\n".join(banner(host, False, []))
    assert "this computer only (127.0.0.1, port 7777)" in alone
    # the command has no code (join asks for it: not in the shell's history, nor in `ps`)
    assert "\n    dread-draw join 127.0.0.1:7777 --name YOUR-NAME\n" in alone
    assert f"Join code: {host.code}" in alone and alone.count(host.code) == 1
    lan = "\n".join(banner(host, True, ["192.0.2.7"]))
    assert "Anyone who can reach this computer and has the join code can take an empty seat." \
        in lan
    assert "\n    dread-draw join 192.0.2.7:7777 --name YOUR-NAME\n" in lan
    assert len(host.seats) == 4 and host.seats[0].own


def test_an_error_is_said_in_the_players_language_or_as_the_host_wrote_it():
    """A client words an `error` from its id and parameters in its own language; one it
    cannot word (an id of a later version, parameters that do not fit, a hostile host's
    nesting) shows the host's English `message`, cleaned."""
    from dread_draw import i18n
    from dread_draw.net.protocol import error, said

    refused = error("name", args={"problem": {"say": "name-long",
                                              "args": {"limit": 100, "length": 150}}})
    assert refused["message"] == ("That name cannot be used: a name has at most 100 "
                                  "characters, not 150.")
    i18n.set_language("de")
    assert said(refused) == "Dieser Name geht nicht: ein Name hat höchstens 100 Zeichen, nicht 150."
    later = {"type": "error", "code": "new", "say": "new-thing", "message": "New \x1b[31m."}
    assert said(later) == "New \u241b[31m."  # the escape shown, never sent to the terminal
    unfit = {**refused, "args": {"problem": ["not", "a", "sentence"]}}
    assert said(unfit) == refused["message"]
    deep = {"say": "name", "args": {"problem": {"say": "name", "args": {"problem": {
        "say": "name", "args": {"problem": "x"}}}}}, "message": "fallback"}
    assert said(deep) == "fallback"
