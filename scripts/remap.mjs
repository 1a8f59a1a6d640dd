// The crates' sources are named in a wasm module by their paths (panic locations), and
// those hold where the machine keeps cargo's registry. Both wasm builds map the registry's
// folders out (`--remap-path-prefix`), so that a module is the same wherever it is built.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * rustc's flags that map the registry's folders out of the crates' paths. The sources are
 * fetched first, so that the folders exist on a machine that has never built the crates
 * (a no-op when they are there).
 */
export function registryRemap(root, env) {
  const r = spawnSync("cargo", ["fetch", "--target", "wasm32-unknown-unknown"], { cwd: root, env, stdio: "inherit" });
  if (r.status !== 0) throw new Error("cargo fetch failed");
  const registry = join(env.CARGO_HOME ?? join(env.HOME ?? "", ".cargo"), "registry", "src");
  return (existsSync(registry) ? readdirSync(registry) : []).map((d) => `--remap-path-prefix=${join(registry, d)}/=`);
}
