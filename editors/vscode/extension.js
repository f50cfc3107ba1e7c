// Starts `lightfix server` and hands VS Code to it: the server does all the
// work (diagnostics, quick fixes, fix-all, hover), so this stays trivial.
"use strict";
const fs = require("fs");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

// The configured binary, else the one packed in the .vsix, else the PATH's.
function serverPath(context) {
  const configured = vscode.workspace.getConfiguration("lightfix").get("path");
  if (configured) return configured;
  const bundled = context.asAbsolutePath(path.join("bin", "lightfix"));
  return fs.existsSync(bundled) ? bundled : "lightfix";
}

function settings() {
  const c = vscode.workspace.getConfiguration("lightfix");
  return {
    select: c.get("select"),
    ignore: c.get("ignore"),
    targetStrategy: c.get("targetStrategy"),
    unsafeFixes: c.get("unsafeFixes"),
  };
}

function activate(context) {
  const command = serverPath(context);
  client = new LanguageClient(
    "lightfix",
    "lightfix",
    { command, args: ["server"] },
    {
      documentSelector: [
        { scheme: "file", language: "python" },
        { scheme: "file", language: "yaml" },
      ],
      initializationOptions: settings(),
      // Sends the `lightfix` section on every change of it.
      synchronize: { configurationSection: "lightfix" },
    });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverPath, settings };
