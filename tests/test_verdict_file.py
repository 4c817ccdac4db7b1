"""The verdict file beside a report page (docs/REPORT.md): named after the page, the schema's
fields, the same verdicts as the card, and never written over a file palace-lab did not
write."""

import json

import pytest

from analyses.question import AS_PLAYED
from tests.cli_run import run_cli

pytestmark = pytest.mark.slow  # plays runs to a report


def test_report_writes_its_verdict_file_beside_the_page(tmp_path, capsys):
    # toy game, rulebook settings: seat 0 adds 2 points to its dice (T-3), so seat 1 (seat 0)
    # must come out above its fair share, the others below or fair
    run = tmp_path / "run"
    args = ["--players", "3", "--games", "6000", "--chunk-size", "2000", "--strategy", "greedy"]
    code, _, err = run_cli(capsys, "run", "--game", "toy", *args, "--out", run)
    assert code == 0, err
    page = tmp_path / "page.html"
    code, _, err = run_cli(capsys, "report", run, "--out", page)
    assert code == 0, err
    side = tmp_path / "page.verdict.json"
    doc = json.loads(side.read_text())
    assert doc["game"] == "toy" and doc["delta"] == 0.02 and doc["generator"] == "palace-lab"
    assert set(doc["balanced"]) == {"3"} and doc["balanced"]["3"] is False
    assert doc["bots"]["competent"] == {"3": ["greedy"]}
    by = {f["value"]: f for f in doc["findings"]}
    assert set(by) == {1, 2, 3}  # seats counted from 1, as on the page
    f0 = by[1]
    assert f0["label"] == "seat 1" and doc["numbering"].startswith("seats and positions")
    assert {"players", "key", "value", "verdict", "effect", "ci95", "n", "bots", "robust"} <= set(
        f0
    )
    assert f0["verdict"] == "above" and f0["bots"] == {"greedy": "above"} and f0["robust"]
    assert f0["ci95"][0] < f0["effect"] < f0["ci95"][1] and f0["ci95"][0] > 2 and f0["n"] == 6000
    assert f0["reference"] == "greedy" and f0["effects"]["greedy"][0] == f0["effect"]
    # one bot: nothing shows better play would not move it, so not converged; the rule
    assert doc["converged"] == {"3": False} and "fair share" in doc["rule"]
    # the first screen's sentence, the next step, how sure: all in the file too
    assert doc["summary"].startswith("Not balanced at 3 players: seat 1 +")
    assert doc["next_step"]["value"] == 1 and doc["next_step"]["players"] == 3
    assert doc["confidence"]["3"]["seats_per_cell"] == 6000
    assert doc["confidence"]["3"]["bots"] == ["greedy"]
    html = page.read_text()
    assert html.index('id="verdict"') < html.index('id="summary"')
    assert "3 players: not balanced, one bot only" in html
    assert f'id="summary-sentence">{doc["summary"]}' in html.replace("&#39;", "'")
    # a file of the user's under that name is never replaced
    side.write_text('{"mine": true}')
    code, _, err = run_cli(capsys, "report", run, "--out", page)
    assert code == 2 and "verdict file" in err and json.loads(side.read_text()) == {"mine": True}


def test_card_and_file_answer_a_study_question_key(tmp_path, capsys):
    # a study's plan names a question key (Study.question_keys); here the toy game's seat,
    # planted (seat 1 adds 2 points to its dice, T-3): its holders win more than the average
    # seat's, and the card and the file say so, as played
    run = tmp_path / "run"
    args = ["--players", "3", "--games", "6000", "--chunk-size", "2000", "--strategy", "greedy"]
    code, _, err = run_cli(capsys, "run", "--game", "toy", *args, "--out", run)
    assert code == 0, err
    plan = {"format": "palace-lab-plan/1", "kind": "study", "runs": [],
            "extra": {"study": "x", "ladder": None, "question_keys": ["seat"]}}  # fmt: skip
    (tmp_path / "plan.json").write_text(json.dumps(plan))
    page = tmp_path / "page.html"
    code, _, err = run_cli(capsys, "report", run, "--out", page)
    assert code == 0, err
    doc = json.loads((tmp_path / "page.verdict.json").read_text())
    assert doc["questions"] == {"seat": {"label": "seat", "setup": AS_PLAYED}}
    seat = [f for f in doc["findings"] if f["key"] == "seat"]
    assert len(seat) == 6  # the primary key's three values, then the question's three
    q0 = seat[3]
    assert q0["value"] == 1 and q0["verdict"] == "above" and q0["bots"] == {"greedy": "above"}
    assert q0["ci95"][0] > 0 and q0["n"] == 6000
    html = page.read_text()
    assert "Seat (as played): above the average: holders of seat 1 +" in html
    assert AS_PLAYED in html
    # a plan naming a key the game does not have is refused in one line
    plan["extra"]["question_keys"] = ["nonsense"]
    (tmp_path / "plan.json").write_text(json.dumps(plan))
    code, _, err = run_cli(capsys, "report", run, "--out", tmp_path / "other.html")
    assert code == 2 and "question keys are damaged" in err
