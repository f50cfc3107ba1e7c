// `lightfix fix -i` used as a person would: under tmux, on a copy of the
// examples, each question answered with a key, the screen and the files
// checked afterwards. The examples hold, in file order, one safe LF001 fix
// (fabric_pretrain.py:64), two safe LF002 fixes (gan_deepspeed.py:69, :75)
// and three unsafe LF003 fixes (lit_classifier.py:37, :42, :45); only
// those three rules are run, so that a new rule does not change the story.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <sstream>

#include "cli_support.h"
#include "small_notebook.h"
#include "test_support.h"
#include "tmux_terminal.h"

namespace {

constexpr const char* kPrompt =
    "Apply this fix? [y]es, [n]o, [a]ll in this file, [A]ll, [q]uit, [e]dit, [?] help";
constexpr const char* kFabric = "fabric_pretrain.py";
constexpr const char* kGan = "gan_deepspeed.py";
constexpr const char* kLit = "lit_classifier.py";
constexpr const char* kRules = "--select LF001,LF002,LF003";

// A copy of the examples in `root`/examples, and what `fix` and
// `fix --unsafe-fixes` make of them, to compare with.
struct Examples {
  explicit Examples(const fs::path& root) : dir(root / "examples") {
    for (const fs::path& copy : {dir, root / "safe", root / "unsafe"})
      fs::copy(LIGHTFIX_TESTDATA "/../examples", copy, fs::copy_options::recursive);
    lightfix(root / "safe", std::string("fix -q ") + kRules + " .");
    lightfix(root / "unsafe", std::string("fix -q --unsafe-fixes ") + kRules + " .");
    original = tree(dir);
    safe = tree(root / "safe");
    unsafe = tree(root / "unsafe");
  }
  std::string now(const char* file) const { return slurp(dir / file); }

  fs::path dir;
  std::map<std::string, std::string> original, safe, unsafe;
};

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string lineOf(const std::string& text, unsigned row) { return linesOf(text).at(row - 1); }

// `text` with some of its (1-based) lines replaced.
std::string withLines(const std::string& text, const std::map<unsigned, std::string>& changed) {
  std::vector<std::string> lines = linesOf(text);
  for (const auto& [row, line] : changed) lines.at(row - 1) = line;
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

// `lightfix fix -i OPTIONS .` run in `dir` below the terminal's folder (with
// the variables `env` sets), answered one question at a time.
class Dialogue {
 public:
  Dialogue(TmuxTerminal& terminal, const std::string& dir, const std::string& options = "",
           const std::string& env = "")
      : terminal_(terminal), asked_(TmuxTerminal::count(terminal.transcript(), kPrompt)) {
    terminal_.start("(cd " + dir + " && " + env + " '" LIGHTFIX_BINARY "' fix -i " + kRules + " " +
                    options + " .; echo exit=$?)");
  }
  // Waits for the next question and answers it with `key`.
  void answer(const std::string& key) {
    ASSERT_TRUE(terminal_.waitFor(kPrompt, ++asked_)) << terminal_.transcript();
    terminal_.press(key);
  }
  // Waits for the end; returns everything the terminal showed.
  std::string finish() {
    EXPECT_TRUE(terminal_.waitFinished()) << terminal_.transcript();
    std::string transcript = terminal_.transcript();
    EXPECT_EQ(TmuxTerminal::count(transcript, kPrompt), asked_) << transcript;
    return transcript;
  }

 private:
  TmuxTerminal& terminal_;
  size_t asked_;  // questions on the terminal so far, this run's and those before
};

bool shows(const std::string& screen, const std::string& text) {
  return screen.find(text) != std::string::npos;
}

TEST(InteractiveFix, HelpThenYesThenQuitWritesWhatWasAccepted) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  TmuxTerminal terminal(root);
  Dialogue dialogue(terminal, "examples");
  dialogue.answer("?");
  dialogue.answer("y");  // fabric_pretrain.py:64
  dialogue.answer("y");  // gan_deepspeed.py:69
  dialogue.answer("q");  // gan_deepspeed.py:75
  std::string screen = dialogue.finish();

  for (const char* help : {
           "  y      apply this fix\n",
           "  n      skip this fix\n",
           "  a      apply this and the rest of this file's safe fixes without asking\n",
           "  A      the same for every file still to come\n",
           "(a and A skip unsafe fixes, unless --unsafe-fixes is given)\n",
           "  q      quit; the fixes accepted so far are written\n",
           "  e      open the file in $VISUAL or $EDITOR at this line, then check it again\n",
           "  ?      print this help\n",
           "  Enter  y for a safe fix, n for an unsafe one\n",
       })
    EXPECT_TRUE(shows(screen, help)) << help << "\n" << screen;
  EXPECT_TRUE(shows(screen,
                    "\nfabric_pretrain.py:64:13: error[LF001] `fabric.backward()` before any "
                    "`fabric.setup()`; DeepSpeed (selected at line 42) raises \"No models were set "
                    "up for backward\"\n"
                    "  = safe fix: Insert `model, optimizer = fabric.setup(model, optimizer)`\n\n"
                    "  @@ -56,2 +56,3 @@\n"
                    "       optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, "
                    "weight_decay=0.1)\n"
                    "  +    model, optimizer = fabric.setup(model, optimizer)\n"))
      << screen;
  EXPECT_TRUE(shows(screen, "\ngan_deepspeed.py:75:13: error[LF002] ")) << screen;
  EXPECT_FALSE(shows(screen, "lit_classifier.py:")) << "asked after q:\n" << screen;
  EXPECT_TRUE(shows(screen, std::string(kPrompt) + " q\nApplied 2 fixes, skipped 0, 4 left.\n"
                                                   "exit=1\n"))
      << screen;

  EXPECT_EQ(ex.now(kFabric), ex.safe[kFabric]);
  EXPECT_EQ(ex.now(kGan), withLines(ex.original[kGan], {{69, lineOf(ex.safe[kGan], 69)}}));
  EXPECT_EQ(ex.now(kLit), ex.original[kLit]);
  fs::remove_all(root);
}

TEST(InteractiveFix, NoAndEnterWhichIsYesForSafeAndNoForUnsafe) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  TmuxTerminal terminal(root);
  Dialogue dialogue(terminal, "examples");
  dialogue.answer("Enter");  // fabric_pretrain.py:64, safe: applied
  dialogue.answer("n");      // gan_deepspeed.py:69
  dialogue.answer("Enter");  // gan_deepspeed.py:75, safe: applied
  dialogue.answer("Enter");  // lit_classifier.py:37, unsafe: skipped
  dialogue.answer("n");      // lit_classifier.py:42
  dialogue.answer("n");      // lit_classifier.py:45
  std::string screen = dialogue.finish();

