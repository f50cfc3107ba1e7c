#include "core/notebook.h"

#include <gtest/gtest.h>

#include <string>

#include "core/source_file.h"

namespace lightfix {
namespace {

// As Jupyter writes one: indent 1, sorted keys, sources as lists of lines.
constexpr const char* kNotebook = R"({
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "# Title"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": [
    "!pip install lightning\n",
    "import lightning as L\n",
    "if True:\n",
    "    %time x = 1\n",
    "files = !ls"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": [
    "%%bash\n",
    "echo hi"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": "fabric.backward(loss)\n"
  }
 ],
 "metadata": {},
 "nbformat": 4,
 "nbformat_minor": 5
}
)";

Notebook parsed(const std::string& json) {
  std::string error;
  std::optional<Notebook> nb = Notebook::parse(json, error);
  EXPECT_TRUE(nb) << error;
  return nb ? *nb : *Notebook::parse(R"({"cells": []})", error);
}

TEST(Notebook, CodeCellsJoinAfterMarkersWithMagicsPassedOver) {
  Notebook nb = parsed(kNotebook);
  EXPECT_EQ(nb.source(),
            "#lightfix:cell 2\n"
            "pass  #lightfix:magic !pip install lightning\n"
            "import lightning as L\n"
            "if True:\n"
            "    pass  #lightfix:magic %time x = 1\n"
            "pass  #lightfix:magic files = !ls\n"
            "#lightfix:cell 4\n"
            "fabric.backward(loss)\n");
  EXPECT_EQ(lineAsWritten("    pass  #lightfix:magic %time x = 1"), "    %time x = 1");
  EXPECT_EQ(lineAsWritten("x = 1"), "x = 1");
}

TEST(Notebook, ACellMagicThatRunsPythonKeepsItsBody) {
  Notebook nb = parsed(
      R"J({"cells": [{"cell_type": "code", "source": "%%time\ntrainer.fit(model)"},
                     {"cell_type": "code", "source": "%%writefile train.py\nimport os"}]})J");
  EXPECT_EQ(nb.source(), "#lightfix:cell 1\npass  #lightfix:magic %%time\ntrainer.fit(model)\n");
}

TEST(Notebook, AMagicsContinuedLinesArePassedOverAtItsIndentation) {
  Notebook nb = parsed(
      R"({"cells": [{"cell_type": "code", "source": "if True:\n    %shell wget \\\n      https://x\n    y = 1\n"}]})");
  EXPECT_EQ(nb.source(),
            "#lightfix:cell 1\n"
            "if True:\n"
            "    pass  #lightfix:magic %shell wget \\\n"
            "    pass  #lightfix:magic+      https://x\n"
            "    y = 1\n");
  EXPECT_EQ(lineAsWritten("    pass  #lightfix:magic+      https://x"), "      https://x");
  EXPECT_EQ(nb.withSource(nb.source()), nb.json());
}

TEST(Notebook, PositionsAreRowsInTheirCell) {
  Notebook nb = parsed(kNotebook);
  SourceFile file("a.ipynb", nb.source());
  Position p = file.position(static_cast<uint32_t>(nb.source().find("fabric")));
  EXPECT_EQ(p, (Position{1, 1, 4}));
  EXPECT_EQ(placeOf("a.ipynb", p), "a.ipynb:cell 4:1:1");
  EXPECT_EQ(file.position(static_cast<uint32_t>(nb.source().find("if True"))), (Position{3, 1, 2}));
  // Not a notebook: no cells, whatever the text.
  EXPECT_EQ(SourceFile("a.py", nb.source()).position(0), (Position{1, 1, 0}));
}

TEST(Notebook, AFixIsWrittenIntoItsCellOnlyInItsLayout) {
  Notebook nb = parsed(kNotebook);
  std::string fixed = nb.source();
  fixed.replace(fixed.find("loss)"), 5, "loss, model=m)");
  fixed.replace(fixed.find("import lightning"), 0, "import torch\n");
  std::string expected = kNotebook;
  expected.replace(expected.find("\"fabric.backward(loss)\\n\""), 25,
                   "\"fabric.backward(loss, model=m)\\n\"");
  expected.replace(expected.find("    \"import lightning"), 0, "    \"import torch\\n\",\n");
  EXPECT_EQ(nb.withSource(fixed), expected);
  EXPECT_EQ(nb.withSource(nb.source()), std::string(kNotebook));  // byte for byte
  // Text inserted before the first marker belongs to the first cell.
  std::optional<std::vector<Notebook::CellChange>> cells = nb.cellsOf("import os\n" + nb.source());
  ASSERT_TRUE(cells);
  EXPECT_EQ((*cells)[0].number, 2u);
  EXPECT_EQ((*cells)[0].after.substr(0, 33), "import os\n!pip install lightning\n");
}

TEST(Notebook, ALostMarkerWritesNothing) {
  Notebook nb = parsed(kNotebook);
  std::string broken = nb.source();
  broken.erase(broken.find("#lightfix:cell 4\n"), 17);
  EXPECT_FALSE(nb.withSource(broken));
  std::string renumbered = nb.source();
  renumbered.replace(renumbered.find("cell 4"), 6, "cell 5");
  EXPECT_FALSE(nb.withSource(renumbered));
}

TEST(Notebook, WhatIsNotANotebookSaysWhy) {
  std::string error;
  EXPECT_FALSE(Notebook::parse("nope", error));
  EXPECT_EQ(error.rfind("not JSON: ", 0), 0u) << error;
  EXPECT_FALSE(Notebook::parse(R"({"cells": 3})", error));
  EXPECT_EQ(error, "not a notebook: no `cells` list");
  EXPECT_FALSE(Notebook::parse(R"({"cells": [{"cell_type": "code", "source": [1]}]})", error));
  EXPECT_EQ(error, "cell 1: a source line that is not a string");
  EXPECT_TRUE(isNotebookPath("a/b.ipynb"));
  EXPECT_FALSE(isNotebookPath("ipynb"));
}

}  // namespace
}  // namespace lightfix
