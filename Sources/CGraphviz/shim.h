#ifndef FSMVIZ_CGRAPHVIZ_SHIM_H
#define FSMVIZ_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
