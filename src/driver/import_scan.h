#pragma once
// The imports of a Python file read without parsing it: what each name an
// `import` or `from … import` statement anywhere in its code binds, as its
// parsed Imports would qualify it, so that the run knows which files
// imports join before it parses any (lightning_reach.h).

#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

// One name an import statement binds, by what it stands for (Imports'
// qualified name): `import a.b.c` binds `a`; `import a.b as c`, `a.b`;
// `from ..pkg import mod`, `..pkg.mod`. A star import names its module.
struct LexicalImport {
  std::string name;
  bool star = false;  // `from name import *`
};

// The names `text`'s import statements bind, in order. Strings and
// comments are not code.
std::vector<LexicalImport> lexicalImports(std::string_view text);

// Whether a module is one of Lightning's or DeepSpeed's packages (or inside
// one), the only places a Trainer, a Fabric, a LightningModule or a
// strategy that the rules reason about can come from.
bool isLightningPackage(std::string_view module);

}  // namespace lightfix
