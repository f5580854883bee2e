// Module layers of src/, checked by `npm run depcheck` (part of `npm test`). Data flows one way:
//   cli → api → app → io → core      (mcp and watch sit beside cli; report renders HTML from core types)
// core is pure: no file system, no processes, no network, no threads, and it knows no outer layer.
// io reads and writes bytes: it knows core's types (and the pure JSON helpers), never a use case.

/** The layers from the inside out: each may import only the ones before it. */
const LAYERS = ['core', 'io', 'app'];
const FRONT_ENDS = ['cli', 'mcp', 'watch', 'report', 'api', 'index'];
const inwardOnly = LAYERS.map((layer, k) => ({
  name: `${layer}-knows-no-outer-layer`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: `^src/(${[...LAYERS.slice(k + 1), ...FRONT_ENDS].join('|')})` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only ones included: shared types live in src/core/types.ts.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'src/core touches no file, process, socket or thread (hashing with crypto is fine).',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|child_process|net|worker_threads|os|path|http|https|dgram|cluster|readline|vm|v8|perf_hooks)$' },
    },
    {
      name: 'io-knows-only-core-types',
      severity: 'error',
      comment: 'io may use core/types.ts and the pure JSON formatting of core/json.ts (the registry is written byte for byte as the core formats it), nothing else of the core.',
      from: { path: '^src/io/' },
      to: { path: '^src/core/', pathNot: '^src/core/(types|json)\\.ts$' },
    },
    ...inwardOnly,
    {
      name: 'only-the-cli-renders-for-the-terminal',
      severity: 'error',
      comment: 'src/cli/render/ formats text for the terminal; nothing but the CLI uses it.',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.build.json' },
    exclude: { path: '\\.d\\.ts$' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'node', 'default', 'types'] },
  },
};
