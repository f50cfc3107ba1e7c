-- Neovim's own LSP client (nvim --headless) driving `lightfix server` over a
-- workspace: every diagnostic received, a quick fix and a fix-all applied
-- and written, a YAML strategy edited in its buffer. Writes what it saw to
-- $LSP_OUT, one line per fact, for tests/neovim_lsp_test.cpp to compare.
local binary = os.getenv("LIGHTFIX_BIN")
local root = os.getenv("LSP_ROOT")
local out = assert(io.open(os.getenv("LSP_OUT"), "w"))

local function say(line)
  out:write(line, "\n")
  out:flush()
end

local function finish(code)
  out:close()
  vim.cmd(code == 0 and "qall!" or "cquit!")
end

local client_id = vim.lsp.start_client({
  cmd = { binary, "server" },
  root_dir = root,
  on_exit = function(code)
    say("exit " .. code)
  end,
})
local client = vim.lsp.get_client_by_id(client_id)

local function open(relative)
  vim.cmd("edit " .. root .. "/" .. relative)
  local buffer = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buffer, client_id)
  return buffer
end

-- Every diagnostic of every buffer, by file, line, column and code.
local function diagnostics()
  local lines = {}
  for _, d in ipairs(vim.diagnostic.get()) do
    local name = vim.api.nvim_buf_get_name(d.bufnr):sub(#root + 2)
    local related = ""
    local info = d.user_data and d.user_data.lsp and d.user_data.lsp.relatedInformation
    if info and info[1] then
      related = " related " .. vim.uri_to_fname(info[1].location.uri):sub(#root + 2) .. ":" ..
        (info[1].location.range.start.line + 1)
    end
    table.insert(lines, string.format("%s:%d:%d %s %s%s", name, d.lnum + 1, d.col + 1, d.code,
      d.severity == vim.diagnostic.severity.ERROR and "error" or "warning", related))
  end
  table.sort(lines)
  return lines
end

local function wait_for(what, predicate)
  if not vim.wait(20000, predicate, 20) then
    say("timed out waiting for " .. what)
    for _, line in ipairs(diagnostics()) do say("  " .. line) end
    finish(1)
    return false
  end
  return true
end

local function count(pattern)
  local n = 0
  for _, line in ipairs(diagnostics()) do
    if line:find(pattern) then n = n + 1 end
  end
  return n
end

-- The code actions under a buffer's diagnostic at `line` (1-based).
local function actions(buffer, line, only)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buffer) },
    range = { start = { line = line - 1, character = 12 }, ["end"] = { line = line - 1, character = 12 } },
    context = { diagnostics = {}, only = only },
  }
  local reply = client.request_sync("textDocument/codeAction", params, 20000, buffer)
  return reply and reply.result or {}
end

local function apply(action, buffer)
  say("apply " .. action.title)
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  vim.api.nvim_buf_call(buffer, function() vim.cmd("write") end)
end

-- 1. Opening one file publishes the whole project's findings, other files' too.
local train = open("fabric/train_classifier.py")
if not wait_for("the project's diagnostics", function() return #diagnostics() >= 6 end) then return end
say("encoding " .. client.offset_encoding)
for _, line in ipairs(diagnostics()) do say(line) end

-- 2. The preferred quick fix of LF001, applied and written.
local pretrain = open("fabric/fabric_pretrain.py")
for _, action in ipairs(actions(pretrain, 64)) do
  say("action " .. action.kind .. " " .. action.title .. (action.isPreferred and " (preferred)" or ""))
end
for _, action in ipairs(actions(pretrain, 64, { "quickfix" })) do
  if action.isPreferred then apply(action, pretrain) end
end
if not wait_for("LF001 to go", function() return count("LF001") == 0 end) then return end

-- 3. Fix-all (what runs on save) on the GAN: both LF002 go.
local gan = open("fabric/gan_deepspeed.py")
for _, action in ipairs(actions(gan, 1, { "source.fixAll" })) do apply(action, gan) end
if not wait_for("LF002 to go", function() return count("LF002") == 0 end) then return end

-- 4. The strategy of the training script edited, unsaved: its module's LF003s go.
vim.api.nvim_set_current_buf(train)
vim.cmd([[%s/strategy="deepspeed_stage_2"/strategy="ddp"/]])
if not wait_for("lit_classifier's LF003 to go", function() return count("lit_classifier") == 0 end) then return end

-- 5. A YAML config's strategy edited in its buffer: another file's LF003 appears.
open("cli/configs/train.yaml")
vim.cmd([[%s/strategy: ddp/strategy: deepspeed_stage_2/]])
if not wait_for("cli/model.py's LF003", function() return count("cli/model.py") == 1 end) then return end

say("after")
for _, line in ipairs(diagnostics()) do say(line) end
client.stop()
vim.wait(5000, function() return client.is_stopped() end, 20)
finish(0)
