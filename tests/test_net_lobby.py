"""The host's lobby and console (issue 29, findings 4 and 6): seats the host can free,
names that cannot pass for another, every address in the banner, a host that leaves
cleanly when its terminal closes."""

from __future__ import annotations

import asyncio
import io
import json
import signal

import pytest
from net_helpers import Player, open_host, run
from rich.console import Console

from dread_draw.base.safe_text import name_key, normal_name
from dread_draw.lines.console import HostConsole, banner, ipv6_addresses
from dread_draw.net.client import Client, JoinRefused, SeatTokens, TakenOver
from dread_draw.net.host import SeatPlan


async def try_join(host, name: str, tokens) -> str:
    try:
        await Client("127.0.0.1", host.port, code=host.code, name=name,
                     tokens=SeatTokens(tokens)).connect()
        return "seated"
    except JoinRefused as e:
        return e.code


def test_the_host_frees_a_seat_gives_one_to_a_cpu_and_refuses_a_name(standard_deck,
                                                                     tmp_path):
    """Junk names filled every seat and a typo held one, and the host could do nothing:
    now f N frees seat N, c N gives it to a CPU, r N frees it and refuses the name (its
    look-alikes too); the player who sat there is told and does not come back."""

    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 2, None)
        out = io.StringIO()
        console = HostConsole(host, Console(file=out, width=200))
        console.quiet = False
        junk = [Player(host, n, 2, tmp_path / f"{n}.json") for n in ("xx", "Bne", "spam")]
        for p in junk:
            await p.join()
        typo = asyncio.create_task(junk[1].play())
        assert await try_join(host, "Ben", tmp_path / "ben.json") == "full"
        console.lobby("f", junk[1].seat)  # the typo's seat: open again
        with pytest.raises(TakenOver):
            await asyncio.wait_for(typo, 3)  # told, and gone for good
        assert await try_join(host, "Ben", tmp_path / "ben.json") == "seated"
        console.lobby("c", junk[0].seat)
        console.lobby("r", junk[2].seat)
        assert await try_join(host, "SPAM", tmp_path / "s2.json") == "name-refused"
        assert await try_join(host, "ѕраm", tmp_path / "s3.json") == "name-refused"  # Cyrillic
        assert await try_join(host, "Cleo", tmp_path / "cleo.json") == "seated"
        console.lobby("f", 0)  # already a CPU's: nothing to free
        host.begin()
        assert not host.free_seat(1)  # after the start, seats stay
        kinds = [(s.kind, s.name) for s in host.seats]
        await host.close()
        return kinds, out.getvalue()

    kinds, said = run(main())
    assert kinds[0][0] == "cpu" and kinds[1] == ("person", "Ben")
    assert kinds[2] == ("person", "Cleo")
    assert "Seat 2 (Bne) is open again." in said
    assert "Seat 1 (xx) goes to a CPU" in said and "The name spam may not sit" in said
    assert "Only a seat a player took can be freed" in said


def test_names_that_look_alike_are_one_name_and_a_wide_name_is_refused(standard_deck,
                                                                       tmp_path):
    async def main():
        host = await open_host(standard_deck, SeatPlan(5), 2, None)
        got = {}
        for label, name in [("ana", "Ana"), ("zero-width", "Ana\u200b"),
                            ("joiner", "A\u200dna"), ("full-width", "Ａｎａ"),
                            ("cyrillic", "Аna"), ("wide", "字" * 100), ("ten wide", "字" * 10),
                            ("spaced", "  Bo   Li ")]:
            got[label] = await try_join(host, name, tmp_path / f"{label}.json")
        names = [s.name for s in host.seats]
        await host.close()
        return got, names

    got, names = run(main())
    assert got["ana"] == "seated" and got["ten wide"] == "seated" and got["spaced"] == "seated"
    for label in ("zero-width", "joiner", "full-width", "cyrillic"):
        assert got[label] == "name-taken", label
    assert got["wide"] == "name"
    assert "Bo Li" in names and not any("\u200b" in n for n in names)


def test_name_keys_unit():
    assert normal_name("A\u2060n\u200ea") == "Ana"  # word joiner, left-to-right mark
    assert name_key("Ana") == name_key("ana") == name_key("АNA")
    assert name_key("Ana") != name_key("Anna")


def test_the_banner_lists_every_address_it_listens_on_ipv6_too(standard_deck, tmp_path):
    table = tmp_path / "if_inet6"
    table.write_text("fd000000000000000000000000000002 04 40 00 82     eth0\n"
                     "fe8000000000000000fc00fffe000001 04 40 20 80     eth0\n"
                     "00000000000000000000000000000001 01 80 10 80       lo\n")
    assert ipv6_addresses(str(table)) == ["fd00::2"]

    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 2, None)
        await host.close()
        return host

    host = run(main())
    lines = banner(host, True, ["192.0.2.2", "fd00::2"])
    assert any("192.0.2.2, fd00::2" in line for line in lines)
    assert f"    dread-draw join [fd00::2]:{host.port} --name YOUR-NAME" in lines
    assert "To watch without a seat, join with --watch instead of --name." in lines


