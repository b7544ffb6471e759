"""The reasons the operating system and the TOML and JSON parsers give for a failure, in the
player's language, for the errors that quote them ("impossible de lire le fichier de deck
(permission refusée)", "TOML non valide : il manque « = » après une clé, ligne 3, colonne 7").

Both speak English whatever the language (`OSError.strerror`, `tomllib.TOMLDecodeError`):
a reason is said again from what it is — the error's number, the parser's message and the
place it names — and one this program does not know is named by its code ("erreur système
EIO"), never in English words.
"""

from __future__ import annotations

import errno
import re
import socket

from dread_draw.base.safe_text import clean
from dread_draw.i18n import N_, _, fmt

# The operating system's reasons a player may meet: reading and writing files and folders,
# listening on a port and reaching a host.
_ERRNO = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EEXIST: N_("it exists already"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EBUSY: N_("it is busy"),
    errno.EMFILE: N_("too many files are open"),
    errno.EIO: N_("a read or write error of the disk"),
    errno.EADDRINUSE: N_("the address is already in use"),
    errno.EADDRNOTAVAIL: N_("the address is not one of this computer's"),
    errno.ECONNREFUSED: N_("the connection was refused"),
    errno.ECONNRESET: N_("the connection was reset"),
    errno.ETIMEDOUT: N_("the connection timed out"),
    errno.EHOSTUNREACH: N_("the host cannot be reached"),
    errno.ENETUNREACH: N_("the network cannot be reached"),
    errno.EPIPE: N_("the connection was closed"),
}


def os_reason(error: BaseException) -> str:
    """Why the operating system refused, in the current language: an `OSError` by its
    number, an address that cannot be found as such, anything else by its code."""
    if isinstance(error, socket.gaierror):
        return _("the address cannot be found")
    number = getattr(error, "errno", None)
    if isinstance(number, int) and number in _ERRNO:
        return _(_ERRNO[number])
    code = errno.errorcode.get(number, str(number)) if isinstance(number, int) else None
    return fmt(_("system error {code}"), code=code or type(error).__name__)


# The TOML parser's messages (Python's tomllib), each said in the current language.
_TOML = {
    "Cannot overwrite a value": N_("a value is given twice"),
    "Expected '=' after a key in a key/value pair": N_("'=' is missing after a key"),
    "Expected ']' at the end of a table declaration": N_("']' is missing at the end of a "
                                                         "table's name"),
    "Expected ']]' at the end of an array declaration": N_("']]' is missing at the end of a "
                                                           "table's name"),
    "Expected newline or end of document after a statement": N_("the line goes on after its "
                                                                "value"),
    "Invalid date or datetime": N_("a date that is not valid"),
    "Invalid hex value": N_("a character code that is not valid"),
    "Invalid initial character for a key part": N_("a key begins with a character a key "
                                                   "cannot hold"),
    "Invalid statement": N_("a line that is neither a key = value nor a [table]"),
    "Invalid value": N_("a value that is not valid (text needs quotes)"),
    "Unclosed array": N_("a list ('[') is not closed"),
    "Unclosed inline table": N_("a table written on one line is not closed"),
    "Unterminated string": N_("a text is not closed by its quote"),
    "Escaped character is not a Unicode scalar value": N_("a character code that is not "
                                                          "valid"),
    "Unescaped '\\' in a string": N_("a backslash in a text is not doubled"),
}
# (an integer of more than 4,300 digits, which Python will not read)
_DIGITS = re.compile(r"Exceeds the limit \((?P<key>\d+) digits\).*")
_TOML_PATTERNS = [
    (re.compile(r"Cannot declare (?P<key>.+) twice"), N_("{key} is declared twice")),
    (re.compile(r"Cannot (?:mutate immutable|redefine) namespace (?P<key>.+)"),
     N_("{key} is declared twice")),
    (re.compile(r"Duplicate inline table key (?P<key>.+)"), N_("{key} is given twice")),
    (re.compile(r"Expected (?P<key>.+)"), N_("{key} is expected here")),
    (re.compile(r"(?:Found invalid|Illegal) character (?P<key>.+)"),
     N_("the character {key} cannot be here")),
    (_DIGITS, N_("a number longer than {key} digits")),
]
_WHERE = re.compile(r"\s*\((?:at line (?P<line>\d+), column (?P<column>\d+)|at end of "
                    r"document)\)$")


def toml_reason(error: Exception) -> str:
    """What is wrong in a TOML file, and where, in the current language."""
    message = str(error)
    where = _WHERE.search(message)
    what = message[:where.start()] if where else message
    said = _TOML.get(what)
    if said is not None:
        said = _(said)
    else:
        for pattern, template in _TOML_PATTERNS:
            found = pattern.fullmatch(what)
            if found is not None:
                said = fmt(_(template), **{k: clean(v[:60]) for k, v in
                                           found.groupdict().items()})
                break
        else:  # (an integer of more than 4,300 digits, or a message of a later Python)
            said = _("the text is not valid TOML")
    if where is None:
        return said
    if where.group("line") is None:
        return fmt(_("{reason}, at the end of the file"), reason=said)
    return fmt(_("{reason}, line {line}, column {column}"), reason=said,
               line=where.group("line"), column=where.group("column"))


# The JSON parser's messages (Python's json), for a save file edited by hand.
_JSON = {
    "Expecting value": N_("a value is missing"),
    "Expecting property name enclosed in double quotes": N_("a key in double quotes is "
                                                            "missing"),
    "Expecting ':' delimiter": N_("':' is missing after a key"),
    "Expecting ',' delimiter": N_("',' is missing between two values"),
    "Unterminated string starting at": N_("a text is not closed by its quote"),
    "Extra data": N_("the file goes on after its end"),
    "Invalid \\escape": N_("a backslash in a text is not doubled"),
    "Invalid control character at": N_("a control character inside a text"),
}
_NOT_A_NUMBER = re.compile(r"(?P<key>NaN|Infinity|-Infinity) is not a number a save may hold")


def json_reason(error: Exception) -> str:
    """What is wrong in a JSON file, in the current language (its place is said apart)."""
    message = getattr(error, "msg", None) or str(error)
    said = _JSON.get(message)
    if said is not None:
        return _(said)
    digits = _DIGITS.fullmatch(message)
    if digits is not None:
        return fmt(_("a number longer than {key} digits"), key=digits["key"])
    constant = _NOT_A_NUMBER.fullmatch(message)
    if constant is not None:
        return fmt(_("{key} is not a number a save may hold"), key=constant["key"])
    return _("the text is not valid JSON")
