"""Names that know their grammar: a card's name in every form a sentence may need.

A sentence that holds a card's name must put it in the form its place asks for: German
declines the article ("Anna sieht **den** Wagen", "mit **dem** Wagen", "die Fähigkeit **des**
Wagens"); French, Spanish and Portuguese join "de" and "à/a/em/por" with the article ("du Mat",
"al Loco", "no Louco", "de l'Étoile"); Korean chooses a particle from the name's last syllable
(어머니**를**, 태양**으로**), never from a strength written after it ("어머니(8)를").

A `Word` is the name as a string (its title form, "Der Wagen", for a name shown alone) that also
carries its forms, and a translation names the form in the placeholder, as it names a Korean
particle (`dread_draw.i18n.fmt`)::

    msgid "{who} sees {card}."
    msgstr "{who} sieht {card:acc}."          # "Anna sieht den Wagen (9)."
    msgstr "{who} regarde {card:nom}."        # "Ana regarde le Chariot (9)."

The forms of each language (`FORMS`): German ``nom acc dat gen`` (the article in lower case:
the name inside a sentence); French ``nom de a`` (``a``: à); Spanish ``nom de a``; Portuguese
``nom de em a por``. A deck's overlay gives a card's forms (``dread_draw.deck.overlays``); a name
without them — a player's name, a deck without them — gets them by rule (`derived`): "d'Ana",
"de Zora", "à Ana"; a player's name is never declined in German ("mit Anna").

A word also knows its gender and number (`Word.gender`, `Word.plural`: from the article of a
card's title, "la Mort", "les Amoureux", "die Liebenden", or the overlay's ``gender`` where the
article does not tell, "L'Oracle"), so that a word elsewhere in the sentence agrees with it. A
translation writes the choices in the placeholder, each as ``key=words``, and the word chooses
(`choose`)::

    msgstr "{who} prend {took:nom} et {took:m=le|f=la|pl=les} place en réserve."
    msgstr "Zu schlagen {card:sg=ist|pl=sind} {card:nom}."

Keys: ``m f n`` (a singular of that gender), ``sg`` (any singular), ``mpl fpl`` (a plural of
that gender), ``pl`` (any plural); the first choice when none fits (a player's name, whose
gender the game never guesses, or a deck without the language's words). A list of cards is
plural, masculine if any of them is (`join`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from types import MappingProxyType

FORMS: dict[str, tuple[str, ...]] = {
    "de": ("nom", "acc", "dat", "gen"),
    "fr": ("nom", "de", "a"),
    "es": ("nom", "de", "a"),
    "pt": ("nom", "de", "em", "a", "por"),
}
# The genders a card's overlay may give its name (German "pl": a plural name, which has none;
# French, Spanish and Portuguese: where the article does not tell, "L'Oracle", "Les Amoureux").
GENDERS: dict[str, tuple[str, ...]] = {"de": ("m", "f", "n", "pl"), "fr": ("m", "f"),
                                       "es": ("m", "f"), "pt": ("m", "f")}
SPECS = frozenset(spec for forms in FORMS.values() for spec in forms)

# French: a word that begins with a vowel sound takes d' and l' (h is left out: "de Hugo"
# is as common as "d'Hugo", and an aspirated h takes "de"); a y before a vowel is a consonant
# ("de Yann", "d'Yves").
_FRENCH_VOWELS = set("aeiouyæœ")
# Each language's articles at the start of a card's title, and their forms.
_ARTICLES: dict[str, dict[str, dict[str, str]]] = {
    "fr": {"Le ": {"nom": "le ", "de": "du ", "a": "au "},
           "La ": {"nom": "la ", "de": "de la ", "a": "à la "},
           "L'": {"nom": "l'", "de": "de l'", "a": "à l'"},
           "L’": {"nom": "l’", "de": "de l’", "a": "à l’"},
           "Les ": {"nom": "les ", "de": "des ", "a": "aux "}},
    "es": {"El ": {"nom": "el ", "de": "del ", "a": "al "},
           "La ": {"nom": "la ", "de": "de la ", "a": "a la "},
           "Los ": {"nom": "los ", "de": "de los ", "a": "a los "},
           "Las ": {"nom": "las ", "de": "de las ", "a": "a las "}},
    "pt": {"O ": {"nom": "o ", "de": "do ", "em": "no ", "a": "ao ", "por": "pelo "},
           "A ": {"nom": "a ", "de": "da ", "em": "na ", "a": "à ", "por": "pela "},
           "Os ": {"nom": "os ", "de": "dos ", "em": "nos ", "a": "aos ", "por": "pelos "},
           "As ": {"nom": "as ", "de": "das ", "em": "nas ", "a": "às ", "por": "pelas "}},
}
# German: the article of each gender in each case.
GERMAN_ARTICLES: dict[str, dict[str, str]] = {
    "m": {"nom": "der", "acc": "den", "dat": "dem", "gen": "des"},
    "f": {"nom": "die", "acc": "die", "dat": "der", "gen": "der"},
    "n": {"nom": "das", "acc": "das", "dat": "dem", "gen": "des"},
    "pl": {"nom": "die", "acc": "die", "dat": "den", "gen": "der"},
}
_GERMAN_GENDER = {"Der": "m", "Die": "f", "Das": "n"}
# The gender and number each title's article says ("" where it does not tell: l', les).
_ARTICLE_KIND: dict[str, dict[str, tuple[str, bool]]] = {
    "fr": {"Le ": ("m", False), "La ": ("f", False), "L'": ("", False), "L’": ("", False),
           "Les ": ("", True)},
    "es": {"El ": ("m", False), "La ": ("f", False), "Los ": ("m", True), "Las ": ("f", True)},
    "pt": {"O ": ("m", False), "A ": ("f", False), "Os ": ("m", True), "As ": ("f", True)},
}


class Word(str):
    """A name (its title form as the string) with its `forms` for sentences, its `sound`: the
    part whose last syllable decides a Korean particle (the name without a strength), and its
    `gender` ("m", "f", "n"; "" unknown) and number (`plural`), which the words that agree
    with it follow."""

    forms: Mapping[str, str]
    sound: str
    gender: str
    plural: bool

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None,
                sound: str | None = None, gender: str = "", plural: bool = False) -> Word:
        word = super().__new__(cls, text)
        word.forms = MappingProxyType(dict(forms or {}))
        word.sound = text if sound is None else sound
        word.gender = gender
        word.plural = plural
        return word

    def labelled(self, template: str, key: str = "card", **values: object) -> Word:
        """This word put in `template` (``"{card} ({strength})"``, the word being `key`) in
        each of its forms."""
        return Word(template.format(**{key: str(self)}, **values),
                    {k: template.format(**{key: v}, **values) for k, v in self.forms.items()},
                    self.sound, self.gender, self.plural)


def join(separator: str, words: Sequence[str], last: str | None = None) -> Word:
    """Words in a list ("den Wagen (9), den Turm (9)"), each in the form asked for; a Korean
    particle after the list follows its last word. `last`: the separator before the last
    word (" and "), else `separator`. A list of several is plural, and masculine if any of
    its words is (French, Spanish and Portuguese agree so with a list: "ils", "los")."""
    words = list(words)
    final = separator if last is None else last

    def joined(items: list[str]) -> str:
        if len(items) < 2:
            return "".join(items)
        return separator.join(items[:-1]) + final + items[-1]

    specs = set.intersection(*(set(w.forms) for w in words if isinstance(w, Word))) if any(
        isinstance(w, Word) for w in words) else set()
    forms = {spec: joined([w.forms[spec] if isinstance(w, Word) and spec in w.forms
                           else str(w) for w in words]) for spec in specs}
    end = words[-1] if words else ""
    genders = {w.gender for w in words if isinstance(w, Word)}
    gender = ("m" if "m" in genders else genders.pop() if len(genders) == 1 else "")
    plural = len(words) > 1 or (isinstance(end, Word) and end.plural)
    # the list as its own title: the first word as a title, the others as a sentence holds
    # them ("Le Voleur (3) et l'Hermite (6)", "Der Dieb (3) und der Eremit (6)")
    title = joined([str(w) if i == 0 or not isinstance(w, Word) else w.forms.get("nom", str(w))
                    for i, w in enumerate(words)])
    return Word(title, forms, end.sound if isinstance(end, Word) else str(end), gender, plural)


def kind(language: str, title: str, gender: str = "") -> tuple[str, bool]:
    """The gender ("" unknown) and number (plural or not) of a card's `title` in
    `language`: the overlay's `gender` if given, else what the title's article says.

    >>> kind("fr", "La Mort"), kind("es", "Los Enamorados"), kind("de", "Die Liebenden", "pl")
    (('f', False), ('m', True), ('', True))
    """
    if language == "de":
        if gender == "pl":
            return "", True
        return gender or _GERMAN_GENDER.get(title.partition(" ")[0], ""), False
    for article, (said, plural) in _ARTICLE_KIND.get(language, {}).items():
        if title.startswith(article) and len(title) > len(article):
            return gender or said, plural
    return gender, False


_CHOICE = re.compile(r"(?:m|f|n|sg|mpl|fpl|pl)=[^|=]*(?:\|(?:m|f|n|sg|mpl|fpl|pl)=[^|=]*)*")


def is_choice(spec: str) -> bool:
    """Whether a placeholder's format spec is a choice of words by agreement
    (``m=le|f=la|pl=les``)."""
    return _CHOICE.fullmatch(spec) is not None


def choose(value: object, spec: str) -> str:
    """The words of choice `spec` (``m=le|f=la|pl=les``) that agree with `value`: its own
    gender and number when it is a `Word`, else the first choice.

    >>> choose(Word("La Mort", gender="f"), "m=le|f=la|pl=les"), choose("Ana", "m=le|f=la")
    ('la', 'le')
    """
    options = dict(part.split("=", 1) for part in spec.split("|"))
    gender, plural = (value.gender, value.plural) if isinstance(value, Word) else ("", False)
    for key in ([gender + "pl", "pl"] if plural else [gender, "sg"]):
        if key in options:
            return options[key]
    return next(iter(options.values()))


def starts_with_vowel_sound(text: str) -> bool:
    """Whether a French word begins with a vowel sound, accents aside (Émile, Óscar, Ásdís;
    Yves, but not Yann: a y before a vowel is a consonant).

    >>> [starts_with_vowel_sound(w) for w in ("Óscar", "Yann", "Yves", "Zora", "Hugo")]
    [True, False, True, False, False]
    """
    letters = "".join(ch for ch in unicodedata.normalize("NFD", text[:2].lower())
                      if not unicodedata.combining(ch))
    if not letters or letters[0] not in _FRENCH_VOWELS:
        return False
    return not (letters[0] == "y" and len(letters) > 1 and letters[1] in _FRENCH_VOWELS)


def derived(language: str, name: str) -> dict[str, str]:
    """The forms of `name` by rule, for a name with none of its own: a card title's article
    joined with the preposition ("Le Mat" → du Mat, au Mat), a bare name by elision ("Ana" →
    d'Ana) or as it is; German declines a card title by its article (an approximation: a
    noun's own genitive ending needs the overlay's data) and leaves a person's name alone."""
    if language == "de":
        article, _sep, rest = name.partition(" ")
        gender = _GERMAN_GENDER.get(article)
        if gender is None or not rest:
            return {"nom": name, "acc": name, "dat": name, "gen": name}
        return {case: f"{GERMAN_ARTICLES[gender][case]} {rest}"
                for case in FORMS["de"]}
    articles = _ARTICLES.get(language)
    if articles is None:
        return {}
    for article, forms in articles.items():
        if name.startswith(article) and len(name) > len(article):
            rest = name[len(article):]
            return {spec: forms[spec] + rest for spec in FORMS[language]}
    if language == "fr":
        elided = starts_with_vowel_sound(name)
        return {"nom": name, "de": ("d'" if elided else "de ") + name, "a": "à " + name}
    if language == "es":
        return {"nom": name, "de": "de " + name, "a": "a " + name}
    return {"nom": name, "de": "de " + name, "em": "em " + name, "a": "a " + name,
            "por": "por " + name}


