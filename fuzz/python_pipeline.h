#pragma once
// The whole Python check-and-fix pipeline on one text held in memory, as
// `lightfix fix --unsafe-fixes` runs it on a file of a one-file project:
// refuse bytes Python refuses, parse, model, link, every rule, fixes applied in rounds, the reports
// rendered, the diff made. Nothing is written. The fuzzer and the regression
// test of its inputs (tests/fuzz_regression_test.cpp) both run it.

#include <string>
#include <string_view>

namespace lightfix {

struct PipelineOutcome {
  std::string refused;    // why Python refuses the bytes (not UTF-8, a NUL), as the CLI says
  bool parsed = false;    // the text is valid Python
  size_t findings = 0;    // before any fix
  size_t applied = 0;     // fixes applied, all rounds
  size_t remaining = 0;   // findings on the fixed text
  std::string fixedText;  // the text once fixed
  std::string report;     // the full report of the findings, then of what is left
};

// A first line `# args: ... --target-strategy deepspeed` judges the file as
// if it ran DeepSpeed, as the golden cases do. Aborts if a fixed text does
// not parse, which applyFixes promises never to produce.
PipelineOutcome runPythonPipeline(std::string_view bytes);

}  // namespace lightfix