  EXPECT_EQ(TmuxTerminal::count(screen, std::string(kPrompt) + " y\n"), 2u) << screen;
  EXPECT_EQ(TmuxTerminal::count(screen, std::string(kPrompt) + " n\n"), 4u) << screen;
  EXPECT_TRUE(
      shows(screen, "\nlit_classifier.py:37:13: error[LF003] `training_step` returns `None`"));
  EXPECT_TRUE(shows(screen, "  = unsafe fix: Return `sum(p.sum()")) << screen;
  EXPECT_TRUE(shows(screen, "Applied 2 fixes, skipped 4, 4 left.\nexit=1\n")) << screen;

  EXPECT_EQ(ex.now(kFabric), ex.safe[kFabric]);
  EXPECT_EQ(ex.now(kGan), withLines(ex.original[kGan], {{75, lineOf(ex.safe[kGan], 75)}}));
  EXPECT_EQ(ex.now(kLit), ex.original[kLit]);
  fs::remove_all(root);
}

TEST(InteractiveFix, AllInThisFileAppliesItsSafeFixesAndSkipsUnsafeOnes) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  TmuxTerminal terminal(root);
  Dialogue dialogue(terminal, "examples");
  dialogue.answer("n");  // fabric_pretrain.py:64
  dialogue.answer("a");  // gan_deepspeed.py:69, and :75 without asking
  dialogue.answer("a");  // lit_classifier.py:37: unsafe, all three skipped
  std::string screen = dialogue.finish();

  EXPECT_TRUE(shows(screen,
                    "\ngan_deepspeed.py:69:13: error[LF002] applied: Pass `model=netD`\n"
                    "gan_deepspeed.py:75:13: error[LF002] applied: Pass `model=netG`\n"))
      << screen;
  for (const char* row : {"37", "42", "45"})
    EXPECT_TRUE(
        shows(screen, std::string("\nlit_classifier.py:") + row +
                          ":13: error[LF003] skipped: unsafe fix (--unsafe-fixes applies it)\n"))
        << screen;
  EXPECT_TRUE(shows(screen, "Applied 2 fixes, skipped 4, 4 left.\nexit=1\n")) << screen;

  EXPECT_EQ(ex.now(kFabric), ex.original[kFabric]);
  EXPECT_EQ(ex.now(kGan), ex.safe[kGan]);
  EXPECT_EQ(ex.now(kLit), ex.original[kLit]);
  fs::remove_all(root);
}

