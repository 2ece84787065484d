/**
 * The house rules for imports (checked by `npm run check:deps`, part of `npm test`):
 * - no import cycles;
 * - src/ is the library: it never imports graphs/, nodes/ or checkpoints/, except the facade
 *   (src/memory.ts), which wires the graphs and opens the checkpointers, and src/index.ts, which
 *   re-exports the facade;
 * - nodes/ import only src/ (a node never reaches into another node's file or a graph);
 * - checkpoints/ import only src/;
 * - apps/ (the example agent, what LangGraph Studio serves) stand on the facade and the graphs:
 *   nothing below imports them, except src/index.ts, which re-exports the agent;
 * - nothing outside test/ imports test/.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import cycles make the house unreadable and load order fragile.",
      from: {},
      to: { circular: true },
    },
    {
      name: "src-not-to-graphs-or-nodes",
      severity: "error",
      comment: "The library does not know the graphs or the savers; only the facade wires them.",
      from: { path: "^src/", pathNot: "^src/(memory|index)\\.ts$" },
      to: { path: "^(graphs|nodes|checkpoints)/" },
    },
    {
      name: "checkpoints-only-to-src",
      severity: "error",
      comment: "Checkpointer factories build on the library, never on graphs or nodes.",
      from: { path: "^checkpoints/" },
      to: { path: "^(graphs|nodes)/" },
    },
    {
      name: "nodes-not-to-graphs",
      severity: "error",
      comment: "Nodes are wired by graphs, never the other way round.",
      from: { path: "^nodes/" },
      to: { path: "^graphs/" },
    },
    {
      name: "node-not-to-other-node",
      severity: "error",
      comment: "A node never reaches into another node's file; shared logic lives in src/.",
      from: { path: "^nodes/" },
      to: { path: "^nodes/" },
    },
    {
      name: "only-the-index-to-apps",
      severity: "error",
      comment: "Applications stand on the library; only the package's index re-exports one.",
      from: { path: "^(src|graphs|nodes|checkpoints)/", pathNot: "^src/index\\.ts$" },
      to: { path: "^apps/" },
    },
    {
      name: "not-to-test",
      severity: "error",
      from: { pathNot: "^test/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".json"] },
  },
};
