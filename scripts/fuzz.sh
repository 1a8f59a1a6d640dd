#!/usr/bin/env bash
# Runs every cargo-fuzz target for N seconds each (default 30), one after another.
#   scripts/fuzz.sh [seconds] [target...]
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). New corpus
# entries go to fuzz/target/corpus-new/<target>/ (not committed); crash inputs to
# fuzz/artifacts/<target>/. To keep a corpus small after a long run:
#   cargo +nightly fuzz cmin <target>
set -euo pipefail

seconds="${1:-30}"
shift || true
cd "$(dirname "$0")/../fuzz"
mkdir -p target

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz.sh: needs a nightly toolchain ('rustup toolchain install nightly')" >&2
  exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz.sh: installing cargo-fuzz (once)" >&2
  cargo install cargo-fuzz
fi

if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list)
fi

failed=()
unbuilt=()
for t in "${targets[@]}"; do
  echo "== fuzz $t for ${seconds}s"
  if ! cargo +nightly fuzz build -O "$t" >"target/fuzz-build-$t.log" 2>&1; then
    unbuilt+=("$t")
    grep -E "^error" "target/fuzz-build-$t.log" | head -n 5 >&2 || true
    continue
  fi
  new="target/corpus-new/$t"
  log="target/fuzz-$t.log"
  mkdir -p "$new" "corpus/$t"
  # The first corpus directory receives new inputs: the committed seeds stay as they are.
  status=0
  cargo +nightly fuzz run -O "$t" "$new" "corpus/$t" -- \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 >"$log" 2>&1 || status=$?
  grep -E "stat::number_of_executed_units|Done [0-9]+ runs|SUMMARY|panicked at|Test unit written" "$log" || true
  if [ "$status" -ne 0 ]; then
    failed+=("$t")
    tail -n 30 "$log" >&2
  fi
done

if [ "${#unbuilt[@]}" -gt 0 ]; then
  echo "fuzz.sh: could not build: ${unbuilt[*]} (see fuzz/target/fuzz-build-<target>.log)" >&2
fi
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz.sh: crashes in: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
  exit 1
fi
if [ "${#unbuilt[@]}" -gt 0 ]; then
  exit 1
fi
echo "fuzz.sh: all targets ran ${seconds}s without a crash"
