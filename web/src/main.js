// The playground page: a CodeMirror editor, the Run/Stop/fmt buttons, the views of the answer
// (the console's text, the type, JSON), the module mode's file tabs, the examples, and the
// input kept in the URL hash. Evaluation runs in worker.js.
import { EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, placeholder } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab, insertNewline } from "@codemirror/commands";
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching, indentUnit } from "@codemirror/language";
import { hcl } from "./hcl.js";
import { EXAMPLES } from "./examples.js";

/** An evaluation still running after this long is stopped (ms); `?limit=MS` sets another. */
const TIME_LIMIT_MS = Number(new URLSearchParams(location.search).get("limit")) || 10_000;
const FILE_NAMES = ["main.tf", "variables.tf", "terraform.tfvars"];
const VIEWS = ["value", "type", "json"];

const $ = (selector) => document.querySelector(selector);
const output = $("[data-testid=output]");
const diagnosticsPane = $("[data-testid=diagnostics]");
const timing = $("[data-testid=timing]");
const moduleExpr = $("[data-testid=module-expr]");

const state = {
  mode: "expression",
  view: "value",
  expr: "",
  files: { "main.tf": "", "variables.tf": "", "terraform.tfvars": "" },
  file: "main.tf",
};

// ---- the editor -------------------------------------------------------------------------

function editorState(doc) {
  return EditorState.create({
    doc,
    extensions: [
      Prec.highest(
        keymap.of([
          { key: "Mod-Enter", run: () => (run(), true) },
          { key: "Shift-Enter", run: () => (run(), true) },
          // A plain newline: what is typed (or pasted) is exactly the input, with no
          // indentation copied from the line above (a heredoc's lines are its value).
          { key: "Enter", run: insertNewline },
        ]),
      ),
      lineNumbers(),
      placeholder('Type an expression — [for s in ["a", "b"] : upper(s)] — and press Ctrl+Enter'),
      history(),
      drawSelection(),
      highlightActiveLine(),
      bracketMatching(),
      indentUnit.of("  "),
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
      hcl,
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      EditorView.contentAttributes.of({ "data-testid": "editor", "aria-label": "input" }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) saveEditor();
      }),
    ],
  });
}

const view = new EditorView({ state: editorState(""), parent: $("#editor") });

function editorText() {
  return view.state.doc.toString();
}

function setEditorText(text) {
  view.setState(editorState(text));
}

function saveEditor() {
  if (state.mode === "expression") state.expr = editorText();
  else state.files[state.file] = editorText();
}

// ---- the worker -------------------------------------------------------------------------

let wasmModule = null;
/** The worker's script as a blob: URL, so that a new worker (after Stop) asks no server. */
let workerUrl = null;
let worker = null;
let workerReady = null;
let nextId = 1;
let pending = null;

/** A worker for the compiled module: `first` (started by the page's boot script), else a new one. */
function startWorker(first) {
  worker = first ?? new Worker(workerUrl, { type: "module" });
  workerReady = new Promise((resolve) => {
    worker.onmessage = (event) => {
      if (event.data.type === "ready") {
        worker.onmessage = onWorkerMessage;
        $("[data-testid=version]").textContent = event.data.version;
        resolve();
      }
    };
  });
  worker.postMessage({ type: "init", module: wasmModule });
}

function onWorkerMessage(event) {
  const reply = event.data;
  if (pending && reply.id === pending.id) {
    const { resolve, timer } = pending;
    clearTimeout(timer);
    pending = null;
    resolve(reply);
  }
}

/** Stop the running evaluation: its worker is ended and a fresh one started. */
function stop(reason) {
  if (!pending) return;
  const { resolve, timer } = pending;
  clearTimeout(timer);
  pending = null;
  worker.terminate();
  startWorker();
  resolve({ ok: false, text: reason, stopped: true });
}

async function ask(action, input, files) {
  await workerReady;
  if (pending) stop("Stopped: a new evaluation was started");
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => stop(`Stopped: no answer within the time limit of ${TIME_LIMIT_MS / 1000} s`),
      TIME_LIMIT_MS,
    );
    pending = { id, resolve, timer };
    worker.postMessage({ type: "run", id, action, input, files });
  });
}

// ---- running ----------------------------------------------------------------------------

let firstAnswer = true;

async function run() {
  saveEditor();
  writeHash();
  const moduleMode = state.mode === "module";
  const input = moduleMode ? moduleExpr.value : state.expr;
  const action = {
    value: "evaluate",
    type: "type",
    json: "json",
  }[state.view];
  output.dataset.status = "running";
  $("[data-testid=stop]").disabled = false;
  const reply = await ask(moduleMode ? `module-${action}` : action, input, moduleMode ? { ...state.files } : undefined);
  $("[data-testid=stop]").disabled = true;
  output.textContent = reply.text;
  output.dataset.status = reply.ok ? "ok" : "error";
  // How many answers the page has shown: a test waits for this to grow.
  output.dataset.answers = String(Number(output.dataset.answers ?? 0) + 1);
  diagnosticsPane.textContent = reply.diagnostics || "";
  diagnosticsPane.hidden = !reply.diagnostics;
  timing.textContent = reply.stopped ? "" : `answered in ${reply.ms.toFixed(1)} ms`;
  if (firstAnswer) {
    firstAnswer = false;
    performance.mark("terrace:first-answer");
    document.body.dataset.firstAnswerMs = performance.now().toFixed(1);
  }
}

