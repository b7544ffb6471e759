"""A proof-reader's rules, per language, for sentences that hold card and player names.

Each `problems_LANG(text, names)` returns what a native reader would flag in `text`, given the
card names of that language (title forms, "Der Wagen", "Le Mat", "어머니"):

- German: a card's title article in capitals inside a sentence ("sieht Der Wagen"), a
  preposition or verb with the wrong case after it ("mit den Wagen", "von der Tod"), an
  apposition that doubles the article ("die Karte den Wagen"), a word of our own where the
  edition has one ("Siegerreihe": die Reihe des Gewinners);
- French: a missing contraction or elision ("de Le Mat", "à Les Amoureux", "de Ana", "de
  l'Étoile" is right), "(s)" after a known count, a count that disagrees with its noun ("1
  dégâts", "4 dégât"), "4 de dégâts"; "54%" (a no-break space goes before "%"), a capital
  after ":" in a sentence that goes on ("Ana : Choisissez"), a participle that guesses a
  player's gender ("Ana est vaincu");
- Spanish: "de El Loco" / "a El Loco" (del, al), "a cada otro jugador", "supera el Loco"
  (supera al Loco), "Ana es derrotado";
- Portuguese: "de O Louco", "em A Torre" … (do, na), "Descartes: vazia", "é a mais forte
  das cartas" (é a carta mais forte), "Ana é derrotado";
- French, Spanish, Portuguese: a pronoun or participle that refers back to the card a sentence
  opens with in the other gender ("Le Mat … vous l'avez invoquée", "El Loco … la has
  invocado", "O Louco … você a invocou", "Le Mat était aussi forte");
- Korean: a particle after a card name that does not agree with the name's last syllable
  (어머니(8)을 → 를, 태양(11)로 → 으로), a space between a name and its strength ("어머니 (8)",
  "어머니 (8, 피해 2)", "어머니 (강도 8)"), two colons in a row ("사용합니다: 소환: …"), a
  pronoun for the player ("그대").
"""

from __future__ import annotations

import re

from dread_draw.i18n import korean

_UPPER_ARTICLE = re.compile(r"(?<=[a-zäöüß,;]) (Der|Die|Das|Den|Dem|Des) (?=[A-ZÄÖÜ])")
# Prepositions and the case they take (two-way prepositions are left out: either may be right)
_GERMAN_DATIVE = {"mit", "von", "aus", "bei", "nach", "zu", "seit", "gegenüber"}
_GERMAN_ACCUSATIVE = {"für", "durch", "gegen", "ohne", "um"}


# Two colons in a row around an ability's keyword ("Ana utilise l'Oracle : Invocation :
# regardez …"): the sentence that says who used the card ends first.
_DOUBLE_COLON = re.compile(r":\s+[A-ZÀ-ÖØ-Þ][\w'’-]*(?: [a-zäöü]\w*)?[\u00a0 ]?:\s")


def double_colon(text: str) -> list[str]:
    return [f"two colons in a row: {m.group(0)!r}" for m in _DOUBLE_COLON.finditer(text)]


# Words of our own where the edition has its own (docs/glossary/de.md: Reihe, Gewinner)
_GERMAN_COINED = re.compile(r"\b(?:Sieger|Gewinner|Sieg)reihe\w*")


def wording_de(text: str) -> list[str]:
    return [f"not the edition's words: {m.group(0)!r} (die Reihe des Gewinners)"
            for m in _GERMAN_COINED.finditer(text)] + double_colon(text)


def problems_de(text: str, forms: dict[str, dict[str, str]]) -> list[str]:
    """`forms`: each card's title → its forms (nom, acc, dat, gen) from the overlay."""
    found = [f"capital article inside a sentence: {m.group(0).strip()!r}"
             for m in _UPPER_ARTICLE.finditer(text)]
    found += wording_de(text)
    if re.search(r"\b(?:[Dd]ie|der|den|dem) Karte (?:der|die|das|den|dem|des) [A-ZÄÖÜ]", text):
        found.append("the article twice (die Karte den …)")
    for title, f in forms.items():
        noun = title.split(" ", 1)[1]
        for m in re.finditer(r"([\wäöüß]+) (der|die|das|den|dem|des) " + re.escape(
                noun.split(" ")[0]), text):
            word, article = m.group(1), m.group(2)
            said = f"{article} {noun.split(' ')[0]}"
            if word in _GERMAN_DATIVE and not f["dat"].startswith(said):
                found.append(f"{word} + {said}: the dative is {f['dat']!r}")
            if word in _GERMAN_ACCUSATIVE and not f["acc"].startswith(said):
                found.append(f"{word} + {said}: the accusative is {f['acc']!r}")
    return found


