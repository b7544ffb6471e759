"""`dread-draw deck new` and `dread-draw deck check`: the tools for writing a deck of one's own
(the format: dread_draw/assets/deck-format.md, installed with the program).

`new` writes the standard deck as a starting file; `check` loads a deck as every command
would (a bad file: one clear message, exit 2), then its translation files beside it, then says
where an ability's text and its numbers disagree, and plays a short balance report.
"""

from __future__ import annotations

import re
from pathlib import Path

from rich.console import Console

from dread_draw.base.errors import DreadDrawError
from dread_draw.base.files import atomic_write
from dread_draw.base.reasons import os_reason
from dread_draw.base.safe_text import markup_safe
from dread_draw.deck.cards import Card, Deck, deck_format_path, load_deck, standard_deck_path
from dread_draw.deck.overlays import deck_text, overlay_path
from dread_draw.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    fmt,
    ngettext,
    translations,
)
from dread_draw.play.figures import playing

# The first lines of a deck written by `deck new`, in place of the standard deck's own notes
# ({format}: where this installation keeps the format's description).
NEW_DECK_HEAD = """\
# A deck for Dread Draw, started from the standard deck: change it as you like.
# Format: {format}
# Check it with: dread-draw deck check FILE
# Play with it: dread-draw play --deck FILE
"""
_NUMBER = re.compile(r"\d+")
# Korean counts one card or one player with a number ("1장", "1명"): a count, not a parameter.
_COUNTED_ONE = re.compile(r"(?<!\d)1(?=[장명])")


def text_numbers_problem(card: Card, text: str) -> str | None:
    """Where `text` (an ability's words, in any language) and the card's ability disagree on a
    number: a number in the text that is none of the effect's parameters, or a parameter
    (other than 1, which a text may say as "the top card") that the text does not state.
    None when they agree."""
    if card.ability is None:
        return None
    values = {str(v) for v in card.ability.params.values() if isinstance(v, int)}
    said = set(_NUMBER.findall(_COUNTED_ONE.sub("", text)))
    extra = sorted(said - values)
    if extra:
        return fmt(_("card {id}: its text says {number}, but its effect {effect} has no such "
                     "number."), id=repr(card.id), number=extra[0],
                   effect=repr(card.ability.effect))
    missing = sorted(v for v in values - said if v != "1")
    if missing:
        return fmt(_("card {id}: its effect {effect} uses {number}, but its text does not say "
                     "it."), id=repr(card.id), effect=repr(card.ability.effect),
                   number=missing[0])
    return None


# The name a deck started with `deck new` has, in every language (its translation files say
# it in theirs).
NEW_DECK_NAME = N_("My deck")


def new_files(file: Path) -> dict[Path, str]:
    """What `deck new` writes: the standard deck as `file`, and beside it the standard deck's
    translation files (`cards.fr.toml` → `FILE.fr.toml` …), so that the new deck's cards
    have their names in every language at the table."""
    text = standard_deck_path().read_text(encoding="utf-8")
    body = text[text.index("[deck]"):]  # the standard deck's notes are for its developers
    head = NEW_DECK_HEAD.format(format=deck_format_path())
    files = {file: head + "\n" + body.replace('name = "Standard"',
                                                       f'name = "{NEW_DECK_NAME}"', 1)}
    for language in LANGUAGES:
        source = standard_deck_path().with_name(f"cards.{language}.toml")
        if not source.is_file():
            continue
        words = source.read_text(encoding="utf-8")
        words = words[words.index("[overlay]"):]  # (their notes name the standard deck)
        name = translations(language).gettext(NEW_DECK_NAME).replace('"', "'")
        words = re.sub(r'(?m)^name = .*$', f'name = "{name}"', words, count=1)
        files[file.with_name(f"{file.stem}.{language}{file.suffix}")] = (
            f"# The {LANGUAGE_NAMES[language]} words of the deck in {file.name}: each card's "
            f"name, ability text and fortune.\n# Change it with the deck (its format: the "
            f"section Translations of {deck_format_path()}).\n\n" + words)
    return files


def new_command(file: Path) -> None:
    """Write the standard deck to `file` as a starting point, with its translation files;
    never overwrite a file."""
    files = new_files(file)
    for path in files:
        if path.exists():
            raise DreadDrawError(fmt(_("{file}: the file exists already; give another name "
                                       "(deck new never overwrites a file)."), file=path))
    if not file.parent.is_dir():
        raise DreadDrawError(fmt(_("{file}: cannot write the deck: folder {folder} does not "
                                   "exist."), file=file, folder=file.parent))
    for path, text in files.items():
        try:
            atomic_write(path, [text.rstrip("\n")])
        except OSError as e:
            raise DreadDrawError(fmt(_("{file}: cannot write the deck there ({reason})."),
                                     file=path, reason=os_reason(e))) from None
    Console(highlight=False).print(fmt(
        _("Wrote {file}: the standard deck, to change as you like, and its words in {n} "
          "languages beside it ({overlays}); its format is described in {format}. Check it "
          "with dread-draw deck check {file}; play with it with dread-draw play --deck {file}."),
        file=markup_safe(str(file)), n=len(files) - 1,
        overlays=markup_safe(", ".join(p.name for p in list(files)[1:])),
        format=markup_safe(str(deck_format_path()))), soft_wrap=True)


def check_command(file: Path, players: int, games: int, seed: int) -> None:
    """Validate `file` and its translation files (a bad one: DeckError, exit 2), report texts
    whose numbers disagree with their effects, then a short balance report."""
    out = Console(highlight=False)
    deck = load_deck(file)
    deck.check_players(players)
    out.print(fmt(ngettext("{file}: the deck {name} is valid: {cards} card, {kinds} different.",
                           "{file}: the deck {name} is valid: {cards} cards, {kinds} different.",
                           deck.size), file=markup_safe(str(file)),
                  name=markup_safe(repr(deck_text(deck).name)), cards=deck.size,
                  kinds=len(deck.cards)))
    texts = {"en": {c.id: c.ability.text for c in deck.cards if c.ability}}
    for language in LANGUAGES[1:]:  # the deck file holds English; the others beside it
        path = overlay_path(deck, language)
        if path is not None and path.is_file():
            words = deck_text(deck, language)  # a bad translation file stops here, exit 2
            out.print(fmt(_("{file}: its translation ({language}) is valid."),
                          file=markup_safe(str(path)), language=language))
            texts[language] = {c.id: words[c].text for c in deck.cards if c.ability}
    problems = []
    for language, by_id in texts.items():
        for card in deck.cards:
            problem = card.ability and text_numbers_problem(card, by_id[card.id])
            if problem:
                problems.append(f"{language}: {problem}")
    for problem in problems:
        out.print(fmt(_("Check the text: {problem}"), problem=markup_safe(problem)))
    short_report(out, deck, players, games, seed)
    if problems:
        raise DreadDrawError(fmt(ngettext(
            "{count} ability text does not say its effect's numbers (above).",
            "{count} ability texts do not say their effects' numbers (above).",
            len(problems)), count=len(problems)))


def short_report(out: Console, deck: Deck, players: int, games: int, seed: int) -> None:
    """The balance report's game and targets tables (`simulate --report` adds every card)."""
    from dread_draw.play.balance import report_tables, run_balance

    with playing(out, games) as advance:
        b = run_balance(deck, players, games, seed, "normal", progress=advance)
    for table in report_tables(b, deck, "normal", seed)[:2]:
        out.print(table)
