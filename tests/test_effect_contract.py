"""The contract every registered effect keeps (the registry as a whole, R9, R11, R13).

An effect is one registration (`dread_draw.rules.registry.effect` / `always`) plus its words
in the catalogues. For each one in `EFFECTS` this checks that:

- it declares what it does: a run (Summon/Reserve/Aftermath) or a hook (always-active);
- it declares when it can do nothing, as anyone can see (`can_act`, or picks whose public
  options are listed), and then it is not offered (R9.7): the game says it is idle;
- each CPU level plays it (answers the questions about its card), and a use that is offered
  does something: its outcome is an event;
- every field of its outcome events is declared with what the other seats receive of it
  (the network's privacy rule, R11), and its sentences for everyone name only what the other
  seats receive;
- the narrator tells every outcome event, and its sentences and questions are translated in
  every language.

`contract_problems(name)` lists what is missing, so a new effect with a part left out fails
here, saying which part (and `test_a_new_effect_missing_any_part_fails_the_contract` shows
each part is checked).
"""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from helpers import DATA

from dread_draw.deck.cards import Deck, parse_deck
from dread_draw.i18n import LANGUAGES, set_language, translations
from dread_draw.i18n import placeholders as fields_named
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import EFFECTS, PICK_CARD, PICK_SEAT, USE
from dread_draw.rules.registry import COUNTED, SHOWN
from dread_draw.words.narrate import Narrator

LEVELS = ("random", "easy", "normal", "hard")
FAST = {"hard": {"samples": 2}}
NAMES = ["Ana", "Ben", "Cy"]
BASE = {"type", "seat", "card", "effect"}  # who used which card: every seat gets these
STRENGTHS = (2, 5, 8, 11)


def effect_deck(name: str) -> Deck:
    """The plain test deck plus cards with effect `name`, at every timing it fits (integer
    parameters set to 2)."""
    spec = EFFECTS[name]
    params = "".join(f"{key} = 2\n" for key in spec.params)
    cards = []
    for when in spec.timings:
        for strength in STRENGTHS:
            cards.append(f"""
[[card]]
id = "contract-{when}-{strength}"
name = "Contract {when} {strength}"
strength = {strength}
damage = 1
copies = 2
[card.ability]
when = "{when}"
effect = "{name}"
{params}text = "{when.title()}: the effect under test."
""")
    return parse_deck((DATA / "plain.toml").read_text() + "".join(cards), f"{name}.toml")


def _untranslated(message: str) -> list[str]:
    return [lang for lang in LANGUAGES
            if lang != "en" and translations(lang).gettext(message) == message]


def declaration_problems(name: str) -> list[str]:
    """What the registration itself leaves out."""
    spec = EFFECTS[name]
    out: list[str] = []
    if spec.hook is None and spec.run is None:
        out.append("it does nothing: no run and no always-active hook")
    if spec.outcome is None:
        out.append("its outcome fields are not declared with what other seats receive of "
                   "them (outcome={field: SHOWN/COUNTED/SECRET}, {} if it emits none)")
    if spec.hook is None and spec.can_act is None and not any(
            p.candidates is not None for p in spec.picks):
        out.append("it does not declare when it can do nothing (R9.7: can_act=, or a Pick "
                   "listing its public options)")
    declared = spec.outcome or {}
    for tell in spec.tells:
        if tell.on not in declared:
            out.append(f"its Tell on {tell.on!r} tells a field its outcome does not declare")
        for said in (tell.public, tell.revealed):
            if said is not None and _untranslated(said):
                out.append(f"{said!r} is not translated in {', '.join(_untranslated(said))}")
        for field in fields_named(tell.public or "") - {"who"}:
            base = field.removesuffix("_count")
            share = declared.get(base)
            if share != SHOWN and not (field.endswith("_count") and share == COUNTED):
                out.append(f"its sentence for everyone names {{{field}}}, which other seats "
                           f"do not receive")
    for pick in spec.picks:
        if _untranslated(pick.prompt):
            out.append(f"the question {pick.prompt!r} is not translated in "
                       f"{', '.join(_untranslated(pick.prompt))}")
    return out


def _said_in_every_language(say: Narrator, ev: dict) -> list[str]:
    out = []
    for lang in LANGUAGES:
        set_language(lang)
        try:
            if say(ev) is None:
                out.append(lang)
        finally:
            set_language("en")
    return out


def play_problems(name: str, kinds: tuple[str, ...] = LEVELS, games: int = 3) -> list[str]:
    """What playing it shows: the CPU levels, its outcome events, their words."""
    spec = EFFECTS[name]
    deck = effect_deck(name)
    mine = {c for c in range(deck.size)
            if deck.ability[c] is not None and deck.ability[c].effect == name}
    out: list[str] = []
    outcomes = 0
    for kind in kinds:
        answered = 0
        for seed in range(games if kind != "hard" else 1):
            m = Match(deck, [SeatSpec(n, kind) for n in NAMES], seed, events=True,
                      agent_options=FAST)
            say = Narrator(deck, NAMES, reveal=True)
            used: int | None = None  # a card whose use has not yet shown what it did
            while not m.over:
                d = m.game.pending
                option = m.cpu_choice()
                if d.card in mine and d.kind in (USE, PICK_CARD, PICK_SEAT):
                    answered += 1
                for ev in m.apply(option):
                    kind_of = ev["type"]
                    card = (ev.get("card") or {}).get("uid")
                    if used is not None and kind_of in ("turn", "round_end", "game_end"):
                        out.append(f"{kind}: it was offered and used, and did nothing")
                        used = None
                    if kind_of == "ability" and card in mine and ev["used"]:
                        used = card
                    elif used is not None and (kind_of == "outcome" and card == used or
                                               spec.outcome == {} and kind_of != "ability"):
                        used = None
                    if kind_of != "outcome" or ev["effect"] != name:
                        continue
                    outcomes += 1
                    extra = set(ev) - BASE - set(spec.outcome or {})
                    if extra:
                        out.append(f"its outcome has fields not declared for other seats: "
                                   f"{sorted(extra)}")
                    if spec.tell(ev) is None:
                        out.append(f"the narrator cannot tell its outcome {sorted(ev)}")
                    elif missing := _said_in_every_language(say, ev):
                        out.append(f"the narrator says nothing in {missing}")
        if spec.hook is None and not answered:
            out.append(f"the {kind} CPU never played it")
    if spec.hook is None and spec.outcome and not outcomes:
        out.append("it declares outcome fields but no outcome event was ever seen")
    return sorted(set(out))


