// `extract context`: the compact context a bot loads (composed by the core, as the library returns
// it), followed by its token counts. The text keeps its lines; each is made safe for a terminal
// (see safeText), and none may start a CI log's workflow command ("::error::…"), which a line
// break inside an author or a message would otherwise let the data write.
import type { TaskContext } from '../../api';
import { safeText } from './safe';

const shown = (line: string) => safeText(line).replace(/^::/, ' ::');

export function renderContext(c: TaskContext): string[] {
  return [c.context.split('\n').map(shown).join('\n'), `---\ntokens (cl100k_base): raw transcript ${c.tokens.raw}, this context ${c.tokens.context} (${c.tokens.saving_percent}% saved)\n`];
}
