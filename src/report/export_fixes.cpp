#include "report/export_fixes.h"

#include <clang/Tooling/DiagnosticsYaml.h>
#include <llvm/Support/raw_ostream.h>

#include <filesystem>

namespace lightfix {

std::string exportFixes(const std::vector<FileReport>& reports, bool unsafeFixes) {
  clang::tooling::TranslationUnitDiagnostics unit;
  for (const FileReport& r : reports) {
    // As `fix` does: a fix overlapping one taken waits, here for good.
    clang::tooling::Replacements taken;
    for (const Diagnostic& d : r.diagnostics) {
      if (!d.fix || (d.fix->applicability != Applicability::Safe && !unsafeFixes)) continue;
      clang::tooling::Replacements attempt = taken;
      bool fits = true;
      for (const clang::tooling::Replacement& e : d.fix->edits)
        if (llvm::Error err = attempt.add(e)) {
          llvm::consumeError(std::move(err));
          fits = false;
          break;
        }
      if (!fits) continue;
      taken = std::move(attempt);
      // Absolute, as clang-tidy writes them: clang-apply-replacements may run
      // from another folder.
      std::error_code ec;
      std::string path = std::filesystem::absolute(r.file->path(), ec).lexically_normal().string();
      clang::tooling::DiagnosticMessage message;
      message.Message = d.message;
      message.FilePath = path;
      message.FileOffset = d.offset;
      for (const clang::tooling::Replacement& e : d.fix->edits)
        llvm::cantFail(message.Fix[path].add(clang::tooling::Replacement(
            path, e.getOffset(), e.getLength(), e.getReplacementText())));
      unit.Diagnostics.emplace_back(
          d.code, message, llvm::SmallVector<clang::tooling::DiagnosticMessage, 1>{},
          d.severity == Severity::Error ? clang::tooling::Diagnostic::Error
                                        : clang::tooling::Diagnostic::Warning,
          std::string());
    }
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::yaml::Output yaml(os);
  yaml << unit;
  os.flush();
  return out;
}

}  // namespace lightfix
