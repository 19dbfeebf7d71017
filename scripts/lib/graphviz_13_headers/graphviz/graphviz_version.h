/* A stand-in for Graphviz 13's headers, reduced to what Sources/CGraphviz/shim.h uses, with
 * 13's signatures: scripts/ci/graphviz-shim-check compiles the shim against it, because this
 * machine has Debian's Graphviz 2.42 and Homebrew ships 13 or later. */
#pragma once
#define PACKAGE_VERSION "13.1.0"
#define GRAPHVIZ_VERSION_MAJOR 13
#define GRAPHVIZ_VERSION_MINOR 1
#define GRAPHVIZ_VERSION_PATCH 0
