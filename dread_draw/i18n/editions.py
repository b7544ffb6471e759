"""Each language's game vocabulary as its edition prints it — the words the checks of the
translations read (docs/glossary/<lang>.md is where they come from). A new language gets its
lines here, beside its catalogue, card and rules files (tests/test_language_contract.py names
every part a language needs).

- `PLURAL_FORMS`: its catalogue's plural rule (gettext's Plural-Forms), which
  `python -m dread_draw.i18n new LANG` writes into a new catalogue;
- `RULES_TERMS`: the edition's terms its rules document says (`assets/rules.<lang>.md`);
- `EFFECT_WORDS`: per effect of the standard vocabulary, the words its ability texts say.
"""

from __future__ import annotations

PLURAL_FORMS: dict[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",  # 0 is singular
    "es": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n > 1);",  # Brazilian: 0 is singular
    "ko": "nplurals=1; plural=0;",
}

# Each edition's words that its rules document uses (docs/glossary/<lang>.md): the rules in
# that language say them all (tests/test_i18n.py).
RULES_TERMS: dict[str, list[str]] = {
    "fr": ["Deck de Vie", "Deck de Pioche", "pile de défausse", "Escalade", "Invocation",
           "Réserve", "Après-Coup", "Permanent", "manche", "éliminé", "vaincu", "force",
           "dégâts", "carte à battre", "le présent", "l'avenir proche", "l'avenir lointain"],
    "es": ["Baraja de Vida", "Mazo de Robo", "pila de descarte", "Intensificación",
           "Invocación", "Reserva", "Desenlace", "Permanente", "ronda", "eliminado",
           "derrotado", "fuerza", "daño", "carta a superar", "el presente",
           "el futuro cercano", "el futuro lejano"],
    "de": ["Lebensdeck", "Ziehdeck", "Ablagestapel", "Eskalation", "Beschwörung", "Reserve",
           "Nachwirkung", "Immer aktiv", "Runde", "scheidest", "besiegt", "Stärke", "Schaden",
           "zu schlagende Karte", "die Gegenwart", "die unmittelbare Zukunft",
           "die ferne Zukunft"],
    "pt": ["Baralho de Vida", "Baralho de Compra", "pilha de descartes", "Escalação",
           "Invocação", "Reserva", "Desfecho", "Sempre ativa", "rodada", "eliminado",
           "derrotado", "força", "dano", "carta a superar", "presente", "futuro próximo",
           "futuro distante"],
    "ko": ["생명 덱", "뽑기 덱", "버린 카드 더미", "강도 상승", "소환", "비축", "여파", "항상 적용",
           "라운드", "탈락", "패배", "강도", "피해", "넘어야 할 카드", "현재", "가까운 미래",
           "먼 미래"],
}


