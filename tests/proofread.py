"""A proof-reader's rules, per language, for the sentences players read, and the corpus they
are run over (`python tests/proofread.py` prints what they find, class by class).

Each finding is one string, ``"class: what"``; the classes (`CLASSES`) are the kinds of
error a native reader of the published editions flagged, each caught by the rule that
finds the whole kind, never by a list of today's sentences:

- ``case``: German case after a preposition ("mit den Wagen"), a title article in capitals
  inside a sentence ("sieht Der Wagen"), the article twice ("die Karte den Wagen");
- ``contraction``: "de Le Mat", "a El Loco", "de O Louco" (du, al, do);
- ``elision``: French "de Ana", "La rangée de Óscar" (d'Ana, d'Óscar) and "d'Yann" (a y
  before a vowel is a consonant: de Yann);
- ``capital``: a card's title article in capitals inside a French, Spanish or Portuguese
  sentence ("…du Deck de Pioche : La Mort (12)", "de tu fila, El Oráculo");
- ``list``: a list of cards without "and" before its last ("la Justice (7), le Jugement
  (12) :" — "la Justice (7) et le Jugement (12)");
- ``negation``: a negative word dropped into a positive sentence ("Ilse met aucune carte",
  "pone ninguna carta", "põe nenhuma carta": ne, no, não);
- ``gender``: a word that guesses a player's gender ("Ana est vaincu", "Ana (humain)",
  "ÉLIMINÉ" as a player's status, "cuando estés listo", "Seul·e Ana");
- ``agreement``: a pronoun, participle or verb that does not agree with the card it is about
  ("prend le Loup … et la place", "Le Mat … vous l'avez invoquée", "põe o Louco (0)
  virada", "Zu schlagen ist die Liebenden");
- ``count``: a number and its noun ("1 dégâts", "3 dégât(s)", "4 de dégâts", "1 cartas"), and
  zero written as an amount ("0 Schaden", "피해 0을"): no damage is said in words;
- ``typography``: French "54%" and a missing no-break space before ": ; ! ?", a capital
  after ":" in a sentence that goes on;
- ``particle``: a Korean particle that does not agree with the word before it (어머니(8)을),
  or the combined form where the word is known (지우(2번 자리)을(를)), a space before a
  name's strength (어머니 (8));
- ``colon``: two colons in a row ("utilise l'Oracle : Invocation : …"), Korean clauses joined
  with a colon ("공개합니다: 소환 성공");
- ``tense``: Korean log lines in the past among the present ("승리했습니다" beside
  "공개합니다");
- ``address``: German "Sie" for an ability, read as the polite "you"; a Korean pronoun for
  the player (그대, 당신);
- ``term``: not the edition's word (de "Siegerreihe", "Sieg" for the winner), or one idea
  said two ways (docs/glossary/LANG.md, "One word for one idea");
- ``english``: English left in a translated text (Click's "Usage:", "Options", a
  placeholder NAME, a reason of the operating system, "normal CPU");
- ``wording``: phrases a reader stops at ("plus réfléchit mieux", "Jede Karte gelingt",
  "joga a próxima vez", Portuguese « » quotes).

`problems(language, text, cards, kind)` runs every rule of a language over `text` (`cards`:
each card's title → its forms, gender and number; `kind`: "line" for a sentence as
shown, "template" for a catalogue message with its placeholders, "log" for a line of a
game's log). `CHECKS` and `WORDING` keep the shapes the tests have always used.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path

from dread_draw.i18n import korean

ROOT = Path(__file__).resolve().parent.parent
CLASSES = ("case", "contraction", "elision", "capital", "list", "negation", "gender",
           "agreement", "count", "typography", "particle", "colon", "tense", "address", "term",
           "english", "wording")
TRANSLATED = ("fr", "es", "de", "pt", "ko")
Cards = Mapping[str, Mapping[str, str]]  # a card's title → its forms, "gender", "plural"


def said(kind: str, items: Iterable[str]) -> list[str]:
    return [f"{kind}: {item}" for item in items]


# ---------------------------------------------------------------------- cards in a text

_PATTERNS: dict[int, tuple[Cards, re.Pattern[str], dict[str, str]]] = {}


def _mention_pattern(cards: Cards) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern for every form of every card (the longest first), and each form's card:
    made once for each set of cards the checks are given."""
    hit = _PATTERNS.get(id(cards))
    if hit is None or hit[0] is not cards:
        title_of = {}
        for title, forms in cards.items():
            for form in {title, *(v for k, v in forms.items() if k not in ("gender", "plural"))}:
                title_of.setdefault(form, title)
        alternatives = "|".join(re.escape(f) for f in sorted(title_of, key=len, reverse=True))
        pattern = re.compile(r"(?<![\w'’])(" + alternatives + r")(?: ?\((?:[^()]*)\))?")
        hit = _PATTERNS[id(cards)] = (cards, pattern, title_of)
    return hit[1], hit[2]


def mentions(text: str, cards: Cards | None) -> list[tuple[int, int, str, str]]:
    """Where the cards are named in `text`: (start, end, title, the form as written), the
    longest name first where two could match."""
    if not cards:
        return []
    pattern, title_of = _mention_pattern(cards)
    return [(m.start(), m.end(), title_of[m.group(1)], m.group(1))
            for m in pattern.finditer(text)]


def gender_of(cards: Cards, title: str) -> tuple[str, bool]:
    forms = cards[title]
    return forms.get("gender", ""), forms.get("plural", "") == "1"


# ---------------------------------------------------------------------- every language

_LIST_AND = {"en": (" and ",), "fr": (" et ",), "es": (" y ", " e "), "pt": (" e ",),
             "de": (" und ",), "ko": ("와 ", "과 ")}