// fix -i holds a notebook as its cells' Python: it says so rather than write
// that over the JSON (`lightfix fix` writes notebooks).
TEST(InteractiveFix, ANotebookIsNotWrittenAndSaysWhy) {
  fs::path root = lightfix::testing::freshTempDir();
  fs::create_directories(root / "nb");
  const std::string notebook = kSmallNotebook;
  std::ofstream(root / "nb" / "small.ipynb", std::ios::binary) << notebook;
  TmuxTerminal terminal(root);
  Dialogue dialogue(terminal, "nb");
  dialogue.answer("y");
  std::string screen = dialogue.finish();
  EXPECT_TRUE(shows(screen,
                    "lightfix: small.ipynb: a notebook: not written (`lightfix fix` fixes "
                    "notebooks)\n"))
      << screen;
  EXPECT_EQ(slurp(root / "nb" / "small.ipynb"), notebook);
  fs::remove_all(root);
}

TEST(InteractiveFix, AllEverywhereDoesWhatFixDoes) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  fs::copy(ex.dir, root / "second", fs::copy_options::recursive);
  TmuxTerminal terminal(root);
  {
    Dialogue dialogue(terminal, "examples");
    dialogue.answer("A");
    std::string screen = dialogue.finish();
    EXPECT_TRUE(shows(screen, "Applied 3 fixes, skipped 3, 3 left.\nexit=1\n")) << screen;
    EXPECT_EQ(tree(ex.dir), ex.safe);
  }
  {
    Dialogue dialogue(terminal, "second", "--unsafe-fixes");
    dialogue.answer("A");
    std::string screen = dialogue.finish();
    EXPECT_TRUE(shows(screen, "Applied 6 fixes, skipped 0, 0 left.\nexit=0\n")) << screen;
    EXPECT_EQ(tree(root / "second"), ex.unsafe);
  }
  fs::remove_all(root);
}

TEST(InteractiveFix, EditOpensTheEditorAtTheLineThenChecksTheFileAgain) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  // The editor notes where it was sent and what the file held, then
  // silences the line it was sent to.
  std::ofstream(root / "editor.sh") << "#!/bin/sh\n"
                                       "echo \"$1 $2\" >> ../editor.log\n"
                                       "cp \"$2\" \"../seen-$2\"\n"
                                       "sed -i \"${1#+}s/\\$/  # noqa/\" \"$2\"\n";
  fs::permissions(root / "editor.sh", fs::perms::owner_all);
  TmuxTerminal terminal(root);
  Dialogue dialogue(terminal, "examples", "", "VISUAL=../editor.sh EDITOR=false");
  dialogue.answer("e");      // fabric_pretrain.py:64: silenced, nothing more there
  dialogue.answer("Enter");  // gan_deepspeed.py:69
  dialogue.answer("n");      // gan_deepspeed.py:75
  dialogue.answer("n");      // lit_classifier.py:37, declined
  dialogue.answer("y");      // lit_classifier.py:42
  dialogue.answer("e");      // lit_classifier.py:45; :37 is not asked again
  std::string screen = dialogue.finish();

  EXPECT_EQ(slurp(root / "editor.log"), "+64 fabric_pretrain.py\n+45 lit_classifier.py\n");
  // What was accepted is written before the editor starts.
  EXPECT_EQ(slurp(root / "seen-lit_classifier.py"),
            withLines(ex.original[kLit], {{42, lineOf(ex.unsafe[kLit], 42)}}));
  EXPECT_TRUE(shows(screen, "Applied 2 fixes, skipped 2, 2 left.\nexit=1\n")) << screen;

  EXPECT_EQ(ex.now(kFabric),
            withLines(ex.original[kFabric], {{64, lineOf(ex.original[kFabric], 64) + "  # noqa"}}));
  EXPECT_EQ(ex.now(kGan), withLines(ex.original[kGan], {{69, lineOf(ex.safe[kGan], 69)}}));
  EXPECT_EQ(ex.now(kLit),
            withLines(ex.original[kLit], {{42, lineOf(ex.unsafe[kLit], 42)},
                                          {45, lineOf(ex.original[kLit], 45) + "  # noqa"}}));
  fs::remove_all(root);
}

