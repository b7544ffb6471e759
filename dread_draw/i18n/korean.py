"""Korean particles that depend on the word before them: 은/는, 이/가, 을/를, 과/와, (으)로.

A Korean sentence about a player needs a particle after the name, and which form is right
depends on how the name *sounds*: after a final consonant (batchim) 은, 이, 을, 과, 으로;
after a vowel 는, 가, 를, 와, 로; and 로 after ㄹ as after a vowel. A player's name can be
Hangul, digits ("CPU 2"), Latin letters ("Ana") or anything at all, so:

- Hangul syllables are read exactly (the batchim is in the code point);
- digits are read the Sino-Korean way (3 삼, 10 십, 1000 천, 0 영), and "%" as 퍼센트;
- Latin letters by a loanword rule of thumb (Tom 톰, Bill 빌, Jack 잭, Ana 아나, Kate 케이트);
  short all-capital words are also read letter by letter (CPU 씨피유), and when the two
  readings disagree (BOB: 밥 or 비오비?) the ending is unknown;
- anything else gives the combined form, "은(는)", which is always acceptable Korean.

`attach(word, particle)` is the word with the right particle; translators reach it through
`dread_draw.i18n.fmt` by naming a particle in a placeholder:
``"{name:은} 라운드에서 탈락했습니다."``.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

# Each particle: (after a final consonant, after a vowel, combined form when unknown).
_PAIRS: dict[str, tuple[str, str, str]] = {
    "topic": ("은", "는", "은(는)"),
    "subject": ("이", "가", "이(가)"),
    "object": ("을", "를", "을(를)"),
    "with": ("과", "와", "과(와)"),
    "toward": ("으로", "로", "(으)로"),
}
# Every spelling a translator may write for a particle, to its pair.
PARTICLES: dict[str, str] = {}
for _kind, (_hard, _soft, _both) in _PAIRS.items():
    for _spelling in (_hard, _soft, _both, f"{_hard}/{_soft}", f"{_soft}/{_hard}"):
        PARTICLES[_spelling] = _kind
PARTICLES["으로/로"] = PARTICLES["로/으로"] = "toward"

Ending = Literal["vowel", "consonant", "rieul"]  # ㄹ is a consonant that takes 로, not 으로

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # the index of ㄹ among the final consonants of a Hangul syllable
# Sino-Korean readings of a last digit: 영 일 이 삼 사 오 육 칠 팔 구.
_DIGITS: dict[str, Ending] = {
    "0": "consonant", "1": "rieul", "2": "vowel", "3": "consonant", "4": "vowel",
    "5": "vowel", "6": "consonant", "7": "rieul", "8": "rieul", "9": "vowel",
}
# A number ending in zeros is read by its last power of ten: 십 백 천 만 … 억 … 조 … 경.
_POWERS: tuple[Ending, ...] = (
    "consonant", "consonant", "consonant",  # 십, 백, 천
    "consonant", "consonant", "consonant", "consonant",  # 만, 십만, 백만, 천만
    "consonant", "consonant", "consonant", "consonant",  # 억 …
    "vowel", "vowel", "vowel", "vowel",  # 조 …
)
# English letter names as Koreans say them: 에이 비 씨 디 이 에프 지 에이치 아이 제이 케이
# 엘 엠 엔 오 피 큐 알 에스 티 유 브이 더블유 엑스 와이 지.
_LETTERS: dict[str, Ending] = {ch: "vowel" for ch in "ABCDEFGHIJKOPQSTUVWXYZ"}
_LETTERS.update({"L": "rieul", "R": "rieul", "M": "consonant", "N": "consonant"})
_SILENT_E: dict[str, Ending] = {"n": "consonant", "m": "consonant", "l": "rieul"}
_CLOSERS = ")]}\"'’”」』》〉>"
_VOWELS = "aeiouy"


def _hangul(ch: str) -> Ending | None:
    code = ord(ch)
    if not _HANGUL_FIRST <= code <= _HANGUL_LAST:
        return None
    final = (code - _HANGUL_FIRST) % 28
    return "vowel" if final == 0 else "rieul" if final == _RIEUL else "consonant"


def _number(digits: str) -> Ending:
    stripped = digits.rstrip("0")
    if not stripped:
        return "consonant"  # 영
    zeros = len(digits) - len(stripped)
    if zeros == 0:
        return _DIGITS[stripped[-1]]
    return _POWERS[zeros - 1] if zeros <= len(_POWERS) else "consonant"  # 경 and beyond


def _latin(word: str) -> Ending | None:
    """A Latin-letter word's ending sound, by the usual loanword spelling, or None."""
    if word.isupper() and len(word) <= 4:
        # Capitals may be an acronym read letter by letter (CPU 씨피유, BTS 비티에스) or a name
        # in capitals (TOM 톰, BOB 밥): a single letter is its name; otherwise both readings
        # must agree (MAX 맥스 / 엑스), or the ending cannot be told.
        spelled = _LETTERS.get(word[-1])
        return spelled if len(word) == 1 or spelled == _word(word.lower()) else None
    return _word(word.lower())


