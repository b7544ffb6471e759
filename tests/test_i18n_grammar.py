"""A native proof-reader's pass over every language: each card name in every sentence shape
that can hold it, and whole games' logs, checked against the language's rules (German case
and article, French contraction and elision, Spanish and Portuguese contractions, Korean
particles chosen from the name itself), and the card files' grammar against the rules too.
The rules are in tests/proofread.py."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from proofread import CHECKS, WORDING

from dread_draw import i18n
from dread_draw.deck.cards import load_deck
from dread_draw.deck.overlays import card_word, deck_text
from dread_draw.i18n import fmt, korean
from dread_draw.i18n.grammar import FORMS, GERMAN_ARTICLES, Word
from dread_draw.i18n.tools import read_po
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.words.narrate import Narrator, RoundTracker, card_label

ROOT = Path(__file__).parent.parent
ASSETS = ROOT / "dread_draw" / "assets"
TRANSLATED = ("fr", "es", "de", "pt", "ko")
# Placeholders that hold a card's name (or a list of them) in the game's sentences.
CARD_KEYS = {"card", "over", "cards", "kept", "took", "gave", "planted", "buried", "seen",
             "order", "discarded", "row", "others"}
# Where those names mean something else (a location in a deck file, a balance table).
NOT_CARDS = ("dread_draw/deck/cards.py", "dread_draw/play/balance.py",
             "dread_draw/deck/overlays.py", "dread_draw/commands/cards.py")
NAMES = ["Ana", "Émile", "Orrin", "Ilse", "Zora"]


@pytest.fixture(scope="module")
def deck():
    return load_deck()


def forms_of(deck, language):
    """Each card's title → its forms, as the program has them."""
    return {str(w): dict(w.forms) for w in (card_word(deck, c, language) for c in deck.cards)}


def check(language, text, deck):
    if language == "ko":
        return CHECKS["ko"](text, [deck_text(deck, "ko")[c].name for c in deck.cards])
    return CHECKS[language](text, forms_of(deck, language))


# ---------------------------------------------------------------------- the card files

def overlay(language):
    return tomllib.loads((ASSETS / f"cards.{language}.toml").read_text(encoding="utf-8"))


def test_every_german_card_has_its_gender_and_each_case_with_the_right_article():
    for cid, card in overlay("de")["card"].items():
        gender = card["gender"]
        for case in FORMS["de"]:
            article = card[case].split(" ")[0]
            assert article == GERMAN_ARTICLES[gender][case], (cid, case, card[case])
        noun = card["name"].split(" ", 1)[1]
        assert card["nom"] == card["name"][0].lower() + card["name"][1:], cid
        # the genitive of a masculine or neuter noun ends in -s or -en; others keep the noun
        if gender in ("m", "n"):
            assert re.search(r"(s|en|n)$", card["gen"]), (cid, card["gen"])
        else:
            assert card["gen"].endswith(noun.split(" ")[-1]) or card["gen"].endswith("n"), cid


@pytest.mark.parametrize("language, article_forms", [
    ("fr", {"Le ": ("du ", "au "), "La ": ("de la ", "à la "), "L'": ("de l'", "à l'"),
            "Les ": ("des ", "aux ")}),
    ("es", {"El ": ("del ", "al "), "La ": ("de la ", "a la "), "Los ": ("de los ", "a los ")}),
    ("pt", {"O ": ("do ", "ao "), "A ": ("da ", "à "), "Os ": ("dos ", "aos ")}),
])
def test_every_card_contracts_its_article_with_de_and_a(language, article_forms):
    for cid, card in overlay(language)["card"].items():
        name = card["name"]
        article = next(a for a in article_forms if name.startswith(a))
        rest = name[len(article):]
        assert (card["de"], card["a"]) == tuple(f + rest for f in article_forms[article]), cid


def test_korean_particles_follow_the_card_name_not_its_strength(deck):
    i18n.set_language("ko")
    for c in deck.cards:
        uid = next(u for u in range(deck.size) if deck.card[u] is c)
        label = card_label(deck, uid)
        name = deck_text(deck, "ko")[c].name
        assert str(label) == f"{name}({c.strength})"  # no space before the strength
        for particle in ("을", "이", "은", "과", "으로"):
            said = fmt("{c:" + particle + "}", c=label)
            assert said == label + korean.particle(name, particle), said


