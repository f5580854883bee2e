// The package's public entry point: `import { extract, check, guard, context, query } from 'tongdiscussion'`.
// Only what src/api.ts exports is public; the pipeline's modules are internal.
export * from './api';
