// Appending a message to a task's discussion, the way `extract run` writes task files: under the
// memory folder's lock, atomically, and only over the exact bytes that were read (compare and
// swap); a person's edit made meanwhile is re-read and the message appended to it instead.
import { appendToText, shapeMessage, type NewMessage } from '../io/discussionText';
import { ConflictError, NotFoundError, UsageError } from '../io/errors';
import { compareAndSwap } from '../io/files';
import { withMemoryLock } from '../io/lock';
import { bounded, BOUNDS } from './bounds';
import { openWorkspace, readTasks, type WorkspaceOptions } from './workspace';

export type { NewMessage };

export interface Appended {
  /** Absolute path of the task file written. */
  file: string;
  display: string;
  /** Index of the new message in the discussion. */
  index: number;
  /** The message as written. */
  message: Record<string, string>;
  /** Every task file of the workspace (the run that follows reads them all: links span files). */
  files: string[];
}

const MAX_ATTEMPTS = 4;

/** Appends the message under the memory lock; retries from the new bytes when the file changed meanwhile. */
export async function appendMessage(options: WorkspaceOptions & { lockTimeout?: number }, taskId: string, message: NewMessage): Promise<Appended> {
  if (message.text.trim() === '') throw new UsageError('a message needs some text');
  bounded('the message', message.text, BOUNDS.text);
  bounded('the task id', taskId, BOUNDS.name);
  for (const field of ['author', 'role', 'ts', 'recorded_by'] as const) if (message[field] !== undefined) bounded(`the message's ${field}`, message[field], BOUNDS.name);
  const ws = await openWorkspace({ ...options, recorded: true });
  return withMemoryLock(ws.memoryDir, options.lockTimeout ?? 30, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { files, diagnostics } = await readTasks(options.cwd, ws.files);
      const file = files.find((f) => f.tasks.some((t) => t.id === taskId));
      if (!file) {
        const broken = diagnostics.find((d) => d.severity === 'error');
        throw new NotFoundError(`no task ${taskId} in the task files read${broken ? ` (${broken.file}: ${broken.message})` : ''}`);
      }
      const task = file.tasks.find((t) => t.id === taskId)!;
      const shaped = shapeMessage(task.discussion, message);
      const next = appendToText(file.text, file.value, taskId, shaped);
      if ((await compareAndSwap(file.path, next, file)).outcome === 'written') {
        return { file: file.path, display: file.display, index: task.discussion.length, message: shaped, files: ws.files };
      }
    }
    throw new ConflictError(`task file kept changing while a message was appended to ${taskId}; nothing written`, taskId);
  });
}