def test_the_known_cases_of_the_issue():
    deck = load_deck()
    mother = next(u for u in range(deck.size) if deck.card[u].id == "the-mother")
    sun = next(u for u in range(deck.size) if deck.card[u].id == "the-sun")
    i18n.set_language("ko")
    assert fmt("{c:을}", c=card_label(deck, mother)) == "어머니(8)를"
    assert fmt("{c:로}", c=card_label(deck, sun)) == "태양(11)으로"
    i18n.set_language("fr")
    assert fmt("{n:de}", n="Ana") == "d'Ana"
    assert fmt(i18n._("{name}'s Life Deck is empty: there is no fortune to read."),
               name="Émile").startswith("Le Deck de Vie d'Émile")
    i18n.set_language("de")
    chariot = next(u for u in range(deck.size) if deck.card[u].id == "the-chariot")
    assert fmt("{c:acc}", c=card_label(deck, chariot)) == "den Wagen (9)"
    assert fmt("{c:gen}", c=card_word(deck, deck.card[chariot])) == "des Wagens"


# ---------------------------------------------------------------------- every sentence shape

def shapes(language):
    """Every translated message that holds a card's name, with the keys that hold one."""
    for e in read_po(language).messages:
        if any(r.startswith(NOT_CARDS) for r in e.references):
            continue
        keys = set(re.findall(r"\{(\w+)", e.msgid)) & CARD_KEYS
        if keys:
            yield e, keys


def filled(template, keys, card, other, number):
    values = {}
    for k in i18n.placeholders(template):
        values[k] = card if k in keys else (other if k in ("who", "name", "other") else number)
    return fmt(template, **values)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_card_in_every_sentence_that_can_hold_it_reads_right(language, deck):
    """Each of the deck's cards, put in every message that can hold a card, by the same
    machinery as the game (its label with the strength), checked by the language's rules."""
    i18n.set_language(language)
    labels = [card_label(deck, next(u for u in range(deck.size) if deck.card[u] is c))
              for c in deck.cards]
    errors = []
    count = 0
    for entry, keys in shapes(language):
        for form, template in enumerate(entry.msgstr):
            # a count that takes this form: the singular's 1, else 3
            number = "1" if entry.msgid_plural and form == 0 and len(entry.msgstr) > 1 else "3"
            for label in labels:
                for name in ("Ana", "Émile"):
                    text = filled(template, keys, label, name, number)
                    count += 1
                    errors += [f"{text}  <- {p}" for p in check(language, text, deck)]
    assert count > 1000
    assert not errors, "\n".join(errors[:40]) + f"\n({len(errors)} in all)"


# ---------------------------------------------------------------------- whole games

def game_log(deck, seed, n):
    seats = [SeatSpec(NAMES[i], ("easy", "normal", "random")[i % 3]) for i in range(n)]
    match = Match(deck, seats, seed)
    while not match.over:
        match.apply(match.cpu_choice())
    say = Narrator(deck, NAMES[:n], reveal=True)
    tracker = RoundTracker(deck)
    lines = []
    for ev in match.events:
        line = say(ev)
        if line:
            lines.append(line)
        report = tracker.feed(ev)
        if report is not None:
            lines += report.lines(NAMES[:n])
    return lines


@pytest.mark.parametrize("language", TRANSLATED)
def test_whole_games_logs_have_no_grammar_errors(language, deck):
    i18n.set_language(language)
    errors, lines = [], 0
    for seed, n in ((11, 3), (5, 4), (8, 2), (13, 5)):
        for line in game_log(deck, seed, n):
            lines += 1
            errors += [f"{line}  <- {p}" for p in check(language, line, deck)]
    assert lines > 200
    assert not errors, "\n".join(errors[:40]) + f"\n({len(errors)} in all)"


