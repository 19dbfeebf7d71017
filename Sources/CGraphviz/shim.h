#ifndef FSMVIZ_CGRAPHVIZ_SHIM_H
#define FSMVIZ_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/* agtail/aghead are macros Swift cannot import; agget takes a non-const name. */
static inline Agnode_t *fsmviz_edge_tail(Agedge_t *edge) { return agtail(edge); }
static inline Agnode_t *fsmviz_edge_head(Agedge_t *edge) { return aghead(edge); }
static inline char *fsmviz_get(void *object, const char *name) { return agget(object, (char *)name); }
/* The laid-out drawing's size in points (GD_bb is a macro). */
static inline double fsmviz_graph_width(Agraph_t *graph) { return GD_bb(graph).UR.x - GD_bb(graph).LL.x; }
static inline double fsmviz_graph_height(Agraph_t *graph) { return GD_bb(graph).UR.y - GD_bb(graph).LL.y; }
/* cgraph's default memory and I/O disciplines, which Swift cannot take the address of. */
static inline Agmemdisc_t *fsmviz_memory_discipline(void) { return &AgMemDisc; }
static inline Agiodisc_t *fsmviz_io_discipline(void) { return &AgIoDisc; }
/* Exported by libcgraph but missing from its header: flushes the lexer's input buffer. */
extern void aglexbad(void);
#endif