def test_every_address_listens_on_the_one_port_the_banner_prints(standard_deck, tmp_path):
    """--lan with --port 0: IPv4 and IPv6 got a port each, and the banner printed one."""
    from dread_draw.net.host import Host, Lobby

    async def main():
        host = Host(Lobby(standard_deck, SeatPlan(3).seats(), 2), None)
        await host.start(None, 0)
        ports = {s.getsockname()[1] for s in host.server.sockets}
        seats = []
        for address, name in (("127.0.0.1", "Ana"), ("::1", "Ben")):
            c = Client(address, host.port, code=host.code, name=name,
                       tokens=SeatTokens(tmp_path / f"{name}.json"), timeout=3)
            seats.append((await c.connect()).seat)
        await host.close()
        return host, ports, seats

    host, ports, seats = run(main())
    assert ports == {host.port} and seats == [0, 1]


def test_notes_that_repeat_are_said_once_then_with_a_count(standard_deck):
    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 2, None)
        for _ in range(120):
            host.note("Someone tried to join with a wrong join code.")
        await host.close()
        return host.news

    news = run(main())
    assert news == ["Someone tried to join with a wrong join code.",
                    "Someone tried to join with a wrong join code. (10 times in a short "
                    "while.)",
                    "Someone tried to join with a wrong join code. (100 times in a short "
                    "while.)"]


def test_closing_the_hosts_terminal_saves_tells_the_players_and_prints_no_traceback(
        tmp_path):
    """SIGHUP (the terminal closed) with a player connected, mid-game: the host stops as
    with q — the game saved, the player told the host stopped — and no traceback."""
    from test_net_cli import start_host

    from dread_draw.store.saves import SaveDir, read_save

    host, port, code = start_host(tmp_path, "--port", "0", "--players", "2", "--cpu",
                                  "easy", "--start-when-full", "--seed", "6")

    async def main():
        ben = Player(type("H", (), {"port": port, "code": code})(), "Ben", 6,
                     tmp_path / "ben.json")
        await ben.play(stop_after=2)
        host.proc.send_signal(signal.SIGHUP)
        try:
            async for _u in ben.client.updates():
                pass
            return "no close"
        except Exception as e:  # ConnectionLost: the host stopped
            return str(e)

    lost = run(main())
    code_host, hosted = host.finish(10)
    assert "host stopped" in lost
    assert code_host == 0, hosted
    assert "The game is saved" in hosted and "Traceback" not in hosted
    kept = read_save(SaveDir(tmp_path / "saves").current)
    assert not kept.finished and len(kept.choices) >= 2  # --resume takes it back


def test_the_keyboard_thread_ends_quietly_when_the_terminal_is_gone(monkeypatch):
    """A closed terminal makes reading stdin fail (EIO): the host's keyboard thread printed
    a traceback; now the input simply ends (a host without a keyboard goes on)."""
    import threading

    from dread_draw.lines.console import Lines

    class Gone:
        def readline(self):
            raise OSError(5, "Input/output error")

    crashes = []
    monkeypatch.setattr("sys.stdin", Gone())
    monkeypatch.setattr(threading, "excepthook", crashes.append)

    async def main():
        lines = Lines()
        return await asyncio.wait_for(lines.get(), 3)

    assert run(main()) is None
    assert crashes == []


def test_a_client_reads_the_hosts_refusals_in_its_own_language(standard_deck, tmp_path):
    """The host's refusals travel as a sentence's id and its parameters, so a French player
    reads them in French whatever the host speaks; the English stays beside them for a
    client that does not know the id."""
    from dread_draw import i18n
    from dread_draw.net.protocol import hello

    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 2, None)
        ana = Player(host, "Ana", 2, tmp_path / "ana.json")
        client = await ana.join()
        i18n.set_language("fr")
        refused = {}
        for name in ("ANA", "字" * 30):
            try:
                await Client("127.0.0.1", host.port, code=host.code, name=name,
                             tokens=SeatTokens(tmp_path / "x.json"),
                             on_frame=ana.frames.append).connect()
            except JoinRefused as e:
                refused[name] = str(e)
        await client._send(hello("Ana", None))  # a second hello: refused, the seat kept
        problem = None
        async for u in client.updates():
            if u.problem:
                problem = u.problem
                break
        await host.close()
        return refused, problem, [json.loads(f) for f in ana.frames]

    refused, problem, frames = run(main())
    assert refused["ANA"] == ("Quelqu'un à cette table s'appelle déjà ANA. Rejoignez avec un "
                              "autre nom (avec --name).")
    assert refused["字" * 30] == ("Ce nom ne peut pas servir\u00a0: un nom occupe au plus 20 "
                                 "colonnes sur la table, pas 60.")
    assert problem == "Vous êtes déjà à cette table."
    errors = [f for f in frames if f["type"] == "error"]
    assert [e["say"] for e in errors] == ["name-taken", "name", "joined"]
    assert errors[0]["message"].startswith("Someone at this table is already called ANA.")
    assert errors[1]["message"] == ("That name cannot be used: a name takes at most 20 "
                                    "columns on the table, not 60.")


def test_a_host_stopped_as_soon_as_its_join_code_shows_says_so_and_exits_0(tmp_path):
    """`kill` (SIGTERM) the moment the join code is on the host's console (benchmarks/
    flood.py stopped a host that way): the host stops as with q, says it stopped before the
    game started, exits 0 — it was ended by the signal's default action (exit -15) when the
    code came out before its handler was in place."""
    from test_net_cli import start_host

    host, _port, _code = start_host(tmp_path, "--port", "0", "--players", "2", "--cpu", "easy")
    host.proc.send_signal(signal.SIGTERM)
    code_host, hosted = host.finish(10)
    assert code_host == 0, hosted
    assert "Stopped before the game started." in hosted and "Traceback" not in hosted