async function formatInput() {
  saveEditor();
  const moduleMode = state.mode === "module";
  // An expression is formatted as the value of an attribute, then taken out again.
  const prefix = "x = ";
  const source = moduleMode ? state.files[state.file] : prefix + state.expr;
  const reply = await ask("format", source);
  if (!reply.ok) {
    output.textContent = reply.text;
    output.dataset.status = "error";
    return;
  }
  let text = reply.text;
  if (!moduleMode) {
    if (!text.startsWith(prefix)) return;
    text = text.slice(prefix.length).replace(/\n$/, "");
  }
  setEditorText(text);
  saveEditor();
  writeHash();
}

// ---- the URL hash -----------------------------------------------------------------------

function writeHash() {
  const params = new URLSearchParams();
  if (state.mode === "module") {
    params.set("mode", "module");
    params.set("expr", moduleExpr.value);
    for (const name of FILE_NAMES) params.set(name, state.files[name]);
  } else {
    params.set("expr", state.expr);
  }
  if (state.view !== "value") params.set("view", state.view);
  window.history.replaceState(null, "", `#${params}`);
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("expr")) return false;
  state.view = VIEWS.includes(params.get("view")) ? params.get("view") : "value";
  if (params.get("mode") === "module") {
    for (const name of FILE_NAMES) state.files[name] = params.get(name) ?? "";
    setMode("module", params.get("expr"));
  } else {
    state.expr = params.get("expr");
    setMode("expression");
  }
  return true;
}

// ---- modes, tabs, views, examples -------------------------------------------------------

function setMode(mode, expr) {
  state.mode = mode;
  document.body.dataset.mode = mode;
  for (const button of document.querySelectorAll("[data-mode]")) {
    button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
  }
  if (mode === "module") {
    if (expr !== undefined) moduleExpr.value = expr;
    selectFile(state.file);
  } else {
    setEditorText(state.expr);
  }
}

function selectFile(name) {
  state.file = name;
  for (const tab of document.querySelectorAll("[data-file]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.file === name));
  }
  setEditorText(state.files[name]);
}

function setView(name) {
  state.view = name;
  for (const tab of document.querySelectorAll("[data-view]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.view === name));
  }
}

function loadExample(example) {
  if (example.mode === "module") {
    state.files = { ...example.files };
    state.file = "main.tf";
    setMode("module", example.expr);
  } else {
    state.expr = example.expr;
    setMode("expression");
  }
  run();
}

function wire() {
  $("[data-testid=run]").addEventListener("click", run);
  $("[data-testid=stop]").addEventListener("click", () => stop("Stopped"));
  $("[data-testid=fmt]").addEventListener("click", formatInput);
  for (const button of document.querySelectorAll("[data-mode]")) {
    button.addEventListener("click", () => {
      saveEditor();
      setMode(button.dataset.mode);
    });
  }
  for (const tab of document.querySelectorAll("[data-file]")) {
    tab.addEventListener("click", () => {
      saveEditor();
      selectFile(tab.dataset.file);
    });
  }
  for (const tab of document.querySelectorAll("[data-view]")) {
    tab.addEventListener("click", () => {
      setView(tab.dataset.view);
      run();
    });
  }
  moduleExpr.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      run();
    }
  });
  const select = $("[data-testid=examples]");
  EXAMPLES.forEach((example, index) => {
    const option = document.createElement("option");
    option.value = String(index);
    option.textContent = example.name;
    select.append(option);
  });
  select.addEventListener("change", () => {
    if (select.value !== "") loadExample(EXAMPLES[Number(select.value)]);
    select.value = "";
  });
  window.addEventListener("hashchange", () => {
    if (readHash()) {
      setView(state.view);
      run();
    }
  });
}

/** What index.html's boot script started: the compiled .wasm and a first worker. */
function boot() {
  if (window.terraceBoot) return window.terraceBoot;
  // Without the boot script (a page that embeds main.js alone): the same, now.
  const wasm = WebAssembly.compileStreaming(fetch("terrace_wasm_bg.wasm"));
  const worker = fetch("worker.js")
    .then((response) => response.blob())
    .then((script) => {
      const url = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
      return { url, worker: new Worker(url, { type: "module" }) };
    });
  return { wasm, worker };
}

async function main() {
  wire();
  const fromHash = readHash();
  if (!fromHash) {
    // An empty editor (a placeholder shows what to type): typed text is the whole input.
    state.expr = "";
    setMode("expression");
  }
  setView(state.view);
  const started = boot();
  const [module, first] = await Promise.all([started.wasm, started.worker]);
  performance.mark("terrace:compiled");
  wasmModule = module;
  workerUrl = first.url;
  startWorker(first.worker);
  await workerReady;
  performance.mark("terrace:ready");
  document.body.dataset.ready = "true";
  if (fromHash) run();
  view.focus();
}

main();