def idle_problems(name: str) -> list[str]:
    """R9.7: when it can do nothing it is not offered, and the log says so."""
    spec = EFFECTS[name]
    if spec.hook is not None:
        return []
    deck = effect_deck(name)
    EFFECTS[name] = dataclasses.replace(spec, can_act=lambda *a: False)
    try:
        offered = idle = 0
        m = Match(deck, [SeatSpec(n, "random") for n in NAMES], 1, events=True)
        while not m.over:
            d = m.game.pending
            if d.kind == USE and deck.ability[d.card].effect == name:
                offered += 1
            idle += sum(ev["type"] == "ability_idle" and ev["effect"] == name
                        for ev in m.apply(m.cpu_choice()))
    finally:
        EFFECTS[name] = spec
    out = []
    if offered:
        out.append("it was offered when it could do nothing (R9.7)")
    if not idle:
        out.append("the log never said it could do nothing")
    return out


@cache
def contract_problems(name: str) -> tuple[str, ...]:
    return tuple(declaration_problems(name) + play_problems(name) + idle_problems(name))


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_registered_effect_keeps_the_contract(name):
    problems = contract_problems(name)
    assert not problems, f"effect {name!r} breaks the contract:\n- " + "\n- ".join(problems)


def test_the_contract_sees_every_registered_effect():
    assert {"scavenge", "bury", "curse", "ward", "gain-life"} <= set(EFFECTS)


PARTS = {
    "narration": {"tells": ()},
    "could it do anything": {"can_act": None},
    "privacy rule": {"outcome": None},
    "a field's privacy": {"outcome": {"took": SHOWN}},
}


@pytest.mark.parametrize("part", sorted(PARTS))
def test_a_new_effect_missing_any_part_fails_the_contract(part, monkeypatch):
    """A new effect registered with one part left out (here: swap-reserve's registration
    under a new name, less that part) is caught, the part named."""
    whole = dataclasses.replace(EFFECTS["swap-reserve"], name="swap-copy")
    monkeypatch.setitem(EFFECTS, "swap-copy", whole)
    assert declaration_problems("swap-copy") == []
    broken = dataclasses.replace(whole, **PARTS[part])
    if part == "could it do anything":
        picks = tuple(dataclasses.replace(p, candidates=None) for p in whole.picks)
        broken = dataclasses.replace(broken, picks=picks)
    monkeypatch.setitem(EFFECTS, "swap-copy", broken)
    problems = declaration_problems("swap-copy") + play_problems("swap-copy", ("random",), 2)
    wanted = {"narration": "the narrator cannot tell",
              "could it do anything": "does not declare when it can do nothing",
              "privacy rule": "are not declared with what other seats receive",
              "a field's privacy": "fields not declared for other seats"}[part]
    assert any(wanted in p for p in problems), problems


def test_an_untranslated_sentence_fails_the_contract(monkeypatch):
    from dread_draw.rules import Tell

    whole = EFFECTS["scavenge"]
    monkeypatch.setitem(EFFECTS, "scavenge-copy", dataclasses.replace(
        whole, name="scavenge-copy",
        tells=(Tell("{who} pockets {took} (never translated).", on="took"),)))
    assert any("is not translated in fr" in p for p in declaration_problems("scavenge-copy"))


def test_R11_the_network_sends_other_seats_what_the_effect_declares_not_what_it_says(
        monkeypatch):
    """Which outcome fields another seat receives is the effect's declaration: rewording its
    sentence changes nothing; declaring a field secret holds it back."""
    from dread_draw.rules import Tell
    from dread_draw.rules.privacy import for_seat
    from dread_draw.rules.registry import SECRET

    ev = {"type": "outcome", "seat": 0, "card": None, "effect": "swap-reserve",
          "gave": {"uid": 1}, "took": {"uid": 2}, "other": 1}
    assert for_seat(ev, 1) == ev and for_seat(ev, 0) is ev
    spec = EFFECTS["swap-reserve"]
    monkeypatch.setitem(EFFECTS, "swap-reserve", dataclasses.replace(
        spec, tells=(Tell("{who} swaps.", on="gave"),)))
    assert for_seat(ev, 1) == ev
    monkeypatch.setitem(EFFECTS, "swap-reserve", dataclasses.replace(
        spec, outcome={**spec.outcome, "took": SECRET}))
    assert "took" not in for_seat(ev, 1) and for_seat(ev, 0) is ev
    bury = {"type": "outcome", "seat": 0, "card": None, "effect": "bury",
            "buried": [{"uid": 3}, {"uid": 4}]}
    assert for_seat(bury, 2)["buried"] == [None, None]