def _word(w: str) -> Ending:
    if len(w) >= 2 and w[-1] == "e" and w[-2] not in _VOWELS:
        # A silent final e: Anne 앤, Jerome 제롬, Nicole 니콜; Kate 케이트, Mike 마이크.
        return _SILENT_E.get(w[-2], "vowel")
    last = w[-1]
    if last == "l":
        return "rieul"  # Paul 폴, Bill 빌
    if last in "mn":
        return "consonant"  # Tom 톰, John 존
    if last == "g" and w.endswith("ng"):
        return "consonant"  # Ming 밍
    if last in "bkpt" or w.endswith("ck") or (last == "c" and len(w) > 1):
        # A stop after one short vowel closes the syllable (Bob 밥, Jack 잭, Pat 팻, Eric 에릭);
        # after a long vowel or another consonant it takes a vowel of its own (Mark 마크).
        stem = w[:-2] if w.endswith("ck") else w[:-1].rstrip(last)
        if stem and stem[-1] in _VOWELS and (len(stem) < 2 or stem[-2] not in _VOWELS):
            return "consonant"
        return "vowel"
    return "vowel"  # Ana 아나, Peter 피터, Max 맥스, Ted 테드


def ending(word: str) -> Ending | None:
    """How `word` ends when read aloud in Korean, or None when it cannot be told.

    >>> ending("민준"), ending("지우"), ending("서울"), ending("CPU 2"), ending("Tom")
    ('consonant', 'vowel', 'rieul', 'vowel', 'consonant')
    """
    w = word.rstrip().rstrip(_CLOSERS).rstrip()
    if not w:
        return None
    if w[-1] in "%％":  # 퍼센트: "44%에서 24%로"
        return "vowel"
    kind = _hangul(w[-1])
    if kind is not None:
        return kind
    if w[-1].isascii() and w[-1].isdigit():
        start = len(w)
        while start and w[start - 1].isascii() and w[start - 1].isdigit():
            start -= 1
        return _number(w[start:])
    letters = unicodedata.normalize("NFD", w)
    letters = "".join(ch for ch in letters if not unicodedata.combining(ch))
    end = len(letters)
    start = end
    while start and letters[start - 1].isascii() and letters[start - 1].isalpha():
        start -= 1
    if start < end:
        return _latin(letters[start:end])
    return None


def particle(word: str, name: str) -> str:
    """The form of particle `name` (any spelling: "은", "는", "은/는", "(으)로") after `word`.

    >>> particle("민준", "는"), particle("지우", "은"), particle("서울", "으로")
    ('은', '는', '로')
    >>> particle("★", "이")
    '이(가)'
    """
    kind = PARTICLES.get(name)
    if kind is None:
        raise ValueError(f"not a Korean particle this module knows: {name!r}")
    hard, soft, both = _PAIRS[kind]
    end = ending(word)
    if end is None:
        return both
    if end == "vowel" or (end == "rieul" and kind == "toward"):
        return soft
    return hard


def attach(word: str, name: str) -> str:
    """`word` followed by the right form of particle `name`.

    >>> attach("Ana", "가"), attach("CPU 3", "를"), attach("Paul", "로")
    ('Ana가', 'CPU 3을', 'Paul로')
    """
    return word + particle(word, name)
