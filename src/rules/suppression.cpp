#include "rules/suppression.h"

#include <regex>
#include <string>

namespace lightfix {

bool skipsFile(std::string_view text, CommentSyntax syntax) {
  std::string_view marker =
      syntax == CommentSyntax::Python ? "# lightfix: skip-file" : "// lightfix: skip-file";
  return text.find(marker) != std::string_view::npos;
}

bool suppressedAt(const SourceFile& file, uint32_t offset, std::string_view code,
                  CommentSyntax syntax) {
  // Codes for every line (group 1 unmatched: all of them), then codes named.
  static const std::regex noqa(R"(#\s*noqa(?::\s*([A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?)",
                               std::regex::icase);
  static const std::regex nolint(R"(//.*\bNOLINT\b(?:\(([^)]*)\))?)");
  static const std::regex pythonIgnore(R"(#\s*lightfix:\s*ignore\[([^\]]*)\])");
  static const std::regex cxxIgnore(R"(//.*lightfix:\s*ignore\[([^\]]*)\])");
  bool python = syntax == CommentSyntax::Python;
  std::string line(file.lineText(file.lineOf(offset)));
  std::smatch m;
  auto names = [&] { return m[1].str().find(code) != std::string::npos; };
  if (std::regex_search(line, m, python ? noqa : nolint)) return !m[1].matched || names();
  if (std::regex_search(line, m, python ? pythonIgnore : cxxIgnore)) return names();
  return false;
}

}  // namespace lightfix
