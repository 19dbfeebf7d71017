/* Graphviz 13's gvc.h, reduced to what the shim uses (see graphviz_version.h). */
#pragma once
#include <stddef.h>
#include "cgraph.h"
typedef struct GVC_s GVC_t;
typedef Agraph_t graph_t;
typedef struct { double x, y; } pointf;
typedef struct { pointf LL, UR; } boxf;
boxf fake_graph_bounds(Agraph_t *graph);
#define GD_bb(g) fake_graph_bounds(g)
int gvRenderData(GVC_t *gvc, graph_t *g, const char *format, char **result, size_t *length);
/* Graphviz 13 counts a spline's curves and a curve's points in size_t (older versions: int). */
typedef struct bezier { pointf *list; size_t size; unsigned sflag; unsigned eflag; pointf sp; pointf ep; } bezier;
typedef struct splines { bezier *list; size_t size; boxf bb; } splines;
splines *fake_edge_splines(Agedge_t *edge);
#define ED_spl(e) fake_edge_splines(e)
pointf *fake_node_coord(Agnode_t *node);
double fake_node_size(Agnode_t *node);
#define ND_coord(n) (*fake_node_coord(n))
#define ND_width(n) fake_node_size(n)
#define ND_height(n) fake_node_size(n)
