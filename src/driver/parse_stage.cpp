#include "driver/parse_stage.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

#include "core/source_encoding.h"
#include "driver/code_regions.h"
#include "driver/read_stage.h"
#include "model/lightning_classes.h"
#include "model/strategy.h"
#include "semantics/imports.h"
#include "semantics/module_table.h"

namespace lightfix {

namespace {

void parseSlot(FileSlot& slot, std::string text, uint64_t words, const ParseInputs& in) {
  const RunOptions& options = in.options;
  slot.words = words;
  slot.matchable = Prefilter::python(words) == Relevance::Rules;
  std::string shown =
      slot.path == "-" && !options.stdinFilename.empty() ? options.stdinFilename : slot.path;
  slot.file = std::make_shared<SourceFile>(shown, std::move(text));
  slot.stage = SlotStage::Parsed;
  slot.tree = in.tables.parse(slot.file->text());
  if (!slot.tree.hasError())
    slot.model = std::make_unique<FileModel>(*slot.file, slot.tree, options.model);
}

// A Python file the filter left unparsed, read without an error, and
// joined by imports to Lightning.
bool leftUnparsed(const FileSlot& slot) {
  return !slot.file && !slot.cxx && slot.outcome.readError.empty() && !slot.unreached;
}

// Reads again a file the filter left, and parses it when `wanted(text)`:
// true when it did.
bool parseFromDisk(FileSlot& slot, const ParseInputs& in,
                   llvm::function_ref<bool(std::string_view)> wanted) {
  std::string text;
  std::string error;  // unread, it informs nothing: no error of the run
  if (!readSource(slot.path, in.options, text, error) || refusedByte(text) || !wanted(text))
    return false;
  uint64_t words = in.prefilter.words(text);
  parseSlot(slot, std::move(text), words, in);
  return true;
}

}  // namespace

void scanSlot(FileSlot& slot, const ParseInputs& in) {
  if (slot.stage != SlotStage::ToParse) return;
  if (slot.cxx) {
    slot.file = std::make_shared<SourceFile>(slot.path, std::move(slot.text));
    slot.stage = SlotStage::Parsed;
    return;
  }
  parseSlot(slot, std::move(slot.text), slot.words, in);
}

void parseImported(std::vector<FileSlot>& slots, WorkPool& pool, const ParseInputs& in) {
  ModuleTable unparsed;
  std::vector<size_t> slotOf;
  for (size_t i = 0; i < slots.size(); ++i) {
    if (!leftUnparsed(slots[i])) continue;
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
      parseFromDisk(slots[next[k]], in, [](std::string_view) { return true; });
    });
    wave.clear();
    for (size_t i : next)
      if (slots[i].model) wave.push_back(i);
  }
}

namespace {

// The names of the project's classes deriving, by name through any of its
// parsed files, from Lightning's Trainer or Fabric: a superset of the
// subclasses the link finds, known before it.
std::vector<std::string> trainerSubclassNames(const std::vector<FileSlot>& slots) {
  std::vector<std::pair<std::string, std::string>> bases;
  for (const FileSlot& slot : slots)
    if (slot.model)
      for (auto& classBase : slot.model->classBaseNames()) bases.push_back(std::move(classBase));
  return subclassNames({"Trainer", "Fabric", "LightningLite"}, bases);
}

}  // namespace

void parseSubclassUsers(std::vector<FileSlot>& slots, WorkPool& pool, const ParseInputs& in) {
  const Prefilter& prefilter = in.prefilter;
  if (!prefilter.enabled()) return;
  std::set<std::string> scanned;
  for (;;) {
    // A name holding a word of the filter made its users parsed already.
    std::vector<std::string> fresh;
    for (const std::string& name : trainerSubclassNames(slots))
      if (Prefilter::python(prefilter.words(name)) == Relevance::None &&
          scanned.insert(name).second)
        fresh.push_back(name);
    if (fresh.empty()) return;
    WordAutomaton users({fresh.begin(), fresh.end()}, std::vector<uint64_t>(fresh.size(), 1));
    std::vector<size_t> unparsed;
    for (size_t i = 0; i < slots.size(); ++i)
      if (leftUnparsed(slots[i])) unparsed.push_back(i);
    std::vector<char> parsed(unparsed.size(), 0);
    pool.forEach(unparsed.size(), [&](size_t k) {
      parsed[k] = parseFromDisk(slots[unparsed[k]], in, [&](std::string_view text) {
        bool uses = false;
        forEachRegion(text, [&](Region region, std::string_view part) {
          uses = uses || (region != Region::String && users.scan(part, 1) != 0);
        });
        return uses;
      });
    });
    if (std::find(parsed.begin(), parsed.end(), 1) == parsed.end()) continue;
    parseImported(slots, pool, in);
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
