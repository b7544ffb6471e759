"""A native proof-reader's pass over every language: each card name in every sentence shape
that can hold it, and whole games' logs, checked against the language's rules (German case
and article, French contraction and elision, Spanish and Portuguese contractions, Korean
particles chosen from the name itself), and the card files' grammar against the rules too.
The rules are in tests/proofread.py."""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path

import pytest
from proofread import GAMES, WORDING, cards_of, game_lines, problems, shapes

from dread_draw import i18n
from dread_draw.deck.cards import load_deck
from dread_draw.deck.overlays import card_word, deck_text, keyword_label
from dread_draw.i18n import fmt, korean
from dread_draw.i18n.grammar import FORMS, GERMAN_ARTICLES, Word
from dread_draw.i18n.tools import read_po
from dread_draw.words.narrate import card_choice, card_label

ROOT = Path(__file__).parent.parent
ASSETS = ROOT / "dread_draw" / "assets"
TRANSLATED = ("fr", "es", "de", "pt", "ko")
NAMES = ["Ana", "Émile", "Orrin", "Ilse", "Zora"]


@pytest.fixture(scope="module")
def deck():
    return load_deck()


@functools.cache
def cards_and_names(deck, language):
    """The deck's cards as the proof-reader reads them, and the Korean names (once each)."""
    names = [deck_text(deck, "ko")[c].name for c in deck.cards] if language == "ko" else []
    return cards_of(deck, language), names


def check(language, text, deck):
    """What the proof-reader finds in `text` (a line as the game shows it)."""
    cards, names = cards_and_names(deck, language)
    return problems(language, text, cards, names, NAMES)


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

@pytest.mark.parametrize("language", TRANSLATED)
def test_every_card_in_every_sentence_that_can_hold_it_reads_right(language, deck):
    """Each of the deck's cards, and lists of two, put in every message that can hold a card,
    by the same machinery as the game (its label with the strength), checked by the
    language's rules (tests/proofread.py: shapes)."""
    i18n.set_language(language)
    lines = shapes(deck, language)
    errors = [f"{text}  <- {p}" for text in lines for p in check(language, text, deck)]
    assert len(lines) > 1000
    assert not errors, "\n".join(errors[:40]) + f"\n({len(errors)} in all)"


# ---------------------------------------------------------------------- whole games

@pytest.mark.parametrize("language", TRANSLATED)
def test_whole_games_logs_have_no_grammar_errors(language, deck):
    """Four whole seeded games as `replay --print` tells them, with the round summaries."""
    i18n.set_language(language)
    names = [deck_text(deck, "ko")[c].name for c in deck.cards] if language == "ko" else []
    cards = cards_of(deck, language)
    errors, lines = [], 0
    for seed, n in GAMES:
        for line in game_lines(deck, seed, n):
            lines += 1
            errors += [f"{line}  <- {p}" for p in problems(language, line, cards, names,
                                                           kind="log")]
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
        text = card_choice(deck, card)
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


