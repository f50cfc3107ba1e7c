#!/bin/bash
# lightfix over a fleet of repositories as a Slurm job array: task K of N
# checks part K of the checkouts in $FLEET and writes its table as JSON;
# a job after them joins the tables into one. Submit both:
#
#   jid=$(sbatch --parsable fleet-slurm.sh)
#   sbatch --dependency=afterok:$jid \
#     --wrap 'lightfix report merge lightfix-reports/shard-*.json --output report.md'
#
# Use `lightfix fix` instead of `check` to migrate the fleet in place.
#SBATCH --job-name=lightfix-fleet
#SBATCH --array=1-8
#SBATCH --cpus-per-task=4
#SBATCH --time=00:30:00
#SBATCH --output=lightfix-%A_%a.out
set -euo pipefail
FLEET=${FLEET:-repos}                 # one checkout per repository
REPORTS=${REPORTS:-lightfix-reports}
mkdir -p "$REPORTS"
lightfix check --exit-zero --quiet -j "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
  --report "$REPORTS/shard-$SLURM_ARRAY_TASK_ID.json" "$FLEET"/*/ > /dev/null
