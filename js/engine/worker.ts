// The engine worker: instantiates the engine wasm from the module the entry sends and
// runs searches on request. Runs as a Web Worker started from a Blob URL (no worker file
// to fetch, so it works from file://) or, in Node, as a worker thread given this code as
// text (with a three-line shim that gives it `self`, see index.ts).
import { EngineCore, initSync } from "./raw.js";
import type { Reply, Request } from "./protocol.ts";

interface WorkerScope {
  onmessage: ((e: { data: Request }) => void) | null;
  postMessage(m: Reply): void;
}
declare const self: WorkerScope;

let core: EngineCore | null = null;
const post = (m: Reply): void => self.postMessage(m);

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
  const { id } = msg;
  try {
    const line =
      msg.type === "search"
        ? core.search(msg.pgn, msg.level, msg.nodes, msg.depth, msg.movetime, msg.seed, (info: string) =>
            post({ type: "info", id, line: info }),
          )
        : core.chooseSwap(msg.pgn, msg.nodes);
    post({ type: "done", id, line });
  } catch (err) {
    post({ type: "error", id, message: err instanceof Error ? err.message : String(err) });
  }
};