def test_a_word_keeps_its_forms_through_a_list():
    from dread_draw.i18n.grammar import join

    i18n.set_language("de")
    words = join(", ", [Word("Der Wagen", {"acc": "den Wagen"}), Word("Die Sonne", {
        "acc": "die Sonne"}, "Sonne")])
    assert fmt("sieht {w:acc}", w=words) == "sieht den Wagen, die Sonne"


@pytest.mark.parametrize("language, text", [
    ("de", "Player sieht Der Wagen (9)."),
    ("de", "Ana gibt Anna Der Turm (9) und bekommt Der Mond (10)."),
    ("de", "Ana gewinnt mit den Wagen (9)."),
    ("de", "Runde 3 vorbei: die Siegerreihe und der Tisch nach dem Schaden"),
    ("fr", "Le Pendu de Orrin n'a rien sur quoi agir."),
    ("fr", "L'avenir de Émile"),
    ("fr", "Orrin subit 3 dégât(s)."),
    ("fr", "en infligeant 4 de dégâts"),
    ("fr", "la capacité de Le Mat"),
    ("es", "4 de daño a cada otro jugador."),
    ("es", "la habilidad de El Loco"),
    ("es", "Ana, es tu turno. Supera el Loco (0): fuerza mayor que 0."),
    ("es", "Ana revela la Torre (16): fracasa, eliminado."),
    ("fr", "Ana\u00a0: Choisissez une carte."),
    ("fr", "Ana est vaincu."),
    ("fr", "taux de victoire (54 %)"),
    ("fr", "cette partie est encore en cours ; reprenez-la"),
    ("fr", "Orrin utilise le Sacristain\u00a0: Invocation\u00a0: défaussez la carte du dessus."),
    ("de", "Zora nutzt den Versucher: Beschwörung: Lege eine Karte oben auf das Ziehdeck."),
    ("pt", "Descartes: vazia"),
    ("pt", "a habilidade de O Louco"),
    ("pt", "O Louco (0) é a mais forte das cartas que você comprou."),
    ("pt", "Ana é derrotado."),
    ("fr", "Le Mat (0) a une capacité : elle peut agir parce que vous l'avez invoquée."),
    ("fr", "Le Mat (0) était seulement aussi forte que la carte à battre."),
    ("es", "El Loco (0) tiene una habilidad: puede actuar porque la has invocado."),
    ("pt", "O Louco (0) tem uma habilidade: ela pode agir porque você a invocou."),
    ("ko", "어머니 (8)을 넘어야 합니다"),
    ("ko", "태양(11)로 승리했습니다"),
    ("ko", "어머니 (8, 피해 2)"),
    ("ko", "어머니 (강도 8)를 냅니다"),
    ("ko", "민준은 신탁자(5)를 사용합니다: 소환: 뽑기 덱 맨 위 카드 3장을 봅니다."),
    ("ko", "그대는 웃으며 벼랑 끝에서 발을 내딛으리라."),
])
def test_the_proof_reader_flags_what_the_issue_found(language, text, deck):
    """The rules would have caught the errors players reported (so a test that passes with
    them says something)."""
    assert check(language, text, deck)


def test_korean_card_choices_and_tips_hold_the_strength_to_the_name(deck):
    """Korean writes a note on a word right after it: "어머니(8, 피해 2)" in a choice of
    cards, "어머니(강도 8)" in the tutorial's tips, never with a space before "(" (the
    proof-reader's rule, on the shapes the whole-game logs never print)."""
    i18n.set_language("ko")
    for card in deck.cards:
        words = {"card": card_word(deck, card), "strength": card.strength,
                 "damage": card.damage, "keyword": "소환"}
        for template in ("{card} ({strength}, damage {damage}, {keyword})",
                         "{card} ({strength}, damage {damage})"):
            text = fmt(i18n._(template), **words)
            assert not check("ko", text, deck), text
        tip = card_word(deck, card).labelled(i18n._("{name} (strength {strength})"), "name",
                                             strength=card.strength)
        assert not check("ko", fmt("{c:를} 냅니다", c=tip), deck), str(tip)


