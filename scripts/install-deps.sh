#!/usr/bin/env bash
# Installs what objgen needs to build and test, from Debian packages. Safe to run again.
set -euo pipefail
packages=(g++ clang cmake ninja-build pkg-config libgtest-dev libgmock-dev googletest
          libbenchmark-dev libsqlite3-dev nlohmann-json3-dev libcli11-dev libfmt-dev libxxhash-dev libjemalloc-dev
          clang-14 clang-format-14 clang-tidy-14 lld libclang-14-dev libclang-cpp14-dev llvm-14-dev libclang-common-14-dev libboost-dev libabsl-dev
          openmpi-bin libopenmpi-dev libseccomp-dev
          libtsl-ordered-map-dev libtsl-hopscotch-map-dev libjsoncpp-dev libpugixml-dev libeigen3-dev libgmp-dev
          libsparsehash-dev libroaring-dev libyaml-cpp-dev
          chromium gcovr)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
