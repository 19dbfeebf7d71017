#ifndef FSMVIZ_CGRAPHVIZ_SHIM_H
#define FSMVIZ_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/* agtail/aghead are macros Swift cannot import; agget takes a non-const name. */
static inline Agnode_t *fsmviz_edge_tail(Agedge_t *edge) { return agtail(edge); }
static inline Agnode_t *fsmviz_edge_head(Agedge_t *edge) { return aghead(edge); }
static inline char *fsmviz_get(void *object, const char *name) { return agget(object, (char *)name); }
/* A laid-out graph's or cluster's bounding box in points (GD_bb is a macro). */
static inline boxf fsmviz_bounds(Agraph_t *graph) { return GD_bb(graph); }
/* cgraph's default memory and I/O disciplines, which Swift cannot take the address of. */
static inline Agmemdisc_t *fsmviz_memory_discipline(void) { return &AgMemDisc; }
static inline Agiodisc_t *fsmviz_io_discipline(void) { return &AgIoDisc; }
/* Exported by libcgraph but missing from its header: flushes the lexer's input buffer. */
extern void aglexbad(void);
#endif