_FRENCH_VOWEL = "aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÉÈÊËÎÏÔÖÙÛÜŒÆ"


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


def disagreeing(language: str, text: str, forms: dict[str, dict[str, str]] | None) -> list[str]:
    """A word agreeing in the other gender than the card the text opens with."""
    for title, f in (forms or {}).items():
        if text.startswith(title):
            article = f.get("nom", "").split(" ", 1)[0].lower()
            gender = _ARTICLE_GENDER[language].get(article)
            if gender is None:
                return []
            other = "f" if gender == "m" else "m"
            return [f"{m.group(0)!r} does not agree with {title} ({gender})"
                    for m in re.finditer(_AGREEING[language][other], text)]
    return []


# A player's gender is not known: a participle that agrees with one ("Ana est vaincu") reads
# wrong for half of them; the game says "a perdu", "hors de la manche".
_FRENCH_GENDERED = re.compile(r"\b(?:est|êtes|es|suis|sont)(?: \w+)? "
                              r"(?:éliminée?s?|vaincue?s?|prête?s?)\b"
                              r"|[:,]\s(?:éliminée?|vaincue?)\b")


def typography_fr(text: str) -> list[str]:
    """French typography and wording in any message: a no-break space before "%" ("54 %")
    and before ": ; ! ?",
    no capital after ":" for a sentence that goes on ("Ana : choisissez …"), no participle
    that guesses a player's gender."""
    found = []
    if re.search(r"(?:[\d}]|[\d}] )%", text):
        found.append("'%' without a no-break space before it")
    for m in re.finditer(r"(?<=[\w})\]»]) ?([:;!?])(?=\s|$)", text):
        if m.group(1) != ":" or m.group(0).startswith(" "):
            found.append(f"{m.group(1)!r} without a no-break space before it")
    for m in re.finditer(r"[\u00a0 ]: (Vous|Votre|Vos|[A-ZÉ][a-zéèê]+ez)\b", text):
        found.append(f"a capital after ':' in a sentence: {m.group(1)!r}")
    found += [f"a participle that guesses a gender: {m.group(0)!r}"
              for m in _FRENCH_GENDERED.finditer(text)]
    return found + double_colon(text)


def problems_fr(text: str, forms: dict[str, dict[str, str]] | None = None) -> list[str]:
    found = disagreeing("fr", text, forms) + typography_fr(text)
    for m in re.finditer(r"\b(de|à) (le|les|Le|Les) ", text):
        found.append(f"no contraction: {m.group(0).strip()!r}")
    for m in re.finditer(rf"(?<![\w'’])(de|que|[Ll]e|[Ll]a) ([{_FRENCH_VOWEL}][\w-]*)", text):
        if m.group(2).lower() in {"y", "un", "une", "onze"}:
            continue
        found.append(f"no elision: {m.group(0)!r}")
    if "(s)" in text:
        found.append("'(s)' where the count is known")
    if re.search(r"(?<![\d,.])[01] (dégâts|cartes|points|manches)\b", text):
        found.append("plural after 0 or 1")
    if re.search(r"(?<![\d,.])([2-9]|\d{2,}) (dégât|carte|point|manche)\b(?!s)", text):
        found.append("singular after a plural count")
    if re.search(r"\d+ de dégâts", text):
        found.append("'N de dégâts'")
    return found


# Spanish: a card beaten or overcome takes "a" ("supera al Loco", "vence a la Torre": the
# "a" of a comparison, as with a person); a participle guesses a player's gender.
_SPANISH_NO_A = re.compile(r"\b(?:[Ss]uperar?n?|[Vv]encer?n?|[Dd]errotar?n?) (?:el|la|los|las) "
                           r"(?=[A-ZÁÉÍÓÚÑ])")
# (a card's ability text keeps the edition's "si fuiste eliminado": the rules' voice)
_SPANISH_GENDERED = re.compile(r"\b(?:es|eres|está|estás|queda|quedas|fue|ha sido)"
                               r" (?:eliminad[oa]s?|derrotad[oa]s?)\b"
                               r"|[:,] (?:eliminad[oa]|derrotad[oa])\b")


