#!/usr/bin/env node
// A tiny static server for the app: www/dist/ once built (else www/), and the package
// itself under /pkg/. `npm start` runs it: http://localhost:8080 unless PORT says
// otherwise (HOST picks the interface). Over http(s) the app installs its service
// worker and works offline after one visit; the app's browser tests serve it with
// `serve()` below.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "www", "dist");

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8", ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".wasm": "application/wasm", ".svg": "image/svg+xml", ".png": "image/png",
  ".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8", ".pgn": "text/plain; charset=utf-8",
  ".d.ts": "text/plain; charset=utf-8", ".ts": "text/plain; charset=utf-8",
};

/**
 * Serves `site` at `/` and the package at `/pkg/`; resolves with the server and its
 * origin once listening (`port` 0: any free port).
 */
export function serve({ site = existsSync(join(dist, "index.html")) ? dist : join(root, "www"), port = 8080, host } = {}) {
  const mounts = [["/pkg/", join(root, "pkg")], ["/", site]];
  const resolve = (urlPath) => {
    for (const [prefix, dir] of mounts) {
      if (!urlPath.startsWith(prefix)) continue;
      const file = normalize(join(dir, urlPath.slice(prefix.length)));
      if (file !== dir && !file.startsWith(dir + sep)) return null; // no escaping the root
      if (existsSync(file) && statSync(file).isDirectory()) return join(file, "index.html");
      return file;
    }
    return null;
  };
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    } catch {
      res.writeHead(400).end("bad request");
      return;
    }
    const file = resolve(path);
    if (path === "/favicon.ico" && (file === null || !existsSync(file))) {
      res.writeHead(204).end(); // no icon, and no 404 in the console
      return;
    }
    if (file === null || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end(`not found: ${path}`);
      return;
    }
    res.writeHead(200, {
      "content-type": types[extname(file)] ?? "application/octet-stream",
      // Always asked again: a new build is seen at once (the service worker keeps the
      // offline copy, in a cache of its own).
      "cache-control": "no-cache",
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      const a = server.address();
      const shown = host && !host.includes(":") ? host : "localhost";
      ok({ server, site, origin: `http://${shown}:${typeof a === "object" && a ? a.port : port}` });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const { site, origin } = await serve({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST });
  console.log(`serving ${site} at ${origin}/ (package at /pkg/)`);
}
