#!/usr/bin/env bash
# Rebuilds the probe modules vkhost embeds (run after changing a probe or clc's Vulkan ABI):
#   bash vkhost/probe/make.sh [path-to-clc]
set -euo pipefail
cd "$(dirname "$0")"
clc=${1:-${CARGO_TARGET_DIR:-$HOME/.cache/clc-target}/debug/clc}
"$clc" --target=vulkan1.2 denormals.cl -o denormals.spv --reflect=denormals.json