def wording_es(text: str) -> list[str]:
    return [f"no 'a' before the card: {m.group(0).strip()!r}"
            for m in _SPANISH_NO_A.finditer(text)] + [
        f"a participle that guesses a gender: {m.group(0)!r}"
        for m in _SPANISH_GENDERED.finditer(text)] + double_colon(text)


def problems_es(text: str, forms: dict[str, dict[str, str]] | None = None) -> list[str]:
    found = [f"no contraction: {m.group(0).strip()!r}"
             for m in re.finditer(r"\b(de|a) (El|el) ", text)] + disagreeing("es", text, forms)
    found += wording_es(text)
    if "cada otro" in text:
        found.append("'cada otro jugador' (a cada uno de los demás)")
    if re.search(r"(?<![\d,.])1 (cartas|rondas|partidas)\b", text):
        found.append("plural after 1")
    return found


# Portuguese: "é a carta mais forte", not "é a mais forte das cartas"; a participle guesses
# a player's gender (a card's ability text keeps the edition's "se você foi eliminado").
_PORTUGUESE_GENDERED = re.compile(r"(?<!se você )\b(?:é|está|foi|fica)"
                                  r" (?:eliminad[oa]s?|derrotad[oa]s?)\b"
                                  r"|[:,] (?:eliminad[oa]|derrotad[oa])\b")


def wording_pt(text: str) -> list[str]:
    found = [f"a participle that guesses a gender: {m.group(0)!r}"
             for m in _PORTUGUESE_GENDERED.finditer(text)] + double_colon(text)
    if re.search(r"\b[ao] mais fort[ea] d[ao]s cartas\b", text):
        found.append("'a mais forte das cartas' (a carta mais forte)")
    return found


def problems_pt(text: str, forms: dict[str, dict[str, str]] | None = None) -> list[str]:
    found = [f"no contraction: {m.group(0).strip()!r}" for m in re.finditer(
        r"\b(de|em|por) (o|a|os|as|O|A|Os|As) (?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])", text)]
    found += wording_pt(text)
    found += disagreeing("pt", text, forms)
    if "Descartes:" in text or "vazia" in text.split("Descarte")[-1][:10]:
        found.append("'Descartes: vazia' (Descarte: vazio)")
    if re.search(r"(?<![\d,.])1 (cartas|rodadas|partidas)\b", text):
        found.append("plural after 1")
    return found


def problems_ko(text: str, names: list[str]) -> list[str]:
    """`names`: the Korean card names. A particle right after a name (or its "(N)") must
    agree with the name's own last syllable."""
    found = wording_ko(text)
    for name in sorted(names, key=len, reverse=True):
        for m in re.finditer(re.escape(name)
                             + r"( ?\((?:강도 )?\d[^)]*\))?(으로|로|을|를|이|가|은|는|과|와)?",
                             text):
            strength, said = m.group(1), m.group(2)
            if strength and strength.startswith(" "):
                found.append(f"a space between {name} and its strength")
            if said is None:
                continue
            # (a 이 or 가 that starts the next word is not a particle: 이번, 가장 …)
            rest = text[m.end():m.end() + 1]
            if said in ("이", "가", "은", "는", "과", "와") and rest and "가" <= rest <= "힣":
                continue
            right = korean.particle(name, said)
            if said != right:
                found.append(f"{name}{strength or ''}{said}: should be {right}")
    return found


def wording_ko(text: str) -> list[str]:
    """Korean: two colons in a row ("사용합니다: 소환: …"), and a pronoun for the player
    ("그대", "당신"): the game names nobody with one (docs/glossary/ko.md: "차례입니다",
    "내 줄")."""
    found = []
    if re.search(r"다:\s*[^\s.?!:]+:\s", text):  # (not "{file}: {card}: …", a place)
        found.append("two colons in a row")
    found += [f"a pronoun for the player: {m.group(0)!r}"
              for m in re.finditer(r"그대(?!로)\w*|당신\w*", text)]
    return found


# The rules that need no card in the text: every message of a catalogue, as it stands.
WORDING = {"de": wording_de, "fr": typography_fr, "es": wording_es, "pt": wording_pt,
           "ko": wording_ko}

CHECKS = {"de": problems_de, "fr": problems_fr, "es": problems_es, "pt": problems_pt,
          "ko": problems_ko}