# Today's lines, before #46, one for each kind of error the readers found: the proof-reader
# must catch each (a rule that lets one through is no rule).
ISSUE_46 = [
    ("fr", "negation", "Ilse met aucune carte sous le Deck de Pioche."),
    ("es", "negation", "Ilse pone ninguna carta en el fondo del Mazo de Robo."),
    ("pt", "negation", "Ilse põe nenhuma carta no fundo do Baralho de Compra."),
    ("fr", "gender", "Ana (humain)"),
    ("es", "gender", "Lucía (humano)"),
    ("pt", "gender", "Ana (humano)"),
    ("fr", "gender", "éliminé"),
    ("es", "gender", "eliminado"),
    ("es", "gender", "Pasa el teclado a Ana. Ana, pulsa Intro cuando estés listo."),
    ("pt", "gender", "Passe o teclado para Ana. Ana, pressione Enter quando estiver pronto."),
    ("fr", "gender", "Seul·e Ana peut lire ceci :"),
    ("fr", "wording", "Personne"),
    ("fr", "agreement", "Émile prend le Loup (5) dans la pile de défausse et la place en réserve."),
    ("es", "agreement", "Émile toma el Lobo (5) de la pila de descarte y la pone en sus reservas."),
    ("pt", "agreement", "Ana põe o Louco (0) virada para cima no topo do Baralho de Compra."),
    ("es", "agreement", "Descartado del Mazo de Robo: La Madre (8), El Cuervo (3)."),
    ("pt", "agreement", "Descartado do Baralho de Compra: A Mãe (8), O Corvo (3)."),
    ("fr", "capital", "Défausse depuis le Deck de Pioche : La Mort (12)."),
    ("es", "capital", "Supera la última carta de tu fila, El Oráculo (6)."),
    ("pt", "capital", "Zora: 10 cartas; fileira O Eremita (6), vale 6."),
    ("fr", "list", "Émile gagne la manche 1 avec la Justice (7), le Jugement (12) : 1 dégât."),
    ("es", "list", "Émile gana la ronda 1 con la Justicia (7), el Juicio (12)."),
    ("de", "list", "Émile gewinnt Runde 1 mit der Gerechtigkeit (7), dem Gericht (12)."),
    ("ko", "list", "Émile이 정의(7), 심판(12)으로 승리합니다."),
    ("ko", "list", "Émile이 바보(0), 정의(7)와 심판(12)으로 승리합니다."),
    ("fr", "elision", "La rangée de Óscar inflige 3 dégâts à chacun des autres joueurs."),
    ("fr", "elision", "La rangée d'Yann inflige 5 dégâts à chacun des autres joueurs."),
    ("fr", "typography", "Le présent: le Fossoyeur (3). Quelqu'un vous rendra ce que vous avez "
                         "enterré."),
    ("fr", "wording", "Temps de réflexion par décision en ms ; plus réfléchit mieux, et plus "
                      "longtemps."),
    ("fr", "agreement", "deux ordinateurs normal dans une partie font deux places."),
    ("pt", "wording", "Zora joga a próxima vez."),
    ("pt", "wording", "Revelação falha"),
    ("pt", "wording", "«Continuar» na tela de nova partida"),
    ("fr", "term", "Afficher la revue comme un objet JSON."),
    ("es", "term", "Revisión"),
    ("pt", "term", "Informe um FILE ou --last; o jogo salvo fica como está."),
    ("es", "term", "Émile gana 2 de vida."),
    ("de", "agreement", "Ana, du bist am Zug. Zu schlagen ist die Liebenden (7): Stärke über 7."),
    ("de", "count", "Die Reihe von Émile fügt jedem anderen Spieler 0 Schaden zu."),
    ("de", "count", "Du hast Runde 3 gewonnen und 0 Schaden verursacht."),
    ("de", "address", "Der Tod von Ana hat nichts, worauf die Fähigkeit (Nachwirkung) wirken "
                      "kann: Sie bewirkt nichts."),
    ("de", "wording", "Deine Reihe ist leer: Jede Karte gelingt."),
    ("de", "gender", "Die Reihe von Spieler fügt jedem anderen Spieler 2 Schaden zu."),
    ("de", "term", "Sieg"),
    ("ko", "particle", "지우(2번 자리)을(를) 기다립니다."),
    ("ko", "term", "오늘의 게임"),
    ("ko", "term", "끝난 게임 돌아보기"),
    ("ko", "term", "Émile은 생명 1을 얻습니다."),
    ("ko", "count", "Émile의 줄이 다른 플레이어 모두에게 피해 0을 줍니다."),
    ("ko", "colon", "Óscar는 연인(7)을 공개합니다: 소환 성공(줄 7)."),
    ("ko", "english", "CPU 수준은 자리마다 셉니다: 한 게임의 normal CPU 둘은 두 자리입니다."),
    ("fr", "english", "Écrire le deck standard dans FILE (n'écrase jamais un fichier)."),
    ("es", "english", "Usage: dread-draw play [OPTIONS]"),
    ("de", "english", "Try 'dread-draw play --help' for help."),
    ("fr", "english", "Erreur : impossible de lire le fichier de deck (Permission denied)."),
    ("es", "english", "mazo.toml: no es TOML válido: Expected '=' after a key in a key/value pair"),
    ("fr", "english", "jamais utilisées : bury, mill"),
    ("de", "english", "→ l Space / ← h | eine Entscheidung vor / zurück"),
]