def lists(language: str, text: str, cards: Cards | None) -> list[str]:
    """A run of two or more cards whose last is joined by ", " only: it needs "and". Korean
    joins two with 와/과 and three or more with commas throughout ("A, B, C", not the
    English "A, B와 C")."""
    found = []
    joins = (", ", *_LIST_AND[language])

    def check(run: list[str]) -> None:
        if language == "ko" and len(run) > 1:
            if any(sep != ", " for sep in run):
                found.append("a list of three or more joined by 와/과: commas throughout")
        elif run and run[-1] == ", ":
            found.append(f"no {_LIST_AND[language][0].strip()!r} before the last card")

    spans = mentions(text, cards)
    run: list[str] = []  # the separators of the run so far
    for (_s, end, _t, _f), (start, _e, _title, _g) in zip(spans, spans[1:], strict=False):
        between = text[end:start]
        if between in joins:
            run.append(between)
            continue
        check(run)
        run = []
    check(run)
    return said("list", found)


_ZERO = {
    "fr": r"(?<![\d,.])0 (?:dégâts?|points? de vie)\b",
    "es": r"(?<![\d,.])0 (?:de )?(?:daño|vida)\b",
    "pt": r"(?<![\d,.])0 (?:pontos? )?(?:de )?(?:dano|vida)\b",
    "de": r"(?<![\d,.])0 (?:Schaden|Leben)\b",
    "ko": r"피해 0(?:을|이|만|\.|$)|피해를 0\b|생명을 0\b",
    "en": r"(?<![\d,.])0 (?:damage|life)\b",
}


def zero(language: str, text: str) -> list[str]:
    return said("count", [f"no damage written as the number 0: {m.group(0)!r}"
                          for m in re.finditer(_ZERO[language], text)])


# English that a translated text should not hold: Click's and Typer's own words, the
# placeholders of --help, the reasons of the operating system and of the TOML parser, a CPU
# level's id, keys by their English names.
_ENGLISH = re.compile(
    r"\b(?:Usage|Options|Arguments|Commands|Try '|Show this message|Invalid value|Missing "
    r"(?:argument|option|parameter)|No such (?:option|command|file)|Got unexpected|for help|"
    r"is not a valid|is not in the range|Permission denied|Is a directory|Not a directory|"
    r"File exists|Expected|Unclosed|Illegal character|Invalid statement|Cannot overwrite|"
    r"Aborted|Enter to|victory|bury|mill|scavenge|"
    r"normal CPU|hard CPU|easy CPU|random CPU|(?:random|easy|normal|hard) CPUs?)\b"
    r"|(?<!-)\b(?:NAME|LEVEL|FILE|FOLDER|SECONDS|ADDRESS|MINUTES|AGENT|SEATS|TEXT|INTEGER)\b")
_ENGLISH_WORDS = re.compile(r"\b(?:the|and|with|of|for|is|not|this|that|your|you)\b")


# Keys by their English names where the language's keyboards print others (Leertaste, Pos1,
# Bild↓; Espace, Début; Espacio, Inicio); Brazilian and Korean keyboards print Home, End,
# PgDn, but no word on the space bar.
_KEY_NAMES = r"\b(?:Space|PgDn|PgUp|Home|End)\b"
_ENGLISH_KEYS = {"fr": _KEY_NAMES, "es": _KEY_NAMES, "de": _KEY_NAMES, "pt": r"\bSpace\b",
                 "ko": r"\bSpace\b"}


# English words that are words of the language too (French "Options", "Arguments")
_SAME_WORDS = {"fr": {"Options", "Arguments", "MINUTES"}, "de": {"NAME"}}


def english(language: str, text: str) -> list[str]:
    found = [f"English left: {m.group(0)!r}" for m in _ENGLISH.finditer(text)
             if m.group(0) not in _SAME_WORDS.get(language, ())]
    found += [f"a key by its English name: {m.group(0)!r}"
              for m in re.finditer(_ENGLISH_KEYS[language], text)]
    if language in ("fr", "es", "de", "pt"):
        words = _ENGLISH_WORDS.findall(_without_code(text))
        if len(words) >= 2:
            found.append(f"English left: {' '.join(words[:4])!r}")
    return said("english", found)


def _without_code(text: str) -> str:
    """Text without what is quoted as code or typed: commands, options, file names,
    placeholders, markup, paths and addresses."""
    text = re.sub(r"\{[^{}]*\}|\[/?[\w #.=-]*\]|`[^`]*`|'[^']*'|\"[^\"]*\"", " ", text)
    text = re.sub(r"(?:dread-draw|python|pip)\b[^.;:,)]*|--[\w-]+(?:[ =][\w./,-]+)?", " ",
                  text)
    return re.sub(r"\S*[/\\.@]\S*|\b[\w-]+\.(?:toml|json|md|jsonl)\b", " ", text)


# ---------------------------------------------------------------------- the glossaries

