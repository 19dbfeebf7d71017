#ifndef FSMVIZ_CGRAPHVIZ_SHIM_H
#define FSMVIZ_CGRAPHVIZ_SHIM_H
#include <stddef.h>
/* Curves are allocated and freed with the C library's malloc and free, as Graphviz does;
 * scripts/ci/graphviz-shim-check compiles against reduced headers without a C library. */
#if __has_include(<stdlib.h>)
#include <stdlib.h>
#else
void *malloc(size_t size);
void free(void *pointer);
#endif
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
/* Sets a graph attribute the DOT left unset (agsafeset takes non-const strings before 13). */
static inline void fsmviz_default_graph_attribute(Agraph_t *graph, const char *name, const char *value) {
    char *current = agget(graph, (char *)name);
    if (current == NULL || current[0] == '\0') agsafeset(graph, (char *)name, (char *)value, (char *)"");
}
/* A laid-out graph's or cluster's bounding box in points (GD_bb is a macro). */
static inline boxf fsmviz_bounds(Agraph_t *graph) { return GD_bb(graph); }
/* The control points of a laid-out edge's curves, one after the other (ED_spl is a macro, and
 * its counts changed type across versions): writes at most `capacity` of them to `points` and
 * returns how many there are. */
static inline size_t fsmviz_edge_points(Agedge_t *edge, pointf *points, size_t capacity) {
    splines *curves = ED_spl(edge);
    size_t count = 0;
    if (curves == NULL) return 0;
    for (size_t curve = 0; curve < (size_t)curves->size; curve++) {
        const bezier *piece = &curves->list[curve];
        for (size_t point = 0; point < (size_t)piece->size; point++) {
            if (count < capacity) points[count] = piece->list[point];
            count++;
        }
    }
    return count;
}
/* A laid-out node's box in points (ND_coord, ND_width and ND_height are macros). */
static inline boxf fsmviz_node_box(Agnode_t *node) {
    pointf centre = ND_coord(node);
    double halfWidth = ND_width(node) * 36, halfHeight = ND_height(node) * 36;
    boxf box = {{centre.x - halfWidth, centre.y - halfHeight}, {centre.x + halfWidth, centre.y + halfHeight}};
    return box;
}
/* The tip of a laid-out edge's arrowhead at its head, when it has one (the last curve's ep,
 * when its eflag is set): the arrowhead is drawn from the curve's last point to it. */
static inline int fsmviz_edge_arrow_tip(Agedge_t *edge, pointf *tip) {
    splines *curves = ED_spl(edge);
    if (curves == NULL || curves->size == 0) return 0;
    const bezier *last = &curves->list[curves->size - 1];
    if (!last->eflag) return 0;
    *tip = last->ep;
    return 1;
}
/* Moves the tip of a laid-out edge's arrowhead at its head (see fsmviz_edge_arrow_tip). */
static inline void fsmviz_set_edge_arrow_tip(Agedge_t *edge, pointf tip) {
    splines *curves = ED_spl(edge);
    if (curves != NULL && curves->size > 0 && curves->list[curves->size - 1].eflag) curves->list[curves->size - 1].ep = tip;
}
/* Moves a laid-out node's centre to `centre`; its edges are the caller's to redraw. */
static inline void fsmviz_set_node_centre(Agnode_t *node, pointf centre) { ND_coord(node) = centre; }
/* Replaces a laid-out edge's curves by one curve through `points` (a start point, then three
 * per cubic segment), keeping its arrowheads where they were: what a second routing pass
 * draws instead of the layout's curve. Allocated as Graphviz allocates curves, so that
 * gvFreeLayout frees them. Returns 0, changing nothing, when the edge has no curve or memory
 * runs out. */
static inline int fsmviz_set_edge_points(Agedge_t *edge, const pointf *points, size_t count) {
    splines *curves = ED_spl(edge);
    if (curves == NULL || curves->size == 0 || count < 4) return 0;
    pointf *copy = malloc(count * sizeof(pointf));
    if (copy == NULL) return 0;
    for (size_t point = 0; point < count; point++) copy[point] = points[point];
    bezier *first = &curves->list[0];
    const bezier *last = &curves->list[curves->size - 1];
    first->eflag = last->eflag;
    first->ep = last->ep;
    for (size_t curve = 0; curve < (size_t)curves->size; curve++) free(curves->list[curve].list);
    first->list = copy;
    first->size = count;
    curves->size = 1;
    boxf bounds = {points[0], points[0]};
    for (size_t point = 1; point < count; point++) {
        if (points[point].x < bounds.LL.x) bounds.LL.x = points[point].x;
        if (points[point].y < bounds.LL.y) bounds.LL.y = points[point].y;
        if (points[point].x > bounds.UR.x) bounds.UR.x = points[point].x;
        if (points[point].y > bounds.UR.y) bounds.UR.y = points[point].y;
    }
    curves->bb = bounds;
    return 1;
}
/* cgraph's default I/O discipline, which Swift cannot take the address of. */
static inline Agiodisc_t *fsmviz_io_discipline(void) { return &AgIoDisc; }

/* The disciplines fsmviz reads DOT with: its own ids and input, cgraph's memory. Built here
 * because their fields differ by version: 13 dropped the memory discipline and the id
 * discipline's alloc (which fsmviz's, like cgraph's own, would refuse anyway). The result
 * lives as long as the process: graphs keep pointers to it. */
typedef void *(*fsmviz_id_open)(Agraph_t *, Agdisc_t *);
typedef long (*fsmviz_id_map)(void *, int, char *, IDTYPE *, int);
typedef void (*fsmviz_id_free)(void *, int, IDTYPE);
typedef char *(*fsmviz_id_print)(void *, int, IDTYPE);
typedef void (*fsmviz_id_close)(void *);
typedef void (*fsmviz_id_register)(void *, int, void *);
#if !FSMVIZ_GRAPHVIZ_13
static inline long fsmviz_id_refuse_alloc(void *state, int kind, IDTYPE id) { (void)state; (void)kind; (void)id; return 0; }
#endif
static inline Agdisc_t *fsmviz_discipline(
    fsmviz_id_open open, fsmviz_id_map map, fsmviz_id_free release, fsmviz_id_print print, fsmviz_id_close close,
    fsmviz_id_register idregister, int (*afread)(void *, char *, int)) {
    static Agiddisc_t ids;
    static Agiodisc_t io;
    static Agdisc_t discipline;
    ids.open = open;
    ids.map = map;
#if !FSMVIZ_GRAPHVIZ_13
    ids.alloc = fsmviz_id_refuse_alloc;
#endif
    ids.free = release;
    ids.print = print;
    ids.close = close;
    ids.idregister = idregister;
    io.afread = afread;
    io.putstr = AgIoDisc.putstr;
    io.flush = AgIoDisc.flush;
#if !FSMVIZ_GRAPHVIZ_13
    discipline.mem = &AgMemDisc;
#endif
    discipline.id = &ids;
    discipline.io = &io;
    return &discipline;
}

/* agstrfree gained an is_html flag in 13; fsmviz's names are plain strings. */
static inline int fsmviz_strfree(Agraph_t *graph, char *string) {
#if FSMVIZ_GRAPHVIZ_13
    return agstrfree(graph, string, false);
#else
    return agstrfree(graph, string);
#endif
}

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
