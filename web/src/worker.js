// The playground's evaluator: terrace's WebAssembly in a Web Worker, so that a runaway
// expression never freezes the page (the page terminates this worker on Stop or at the time
// limit, and starts another from the compiled module it keeps).
import * as terrace from "../pkg/terrace_wasm.js";

function answer(request) {
  switch (request.action) {
    case "evaluate":
      return terrace.evaluate(request.input);
    case "type":
      return terrace.typeOf(request.input);
    case "json":
      return terrace.toJson(request.input);
    case "format":
      return terrace.format(request.input);
    default:
      break;
  }
  if (typeof terrace.Module !== "function") {
    throw new Error("error: this build of terrace has no module support");
  }
  const module = new terrace.Module(request.files);
  try {
    const diagnostics = module.diagnostics;
    const method = { "module-evaluate": "evaluate", "module-type": "typeOf", "module-json": "toJson" }[
      request.action
    ];
    if (module.hasErrors) {
      return { diagnostics, error: diagnostics };
    }
    try {
      return { diagnostics, text: module[method](request.input) };
    } catch (error) {
      return { diagnostics, error: error.message };
    }
  } finally {
    module.free();
  }
}

self.onmessage = (event) => {
  const request = event.data;
  if (request.type === "init") {
    terrace.initSync({ module: request.module });
    self.postMessage({ type: "ready", version: terrace.version() });
    return;
  }
  const started = performance.now();
  let reply;
  try {
    const result = answer(request);
    if (typeof result === "string") {
      reply = { ok: true, text: result };
    } else if (result.error !== undefined) {
      reply = { ok: false, text: result.error, diagnostics: result.diagnostics };
    } else {
      reply = { ok: true, text: result.text, diagnostics: result.diagnostics };
    }
  } catch (error) {
    reply = { ok: false, text: error instanceof Error ? error.message : String(error) };
  }
  reply.type = "result";
  reply.id = request.id;
  reply.ms = performance.now() - started;
  self.postMessage(reply);
};
