"""The balance report (issue 3): many headless games with one CPU agent in every seat, read
from their event logs: how long games and rounds run, whether any seat is favoured, and for
every card how often it is summoned, kept as a reserve, part of the round's winning row, and
how often its ability is used when offered. `targets()` checks the issue's four targets.

Run it with `python benchmarks/balance.py` or `dread-draw simulate --report`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.table import Table

from dread_draw.ai import AGENTS
from dread_draw.base.runner import run_batches
from dread_draw.base.safe_text import markup_safe, plain
from dread_draw.deck.cards import Deck
from dread_draw.deck.overlays import deck_text, keyword_label
from dread_draw.i18n import _, fmt, level_word, percent, pgettext
from dread_draw.play.figures import percentile
from dread_draw.play.sim import Match, Move, SeatSpec, game_seed, seat_name
from dread_draw.rules import Event

# Strongest first. `hard` searches (seconds per game); a 10,000-game report uses the
# strongest agent whose games are fast enough, and says which one it used.
STRENGTH_ORDER = ("hard", "normal", "easy", "random")
FAST_AGENTS = ("normal", "easy", "random")


def strongest_agent(fast: bool = True) -> str:
    """The strongest registered agent (among the fast ones when `fast`)."""
    names = FAST_AGENTS if fast else STRENGTH_ORDER
    return next(n for n in names if n in AGENTS)


@dataclass
class CardTally:
    summoned: int = 0
    won: int = 0  # summoned by the player who won that round (in the winning row, R7)
    kept: int = 0  # kept as a reserve after damage (R8.1)
    offered: int = 0  # its ability offered (R9.1)
    used: int = 0

    def merge(self, o: CardTally) -> None:
        self.summoned += o.summoned
        self.won += o.won
        self.kept += o.kept
        self.offered += o.offered
        self.used += o.used


@dataclass
class Balance:
    """Tallies over many games; `merge` adds another worker's."""

    players: int
    games: int = 0
    rounds: Counter = field(default_factory=Counter)  # rounds per game -> games
    attempts: Counter = field(default_factory=Counter)  # summon attempts per round -> rounds
    wins: list[int] = field(default_factory=list)
    stalemates: int = 0
    fortunes: int = 0  # games whose winner had Life Deck cards left to read (R10.2)
    cards: dict[str, CardTally] = field(default_factory=dict)

    def __post_init__(self):
        if not self.wins:
            self.wins = [0] * self.players

    def add_game(self, events: list[Event]) -> None:
        """Read one game's event log (docs/DESIGN.md event types)."""
        _Reading(self).feed(events)

    def watch(self, match: Match) -> None:
        """Read `match`'s events as it plays: those so far, then each decision's (a hook)."""
        reading = _Reading(self)
        reading.feed(match.events)

        def hook(m: Match, move: Move) -> None:
            reading.feed(move.events)

        match.hooks.append(hook)

    def merge(self, o: Balance) -> None:
        self.games += o.games
        self.rounds.update(o.rounds)
        self.attempts.update(o.attempts)
        self.wins = [a + b for a, b in zip(self.wins, o.wins, strict=True)]
        self.stalemates += o.stalemates
        self.fortunes += o.fortunes
        for cid, t in o.cards.items():
            self.cards.setdefault(cid, CardTally()).merge(t)

    # ------------------------------------------------------------------------ figures

    def average_win_rate(self) -> float:
        """Of all summons, the share in the round's winning row: the 'average card'."""
        summoned = sum(t.summoned for t in self.cards.values())
        return sum(t.won for t in self.cards.values()) / summoned if summoned else 0.0

    def targets(self, deck: Deck) -> list[tuple[str, str, bool]]:
        """The issue's targets: (target, measured, met)."""
        med = percentile(self.rounds, 50)
        out = [(_("median game 5 to 10 rounds"), f"{med:g}", 5 <= med <= 10)]
        fair = 100 / self.players
        worst = max(abs(100 * w / max(1, self.games) - fair) for w in self.wins)
        out.append((fmt(_("every seat's win rate within 4 points of {fair}%"), fair=f"{fair:.3g}"),
                    fmt(_("worst off by {points}"), points=f"{worst:.1f}"), worst <= 4))
        avg = self.average_win_rate()
        ratio, cid = max(((t.won / t.summoned) / avg if t.summoned and avg else 0.0, cid)
                         for cid, t in self.cards.items())
        words = deck_text(deck)  # cards by their names in the player's language, not ids

        def named(ids: list[str]) -> str:
            return _(", ").join(markup_safe(words[c].name) for c in ids)  # (a table cell)

        out.append((_("no card wins its round > 2x the average card when summoned"),
                    fmt(_("highest {ratio}x ({card})"), ratio=f"{ratio:.2f}",
                        card=named([cid])), ratio <= 2))
        ability_ids = [c.id for c in deck.cards if c.ability and c.ability.when != "always"]
        unused = [cid for cid in ability_ids
                  if self.cards.get(cid, CardTally()).offered
                  and not self.cards[cid].used]
        never = [cid for cid in ability_ids if not self.cards.get(cid, CardTally()).offered]
        measured = (_("all used") if not unused
                    else fmt(_("never used: {cards}"), cards=named(unused)))
        if never:
            measured = fmt(_("{measured}; never offered: {cards}"), measured=measured,
                           cards=named(never))
        out.append((_("every ability used at least sometimes when offered"), measured,
                    not unused))
        return out


