"""bench.two_seeds on hand-written verdict files: an agreeing pair exits 0, a flip exits 1,
open cells are set aside, and a card resting on too few bots is found by --check."""

import json

from bench import two_seeds


def _finding(players, value, verdict, effect, effects=None, reference="s2"):
    return {"players": players, "key": "card", "value": value, "label": f"card {value}",
            "verdict": verdict, "effect": effect, "reference": reference,
            "effects": effects or {"s1": [effect + 1, 0, 0], "s2": [effect, 0, 0]}}  # fmt: skip


def _doc(balanced, findings, competent=None):
    return {"balanced": balanced, "converged": {k: False for k in balanced},
            "bots": {"competent": competent or {k: ["w", "s1", "s2"] for k in balanced}},
            "findings": findings, "summary": "x"}  # fmt: skip


def _write(tmp_path, name, doc):
    d = tmp_path / name
    d.mkdir()
    (d / "report.verdict.json").write_text(json.dumps(doc))
    plan = {"extra": {"ladders": [{"rungs": [
        {"label": "w", "strategy": "weighted"}, {"label": "s1", "strategy": "lookahead:r=10"},
        {"label": "s2", "strategy": "lookahead:r=50"}]}]}}  # fmt: skip
    (d / "plan.json").write_text(json.dumps(plan))
    return str(d)


def test_an_agreeing_pair_exits_zero_and_sets_open_cells_aside(tmp_path, capsys):
    # 4 players: A above/below/open, B above/below/fair: the open cell is no flip, and A's
    # count is open (None), so the balanced words differ without a flip; 2 players: fair alike
    a = _doc({"2": True, "4": False},
             [_finding(2, 1, "fair", 0.5), _finding(2, 2, "fair", -0.5),
              _finding(4, 1, "above", 9.0), _finding(4, 2, "below", -8.0),
              _finding(4, 3, "undetermined", 2.1)])  # fmt: skip
    b = _doc({"2": True, "4": False},
             [_finding(2, 1, "fair", 0.1), _finding(2, 2, "fair", -0.1),
              _finding(4, 1, "above", 7.0), _finding(4, 2, "below", -9.0),
              _finding(4, 3, "fair", 1.0)])  # fmt: skip
    code = two_seeds.main([_write(tmp_path, "a", a), _write(tmp_path, "b", b), "--check"])
    out = capsys.readouterr().out
    assert code == 0, out
    cmp = two_seeds.compare(a, b)
    assert [r["state"] for r in cmp["4"]["cells"]] == ["same", "same", "open"]
    assert [r["state"] for r in cmp["2"]["cells"]] == ["same", "same"]
    assert "4 players: A not balanced, B not balanced; cells 2 same, 0 differ, 1 open" in out
    assert "rests on >= 3 bots" in out


def test_a_flip_exits_one(tmp_path, capsys):
    # card 1 above in A, fair in B: a flip; and 2 players balanced in A, not in B (neither
    # open): a balanced flip as well
    a = _doc({"2": True, "4": False}, [_finding(2, 1, "fair", 0.5), _finding(4, 1, "above", 4.0)])
    b = _doc({"2": False, "4": None},
             [_finding(2, 1, "below", -3.0), _finding(4, 1, "fair", 1.5)])  # fmt: skip
    code = two_seeds.main([_write(tmp_path, "a", a), _write(tmp_path, "b", b)])
    out = capsys.readouterr().out
    assert code == 1
    cmp = two_seeds.compare(a, b)
    assert cmp["4"]["flips"] == ["card 1"] and not cmp["4"]["balance_flip"]  # B's 4p is open
    assert cmp["2"]["flips"] == ["card 1"] and cmp["2"]["balance_flip"]
    assert "FLIP" in out


def test_open_against_decided_balance_is_no_flip():
    # not balanced in A, open in B: no flip (the issue sets margin cells aside)
    a = _doc({"3": False}, [_finding(3, 1, "above", 5.0)])
    b = _doc({"3": None}, [_finding(3, 1, "undetermined", 2.5)])
    assert not two_seeds.flipped(two_seeds.compare(a, b))


def test_check_finds_a_card_on_too_few_bots_or_a_weaker_rung():
    search = {"s1", "s2"}
    # 3 players: two bots only; 4 players: a finding quoting s1 under s2
    doc = _doc({"3": False, "4": False},
               [_finding(3, 1, "above", 5.0), _finding(4, 1, "above", 6.0, reference="s1",
                                                        effects={"s1": [6.0, 0, 0]})],
               {"3": ["w", "s2"], "4": ["w", "s1", "s2"]})  # fmt: skip
    probs = two_seeds.card_problems(doc, search)
    assert any(p.startswith("3 players: 2 competent bots, 1 search") for p in probs)
    assert any("4p card 1: quotes s1, the strongest is s2" in p for p in probs)
    del doc["converged"]
    assert "no `converged` field" in two_seeds.card_problems(doc, search)
