"""Words for players in six languages: which language is in use, and its translations.

Dread Draw speaks English, French, Spanish, German, Brazilian Portuguese and Korean. The
strings players read are marked in the code with the standard `gettext` functions of this
module and translated in one message catalogue per language,
``dread_draw/locale/<lang>/LC_MESSAGES/dread_draw.po``, compiled beside it to ``.mo`` (the
compiled files ship in the wheel; ``python -m dread_draw.i18n compile`` rebuilds them):

    from dread_draw.i18n import _, fmt, ngettext
    fmt(_("{name} takes {n} damage."), name=name, n=n)
    fmt(ngettext("{n} card", "{n} cards", n), n=n)

Message ids are whole sentences with named placeholders. `fmt` fills them like `str.format`
and also lets a translation name a Korean particle after a placeholder (``{name:은}``,
`dread_draw.i18n.korean`), so a particle that depends on a player's name is always right.

The language is one setting for the whole program, switchable at any moment (a game started
in French goes on in Korean: saves and logs hold no words). `choose_language` picks it from an
explicit value (``--lang``), else from the environment (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English. This module imports nothing from the rest of the
program except its error type, so anything may use it.
"""

from __future__ import annotations

import gettext as _gettext
import os
import string
import struct
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path

from dread_draw.i18n import grammar, korean

DOMAIN = "dread_draw"
MO_MAGIC = 0x950412DE  # a .mo file's first four bytes, little-endian (`catalog.compile_mo`)
LANGUAGES = ("en", "fr", "es", "de", "pt", "ko")
# Each language's name in itself, for a language menu.
LANGUAGE_NAMES = {
    "en": "English", "fr": "Français", "es": "Español", "de": "Deutsch",
    "pt": "Português (Brasil)", "ko": "한국어",
}
PSEUDO = "xx"  # the pseudo-locale for layout tests (dread_draw.i18n.pseudo); never offered
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order
# Locale names that mean "no translation": the C locale is English.
_ENGLISH_LOCALES = {"c", "posix"}

_current = "en"


def locale_dir() -> Path:
    """Where the message catalogues live (in a checkout and in an installed wheel alike)."""
    return Path(str(resources.files("dread_draw") / "locale"))


# ---------------------------------------------------------------------- choosing a language

