#!/usr/bin/env bash
# Builds fsmviz for release, with the Swift runtime and Foundation linked statically (Graphviz
# and libxml2 stay the system's shared libraries: libgvc6, libxml2), so the binary runs
# without a Swift toolchain; prints its path. scripts/release packs it, scripts/install copies it.
set -euo pipefail
cd "$(dirname "$0")/../.."
flags=(-c release --static-swift-stdlib --scratch-path .build-release)
# The static link prints one linker warning, "the use of `mktemp' is dangerous": it is about
# Foundation's own code in the toolchain's libFoundationEssentials.a, which glibc's linker flags
# whenever Foundation is linked statically, not about fsmviz's.
swift build "${flags[@]}" --product fsmviz >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/fsmviz"
