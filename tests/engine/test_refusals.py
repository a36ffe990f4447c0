"""Refusals and game ends as data (R61): a refusal carries a code, the rules
its message cites and its parameters; the message still names the rule."""

import ast
import random
from pathlib import Path

from hacienda_game.engine import REFUSALS, IllegalAction, Termination, new_game

ENGINE = Path(__file__).resolve().parents[2] / "hacienda_game" / "engine"


def test_r61_every_refusal_in_the_engine_has_a_known_code():
    codes = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            # common.refuse(action, code, ...) and whynot's _no(code, ...)
            if "refuse" in (getattr(node.func, "attr", ""), getattr(node.func, "id", "")):
                code = node.args[1]
            elif getattr(node.func, "id", "") == "_no":
                code = node.args[0]
            else:
                continue
            assert isinstance(code, ast.Constant) and code.value in REFUSALS, \
                (path.name, ast.unparse(code))
            codes.add(code.value)
    assert len(codes) > 30
    assert codes | {"unreadable"} == set(REFUSALS)


def test_r61_refusals_met_in_play_carry_code_rule_and_params_and_name_the_rule():
    rng = random.Random(4)
    seen: dict[str, IllegalAction] = {}
    for seed in range(3):
        state = new_game("symmetric", 3, seed=seed)
        for _ in range(150):
            for other in ("buy hacienda 99,99", "harvest 0,0", "play pig 1,1", "buy water 2,2",
                          "buy animal", "buy land pampas", "nonsense"):
                r = state.refusal(other)
                if r is not None:
                    seen.setdefault(r.code, r)
            state.apply(state.random_action(rng))
            if state.is_over():
                break
    assert len(seen) >= 5
    for code, r in seen.items():
        assert r.rule and r.rule in REFUSALS[code].split("|"), (code, r.rule)
        assert f"({r.rule}" in str(r), str(r)
    assert seen["not_a_hex"].params == {"cell": "99,99"}


def test_r61_apply_raises_the_same_refusal_as_data():
    state = new_game("symmetric", 2, seed=3)
    a = next(a for a in state.legal_actions() if a.verb == "play")
    state.apply(a)
    before = state.snapshot()
    try:
        state.apply(a)
    except IllegalAction as e:
        assert e.code == "taken" and e.rule == "R23, R30" and e.params["cell"] == "3,2"
        assert str(e) == state.explain(a) == str(state.refusal(a))
    else:
        raise AssertionError("replaying a placement must be refused")
    assert state.snapshot() == before
    cost = state.refusal("buy water 99,99")
    assert cost is not None and cost.code in ("not_a_hex", "cannot_pay")


def test_r40_termination_is_data():
    state = new_game("symmetric", 2, seed=8)
    rng = random.Random(8)
    assert state.termination is None
    while not state.is_over():
        state.apply(state.random_action(rng))
    t = state.termination
    assert isinstance(t, Termination) and t.rule == "R40"
    assert t.code in ("stacks", "stalemate") and t.reason == state.over_reason


def test_r40_the_end_is_an_enum_in_the_state_the_view_and_the_event():
    """R40: how the game ended is `Termination` data (the view and the
    game_over event carry it too), and every front end words it from that:
    the screen has words for each member in every language."""
    from hacienda_game import i18n
    from hacienda_game.client import words
    from hacienda_game.engine import observe, termination_of

    state = new_game("symmetric", 2, seed=8)
    rng = random.Random(8)
    events = []
    while not state.is_over():
        events = state.apply(state.random_action(rng))
    (over,) = [e for e in events if e.kind == "game_over"]
    assert termination_of(over.data["termination"]) is state.termination
    assert observe(state, 0).termination is state.termination
    assert termination_of("the game was abandoned") is None
    for code in ("de", "es"):
        i18n.set_language(code)
        worded = {t: words.ending(t) for t in Termination}
        assert all(worded.values()) and all(worded[t] != t.reason for t in Termination), worded
    i18n.set_language("en")
    assert words.over_reason(state.over_reason) == state.termination.reason


def test_r61_every_refusal_names_its_rule_where_it_is_raised():
    """The rule a refusal cites is given where it is raised (``rule=``), one
    the code allows; nothing reads it back out of the English message."""
    raised = 0
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and "refuse" in (getattr(node.func, "attr", ""),
                                                           getattr(node.func, "id", "")):
                rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
                assert rule is not None, (path.name, node.lineno, "no rule=")
                if isinstance(rule, ast.Constant):
                    assert rule.value in REFUSALS[node.args[1].value].split("|"), \
                        (path.name, node.lineno, rule.value)
                raised += 1
    assert raised > 40
    assert IllegalAction("only one harvest per turn (R15)", "one_harvest").rule == ""
