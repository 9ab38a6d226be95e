#!/usr/bin/env bash
# Idempotent machine setup for clc: libclang 22 (front end), clang-22 (reference compiler for
# differential tests), Intel's CPU OpenCL runtime (runs SPIR-V 1.0 through clCreateProgramWithIL)
# and the OpenCL ICD loader; lavapipe (Mesa's CPU Vulkan driver) and the Vulkan loader for the
# Vulkan target's tests. Safe to run again: each step checks before it installs.
set -euo pipefail

need_root() { if [ "$(id -u)" -ne 0 ]; then echo "sudo"; fi; }
SUDO=$(need_root)

APT_PACKAGES=(
  clang-22 libclang-22-dev          # libclang 22 for the front end; clang-22 as the oracle
  spirv-tools                       # spirv-val/spirv-dis CLIs, handy for debugging
  ocl-icd-libopencl1 ocl-icd-opencl-dev  # the OpenCL ICD loader the tests link against
  libtbb12 libtbbmalloc2            # needed by Intel's CPU runtime
  mesa-vulkan-drivers libvulkan1 vulkan-tools  # lavapipe + the Vulkan loader (clc-run --vulkan, vkhost)
  python3-pip
)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Intel CPU OpenCL runtime from PyPI, into a fixed prefix.
OCL_PREFIX=${CLC_OCL_PREFIX:-/opt/clc/intel-ocl}
if [ ! -f "$OCL_PREFIX/lib/libintelocl.so" ]; then
  echo "setup: installing opencl-rt==2021.2.0 into $OCL_PREFIX"
  tmp=$(mktemp -d)
  python3 -m pip download -q --disable-pip-version-check --no-deps -d "$tmp" opencl-rt==2021.2.0
  # The wheel keeps the runtime in its data folder, which `pip install --target` drops:
  # unpack the wheel ourselves.
  $SUDO mkdir -p "$OCL_PREFIX"
  $SUDO python3 -m zipfile -e "$tmp"/opencl_rt-*.whl "$OCL_PREFIX/wheel"
  rm -rf "$tmp"
  so=$(find "$OCL_PREFIX/wheel" -name libintelocl.so | head -n1)
  [ -n "$so" ] || { echo "setup: libintelocl.so not found in the opencl-rt wheel" >&2; exit 1; }
  $SUDO ln -sfn "$(dirname "$so")" "$OCL_PREFIX/lib"
fi
mkdir -p "$OCL_PREFIX/vendors"
echo "$(readlink -f "$OCL_PREFIX/lib")/libintelocl.so" > "$OCL_PREFIX/vendors/intel-cpu.icd"
