#pragma once
// A Jupyter notebook's code cells as one Python source, and back. Each cell
// the source holds starts with a marker line, `#lightfix:cell N` (N counts
// every cell of the notebook from 1, as the notebook shows them), so that
// a fixed source still says which lines are which cell's, and positions
// (SourceFile) are given as a cell and a row in it. IPython's line magics
// and shell escapes (`%time x`, `!pip install y`, `ls?`) become a `pass`
// that remembers them; a cell that starts with a cell magic is left out
// (`%%bash`), unless its body is Python (`%%time`, `%%timeit`, `%%capture`,
// `%%prun`, `%%debug`: only the magic's line is passed over).

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lightfix {

// Whether a path names a notebook: its sources are read through Notebook.
bool isNotebookPath(std::string_view path);

// The marker that starts each cell in a notebook's source.
inline constexpr std::string_view kCellMarker = "#lightfix:cell ";

// A line of a notebook's source as the notebook has it: a magic restored.
std::string lineAsWritten(std::string_view line);

class Notebook {
 public:
  // The notebook in `json`; nullopt, with `error` saying why in a few
  // words, when it is not one (not JSON, no `cells` list, a source that is
  // neither a string nor a list of strings).
  static std::optional<Notebook> parse(std::string json, std::string& error);

  const std::string& json() const { return json_; }
  // Its code cells joined, each after its marker line.
  const std::string& source() const { return source_; }

  // Each code cell's number, its text as written, and its text in `source`
  // (this notebook's source, edited); nullopt if a marker is gone or moved.
  struct CellChange {
    unsigned number;
    const std::string& before;
    std::string after;
  };
  std::optional<std::vector<CellChange>> cellsOf(const std::string& source) const;

  // The notebook's text with `source` put back into its cells: only the
  // `source` of a cell that changed is rewritten, in the layout it had;
  // nullopt as for cellsOf.
  std::optional<std::string> withSource(const std::string& source) const;

 private:
  struct Cell {
    unsigned number = 0;             // among all the cells, from 1
    std::pair<size_t, size_t> span;  // of its `source` value in json_
    std::string text;                // its source, as written
  };
  std::string json_;
  std::string source_;
  std::vector<Cell> cells_;  // the Python ones, in order
};

}  // namespace lightfix
