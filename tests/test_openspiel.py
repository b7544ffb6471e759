"""Dread Draw in OpenSpiel (issue 7): OpenSpiel's own conformance test, chance nodes for every
shuffle (R2.1, R2.3, R6.1, R10.2), R11's information set, returns, and ISMCTS through it; its
tensors (issue 47), and OpenSpiel's RL environment on them."""

from __future__ import annotations

import random

import pytest
from helpers import ABILITY_CARDS, DATA, Pick

pyspiel = pytest.importorskip("pyspiel")
import numpy as np  # noqa: E402  (OpenSpiel brings it)

from dread_draw.integrations import openspiel as dos  # noqa: E402
from dread_draw.rules import (  # noqa: E402
    KEEP,
    KINDS,
    PICK_SEAT,
    REVEAL,
    SUMMON,
    Game,
)


def load(players: int, deck: str = ""):
    return pyspiel.load_game(dos.SHORT_NAME, {"players": players, "deck": deck})


@pytest.fixture(scope="module")
def ability_deck_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("decks") / "abilities.toml"
    path.write_text((DATA / "plain.toml").read_text() + ABILITY_CARDS)
    return str(path)


def play_randomly(state, rng: random.Random, until=None):
    """Chance and players both uniformly at random, to the end or until `until(state)`."""
    while not state.is_terminal() and not (until and until(state)):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_openspiel_random_sim_test_passes(players):
    pyspiel.random_sim_test(load(players), num_sims=2, serialize=False, verbose=False)


def test_openspiel_random_sim_test_passes_with_every_ability_kind(ability_deck_file):
    pyspiel.random_sim_test(load(3, ability_deck_file), num_sims=3, serialize=False,
                            verbose=False)


def test_a_deck_that_cannot_be_read_is_a_clear_error(tmp_path):
    with pytest.raises(Exception, match="no such deck file"):
        load(2, str(tmp_path / "missing.toml"))


def test_R2_1_R2_3_the_deal_is_one_chance_node_per_card_then_the_starting_player(plain_deck):
    game = load(2, str(DATA / "plain.toml"))
    state = game.new_initial_state()
    size = plain_deck.size
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(size))
    assert all(p == pytest.approx(1 / size) for _, p in outcomes)
    order = list(range(size))[::-1]  # deal the highest uid first
    for uid in order[:-1]:  # the last card is forced: no chance node for it
        assert state.is_chance_node()
        state.apply_action(uid)
    assert [a for a, _ in state.chance_outcomes()] == [0, 1]
    assert "starts" in state.action_to_string(pyspiel.PlayerId.CHANCE, 1)
    state.apply_action(1)
    g = state.core
    assert g.life[0][::-1] == order[:10] and g.life[1][::-1] == order[10:20]  # top first
    assert g.draw[::-1] == order[20:]
    assert state.current_player() == 1 and g.pending.kind == SUMMON


def test_R6_1_a_reshuffle_waits_for_chance_nodes_that_place_the_new_draw_deck(plain_deck):
    pick = Pick(plain_deck)
    g = Game.setup(plain_deck, 2, life=[[pick(1)], [pick(1)]], rest="discard", events=False)
    discard = sorted(g.discard)
    state = load(2, str(DATA / "plain.toml")).state_from(g)
    state.apply_action(state.action_for(REVEAL))  # the Draw Deck is empty: reshuffle first
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == discard
    top = discard[5]
    assert "Reshuffle" in state.action_to_string(pyspiel.PlayerId.CHANCE, top)
    state.apply_action(top)
    rest = [c for c in discard if c != top]
    for uid in rest[:-1]:
        assert state.is_chance_node()
        state.apply_action(uid)
    assert not state.is_chance_node()
    core = state.core
    assert core.rows[0] == [top]  # R4.2: the revealed top card succeeds on an empty row
    assert core.draw[::-1] == rest  # the rest in the order placed, top first
    assert g.draw == [] and len(g.discard) == len(discard)  # the old position is untouched


def test_R10_2_the_fortune_is_read_in_an_order_chance_chooses(plain_deck):
    pick = Pick(plain_deck)
    fortune = [pick(2, 0), pick(2, 1), pick(2, 2)]
    # Seat 0 escalates 5 then 7 (2 damage); seat 1 summons 6 then fails with a 0; seat 1 has
    # no Life Deck left, so the damage defeats it (R8.1) and seat 0 wins (R10.1).
    draw = [pick(5, 1), pick(6, 0), pick(7, 1), pick(0, 0)]
    g = Game.setup(plain_deck, 2, life=[fortune, []], draw=draw, events=False)
    state = load(2, str(DATA / "plain.toml")).state_from(g)
    for _ in range(3):
        state.apply_action(state.action_for(REVEAL))
    state.apply_action(state.action_for(REVEAL))  # seat 1 fails: the game ends
    assert state.is_chance_node()
    assert sorted(a for a, _ in state.chance_outcomes()) == sorted(fortune)
    assert "Fortune" in state.action_to_string(pyspiel.PlayerId.CHANCE, fortune[2])
    state.apply_action(fortune[2])
    state.apply_action(fortune[0])  # the third is forced
    assert state.is_terminal()
    assert state.core.fortune == [fortune[2], fortune[0], fortune[1]]  # the present first
    assert state.returns() == [1.0, -1.0]


