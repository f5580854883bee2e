// `extract context`: the compact context a bot loads (composed by the core, as the library returns
// it), followed by its token counts.
import type { TaskContext } from '../../api';

export function renderContext(c: TaskContext): string[] {
  return [c.context, `---\ntokens (cl100k_base): raw transcript ${c.tokens.raw}, this context ${c.tokens.context} (${c.tokens.saving_percent}% saved)\n`];
}