# Per effect and language: the words that say what the effect does in a card's text (every
# ability text of the effect says them: tests/test_deck_files.py). A text that says another
# effect's action (a look that claims to reorder, a ward that claims more damage) fails.
EFFECT_WORDS: dict[str, dict[str, list[str]]] = {
    "gain-life": {"en": ["gain", "life"], "fr": ["gagnez", "vie"], "es": ["gana", "vida"],
                  "de": ["Gewinne", "Leben"], "pt": ["ganhe", "vida"], "ko": ["생명", "얻습니다"]},
    "peek-life": {"en": ["look at", "your Life Deck"], "fr": ["regardez", "Deck de Vie"],
                  "es": ["mira", "Baraja de Vida"], "de": ["Sieh dir", "Lebensdecks an"],
                  "pt": ["olhe", "Baralho de Vida"], "ko": ["생명 덱", "봅니다"]},
    "peek-draw": {"en": ["look at", "Draw Deck."], "fr": ["regardez", "Deck de Pioche."],
                  "es": ["mira", "Mazo de Robo."], "de": ["Sieh dir", "Ziehdecks an."],
                  "pt": ["olhe", "Baralho de Compra."], "ko": ["뽑기 덱", "봅니다."]},
    "arrange": {"en": ["look at", "any order"], "fr": ["regardez", "l'ordre de votre choix"],
                "es": ["mira", "en el orden que quieras"],
                "de": ["Sieh dir", "beliebiger Reihenfolge"], "pt": ["olhe", "na ordem que quiser"],
                "ko": ["보고", "원하는 순서"]},
    "bury": {"en": ["look at", "bottom"], "fr": ["regardez", "sous ce deck"],
             "es": ["mira", "al fondo"], "de": ["Sieh dir", "unter das Ziehdeck"],
             "pt": ["olhe", "no fundo"], "ko": ["보고", "맨 아래"]},
    "mill": {"en": ["discard", "Draw Deck"], "fr": ["défaussez", "Deck de Pioche"],
             "es": ["descarta", "Mazo de Robo"], "de": ["Lege", "Ziehdecks ab"],
             "pt": ["descarte", "Baralho de Compra"], "ko": ["뽑기 덱", "버립니다"]},
    "plant": {"en": ["discard pile", "on top of the Draw Deck"],
              "fr": ["pile de défausse", "dessus du Deck de Pioche"],
              "es": ["pila de descarte", "encima del Mazo de Robo"],
              "de": ["Ablagestapel", "oben auf das Ziehdeck"],
              "pt": ["pilha de descartes", "topo do Baralho de Compra"],
              "ko": ["버린 카드 더미", "뽑기 덱 맨 위"]},
    "scavenge": {"en": ["discard pile", "into your reserves"],
                 "fr": ["pile de défausse", "dans vos réserves"],
                 "es": ["pila de descarte", "en tus reservas"],
                 "de": ["Ablagestapel", "in deine Reserve"],
                 "pt": ["pilha de descartes", "em suas reservas"],
                 "ko": ["버린 카드 더미", "비축 카드로"]},
    "salvage": {"en": ["if you were eliminated", "row", "reserves"],
                "fr": ["si vous êtes hors de la manche", "rangée", "réserves"],
                "es": ["si quedaste fuera de la ronda", "fila", "reservas"],
                "de": ["Wenn du ausgeschieden bist", "Reihe", "Reserve"],
                "pt": ["se você ficou fora da rodada", "fileira", "reservas"],
                "ko": ["탈락했다면", "비축 카드로"]},
    "swap-reserve": {"en": ["swap", "another player"], "fr": ["échangez", "autre joueur"],
                     "es": ["intercambia", "otro jugador"], "de": ["Tausche", "anderen Spielers"],
                     "pt": ["troque", "outro jogador"], "ko": ["맞바꿉니다", "다른 플레이어"]},
    "puppet": {"en": ["another player", "next turn"], "fr": ["autre joueur", "tour suivant"],
               "es": ["otro jugador", "siguiente turno"],
               "de": ["anderen Spieler", "Nächstes am Zug"],
               "pt": ["outro jogador", "próximo turno"], "ko": ["다른 플레이어", "다음 턴"]},
    "curse": {"en": ["if you won the round", "another player", "damage before"],
              "fr": ["si vous avez gagné la manche", "autre joueur", "avant les dégâts"],
              "es": ["si ganaste la ronda", "otro jugador", "antes del daño"],
              "de": ["Wenn du die Runde gewonnen hast", "anderen Spieler", "vor dem Schaden"],
              "pt": ["se você venceu a rodada", "outro jogador", "antes do dano"],
              "ko": ["승리했다면", "다른 플레이어", "받기 전에"]},
    "ward": {"en": ["you take", "less damage"], "fr": ["vous subissez", "de moins"],
             "es": ["recibes", "menos"], "de": ["Du erleidest", "weniger"],
             "pt": ["você sofre", "a menos"], "ko": ["자신이 받는 피해", "줄어듭니다"]},
    "lower-bar": {"en": ["must beat", "less"], "fr": ["devez battre", "en moins"],
                  "es": ["debes superar", "menos"], "de": ["schlagen musst", "weniger"],
                  "pt": ["precisa superar", "a menos"], "ko": ["넘어야 할", "낮게"]},
    "bloodlust": {"en": ["rounds you win", "more damage"], "fr": ["que vous gagnez", "de plus"],
                  "es": ["que ganas", "más"], "de": ["die du gewinnst", "mehr"],
                  "pt": ["que você vence", "a mais"], "ko": ["승리한 라운드", "늘어납니다"]},
}
