// --shard K/N and `lightfix report merge`: a fleet split over N runs, and
// the recipes of docs/integrations/ that run them on Slurm, a GitHub Actions
// matrix and a Kubernetes Indexed Job, each run here: the merged table is
// byte for byte the one an unsharded run writes.

#include "cli/shard.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "cli_support.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using lightfix::Shard;

const fs::path kSource = fs::path(LIGHTFIX_TESTDATA).parent_path();

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

TEST(ShardSpec, IsKOfNFromOne) {
  std::string why;
  std::optional<Shard> s = lightfix::parseShard("2/8", why);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->index, 2u);
  EXPECT_EQ(s->count, 8u);
  for (const char* bad : {"0/3", "4/3", "a/3", "3", "/3", "2/0", "2/3x", "-1/3", ""}) {
    EXPECT_FALSE(lightfix::parseShard(bad, why)) << bad;
    EXPECT_EQ(why, "--shard " + std::string(bad) + ": not K/N with 1 <= K <= N (such as 2/8)");
  }
}

std::set<std::string> partOf(const std::vector<std::string>& paths, Shard shard) {
  std::set<std::string> part;
  for (size_t p : lightfix::shardPositions(paths, shard)) part.insert(paths[p]);
  return part;
}

TEST(ShardSpec, PartsAreDisjointWholeEvenAndIndependentOfOrder) {
  std::vector<std::string> paths = {"r/k", "r/a/", "r/c", "r/j", "r/b",
                                    "r/i", "r/d",  "r/h", "r/e", "r/g"};
  std::vector<std::string> reversed(paths.rbegin(), paths.rend());
  std::set<std::string> all;
  for (size_t k = 1; k <= 3; ++k) {
    std::set<std::string> part = partOf(paths, {k, 3});
    EXPECT_EQ(part, partOf(reversed, {k, 3}));
    EXPECT_GE(part.size(), 3u);  // 10 over 3: 4, 3, 3
    EXPECT_LE(part.size(), 4u);
    for (const std::string& p : part) EXPECT_TRUE(all.insert(p).second) << p;
  }
  EXPECT_EQ(all.size(), paths.size());
  // Sorted as folders (`r/a/` is `r/a`) and dealt in turn.
  EXPECT_EQ(partOf(paths, {1, 3}), (std::set<std::string>{"r/a/", "r/d", "r/h", "r/k"}));
  // The positions are those of the paths as named, in order.
  EXPECT_EQ(lightfix::shardPositions(paths, {1, 3}), (std::vector<size_t>{0, 1, 6, 7}));
}

// A fleet of five repositories in `dir/fleet`, each examples/ less some files,
// so that every row differs.
void makeFleet(const fs::path& dir) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> fleet = {
      {"alpha", {}},
      {"beta", {"gan_deepspeed.py"}},
      {"gamma", {"fabric_pretrain.py", "lit_classifier.py"}},
      {"delta", {"train_classifier.py"}},
      {"epsilon", {"fabric_pretrain.py", "gan_deepspeed.py", "lit_classifier.py"}}};
  for (const auto& [name, without] : fleet) {
    fs::path repo = dir / "fleet" / name;
    fs::create_directories(repo / ".git");
    for (const fs::directory_entry& e : fs::directory_iterator(kSource / "examples"))
      if (std::find(without.begin(), without.end(), e.path().filename()) == without.end())
        fs::copy_file(e.path(), repo / e.path().filename());
  }
}

class Fleet : public ::testing::Test {
 public:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    makeFleet(dir);
    fs::create_directories(dir / "bin");
    fs::create_symlink(LIGHTFIX_BINARY, dir / "bin" / "lightfix");
  }
  // `command` in `dir`, with this lightfix first on the PATH.
  Result run(const std::string& command) {
    return shell("cd " + quoted(dir) + " && PATH=" + quoted(dir / "bin") +
                 ":\"$PATH\" LIGHTFIX_NO_CACHE=1 && " + command);
  }
  fs::path dir;
  const std::string fleet = "fleet/gamma fleet/alpha fleet/epsilon fleet/beta fleet/delta";
};

TEST_F(Fleet, MergedShardsAreTheUnshardedTableForEveryCommandAndFormat) {
  for (const std::string command : {"check", "check --diff", "fix"}) {
    for (const std::string ext : {"md", "json"}) {
      fs::remove_all(dir / "fleet");
      makeFleet(dir);
      ASSERT_LE(run("lightfix " + command + " --exit-zero --report all." + ext + " " + fleet +
                    " > /dev/null")
                    .exit,
                1);
      std::string all = slurp(dir / ("all." + ext));
      std::string fixedFiles = run("cat fleet/*/*.py | md5sum").out;
      for (size_t n : {2u, 3u, 7u}) {
        fs::remove_all(dir / "fleet");
        makeFleet(dir);
        std::string shards;
        for (size_t k = 1; k <= n; ++k) {
          std::string part = "shard-" + std::to_string(k) + ".json";
          Result r = run("lightfix " + command + " --exit-zero --shard " + std::to_string(k) + "/" +
                         std::to_string(n) + " --report " + part + " " + fleet + " > /dev/null");
          ASSERT_EQ(r.exit, 0) << r.out;
          shards = part + " " + shards;  // merged in any order
        }
        Result merged = run("lightfix report merge " + shards + " --output merged." + ext);
        ASSERT_EQ(merged.exit, 0) << merged.out;
        EXPECT_EQ(slurp(dir / ("merged." + ext)), all) << command << " " << ext << " " << n;
        EXPECT_EQ(run("cat fleet/*/*.py | md5sum").out, fixedFiles) << command << " " << n;
      }
    }
  }
}

