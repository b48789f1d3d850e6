-- One open-hover-format round trip of `terrace lsp` in Neovim's own LSP client, headless:
--   TERRACE=... LSP_ROOT=DIR LSP_FILE=main.tf LSP_HOVERS='[[line, character], ...]' LSP_OUT=FILE \
--     nvim --headless --clean -S round_trip.lua       (test_lsp_nvim.py runs it so)
-- Opens LSP_FILE of LSP_ROOT, starts the server with vim.lsp.start (Neovim 0.8 and later;
-- vim.lsp.start_client and buf_attach_client before), waits for the client to attach, asks
-- for a hover at each position, formats the buffer synchronously, and writes what it saw
-- to LSP_OUT as JSON: {attached, hovers = [markdown or vim.NIL], formatted = "text"}.
-- Every wait is bounded; any failure is written as `error` and Neovim quits.

local out = os.getenv('LSP_OUT')
local results = { attached = false, hovers = {}, formatted = vim.NIL, error = vim.NIL }

local function finish()
  vim.fn.writefile({ vim.fn.json_encode(results) }, out)
  vim.cmd('qall!')
end

local function run()
  local terrace, root = os.getenv('TERRACE'), os.getenv('LSP_ROOT')
  local file = root .. '/' .. os.getenv('LSP_FILE')
  local hovers = vim.fn.json_decode(os.getenv('LSP_HOVERS'))
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local config = { name = 'terrace', cmd = { terrace, 'lsp' }, root_dir = root }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)
  else
    client_id = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(buf, client_id)
  end
  results.attached = vim.wait(20000, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized == true and vim.lsp.buf_is_attached(buf, client_id)
  end, 50)
  if not results.attached then
    results.error = 'the client did not attach within 20 s'
    return
  end
  local uri = vim.uri_from_bufnr(buf)
  for i, at in ipairs(hovers) do
    local params = { textDocument = { uri = uri }, position = { line = at[1], character = at[2] } }
    local answers, err = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 20000)
    local md = vim.NIL
    for _, answer in pairs(answers or {}) do
      if answer.result and answer.result.contents then
        md = answer.result.contents.value or answer.result.contents
      elseif answer.err then
        results.error = vim.inspect(answer.err)
      end
    end
    if err then
      results.error = err
    end
    results.hovers[i] = md
  end
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ async = false, timeout_ms = 20000 })
  else
    vim.lsp.buf.formatting_sync(nil, 20000)
  end
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local text = table.concat(lines, '\n')
  if vim.bo[buf].eol then
    text = text .. '\n'
  end
  results.formatted = text
  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

-- A last guard: whatever happens, write and quit after 50 s.
vim.defer_fn(function()
  results.error = 'timed out after 50 s'
  finish()
end, 50000)
local ok, failure = pcall(run)
if not ok then
  results.error = tostring(failure)
end
finish()
