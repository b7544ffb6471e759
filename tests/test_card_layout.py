"""How the table lays out its cards, without a screen (issue 42): the names a small card keeps
(never fewer letters than tell two cards of the deck apart, the article dropped before the
name is cut, the numbers always shown), and the plan of the seats' cards (the stage's room
kept, cards that grow with the window, a row too long for its line on two lines)."""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len

from dread_draw import i18n
from dread_draw.tui.cardface import (
    FRAMED,
    GIANT,
    LARGE,
    LINE,
    SLIM,
    STYLES,
    TWO_LINE,
    bare_name,
    distinguishing,
    face,
    line_widths,
)
from dread_draw.tui.widgets.plan import Seat, StyleSize, plan_table

LANGUAGES = ["en", "fr", "es", "de", "pt", "ko"]


def names_of(deck) -> dict[int, str]:
    return {uid: bare_name(deck, uid) for uid in range(deck.size)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_cards_distinguishing_start_belongs_to_it_alone(standard_deck, language):
    """The letters a shortened name keeps are the shortest start of its name (article
    dropped) that no other card's name of the deck starts with — or the whole name when it is
    the start of another ("Moth" and "Mother")."""
    i18n.set_language(language)
    names = names_of(standard_deck)
    for uid, name in names.items():
        n = distinguishing(standard_deck, uid)
        others = {o for o in names.values() if o != name}
        if n < len(name):
            assert not any(o.startswith(name[:n]) for o in others), (name, n)
        assert n == 1 or any(o.startswith(name[:n - 1]) for o in others), (name, n)


def test_distinguishing_lengths_in_english_and_german(standard_deck):
    i18n.set_language("en")
    by_name = {bare_name(standard_deck, u): distinguishing(standard_deck, u)
               for u in range(standard_deck.size)}
    assert by_name["Moon"] == 3 and by_name["Moth"] == 4 and by_name["Mother"] == 5
    assert by_name["Devil"] == 3 and by_name["Domination"] == 2
    i18n.set_language("de")
    assert "Teufel" in {bare_name(standard_deck, u) for u in range(standard_deck.size)}


def shown_name(text: str) -> str:
    """The name in a one-line tile's text ("6 ●1 Oracle" -> "Oracle")."""
    strength, _mark, name = text.split(" ", 2) if text.count(" ") >= 2 else (text, "", "")
    if name and name[0].isdigit():  # a full mark: "6 ●● 2 Oracle"
        name = name.split(" ", 1)[1] if " " in name else ""
    return name


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("style", [SLIM, TWO_LINE, LINE])
def test_a_one_line_tile_keeps_its_numbers_and_enough_of_its_name(standard_deck, language,
                                                                     style):
    """At every width from the least its plan may give it (`line_widths`) to the wanted: the
    strength and damage are shown, and the name whole or cut with "…" after at least its
    distinguishing letters, its article dropped first (German "Teufel", never "Der Teu…")."""
    i18n.set_language(language)
    deck = standard_deck
    frame = 2 if style == SLIM else 0
    for uid in range(deck.size):
        least, want = line_widths(deck, uid, style)
        bare, n = bare_name(deck, uid), distinguishing(deck, uid)
        for width in range(least - frame, want - frame + 2):
            lines = face(deck, uid, style, width).plain.split("\n")
            assert all(cell_len(line) <= width for line in lines), (lines, width)
            numbers = lines[0].split()
            assert numbers[0] == str(deck.strength[uid]), lines
            assert str(deck.damage[uid]) in lines[0], lines
            name = lines[1] if style == TWO_LINE else shown_name(lines[0])
            if name.endswith("…"):
                assert bare.startswith(name[:-1]) and len(name) - 1 >= n, (name, bare, n)
            else:
                assert name == bare or name.endswith(bare), (name, bare)
        full_width = face(deck, uid, style, want - frame).plain
        assert bare in full_width.replace("\n", " "), (full_width, want)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_framed_tile_drops_the_article_before_it_cuts_the_name(standard_deck, language):
    """A framed card too narrow for its whole name shows it without its article, and cuts
    that with "…" only if it must ("Der Teu…" and "Das O" were the German table's)."""
    i18n.set_language(language)
    deck = standard_deck
    for uid in range(deck.size):
        bare = bare_name(deck, uid)
        for width in (9, 11, 13):
            name = face(deck, uid, FRAMED, width, height=2).plain.split("\n")[1]
            assert cell_len(name) <= width
            if name.endswith("…"):
                assert bare.startswith(name[:-1].rstrip()), (name, bare)


def test_a_tall_card_shows_its_emblem_and_then_its_ability(standard_deck):
    """A card grown in a big window: numbers, the large emblem, the name, and its ability
    under it (the keyword is on its frame already, so not again)."""
    i18n.set_language("en")
    uid = next(u for u in range(standard_deck.size)
               if standard_deck.card[u].id == "the-cradle")
    small = face(standard_deck, uid, LARGE, 15, height=5).plain
    big = face(standard_deck, uid, GIANT, 28, height=16).plain
    assert "look at the top" not in small and "The Cradle" in small
    assert "look at the top 2" in big and "Reserve:" not in big
    assert big.index("The Cradle") < big.index("look at")


# --------------------------------------------------------------------------- the plan

SIZES = {  # as the stylesheet has them (least, most)
    "giant": StyleSize((17, 9), (40, 24)), "huge": StyleSize((23, 7), (26, 8)),
    "large": StyleSize((17, 7), (22, 8)), "tall": StyleSize((16, 5), (20, 6)),
    "framed": StyleSize((15, 4), (20, 4)),
}
MARK = (8, 12)


def plan(seats, width, height, was=None):
    return plan_table(seats, width, height, SIZES, MARK, lambda uid, style: (9, 14), was=was)


def test_the_probes_in_the_stylesheet_match_the_sizes_here(standard_deck):
    """The plan's tests use the stylesheet's sizes (read from its probes at the table)."""
    import asyncio

    from test_tui import make_app
    from test_tui_snapshots import mid_round

    from dread_draw.tui.widgets.seats import Probes

    async def read():
        app = make_app(mid_round(standard_deck))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            return app.screen.query_one(Probes).sizes

    sizes = asyncio.run(read())
    assert {k: v for k, v in sizes.items() if k in SIZES} == SIZES


def random_table(rng: random.Random) -> list[Seat]:
    uid = iter(range(1000))
    return [Seat(tuple(next(uid) for _ in range(rng.randint(0, 7))),
                 tuple(next(uid) for _ in range(rng.randint(0, 6))))
            for _ in range(rng.randint(2, 5))]


def test_the_seats_never_take_the_stages_room():
    """Whatever the seats hold and whatever the room, the planned seats fit the height they
    are given (the stage keeps the rest); every framed tile is within its style's sizes;
    an unframed tile is narrower than its least (numbers and the letters that tell it apart)
    only in a row that fits neither one line nor — for want of height — two."""
    rng = random.Random(42)
    for _ in range(400):
        seats = random_table(rng)
        width, height = rng.randint(58, 170), rng.randint(10, 50)
        p = plan(seats, width, height)
        assert p.style in STYLES
        assert p.height() <= height, (p, height)
        if p.style in SIZES:
            (w0, h0), (w1, h1) = SIZES[p.style].least, SIZES[p.style].most
            assert w0 <= p.tile[0] <= w1 and h0 <= p.tile[1] <= h1, p
            continue
        for seat, sp in zip(seats, p.seats, strict=True):
            cards = len(seat.row) + len(seat.reserves)
            fits_a_line = cards * (9 + 1) + MARK[0] + 7 <= width
            assert all(w >= 9 for w in sp.widths) or not fits_a_line, (seat, sp)
            assert all(w >= 7 for w in sp.widths), sp


def test_a_table_too_short_for_its_seats_still_draws_every_seat():
    """A tall question under a small table (a pick among the discards at 80x24 with five
    seats) leaves the seats fewer lines than one each needs: every seat is still planned,
    each on one line of one-line tiles (the table crashed there: no seat had a plan)."""
    seats = [Seat((1,), ()), Seat((), (2,)), Seat((), (3,)), Seat((), (4,)), Seat((5,), ())]
    p = plan(seats, 59, 7)
    assert p.style == LINE and len(p.seats) == len(seats)
    assert not any(sp.stacked for sp in p.seats)
    assert [len(sp.widths) for sp in p.seats] == [1, 1, 1, 1, 1]


def test_cards_grow_with_the_window():
    """The same three seats get bigger cards at 200x60 than at 120x40 (the seats' room
    there: about 159x41 and 85x22), and bigger again than at 160x45."""
    seats = [Seat((1, 2), (3,)), Seat((4,), (5, 6)), Seat((7, 8, 9), ())]
    areas = [p.tile[0] * p.tile[1] for p in
             (plan(seats, 85, 22), plan(seats, 119, 27), plan(seats, 159, 41))]
    assert areas == sorted(areas) and areas[0] < areas[-1], areas


def tile_sizes(p) -> list[tuple[int, int]]:
    return [(sp.tile or p.tile[0], p.tile[1]) for sp in p.seats]


def inside(p, seats, width: int) -> bool:
    """Every framed tile of `p` inside its seat's line or lines, margins counted."""
    beside = {s: len(band) for band in p.bands for s in band}  # seats side by side
    for i, (sp, seat, (w, _h)) in enumerate(zip(p.seats, seats, tile_sizes(p), strict=True)):
        if sp.bare:
            continue
        row = len(seat.row) * (w + 1) or 7
        res = (len(seat.reserves) * (w + 1) or 7) + MARK[1]
        room = (width - beside[i] + 1) // beside[i]
        if (max(row, res) if sp.stacked else row + res) > room:
            return False
    return True


def test_tiles_mostly_keep_their_size_as_the_rows_fill():
    """As a round's rows fill, one card at a time, the tiles mostly keep their size (a
    summon then shows one more tile and redraws no other; every summon resized them, and a
    key took the redrawing of every tile): at 159x41 with four seats, sixteen cards summoned
    in turn change the tiles' sizes fewer than half the time, and every tile stays inside
    its seat and every seat above the stage."""
    rows: list[list[int]] = [[], [], [], []]
    reserves = [(100,), (101, 102), (), ()]
    p = None
    changes = 0
    for uid in range(16):
        rows[uid % 4].append(uid)
        seats = [Seat(tuple(r), res) for r, res in zip(rows, reserves, strict=True)]
        was, p = p, plan(seats, 159, 41, was=p)
        changes += was is not None and tile_sizes(was) != tile_sizes(p)
        assert p.height() <= 41 and inside(p, seats, 159), (uid, p)
    assert changes < 15 / 2, changes


def test_the_tiles_grow_again_when_the_rows_are_cleared():
    """A new round's empty rows get the tiles a fresh table would: not the crowded size the
    last round ended with."""
    crowded = [Seat(tuple(range(6)), (7, 8)), Seat((10, 11, 12, 13), ()), Seat((20,), ())]
    cleared = [Seat((), (7, 8)), Seat((), ()), Seat((), ())]
    ended = plan(crowded, 159, 41)
    again = plan(cleared, 159, 41, was=ended)
    assert tile_sizes(again) == tile_sizes(plan(cleared, 159, 41))
    assert again.tile[0] * again.tile[1] > ended.tile[0] * ended.tile[1]


def test_a_kept_plan_always_fits_its_seats():
    """Whatever the rows do (cards summoned, rows discarded, reserves played) and however
    the prompt changes the room, each plan, kept or new, fits: every tile inside its seat
    and the seats in their height."""
    rng = random.Random(7)
    for _ in range(60):
        n = rng.randint(2, 5)
        width = rng.randint(58, 170)
        rows: list[list[int]] = [[] for _ in range(n)]
        reserves: list[list[int]] = [[] for _ in range(n)]
        p = None
        uid = 0
        for _ in range(25):
            seat = rng.randrange(n)
            roll = rng.random()
            if roll < 0.6:
                rows[seat].append(uid)
            elif roll < 0.8:
                reserves[seat].append(uid)
            elif roll < 0.9:
                rows[seat].clear()
            elif reserves[seat]:
                reserves[seat].pop()
            uid += 1
            height = rng.randint(16, 50)
            seats = [Seat(tuple(r), tuple(res)) for r, res in zip(rows, reserves, strict=True)]
            p = plan(seats, width, height, was=p)
            assert p.height() <= height, (p, height)
            if p.style in SIZES:
                assert inside(p, seats, width), (p, seats, width)


def test_a_row_too_long_for_its_line_puts_its_reserves_under_it():
    """Six cards in a row and three in reserve do not fit one line of framed cards 100
    columns wide: the reserves go on a line of their own, the cards stay framed."""
    seats = [Seat(tuple(range(6)), (7, 8, 9)), Seat((10,), ())]
    p = plan(seats, 100, 30)
    assert p.style not in ("two-line", "line") and p.seats[0].stacked
    assert not p.seats[1].stacked or p.columns


def test_unframed_tiles_show_whole_names_when_the_line_has_room():
    """At 80 columns the one-line tiles are each as wide as their whole name when the line
    has the room, and the "reserves" mark keeps its word whole ("res…" only for a row that
    needs the room)."""
    wants = {uid: (9, 12 + uid % 4) for uid in range(20)}
    seats = [Seat((0, 1), (2,)), Seat((3, 4, 5, 6, 7), (8, 9, 10))]
    p = plan_table(seats, 58, 6, SIZES, MARK, lambda uid, style: wants[uid])
    assert p.style == LINE
    roomy, crowded = p.seats
    assert roomy.widths == tuple(wants[u][1] for u in (0, 1, 2)) and roomy.mark == MARK[1]
    assert all(w >= 9 for w in crowded.widths)


# ------------------------------------------------------------------- the measure itself

def uid_named(deck, name: str) -> int:
    return next(u for u in range(deck.size) if bare_name(deck, u) == name)


def test_the_measure_finds_every_fault_of_a_shown_name(standard_deck):
    """The measure of names (widgets/measure.py) can fail: the German table's "Der Teu…"
    (the article kept in a cut name) and "Das O" (cut without "…"), "T…" for the Devil
    (below the letters that tell it from Tod and Turm), "Devil" without its number; and
    it passes a name whole or cut after its distinguishing letters, under an emblem or
    over the ability."""
    from dread_draw.tui.widgets.measure import judged

    i18n.set_language("de")
    devil, oracle = uid_named(standard_deck, "Teufel"), uid_named(standard_deck, "Orakel")
    assert "article kept in a cut name" in judged(standard_deck, devil,
                                                   ["13 ●●●● 4 Der Teu…"]).faults
    assert "cut without …" in judged(standard_deck, oracle, ["6 ● 1 Das O"]).faults
    assert "cut below its distinguishing length" in judged(
        standard_deck, devil, ["13 ●4 T…"]).faults  # (Tod, Turm: "Te" at least)
    assert judged(standard_deck, oracle, ["6 ●1 Or…"]).faults == ()
    assert judged(standard_deck, oracle, ["6 ●1 Das Orakel"]).faults == ()
    i18n.set_language("en")
    devil = uid_named(standard_deck, "Devil")
    assert judged(standard_deck, devil, ["Devil"]).faults == ("no number",)
    strength, damage = standard_deck.strength[devil], standard_deck.damage[devil]
    framed = [f"{strength}        ● {damage}", "   ▗▄▖   ", "The Devil", "", "take it all…"]
    assert judged(standard_deck, devil, framed).faults == ()
    assert "cut below its distinguishing length" in judged(
        standard_deck, devil, [f"{strength} ●{damage} D…"]).faults
    assert judged(standard_deck, devil, [f"{strength} *{damage} Dev..."]).faults == ()  # ASCII
