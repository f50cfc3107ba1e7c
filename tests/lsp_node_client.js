// A Node client of `lightfix server` on vscode-languageserver-protocol, the
// library VS Code's own client is built on: diagnostics of a workspace, a
// quick fix applied, the workspace fix-all command answered through
// workspace/applyEdit, a YAML config changed on disk and announced as a
// watched file. Prints what it saw, one fact a line, for
// tests/lsp_node_client_test.cpp.
//
//   node tests/lsp_node_client.js LIGHTFIX_BINARY WORKSPACE
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const { pathToFileURL, fileURLToPath } = require("url");
const rpc = require("vscode-languageserver-protocol/node");

const [binary, root] = process.argv.slice(2);
const server = spawn(binary, ["server", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const connection = rpc.createProtocolConnection(
  new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));

const uriOf = (relative) => pathToFileURL(path.join(root, relative)).href;
const nameOf = (uri) => path.relative(root, fileURLToPath(uri));
const diagnostics = new Map();  // by file name
let changed = () => {};
connection.onNotification(rpc.PublishDiagnosticsNotification.type, (params) => {
  diagnostics.set(nameOf(params.uri), params.diagnostics);
  changed();
});
connection.onRequest(rpc.RegistrationRequest.type, (params) => {
  for (const r of params.registrations)
    console.log(`register ${r.method} ${r.registerOptions.watchers.map((w) => w.globPattern).join(" ")}`);
  return null;
});

// TextEdits applied to a text: JavaScript strings count UTF-16 units, as
// the negotiated encoding does.
function applyEdits(text, edits) {
  const lines = text.split(/(?<=\n)/);
  const offset = (p) => lines.slice(0, p.line).join("").length + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  for (const e of sorted)
    text = text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end));
  return text;
}
connection.onRequest(rpc.ApplyWorkspaceEditRequest.type, (params) => {
  for (const [uri, edits] of Object.entries(params.edit.changes)) {
    const file = fileURLToPath(uri);
    fs.writeFileSync(file, applyEdits(fs.readFileSync(file, "utf8"), edits));
    console.log(`applyEdit ${params.label}: ${nameOf(uri)}`);
  }
  return { applied: true };
});

function settled(predicate) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), 20000);
    changed = () => {
      if (predicate()) {
        clearTimeout(timer);
        resolve();
      }
    };
    changed();
  });
}

function show() {
  for (const name of [...diagnostics.keys()].sort())
    for (const d of diagnostics.get(name)) {
      const related = d.relatedInformation ? ` related ${nameOf(d.relatedInformation[0].location.uri)}:${d.relatedInformation[0].location.range.start.line + 1}` : "";
      console.log(`${name}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ` +
        `${d.severity === rpc.DiagnosticSeverity.Error ? "error" : "warning"}${related}`);
    }
}

const count = () => [...diagnostics.values()].reduce((n, list) => n + list.length, 0);

async function main() {
  connection.listen();
  const init = await connection.sendRequest(rpc.InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: {
      general: { positionEncodings: ["utf-16"] },
      workspace: { applyEdit: true, didChangeWatchedFiles: { dynamicRegistration: true } },
    },
  });
  console.log(`positionEncoding ${init.capabilities.positionEncoding}`);
  connection.sendNotification(rpc.InitializedNotification.type, {});
  const pretrain = "fabric/fabric_pretrain.py";
  let text = fs.readFileSync(path.join(root, pretrain), "utf8");
  connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: uriOf(pretrain), languageId: "python", version: 1, text },
  });
  await settled(() => count() === 6);
  show();

  // LF001's preferred quick fix, applied to the buffer and sent back.
  const actions = await connection.sendRequest(rpc.CodeActionRequest.type, {
    textDocument: { uri: uriOf(pretrain) },
    range: { start: { line: 63, character: 12 }, end: { line: 63, character: 12 } },
    context: { diagnostics: [], only: [rpc.CodeActionKind.QuickFix] },
  });
  const preferred = actions.find((a) => a.isPreferred);
  console.log(`quickfix ${preferred.title}`);
  text = applyEdits(text, preferred.edit.changes[uriOf(pretrain)]);
  connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
    textDocument: { uri: uriOf(pretrain), version: 2 }, contentChanges: [{ text }],
  });
  await settled(() => !diagnostics.get(pretrain).length);
  fs.writeFileSync(path.join(root, pretrain), text);
  connection.sendNotification(rpc.DidSaveTextDocumentNotification.type, { textDocument: { uri: uriOf(pretrain) } });

  // The workspace's fix-all: the server asks for the edits to be applied.
  await connection.sendRequest(rpc.ExecuteCommandRequest.type, { command: "lightfix.fixAll", arguments: [] });
  connection.sendNotification(rpc.DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: uriOf("fabric/gan_deepspeed.py"), type: rpc.FileChangeType.Changed }],
  });
  await settled(() => !diagnostics.get("fabric/gan_deepspeed.py").length);

  // A YAML config changed on disk and announced: another file's finding.
  const config = path.join(root, "cli/configs/train.yaml");
  fs.writeFileSync(config, fs.readFileSync(config, "utf8").replace("strategy: ddp", "strategy: deepspeed_stage_2"));
  connection.sendNotification(rpc.DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: uriOf("cli/configs/train.yaml"), type: rpc.FileChangeType.Changed }],
  });
  await settled(() => (diagnostics.get("cli/model.py") || []).length === 1);
  console.log("after");
  show();

  await connection.sendRequest(rpc.ShutdownRequest.type);
  connection.sendNotification(rpc.ExitNotification.type);
  server.on("exit", (code) => {
    console.log(`exit ${code}`);
    process.exit(0);
  });
}

main().catch((error) => {
  console.log(`failed: ${error.message}`);
  show();
  server.kill();
  process.exit(1);
});
