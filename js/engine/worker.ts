// The engine worker: instantiates the engine wasm from the module the entry sends and
// runs its requests. Runs as a Web Worker started from a Blob URL (no worker file to
// fetch, so it works from file://) or, in Node, as a worker thread given this code as
// text (with a three-line shim that gives it `self`, see index.ts). Requests go to the
// wasm as the objects they are; its answers come back as objects (protocol.ts).
import { EngineCore, initSync } from "./raw.js";
import type { Job, Jobs, Reply, Request } from "./protocol.ts";

interface WorkerScope {
  onmessage: ((e: { data: Request }) => void) | null;
  postMessage(m: Reply): void;
}
declare const self: WorkerScope;

let core: EngineCore | null = null;
const post = (m: Reply): void => self.postMessage(m);

/** Runs one request on the wasm; its iterations are posted as they come. */
function run(c: EngineCore, msg: Extract<Request, { id: number }>): Jobs[Job]["result"] {
  const progress = (p: Jobs[Job]["progress"]): void => post({ type: "progress", id: msg.id, progress: p });
  switch (msg.type) {
    case "search":
      return c.search(msg.request, progress) as Jobs["search"]["result"];
    case "analyse":
      return c.analyse(msg.request, progress) as Jobs["analyse"]["result"];
    case "review":
      return c.review(msg.request, progress) as Jobs["review"]["result"];
    case "swap":
      return c.chooseSwap(msg.request) as Jobs["swap"]["result"];
  }
}

self.onmessage = ({ data: msg }) => {
  if (msg.type === "init") {
    initSync({ module: msg.module });
    core = new EngineCore(msg.hash);
    post({ type: "ready" });
    return;
  }
  if (!core) return;
  if (msg.type === "clear") {
    core.clear();
    return;
  }
  try {
    post({ type: "done", id: msg.id, result: run(core, msg) });
  } catch (err) {
    post({ type: "error", id: msg.id, message: err instanceof Error ? err.message : String(err) });
  }
};