@pytest.mark.parametrize("language, kind, text", ISSUE_46)
def test_the_proof_reader_catches_each_class_of_error_on_todays_lines(language, kind, text,
                                                                       deck):
    found = check(language, text, deck)
    assert any(f.startswith(kind + ":") for f in found), (text, found)


def test_the_korean_log_in_the_past_among_the_present_is_caught(deck):
    names = [deck_text(deck, "ko")[c].name for c in deck.cards]
    found = problems("ko", "Émile이 정의(7)와 심판(12)으로 1라운드에서 승리했습니다.",
                     cards_of(deck, "ko"), names, kind="log")
    assert any(f.startswith("tense:") for f in found), found


# ---------------------------------------------------------------------- agreement, lists, negation

def uid_of(deck, card_id):
    return next(u for u in range(deck.size) if deck.card[u].id == card_id)


@pytest.mark.parametrize("language, card_id, said", [
    ("fr", "the-wolf", "le"), ("fr", "justice", "la"), ("fr", "the-lovers", "les"),
    ("fr", "the-oracle", "le"), ("fr", "the-star", "la"),  # l': the overlay's gender
    ("es", "the-wolf", "lo"), ("es", "the-lovers", "los"), ("pt", "the-fool", "o"),
    ("pt", "the-lovers", "os"), ("de", "the-lovers", "sie"), ("de", "the-chariot", "ihn"),
    ("de", "the-oracle", "es"),
])
def test_a_pronoun_agrees_with_the_card_it_stands_for(language, card_id, said, deck):
    """"prend le Loup … et le place", "toma el Lobo … y lo pone": the choice in the
    placeholder follows the card's own gender and number, never the word "card"."""
    i18n.set_language(language)
    word = card_label(deck, uid_of(deck, card_id))
    choices = {"fr": "m=le|f=la|pl=les", "es": "m=lo|f=la|mpl=los|fpl=las",
               "pt": "m=o|f=a|mpl=os|fpl=as", "de": "m=ihn|f=sie|n=es|pl=sie"}[language]
    assert fmt("{c:" + choices + "}", c=word) == said


def test_a_players_name_takes_the_first_choice_and_a_list_is_plural(deck):
    """The game never guesses a player's gender: a name takes the first (generic) choice;
    a list of cards is plural, masculine if one of them is."""
    i18n.set_language("es")
    assert fmt("{who:m=listo|f=lista}", who="Lucía") == "listo"
    pair = i18n.listing([card_label(deck, uid_of(deck, "the-mother")),
                         card_label(deck, uid_of(deck, "the-crow"))])
    assert fmt("{c:sg=se descarta|pl=se descartan}", c=pair) == "se descartan"
    assert fmt("{c:mpl=descartados|fpl=descartadas}", c=pair) == "descartados"


@pytest.mark.parametrize("language, listed", [
    ("en", "The Fool (0), Death (12) and The Sun (11)"),
    ("fr", "Le Mat (0), la Mort (12) et le Soleil (11)"),
    ("es", "El Loco (0), la Muerte (12) y el Sol (11)"),
    ("de", "Der Narr (0), der Tod (12) und die Sonne (11)"),
    ("pt", "O Louco (0), a Morte (12) e o Sol (11)"),
    ("ko", "바보(0), 죽음(12), 태양(11)"),
])
def test_a_list_of_cards_says_and_before_its_last(language, listed, deck):
    """A list of cards reads as the language lists things: "and" before the last (Korean:
    commas throughout), and only its first card as a title."""
    i18n.set_language(language)
    cards = [card_label(deck, uid_of(deck, c)) for c in ("the-fool", "death", "the-sun")]
    assert str(i18n.listing(cards)) == listed


