#include "driver/result_cache.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SHA256.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

#include "driver/binary_identity.h"
#include "driver/cache_files.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// Bumped whenever an entry's layout or meaning changes.
constexpr int kFormat = 2;

const char* modeName(Mode mode) {
  switch (mode) {
    case Mode::Check:
      return "check";
    case Mode::Fix:
      return "fix";
    case Mode::Diff:
      return "diff";
  }
  return "";
}

// Writing an entry gives up on a string llvm::json would alter (not UTF-8,
// a path's bytes), rather than keep something else than what was found.
struct Writer {
  bool faithful = true;

  llvm::json::Value text(const std::string& s) {
    if (!llvm::json::isUTF8(s)) faithful = false;
    return s;
  }
  llvm::json::Value position(const Position& p) { return llvm::json::Array{p.row, p.column}; }

  llvm::json::Value fix(const Fix& f) {
    llvm::json::Array edits;
    for (const clang::tooling::Replacement& r : f.edits)
      edits.push_back(llvm::json::Array{text(r.getFilePath().str()), r.getOffset(), r.getLength(),
                                        text(r.getReplacementText().str())});
    return llvm::json::Object{{"message", text(f.message)},
                              {"unsafe", f.applicability == Applicability::Unsafe},
                              {"edits", std::move(edits)}};
  }

  llvm::json::Value diagnostics(const std::vector<Diagnostic>& all) {
    llvm::json::Array out;
    for (const Diagnostic& d : all) {
      llvm::json::Object o{{"syntaxError", d.isSyntaxError()},
                           {"code", text(d.code)},
                           {"message", text(d.message)},
                           {"warning", d.severity == Severity::Warning},
                           {"offset", d.offset},
                           {"length", d.length},
                           {"start", position(d.location)},
                           {"end", position(d.endLocation)}};
      if (d.fix) o["fix"] = fix(*d.fix);
      if (d.related)
        o["related"] =
            llvm::json::Array{text(d.related->path), d.related->line, text(d.related->message)};
      out.push_back(std::move(o));
    }
    return out;
  }

  llvm::json::Value outcome(size_t index, const FileOutcome& o) {
    llvm::json::Array errors;
    for (const RunError& e : o.errors)
      errors.push_back(llvm::json::Array{static_cast<int>(e.kind), text(e.line)});
    llvm::json::Object out{{"index", static_cast<int64_t>(index)},
                           {"read_error", text(o.readError)},
                           {"notice", text(o.notice)},
                           {"errors", std::move(errors)}};
    if (o.report) out["diagnostics"] = diagnostics(o.report->diagnostics);
    return out;
  }
};

// Reading one gives up (a miss) on anything not as written.
struct Reader {
  bool ok = true;

  std::string text(const llvm::json::Value* v) {
    llvm::Optional<llvm::StringRef> s;
    if (v) s = v->getAsString();
    if (!s) ok = false;
    return s ? s->str() : std::string();
  }
  int64_t integer(const llvm::json::Value* v) {
    llvm::Optional<int64_t> n;
    if (v) n = v->getAsInteger();
    if (!n || *n < 0 || *n > UINT32_MAX) ok = false;
    return n ? *n : 0;
  }
  bool flag(const llvm::json::Value* v) {
    llvm::Optional<bool> b;
    if (v) b = v->getAsBoolean();
    if (!b) ok = false;
    return b && *b;
  }
  const llvm::json::Array& array(const llvm::json::Value* v, size_t size = 0) {
    static const llvm::json::Array kNone;
    const llvm::json::Array* a = v ? v->getAsArray() : nullptr;
    if (!a || (size != 0 && a->size() != size)) ok = false;
    return ok && a ? *a : kNone;
  }
  Position position(const llvm::json::Value* v) {
    const llvm::json::Array& a = array(v, 2);
    if (!ok) return {};
    return {static_cast<unsigned>(integer(&a[0])), static_cast<unsigned>(integer(&a[1]))};
  }

  std::optional<Fix> fix(const llvm::json::Object* o) {
    if (!o) return std::nullopt;
    Fix f;
    f.message = text(o->get("message"));
    f.applicability = flag(o->get("unsafe")) ? Applicability::Unsafe : Applicability::Safe;
    for (const llvm::json::Value& e : array(o->get("edits"))) {
      const llvm::json::Array& edit = array(&e, 4);
      if (!ok) break;
      clang::tooling::Replacement r(text(&edit[0]), static_cast<unsigned>(integer(&edit[1])),
                                    static_cast<unsigned>(integer(&edit[2])), text(&edit[3]));
      if (llvm::Error error = f.edits.add(r)) {
        llvm::consumeError(std::move(error));
        ok = false;
      }
    }
    return f;
  }

  std::vector<Diagnostic> diagnostics(const llvm::json::Value* v) {
    std::vector<Diagnostic> out;
    for (const llvm::json::Value& item : array(v)) {
      const llvm::json::Object* o = item.getAsObject();
      if (!o) {
        ok = false;
        break;
      }
      Diagnostic d;
      if (flag(o->get("syntaxError"))) d.kind = DiagnosticKind::SyntaxError;
      d.code = text(o->get("code"));
      d.message = text(o->get("message"));
      d.severity = flag(o->get("warning")) ? Severity::Warning : Severity::Error;
      d.offset = static_cast<uint32_t>(integer(o->get("offset")));
      d.length = static_cast<uint32_t>(integer(o->get("length")));
      d.location = position(o->get("start"));
      d.endLocation = position(o->get("end"));
      d.fix = fix(o->getObject("fix"));
      if (const llvm::json::Value* related = o->get("related")) {
        const llvm::json::Array& place = array(related, 3);
        if (ok)
          d.related = RelatedPlace{text(&place[0]), static_cast<unsigned>(integer(&place[1])),
                                   text(&place[2])};
      }
      out.push_back(std::move(d));
    }
    return out;
  }

