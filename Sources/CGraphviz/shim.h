#ifndef FSMVIZ_CGRAPHVIZ_SHIM_H
#define FSMVIZ_CGRAPHVIZ_SHIM_H
#include <stddef.h>
#include <graphviz/graphviz_version.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/* Graphviz 13 changed the API fsmviz calls: gvRenderData's length became a size_t *, and
 * agreadline, the memory discipline (Agmemdisc_t, AgMemDisc) and the global lexer state that
 * aglexbad flushed are gone. graphviz_version.h has numeric versions since 2.46 or so; older
 * releases (Debian's 2.42, whose header says 2.43.0) define only PACKAGE_VERSION, a string
 * the preprocessor cannot compare, and predate every change above. */
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 13
#define FSMVIZ_GRAPHVIZ_13 1
#else
#define FSMVIZ_GRAPHVIZ_13 0
#endif

/* agtail/aghead are macros Swift cannot import; agget takes a non-const name. */
static inline Agnode_t *fsmviz_edge_tail(Agedge_t *edge) { return agtail(edge); }
static inline Agnode_t *fsmviz_edge_head(Agedge_t *edge) { return aghead(edge); }
static inline char *fsmviz_get(void *object, const char *name) { return agget(object, (char *)name); }
/* A laid-out graph's or cluster's bounding box in points (GD_bb is a macro). */
static inline boxf fsmviz_bounds(Agraph_t *graph) { return GD_bb(graph); }
/* cgraph's default memory and I/O disciplines, which Swift cannot take the address of. */
#if !FSMVIZ_GRAPHVIZ_13
static inline Agmemdisc_t *fsmviz_memory_discipline(void) { return &AgMemDisc; }
#endif
static inline Agiodisc_t *fsmviz_io_discipline(void) { return &AgIoDisc; }

/* gvRenderData with the length as a size_t whichever type this Graphviz takes. */
static inline int fsmviz_render_data(GVC_t *context, graph_t *graph, const char *format, char **data, size_t *length) {
#if FSMVIZ_GRAPHVIZ_13
    return gvRenderData(context, graph, format, data, length);
#else
    unsigned int shortLength = 0;
    int status = gvRenderData(context, graph, format, data, &shortLength);
    *length = shortLength;
    return status;
#endif
}

/* Before reading a document: up to Graphviz 12 the lexer's buffer and line counter are
 * process-wide globals that carry over from the previous document (its trailing newline would
 * count as this one's first line). aglexbad, which flushes the buffer, is exported by
 * libcgraph but declared only in its private cghdr.h. From 13 on every read gets a scanner of
 * its own, starting at line 1, and aglexbad takes that scanner: nothing is left to reset. */
#if !FSMVIZ_GRAPHVIZ_13
extern void aglexbad(void);
#endif
static inline void fsmviz_reset_lexer(void) {
#if !FSMVIZ_GRAPHVIZ_13
    aglexbad();
    agreadline(1);
#endif
}
#endif
