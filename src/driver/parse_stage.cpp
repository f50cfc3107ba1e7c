#include "driver/parse_stage.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

#include "core/source_encoding.h"
#include "driver/read_stage.h"
#include "model/lightning_classes.h"
#include "model/strategy.h"
#include "semantics/imports.h"
#include "semantics/module_table.h"

namespace lightfix {

namespace {

void parseSlot(FileSlot& slot, std::string text, uint64_t words, const RunOptions& options) {
  slot.words = words;
  slot.matchable = Prefilter::python(words) == Relevance::Rules;
  std::string shown =
      slot.path == "-" && !options.stdinFilename.empty() ? options.stdinFilename : slot.path;
  slot.file = std::make_shared<SourceFile>(shown, std::move(text));
  slot.stage = SlotStage::Parsed;
  slot.tree = SyntaxTree::parse(slot.file->text());
  if (!slot.tree.hasError())
    slot.model = std::make_unique<FileModel>(*slot.file, slot.tree, options.model);
}

}  // namespace

void scanSlot(FileSlot& slot, const RunOptions& options) {
  if (slot.stage != SlotStage::ToParse) return;
  if (slot.cxx) {
    slot.file = std::make_shared<SourceFile>(slot.path, std::move(slot.text));
    slot.stage = SlotStage::Parsed;
    return;
  }
  parseSlot(slot, std::move(slot.text), slot.words, options);
}

void parseImported(std::vector<FileSlot>& slots, WorkPool& pool, const Prefilter& prefilter,
                   const RunOptions& options) {
  ModuleTable unparsed;
  std::vector<size_t> slotOf;
  for (size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].file || slots[i].cxx || !slots[i].outcome.readError.empty()) continue;
    unparsed.add(slots[i].path);
    slotOf.push_back(i);
  }
  std::vector<bool> taken(slotOf.size(), false);
  std::vector<size_t> wave;
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].model) wave.push_back(i);
  while (!wave.empty() && unparsed.size() > 0) {
    std::vector<size_t> next;
    for (size_t i : wave)
      for (const std::string& module : slots[i].model->imports().importedModules()) {
        int index = unparsed.find(slots[i].file->path(), module);  // stdin: its name
        if (index < 0 || taken[static_cast<size_t>(index)]) continue;
        taken[static_cast<size_t>(index)] = true;
        next.push_back(slotOf[static_cast<size_t>(index)]);
      }
    std::sort(next.begin(), next.end());
    pool.forEach(next.size(), [&](size_t k) {
      FileSlot& slot = slots[next[k]];
      std::string text;
      std::string error;  // unread, it informs nothing: no error of the run
      if (readSource(slot.path, text, error) && !refusedByte(text)) {
        uint64_t words = prefilter.words(text);
        parseSlot(slot, std::move(text), words, options);
      }
    });
    wave.clear();
    for (size_t i : next)
      if (slots[i].model) wave.push_back(i);
  }
}

std::string cliPackageOf(const std::vector<FileSlot>& slots) {
  std::set<std::string> packages;
  for (const FileSlot& slot : slots) {
    if (!slot.model) continue;
    std::optional<std::string> q = slot.model->imports().qualifyName("LightningCLI");
    if (std::string package = q ? trainerPackageOf(*q) : ""; !package.empty())
      packages.insert(package);
  }
  return packages.size() == 1 ? *packages.begin() : std::string();
}

}  // namespace lightfix
