#!/usr/bin/python3
"""Runs the golden cases that are whole programs under the Lightning test double.

A case testdata/<RULE>/<case>.py (or testdata/clean/<case>.py) is a program when <case>.py.run exists.
The .run file holds one line: text that the program, as it is, must fail with (found in its stderr, with a
nonzero exit status). An empty .run means the program must exit 0 (clean cases). When <case>.py.fixed
exists, the fixed text, under the same file name, must exit 0.

A golden project testdata/projects/<name>/ is a program when it has program.run: its first line is the
command line (`main.py fit --config configs/offload.yaml`), run in a copy of input/; its second line the
text it must fail with (none: it must exit 0). When the project has fixed/, input/ with fixed/ laid over it
must exit 0.

Each program runs with /usr/bin/python3 (it has torch), PYTHONPATH=tests/lightning_double, in a fresh
temporary directory, with a time limit, several at once.

    /usr/bin/python3 tests/run_programs.py [--testdata DIR] [--timeout S] [--jobs N] [CASE.py | DIR ...]

Exit status: 0 when every program behaved, 1 when one did not or when no program was found.
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parent.parent
DOUBLE = ROOT / "tests" / "lightning_double"
TAIL_LINES = 8


@dataclass
class Case:
    source: Path  # testdata/<dir>/<case>.py, or a project's input/
    expected: str  # the .run text; "" when the program must run clean
    fixed: Optional[Path]  # <case>.py.fixed, or a project's fixed/, if any
    command: Optional[List[str]] = None  # a project's: what to run in input/

    @property
    def name(self) -> str:
        if self.command is not None:
            return f"projects/{self.source.parent.name}"
        return f"{self.source.parent.name}/{self.source.name}"


@dataclass
class Outcome:
    case: Case
    ok: bool
    lines: List[str]
    failed_as_expected: bool = False
    fixed_ran_clean: bool = False
    clean_ran_clean: bool = False


def find_cases(testdata: Path, only: List[Path]) -> List[Case]:
    cases = []
    for run_file in sorted(testdata.glob("*/*.py.run")):
        source = run_file.with_suffix("")
        if not source.is_file():
            continue
        fixed = Path(str(source) + ".fixed")
        expected = run_file.read_text(encoding="utf-8").strip()
        cases.append(Case(source, expected, fixed if fixed.is_file() else None))
    for run_file in sorted(testdata.glob("projects/*/program.run")):
        lines = run_file.read_text(encoding="utf-8").splitlines() + [""]
        project = run_file.parent
        fixed = project / "fixed"
        cases.append(Case(project / "input", lines[1].strip(), fixed if fixed.is_dir() else None,
                          lines[0].split()))
    if only:
        wanted = [p.resolve() for p in only]
        cases = [c for c in cases if any(c.source.resolve() == w or w in c.source.resolve().parents for w in wanted)]
    return cases


def run_program(case: Case, fixed: bool, python: str, timeout: float) -> subprocess.CompletedProcess:
    """Copies the case (its fixed text, when `fixed`) into a fresh directory and runs it there."""
    workdir = Path(tempfile.mkdtemp(prefix="lightfix-program-"))
    try:
        if case.command is not None:
            shutil.copytree(case.source, workdir, dirs_exist_ok=True)
            if fixed:
                shutil.copytree(case.fixed, workdir, dirs_exist_ok=True)
            command = case.command
        else:
            shutil.copyfile(case.fixed if fixed else case.source, workdir / case.source.name)
            command = [case.source.name]
        env = dict(os.environ, PYTHONPATH=str(DOUBLE), PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1")
        return subprocess.run(
            [python, *command], cwd=workdir, env=env, capture_output=True, text=True, timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def tail(text: str) -> List[str]:
    return ["    | " + line for line in text.rstrip().splitlines()[-TAIL_LINES:]]


def check(case: Case, python: str, timeout: float) -> Outcome:
    lines: List[str] = []
    ok = True
    failed_as_expected = fixed_ran_clean = clean_ran_clean = False

    def attempt(fixed: bool) -> Optional[subprocess.CompletedProcess]:
        try:
            return run_program(case, fixed, python, timeout)
        except subprocess.TimeoutExpired:
            return None

    def ran_clean(label: str, run: Optional[subprocess.CompletedProcess]) -> bool:
        if run is None:
            lines.append(f"FAIL {label}: timed out after {timeout:g} s (should run clean)")
        elif run.returncode != 0:
            lines.append(f"FAIL {label}: exit {run.returncode}, but should run clean")
            lines.extend(tail(run.stderr))
        else:
            lines.append(f"PASS {label}: runs clean")
        return run is not None and run.returncode == 0

    result = attempt(False)
    if case.expected:
        if result is None:
            ok = False
            lines.append(f"FAIL {case.name}: timed out after {timeout:g} s (should fail with {case.expected!r})")
        elif result.returncode == 0:
            ok = False
            lines.append(f"FAIL {case.name}: exited 0, but should fail with {case.expected!r}")
            lines += tail(result.stderr or result.stdout)
        elif case.expected not in result.stderr:
            ok = False
            lines.append(f"FAIL {case.name}: failed (exit {result.returncode}) without {case.expected!r}")
            lines += tail(result.stderr)
        else:
            failed_as_expected = True
            lines.append(f"PASS {case.name}: fails with {case.expected!r}")
    else:
        clean_ran_clean = ran_clean(case.name, result)
        ok = ok and clean_ran_clean

    if case.fixed is not None:
        fixed_ran_clean = ran_clean(case.name + (" fixed" if case.command else ".fixed"), attempt(True))
        ok = ok and fixed_ran_clean
    return Outcome(case, ok, lines, failed_as_expected, fixed_ran_clean, clean_ran_clean)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", type=Path, help="limit to these cases (.py files or folders)")
    parser.add_argument("--testdata", type=Path, default=ROOT / "testdata", help="the golden cases' folder")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per program run (default 60)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="programs run at once")
    parser.add_argument("--python", default="/usr/bin/python3", help="the interpreter (needs torch)")
    args = parser.parse_args(argv)

    if not args.testdata.is_dir():
        print(f"run_programs: no such folder: {args.testdata}", file=sys.stderr)
        return 1
    cases = find_cases(args.testdata, args.cases)
    if not cases:
        where = ", ".join(map(str, args.cases)) if args.cases else str(args.testdata)
        print(f"run_programs: no program found (no <case>.py with a <case>.py.run) in {where}", file=sys.stderr)
        return 1

    outcomes = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for outcome in pool.map(lambda c: check(c, args.python, args.timeout), cases):
            outcomes.append(outcome)
            print("\n".join(outcome.lines), flush=True)

    failed = [o for o in outcomes if not o.ok]
    before = sum(o.failed_as_expected for o in outcomes)
    after = sum(o.fixed_ran_clean for o in outcomes)
    clean = sum(o.clean_ran_clean for o in outcomes)
    summary = f"{len(outcomes)} programs: {before} failed before fix as expected, {after} ran clean after fix"
    if clean:
        summary += f", {clean} clean programs ran clean"
    print(summary)
    if failed:
        print(f"{len(failed)} failed: " + " ".join(o.case.name for o in failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
