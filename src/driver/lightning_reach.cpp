#include "driver/lightning_reach.h"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <unordered_map>

#include "driver/import_scan.h"
#include "semantics/module_table.h"

namespace lightfix {

namespace {

// Union–find over the files, joined by each import between two of them.
class Components {
 public:
  explicit Components(size_t count) : parent_(count) {
    std::iota(parent_.begin(), parent_.end(), size_t{0});
  }
  size_t root(size_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  void join(size_t a, size_t b) { parent_[root(a)] = root(b); }

 private:
  std::vector<size_t> parent_;
};

bool readPython(const FileSlot& slot) {
  return !slot.cxx && (slot.stage == SlotStage::ToParse || slot.stage == SlotStage::Dropped);
}

// `a/b/c` for every folder of a path and every '/'-bounded tail of it: an
// absolute module name's folder may be any of them (ModuleTable::find).
template <typename Visit>
void forEachFolderTail(const std::string& path, Visit visit) {
  for (size_t end = path.rfind('/'); end != std::string::npos && end > 0;
       end = path.rfind('/', end - 1)) {
    std::string_view folder = std::string_view(path).substr(0, end);
    for (size_t start = 0; start != std::string_view::npos;) {
      if (start < folder.size() && folder[start] != '/') visit(folder.substr(start));
      size_t slash = folder.find('/', start);
      start = slash == std::string_view::npos ? slash : slash + 1;
    }
  }
}

// The project's files joined by what each import lets the model reach: the
// module a name stands for, every package above it (`a.b.C` resolves to
// the longest module there is), every module below it (`a.b` then
// `a.b.c.f()`), and through a star import what the module it names binds.
class ImportGraph {
 public:
  ImportGraph(std::vector<std::string> names, std::vector<std::vector<LexicalImport>> imports)
      : names_(std::move(names)), imports_(std::move(imports)), components_(names_.size()) {
    for (const std::string& name : names_) table_.add(name);
    for (size_t k = 0; k < names_.size(); ++k)
      forEachFolderTail(table_.path(k), [&](std::string_view tail) {
        below_[std::string(tail)].files.push_back(k);
      });
  }

  // Whether each file is joined to one importing Lightning or DeepSpeed.
  std::vector<bool> reached() {
    std::vector<bool> anchors(names_.size(), false);
    for (size_t k = 0; k < names_.size(); ++k) {
      for (const LexicalImport& i : imports_[k]) {
        if (isLightningPackage(i.name)) anchors[k] = true;
        joinName(k, names_[k], i.name);
      }
      std::vector<bool> seen(names_.size(), false);
      joinStars(k, k, seen);
    }
    std::vector<bool> anchored(names_.size(), false);
    for (size_t k = 0; k < names_.size(); ++k)
      if (anchors[k]) anchored[components_.root(k)] = true;
    std::vector<bool> out(names_.size());
    for (size_t k = 0; k < names_.size(); ++k) out[k] = anchored[components_.root(k)];
    return out;
  }

 private:
  struct Folder {
    std::vector<size_t> files;
    bool joined = false;
  };

  // `name` as the file `k` resolves it, from the file at `from`.
  void joinName(size_t k, const std::string& from, const std::string& name) {
    size_t dots = std::min(name.find_first_not_of('.'), name.size());
    if (dots > 0) join(k, table_.find(from, name.substr(0, dots)));
    for (size_t dot = name.find('.', dots); dot != std::string::npos; dot = name.find('.', dot + 1))
      join(k, table_.find(from, name.substr(0, dot)));
    join(k, table_.find(from, name));
    joinBelow(k, from, name);
  }

  void join(size_t k, int other) {
    if (other >= 0) components_.join(k, static_cast<size_t>(other));
  }

  // Every module in the package `name` (relative names from `from`).
  void joinBelow(size_t k, const std::string& from, const std::string& name) {
    size_t dots = std::min(name.find_first_not_of('.'), name.size());
    std::string folder = name.substr(dots);
    std::replace(folder.begin(), folder.end(), '.', '/');
    if (dots > 0) {
      std::filesystem::path dir = std::filesystem::path(normalisedPath(from)).parent_path();
      for (size_t i = 1; i < dots; ++i) dir = dir.parent_path();
      folder = folder.empty() ? dir.generic_string() : dir.generic_string() + "/" + folder;
      folder.erase(0, folder.find_first_not_of('/'));
    }
    auto it = below_.find(folder);
    if (it == below_.end() || it->second.files.empty()) return;
    Folder& f = it->second;
    if (!f.joined) {
      for (size_t file : f.files) components_.join(file, f.files.front());
      f.joined = true;
    }
    components_.join(k, f.files.front());
  }

  // A star import hands `k` the names the module binds, which `k` then
  // resolves from its own place, through chains of star imports.
  void joinStars(size_t k, size_t at, std::vector<bool>& seen) {
    for (const LexicalImport& i : imports_[at]) {
      if (!i.star) continue;
      int target = table_.find(names_[at], i.name);
      if (target < 0 || seen[static_cast<size_t>(target)]) continue;
      seen[static_cast<size_t>(target)] = true;
      for (const LexicalImport& bound : imports_[static_cast<size_t>(target)])
        joinName(k, names_[k], bound.name);
      joinStars(k, static_cast<size_t>(target), seen);
    }
  }

  std::vector<std::string> names_;
  std::vector<std::vector<LexicalImport>> imports_;
  Components components_;
  ModuleTable table_;
  std::unordered_map<std::string, Folder> below_;
};

}  // namespace

void markUnreached(std::vector<FileSlot>& slots, const std::string& stdinName) {
  std::vector<size_t> slotOf;
  std::vector<std::string> names;
  std::vector<std::vector<LexicalImport>> imports;
  for (size_t i = 0; i < slots.size(); ++i) {
    if (!readPython(slots[i])) continue;
    names.push_back(slots[i].path == "-" && !stdinName.empty() ? stdinName : slots[i].path);
    imports.push_back(std::move(slots[i].imports));
    slots[i].imports = {};
    slotOf.push_back(i);
  }
  std::vector<bool> reached = ImportGraph(std::move(names), std::move(imports)).reached();
  for (size_t k = 0; k < slotOf.size(); ++k) {
    if (reached[k]) continue;
    FileSlot& slot = slots[slotOf[k]];
    slot.unreached = true;
    if (slot.stage != SlotStage::ToParse) continue;
    slot.stage = SlotStage::Dropped;
    std::string().swap(slot.text);
  }
}

}  // namespace lightfix