@pytest.mark.parametrize("language", ["fr", "de"])
def test_what_a_reveal_had_to_beat_needs_no_pronoun_for_the_revealed_card(language, deck):
    """Under a revealed card the stage says what it had to beat. "Elle devait battre …" /
    "Sie musste … schlagen" gave the card a pronoun of one gender, wrong after "le Mat" or
    "Der Wagen"; the sentence is impersonal, and right for every card by the proof-reader."""
    i18n.set_language(language)
    for card in deck.cards:
        for template in ("It had to beat {card} ({strength}).",
                         "It had to beat {card} ({strength}), counting as {beat}."):
            text = fmt(i18n._(template), card=card_word(deck, card), strength=card.strength,
                       beat=card.strength + 1)
            assert text.split(" ")[0] not in ("Elle", "Sie", "Er"), text
            assert not check(language, text, deck), text
            assert " der als " not in text, text  # a relative pronoun of one gender


@pytest.mark.parametrize("language", sorted(WORDING))
def test_every_message_of_the_catalogue_passes_the_proof_reader(language):
    """Every message as it stands (its placeholders unfilled), by the proof-reader's rules
    that need no card: German words of our own, French typography, a participle that
    guesses a player's gender, "supera el Loco", "a mais forte das cartas"."""
    errors = [f"{text!r}  <- {p}" for entry in read_po(language).messages
              for text in entry.msgstr for p in WORDING[language](text)]
    assert not errors, "\n".join(errors[:40])


@pytest.mark.parametrize("language", ["fr", "es", "pt"])
def test_an_abilitys_question_goes_on_after_the_players_name_in_small_letters(language):
    """"Ana : choisissez …", "Ana: elige …", "Ana: escolha …": French, Spanish and Portuguese
    write no capital after ":" in a sentence that goes on (every ability's question, as the
    table asks it)."""
    from dread_draw.rules import EFFECTS

    i18n.set_language(language)
    errors = []
    for spec in EFFECTS.values():
        for pick in spec.picks:
            question = fmt(i18n._(pick.prompt),
                           **dict.fromkeys(i18n.placeholders(pick.prompt), 2))
            asked = fmt(i18n._("{who}: {question}"), who="Ana", question=question)
            if not question[0].islower() or WORDING[language](asked):
                errors.append(asked)
    assert not errors, "\n".join(errors)


def test_french_percentages_have_a_no_break_space_before_the_sign():
    """"54 %": the coach's chances and every percentage the code writes (i18n.percent)."""
    from dread_draw.coach.words import percent

    i18n.set_language("fr")
    assert percent(0.41) == "41\u00a0%"
    assert i18n.percent(54.3, 1) == "54,3\u00a0%"
    i18n.set_language("en")
    assert percent(0.41) == "41%" and i18n.percent(54.3, 1) == "54.3%"


def test_korean_card_texts_and_fortunes_address_the_player_as_the_table_does(deck):
    """An ability said on the table or by the coach ("…의 능력을 사용합니다. 소환: …", not
    two colons in a row), and every card's text and fortune without "그대": the table
    names the player with no pronoun (docs/glossary/ko.md)."""
    from proofread import wording_ko

    i18n.set_language("ko")
    words = deck_text(deck, "ko")
    errors = []
    for card in deck.cards:
        said = words[card]
        shown = [said.text or "", said.fortune or ""]
        if said.text:
            shown += [fmt(i18n._("{who} uses {card}: {text}"), who="민준", card=said.name,
                          text=said.text),
                      fmt(i18n._("{card}: {text}"), card=said.name, text=said.text)]
        errors += [f"{card.id}: {t!r}  <- {p}" for t in shown for p in wording_ko(t)]
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_round_over_bar_says_it_whole_at_80_columns(language):
    """The top bar after a round names the winning row in the edition's words ("die Reihe
    des Gewinners", not "Siegerreihe") and still fits 80 columns, so the table does not fall
    back to its short words."""
    from rich.cells import cell_len

    i18n.set_language(language)
    said = fmt(i18n._("round {n} is over: the winning row and the table after the damage"),
               n=10)
    assert cell_len("DREAD DRAW  ·  " + said) <= 80, said
