#include "logs/crash_diagnosis.h"

#include <llvm/Support/Regex.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "registry/registry.h"
#include "rules/rule.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

// Each Python rule whose fault raises a text, with its log pattern compiled
// once.
struct LogPattern {
  const Rule* rule;
  std::unique_ptr<llvm::Regex> regex;
};

const std::vector<LogPattern>& logPatterns() {
  static const std::vector<LogPattern> patterns = [] {
    std::vector<LogPattern> out;
    for (const Rule& rule : allRules()) {
      if (rule.forCxx()) continue;  // a libtorch program's error is not a Python log's
      std::string text = logPatternOf(rule);
      if (text.empty()) continue;  // the fault raises nothing
      out.push_back({&rule, std::make_unique<llvm::Regex>(text)});
    }
    return out;
  }();
  return patterns;
}

}  // namespace

const Rule* ruleForError(const RaisedError& error) {
  // A message may be wrapped over lines by the logger.
  std::string joined = error.message;
  for (char& c : joined)
    if (c == '\n') c = ' ';
  for (const LogPattern& p : logPatterns())
    if (p.regex->match(error.message) || p.regex->match(joined)) return p.rule;
  return nullptr;
}

namespace {

std::vector<std::string> components(const std::string& path) {
  std::vector<std::string> parts;
  for (const fs::path& p : fs::path(path).lexically_normal())
    if (!p.empty() && p != "/" && p != ".") parts.push_back(p.string());
  return parts;
}

bool outsideAnyProject(const std::string& path) {
  if (path.empty() || path[0] == '<') return true;  // <frozen runpy>, <string>
  for (const fs::path& p : fs::path(path))
    if (p == "site-packages" || p == "dist-packages") return true;
  return false;
}

// How many trailing components two paths share.
size_t sharedTail(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[a.size() - 1 - n] == b[b.size() - 1 - n]) ++n;
  return n;
}

}  // namespace

std::optional<ProjectFrame> innermostProjectFrame(const RaisedError& error,
                                                  const std::vector<std::string>& files) {
  std::vector<std::vector<std::string>> local;
  for (const std::string& f : files) {
    std::error_code ec;
    local.push_back(components(fs::absolute(f, ec).string()));
  }
  for (auto frame = error.frames.rbegin(); frame != error.frames.rend(); ++frame) {
    if (outsideAnyProject(frame->path)) continue;
    std::vector<std::string> logged = components(frame->path);
    size_t best = 0;
    std::optional<size_t> found;
    for (size_t i = 0; i < local.size(); ++i) {
      size_t shared = sharedTail(logged, local[i]);
      // Ties go to the file nearest a root, as imports resolve.
      if (shared > best ||
          (shared == best && shared > 0 && found && files[i].size() < files[*found].size())) {
        best = shared;
        found = i;
      }
    }
    if (found) return ProjectFrame{*found, frame->line, frame->function};
  }
  return std::nullopt;
}

}  // namespace lightfix
