"""Host names as a person types them (``join HOST``, ``serve --host``): whether one can be
looked up at all, so that a mistyped one (``192.168..1``) gets a clear message rather than
the lookup's own error."""

from __future__ import annotations

import ipaddress


def is_host_name(host: str) -> bool:
    """Whether `host` is an IP address or a name the system could look up: dot-separated
    labels, none empty (but a final dot) and none longer than 63 characters once encoded
    (IDNA, as the lookup encodes it).

    >>> is_host_name("192.168.1.20"), is_host_name("::1"), is_host_name("cards.example.org.")
    (True, True, True)
    >>> is_host_name("192.168..1"), is_host_name(".example"), is_host_name("a" * 64)
    (False, False, False)
    """
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    name = host[:-1] if host.endswith(".") else host
    try:
        encoded = name.encode("idna")
    except UnicodeError:  # an empty label, one too long, or characters IDNA refuses
        return False
    return 0 < len(encoded) <= 253 and all(0 < len(label) <= 63
                                           for label in encoded.split(b"."))
