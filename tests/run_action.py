"""Runs a composite GitHub Action's steps here, as the runner would.

    run_action.py ACTION_YML [--uses-in WORKFLOW] [NAME=VALUE ...]

Inputs get their defaults, then the `with:` of WORKFLOW's step that uses the
action (`uses: ./…`), then NAME=VALUE. Each `run:` step runs in bash as
GitHub runs it (`bash --noprofile --norc -eo pipefail`), with its `env:`,
and what it appends to $GITHUB_PATH on the PATH of the steps after it; a
`uses:` step is named, not run. The first failing step ends the run with
its status. Only the expressions the action needs are understood:
`${{ inputs.NAME }}` and `inputs.NAME == 'VALUE'`; any other is an error.
"""

import os
import re
import subprocess
import sys

import yaml

INPUT = re.compile(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}")
CONDITION = re.compile(r"^\s*inputs\.([\w-]+)\s*==\s*'([^']*)'\s*$")


def substituted(text, inputs):
    rest = INPUT.sub(lambda m: inputs[m.group(1)], str(text))
    if "${{" in rest:
        raise SystemExit(f"run_action.py: an expression it does not understand: {text}")
    return rest


def holds(condition, inputs):
    if condition is None:
        return True
    match = CONDITION.match(str(condition))
    if not match:
        raise SystemExit(f"run_action.py: a condition it does not understand: {condition}")
    return inputs[match.group(1)] == match.group(2)


def main():
    args = sys.argv[1:]
    with open(args.pop(0)) as f:
        action = yaml.safe_load(f)
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    if args and args[0] == "--uses-in":
        args.pop(0)
        with open(args.pop(0)) as f:
            workflow = yaml.safe_load(f)
        steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
        local = [s for s in steps if str(s.get("uses", "")).startswith("./")]
        assert len(local) == 1, "the workflow uses the action once"
        inputs.update({k: str(v) for k, v in local[0].get("with", {}).items()})
    for arg in args:
        name, value = arg.split("=", 1)
        inputs[name] = value
    unknown = set(inputs) - set(action["inputs"])
    if unknown:
        raise SystemExit(f"run_action.py: inputs the action does not have: {sorted(unknown)}")

    env = dict(os.environ)
    for step in action["runs"]["steps"]:
        name = step.get("name", step.get("uses", step.get("run")))
        if not holds(step.get("if"), inputs):
            continue
        if "uses" in step:
            print(f"== {name}: uses {step['uses']}", flush=True)
            continue
        assert step.get("shell") == "bash", f"{name}: a composite's run step names its shell"
        print(f"== {name}", flush=True)
        step_env = dict(env)
        step_env.update({k: substituted(v, inputs) for k, v in step.get("env", {}).items()})
        script = substituted(step["run"], inputs)
        status = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                                 env=step_env)
        if status != 0:
            print(f"== {name}: exit {status}", flush=True)
            sys.exit(status)
        with open(env["GITHUB_PATH"]) as f:
            added = [line.strip() for line in f if line.strip()]
        env["PATH"] = os.pathsep.join(reversed(added)) + os.pathsep + os.environ["PATH"]


if __name__ == "__main__":
    main()