class _Reading:
    """One game's events, read one after the other into a `Balance`."""

    def __init__(self, balance: Balance) -> None:
        self.balance = balance
        self.rows: list[list[str]] = [[] for _ in range(balance.players)]
        self.turns = 0

    def tally(self, e_card: dict[str, Any]) -> CardTally:
        cards = self.balance.cards
        cid = e_card["id"]
        t = cards.get(cid)
        if t is None:
            t = cards[cid] = CardTally()
        return t

    def feed(self, events: list[Event]) -> None:
        b = self.balance
        for e in events:
            kind = e["type"]
            if kind == "turn":
                self.turns += 1
            elif kind == "summon":
                self.rows[e["seat"]].append(e["card"]["id"])
                self.tally(e["card"]).summoned += 1
            elif kind == "fail":
                self.rows[e["seat"]] = []
            elif kind == "round_end":
                for cid in self.rows[e["winner"]]:
                    b.cards[cid].won += 1
                self.rows = [[] for _ in range(b.players)]
                b.attempts[self.turns] += 1
                self.turns = 0
            elif kind == "damage":
                if e["kept"] is not None:
                    self.tally(e["kept"]).kept += 1
            elif kind == "ability":
                t = self.tally(e["card"])
                t.offered += 1
                t.used += bool(e["used"])
            elif kind == "game_end":
                b.games += 1
                b.rounds[e["rounds"]] += 1
                b.wins[e["winner"]] += 1
                b.stalemates += bool(e.get("stalemate"))
                b.fortunes += bool(e["fortune"])


def mean(counts: Counter) -> float:
    n = sum(counts.values())
    return sum(k * v for k, v in counts.items()) / n if n else 0.0


# ---------------------------------------------------------------------------- playing

@dataclass
class PlayBalance:
    """The work of a balance run: games [start, stop), tallied (a worker's batch; the same
    games whatever the split)."""

    deck: Deck
    players: int
    agent: str
    seed: int
    agent_options: Mapping[str, Mapping[str, Any]] | None = None

    def __call__(self, start: int, stop: int) -> Balance:
        seats = [SeatSpec(seat_name(i), self.agent) for i in range(self.players)]
        b = Balance(self.players)
        for i in range(start, stop):
            m = Match(self.deck, seats, game_seed(self.seed, i), game_index=i,
                      agent_options=self.agent_options)
            b.watch(m)
            m.run()
        return b


