#include "report/export_fixes.h"

#include <clang/Tooling/DiagnosticsYaml.h>
#include <llvm/Support/raw_ostream.h>

#include <filesystem>

#include "edit/apply_fixes.h"

namespace lightfix {

std::string exportFixes(const std::vector<FileReport>& reports, bool unsafeFixes) {
  clang::tooling::TranslationUnitDiagnostics unit;
  for (const FileReport& r : reports) {
    // As `fix` merges a round's fixes: one overlapping a fix taken waits,
    // here for good.
    MergedFixes taken;
    for (const Diagnostic& d : r.diagnostics) {
      if (!d.fix || (d.fix->applicability != Applicability::Safe && !unsafeFixes)) continue;
      if (!taken.add(*d.fix)) continue;
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
