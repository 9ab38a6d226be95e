# Sourced by the other scripts: where cargo builds (outside the clone, so a fresh clone
# reuses the slow SPIRV-Tools C++ build) and a check that Rust is there.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/clc-target}
if ! command -v cargo >/dev/null 2>&1; then
  echo "clc: cargo was not found; install a Rust toolchain (1.85 or newer) with rustup first" >&2
  exit 1
fi
