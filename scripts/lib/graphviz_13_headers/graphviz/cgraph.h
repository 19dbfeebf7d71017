/* Graphviz 13's cgraph.h, reduced to what the shim uses (see graphviz_version.h). */
#pragma once
#include <stdbool.h>
typedef struct Agraph_s Agraph_t;
typedef struct Agnode_s Agnode_t;
typedef struct Agedge_s Agedge_t;
typedef struct Agiodisc_s Agiodisc_t;
struct Agiodisc_s {
    int (*afread)(void *chan, char *buf, int bufsize);
    int (*putstr)(void *chan, const char *str);
    int (*flush)(void *chan);
};
/* No Agmemdisc_t, AgMemDisc or agreadline, and no alloc in the id discipline: 13 removed them. */
#include <stdint.h>
typedef uint64_t IDTYPE;
typedef struct Agiddisc_s Agiddisc_t;
typedef struct Agdisc_s Agdisc_t;
struct Agiddisc_s {
    void *(*open)(Agraph_t *g, Agdisc_t *);
    long (*map)(void *state, int objtype, char *str, IDTYPE *id, int createflag);
    void (*free)(void *state, int objtype, IDTYPE id);
    char *(*print)(void *state, int objtype, IDTYPE id);
    void (*close)(void *state);
    void (*idregister)(void *state, int objtype, void *obj);
};
struct Agdisc_s {
    Agiddisc_t *id;
    Agiodisc_t *io;
};
extern Agiodisc_t AgIoDisc;
Agnode_t *agtail_of(Agedge_t *edge);
Agnode_t *aghead_of(Agedge_t *edge);
#define agtail(e) agtail_of(e)
#define aghead(e) aghead_of(e)
char *agget(void *obj, char *name);
int agsafeset(void *obj, char *name, const char *value, const char *def);
void agsetfile(const char *);
int agstrfree(Agraph_t *, const char *, bool is_html);
/* Not in the public header: libcgraph 13 defines it with the reentrant scanner as argument,
 * declared here so that a shim still declaring the old `void aglexbad(void)` fails. */
void aglexbad(void *scanner);
