#include "core/notebook.h"

#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>

namespace lightfix {

namespace {

constexpr std::string_view kMagic = "pass  #lightfix:magic ";
// A line a magic's trailing `\` continues, kept whole after the magic's
// indentation (its own would be an unexpected indent).
constexpr std::string_view kMagicLine = "pass  #lightfix:magic+";

bool startsWith(std::string_view s, std::string_view head) {
  return s.size() >= head.size() && s.compare(0, head.size(), head) == 0;
}

// --- Where each cell's `source` is in the notebook's text -------------------
// llvm::json gives values, not where they were: this walks the text, which
// llvm::json has already accepted, for the spans a fix rewrites.

size_t skipSpace(std::string_view t, size_t i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) ++i;
  return i;
}

size_t skipString(std::string_view t, size_t i) {  // at the opening quote
  for (++i; i < t.size() && t[i] != '"'; ++i)
    if (t[i] == '\\') ++i;
  return i + 1;
}

size_t skipValue(std::string_view t, size_t i) {
  if (t[i] == '"') return skipString(t, i);
  if (t[i] != '{' && t[i] != '[') {
    while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' &&
           !std::isspace(static_cast<unsigned char>(t[i])))
      ++i;
    return i;
  }
  int depth = 0;
  for (; i < t.size(); ++i) {
    if (t[i] == '"') {
      i = skipString(t, i) - 1;
    } else if (t[i] == '{' || t[i] == '[') {
      ++depth;
    } else if ((t[i] == '}' || t[i] == ']') && --depth == 0) {
      return i + 1;
    }
  }
  return i;
}

// Calls `visit(key, valueStart)` for each member of the object at `i`; it
// returns where the value ends.
template <typename Visit>
void forEachMember(std::string_view t, size_t i, Visit visit) {
  i = skipSpace(t, i + 1);
  while (i < t.size() && t[i] == '"') {
    size_t keyEnd = skipString(t, i);
    std::string_view key = t.substr(i + 1, keyEnd - i - 2);
    size_t value = skipSpace(t, skipSpace(t, keyEnd) + 1);  // past ':'
    i = skipSpace(t, visit(key, value));
    if (i < t.size() && t[i] == ',') i = skipSpace(t, i + 1);
  }
}

// The spans of each cell's `source` value, in cell order ({0, 0}: none).
std::vector<std::pair<size_t, size_t>> sourceSpans(std::string_view t) {
  std::vector<std::pair<size_t, size_t>> spans;
  forEachMember(t, skipSpace(t, 0), [&](std::string_view key, size_t value) {
    size_t end = skipValue(t, value);
    if (key != "cells" || t[value] != '[') return end;
    for (size_t i = skipSpace(t, value + 1); i < end && t[i] == '{';) {
      std::pair<size_t, size_t> span{0, 0};
      size_t cellEnd = skipValue(t, i);
      forEachMember(t, i, [&](std::string_view k, size_t v) {
        size_t e = skipValue(t, v);
        if (k == "source") span = {v, e};
        return e;
      });
      spans.push_back(span);
      i = skipSpace(t, cellEnd);
      if (i < end && t[i] == ',') i = skipSpace(t, i + 1);
    }
    return end;
  });
  return spans;
}

// --- Cells as Python -----------------------------------------------------

std::vector<std::string> splitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    lines.emplace_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

// `%time f()`, `!pip install x`, `ls?`, `files = !ls`: IPython, not Python.
bool isMagic(std::string_view code) {
  if (code.empty() || code[0] == '#') return false;
  if (code[0] == '%' || code[0] == '!' || code[0] == '?' || code.back() == '?') return true;
  size_t i = 0;
  while (i < code.size() &&
         (std::isalnum(static_cast<unsigned char>(code[i])) || code[i] == '_' || code[i] == '.'))
    ++i;
  if (i == 0) return false;
  while (i < code.size() && code[i] == ' ') ++i;
  if (i >= code.size() || code[i] != '=') return false;
  for (++i; i < code.size() && code[i] == ' ';) ++i;
  return i < code.size() && (code[i] == '!' || code[i] == '%');
}

// A cell's lines as Python: each magic, and each line its trailing `\`
// continues, a `pass` that keeps it.
std::vector<std::string> asPython(const std::string& text) {
  std::vector<std::string> lines;
  std::string continuedAt;  // the magic's indentation, while it goes on
  bool continued = false;
  for (std::string& line : splitLines(text)) {
    bool goesOn = !line.empty() && line.back() == '\\';
    if (continued) {
      std::string kept = continuedAt;
      kept += kMagicLine;
      kept += line;
      lines.push_back(std::move(kept));
      continued = goesOn;
      continue;
    }
    size_t indent = line.find_first_not_of(" \t");
    if (indent == std::string::npos || !isMagic(std::string_view(line).substr(indent))) {
      lines.push_back(std::move(line));
      continue;
    }
    continuedAt = line.substr(0, indent);
    continued = goesOn;
    lines.push_back(continuedAt + std::string(kMagic) + line.substr(indent));
  }
  return lines;
}

}  // namespace

std::string lineAsWritten(std::string_view line) {
  size_t indent = line.find_first_not_of(" \t");
  if (indent == std::string::npos) return std::string(line);
  if (startsWith(line.substr(indent), kMagicLine))
    return std::string(line.substr(indent + kMagicLine.size()));
  if (!startsWith(line.substr(indent), kMagic)) return std::string(line);
  return std::string(line.substr(0, indent)) + std::string(line.substr(indent + kMagic.size()));
}

