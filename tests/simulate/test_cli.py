"""`footwork simulate`: the table, the files, the plots, and one-line errors."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
BOARDING = str(ROOT / "examples" / "spans" / "boarding-action.yaml")
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_a_study_prints_its_figures_side_by_side_and_writes_csv_parquet_and_plots(
        tmp_path: Path) -> None:
    code, out, err = invoke("simulate", BOARDING, "--runs", "6", "--rounds", "1",
                            "--policy", "random", "--policy", "ada=toward:kestrel",
                            "--vary", "climb.hands_needed=1,2", "--out",
                            str(tmp_path / "runs.csv"), "--plot", str(tmp_path / "plots"))
    assert code == 0, err
    assert "12 runs of 1 round(s) after the steps, seed 7 (in-process)" in out
    # where each actor ended is a measure (which place depends on the rules and the dice)
    assert "--vary climb.hands_needed" in out and "reached" in out
    assert re.search(r"│ end=[\w-]+ +│", out), out
    header = (tmp_path / "runs.csv").read_text().splitlines()[0]
    assert header.startswith("variant,run,seed,actor,side,policy,start,end,target,reached")
    assert len((tmp_path / "runs.csv").read_text().splitlines()) == 1 + 12 * 4
    assert (tmp_path / "runs.summary.csv").read_text().startswith(
        "variant,actor,measure,kind,value,low,high,n")
    for name in ("histogram.png", "histogram.svg", "ends.png", "ends.svg"):
        assert (tmp_path / "plots" / name).stat().st_size > 1000
    assert (tmp_path / "plots" / "ends.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, out, err = invoke("simulate", BOARDING, "--runs", "3", "--out",
                            str(tmp_path / "runs.parquet"))
    assert code == 0, err
    import pandas

    assert list(pandas.read_parquet(tmp_path / "runs.parquet")["run"]) == [
        r for r in range(3) for _ in range(4)]


@pytest.mark.parametrize(("args", "words"), [
    (["--vary", "climb.hands_neded=1,2"],
     "error: --vary climb.hands_neded: the spans ruleset has no option 'climb.hands_neded'"),
    (["--policy", "tests.simulate.hooks:broken"],
     "policy tests.simulate.hooks:broken raised ValueError: the designer's bug over two"),
    (["--policy", "ada=toward:moon"], "error: --policy ada=toward:moon: unknown place 'moon'"),
    (["--out", "runs.xlsx"], "error: --out runs.xlsx: expected a .csv or .parquet file"),
    (["--plot", BOARDING], f"error: --plot {BOARDING}: expected a folder for the plots"),
    (["--scheduler", "tcp://127.0.0.1:9"], "error: --scheduler tcp://127.0.0.1:9: cannot "
                                           "connect"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("footwork.simulate.executors.CONNECT_TIMEOUT", "1s")
    code, out, err = invoke("simulate", BOARDING, "--runs", "2", *args)
    assert code == 2 and err.count("\n") == 1 and words in err, err
    assert "Traceback" not in err + out


@pytest.mark.parametrize("text", ["", "- a list\n- not a mapping\n"])
def test_a_file_that_is_not_a_mapping_is_one_line_and_exit_2(text: str,
                                                             tmp_path: Path) -> None:
    (tmp_path / "odd.yaml").write_text(text)
    code, out, err = invoke("simulate", str(tmp_path / "odd.yaml"), "--runs", "2")
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert "odd.yaml" in err and "expected a mapping with footwork, ruleset" in err, err


def test_without_the_extra_it_names_the_extra_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if it were not installed
    code, out, err = invoke("simulate", BOARDING, "--runs", "2")
    assert (code, out) == (2, "")
    assert err == "error: studies need the simulate extra: pip install 'footwork[simulate]'\n"


def test_ctrl_c_on_a_process_pool_keeps_the_finished_runs_and_leaves_no_worker(
        tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import time

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    study = subprocess.Popen(
        [sys.executable, "-c", "from footwork.cli.app import main; main()", "simulate",
         BOARDING, "--runs", "50000", "--workers", "2", "--out", str(tmp_path / "r.csv")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True,  # its own process group, as a terminal gives a command
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(6)
    os.killpg(study.pid, signal.SIGINT)  # Ctrl+C reaches the whole group
    out, err = study.communicate(timeout=60)
    assert study.returncode == 130, err
    assert "Traceback" not in err and "interrupted: " in err, err
    finished = int(err.split("interrupted: ")[1].split(" of ")[0])
    assert finished < 50000 and f"{finished} runs of 2 round(s)" in out
    rows = (tmp_path / "r.csv").read_text().splitlines()
    assert len(rows) == 1 + 4 * finished
    for _ in range(50):  # the forkserver and resource tracker leave within moments
        try:
            os.killpg(study.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("a process of the study outlived it")
