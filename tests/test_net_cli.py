"""`dread-draw host` and `dread-draw join` as people run them: real processes on the loopback
address, a host killed outright and taken back with --resume, and bad input."""

from __future__ import annotations

import asyncio
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

from net_helpers import Player, run

from dread_draw.deck.cards import load_deck
from dread_draw.net.client import Client, ConnectionLost, NetError, SeatTokens
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.store.saves import Save, SaveDir, read_save

WAIT = 20.0


def environment(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONUNBUFFERED": "1",
            "LANGUAGE": "en"}


class Process:
    """A dread-draw command running in its own process; its output read line by line."""

    def __init__(self, tmp_path: Path, *args: str, stdin: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dread_draw", *args], env={**environment(tmp_path),
                                                             **(env or {})},
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        if stdin is not None:
            threading.Thread(target=self._write, args=(stdin,), daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def _write(self, text: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(text)
            self.proc.stdin.close()
        except OSError:
            pass

    def wait_for(self, pattern: str, timeout: float = WAIT) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while True:
            for line in self.seen:
                found = re.search(pattern, line)
                if found:
                    return found
            try:
                self.seen.append(self.lines.get(timeout=max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                raise AssertionError(f"no {pattern!r} in:\n" + "\n".join(self.seen)) from None

    def finish(self, timeout: float = WAIT) -> tuple[int, str]:
        try:
            code = self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
        time.sleep(0.05)
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return code, "\n".join(self.seen)


def start_host(tmp_path: Path, *args: str) -> tuple[Process, int, str]:
    host = Process(tmp_path, "host", "--save-dir", str(tmp_path / "saves"), "--cpu-delay", "0",
                   *args)
    port = int(host.wait_for(r"port (\d+)\)").group(1))
    code = host.wait_for(r"Join code: (\S+)").group(1)
    return host, port, code


def test_a_port_in_use_is_a_clear_message_and_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out = Process(tmp_path, "host", "--port", str(port)).finish()
    assert code == 2
    assert f"Port {port} is already in use on 127.0.0.1" in out and "--port" in out
    assert "Traceback" not in out


def test_a_wrong_code_or_a_full_table_is_a_clear_message_and_exit_2(tmp_path):
    host, port, code = start_host(tmp_path, "--port", "0", "--players", "2", "--cpu", "easy")
    try:
        wrong, said = Process(tmp_path, "join", f"127.0.0.1:{port}", "--code", "AAAA-AAAA",
                              "--name", "Ben").finish()
        assert wrong == 2 and "That join code is not this game's" in said

        async def take_the_open_seat():
            c = Client("127.0.0.1", port, code=code.lower(), name="Ana",
                       tokens=SeatTokens(tmp_path / "ana.json"))
            await c.connect()
            await c.close()

        run(take_the_open_seat(), 10)
        full, said = Process(tmp_path, "join", f"127.0.0.1:{port}", "--code", code, "--name",
                             "Ben").finish()
        assert full == 2 and "Every seat at this table is taken." in said
        nowhere, said = Process(tmp_path, "join", "127.0.0.1:1", "--code", code, "--name",
                                "Ben").finish()
        assert nowhere == 2 and "Cannot reach a Dread Draw host at 127.0.0.1:1" in said
        assert "Traceback" not in said
        host.wait_for("Ana takes seat 1")
    finally:
        host.proc.kill()


def test_the_console_player_plays_a_whole_game_against_a_headless_host(tmp_path):
    host, port, code = start_host(tmp_path, "--port", "0", "--players", "2", "--cpu", "easy",
                                  "--start-when-full", "--seed", "12")
    player = Process(tmp_path, "join", f"127.0.0.1:{port}", "--code", code, "--name", "Ben",
                     stdin="1\n" * 5000)
    code_player, said = player.finish(60)
    code_host, hosted = host.finish(10)
    assert code_player == 0 and code_host == 0, said + hosted
    assert "You sit in seat 1 of 2, as Ben." in said
    assert "Ben, your turn." in said and "Your answer (1-" in said
    assert re.search(r"\w+ wins the game after \d+ rounds", said)
    assert "The game starts" in hosted and "wins the game. It is kept" in hosted
    assert "goes on" not in hosted


def test_a_host_killed_outright_is_taken_back_with_resume_and_the_game_goes_on(tmp_path):
    """SIGKILL in the middle of the game; `host --resume` on the same port: the same join
    code, the same seats; the players rejoin with their tokens and finish the very game."""
    host, port, code = start_host(tmp_path, "--port", "0", "--players", "3", "--cpu", "easy",
                                  "--start-when-full", "--seed", "5")
    where = SimpleNamespace(port=port, code=code)
    ana, ben = (Player(where, n, 5, tmp_path / f"{n}.json") for n in ("Ana", "Ben"))
    resumed: list[Process] = []

    async def keep_playing(p: Player) -> None:
        while True:
            try:
                await p.play()
                return
            except (ConnectionLost, NetError):
                p.client = None
                await asyncio.sleep(0.2)  # the host is coming back

    async def main() -> None:
        await ana.join()
        await ben.join()
        tasks = [asyncio.create_task(keep_playing(p)) for p in (ana, ben)]
        while ana.answered + ben.answered < 6:
            await asyncio.sleep(0.005)
        host.proc.send_signal(signal.SIGKILL)
        await asyncio.to_thread(host.proc.wait)
        back = Process(tmp_path, "host", "--resume", "--cpu-delay", "0", "--port", str(port),
                       "--save-dir", str(tmp_path / "saves"))
        resumed.append(back)
        assert (await asyncio.to_thread(back.wait_for, r"Join code: (\S+)")).group(1) == code
        await asyncio.gather(*tasks)

    try:
        run(main(), 60)
        code_back, said = resumed[0].finish(10)
    finally:
        host.proc.kill()
        for p in resumed:
            p.proc.kill()
    assert code_back == 0, said
    assert "Ana is back at seat 1" in said and "Ben is back at seat 2" in said
    assert "The game goes on where it was saved" in said
    kept = read_save(SaveDir(tmp_path / "saves").last())
    assert kept.finished
    same = Match(load_deck(), [SeatSpec(s.name, "normal" if s.is_human else s.kind)
                               for s in kept.seats], 5)
    same.run()
    assert kept.choices == same.choices  # the very game, as if nothing had happened


def test_resume_without_a_game_and_a_new_game_over_one_in_progress_are_refused(tmp_path):
    nothing, said = Process(tmp_path, "host", "--resume", "--save-dir",
                            str(tmp_path / "saves")).finish()
    assert nothing == 2 and "there is no game in progress to resume" in said
    refused, said = Process(tmp_path, "host", "--resume", "--players", "3").finish()
    assert refused == 2 and "--resume takes the saved game back as it was" in said
    bad, said = Process(tmp_path, "host", "--human", "Ana", "--name", "ana").finish()
    assert bad == 2 and "two seats have the same name" in said
    saves = SaveDir(tmp_path / "saves")
    match = Match(load_deck(), [SeatSpec("Ana", "human"), SeatSpec("Zora", "easy")], 3)
    saves.write(saves.current, Save.of(match))  # a network game in progress
    replaced, said = Process(tmp_path, "host", "--save-dir", str(saves.root)).finish()
    assert replaced == 2 and "a network game is still in progress here (Ana, Zora)" in said
    assert read_save(saves.current).choices == []  # left as it was


def test_a_host_takes_its_save_folder_so_no_other_table_writes_it_at_once(tmp_path):
    """A host holds its save folder as `play` does: a second host, or a `play`, on the same
    folder gets play's clear message and exit 2; a table holding the folder keeps a host
    out too. (Its lock dies with its process: the SIGKILL test above resumes after it.)"""
    folder = str(tmp_path / "saves")
    host, _, _ = start_host(tmp_path, "--port", "0", "--players", "2")
    try:
        second, said = Process(tmp_path, "host", "--port", "0", "--save-dir", folder).finish()
        assert second == 2 and "being played in another window with this save folder" in said
        assert "Traceback" not in said
        play, said = Process(tmp_path, "play", "--players", "2", "--cpu", "easy",
                             "--save-dir", folder).finish()
        assert play == 2 and "being played in another window with this save folder" in said
    finally:
        host.proc.kill()
        host.proc.wait()
    table = SaveDir(folder)
    table.lock()  # a `play` table (this process) holds the folder now
    try:
        refused, said = Process(tmp_path, "host", "--port", "0", "--resume",
                                "--save-dir", folder).finish()
        assert refused == 2 and "being played in another window" in said
    finally:
        table.unlock()


def test_the_join_code_comes_from_the_environment_or_a_prompt_not_the_command_line(
        tmp_path, monkeypatch):
    """Issue 44: `--code` shows in `ps` and the shell's history. Without it, join reads the
    DREAD_DRAW_CODE environment variable, or asks at a terminal; with neither, it says so
    (exit 2)."""
    from dread_draw.commands import net as net_commands

    host, port, code = start_host(tmp_path, "--port", "0", "--players", "2", "--cpu", "easy",
                                  "--start-when-full", "--seed", "3")
    try:
        nothing, said = Process(tmp_path, "join", f"127.0.0.1:{port}", "--name", "Ben").finish()
        assert nothing == 2 and "DREAD_DRAW_CODE" in said and "Traceback" not in said
        player = Process(tmp_path, "join", f"127.0.0.1:{port}", "--name", "Ben",
                         stdin="1\n" * 5000, env={"DREAD_DRAW_CODE": code})
        assert code not in " ".join(player.proc.args)
        code_player, said = player.finish(60)
        assert code_player == 0 and "wins the game" in said, said
    finally:
        host.proc.kill()
    monkeypatch.delenv("DREAD_DRAW_CODE", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    typed = iter(["", "  k7qm-4xrd "])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    assert net_commands.join_code(None) == "k7qm-4xrd"  # an empty line asks again