TEST(InteractiveFix, CtrlCLeavesTheTerminalAsItWas) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  TmuxTerminal terminal(root);
  terminal.run("stty -a > before.txt");
  Dialogue dialogue(terminal, "examples");
  dialogue.answer("y");
  dialogue.answer("C-c");  // ends the whole command line, so no exit=…
  // The shell may read the next line while lightfix is still in its signal
  // handler (it stops waiting at Ctrl-C too): give it five seconds to put
  // the terminal back before looking.
  terminal.run(
      "for i in $(seq 50); do stty -a | grep -q ' icanon ' && break; sleep 0.1; done; "
      "stty -a > after.txt");
  std::string after = slurp(root / "after.txt");
  EXPECT_TRUE(shows(after, " icanon ")) << after;
  EXPECT_TRUE(shows(after, " echo ")) << after;
  EXPECT_EQ(after, slurp(root / "before.txt"));
  EXPECT_FALSE(shows(terminal.transcript(), "Applied ")) << terminal.transcript();
  // The file left before is written; the one being asked about is not.
  EXPECT_EQ(ex.now(kFabric), ex.safe[kFabric]);
  EXPECT_EQ(ex.now(kGan), ex.original[kGan]);
  fs::remove_all(root);
}

TEST(InteractiveFix, WithoutATerminalRefusesInOneLine) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  // setsid: a session of its own, with no controlling terminal; stdin a pipe.
  int status = std::system(("cd " + shellQuoted(ex.dir.string()) +
                            " && echo y | setsid -w '" LIGHTFIX_BINARY "' fix -i " + kRules +
                            " . > ../out 2>&1")
                               .c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(slurp(root / "out"), "lightfix: fix -i needs a terminal to ask on\n");
  EXPECT_EQ(tree(ex.dir), ex.original);
  fs::remove_all(root);
}

bool hasEscapes(const std::string& text) { return text.find("\x1b[") != std::string::npos; }

TEST(InteractiveFix, ColouredUnlessNoColorOrNO_COLOR) {
  fs::path root = lightfix::testing::freshTempDir();
  Examples ex(root);
  struct Run {
    const char* env;
    const char* options;
    bool coloured;
  };
  for (const Run& run :
       {Run{"", "", true}, Run{"", "--no-color", false}, Run{"NO_COLOR=1", "", false}}) {
    std::string what = std::string(run.env) + " " + run.options;
    TmuxTerminal terminal(root);
    Dialogue dialogue(terminal, "examples", run.options, run.env);
    dialogue.answer("q");
    std::string screen = dialogue.finish();
    EXPECT_TRUE(shows(screen, "  +    model, optimizer = fabric.setup(model, optimizer)\n"))
        << what << "\n"
        << screen;
    EXPECT_EQ(hasEscapes(terminal.styledScreen()), run.coloured) << what;
    std::string log = terminal.log();
    EXPECT_EQ(hasEscapes(log), run.coloured) << what << "\n" << log;
    if (run.coloured) {
      EXPECT_TRUE(shows(log, "\x1b[32m+    model, optimizer = fabric.setup(")) << log;
    }
    fs::remove(root / "terminal.log");
  }
  EXPECT_EQ(tree(ex.dir), ex.original);
  fs::remove_all(root);
}

}  // namespace

// A C++ file goes through the same dialogue: each fix is compiled again
// before it is offered.
TEST(InteractiveFix, CxxFixesAreOfferedOneByOne) {
  fs::path root = lightfix::testing::freshTempDir();
  fs::copy_file(LIGHTFIX_TESTDATA "/LT001/gan_two_optimizers.cpp", root / "gan.cpp");
  // Two findings: neither optimizer is zeroed.
  std::string text = slurp(root / "gan.cpp");
  const std::string zeroD = "    optD.zero_grad();\n";
  text.erase(text.find(zeroD), zeroD.size());
  std::ofstream(root / "gan.cpp", std::ios::binary) << text;

  TmuxTerminal terminal(root);
  terminal.start("'" LIGHTFIX_BINARY "' fix -i gan.cpp -- " LIGHTFIX_TORCH_FLAGS "; echo exit=$?");
  ASSERT_TRUE(terminal.waitFor(kPrompt, 1)) << terminal.transcript();
  terminal.press("n");
  ASSERT_TRUE(terminal.waitFor(kPrompt, 2)) << terminal.transcript();
  terminal.press("y");
  ASSERT_TRUE(terminal.waitFinished()) << terminal.transcript();
  std::string screen = terminal.transcript();
  EXPECT_TRUE(shows(screen, "\ngan.cpp:12:5: error[LT001] `optD.step()` in this loop")) << screen;
  EXPECT_TRUE(shows(screen, "\ngan.cpp:16:5: error[LT001] `optG.step()` in this loop")) << screen;
  EXPECT_TRUE(shows(screen, "Applied 1 fix, skipped 1, 1 left.\nexit=1\n")) << screen;
  std::string expected = text;
  expected.insert(expected.find("    lossG.backward();"), "    optG.zero_grad();\n");
  EXPECT_EQ(slurp(root / "gan.cpp"), expected);
  fs::remove_all(root);
}
