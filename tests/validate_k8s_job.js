// Validates a Kubernetes Job manifest against the Job schema of
// kubernetes-models (npm): node validate_k8s_job.js JOB.yaml. Prints
// "valid" and exits 0, or prints why and exits 1.
const fs = require("fs");
const yaml = require("js-yaml");
const { Job } = require("kubernetes-models/batch/v1");

const manifest = yaml.load(fs.readFileSync(process.argv[2], "utf8"));
try {
  if (manifest.apiVersion !== "batch/v1" || manifest.kind !== "Job")
    throw new Error(`not a batch/v1 Job: ${manifest.apiVersion} ${manifest.kind}`);
  new Job(manifest).validate();
  console.log("valid");
} catch (error) {
  console.log(error.message);
  process.exit(1);
}
