#pragma once
// Base classes from installed packages: `class Net(FancyModule)` where
// `fancylib.FancyModule` derives from LightningModule in the project's
// Python environment (an active virtualenv, a `.venv`/`venv` of the
// project, or `[tool.lightfix] python-path`). Only the packages' source is
// read, class headers and imports, within budgets; nothing is run.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lightfix {

// What an installed class is, as far as a LightningModule goes.
struct InstalledClass {
  bool lightningModule = false;
  bool manualOptimization = false;  // `automatic_optimization = False` on the way
};

class InstalledClasses {
 public:
  explicit InstalledClasses(std::vector<std::string> sitePackages);
  ~InstalledClasses();

  // The site-packages folders of a Python environment: a virtualenv's
  // folder, or its interpreter (`.venv/bin/python`). Empty when none.
  static std::vector<std::string> sitePackagesOf(const std::string& environment);

  const std::vector<std::string>& sitePackages() const { return sitePackages_; }
  // The folders with the time each last changed (a package installed or
  // removed), for the result cache's key.
  std::string identity() const;

  // The class `qualified` ("fancylib.models.FancyModule") names, read from
  // the environment's source; nothing when it cannot be found there.
  std::optional<InstalledClass> lookup(const std::string& qualified) const;

 private:
  struct Module;
  std::optional<InstalledClass> lookup(const std::string& qualified, int depth) const;
  const Module* module(const std::string& name) const;

  std::vector<std::string> sitePackages_;
  mutable std::mutex mutex_;  // files of a project are modelled side by side
  mutable std::map<std::string, std::unique_ptr<Module>> modules_;
  mutable std::map<std::string, std::optional<InstalledClass>> classes_;
};

// The environment lightfix reads installed packages from: `configured`
// (relative to `configRoot`), else a `.venv` or `venv` folder in
// `projectRoot`, else the active one (`$VIRTUAL_ENV`); empty when none.
std::string findPythonEnvironment(const std::string& configured, const std::string& configRoot,
                                  const std::string& projectRoot);

}  // namespace lightfix
