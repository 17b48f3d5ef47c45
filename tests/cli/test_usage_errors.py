"""A mistyped command line is one line on stderr and exit 2 (never click's boxed usage
text or a traceback); `footwork` alone still shows the help and `--help` still works."""

from __future__ import annotations

from pathlib import Path

import pytest

from footwork.cli.app import main

BOARDING = str(Path(__file__).resolve().parents[2] / "examples" / "spans"
               / "boarding-action.yaml")


def run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.argv", ["footwork", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    captured = capsys.readouterr()
    return int(exited.value.code or 0), captured.out, captured.err


@pytest.mark.parametrize(("args", "words"), [
    (["state", BOARDING, "--steps", "-1"],
     "error: footwork state: Invalid value for '--steps': Input should be greater than or "
     "equal to 0; see footwork state --help"),
    (["run", BOARDING, "--bogus"], "error: footwork run: No such option: --bogus"),
    (["nope"], "error: footwork: No such command 'nope'; see footwork --help"),
    (["run"], "error: footwork run: Missing argument 'file'"),
    (["render", BOARDING], "error: footwork render: Missing option '-o' / '--output'"),
    (["simulate", BOARDING, "--runs", "2", "--workers", "0"],
     "error: footwork simulate: Invalid value for '--workers'"),
])
def test_a_mistyped_command_line_is_one_line_and_exit_2(
        args: list[str], words: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(monkeypatch, capsys, *args)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(words), err


def test_help_and_the_commands_exit_codes_are_kept(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(monkeypatch, capsys)
    assert code == 0 and "Usage: footwork [OPTIONS] COMMAND" in out
    code, out, _ = run_main(monkeypatch, capsys, "rules", "--help")
    assert code == 0 and "a rule id from a log" in out
    code, out, _ = run_main(monkeypatch, capsys, "rules", "R003-04")
    assert code == 0 and "R003-04" in out
    code, out, err = run_main(monkeypatch, capsys, "rules", "X")  # the command's own exit
    assert (code, out) == (2, "") and err.startswith("error: rule id 'X'")
