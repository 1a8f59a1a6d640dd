// A UCI engine as a child process: send commands, await the lines that answer them.
import { spawn } from "node:child_process";

export class UciEngine {
  /** @param {string} command the program and its arguments, space-separated */
  constructor(command) {
    const [program, ...args] = command.split(/\s+/).filter(Boolean);
    this.command = command;
    this.proc = spawn(program, args, { stdio: ["pipe", "pipe", "inherit"] });
    this.buffer = "";
    /** @type {((line: string) => void) | null} */
    this.listener = null;
    this.exited = new Promise((resolve) => this.proc.on("exit", resolve));
    this.proc.stdout.setEncoding("utf8");
    this.proc.stdout.on("data", (chunk) => {
      this.buffer += chunk;
      let i;
      while ((i = this.buffer.indexOf("\n")) >= 0) {
        const line = this.buffer.slice(0, i).trim();
        this.buffer = this.buffer.slice(i + 1);
        this.listener?.(line);
      }
    });
  }

  send(text) {
    this.proc.stdin.write(`${text}\n`);
  }

  /** Resolves with every line up to and including the first that `done` accepts. */
  until(done, timeoutMs = 600_000) {
    return new Promise((resolve, reject) => {
      const lines = [];
      const timer = setTimeout(() => {
        this.listener = null;
        reject(new Error(`${this.command}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${this.command}: exited`));
      });
      this.listener = (line) => {
        lines.push(line);
        if (done(line)) {
          clearTimeout(timer);
          this.listener = null;
          resolve(lines);
        }
      };
    });
  }

  /** `uci`, the options, `isready`; resolves with the engine's `id name`. */
  async init(options) {
    this.send("uci");
    const lines = await this.until((l) => l === "uciok", 30_000);
    this.name = lines.find((l) => l.startsWith("id name "))?.slice(8) ?? this.command;
    for (const [k, v] of options) this.send(`setoption name ${k} value ${v}`);
    await this.ready();
    return this.name;
  }

  async ready() {
    this.send("isready");
    await this.until((l) => l === "readyok", 60_000);
  }

  /**
   * The engine's move from `fen` after `moves` (UCI), searching `go` (e.g. "nodes 100000").
   * Returns the move and the last score it reported (centipawns for the side to move;
   * mates as ±(100000 - plies)).
   */
  async go(fen, moves, go) {
    this.send(`position fen ${fen}${moves.length ? ` moves ${moves.join(" ")}` : ""}`);
    this.send(`go ${go}`);
    const lines = await this.until((l) => l.startsWith("bestmove"));
    let score = null;
    for (const l of lines) {
      const cp = / score cp (-?\d+)/.exec(l);
      const mate = / score mate (-?\d+)/.exec(l);
      if (/ multipv (\d+)/.exec(l)?.[1] > 1) continue;
      if (cp) score = Number(cp[1]);
      else if (mate) score = Math.sign(Number(mate[1])) * (100_000 - Math.abs(Number(mate[1])));
    }
    const best = lines.at(-1).split(/\s+/)[1];
    return { move: best, score };
  }

  async quit() {
    this.send("quit");
    const t = setTimeout(() => this.proc.kill(), 2000);
    await this.exited;
    clearTimeout(t);
  }
}
