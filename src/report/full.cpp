#include <fmt/format.h>

#include <algorithm>

#include "core/notebook.h"
#include "report/fix_hunk.h"
#include "report/render.h"
#include "report/style.h"

namespace lightfix {

namespace {

// The underline's lead: the line's own tabs kept, everything else a space.
std::string padTo(std::string_view line, uint32_t bytes) {
  std::string pad;
  for (uint32_t i = 0; i < bytes && i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    pad += line[i] == '\t' ? '\t' : ' ';
  }
  return pad;
}

size_t charCount(std::string_view s) {
  return static_cast<size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string snippet(const SourceFile& file, const Diagnostic& d, const Style& style) {
  unsigned line0 = file.lineOf(d.offset);
  unsigned first = line0 >= 2 ? line0 - 2 : 0;
  unsigned last = std::min(file.lineCount() - 1, line0 + 2);
  // A notebook's frame stays in the finding's cell, and shows its magics.
  bool notebook = isNotebookPath(file.path());
  for (unsigned l = first; l < line0; ++l)
    if (file.isCellMarker(l)) first = l + 1;
  for (unsigned l = line0 + 1; l <= last; ++l)
    if (file.isCellMarker(l)) last = l - 1;
  size_t width = std::to_string(file.displayRow(last)).size();
  std::string gutter(width, ' ');
  std::string bar = style(kBlue, "|");
  std::string out = fmt::format("{} {}\n", gutter, bar);
  for (unsigned l = first; l <= last; ++l) {
    std::string_view text = file.lineText(l);
    std::string shown = notebook ? lineAsWritten(text) : std::string(text);
    out += fmt::format("{} {} {}\n", style(kBlue, fmt::format("{:>{}}", file.displayRow(l), width)),
                       bar, shown);
    if (l != line0) continue;
    uint32_t startInLine = d.offset - file.lineStart(l);
    uint32_t endInLine = std::min<uint32_t>(d.offset + d.length - file.lineStart(l),
                                            static_cast<uint32_t>(text.size()));
    size_t carets = std::max<size_t>(
        1,
        charCount(text.substr(startInLine, endInLine > startInLine ? endInLine - startInLine : 0)));
    const char* color = d.severity == Severity::Error ? kRed : kYellow;
    out += fmt::format("{} {} {}{}\n", gutter, bar, padTo(text, startInLine),
                       style(color, std::string(carets, '^') + " " + d.code));
  }
  out += fmt::format("{} {}\n", gutter, bar);
  return out;
}

}  // namespace

std::string renderFull(const std::vector<FileReport>& reports, const RenderOptions& options) {
  Style style{options.color};
  std::string out;
  for (const FileReport& r : reports) {
    for (const Diagnostic& d : r.diagnostics) {
      std::string where = placeOf(r.file->path(), d.location) + ":";
      const char* color = d.severity == Severity::Error ? kRed : kYellow;
      std::string code = d.isSyntaxError() ? "" : style(color, severityAndCode(d)) + " ";
      std::string mark = isFixable(d, options) ? style(kCyan, "[*]") + " " : "";
      out += fmt::format("{} {}{}{}\n", style(kBold, where), code, mark, style(kBold, d.message));
      out += snippet(*r.file, d, style);
      if (d.fix) {
        std::string safety = d.fix->applicability == Applicability::Safe ? "" : " (unsafe)";
        out += fmt::format("  = {}: {}{}\n\n", style(kCyan, "help"), d.fix->message, safety);
        out += renderFixHunk(*r.file, *d.fix, style);
      }
      out += "\n";
    }
  }
  return out;
}

}  // namespace lightfix
