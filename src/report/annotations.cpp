// Formats for CI systems: GitHub workflow commands, JUnit XML, json-lines.

#include <fmt/format.h>

#include "report/render.h"

namespace lightfix {

namespace {

// GitHub's escaping: `%`, CR and LF everywhere; `:` and `,` too in a
// property value.
std::string githubEscape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      case ':':
        out += property ? "%3A" : ":";
        break;
      case ',':
        out += property ? "%2C" : ",";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string xmlEscape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// GitHub places an annotation by the file's own lines: a notebook's says
// which cell its row is in.
std::string cellOf(const Position& p) {
  return p.cell ? "cell " + std::to_string(p.cell) + ": " : "";
}

std::string title(const Diagnostic& d) {
  return d.isSyntaxError() ? std::string("SyntaxError") : "lightfix " + d.code;
}

}  // namespace

std::string renderGithub(const std::vector<FileReport>& reports) {
  std::string out;
  for (const FileReport& r : reports)
    for (const Diagnostic& d : r.diagnostics)
      out += fmt::format("::{} file={},line={},endLine={},col={},endColumn={},title={}::{}\n",
                         severityName(d.severity), githubEscape(r.file->path(), true),
                         d.location.row, d.endLocation.row, d.location.column, d.endLocation.column,
                         githubEscape(title(d), true),
                         githubEscape(cellOf(d.location) + d.message, false));
  return out;
}

std::string renderJunit(const std::vector<FileReport>& reports) {
  size_t total = 0;
  for (const FileReport& r : reports) total += r.diagnostics.size();
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"lightfix\" tests=\"{0}\" failures=\"{0}\" errors=\"0\">\n",
                     total);
  for (const FileReport& r : reports) {
    if (r.diagnostics.empty()) continue;
    std::string path = xmlEscape(r.file->path());
    out += fmt::format("  <testsuite name=\"{0}\" tests=\"{1}\" failures=\"{1}\" errors=\"0\">\n",
                       path, r.diagnostics.size());
    for (const Diagnostic& d : r.diagnostics) {
      std::string message = xmlEscape(d.message);
      out += fmt::format(
          "    <testcase name=\"{6}\" classname=\"{3}\" file=\"{0}\" line=\"{1}\">\n"
          "      <failure message=\"{4}\" type=\"{5}\">{6}: {4}</failure>\n"
          "    </testcase>\n",
          path, d.location.row, d.location.column,
          xmlEscape(d.isSyntaxError() ? "SyntaxError" : d.code), message, severityName(d.severity),
          xmlEscape(placeOf(r.file->path(), d.location)));
    }
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

}  // namespace lightfix
