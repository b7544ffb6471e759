"""Dread Draw for learning agents (issue 47): the PettingZoo AEC environment `dread_draw_v0`
and the Gymnasium environment ``DreadDraw-v0`` (one seat against our CPUs) pass their
frameworks' own checks, deal what `dread-draw play --seed` deals, and show each seat only
its own view (R11). Needs the `[rl]` extra."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from dread_draw.ai import make_agent  # noqa: E402
from dread_draw.integrations import dread_draw_v0  # noqa: E402
from dread_draw.integrations.encoding import Actions, Layout  # noqa: E402
from dread_draw.integrations.vs_cpus import ENV_ID, DreadDrawVsCpus  # noqa: E402
from dread_draw.play.sim import Match, SeatSpec  # noqa: E402
from dread_draw.rules import KEEP, Game  # noqa: E402

# What api_test says of every environment whose observation is a dict and whose name is not
# on its own list of classic games: nothing about this one.
GENERIC = {"Observation is not a NumPy array",
           "Observation space for each agent probably should be gymnasium.spaces.box or "
           "gymnasium.spaces.discrete"}


def masked_random_game(env, seed: int):
    """Every agent answers at random among its legal actions; returns the final rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pettingzoo_api_test_passes(players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(dread_draw_v0.env(players=players, render_mode="ansi"), num_cycles=1000)
    assert {str(w.message) for w in caught} <= GENERIC


@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_seed_test_passes(players):
    seed_test(lambda: dread_draw_v0.env(players=players), num_cycles=500)


def test_a_seed_deals_what_dread_draw_play_deals(standard_deck):
    env = dread_draw_v0.env(players=4)
    env.reset(seed=42)
    game, dealt = env.unwrapped.table.game, Game(standard_deck, 4, 42)
    assert game.life == dealt.life and game.draw == dealt.draw
    assert env.agent_selection == f"player_{dealt.pending.seat}"  # R2.3: the deal's starter


def test_every_agent_is_told_its_return_at_the_end_and_they_sum_to_zero():
    env = dread_draw_v0.env(players=4)
    final = masked_random_game(env, seed=7)
    assert sorted(final) == [f"player_{s}" for s in range(4)]
    winner = env.unwrapped.table.game.winner
    assert final == {f"player_{s}": 1.0 if s == winner else -1 / 3 for s in range(4)}
    assert env.agents == []


def test_R11_each_agent_observes_its_own_view_and_only_the_one_asked_has_a_mask(
        standard_deck):
    env = dread_draw_v0.env(players=3)
    env.reset(seed=11)
    table = env.unwrapped.table
    layout, actions = Layout(standard_deck, 3), Actions(standard_deck.size, 3)
    rng = np.random.default_rng(11)
    kept = 0
    for _ in range(300):
        game = table.game
        if game.over:
            break
        asked = game.pending.seat
        for seat in range(3):
            observation = env.observe(f"player_{seat}")
            assert observation["observation"].tolist() == \
                np.float32(layout.observe(game, seat)).tolist()
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            assert legal == (actions.legal(game.pending) if seat == asked else [])
        kept += game.pending.kind == KEEP
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)
                                                ["action_mask"]))))
    assert kept  # a Life Deck draw was among them (R11.2)


def test_an_illegal_action_ends_the_game_as_a_loss_for_its_player():
    env = dread_draw_v0.env(players=3)
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards == {a: -1.0 if a == agent else 0.0 for a in env.agents}
    assert env.infos[agent] == {"illegal_action": True}
    with pytest.raises(ValueError, match="Discrete"):
        env.reset(seed=5)
        env.step(10_000)


def test_render_draws_the_public_table_as_text():
    env = dread_draw_v0.env(players=3, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text.startswith("Round 1; Draw Deck 70 cards")
    assert all(f"player_{s}: Life Deck 10" in text for s in range(3))
    assert f"> {env.agent_selection}" in text


# ---------------------------------------------------------------------------- Gymnasium

@pytest.mark.parametrize(("players", "level"), [(2, "random"), (4, "easy"), (3, "normal"),
                                                (2, "hard")])
def test_gymnasium_check_env_passes(players, level):
    env = gymnasium.make(ENV_ID, players=players, level=level, render_mode="ansi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught]


@pytest.mark.parametrize("seat", [0, 2])
def test_the_cpus_are_ours_playing_as_in_any_game(seat):
    """A learner that answers as an `easy` CPU would, among `easy` CPUs, plays the very game
    four `easy` seats play with that seed (`simulate`, `arena`), up to where it ends for the
    learner."""
    seed = 123
    env = DreadDrawVsCpus(players=4, level="easy", seat=seat)
    observation, info = env.reset(seed=seed)
    me = make_agent("easy", seed, seat)
    table = env.table
    done = False
    while not done:
        d = table.game.pending
        action = table.actions.encode(d.kind, me.choose(table.game.view(seat), d), seat)
        assert observation["action_mask"][action] == 1
        observation, reward, done, truncated, info = env.step(action)
    cpus = Match(table.deck, [SeatSpec(f"S{s}", "easy") for s in range(4)], seed, events=False)
    cpus.run()
    ours = table.match.choices
    assert cpus.choices[:len(ours)] == ours
    game = table.game
    if game.over:
        assert ours == cpus.choices and reward == (1.0 if game.winner == seat else -1 / 3)
    else:
        assert game.defeated[seat] and reward == -1 / 3 and cpus.game.winner != seat


def test_an_episode_ends_when_you_are_defeated_or_the_game_ends():
    env = gymnasium.make(ENV_ID, players=3, level="random")
    rewards = []
    for seed in range(12):
        observation, info = env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            assert np.array_equal(info["action_mask"], observation["action_mask"])
            action = env.action_space.sample(observation["action_mask"])
            observation, reward, terminated, truncated, info = env.step(action)
        game = env.unwrapped.table.game
        assert game.over or game.defeated[0]
        assert not observation["action_mask"].any()
        rewards.append(reward)
    assert set(rewards) == {1.0, -0.5}


def test_gymnasium_an_illegal_action_loses_and_bad_settings_are_clear_errors():
    env = DreadDrawVsCpus(players=2, level="random")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(ValueError, match="random, easy, normal, hard"):
        DreadDrawVsCpus(players=2, level="expert")
    with pytest.raises(ValueError, match="seats are 0 to 2"):
        DreadDrawVsCpus(players=3, seat=3)
    with pytest.raises(Exception, match="2 to 5 players"):
        DreadDrawVsCpus(players=6)