def parse_locale(value: str) -> str | None:
    """The language of a locale name, if it is one of ours; None otherwise.

    Accepts what people and systems write: ``fr``, ``FR``, ``fr_FR.UTF-8``, ``pt-BR``,
    ``de_DE@euro``, ``ko_KR.UTF-8``; ``C`` and ``POSIX`` are English.

    >>> parse_locale("fr_FR.UTF-8"), parse_locale("pt_BR"), parse_locale("C"), parse_locale("tlh")
    ('fr', 'pt', 'en', None)
    """
    name = value.strip().split(".")[0].split("@")[0].lower()
    if name in _ENGLISH_LOCALES:
        return "en"
    language = name.replace("-", "_").split("_")[0]
    return language if language in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (``LANGUAGE`` may
    list several, ``fr:de``, the first of ours wins); a language we lack gives English."""
    env = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = env.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            language = parse_locale(part) if part else None
            if language is not None:
                return language
        return "en"
    return "en"


def choose_language(explicit: str | None = None,
                    environ: Mapping[str, str] | None = None,
                    remembered: str | None = None) -> str:
    """The language to use: `explicit` (``--lang``) if given, else `remembered` (the choice
    made on the new-game screen, kept with the player's settings) if it is one of ours, else
    the environment's.

    An explicit language that is not one of the six is an error listing them.
    """
    if explicit is None:
        if remembered in LANGUAGES:
            return str(remembered)
        return language_from_environment(environ)
    language = parse_locale(explicit)
    if language is None:
        from dread_draw.rules.errors import DreadDrawError  # (only then: the rules core, which
        # holds the errors, loads with the commands that need it; `--version` is quick)

        raise DreadDrawError(fmt(
            _("--lang {value} is not a language Dread Draw speaks; use one of {languages}."),
            value=repr(explicit),
            languages=", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES)))
    return language


# ---------------------------------------------------------------------- the translations

@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalogue of `language` (English and the pseudo-locale have none of their own)."""
    if language == PSEUDO:
        from dread_draw.i18n.pseudo import PseudoTranslations

        return PseudoTranslations()
    if language == "en":
        return _gettext.NullTranslations()
    if language not in LANGUAGES:
        from dread_draw.rules.errors import DreadDrawError

        raise DreadDrawError(f"no such language: {language!r}")
    with (locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        return _gettext.GNUTranslations(f)


def one_message(language: str, message: str) -> str:
    """`translations(language).gettext(message)`, found in the catalogue file without
    loading the whole catalogue: the new-game screen asks every language for one word (the
    default name), and loading all five catalogues took 26 ms of its start (issue 41). The
    file's messages are sorted by their bytes (`catalog.compile_mo`); a file of another
    kind is read whole."""
    if language not in LANGUAGES or language == "en":
        return translations(language).gettext(message)
    data = (locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes()
    magic, _revision, count, ids, strs = struct.unpack_from("<5I", data)
    if magic != MO_MAGIC:
        return translations(language).gettext(message)
    key = message.encode("utf-8")
    low, high = 0, count
    while low < high:
        middle = (low + high) // 2
        length, start = struct.unpack_from("<2I", data, ids + 8 * middle)
        found = data[start:start + length]
        if found < key:
            low = middle + 1
        elif found > key:
            high = middle
        else:
            length, start = struct.unpack_from("<2I", data, strs + 8 * middle)
            return data[start:start + length].decode("utf-8")
    return message


def set_language(language: str) -> None:
    """Speak `language` from now on (one of `LANGUAGES`, or `PSEUDO` in tests)."""
    global _current
    translations(language)  # load it first: a missing catalogue leaves the language as it was
    _current = language


def current_language() -> str:
    return _current


def use_language(explicit: str | None = None, remembered: str | None = None) -> str:
    """Choose the language (``--lang``, else the remembered choice, else the environment),
    speak it, and return it."""
    language = choose_language(explicit, remembered=remembered)
    set_language(language)
    return language


def _(message: str) -> str:
    """`message` in the current language."""
    return translations(_current).gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Mark `message` for translation without translating it yet (translate it with `_`
    where it is shown): for strings defined before the language is known."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that suits `n` in the current language."""
    return translations(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart from the same words elsewhere by
    `context` (a column heading "name" is not a player's name)."""
    return translations(_current).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(_current).npgettext(context, singular, plural, n)


def yes_key() -> str:
    """The letter that answers "yes" in the player's language, as its players type it ("o"
    for oui, "j" for ja); "y" where the language has none of its own on a Latin keyboard.
    (Where it is not "y", "y" answers yes too.)"""
    # TRANSLATORS: one lower-case Latin letter: the first of your word for "yes" (not "n")
    key = pgettext("the key that answers yes", "y").strip().lower()
    return key if len(key) == 1 and "a" <= key <= "z" and key != "n" else "y"


def level_words() -> dict[str, str]:
    """Every CPU level (`dread_draw.ai.AGENTS`) as a player reads it, in the current language
    ("facile" for `easy`); a new level gets its line here (tests/test_level_contract.py)."""
    return {"random": pgettext("CPU level", "random"), "easy": pgettext("CPU level", "easy"),
            "normal": pgettext("CPU level", "normal"), "hard": pgettext("CPU level", "hard")}


def level_word(level: str) -> str:
    """A CPU level as a player reads it, in the current language; the command line keeps
    the levels' own names (`--cpu easy`). An unknown level as it is."""
    return level_words().get(level, level)


def percent(value: float, digits: int = 0) -> str:
    """`value` (already in percent) as the current language writes a percentage: "41%",
    "41\u00a0%" in French and German (a no-break space before the sign), with the language's
    decimal mark when `digits` asks for decimals ("54,2\u00a0%").

    >>> percent(41.2)
    '41%'
    """
    number = f"{value:.{digits}f}"
    if digits:
        # Translators: the decimal mark of numbers ("," in French: 54,2)
        number = number.replace(".", pgettext("decimal mark", "."))
    # Translators: a percentage; French and German put a no-break space before the sign
    return fmt(pgettext("percentage", "{n}%"), n=number)


# ---------------------------------------------------------------------- filling placeholders

class _Formatter(string.Formatter):
    """`str.format`, where a format spec that is a Korean particle attaches it to the value
    (chosen from the value's `sound`: a card's name, not the strength after it), one that
    names a grammatical form (``{card:acc}``, ``{name:de}``) puts the value in that form, and
    a choice (``{card:m=le|f=la|pl=les}``) says the words that agree with the value, and
    a German possession (``{who:gen=Die Reihe}``) puts a player's name in the genitive before
    the noun, "Anas Reihe" (`dread_draw.i18n.grammar`)."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec in korean.PARTICLES:
            sound = value.sound if isinstance(value, grammar.Word) else str(value)
            return str(value) + korean.particle(sound, format_spec)
        if format_spec in grammar.SPECS:
            return grammar.form(value, format_spec, _current)
        if grammar.is_choice(format_spec):
            return grammar.choose(value, format_spec)
        if format_spec.startswith("gen="):
            return grammar.possessed(value, format_spec[4:], _current)
        return str(super().format_field(value, format_spec))


_FORMATTER = _Formatter()


def fmt(template: str, /, **values: object) -> str:
    """Fill a translated message's named placeholders.

    >>> fmt("{name:이} 라운드에서 이겼습니다.", name="민준")
    '민준이 라운드에서 이겼습니다.'
    """
    return _FORMATTER.vformat(template, (), values)


def listing(words: Sequence[str]) -> grammar.Word:
    """Words as the current language lists them: "The Fool (0), Death (13) and The Sun (11)",
    "le Mat (0), la Mort (13) et le Soleil (11)"; a list of two and a longer one are joined
    each its own way, as Korean does: "어머니(8)와 별(5)" (the particle chosen by the word
    before it), "어머니(8), 까마귀(3), 별(5)". Each form of a card's name is listed in that
    form (`grammar.join`)."""
    words = list(words)
    # Translators: the separator between the items of a list ("The Fool (0), Death (13)")
    separator = _(", ")
    if len(words) < 2:
        return grammar.join(separator, words)
    if len(words) == 2:
        # Translators: a list of two cards; Korean chooses the particle after the first by
        # its sound: "{first:와} {last}"
        template = pgettext("a list of two items", "{first} and {last}")
    else:
        # Translators: the last two items of a list of three or more ("The Fool (0), Death
        # (13) and The Sun (11)"); Korean lists them with commas throughout: "{first}, {last}"
        template = pgettext("the last two of three or more items", "{first} and {last}")
    # the words between the last two, as the template puts them (its particle chosen by the
    # sound of the word before them)
    marker = "\x00"
    head = grammar.join(separator, words[:-1])
    between = fmt(template, first=grammar.Word(marker, sound=head.sound), last=marker)
    last = between.split(marker)[1] if between.count(marker) == 2 else separator
    return grammar.join(separator, words, last)


def placeholders(message: str) -> set[str]:
    """The named placeholders of a message: ``{name:은} {n}`` → ``{"name", "n"}``."""
    return {field for _text, field, _spec, _conv in string.Formatter().parse(message)
            if field is not None}


# ---------------------------------------------------------------------- documents

def localized_asset(stem: str, suffix: str, language: str | None = None) -> Path:
    """An asset in `language` if it has its own (``rules.fr.md``), else the English one."""
    language = _current if language is None else language
    assets = Path(str(resources.files("dread_draw") / "assets"))
    own = assets / f"{stem}.{language}{suffix}"
    return own if language in LANGUAGES and own.is_file() else assets / f"{stem}{suffix}"


def rules_markdown(language: str | None = None) -> str:
    """The rules for `dread-draw rules` and the help screen, in `language` (default: the
    current one). The pseudo-locale reads the English rules through its own alphabet."""
    language = _current if language is None else language
    text = localized_asset("rules", ".md", language).read_text(encoding="utf-8")
    if language == PSEUDO:
        from dread_draw.i18n.pseudo import pseudo_markdown

        return pseudo_markdown(text)
    return text