TEST_F(Fleet, AShardWithNoPathSaysSoAndItsEmptyTableMerges) {
  Result r = run("lightfix check --shard 7/7 --report empty.json fleet/alpha fleet/beta");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out, "lightfix: warning: shard 7/7 has no path: 2 paths named\n");
  EXPECT_EQ(slurp(dir / "empty.json"), "[]\n");
  ASSERT_EQ(run("lightfix check --exit-zero --report one.json fleet/alpha > /dev/null").exit, 0);
  Result merged = run("lightfix report merge empty.json one.json");
  EXPECT_EQ(merged.exit, 0);
  EXPECT_EQ(merged.out, run("lightfix report merge one.json").out);
  EXPECT_EQ(merged.out.rfind("| repository | files |", 0), 0u) << merged.out;
}

TEST_F(Fleet, WhatCannotBeShardedOrMergedIsAUsageError) {
  EXPECT_EQ(run("lightfix check --shard 3/2 fleet/alpha").out,
            "lightfix: --shard 3/2: not K/N with 1 <= K <= N (such as 2/8)\n");
  EXPECT_EQ(run("lightfix check --shard 1/2 - < /dev/null").out,
            "lightfix: --shard splits the paths named, and stdin (`-`) is no path\n");
  EXPECT_EQ(run("lightfix fix -i --shard 1/2 fleet/alpha").out,
            "lightfix: --shard excludes --interactive (see `lightfix --help`)\n");
  EXPECT_EQ(run("lightfix fix --from-log job.log --shard 1/2 fleet/alpha").out,
            "lightfix: --shard excludes --from-log (see `lightfix --help`)\n");
  ASSERT_EQ(run("lightfix check --exit-zero --shard 1/2 --report s1.json " + fleet +
                " > /dev/null && lightfix check --exit-zero --report plain.json " + fleet +
                " > /dev/null && lightfix fix --diff --exit-zero --shard 2/2 --report d2.json " +
                fleet + " > /dev/null")
                .exit,
            0);
  Result twice = run("lightfix report merge s1.json s1.json");
  EXPECT_EQ(twice.exit, 2);
  EXPECT_EQ(twice.out,
            "lightfix: cannot merge: `fleet/gamma` and `fleet/gamma` hold the same place among "
            "the paths named: reports of the same shard, or of shards of different runs\n");
  Result commands = run("lightfix report merge s1.json d2.json");
  EXPECT_EQ(commands.exit, 2);
  EXPECT_EQ(commands.out,
            "lightfix: cannot merge: the reports are of different commands (fixable and would "
            "fix)\n");
  std::ofstream(dir / "table.md") << "| repository |\n";
  Result markdown = run("lightfix report merge table.md");
  EXPECT_EQ(markdown.exit, 2);
  EXPECT_EQ(markdown.out.rfind("lightfix: table.md: not JSON: ", 0), 0u) << markdown.out;
  EXPECT_EQ(run("lightfix report merge missing.json").out,
            "lightfix: missing.json: cannot read the report\n");
  EXPECT_EQ(run("lightfix report").out,
            "lightfix: `report` needs a command: merge (see `lightfix --help`)\n");
  // Tables of whole runs (no positions) are joined in the order given.
  Result whole = run("lightfix report merge plain.json");
  EXPECT_EQ(whole.exit, 0);
  EXPECT_EQ(
      whole.out,
      run("lightfix check --exit-zero --report all.md " + fleet + " > /dev/null; cat all.md").out);
}

// The unsharded table of `fleet/*/`, as the recipes name the fleet.
std::string unshardedTable(Fleet& f) {
  Result r = f.run("lightfix check --exit-zero --report unsharded.md fleet/*/ > /dev/null");
  EXPECT_EQ(r.exit, 0) << r.out;
  return slurp(f.dir / "unsharded.md");
}

