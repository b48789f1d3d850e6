// A static server for web/dist on 127.0.0.1 (a free port), recording every request it answers.
// Like a static host, it sends gzip to a client that accepts it (files compressed once).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
};

export async function serve(dir) {
  const requests = [];
  const gzipped = new Map();
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, "http://127.0.0.1").pathname;
    requests.push(path);
    const file = normalize(join(dir, path === "/" ? "index.html" : path));
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
      let body = await readFile(file);
      if (/\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
        if (!gzipped.has(file)) gzipped.set(file, gzipSync(body));
        body = gzipped.get(file);
        headers["content-encoding"] = "gzip";
      }
      response.writeHead(200, headers);
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((r) => server.close(r)) };
}
