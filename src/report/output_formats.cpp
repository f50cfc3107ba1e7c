#include <ostream>

#include "report/render.h"

namespace lightfix {

namespace {

// full and concise show only the files with findings (a fixed file's report
// may have none left).
std::vector<FileReport> withFindings(const std::vector<FileReport>& reports) {
  std::vector<FileReport> shown;
  for (const FileReport& r : reports)
    if (!r.diagnostics.empty()) shown.push_back(r);
  return shown;
}

}  // namespace

const std::vector<OutputFormat>& outputFormats() {
  using Reports = const std::vector<FileReport>&;
  using Options = const RenderOptions&;
  static const std::vector<OutputFormat> formats = {
      {"full", true,
       [](Reports r, Options o, std::ostream& out) { out << renderFull(withFindings(r), o); }},
      {"concise", true,
       [](Reports r, Options o, std::ostream& out) { out << renderConcise(withFindings(r), o); }},
      {"json", false,
       [](Reports r, Options, std::ostream& out) { printJson(r, out, /*lines=*/false); }},
      {"json-lines", false,
       [](Reports r, Options, std::ostream& out) { printJson(r, out, /*lines=*/true); }},
      {"github", false, [](Reports r, Options, std::ostream& out) { out << renderGithub(r); }},
      {"junit", false, [](Reports r, Options, std::ostream& out) { out << renderJunit(r); }},
      {"rdjson", false,
       [](Reports r, Options, std::ostream& out) { out << renderRdjson(r, false); }},
      {"rdjsonl", false,
       [](Reports r, Options, std::ostream& out) { out << renderRdjson(r, true); }},
      {"sarif", false, [](Reports r, Options, std::ostream& out) { out << renderSarif(r); }},
  };
  return formats;
}

const OutputFormat* findOutputFormat(std::string_view name) {
  for (const OutputFormat& f : outputFormats())
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace lightfix
