"""A random legal player: plays any game to the end through the public API only.

Used by the property tests and the benchmark; a baseline for smarter bots.

>>> from lnb.babbage.game import Game
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=3)
>>> state = play_random_game(game, seed=3)
>>> state.is_terminal(), len(state.history)
(True, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from lnb.babbage.game.actions import (
    Action,
    Debug,
    Finish,
    TimeUp,
    WriteProgram,
    action_sort_key,
)
from lnb.babbage.game.phases import TABLE, Phase, _debug_due
from lnb.babbage.game.state import Game, State, activations
from lnb.babbage.operations import Operation, _remember, legal_operations, legal_results
from lnb.babbage.programs import Program, ProgramRow
from lnb.core.lazy import made
from lnb.core.testing import playthrough


def _interesting(state: State, name: str) -> set[int]:
    """Values worth reaching: Patrons on the table (and one either side), the target."""
    # The table's values are its Patrons' (revealed and reserved alike): ``state.patrons``
    # and ``state.reserved`` together, without sorting them.
    values = {v + d for v in state._table for d in (-1, 0, 1)}
    target = state.players[name].play.target
    if target is not None:
        values.add(target)
    return values


def random_program(state: State, name: str, rng: random.Random, mistakes: float = 0.2,
                   aim: float = 0.6) -> Program:
    """A random legal program of random length for ``name`` this Round; each row aims at a
    Patron or the target with probability ``aim`` when one is in reach. In mental-arithmetic
    play each row carries a written Result, wrong with probability ``mistakes``."""
    # The draws are rng.randint(0, limit), rng.choice(ops), rng.random(), rng.choice(hits)
    # and rng.randint(0, 99), made as those make them (``_randbelow(n)`` is how Random's
    # choice and randint draw): the same games, without their checks on every row.
    below, uniform = rng._randbelow, rng.random
    p = state.players[name] if name in state.players else state.player(name)  # (its error)
    # What state.program_limit(name) says (the Round's limit once the Program phase began).
    limit = p.play.limit if state.phase is Phase.PROGRAM else state.program_limit(name)
    n = limit + 1  # rng.randint(0, limit) is Random's _randbelow(limit + 1)
    length = below(n)
    rows: list[ProgramRow] = []  # Program.with_row's rows, made at once (each is legal)
    value = p.start
    mental = state.options.mental_arithmetic
    wanted = _interesting(state, name) if aim else set()
    sigma_rows, marked = p.play.sigma_rows, 0
    cache = state.board.cache
    plain = _ROWS
    for _ in range(length):
        # What state.next_operations(name, program) gives, without running the program again.
        sigma = marked < sigma_rows
        ops = cache.get(("legal", value, sigma))
        if ops is None:  # legal_operations and legal_results, worked out once for both
            ops, results = _remember(value, state.board, sigma)
        else:
            results = cache[("results", value, sigma)]
        if not ops:
            break
        n = len(ops)  # the same draw as rng.choice(ops): Random's _randbelow(n)
        pick = below(n)
        if wanted and uniform() < aim:
            hits = [k for k, r in enumerate(results) if r in wanted]
            if hits:
                n = len(hits)  # rng.choice(hits)
                j = below(n)
                pick = hits[j]
        op, value = ops[pick], results[pick]
        marked += op.sigma
        if mental:
            written = value if uniform() >= mistakes else below(100)
            rows.append(made(ProgramRow, operation=op, written=written))  # checked: legal
        else:
            row = plain.get(id(op))  # what _plain_row(op) gives, without its call
            rows.append(row if row is not None and row.operation is op else _plain_row(op))
    return Program(tuple(rows))


_ROWS: dict[int, ProgramRow] = {}


def _plain_row(op: Operation) -> ProgramRow:
    """``ProgramRow(op)``, a frozen value: made once for each Operation (by identity; the
    legal rows' Operations are kept by their tables)."""
    row = _ROWS.get(id(op))
    if row is None or row.operation is not op:
        if len(_ROWS) > 8192:
            _ROWS.clear()
        row = _ROWS[id(op)] = made(ProgramRow, operation=op, written=None)
    return row


def random_action(state: State, rng: random.Random) -> Action:
    """One random action among those possible now (writing a program before finishing)."""
    below = rng._randbelow  # rng.choice(seq) is seq[rng._randbelow(len(seq))]
    if state.phase is Phase.PROGRAM:
        actions = state.legal_actions()
        # Every unfinished player's Finish, then TimeUp once the timer runs (once somebody
        # finished: what ``state.timer_started`` says while somebody has not).
        timer = type(actions[-1]) is TimeUp
        unfinished = actions[:-1] if timer else actions
        if timer and rng.random() < 0.3:
            return TimeUp()
        chosen = unfinished[below(len(unfinished))]
        return WriteProgram(chosen.player, random_program(state, chosen.player, rng))
    actions = state.legal_actions()
    action = actions[below(len(actions))]
    if type(action) is Debug:
        name, row, value = state.debug_from()  # type: ignore[misc]
        program = Program()
        mental = state.options.mental_arithmetic
        for _ in range(rng.randint(0, state.program_limit(name) - row + 1)):
            ops = legal_operations(value, state.board)
            pick = rng.choice(range(len(ops)))
            op, value = ops[pick], legal_results(value, state.board)[pick]
            program = program.with_row(op, value if mental else None)
        return Debug(name, program)
    return action


_FINISH: dict[str, Finish] = {}  # a player's Finish (a frozen value): made once


def finish_written(state: State, action: Action) -> None:
    """After a random ``WriteProgram``, its player finishes at once."""
    if type(action) is WriteProgram:
        finish = _FINISH.get(action.player)
        if finish is None:
            if len(_FINISH) > 256:
                _FINISH.clear()
            finish = _FINISH[action.player] = Finish(action.player)
        state.apply_action(finish)


def play_random_game(game: Game, seed: int | None = None,
                     check: Callable[[State], None] | None = None) -> State:
    """Play a whole game with random legal actions from ``seed``; return the final state
    (``check(state)`` after every action, e.g. invariants). With ``check`` it is a seeded
    playthrough of the core harness (:func:`lnb.core.testing.playthrough`); without, the
    same game played a phase at a time (:func:`play_quickly`)."""
    if check is not None:
        return playthrough(game.new_initial_state, random_action, seed, check=check,
                           after=finish_written)
    rng = random.Random(seed)
    state = game.new_initial_state()
    play_quickly(state, rng)
    return state


def play_quickly(state: State, rng: random.Random, max_steps: int = 10_000) -> None:
    """Play ``state`` to its end as ``playthrough(..., random_action, after=finish_written)``
    does, with the same draws and the same State at the end, a phase at a time.

    Every action a random player makes is one ``legal_actions`` listed (or a program built
    from legal rows), so the checks of ``apply_action`` cannot fail; and a phase's ``waits``
    holds until its last action, so the phase table's settle step is needed only then. Each
    phase's actions are applied by the State's own ``_apply_*`` work, and ``TABLE.settle``
    runs once at the phase's end; what the quick steps do not cover (the Debug phase, a
    phase with nothing listed) is played one action at a time through ``apply_action``.
    """
    for _ in range(max_steps):
        phase = state.phase
        if phase is Phase.GAME_OVER:
            return
        quick = _QUICK.get(phase)
        if quick is None or not quick(state, rng):
            action = random_action(state, rng)
            state.apply_action(action)
            finish_written(state, action)
    raise AssertionError(f"the game did not end in {max_steps} steps")


def _settled(state: State) -> bool:
    """What ``apply_action`` does after its last action: forget the row's choices, settle."""
    state._memo.pop("choices", None)
    TABLE.settle(state)
    return True


def _targets(state: State, rng: random.Random) -> bool:
    """The Target phase: each draw from the Targets still listed (``_legal_target`` keeps
    the sorted list; a player's Targets leave it once they target)."""
    below = rng._randbelow
    targets = state._legal_target()
    if not targets:
        return False
    players = state.players
    while targets:
        n = len(targets)
        pick = below(n)
        chosen = targets[pick]
        state._commit_target(players[chosen.player], chosen.subroutine)  # a listed Target
        player = chosen.player
        targets = [a for a in targets if a.player != player]
    return _settled(state)


def _activations(state: State, rng: random.Random) -> bool:
    """The Activate phase: each player in last Round's order draws among their listed
    activations."""
    below = rng._randbelow
    players = state.players
    for name in state.last_order:  # who declares next: the first not yet declared
        if players[name].play.activated is not None:
            continue
        subs = state.activatable(name)
        actions = activations(name, tuple([s.target for s in subs]))  # as listed
        n = len(actions)
        pick = below(n)
        chosen = actions[pick]
        state._activate(name, chosen.subroutines, {s.target: s for s in subs})
    return _settled(state)


def _programs(state: State, rng: random.Random) -> bool:
    """The Program phase: a random unfinished player writes a random program and finishes,
    until all have or time is up (``random_action``'s draws, then ``finish_written``)."""
    actions = state._legal_program()
    if not actions:
        return False
    below, uniform = rng._randbelow, rng.random
    timer = type(actions[-1]) is TimeUp
    unfinished = [a.player for a in (actions[:-1] if timer else actions)]
    players = state.players
    while unfinished:
        if timer and uniform() < 0.3:
            state._apply_time_up(_TIME_UP)
            break
        n = len(unfinished)
        pick = below(n)
        name = unfinished.pop(pick)
        program = random_program(state, name, rng)  # legal rows: WriteProgram's checks pass
        state._commit_program(players[name], program)
        state._commit_finish(players[name], None)  # finish_written's Finish
        timer = True  # somebody finished: the timer runs
    return _settled(state)


def _resolutions(state: State, rng: random.Random) -> bool:
    """The Resolution phase, row by row in token order, until the rows run out or a wrong
    written Result pauses it for a Debug (the phase table enters the Debug phase then)."""
    below = rng._randbelow
    mental = state.options.mental_arithmetic
    order = state.order
    # The next turn is the State's (``_find_turn``: row by row, in token order) and so are a
    # row's choices (``row_choices``, what ``legal_actions`` lists, sorted as it sorts them).
    while (found := state._find_turn(state._turn)) is not None:
        k, i = found
        name = order[i]
        choices = state.row_choices(name)
        if choices.options:  # a Patron to claim
            actions = list(choices.actions())
            if len(actions) > 1:
                actions.sort(key=action_sort_key)
            state._resolve(name, k, i, choices, actions[below(len(actions))])
        else:  # the one plain ResolveRow listed: its draw, and the row claims no Patron
            below(1)
            state._commit_row(name, k, i, None)
        if mental and _debug_due(state):
            break
    return _settled(state)


_TIME_UP = TimeUp()
_QUICK: dict[Phase, Callable[[State, random.Random], bool]] = {
    Phase.TARGET: _targets,
    Phase.ACTIVATE: _activations,
    Phase.PROGRAM: _programs,
    Phase.RESOLUTION: _resolutions,
}
"""The quick step of each phase: True when it played the phase (and settled), False when
it made no move (the action is then played through ``apply_action``)."""
