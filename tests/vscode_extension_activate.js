// Loads editors/vscode/extension.js with VS Code and its language client
// stubbed, activates it, and prints how it starts the server: the logic the
// extension has (VS Code itself cannot run here).
//
//   node tests/vscode_extension_activate.js EXTENSION_DIR [CONFIGURED_PATH]
"use strict";
const Module = require("module");
const path = require("path");

const [extensionDir, configuredPath] = process.argv.slice(2);
const settings = {
  path: configuredPath || "",
  select: ["LF0"],
  ignore: ["LF018"],
  targetStrategy: "deepspeed",
  unsafeFixes: false,
};
const stubs = {
  vscode: {
    workspace: { getConfiguration: (section) => ({ get: (key) => section === "lightfix" ? settings[key] : undefined }) },
  },
  "vscode-languageclient/node": {
    LanguageClient: class {
      constructor(id, name, server, client) {
        console.log(JSON.stringify({ id, name, server, client }));
      }
      start() { return Promise.resolve(); }
      stop() { return Promise.resolve(); }
    },
  },
};
const load = Module._load;
Module._load = function (request, ...rest) {
  return request in stubs ? stubs[request] : load.call(this, request, ...rest);
};
const extension = require(path.resolve(extensionDir, "extension.js"));
extension.activate({ asAbsolutePath: (p) => path.join(extensionDir, p), subscriptions: [] });
