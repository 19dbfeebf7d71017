// Parses Mermaid diagrams with Mermaid's own parser (the bundle given as the first argument),
// for DiagramParsers. Standard input is a JSON array of diagram texts; standard output a JSON
// array with, for each, its nodes and edges or the parser's error. One process parses them
// all, so thousands of diagrams cost one Node start. The output is ASCII (other characters
// as \u escapes), which every JSON reader decodes alike.
const parse = require(process.argv[2]);
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));

(async () => {
  const results = [];
  for (const text of texts) {
    try {
      const graph = JSON.parse(await (parse.default || parse)(text)).graph_data;
      results.push({
        nodes: graph.nodes.map((n) => ({ id: n.id, label: String(n.label ?? ""), parentId: n.parentId ?? null, shape: n.shape ?? null })),
        edges: graph.edges.map((e) => ({ start: e.start, end: e.end, label: String(e.label ?? "") })),
      });
    } catch (error) {
      results.push({ error: String(error && error.message ? error.message : error) });
    }
  }
  const json = JSON.stringify(results).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  process.stdout.write(json);
})();