# The article a card's title may start with, in each language (besides `_ARTICLES`'s).
_TITLE_ARTICLES = {"en": ("The ",), "de": ("Der ", "Die ", "Das ")}


def without_article(language: str, name: str) -> str:
    """A card's title without the article it starts with, for a name shortened on a small
    card ("Teufel" for "Der Teufel", "Étoile" for "L'Étoile"); a name that is only an
    article, or has none, as it is.

    >>> without_article("de", "Der Teufel"), without_article("fr", "L'Étoile")
    ('Teufel', 'Étoile')
    """
    for article in (*_TITLE_ARTICLES.get(language, ()), *_ARTICLES.get(language, {})):
        if name.startswith(article) and len(name) > len(article):
            return name[len(article):]
    return name


# German: a name ending in one of these sounds takes an apostrophe for its genitive
# ("Hans' Reihe", "Max' Reihe", "Alice' Reihe"), any other final letter an s ("Anas Reihe").
_GERMAN_SIBILANT_ENDS = ("s", "ß", "x", "z", "ce")


def possessed(value: object, phrase: str, language: str) -> str:
    """`phrase` (a noun with its article, "die Reihe") owned by a player, `value`: German
    puts a name that ends in a letter before the noun in the genitive ("Anas Reihe", "Max'
    Reihe"), and says "von" after it for any other name ("die Reihe von Spieler 1") and in
    the other languages. A translation asks for it in the placeholder, the phrase in the
    case the sentence needs: ``{who:gen=Die Reihe}``, ``in {who:gen=der Reihe}``.

    >>> possessed("Ana", "Die Reihe", "de"), possessed("Max", "der Reserve", "de")
    ('Anas Reihe', "Max' Reserve")
    >>> possessed("Spieler 1", "Die Reihe", "de")
    'Die Reihe von Spieler 1'
    """
    name = str(value)
    _article, _sep, noun = phrase.partition(" ")
    if (language == "de" and not isinstance(value, Word) and noun and name
            and name[-1].isalpha()):
        ending = "'" if name.lower().endswith(_GERMAN_SIBILANT_ENDS) else "s"
        return f"{name}{ending} {noun}"
    return f"{phrase} von {name}"


def form(value: object, spec: str, language: str) -> str:
    """`value` in form `spec` of `language`: a `Word`'s own form, else the form by rule; a
    spec the language does not have leaves the value as it is."""
    if isinstance(value, Word) and spec in value.forms:
        return value.forms[spec]
    if spec not in FORMS.get(language, ()):
        return str(value)
    return derived(language, str(value)).get(spec, str(value))