  std::pair<size_t, FileOutcome> outcome(const llvm::json::Object& o) {
    FileOutcome out;
    size_t index = static_cast<size_t>(integer(o.get("index")));
    out.readError = text(o.get("read_error"));
    out.notice = text(o.get("notice"));
    for (const llvm::json::Value& e : array(o.get("errors"))) {
      const llvm::json::Array& pair = array(&e, 2);
      if (!ok) break;
      int64_t kind = integer(&pair[0]);
      if (kind > static_cast<int>(ErrorKind::Io)) ok = false;
      out.errors.push_back({static_cast<ErrorKind>(kind), text(&pair[1])});
    }
    if (const llvm::json::Value* found = o.get("diagnostics"))
      out.report = FileReport{nullptr, diagnostics(found), 0, {}};
    return {index, std::move(out)};
  }
};

}  // namespace

uint64_t contentHash(std::string_view bytes) {
  return llvm::xxHash64(llvm::StringRef(bytes.data(), bytes.size()));
}

CacheKey::CacheKey(const RunOptions& options) {
  text_ = fmt::format("lightfix result cache {}\n{}\n", kFormat, binaryIdentity());
  for (const Rule* rule : options.rules) text_ += fmt::format("rule {}\n", rule->code);
  text_ += fmt::format("deepspeed {} cpu-pinned {} unsafe {} max-file-size {} prefilter {}\n",
                       options.model.targetDeepSpeed, options.model.migrateCpuPinned,
                       options.unsafeFixes, options.maxFileSize, options.prefilter);
  text_ += fmt::format("config root {}\n", options.config.root);
  // A package installed or removed may change what a base class is.
  if (options.installed) text_ += "installed " + options.installed->identity();
  for (const auto& [pattern, codes] : options.config.perFileIgnores)
    text_ += fmt::format("per-file-ignores {} = {}\n", pattern, fmt::join(codes, ","));
}

void CacheKey::addFile(std::string_view path, uint64_t hash) {
  text_ += fmt::format("file {}:{} {:016x}\n", path.size(), path, hash);
}

void CacheKey::addContext(std::string_view path, bool skipped, uint64_t hash) {
  text_ += fmt::format("context {}:{} {} {:016x}\n", path.size(), path, skipped, hash);
}

void CacheKey::addSkipped(std::string_view path, uint64_t size) {
  text_ += fmt::format("skipped {}:{} {}\n", path.size(), path, size);
}

void CacheKey::addUncompiled(std::string_view path) {
  text_ += fmt::format("uncompiled {}:{}\n", path.size(), path);
}

std::string CacheKey::digest() const {
  auto hash = llvm::SHA256::hash(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(text_.data()), text_.size()));
  std::string out;
  for (uint8_t byte : hash) out += fmt::format("{:02x}", byte);
  return out;
}

ResultCache::ResultCache(std::string dir)
    : dir_(binaryIdentity().empty() ? std::string() : std::move(dir)) {}

std::string ResultCache::entryPath(const std::string& root) const {
  return fmt::format("{}/{:016x}.json", dir_, contentHash(root));
}

std::optional<CachedResult> ResultCache::load(const std::string& root, const std::string& key,
                                              Mode mode) const {
  if (!enabled()) return std::nullopt;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(entryPath(root), /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer) return std::nullopt;
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse((*buffer)->getBuffer());
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Object* entry = parsed->getAsObject();
  if (!entry || entry->getString("root") != llvm::StringRef(root) ||
      entry->getString("key") != llvm::StringRef(key))
    return std::nullopt;
  Reader read;
  CachedResult result;
  for (const llvm::json::Value& file : read.array(entry->get("files"))) {
    const llvm::json::Object* o = file.getAsObject();
    if (!o) return std::nullopt;
    result.files.push_back(read.outcome(*o));
  }
  for (const llvm::json::Value& config : read.array(entry->get("configs"))) {
    const llvm::json::Object* o = config.getAsObject();
    if (!o) return std::nullopt;
    size_t index = static_cast<size_t>(read.integer(o->get("index")));
    result.configs.emplace_back(
        index, FileReport{nullptr, read.diagnostics(o->get("diagnostics")), 0, {}});
  }
  if (!read.ok) return std::nullopt;
  if (mode != Mode::Check && !result.clean()) return std::nullopt;
  return result;
}

void ResultCache::store(const std::string& root, const std::string& key, Mode mode,
                        const CachedResult& result) const {
  if (!enabled() || (mode != Mode::Check && !result.clean())) return;
  Writer write;
  llvm::json::Array files;
  for (const auto& [index, outcome] : result.files) files.push_back(write.outcome(index, outcome));
  llvm::json::Array configs;
  for (const auto& [index, report] : result.configs)
    configs.push_back(llvm::json::Object{{"index", static_cast<int64_t>(index)},
                                         {"diagnostics", write.diagnostics(report.diagnostics)}});
  llvm::json::Object entry{{"root", write.text(root)},
                           {"key", key},
                           {"mode", modeName(mode)},
                           {"files", std::move(files)},
                           {"configs", std::move(configs)}};
  if (!write.faithful) return;

  std::string bytes;
  llvm::raw_string_ostream(bytes) << llvm::json::Value(std::move(entry));
  if (makeCacheFolder(dir_) && writeCacheFile(dir_, "entry", bytes, entryPath(root))) wrote_ = true;
}

void ResultCache::prune(int days) const {
  if (enabled() && wrote_) removeUntouched(dir_, {".json", ".tmp"}, days);
}

}  // namespace lightfix
