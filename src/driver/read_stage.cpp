#include "driver/read_stage.h"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <iterator>
#include <optional>

#include "core/read_file.h"
#include "core/source_encoding.h"
#include "driver/import_scan.h"
#include "driver/result_cache.h"
#include "semantics/module_table.h"

namespace lightfix {

namespace {

// 1.3 KB, 12.0 MB.
std::string humanSize(uint64_t bytes) {
  if (bytes < (1u << 20)) return fmt::format("{:.1f} KB", static_cast<double>(bytes) / 1024);
  return fmt::format("{:.1f} MB", static_cast<double>(bytes) / (1u << 20));
}

}  // namespace

bool readSource(const std::string& path, const RunOptions& options, std::string& text,
                std::string& error) {
  if (path == "-") {
    if (options.stdinText)
      text = *options.stdinText;
    else
      text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  if (options.buffers) {
    auto buffer = options.buffers->find(normalisedPath(path));
    if (buffer != options.buffers->end()) {
      text = buffer->second;
      return true;
    }
  }
  std::string why;
  if (readWholeFile(path, text, &why)) return true;
  error = path + ": cannot read file: " + why;
  return false;
}

void readSlot(FileSlot& slot, const RunOptions& options, bool hash, RunResult& result) {
  if (slot.uncompiled()) return;
  std::error_code ec;
  uint64_t size = slot.path == "-" ? 0 : std::filesystem::file_size(slot.path, ec);
  if (!ec && options.maxFileSize > 0 && size > options.maxFileSize) {
    slot.outcome.notice = fmt::format("{}: not checked: {} is above the {} limit (max-file-size)",
                                      slot.path, humanSize(size), humanSize(options.maxFileSize));
    slot.stage = SlotStage::TooLarge;
    slot.hash = size;
    return;
  }
  if (!readSource(slot.path, options, slot.text, slot.outcome.readError)) {
    slot.stage = SlotStage::ReadFailed;
    return;
  }
  if (slot.path == "-") result.stdinText = slot.text;
  const std::string& name = slot.path == "-" ? options.stdinFilename : slot.path;
  if (isNotebookPath(name)) {
    std::string why;
    std::optional<Notebook> notebook = Notebook::parse(std::move(slot.text), why);
    if (!notebook) {
      slot.outcome.readError = fmt::format("{}: cannot read notebook: {}", name, why);
      slot.stage = SlotStage::ReadFailed;
      return;
    }
    slot.text = notebook->source();
    slot.notebook = std::make_shared<const Notebook>(std::move(*notebook));
  }
  if (hash) slot.hash = contentHash(slot.text);
  slot.stage = SlotStage::Read;
}

void classifySlot(FileSlot& slot, const Prefilter& prefilter) {
  if (slot.stage != SlotStage::Read) return;
  bool relevant = false;
  if (slot.cxx) {
    slot.matchable = prefilter.cxx(slot.text);
    relevant = slot.matchable;
  } else if (std::optional<RefusedByte> bad = refusedByte(slot.text)) {
    // Python refuses such a source: it is no Python file to judge or fix.
    Position at = SourceFile(slot.path, slot.text).position(static_cast<uint32_t>(bad->offset));
    slot.outcome.readError =
        fmt::format("{}:{}:{}: {}; file left as it is", slot.path, at.row, at.column, bad->why);
  } else {
    slot.words = prefilter.words(slot.text);
    if (prefilter.enabled()) slot.imports = lexicalImports(slot.text);
    // A package's `__init__.py` re-exporting names (`from .pretrain import
    // MoiraiPretrain`) is how a config's `_target_: pkg.MoiraiPretrain`
    // reaches the class: modelled whatever its words.
    bool reexports =
        !slot.imports.empty() && std::filesystem::path(slot.path).filename() == "__init__.py";
    relevant = reexports || Prefilter::python(slot.words) != Relevance::None;
  }
  slot.stage = relevant ? SlotStage::ToParse : SlotStage::Dropped;
  if (!relevant) std::string().swap(slot.text);
}

}  // namespace lightfix