@pytest.mark.parametrize("language, listed", [
    ("en", "Death (12) and The Sun (11)"), ("fr", "La Mort (12) et le Soleil (11)"),
    ("de", "Der Tod (12) und die Sonne (11)"), ("ko", "죽음(12)과 태양(11)"),
])
def test_a_list_of_two_cards_joins_them_with_and(language, listed, deck):
    """Two cards are joined by "and" (Korean: the particle 와/과 the first card's last
    syllable chooses: 죽음과, 바보와); a longer list is not the same join."""
    i18n.set_language(language)
    cards = [card_label(deck, uid_of(deck, c)) for c in ("death", "the-sun")]
    assert str(i18n.listing(cards)) == listed
    if language == "ko":
        pair = [card_label(deck, uid_of(deck, c)) for c in ("the-fool", "the-sun")]
        assert str(i18n.listing(pair)) == "바보(0)와 태양(11)"


def test_french_elides_before_every_vowel_and_not_before_a_consonant_y():
    i18n.set_language("fr")
    said = [fmt("{n:de}", n=n) for n in ("Óscar", "Ásdís", "Íñigo", "Émile", "Yann", "Yves",
                                          "Zora")]
    assert said == ["d'Óscar", "d'Ásdís", "d'Íñigo", "d'Émile", "de Yann", "d'Yves",
                    "de Zora"]


@pytest.mark.parametrize("language, negative", [
    ("en", "puts none of them"), ("fr", "n'en met aucune"), ("es", "no pone ninguna"),
    ("pt", "não põe nenhuma"), ("de", "legt keine davon"), ("ko", "아무 카드도 놓지 않습니다"),
])
def test_an_ability_that_moved_no_card_says_so_in_a_negative_sentence(language, negative,
                                                                      deck):
    """"Ilse met aucune carte" put "no card" in a positive sentence; an outcome with no card
    has its own sentence (Tell.nothing), in a replay and at the table alike."""
    from dread_draw.words.narrate import Narrator

    i18n.set_language(language)
    drowned = uid_of(deck, "the-drowned")
    ev = {"type": "outcome", "effect": "bury", "seat": 0, "card": {"uid": drowned},
          "buried": []}
    for reveal in (True, False):
        said = Narrator(deck, ["Ilse", "Zora"], reveal=reveal)(ev)
        assert said is not None and negative in said, said


@pytest.mark.parametrize("language", ("en",) + TRANSLATED)
def test_a_row_that_deals_no_damage_says_it_in_words(language, deck):
    """"fügt jedem anderen Spieler 0 Schaden zu", "피해 0을 줍니다": no damage is said in
    words, and no "nobody takes damage" after it."""
    from dread_draw.words.narrate import RoundReport

    i18n.set_language(language)
    lines = RoundReport(3, 0, 0, row="").lines(["Ana", "Zora"])
    assert len(lines) == 2 and not re.search(r"(?<![\d→] )\b0\b", lines[1]), lines


@pytest.mark.parametrize("language", TRANSLATED)
def test_plain_mode_transcripts_have_no_errors_the_readers_found(language, deck):
    """Two whole hot-seat games in `play --plain` (two people at the keyboard and a CPU,
    asking for the help, the table, the discard pile, the odds and the log): every line by
    the proof-reader's rules (tests/proofread.py)."""
    from proofread import PLAYERS, plain_lines

    i18n.set_language(language)
    names = [deck_text(deck, "ko")[c].name for c in deck.cards] if language == "ko" else []
    cards = cards_of(deck, language)
    lines = plain_lines(deck, 3, ["Ana", "Óscar"]) + plain_lines(deck, 7, ["Yann", "Émile"])
    errors = [f"{line}  <- {p}" for line in lines
              for p in problems(language, line, cards, names, PLAYERS)]
    assert len(lines) > 300
    assert not errors, "\n".join(errors[:40]) + f"\n({len(errors)} in all)"