TEST_F(Fleet, TheSlurmArrayRecipeMergesToTheUnshardedTable) {
  const fs::path script = kSource / "docs" / "integrations" / "fleet-slurm.sh";
  for (int k = 1; k <= 3; ++k) {
    Result r = run("SLURM_ARRAY_TASK_ID=" + std::to_string(k) +
                   " SLURM_ARRAY_TASK_COUNT=3 SLURM_CPUS_PER_TASK=2 FLEET=fleet " + quoted(script));
    ASSERT_EQ(r.exit, 0) << r.out;
    EXPECT_EQ(r.out, "");
  }
  ASSERT_EQ(run("lightfix report merge lightfix-reports/shard-*.json --output report.md").exit, 0);
  EXPECT_EQ(slurp(dir / "report.md"), unshardedTable(*this));
}

// A value of the YAML file at a path of keys and indexes, read by Debian's
// python3-yaml.
std::string yamlValue(const fs::path& file, const std::string& path) {
  Result r = shell("/usr/bin/python3 -c \"import sys, yaml; v = yaml.safe_load(open(sys.argv[1]))" +
                   path + "; sys.stdout.write(v)\" " + quoted(file));
  EXPECT_EQ(r.exit, 0) << r.out;
  return r.out;
}

TEST_F(Fleet, TheGithubMatrixRecipeIsValidAndMergesToTheUnshardedTable) {
  const fs::path workflow = kSource / "docs" / "integrations" / "fleet-github-matrix.yml";
  Result valid = shell(quoted(kSource / "node_modules" / ".bin" / "action-validator") + " " +
                       quoted(workflow));
  EXPECT_EQ(valid.exit, 0) << valid.out;
  std::string check = yamlValue(workflow, "['jobs']['shard']['steps'][3]['run']");
  std::string merge = yamlValue(workflow, "['jobs']['merge']['steps'][2]['run']");
  EXPECT_EQ(yamlValue(workflow, "['jobs']['shard']['steps'][3]['name']"),
            "Check part ${{ matrix.shard }} of 4");
  const std::string var = "${{ matrix.shard }}";
  for (int k = 1; k <= 4; ++k) {
    std::string command = check;
    for (size_t at; (at = command.find(var)) != std::string::npos;)
      command.replace(at, var.size(), std::to_string(k));
    Result r = run(command);
    ASSERT_EQ(r.exit, 0) << command << "\n" << r.out;
  }
  Result merged = run("GITHUB_STEP_SUMMARY=summary.md && " + merge);
  ASSERT_EQ(merged.exit, 0) << merged.out;
  EXPECT_EQ(slurp(dir / "summary.md"), unshardedTable(*this));
}

TEST_F(Fleet, TheKubernetesIndexedJobIsAValidJobAndMergesToTheUnshardedTable) {
  const fs::path job = kSource / "docs" / "integrations" / "fleet-k8s-job.yaml";
  Result valid = shell("NODE_PATH=" + quoted(kSource / "node_modules") + " node " +
                       quoted(kSource / "tests" / "validate_k8s_job.js") + " " + quoted(job));
  EXPECT_EQ(valid.out, "valid\n");
  EXPECT_EQ(valid.exit, 0);
  std::string script = yamlValue(job, "['spec']['template']['spec']['containers'][0]['args'][0]");
  // The pod's folders here; its pip, one that says what it was asked.
  for (const std::string mount : {"/fleet/", "/reports/"})
    for (size_t at; (at = script.find(" " + mount)) != std::string::npos ||
                    (at = script.find("\"" + mount)) != std::string::npos;)
      script.replace(at + 1, mount.size(), (dir / mount.substr(1)).string());
  fs::create_directories(dir / "reports");
  std::ofstream(dir / "bin" / "pip")
      << "#!/bin/sh\necho \"pip $*\" >> \"$(dirname \"$0\")/../pip.log\"\n";
  fs::permissions(dir / "bin" / "pip", fs::perms::owner_all);
  std::ofstream(dir / "pod.sh") << script;
  for (int index = 0; index < 4; ++index) {
    Result r =
        run("JOB_COMPLETION_INDEX=" + std::to_string(index) + " SHARDS=" +
            yamlValue(job, "['spec']['template']['spec']['containers'][0]['env'][0]['value']") +
            " bash -ec \"$(cat pod.sh)\"");
    ASSERT_EQ(r.exit, 0) << script << "\n" << r.out;
  }
  EXPECT_EQ(slurp(dir / "pip.log"),
            "pip install --quiet lightfix==0.1.0\n"
            "pip install --quiet lightfix==0.1.0\n"
            "pip install --quiet lightfix==0.1.0\n"
            "pip install --quiet lightfix==0.1.0\n");
  ASSERT_EQ(run("lightfix report merge reports/shard-*.json --output report.md").exit, 0);
  std::string table = slurp(dir / "report.md");
  // The pods named the fleet by its absolute path.
  std::string unsharded = unshardedTable(*this);
  for (size_t at; (at = table.find((dir / "fleet/").string())) != std::string::npos;)
    table.replace(at, (dir / "fleet/").string().size(), "fleet/");
  EXPECT_EQ(table, unsharded);
}

}  // namespace
