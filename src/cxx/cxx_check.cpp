#include "cxx/cxx_check.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/Tooling.h>
#include <fmt/format.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <algorithm>
#include <filesystem>

#include "cxx/cxx_context.h"
#include "cxx/resource_dir.h"
#include "rules/rule.h"
#include "rules/rule_loop.h"
#include "rules/suppression.h"

namespace lightfix {

namespace {

// The first error the compiler reports, placed in the main file: at the
// `#include` that led to it when it is in a header.
class FirstError : public clang::DiagnosticConsumer {
 public:
  bool found = false;
  uint32_t offset = 0;
  std::string message;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic& info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error || found) return;
    found = true;
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    message = "error: " + std::string(text);
    if (!info.hasSourceManager() || info.getLocation().isInvalid()) return;
    const clang::SourceManager& sm = info.getSourceManager();
    clang::SourceLocation at = sm.getExpansionLoc(info.getLocation());
    if (sm.getFileID(at) != sm.getMainFileID()) {
      clang::PresumedLoc where = sm.getPresumedLoc(at);
      if (where.isValid())
        message += fmt::format(" (in {}:{})", where.getFilename(), where.getLine());
      while (at.isValid() && sm.getFileID(at) != sm.getMainFileID())
        at = sm.getIncludeLoc(sm.getFileID(at));
    }
    if (at.isValid()) offset = sm.getFileOffset(at);
  }
};

std::vector<clang::Decl*> mainFileDecls(clang::ASTContext& ast) {
  const clang::SourceManager& sm = ast.getSourceManager();
  std::vector<clang::Decl*> decls;
  for (clang::Decl* d : ast.getTranslationUnitDecl()->decls())
    if (sm.getFileID(sm.getExpansionLoc(d->getBeginLoc())) == sm.getMainFileID())
      decls.push_back(d);
  return decls;
}

class RulesConsumer : public clang::ASTConsumer {
 public:
  RulesConsumer(const SourceFile& file, const RuleSet& rules, std::vector<Diagnostic>& out)
      : file_(file), rules_(rules), out_(out) {}

  void HandleTranslationUnit(clang::ASTContext& ast) override {
    if (ast.getDiagnostics().hasErrorOccurred()) return;  // never match a broken AST
    CxxContext ctx{ast, file_, mainFileDecls(ast)};
    auto findingsOf = [&](const Rule& rule, std::vector<Finding>& out) {
      if (!rule.cxxMatch) return false;
      rule.cxxMatch(ctx, out);
      return true;
    };
    auto fixOf = [&](const Rule& rule, const Finding& f) -> std::optional<Fix> {
      if (!rule.cxxFix) return std::nullopt;
      return rule.cxxFix(ctx, f);
    };
    out_ = runRules(file_, rules_, CommentSyntax::Cxx, findingsOf, fixOf);
  }

 private:
  const SourceFile& file_;
  const RuleSet& rules_;
  std::vector<Diagnostic>& out_;
};

class RulesAction : public clang::ASTFrontendAction {
 public:
  RulesAction(const SourceFile& file, const RuleSet& rules, std::vector<Diagnostic>& out)
      : file_(file), rules_(rules), out_(out) {}

 protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&,
                                                        llvm::StringRef) override {
    return std::make_unique<RulesConsumer>(file_, rules_, out_);
  }

 private:
  const SourceFile& file_;
  const RuleSet& rules_;
  std::vector<Diagnostic>& out_;
};

// The command as a syntax-only run of lightfix's own clang: no output
// files, clang's builtin headers, and warnings never turned into errors.
std::vector<std::string> syntaxOnly(const CxxCommand& command) {
  namespace tooling = clang::tooling;
  tooling::ArgumentsAdjuster adjust = tooling::combineAdjusters(
      tooling::getClangStripOutputAdjuster(),
      tooling::combineAdjusters(tooling::getClangStripDependencyFileAdjuster(),
                                tooling::getClangSyntaxOnlyAdjuster()));
  std::vector<std::string> args = adjust(command.arguments, "");
  if (args.empty()) return args;
  args.insert(args.begin() + 1, "-resource-dir=" + clangResourceDir());
  // After the command's own flags (`-Wno-error` must follow a `-Werror`),
  // before its file and any `--` ahead of it.
  auto end = std::find(args.begin() + 1, args.end(), "--");
  if (end == args.end()) --end;
  args.insert(end, {"-Wno-error", "-ferror-limit=1", "-fno-caret-diagnostics"});
  return args;
}

}  // namespace

std::vector<Diagnostic> analyzeCxx(const SourceFile& file, const CxxCommand& command,
                                   const RuleSet& rules) {
  std::vector<Diagnostic> out;
  if (skipsFile(file.text(), CommentSyntax::Cxx)) return out;

  // The file's text as read (or as fixed), not what is on disk now.
  // Its own working directory: threads never change the process's.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> disk(
      llvm::vfs::createPhysicalFileSystem().release());
  auto files = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(disk);
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  files->pushOverlay(memory);
  std::error_code ec;
  std::string main = std::filesystem::absolute(file.path(), ec).lexically_normal().string();
  memory->addFile(main, 0, llvm::MemoryBuffer::getMemBufferCopy(file.text(), main));
  files->setCurrentWorkingDirectory(command.directory);
  llvm::IntrusiveRefCntPtr<clang::FileManager> manager(
      new clang::FileManager(clang::FileSystemOptions(), files));

  FirstError errors;
  clang::tooling::ToolInvocation invocation(
      syntaxOnly(command), std::make_unique<RulesAction>(file, rules, out), manager.get());
  invocation.setDiagnosticConsumer(&errors);
  bool ran = invocation.run();
  if (errors.found || !ran) {
    Diagnostic d;
    d.kind = DiagnosticKind::SyntaxError;
    d.offset = std::min<uint32_t>(errors.offset, static_cast<uint32_t>(file.text().size()));
    d.location = file.position(d.offset);
    d.endLocation = d.location;
    d.message = errors.found ? errors.message : "error: clang could not run on this file";
    return {d};
  }
  return out;
}

}  // namespace lightfix