@pytest.mark.parametrize("language, choices", [
    ("fr", ["Le Mat (0, aucun dégât, Réserve)", "Le Noyé (2, 2 dégâts, Invocation)",
            "La Phalène (2, 1 dégât)"]),
    ("es", ["El Loco (0, sin daño, Reserva)", "El Ahogado (2, 2 puntos de daño, Invocación)",
            "La Polilla (2, 1 punto de daño)"]),
    ("de", ["Der Narr (0, kein Schaden, Reserve)", "Der Ertrunkene (2, 2 Schaden, Beschwörung)",
            "Die Motte (2, 1 Schaden)"]),
    ("pt", ["O Louco (0, sem dano, Reserva)", "O Afogado (2, 2 pontos de dano, Invocação)",
            "A Mariposa (2, 1 ponto de dano)"]),
    ("ko", ["바보(0, 피해 없음, 비축 능력)", "익사자(2, 피해 2, 소환 능력)", "나방(2, 피해 1)"]),
])
def test_a_card_to_choose_says_its_damage_as_prose(language, choices, deck):
    """A card offered as a choice says its damage as the language counts it ("2 dégâts",
    "1 punto de daño"; none in words: "aucun dégât"), not as a label ("dégâts 2"); Korean
    names the ability ("소환 능력") so that a reserve card to summon does not say 소환
    twice in a row."""
    i18n.set_language(language)
    said = [card_choice(deck, deck.card[uid_of(deck, c)])
            for c in ("the-fool", "the-drowned", "the-moth")]
    assert said == choices
    assert not any(check(language, text, deck) for text in said)


@pytest.mark.parametrize("name, said", [
    ("Ana", "Anas Reihe fügt jedem anderen Spieler 3 Schaden zu."),
    ("Max", "Max' Reihe fügt jedem anderen Spieler 3 Schaden zu."),
    ("Émile", "Émiles Reihe fügt jedem anderen Spieler 3 Schaden zu."),
    ("Spieler 1", "Die Reihe von Spieler 1 fügt jedem anderen Spieler 3 Schaden zu."),
])
def test_german_says_whose_row_with_the_name_in_the_genitive(name, said):
    """German puts the owner's name before the noun, "Anas Reihe" (an apostrophe after s, x,
    z: "Max' Reihe"), not the stiff "Die Reihe von Ana"; a name that ends in a digit keeps
    "von": "Spieler 1s Reihe" is no German."""
    i18n.set_language("de")
    template = i18n.ngettext("{who}'s row deals {n} damage to each other player.",
                             "{who}'s row deals {n} damage to each other player.", 3)
    assert fmt(template, who=name, n=3) == said
    assert fmt("in {who:gen=der Reserve}", who=name).startswith(
        "in der Reserve von" if name[-1].isdigit() else "in " + said.split(" ")[0])


def test_french_says_capacite_d_invocation_as_the_edition_does(deck):
    """The French edition writes "capacité d'Invocation", "de Réserve", "d'Après-Coup": the
    keyword after "capacité" takes "de", elided before a vowel."""
    i18n.set_language("fr")
    template = i18n._("{who} does not use {card}'s {keyword} ability.")
    card = card_word(deck, deck.card[uid_of(deck, "the-mother")])
    said = [fmt(template, who="Zora", card=card, keyword=keyword_label(when))
            for when in ("summon", "reserve", "aftermath")]
    assert [s.split("capacité ")[1].split(" de")[0] for s in said] == [
        "d'Invocation", "de Réserve", "d'Après-Coup"]
