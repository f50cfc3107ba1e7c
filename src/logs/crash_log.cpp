#include "logs/crash_log.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace lightfix {

namespace {

constexpr std::string_view kTraceback = "Traceback (most recent call last):";
constexpr std::string_view kChains[] = {
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:"};
constexpr size_t kMaxMessageLines = 20;

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

// `[rank3]:`, `[default3]:` (torchrun --tee), after an optional `host: `
// (pdsh, the DeepSpeed launcher): the rank, and the line after the prefix.
int rankPrefix(std::string_view& line) {
  std::string_view rest = line;
  size_t host = 0;
  while (host < rest.size() && isWordChar(rest[host])) ++host;
  if (host > 0 && startsWith(rest.substr(host), ": [")) rest.remove_prefix(host + 2);
  for (std::string_view word : {"[rank", "[default"}) {
    if (!startsWith(rest, word)) continue;
    size_t i = word.size();
    while (i < rest.size() && rest[i] == ' ') ++i;
    size_t digits = i;
    while (i < rest.size() && std::isdigit(static_cast<unsigned char>(rest[i]))) ++i;
    if (i == digits || !startsWith(rest.substr(i), "]:")) continue;
    int rank = std::stoi(std::string(rest.substr(digits, i - digits)));
    rest.remove_prefix(i + 2);
    if (startsWith(rest, " ")) rest.remove_prefix(1);
    line = rest;
    return rank;
  }
  return -1;
}

// `  File "/x/train.py", line 69, in train`
bool parseFrame(std::string_view line, TracebackFrame& frame) {
  line = trimmed(line);
  if (!startsWith(line, "File \"")) return false;
  size_t close = line.find("\", line ", 6);
  if (close == std::string_view::npos) return false;
  frame.path = std::string(line.substr(6, close - 6));
  std::string_view rest = line.substr(close + 8);
  size_t digits = 0;
  while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
  if (digits == 0) return false;
  frame.line = static_cast<unsigned>(std::stoul(std::string(rest.substr(0, digits))));
  rest.remove_prefix(digits);
  frame.function = startsWith(rest, ", in ") ? std::string(trimmed(rest.substr(5))) : "";
  return true;
}

// `ValueError: text`, `pkg.mod.MisconfigurationException: text`, `KeyboardInterrupt`.
bool parseExceptionLine(std::string_view line, RaisedError& error) {
  if (line.empty() || !(std::isalpha(static_cast<unsigned char>(line[0])) || line[0] == '_'))
    return false;
  size_t end = 0;
  while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) ||
                               line[end] == '_' || line[end] == '.'))
    ++end;
  if (end < line.size() && line[end] != ':') return false;
  error.type = std::string(line.substr(0, end));
  error.message = end < line.size() ? std::string(trimmed(line.substr(end + 1))) : "";
  return true;
}

// `ValueError`, `lightning.fabric.utilities.exceptions.MisconfigurationException`.
bool namesAnException(std::string_view type) {
  std::string_view name = type.substr(type.rfind('.') + 1);
  for (std::string_view suffix : {"Error", "Exception", "Interrupt", "Exit"})
    if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix)
      return true;
  return false;
}

// One rank's lines, read as Python prints tracebacks.
class StreamReader {
 public:
  explicit StreamReader(std::vector<RaisedError>& out) : out_(out) {}

