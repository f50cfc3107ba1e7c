// The VS Code extension as it ships: scripts/vsix packs editors/vscode/ with
// the binary into a platform .vsix; what it holds, that the binary in it
// runs, and how the packed extension starts the server.

#include <gtest/gtest.h>

#include "cli_support.h"
#include "test_support.h"

namespace {

const fs::path kSource = fs::path(LIGHTFIX_TESTDATA).parent_path();

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

TEST(VscodeExtension, PacksTheServerIntoAPlatformVsixThatStartsIt) {
  fs::path dir = lightfix::testing::freshTempDir();
  fs::path vsix = dir / "lightfix.vsix";
  Result packed = shell(quoted(kSource / "scripts/vsix") + " '" LIGHTFIX_BINARY "' " +
                        quoted(vsix) + " </dev/null");
  ASSERT_EQ(packed.exit, 0) << packed.out;

  Result names = shell("zipinfo -1 " + quoted(vsix) + " | grep -v '^extension/node_modules/'");
  EXPECT_EQ(names.out,
            "extension.vsixmanifest\n"
            "[Content_Types].xml\n"
            "extension/package.json\n"
            "extension/extension.js\n"
            "extension/readme.md\n"
            "extension/bin/lightfix\n");
  // The language client travels with it; the binary keeps its exec bit.
  EXPECT_EQ(
      shell("zipinfo -1 " + quoted(vsix) + " extension/node_modules/vscode-languageclient/node.js")
          .exit,
      0);
  EXPECT_EQ(shell("zipinfo " + quoted(vsix) + " extension/bin/lightfix").out.substr(0, 10),
            "-rwxr-xr-x");
  std::string manifest = shell("unzip -p " + quoted(vsix) + " extension.vsixmanifest").out;
  std::string platform = shell("uname -m").out == "x86_64\n" ? "linux-x64" : "linux-arm64";
  EXPECT_NE(manifest.find("TargetPlatform=\"" + platform + "\""), std::string::npos) << manifest;

  ASSERT_EQ(shell("cd " + quoted(dir) + " && unzip -q " + quoted(vsix)).exit, 0);
  fs::path extension = dir / "extension";
  EXPECT_EQ(shell(quoted(extension / "bin/lightfix") + " --version").out,
            shell("'" LIGHTFIX_BINARY "' --version").out);
  Result started = shell("node " + quoted(kSource / "tests/vscode_extension_activate.js") + " " +
                         quoted(extension));
  EXPECT_EQ(started.out,
            "{\"id\":\"lightfix\",\"name\":\"lightfix\",\"server\":{\"command\":\"" +
                (extension / "bin/lightfix").string() +
                "\",\"args\":[\"server\"]},\"client\":{\"documentSelector\":[{\"scheme\":\"file\","
                "\"language\":\"python\"},{\"scheme\":\"file\",\"language\":\"yaml\"}],"
                "\"initializationOptions\":{\"select\":[\"LF0\"],\"ignore\":[\"LF018\"],"
                "\"targetStrategy\":\"deepspeed\",\"unsafeFixes\":false},\"synchronize\":{"
                "\"configurationSection\":\"lightfix\"}}}\n");
  // A configured binary wins over the bundled one.
  Result configured = shell("node " + quoted(kSource / "tests/vscode_extension_activate.js") + " " +
                            quoted(extension) + " /opt/lightfix/bin/lightfix");
  EXPECT_NE(configured.out.find("\"command\":\"/opt/lightfix/bin/lightfix\""), std::string::npos)
      << configured.out;
}

}  // namespace