def test_returns_are_one_for_the_winner_and_minus_one_shared_by_the_others():
    state = play_randomly(load(4).new_initial_state(), random.Random(4))
    winner = state.core.winner
    assert state.returns() == [1.0 if s == winner else -1 / 3 for s in range(4)]
    assert sum(state.returns()) == pytest.approx(0)


def test_R11_information_state_is_exactly_the_view_as_text_and_as_numbers():
    """Both strings of every player are the text of its View, and both tensors that View as
    numbers (`Layout`, the encoding the PettingZoo and Gymnasium environments use, issue
    47), in the shape the game announces; a state with every card the player cannot see
    dealt again looks the same to that player."""
    from dread_draw.integrations.encoding import Layout

    game = load(3)
    layout = Layout(game.rules.deck, 3)
    assert game.observation_tensor_shape() == game.information_state_tensor_shape() == \
        [layout.size]
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * layout.size  # the deal: nothing seen yet
    rng = random.Random(11)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        me = state.current_player()
        for p in range(3):
            text = dos.view_text(state.core.view(p))
            assert state.information_state_string(p) == text == state.observation_string(p)
            numbers = np.array(layout.observe(state.core, p), np.float32)
            assert np.array_equal(state.observation_tensor(p), numbers)
            assert np.array_equal(state.information_state_tensor(p), numbers)
        # Dealing the unseen cards again changes nothing this player can tell (R11.3).
        other = state.determinized(me, random.Random(checked))
        assert other.information_state_string(me) == state.information_state_string(me)
        assert other.information_state_tensor(me) == state.information_state_tensor(me)
        assert str(other) != str(state)
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20


def test_R11_2_cards_drawn_from_a_life_deck_are_in_the_keepers_information_only():
    rng = random.Random(2)
    for _ in range(20):  # find a KEEP decision (2+ damage)
        state = play_randomly(load(3).new_initial_state(), rng,
                              until=lambda s: s.decision is not None and s.decision.kind == KEEP)
        if not state.is_terminal():
            break
    d = state.decision
    labels = [dos.card_label(state.core.deck, c) for c in d.options]
    mine = state.information_state_string(d.seat)
    assert all(label in mine for label in labels)
    for other in range(3):
        if other != d.seat:
            theirs = state.information_state_string(other)
            assert not any(label in theirs for label in labels)


def test_actions_are_told_in_words_for_the_player_who_answers(standard_deck):
    actions = dos.Actions(standard_deck.size, 5)
    assert actions.describe(standard_deck, actions.encode(SUMMON, REVEAL, 0), 0) == \
        "Reveal the top card of the Draw Deck"
    name = standard_deck.card[7].name
    assert name in actions.describe(standard_deck, actions.encode(KEEP, 7, 0), 0)
    to_the_left = actions.encode(PICK_SEAT, 4, 3)  # seat 3 picks seat 4, one to its left
    assert actions.describe(standard_deck, to_the_left, 3) == "Choose player 4"
    assert actions.describe(standard_deck, to_the_left, 4) == "Choose player 0"


def test_an_action_that_does_not_answer_the_decision_is_refused(plain_deck):
    g = Game.setup(plain_deck, 2, life=[[0], [1]], events=False)
    state = load(2, str(DATA / "plain.toml")).state_from(g)
    assert state.legal_actions() == [state.action_for(REVEAL)]
    with pytest.raises(Exception, match="does not answer"):
        state.apply_action(state.action_for(REVEAL) + 1)  # summon a card it has not got
    assert state.core is g and g.decisions == 0


@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_ismcts_plays_complete_games_through_the_adapter(players):
    game = load(players)
    bots = [dos.ismcts_bot(game, seed=s, simulations=4) for s in range(players)]
    state = game.new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sorted(state.returns())[-1] == 1.0


# ---------------------------------------------------------------- tensors (issue 47)

def test_the_observer_names_the_pieces_of_the_tensor():
    from open_spiel.python.observation import make_observation

    game = load(2)
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert {name: piece.shape for name, piece in obs.dict.items()} == {
        "cards": (13, 100), "seats": (2, 14), "game": (9,), "question": (13,)}
    state = play_randomly(game.new_initial_state(), random.Random(2),
                          until=lambda s: s.decision is not None)
    obs.set_from(state, state.current_player())
    assert obs.dict["seats"][0, 2] == 1.0  # the player asked the question sees itself asked
    assert obs.dict["question"][KINDS.index(SUMMON)] == 1.0
    with pytest.raises(ValueError, match="one player's view"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_openspiel_rl_environment_and_its_q_learner_run_on_the_tensors():
    """OpenSpiel's RL environment (what its DQN, NFSP and policy-gradient agents step
    through) needs the tensors; its tabular Q-learner, keyed by the information state tensor,
    plays and learns over a few whole games."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    env = rl_environment.Environment(load(2), seed=3)
    assert env.observation_spec()["info_state"] == (load(2).information_state_tensor_size(),)
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(2)]
    for _ in range(3):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            answer = agents[player].step(step)
            assert answer.action in step.observations["legal_actions"][player]
            step = env.step([answer.action])
        for agent in agents:
            agent.step(step)
        assert sorted(step.rewards) == [-1.0, 1.0]
    assert all(agent._q_values for agent in agents)  # it learned values for what it saw