@cache
def one_word(language: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """A glossary's "One word for one idea" table: (idea, our word, the words not used)."""
    path = ROOT / "docs" / "glossary" / f"{language}.md"
    rows, inside = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = "one word for one idea" in line.lower() or "one idea" in line.lower()
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not inside or not line.startswith("| ") or len(cells) < 3 or set(cells[0]) <= {"-"}:
            continue
        if cells[0].lower() in ("idea", "english"):
            continue
        avoid = tuple(w.strip() for w in cells[2].split(",") if w.strip() not in ("", "—"))
        rows.append((cells[0], cells[1], avoid))
    return tuple(rows)


_NUMBER = r"(?:\d+|\{\w+\})"  # "{n}" in an avoided phrase: a number, or a placeholder


def avoided(word: str) -> re.Pattern[str]:
    """An avoided phrase of a glossary as a pattern: whole words, "{n}" for any number."""
    parts = [re.escape(p) for p in word.split("{n}")]
    body = _NUMBER.join(parts)
    if not re.search(r"\w", word):
        return re.compile(body)
    return re.compile(r"(?<!\w)" + body + r"(?!\w)", re.IGNORECASE)


def terms(language: str, text: str) -> list[str]:
    found = []
    for idea, ours, avoid in one_word(language):
        for word in avoid:
            if avoided(word).search(text):
                found.append(f"{word!r} for {idea} (the glossary's word: {ours})")
    return said("term", found)


# ---------------------------------------------------------------------- German

_UPPER_ARTICLE = re.compile(r"(?<=[a-zäöüß,;]) (Der|Die|Das|Den|Dem|Des) (?=[A-ZÄÖÜ])")
# Prepositions and the case they take (two-way prepositions are left out: either may be right)
_GERMAN_DATIVE = {"mit", "von", "aus", "bei", "nach", "zu", "seit", "gegenüber"}
_GERMAN_ACCUSATIVE = {"für", "durch", "gegen", "ohne", "um"}
_GERMAN_SINGULAR_VERB = (r"ist|war|hat|wird|zählt|schlägt|gilt|bleibt|liegt|kommt|gewinnt|"
                         r"muss|kann|wirkt|bewirkt|geht|tut|findet")
# verbs whose noun after them is their subject ("Zu schlagen ist die …", "oben liegt der …")
_GERMAN_COPULA = r"ist|war|wird|liegt|bleibt|zählt|gilt|kommt"


# Two colons in a row around an ability's keyword ("Ana utilise l'Oracle : Invocation :
# regardez …"): the sentence that says who used the card ends first.
_DOUBLE_COLON = re.compile(r":\s+[A-ZÀ-ÖØ-Þ][\w'’-]*(?: [a-zäöü]\w*)?[\u00a0 ]?:\s")


def double_colon(text: str) -> list[str]:
    return said("colon", [f"two colons in a row: {m.group(0)!r}"
                          for m in _DOUBLE_COLON.finditer(text)])


# Words of our own where the edition has its own (docs/glossary/de.md: Reihe, Gewinner)
_GERMAN_COINED = re.compile(r"\b(?:Sieger|Gewinner|Sieg)reihe\w*")


def wording_de(text: str) -> list[str]:
    found = said("term", [f"not the edition's words: {m.group(0)!r} (die Reihe des Gewinners)"
                          for m in _GERMAN_COINED.finditer(text)])
    if text.strip() == "Sieg":
        found += said("term", ["'Sieg' for the winner (the edition: Gewinner)"])
    found += said("address", [f"'Sie' for a thing reads as the polite 'you': {m.group(0)!r}"
                              for m in re.finditer(r"(?:^|[.:!?]\s)Sie (?:bewirkt|hat|wirkt|"
                                                   r"kann|ist|wird|zählt|gilt|tut)\b", text)])
    found += said("wording", [f"a card does not 'gelingen': {m.group(0)!r}" for m in
                              re.finditer(r"\b[Kk]arte gelingt\b|gelingt jede Karte\b", text)])
    found += said("gender", [f"a default name that reads as a noun: {m.group(0)!r}" for m in
                             re.finditer(r"\bvon Spieler(?! \d)\b", text)])
    return found + zero("de", text) + double_colon(text) + terms("de", text) + english(
        "de", text)


def problems_de(text: str, forms: Cards, names: Iterable[str] = ()) -> list[str]:
    """`forms`: each card's title → its forms (nom, acc, dat, gen), gender and number."""
    found = said("case", [f"capital article inside a sentence: {m.group(0).strip()!r}"
                          for m in _UPPER_ARTICLE.finditer(text)])
    found += wording_de(text)
    if re.search(r"\b(?:[Dd]ie|der|den|dem) Karte (?:der|die|das|den|dem|des) [A-ZÄÖÜ]", text):
        found.append("case: the article twice (die Karte den …)")
    nouns = {(t.split(" ", 1)[1] if " " in t else t).split(" ")[0]: f for t, f in forms.items()}
    if nouns and not any(noun in text for noun in nouns):
        return found + lists("de", text, forms)
    for m in re.finditer(r"([\wäöüß]+) (der|die|das|den|dem|des) (" + "|".join(
            re.escape(n) for n in sorted(nouns, key=len, reverse=True)) + r")\b", text):
        word, article, first = m.group(1), m.group(2), m.group(3)
        f, shown = nouns[first], f"{article} {first}"
        if word in _GERMAN_DATIVE and not f["dat"].startswith(shown):
            found.append(f"case: {word} + {shown}: the dative is {f['dat']!r}")
        if word in _GERMAN_ACCUSATIVE and not f["acc"].startswith(shown):
            found.append(f"case: {word} + {shown}: the accusative is {f['acc']!r}")
    for first, f in nouns.items():
        if f.get("plural") == "1" and first in text:
            for m in re.finditer(rf"\b(?:{_GERMAN_COPULA}) (?:die|den|der|Die) "
                                 rf"{re.escape(first)}\b|\b[Dd]ie {re.escape(first)}"
                                 rf"(?: \(\d+\))? (?:{_GERMAN_SINGULAR_VERB})\b", text):
                found.append(f"agreement: a singular verb with a plural card: {m.group(0)!r}")
    return found + lists("de", text, forms)


# ---------------------------------------------------------------------- Romance languages

_FRENCH_VOWEL = "aeiouyàâäéèêëîïôöùûüœæáíóúAEIOUYÀÂÉÈÊËÎÏÔÖÙÛÜŒÆÁÍÓÚ"

# The gender of a card's name, from the article of its form inside a sentence ("le Mat").
_ARTICLE_GENDER = {"fr": {"le": "m", "la": "f"}, "es": {"el": "m", "la": "f"},
                   "pt": {"o": "m", "a": "f"}}
# Words that agree with the card a sentence opens with, by the gender they are written in.
_AGREEING = {
    "fr": {"f": r"\bl['’](?:ai|as|a|avons|avez|ont) \w+ée\b|\baussi forte\b",
           "m": r"\bl['’](?:ai|as|a|avons|avez|ont) \w+é\b|\baussi fort\b"},
    "es": {"f": r"\bla (?:he|has|ha|hemos|han) \w+[ai]do\b",
           "m": r"\blo (?:he|has|ha|hemos|han) \w+[ai]do\b"},
    "pt": {"f": r"\b(?:você|ele|ela|eu) a \w+(?:ou|eu|iu|ei)\b",
           "m": r"\b(?:você|ele|ela|eu) o \w+(?:ou|eu|iu|ei)\b"},
}
# A pronoun or participle that refers back to the card named before it (or, opening a
# sentence, to the cards after it), with the gender and number each form says.
_PRONOUN = {
    "fr": (r"\b(?:et|qui|puis|pour) (les|le|la|l['’])(?= ?\w)", {"le": "m", "la": "f",
                                                                  "les": "pl"}),
    "es": (r"\b(?:y|que|para) (los|las|lo|la) (?=\w)",
           {"lo": "m", "la": "f", "los": "mpl", "las": "fpl"}),
    "pt": (r"\b(?:e|que|para) (os|as|o|a) (?=\w+(?:a|e|i)r?\b)",
           {"o": "m", "a": "f", "os": "mpl", "as": "fpl"}),
}
_PARTICIPLE = {
    "fr": (r"\b(\w+(?:é|ée|és|ées))\b", {"é": "m", "ée": "f", "és": "mpl", "ées": "fpl"}),
    "es": (r"\b(\w+(?:ado|ada|ados|adas|ido|ida|idos|idas|uesto|uesta|uestos|uestas))\b",
           {"o": "m", "a": "f", "os": "mpl", "as": "fpl"}),
    "pt": (r"\b(\w+(?:ado|ada|ados|adas|ido|ida|idos|idas|osto|osta|ostos|ostas))\b",
           {"o": "m", "a": "f", "os": "mpl", "as": "fpl"}),
}
# Participles a sentence uses of a card (the others describe a player or a count)
_CARD_PARTICIPLES = {
    "fr": ("virée", "retournée", "placée", "posée", "défaussée", "gardée", "invoquée",
           "révélée", "choisie"),
    "es": ("descartad", "colocad", "puest", "guardad", "invocad", "revelad", "elegid",
           "escogid", "boca arriba"),
    "pt": ("virad", "descartad", "colocad", "post", "guardad", "invocad", "revelad",
           "escolhid"),
}
_NOUN_BEFORE = {"fr": r"(?:cartes?|capacités?|fois|manches?|rangée)",
                "es": r"(?:cartas?|habilidad(?:es)?|rondas?|fila|veces|vez)",
                "pt": r"(?:cartas?|habilidades?|rodadas?|fileira|vezes|vez)"}


def disagreeing(language: str, text: str, forms: Cards | None) -> list[str]:
    """A word agreeing in the other gender than the card the text opens with."""
    for title, f in (forms or {}).items():
        if text.startswith(title):
            article = f.get("nom", "").split(" ", 1)[0].lower()
            gender = _ARTICLE_GENDER[language].get(article)
            if gender is None:
                return []
            other = "f" if gender == "m" else "m"
            return said("agreement", [f"{m.group(0)!r} does not agree with {title} ({gender})"
                                      for m in re.finditer(_AGREEING[language][other], text)])
    return []


def _agrees(said_as: str, gender: str, plural: bool) -> bool:
    if said_as == "pl":
        return plural
    if said_as.endswith("pl"):
        return plural and (not gender or said_as[0] == gender)
    return not plural and (not gender or said_as == gender)


def referring(language: str, text: str, cards: Cards | None) -> list[str]:
    """A pronoun ("et la place", "y la pone") or a card's participle ("virada", "Descartado
    …:") that does not agree with the card (or list) it stands for: the card named last
    before it, or, for a participle that opens a clause, the cards after it."""
    if not cards:
        return []
    spans = mentions(text, cards)
    if not spans:
        return []
    found = []

    def card_at(pos: int, after: bool) -> tuple[str, bool] | None:
        """The gender and number of the card(s) before `pos` (or the run after it)."""
        if after:
            run = [s for s in spans if s[0] >= pos]
            if not run or len(text[pos:run[0][0]]) > 40 or re.search(r"[.;!?]",
                                                                      text[pos:run[0][0]]):
                return None  # (the participle is about something else)
            listed = [run[0]]
            for a, b in zip(run, run[1:], strict=False):
                if text[a[1]:b[0]] in (", ", " et ", " y ", " e "):
                    listed.append(b)
                else:
                    break
            if not listed:
                return None
            genders = [gender_of(cards, s[2]) for s in listed]
            plural = len(listed) > 1 or genders[0][1]
            gender = "m" if any(g == "m" for g, _p in genders) else genders[0][0]
            return gender, plural
        before = [s for s in spans if s[1] <= pos]
        if not before:
            return None
        last = before[-1]
        # a list ending just before: "la Justice (7) et le Jugement (12) …"
        listed = [last]
        for a, b in zip(reversed(before[:-1]), reversed(before), strict=False):
            if text[a[1]:b[0]] in (", ", " et ", " y ", " e "):
                listed.append(a)
            else:
                break
        genders = [gender_of(cards, s[2]) for s in listed]
        plural = len(listed) > 1 or genders[0][1]
        gender = "m" if any(g == "m" for g, _p in genders) else genders[0][0]
        return gender, plural

    pattern, meaning = _PRONOUN[language]
    for m in re.finditer(pattern, text):
        word = m.group(1).lower()
        if word.startswith("l") and word[-1] in "'’":
            continue  # l' says no gender
        said_as = meaning.get(word)
        if said_as is None:
            continue
        if any(s[0] == m.start(1) for s in spans):
            continue  # the article of a card named there ("et le Jugement")
        if not any(s[1] <= m.start() for s in spans):
            continue
        # a noun of its own after it ("la place 2", "a carta") is an article, not a pronoun
        after = text[m.end():].split(" ", 1)[0].strip(".,:;")
        if _is_noun_after(language, word, after):
            continue
        last = max((s[1] for s in spans if s[1] <= m.start()), default=0)
        if re.search(r"\b" + _NOUN_BEFORE[language] + r"\b", text[last:m.start()],
                     re.IGNORECASE):
            continue  # a noun named since ("la carte … pour qui la détient") is what it means
        known = card_at(m.start(), after=False)
        if known and not _agrees(said_as, *known):
            found.append(f"{m.group(0).strip()!r} does not agree with the card before it")
    pattern, ending = _PARTICIPLE[language]
    for m in re.finditer(pattern, text):
        word = m.group(1)
        low = word.lower()
        if not any(low.startswith(p) or low == p for p in _CARD_PARTICIPLES[language]):
            continue
        opens = m.start() == 0 or text[m.start() - 2:m.start()] in (". ", ": ")
        last = max((s[1] for s in spans if s[1] <= m.start()), default=0)
        if not opens and re.search(r"\b" + _NOUN_BEFORE[language] + r"\b",
                                   text[last:m.start()], re.IGNORECASE):
            continue  # "une carte … est invoquée": it agrees with the noun named since
        suffix = next(s for s in ("os", "as", "és", "ées", "o", "a", "é", "ée")
                      if low.endswith(s)) if language != "fr" else next(
            s for s in ("ées", "és", "ée", "é") if low.endswith(s))
        key = {"fr": {"é": "m", "ée": "f", "és": "mpl", "ées": "fpl"}}.get(
            language, {"o": "m", "a": "f", "os": "mpl", "as": "fpl"})[suffix]
        known = card_at(m.end(), after=True) if opens else card_at(m.start(), after=False)
        if known and not _agrees(key, *known):
            found.append(f"{word!r} does not agree with the card it is about")
    return said("agreement", found)


def _is_noun_after(language: str, article: str, word: str) -> bool:
    nouns = {"fr": {"place", "carte", "rangée", "manche", "partie", "pile", "réserve",
                    "table", "suite", "fin", "main", "prochaine", "plus", "même", "force"},
             "es": {"carta", "fila", "ronda", "partida", "pila", "reserva", "mesa", "mano",
                    "siguiente", "próxima", "misma", "fuerza", "vez", "baraja", "habilidad"},
             "pt": {"carta", "fileira", "rodada", "partida", "pilha", "reserva", "mesa",
                    "próxima", "mesma", "força", "vez", "habilidade", "sua", "seu",
                    "primeira", "última"}}[language]
    return word.lower() in nouns or (word[:1].isupper() and article not in ("les", "los", "las",
                                                                              "os", "as"))


# A card's title with its capital article after the start of a sentence: "…de Pioche :
# La Mort (12)", "de tu fila, El Oráculo", "fileira O Eremita (6)".
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n|\(|«\s?|“|^\d+\.\s|[-–—]\s)$")
_CAPITAL_ARTICLES = {"fr": ("Le ", "La ", "Les ", "L'", "L’"),
                     "es": ("El ", "La ", "Los ", "Las "),
                     "pt": ("O ", "A ", "Os ", "As ")}


def capitals(language: str, text: str, cards: Cards | None) -> list[str]:
    found = []
    for start, _end, title, form in mentions(text, cards):
        if form != title or not title.startswith(_CAPITAL_ARTICLES[language]):
            continue
        if start and not _SENTENCE_START.search(text[:start]):
            found.append(f"a capital article inside a sentence: {text[max(0, start - 12):start]!r}"
                         f" + {title!r}")
    return said("capital", found)


# Negative determiners that need the sentence's own negation (ne, no, não) before them
# when they follow the verb ("Ilse met aucune carte": "ne met aucune"); before the verb
# they carry it ("aucune carte ne…", "que ninguna carta supera"), and a label has no verb
# ("Réserves : aucune").
_NEGATIVE = {
    "fr": (r"\b(?:aucun|aucune)\b", r"\b(?:ne|n['’]|sans|ni|plus)\b"),
    "es": (r"\b(?:ningún|ninguno|ninguna)\b", r"\b(?:no|sin|ni)\b"),
    "pt": (r"\b(?:nenhum|nenhuma)\b", r"\b(?:não|sem|nem)\b"),
}
_BEFORE_THE_VERB = re.compile(r"(?:^|\s)(?:que|qui|quien|donde|onde|si|se|cuando|quando|"
                              r"mientras|enquanto|et|y|e|ou|o)$", re.IGNORECASE)


def negation(language: str, text: str) -> list[str]:
    word, negated = _NEGATIVE[language]
    found = []
    for clause in re.split(r"[.;:!?()\n«»“”]|\s[–—]\s|, (?=\{|[A-ZÀ-Ý])", text):
        for m in re.finditer(word, clause, re.IGNORECASE):
            before = clause[:m.start()].strip()
            if not before or re.search(negated, before, re.IGNORECASE):
                continue
            if not re.search(r"\s", before) or _BEFORE_THE_VERB.search(before):
                continue  # a label ("Réserves aucune"), or the word before its verb
            found.append(f"a negative word without the sentence's negation: "
                         f"{clause.strip()[:60]!r}")
    return said("negation", found)


# A player's gender is not known: a participle or adjective that agrees with one ("Ana est
# vaincu", "cuando estés listo") reads wrong for half of them.
_GENDERED = {
    "fr": re.compile(r"\b(?:est|êtes|es|suis|sont|soit|serez|sera|reste|restez)(?: \w+)? "
                     r"(?:éliminée?s?|vaincue?s?|prête?s?|seule?s?|connectée?s?|"
                     r"déconnectée?s?|revenue?s?|assise?s?|invitée?s?)\b"
                     r"|[:,]\s(?:éliminée?|vaincue?)\b|\w·e\b|\((?:humaine?)\)"
                     r"|^(?:éliminée?|vaincue?|humaine?)(?:\s*:.*)?$"),
    "es": re.compile(r"\b(?:es|eres|está|estás|estés|esté|queda|quedas|fue|ha sido|sea|seas)"
                     r" (?:eliminad[oa]s?|derrotad[oa]s?|list[oa]s?|sol[oa]s?|"
                     r"conectad[oa]s?|desconectad[oa]s?)\b"
                     r"|[:,] (?:eliminad[oa]|derrotad[oa])\b|\((?:human[oa])\)|\w@s?\b"
                     r"|^(?:eliminad[oa]|derrotad[oa]|human[oa])(?:\s*:.*)?$"),
    "pt": re.compile(r"(?<!se você )\b(?:é|está|estiver|esteja|foi|fica|for)"
                     r" (?:eliminad[oa]s?|derrotad[oa]s?|pront[oa]s?|sozinh[oa]s?|"
                     r"conectad[oa]s?|desconectad[oa]s?)\b"
                     r"|[:,] (?:eliminad[oa]|derrotad[oa])\b|\((?:human[oa])\)"
                     r"|^(?:eliminad[oa]|derrotad[oa]|human[oa])(?:\s*:.*)?$"),
}


def gendered(language: str, text: str) -> list[str]:
    return said("gender", [f"a word that guesses a player's gender: {m.group(0)!r}"
                           for m in _GENDERED[language].finditer(text.strip())])


def typography_fr(text: str) -> list[str]:
    """French typography and wording in any message: a no-break space before "%" ("54 %")
    and before ": ; ! ?", no capital after ":" for a sentence that goes on ("Ana : choisissez
    …"), no word that guesses a player's gender, no negative without "ne"."""
    found = []
    if re.search(r"(?:[\d}]|[\d}] )%", text):
        found.append("'%' without a no-break space before it")
    for m in re.finditer(r"(?<=[\w})\]»]) ?([:;!?])(?=\s|$)", text):
        found.append(f"{m.group(1)!r} without a no-break space before it")
    for m in re.finditer(r"[\u00a0 ]: (Vous|Votre|Vos|[A-ZÉ][a-zéèê]+ez)\b", text):
        found.append(f"a capital after ':' in a sentence: {m.group(1)!r}")
    found = said("typography", found) + gendered("fr", text) + negation("fr", text)
    found += said("wording", [f"a phrase that stops a reader: {m.group(0)!r}" for m in
                              re.finditer(r"\bplus réfléchit\b|^Personne$", text.strip())])
    found += said("agreement", [f"a CPU level that does not agree: {m.group(0)!r}" for m in
                                re.finditer(r"\bordinateurs (?:normal|facile|difficile)\b",
                                            text)])
    found += said("elision", [f"an elision before a y that is a consonant: {m.group(0)!r}"
                              for m in re.finditer(r"\b[dl]['’]Y[aeiouéè]\w*", text)])
    return (found + double_colon(text) + zero("fr", text) + terms("fr", text)
            + english("fr", text))


def problems_fr(text: str, forms: Cards | None = None, names: Iterable[str] = ()) -> list[str]:
    found = disagreeing("fr", text, forms) + typography_fr(text)
    found += said("contraction", [f"no contraction: {m.group(0).strip()!r}"
                                  for m in re.finditer(r"\b(de|à) (le|les|Le|Les) (?=[A-ZÀ-Ý])",
                                                       text)])
    for m in re.finditer(rf"(?<![\w'’])(de|que|[Ll]e|[Ll]a) ([{_FRENCH_VOWEL}][\w-]*)", text):
        following = m.group(2)
        if following.lower() in {"y", "un", "une", "onze"}:
            continue
        if following[0] in "yY" and len(following) > 1 and following[1].lower() in "aeiouéè":
            continue  # "de Yann": a consonant
        found.append(f"elision: no elision: {m.group(0)!r}")
    if "(s)" in text:
        found.append("count: '(s)' where the count is known")
    if re.search(r"(?<![\d,.])[01] (dégâts|cartes|points|manches)\b", text):
        found.append("count: plural after 0 or 1")
    if re.search(r"(?<![\d,.])([2-9]|\d{2,}) (dégât|carte|point|manche)\b(?!s)", text):
        found.append("count: singular after a plural count")
    if re.search(r"\d+ de dégâts", text):
        found.append("count: 'N de dégâts'")
    return (found + capitals("fr", text, forms) + lists("fr", text, forms)
            + referring("fr", text, forms))


# Spanish: a card beaten or overcome takes "a" ("supera al Loco", "vence a la Torre": the
# "a" of a comparison, as with a person).
_SPANISH_NO_A = re.compile(r"\b(?:[Ss]uperar?n?|[Vv]encer?n?|[Dd]errotar?n?) (?:el|la|los|las) "
                           r"(?=[A-ZÁÉÍÓÚÑ])")


def wording_es(text: str) -> list[str]:
    found = said("case", [f"no 'a' before the card: {m.group(0).strip()!r}"
                          for m in _SPANISH_NO_A.finditer(text)])
    return (found + gendered("es", text) + negation("es", text) + double_colon(text)
            + zero("es", text) + terms("es", text) + english("es", text))


def problems_es(text: str, forms: Cards | None = None, names: Iterable[str] = ()) -> list[str]:
    found = said("contraction", [f"no contraction: {m.group(0).strip()!r}"
                                 for m in re.finditer(r"\b(de|a) (El|el) ", text)])
    found += disagreeing("es", text, forms) + wording_es(text)
    if "cada otro" in text:
        found.append("wording: 'cada otro jugador' (a cada uno de los demás)")
    if re.search(r"(?<![\d,.])1 (cartas|rondas|partidas)\b", text):
        found.append("count: plural after 1")
    return (found + capitals("es", text, forms) + lists("es", text, forms)
            + referring("es", text, forms))


# Portuguese: "é a carta mais forte", not "é a mais forte das cartas"; Brazilian quotes are
# “ ”, not « »; a player takes "a próxima vez" as a turn, never "joga a próxima vez".
def wording_pt(text: str) -> list[str]:
    found = gendered("pt", text) + negation("pt", text) + double_colon(text)
    if re.search(r"\b[ao] mais fort[ea] d[ao]s cartas\b", text):
        found.append("wording: 'a mais forte das cartas' (a carta mais forte)")
    found += said("wording", [f"a phrase that stops a reader: {m.group(0)!r}" for m in
                              re.finditer(r"[«»]|\bjoga a próxima vez\b|\b[Rr]evelação falha\b",
                                          text)])
    return found + zero("pt", text) + terms("pt", text) + english("pt", text)


def problems_pt(text: str, forms: Cards | None = None, names: Iterable[str] = ()) -> list[str]:
    found = said("contraction", [f"no contraction: {m.group(0).strip()!r}" for m in re.finditer(
        r"\b(de|em|por) (o|a|os|as|O|A|Os|As) (?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])", text)])
    found += wording_pt(text)
    found += disagreeing("pt", text, forms)
    if "Descartes:" in text or "vazia" in text.split("Descarte")[-1][:10]:
        found.append("wording: 'Descartes: vazia' (Descarte: vazio)")
    if re.search(r"(?<![\d,.])1 (cartas|rodadas|partidas)\b", text):
        found.append("count: plural after 1")
    return (found + capitals("pt", text, forms) + lists("pt", text, forms)
            + referring("pt", text, forms))


# ---------------------------------------------------------------------- Korean

_COMBINED = re.compile(r"을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)"
                       r"|\(으\)로")


def problems_ko(text: str, names: Iterable[str], players: Iterable[str] = ()) -> list[str]:
    """`names`: the Korean card names. A particle right after a name (or its "(N)") must
    agree with the name's own last syllable; the combined form 을(를) only where the word
    cannot be read."""
    found = wording_ko(text, players, names)
    for name in sorted(names, key=len, reverse=True):
        for m in re.finditer(re.escape(name)
                             + r"( ?\((?:강도 )?\d[^)]*\))?(으로|로|을|를|이|가|은|는|과|와)?",
                             text):
            strength, particle = m.group(1), m.group(2)
            if strength and strength.startswith(" "):
                found.append(f"particle: a space between {name} and its strength")
            if particle is None:
                continue
            # (a 이 or 가 that starts the next word is not a particle: 이번, 가장 …)
            rest = text[m.end():m.end() + 1]
            if particle in ("이", "가", "은", "는", "과", "와") and rest and "가" <= rest <= "힣":
                continue
            right = korean.particle(name, particle)
            if particle != right:
                found.append(f"particle: {name}{strength or ''}{particle}: should be {right}")
    return found + lists("ko", text, {n: {} for n in names})


def wording_ko(text: str, players: Iterable[str] = (), names: Iterable[str] = ()) -> list[str]:
    """Korean: two colons in a row ("사용합니다: 소환: …") or a clause ended by a colon
    ("공개합니다: 소환 성공"), a pronoun for the player ("그대", "당신": the game names
    nobody with one, docs/glossary/ko.md), the combined particle 을(를) where the word is
    known, zero as an amount, English left."""
    found = []
    if re.search(r"다:\s*[^\s.?!:]+:\s", text):  # (not "{file}: {card}: …", a place)
        found.append("colon: two colons in a row")
    # (a colon that introduces a value, a list or a command is Korean too: "다음 중 하나를
    #쓰세요: {languages}")
    said = text  # (a card's name after a colon is a value, not a clause)
    for name in sorted(names, key=len, reverse=True):
        said = said.replace(name, "_")
    found += [f"colon: a clause joined with a colon: {m.group(0)!r}"
              for m in re.finditer(r"\S+(?:니다|어요|아요|해요|세요):\s+(?=[^.]*[가-힣])", said)]
    found += [f"address: a pronoun for the player: {m.group(0)!r}"
              for m in re.finditer(r"그대(?!로)\w*|당신\w*", text)]
    found += [f"particle: the combined form where the word is known: {m.group(0)!r}"
              for m in _COMBINED.finditer(re.sub(r"\{[^{}]*\}", "", text))]
    return found + zero("ko", text) + terms("ko", text) + english("ko", text)


def tense_ko(text: str) -> list[str]:
    """A line of a game's log tells what happens now: in the present, as the others do."""
    return said("tense", [f"the past in a log of the present: {m.group(0)!r}"
                          for m in re.finditer(r"\w*(?:었|았|였|했|졌|겼|웠)습니다", text)])


# The rules that need no card in the text: every message of a catalogue, as it stands.
WORDING: dict[str, Callable[[str], list[str]]] = {
    "de": wording_de, "fr": typography_fr, "es": wording_es, "pt": wording_pt,
    "ko": wording_ko}

CHECKS: dict[str, Callable[..., list[str]]] = {
    "de": problems_de, "fr": problems_fr, "es": problems_es, "pt": problems_pt,
    "ko": problems_ko}


def problems(language: str, text: str, cards: Cards, korean_names: list[str],
             players: Iterable[str] = (), kind: str = "line") -> list[str]:
    """Every rule of `language` over `text`: a template (a catalogue message) gets the rules
    that need no card; a line, all of them; a line of a game's log, also the log's tense."""
    if kind == "template":
        return WORDING[language](text)
    if language == "ko":
        found = problems_ko(text, korean_names, players)
        return found + (tense_ko(text) if kind == "log" else [])
    return CHECKS[language](text, cards)


# ---------------------------------------------------------------------- the corpus

PLAYERS = ["Ana", "Émile", "Óscar", "Yann", "Zora"]  # Ó and Y test French elision
GAMES = ((11, 3), (5, 4), (8, 2), (13, 5))  # (seed, players): four whole games


def cards_of(deck, language: str) -> dict[str, dict[str, str]]:
    """Each card's title → its forms, gender and number, as the program has them."""
    from dread_draw.deck.overlays import card_word

    out = {}
    for card in deck.cards:
        w = card_word(deck, card, language)
        out[str(w)] = {**w.forms, "gender": getattr(w, "gender", ""),
                       "plural": "1" if getattr(w, "plural", False) else ""}
    if language == "de":  # a program without genders on its words: the overlay's own
        from dread_draw.deck.overlays import deck_text

        said_de = deck_text(deck, "de")
        for card in deck.cards:
            title = said_de[card].name
            if said_de[card].gender == "pl" and title in out:
                out[title]["plural"] = "1"
    return out


def game_lines(deck, seed: int, n: int) -> list[str]:
    """A whole seeded game as `replay --print` tells it, with the round summaries the table
    shows (every card revealed: the game is over)."""
    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.words.narrate import Narrator, RoundTracker

    seats = [SeatSpec(PLAYERS[i], ("easy", "normal", "random")[i % 3]) for i in range(n)]
    match = Match(deck, seats, seed)
    while not match.over:
        match.apply(match.cpu_choice())
    say = Narrator(deck, PLAYERS[:n], reveal=True)
    tracker = RoundTracker(deck)
    lines = []
    for ev in match.events:
        line = say(ev)
        if line:
            lines.append(line)
        report = tracker.feed(ev)
        if report is not None:
            lines += report.lines(PLAYERS[:n])
    return lines


def plain_lines(deck, seed: int, people: list[str]) -> list[str]:
    """A whole hot-seat game in `play --plain`: `people` at the keyboard and a CPU, each
    answering at random, asking for the help, the table, the discard pile, the odds and the
    log first."""
    import io
    import random

    from dread_draw.lines.plain import PlainTable
    from dread_draw.play.sim import HUMAN, Match, SeatSpec

    seats = [SeatSpec(p, HUMAN) for p in people] + [SeatSpec("Zora", "easy")]
    match = Match(deck, seats, seed)
    pick = random.Random(seed)
    typed = "?\nt\nd\no\nl\n" + "".join(f"{pick.choice('1112')}\n" for _ in range(4000))
    out = io.StringIO()
    PlainTable(match, None, inp=io.StringIO(typed), out=out).play()
    return out.getvalue().splitlines()


# Placeholders that hold a card's name (or a list of them) in the game's sentences.
CARD_KEYS = {"card", "over", "cards", "kept", "took", "gave", "planted", "buried", "seen",
             "order", "discarded", "row", "others", "taken"}
# Where those names mean something else (a location in a deck file, a balance table).
NOT_CARDS = ("dread_draw/deck/cards.py", "dread_draw/play/balance.py",
             "dread_draw/deck/overlays.py", "dread_draw/commands/cards.py",
             "dread_draw/commands/deck.py")


def shapes(deck, language: str) -> list[str]:
    """Every message that can hold a card's name, filled with each card of the deck (its
    label with the strength, as the game shows it), a list of two cards, and two players."""
    from dread_draw import i18n
    from dread_draw.i18n.tools import read_po
    from dread_draw.words.narrate import card_label

    labels = [card_label(deck, next(u for u in range(deck.size) if deck.card[u] is c))
              for c in deck.cards]
    # (a program from before lists had their "and" joins them as it did: the rules measure it)
    listing = getattr(i18n, "listing", None) or (lambda words: __import__(
        "dread_draw.i18n.grammar", fromlist=["join"]).join(i18n._(", "), words))
    pairs = [listing([a, b]) for a, b in zip(labels, labels[1:], strict=False)]
    lines = []
    for entry in read_po(language).messages:
        if any(r.startswith(NOT_CARDS) for r in entry.references):
            continue
        keys = set(re.findall(r"\{(\w+)", entry.msgid)) & CARD_KEYS
        if not keys:
            continue
        for form, template in enumerate(entry.msgstr):
            # a count that takes this form: the singular's 1, else 3
            number = "1" if entry.msgid_plural and form == 0 and len(entry.msgstr) > 1 else "3"
            listed = {"cards", "row", "others", "seen", "buried", "order", "discarded"} & keys
            for label in labels + (pairs if listed else []):
                for name in ("Ana", "Émile"):
                    values = {k: label if k in keys else name if k in (
                        "who", "name", "other", "owner", "target") else number
                        for k in i18n.placeholders(template)}
                    lines.append(i18n.fmt(template, **values))
    return lines


def catalogue(language: str) -> list[str]:
    from dread_draw.i18n.tools import read_po

    return [text for entry in read_po(language).messages for text in entry.msgstr]


def run(languages: Iterable[str] = TRANSLATED) -> dict[str, dict[str, Counter]]:
    """language → corpus → Counter of classes, over four games, two plain games and the
    catalogue."""
    from dread_draw import i18n
    from dread_draw.deck.cards import load_deck
    from dread_draw.deck.overlays import deck_text

    deck = load_deck()
    counts: dict[str, dict[str, Counter]] = {}
    for language in languages:
        i18n.set_language(language)
        cards = cards_of(deck, language)
        names = [deck_text(deck, "ko")[c].name for c in deck.cards] if language == "ko" else []
        per: dict[str, Counter] = {}
        found: dict[str, list[str]] = {"games": [], "plain": [], "catalogue": []}
        for seed, n in GAMES:
            for line in game_lines(deck, seed, n):
                found["games"] += [f"{line}  <- {p}" for p in problems(
                    language, line, cards, names, PLAYERS, "log")]
        for seed, people in ((3, ["Ana", "Óscar"]), (7, ["Yann", "Émile"])):
            for line in plain_lines(deck, seed, people):
                found["plain"] += [f"{line}  <- {p}" for p in problems(
                    language, line, cards, names, PLAYERS + ["Zora"])]
        found["shapes"] = []
        for line in shapes(deck, language):
            found["shapes"] += [f"{line}  <- {p}" for p in problems(
                language, line, cards, names, PLAYERS)]
        for text in catalogue(language):
            found["catalogue"] += [f"{text}  <- {p}" for p in problems(
                language, text, cards, names, kind="template")]
        for corpus, items in found.items():
            per[corpus] = Counter(item.rsplit("  <- ", 1)[1].split(":", 1)[0] for item in items)
        counts[language] = per
        run.found[language] = found  # type: ignore[attr-defined]
    i18n.set_language("en")
    return counts


run.found = {}  # type: ignore[attr-defined]


def main(argv: list[str]) -> int:
    languages = [a for a in argv if a in TRANSLATED] or list(TRANSLATED)
    show = "-v" in argv
    counts = run(languages)
    total = 0
    for language, per in counts.items():
        for corpus, counter in per.items():
            n = sum(counter.values())
            total += n
            detail = ", ".join(f"{k} {v}" for k, v in sorted(counter.items())) or "-"
            print(f"{language} {corpus:<9} {n:>5}  {detail}")
            if show:
                for item in run.found[language][corpus][:60]:  # type: ignore[attr-defined]
                    print("      " + item)
    print(f"total {total}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