  void line(std::string_view text, unsigned lineNumber) {
    std::string_view content = trimmed(text);
    if (startsWith(content, kTraceback)) {
      finish();
      state_ = State::Frames;
      current_.logLine = lineNumber;
      return;
    }
    for (std::string_view chain : kChains)
      if (content == chain) {
        finish();
        return;
      }
    TracebackFrame frame;
    if (parseFrame(text, frame)) {
      if (state_ == State::Message) finish();
      if (state_ == State::None) current_.logLine = lineNumber;  // cut before its `Traceback`
      state_ = State::Frames;
      current_.frames.push_back(std::move(frame));
      return;
    }
    if (state_ == State::Frames) {
      // Source lines and `^^^^` markers are indented; the exception is not.
      bool indented = !text.empty() && std::isspace(static_cast<unsigned char>(text[0]));
      if (!indented && parseExceptionLine(text, current_)) {
        state_ = State::Message;
        messageLines_ = 1;
      }
      return;
    }
    if (state_ == State::Message) {
      if (content.empty() || messageLines_ == kMaxMessageLines) {
        finish();
        return;
      }
      current_.message += '\n';
      current_.message += std::string(text);
      ++messageLines_;
      return;
    }
    // Outside a traceback: an error message alone, as when a log is cut
    // just above it.
    RaisedError bare;
    if (parseExceptionLine(text, bare) && !bare.message.empty() && namesAnException(bare.type)) {
      current_ = std::move(bare);
      current_.logLine = lineNumber;
      state_ = State::Message;
      messageLines_ = 1;
    }
  }

  void finish() {
    if (state_ != State::None && (!current_.frames.empty() || !current_.type.empty()))
      out_.push_back(std::move(current_));
    current_ = RaisedError{};
    state_ = State::None;
  }

 private:
  enum class State { None, Frames, Message };
  std::vector<RaisedError>& out_;
  RaisedError current_;
  State state_ = State::None;
  size_t messageLines_ = 0;
};

}  // namespace

std::string plainLine(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  size_t redraw = line.rfind('\r');
  if (redraw != std::string_view::npos) line.remove_prefix(redraw + 1);
  std::string out;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '\x1b') {
      out += line[i];
      continue;
    }
    if (i + 1 < line.size() && line[i + 1] == '[') {  // CSI: parameters, then a final byte
      i += 2;
      while (i < line.size() && !(line[i] >= 0x40 && line[i] <= 0x7e)) ++i;
    } else if (i + 1 < line.size() && line[i + 1] == ']') {  // OSC: up to BEL or ESC '\'
      i += 2;
      while (i < line.size() && line[i] != '\a' && !(line[i] == '\x1b' && i + 1 < line.size())) ++i;
      if (i < line.size() && line[i] == '\x1b') ++i;
    } else {
      ++i;  // a two-byte escape
    }
  }
  return out;
}

std::vector<RaisedError> readCrashLog(std::string_view log) {
  std::map<int, std::vector<RaisedError>> byRank;
  std::map<int, StreamReader> readers;
  std::vector<int> rankOrder;
  unsigned lineNumber = 0;
  for (size_t start = 0; start < log.size();) {
    ++lineNumber;
    size_t end = log.find('\n', start);
    if (end == std::string_view::npos) end = log.size();
    std::string plain = plainLine(log.substr(start, end - start));
    start = end + 1;
    std::string_view line = plain;
    int rank = rankPrefix(line);
    auto [it, added] = readers.try_emplace(rank, byRank[rank]);
    if (added) rankOrder.push_back(rank);
    it->second.line(line, lineNumber);
  }
  for (auto& [rank, reader] : readers) reader.finish();

  // One error per distinct traceback, with every rank that printed it.
  std::vector<RaisedError*> all;
  for (int rank : rankOrder)
    for (RaisedError& e : byRank[rank]) {
      e.ranks = {rank};
      all.push_back(&e);
    }
  std::stable_sort(all.begin(), all.end(), [](const RaisedError* a, const RaisedError* b) {
    return a->logLine < b->logLine;
  });
  std::vector<RaisedError> errors;
  for (RaisedError* p : all) {
    RaisedError& e = *p;
    auto same = std::find_if(errors.begin(), errors.end(), [&](const RaisedError& o) {
      return o.type == e.type && o.message == e.message &&
             std::equal(o.frames.begin(), o.frames.end(), e.frames.begin(), e.frames.end(),
                        [](const TracebackFrame& a, const TracebackFrame& b) {
                          return a.path == b.path && a.line == b.line;
                        });
    });
    if (same != errors.end()) {
      same->ranks.push_back(e.ranks.front());
    } else {
      errors.push_back(std::move(e));
    }
  }
  for (RaisedError& e : errors) std::sort(e.ranks.begin(), e.ranks.end());
  return errors;
}

}  // namespace lightfix
