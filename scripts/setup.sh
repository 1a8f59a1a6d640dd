#!/bin/sh
# Idempotent setup for a fresh clone: everything `npm start` and `npm test` need.
# Needs no node_modules (it is what installs them). Safe to run again: each step
# checks first and does nothing when already done.
set -eu
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# 1. Rust's wasm target.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 2. wasm-bindgen CLI (and wasm-bindgen-test-runner) at exactly the version the
#    crate pins: the CLI and the crate must match or the bindings are refused.
# Either `wasm-bindgen = "=X.Y.Z"` or `wasm-bindgen = { version = "=X.Y.Z", ... }`.
want=$(sed -n 's/^wasm-bindgen[[:space:]]*=[^"]*"=*\([0-9][0-9.]*\)".*/\1/p' Cargo.toml | head -n 1)
if [ -z "$want" ]; then
  echo "setup: cannot read the wasm-bindgen version from Cargo.toml" >&2
  exit 1
fi
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
have_runner=$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ] || [ "$have_runner" != "$want" ]; then
  echo "setup: cargo install wasm-bindgen-cli --version =$want (found '${have:-none}')"
  cargo install wasm-bindgen-cli --version "=$want"
fi

# 3. Chromium and ChromeDriver (Debian's) for the browser tests.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  echo "setup: apt-get install chromium chromium-driver"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi

# 4. npm packages, exactly as package-lock.json records them. npm ci writes
#    node_modules/.package-lock.json; a lock file newer than that means stale.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
   || [ package.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
fi
echo "setup: ok"