def run_balance(deck: Deck, players: int, games: int, seed: int, agent: str, *,
                workers: int = 1, agent_options: Mapping[str, Mapping[str, Any]] | None = None,
                progress: Callable[[int], None] | None = None) -> Balance:
    """Play `games` games with `agent` in every seat and tally them."""
    work = PlayBalance(deck, players, agent, seed, agent_options)
    total = Balance(players)
    for b in run_batches(work, games, workers=workers,
                         batch=max(1, min(100, games // (workers * 8) or 1))):
        total.merge(b)
        if progress:
            progress(b.games)
    return total


# --------------------------------------------------------------------------- printing

def report_tables(b: Balance, deck: Deck, agent: str, seed: int) -> list[Table]:
    """The report as Rich tables: the game, the targets, then one row per card."""
    # plain Text: a deck's name is shown as written, never as markup or :emoji: codes
    g = Table(title=plain(fmt(_("Balance: {games} games · {players} players · agent {agent} · "
                                "deck {deck} · seed {seed}"), games=b.games, players=b.players,
                              agent=level_word(agent), deck=deck_text(deck).name, seed=seed)),
              header_style="bold")
    g.add_column(pgettext("simulate table column", "measure"))
    g.add_column(pgettext("simulate table column", "value"), justify="right")
    g.add_row(_("rounds per game (median)"), f"{percentile(b.rounds, 50):g}")
    g.add_row(_("rounds per game (90th percentile)"), f"{percentile(b.rounds, 90):g}")
    g.add_row(_("summon attempts per round (mean)"), f"{mean(b.attempts):.1f}")
    g.add_row(_("summon attempts per round (median)"), f"{percentile(b.attempts, 50):g}")
    g.add_row(_("games stopped after 10 rounds without damage"), str(b.stalemates))
    g.add_row(_("games ending with a fortune to read"),
              f"{b.fortunes} ({percent(100 * b.fortunes / max(1, b.games), 1)})")
    for seat, w in enumerate(b.wins):
        g.add_row(fmt(_("wins, seat {seat}"), seat=seat + 1),
                  f"{w} ({percent(100 * w / max(1, b.games), 1)})")
    g.add_row(_("summons in the winning row (average card)"),
              percent(100 * b.average_win_rate(), 1))

    t = Table(title=_("Balance targets"), header_style="bold")
    t.add_column(pgettext("balance column", "target"))
    t.add_column(pgettext("balance column", "measured"))
    t.add_column(pgettext("balance column", "met"))
    for target, measured, ok in b.targets(deck):
        t.add_row(target, measured, f"[green]{_('yes')}[/]" if ok else f"[red]{_('NO')}[/]")

    avg = b.average_win_rate()
    c = Table(title=_("Cards (per 100 games)"), header_style="bold")
    columns = (pgettext("balance column", "card"), pgettext("balance column", "str"),
               pgettext("balance column", "dmg"), pgettext("balance column", "ability"),
               pgettext("balance column", "copies"), pgettext("balance column", "summoned"),
               pgettext("balance column", "kept"), pgettext("balance column", "win %"),
               pgettext("balance column", "vs avg"), pgettext("balance column", "used %"))
    for i, col in enumerate(columns):
        c.add_column(col, justify="left" if i in (0, 3) else "right")
    words = deck_text(deck)
    per = 100 / max(1, b.games)
    for card in sorted(deck.cards, key=lambda x: (x.strength, x.name)):
        tal = b.cards.get(card.id, CardTally())
        rate = tal.won / tal.summoned if tal.summoned else 0.0
        ratio = rate / avg if avg else 0.0
        used = f"{100 * tal.used / tal.offered:.0f}" if tal.offered else "-"
        # the keyword as cards print it (the effect's id is the deck file's word, not a
        # player's)
        ability = keyword_label(card.ability.when) if card.ability else ""
        c.add_row(plain(words[card].name), str(card.strength), str(card.damage), ability,
                  str(card.copies),
                  f"{tal.summoned * per:.1f}", f"{tal.kept * per:.1f}", f"{100 * rate:.1f}",
                  f"[red]{ratio:.2f}[/]" if ratio > 2 else f"{ratio:.2f}", used)
    return [g, t, c]