namespace {

// Whether a cell's text is Python: a cell magic's body is another language
// (`%%bash`, `%%writefile x`), but for those that time or capture Python.
bool pythonCell(std::string_view text) {
  if (!startsWith(text, "%%")) return true;
  size_t end = text.find_first_of(" \t\r\n", 2);
  std::string_view magic = text.substr(2, end == std::string_view::npos ? end : end - 2);
  for (std::string_view python : {"time", "timeit", "capture", "prun", "debug"})
    if (magic == python) return true;
  return false;
}

std::string jsonString(const std::string& text) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::json::Value(text);
  return os.str();
}

// `text` in the layout of `old`, a `source` value as the notebook wrote it:
// one string, or a list of lines each ending in "\n" but the last.
std::string sourceValue(std::string_view old, const std::string& text) {
  if (old.empty() || old[0] != '[') return jsonString(text);
  size_t first = old.find('"');
  size_t close = old.rfind(']');
  size_t lastEnd = old.find_last_not_of(" \t\r\n", close - 1);
  std::string lead = first == std::string_view::npos ? "" : std::string(old.substr(1, first - 1));
  std::string tail = first == std::string_view::npos
                         ? ""
                         : std::string(old.substr(lastEnd + 1, close - lastEnd - 1));
  std::string out = "[";
  size_t start = 0;
  bool any = false;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    out += (any ? "," : "") + lead + jsonString(text.substr(start, end - start));
    any = true;
    start = end;
  }
  return out + (any ? tail : "") + "]";
}

}  // namespace

bool isNotebookPath(std::string_view path) {
  return path.size() > 6 && path.compare(path.size() - 6, 6, ".ipynb") == 0;
}

std::optional<Notebook> Notebook::parse(std::string json, std::string& error) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(json);
  if (!value) {
    error = "not JSON: " + llvm::toString(value.takeError());
    return std::nullopt;
  }
  const llvm::json::Object* top = value->getAsObject();
  const llvm::json::Array* cells = top ? top->getArray("cells") : nullptr;
  if (!cells) {
    error = "not a notebook: no `cells` list";
    return std::nullopt;
  }
  Notebook nb;
  std::vector<std::pair<size_t, size_t>> spans = sourceSpans(json);
  for (size_t i = 0; i < cells->size(); ++i) {
    const llvm::json::Object* cell = (*cells)[i].getAsObject();
    if (!cell || cell->getString("cell_type") != llvm::StringRef("code")) continue;
    const llvm::json::Value* source = cell->get("source");
    std::string text;
    if (source && source->getAsString()) {
      text = source->getAsString()->str();
    } else if (const llvm::json::Array* parts = source ? source->getAsArray() : nullptr) {
      for (const llvm::json::Value& part : *parts) {
        auto line = part.getAsString();
        if (!line) {
          error = "cell " + std::to_string(i + 1) + ": a source line that is not a string";
          return std::nullopt;
        }
        text += line->str();
      }
    } else {
      error = "cell " + std::to_string(i + 1) + ": no source";
      return std::nullopt;
    }
    if (!pythonCell(text) || i >= spans.size() || spans[i].second == 0) continue;
    auto number = static_cast<unsigned>(i + 1);
    nb.source_ += std::string(kCellMarker) + std::to_string(number) + "\n";
    for (const std::string& line : asPython(text)) nb.source_ += line + "\n";
    nb.cells_.push_back({number, spans[i], std::move(text)});
  }
  nb.json_ = std::move(json);
  return nb;
}

std::optional<std::vector<Notebook::CellChange>> Notebook::cellsOf(
    const std::string& source) const {
  if (cells_.empty())
    return source.empty() ? std::optional(std::vector<CellChange>{}) : std::nullopt;
  // Each cell's lines; those before the first marker (an insertion at the
  // very start) go to the first cell.
  std::vector<std::vector<std::string>> lines(cells_.size());
  size_t cell = 0;
  bool started = false;
  for (std::string& line : splitLines(source)) {
    if (startsWith(line, kCellMarker)) {
      if (started) ++cell;
      started = true;
      if (cell >= cells_.size() ||
          line.substr(kCellMarker.size()) != std::to_string(cells_[cell].number))
        return std::nullopt;
      continue;
    }
    lines[cell].push_back(lineAsWritten(line));
  }
  if (cell + 1 != cells_.size()) return std::nullopt;
  std::vector<CellChange> changes;
  for (size_t k = 0; k < cells_.size(); ++k) {
    const Cell& c = cells_[k];
    std::string text;
    for (size_t l = 0; l < lines[k].size(); ++l) text += (l ? "\n" : "") + lines[k][l];
    if (!c.text.empty() && c.text.back() == '\n') text += "\n";
    changes.push_back({c.number, c.text, std::move(text)});
  }
  return changes;
}

std::optional<std::string> Notebook::withSource(const std::string& source) const {
  std::optional<std::vector<CellChange>> changes = cellsOf(source);
  if (!changes) return std::nullopt;
  std::string out;
  size_t done = 0;
  for (size_t k = 0; k < cells_.size(); ++k) {
    const Cell& c = cells_[k];
    if ((*changes)[k].after == c.text) continue;
    out.append(json_, done, c.span.first - done);
    out += sourceValue(std::string_view(json_).substr(c.span.first, c.span.second - c.span.first),
                       (*changes)[k].after);
    done = c.span.second;
  }
  out.append(json_, done, std::string::npos);
  return out;
}

}  // namespace lightfix
