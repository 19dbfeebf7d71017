// Parses a Mermaid diagram from standard input with Mermaid's own parser (the bundle given as
// the first argument) and prints its nodes and edges as JSON, for DiagramExportTests.
const parse = require(process.argv[2]);
const text = require("fs").readFileSync(0, "utf8");
(parse.default || parse)(text)
  .then((result) => {
    const graph = JSON.parse(result).graph_data;
    const nodes = graph.nodes.map((n) => ({ id: n.id, label: String(n.label ?? ""), parentId: n.parentId ?? null, shape: n.shape }));
    const edges = graph.edges.map((e) => ({ start: e.start, end: e.end, label: String(e.label ?? "") }));
    process.stdout.write(JSON.stringify({ nodes, edges }));
  })
  .catch((error) => {
    process.stderr.write(String(error && error.message ? error.message : error));
    process.exit(1);
  });
