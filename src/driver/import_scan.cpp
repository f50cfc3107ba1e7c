#include "driver/import_scan.h"

#include <array>

#include "driver/code_regions.h"

namespace lightfix {

namespace {

enum class Token { Name, Dot, Comma, Open, Close, Star, End, Other };

bool nameStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool nameChar(unsigned char c) { return nameStart(c) || (c >= '0' && c <= '9'); }

// Reads the import statements out of a stream of tokens: `import a.b as c,
// d`, `from ..pkg import (x, y as z)`, `from m import *`.
class ImportReader {
 public:
  explicit ImportReader(std::vector<LexicalImport>& out) : out_(out) {}

  void feed(Token token, std::string_view name = {}) {
    switch (state_) {
      case State::Idle:
        if (token == Token::Name && name == "import") start(false);
        if (token == Token::Name && name == "from") {
          state_ = State::FromModule;
          base_.clear();
        }
        return;
      case State::FromModule:
        if (token == Token::Dot) {
          base_ += '.';
        } else if (token == Token::Name && name == "import") {
          start(true);
        } else if (token == Token::Name && (base_.empty() || base_.back() == '.')) {
          base_ += name;
        } else {  // `yield from x`, `raise E from err`: no import
          state_ = State::Idle;
          feed(token, name);
        }
        return;
      case State::Names:
        names(token, name);
        return;
    }
  }

 private:
  enum class State { Idle, FromModule, Names };

  void start(bool from) {
    state_ = State::Names;
    from_ = from;
    if (!from) base_.clear();
    current_.clear();
    alias_ = false;
    aliased_ = false;
    depth_ = 0;
  }

  void names(Token token, std::string_view name) {
    switch (token) {
      case Token::Name:
        if (name == "as") {
          alias_ = true;
          aliased_ = true;
        } else if (alias_) {
          alias_ = false;
        } else {
          current_ += name;
        }
        return;
      case Token::Dot:
        current_ += '.';
        return;
      case Token::Comma:
        flush();
        return;
      case Token::Open:
        ++depth_;
        return;
      case Token::Close:
        flush();
        if (--depth_ < 0) state_ = State::Idle;
        return;
      case Token::Star:
        if (from_) out_.push_back({base_, true});
        return;
      case Token::End:
        if (depth_ > 0) return;  // a newline inside `( … )`
        flush();
        state_ = State::Idle;
        return;
      case Token::Other:
        flush();
        state_ = State::Idle;
        return;
    }
  }

  void flush() {
    if (current_.empty()) return;
    if (!from_) {
      // `import a.b` binds `a`; `import a.b as c` binds `c` to `a.b`.
      out_.push_back({aliased_ ? current_ : current_.substr(0, current_.find('.'))});
    } else if (base_.empty() || base_.back() == '.') {
      out_.push_back({base_ + current_});
    } else {
      out_.push_back({base_ + "." + current_});
    }
    current_.clear();
    aliased_ = false;
  }

  std::vector<LexicalImport>& out_;
  State state_ = State::Idle;
  bool from_ = false;
  std::string base_;
  std::string current_;
  bool alias_ = false;    // the next name is an alias
  bool aliased_ = false;  // the current name has one
  int depth_ = 0;
};

// Splits a piece of code into the tokens an import statement is made of.
void tokenize(std::string_view code, ImportReader& reader) {
  size_t i = 0;
  const size_t n = code.size();
  while (i < n) {
    auto c = static_cast<unsigned char>(code[i]);
    if (nameStart(c)) {
      size_t start = i;
      while (i < n && nameChar(static_cast<unsigned char>(code[i]))) ++i;
      reader.feed(Token::Name, code.substr(start, i - start));
      continue;
    }
    ++i;
    switch (c) {
      case ' ':
      case '\t':
      case '\r':
      case '\f':
        break;
      case '\\':  // a line continued: the newline is no end
        while (i < n && (code[i] == '\r' || code[i] == ' ' || code[i] == '\t')) ++i;
        if (i < n && code[i] == '\n') ++i;
        break;
      case '\n':
      case ';':
        reader.feed(Token::End);
        break;
      case '.':
        reader.feed(Token::Dot);
        break;
      case ',':
        reader.feed(Token::Comma);
        break;
      case '(':
        reader.feed(Token::Open);
        break;
      case ')':
        reader.feed(Token::Close);
        break;
      case '*':
        reader.feed(Token::Star);
        break;
      default:
        if (c >= '0' && c <= '9')  // a number, `1.5` with its dot
          while (i < n && (nameChar(static_cast<unsigned char>(code[i])) || code[i] == '.')) ++i;
        reader.feed(Token::Other);
        break;
    }
  }
}

}  // namespace

std::vector<LexicalImport> lexicalImports(std::string_view text) {
  std::vector<LexicalImport> modules;
  ImportReader reader(modules);
  constexpr std::string_view kBom = "\xEF\xBB\xBF";  // no part of a name
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  forEachRegion(text, [&](Region region, std::string_view part) {
    if (region == Region::Code) {
      tokenize(part, reader);
    } else {
      reader.feed(Token::Other);
    }
  });
  reader.feed(Token::End);
  return modules;
}

bool isLightningPackage(std::string_view module) {
  static constexpr std::array<std::string_view, 5> kPackages = {
      "lightning", "pytorch_lightning", "lightning_fabric", "lightning_lite", "deepspeed"};
  std::string_view root = module.substr(0, module.find('.'));
  for (std::string_view package : kPackages)
    if (root == package) return true;
  return false;
}

}  // namespace lightfix
