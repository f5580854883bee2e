// The memory folder: decisions.json (registry), review-queue.json, and the append-only
// patterns.jsonl. A torn last line of the log (a crash mid-append) is cut off and reported;
// earlier lines are never rewritten.
import { createHash, type Hash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { listDocumentPieces, PiecesMemo } from '../core/json';
import type { Decision, Diagnostic, Pattern, Registry, ReviewItem } from '../core/types';
import { constants as fsConstants } from 'node:fs';
import { contentHash, contentHashOfPieces, fileSignature, named, openOwn, readOwnTextIfExists, signatureOf, writeChunks, writeIfChanged, writePiecesIfChanged, type Piece } from './files';
import { locationOf, parseJson, pointerLocation, structureProblem } from './jsonText';
import { schemaProblems } from './schemas';
import { ConfigError } from './errors';

export const DECISIONS_FILE = 'decisions.json';
export const PATTERNS_FILE = 'patterns.jsonl';
export const REVIEW_FILE = 'review-queue.json';
/** Fingerprint of the engine that last wrote the memory folder (kept apart so upgrades do not churn decisions.json). */
export const ENGINE_FILE = '.engine';

export interface MemoryState {
  registry: Registry;
  /** Byte length of the log's intact prefix; past it lies a torn line to cut before appending. */
  patternsIntactLength: number;
  patternsLength: number;
  /**
   * The content hashes of the registry files as read (null: absent): a write compares against
   * these instead of reading the files again. Only valid while the memory lock is held since the read.
   */
  read: { decisions: string | null; review: string | null };
  diagnostics: Diagnostic[];
}

/** Content hashes of the registry files as this tool last wrote them: unchanged files need no re-validation. */
export const CHECKSUMS_FILE = '.checksums';

function readJsonFile(path: string, display: string, text: string, hash: string, schema: 'decisions' | 'review-queue', trusted: ReadonlySet<string>): unknown {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ConfigError(`${display}:${parsed.line}:${parsed.column}: ${parsed.message}`, path);
  // A file still holding exactly what we wrote was valid then; anything a person touched is checked.
  if (trusted.has(hash)) return parsed.value;
  const twice = structureProblem(text);
  if (twice?.kind === 'duplicate-key') {
    const at = locationOf(text, twice.offset);
    throw new ConfigError(`${display}:${at.line}:${at.column}: key ${JSON.stringify(twice.key)} appears a second time in the same object`, path);
  }
  const problems = schemaProblems(schema, parsed.value);
  if (problems.length > 0) {
    throw new ConfigError(`${display}: ${problems.slice(0, 3).map((p) => `${p.pointer || '/'} ${p.message}`).join('; ')}`, path);
  }
  return parsed.value;
}

function isPatternShape(v: unknown): v is Pattern {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const p = v as Record<string, unknown>;
  return typeof p.id === 'string' && typeof p.task_id === 'string' && typeof p.type === 'string' && Array.isArray(p.messages) && typeof p.rule === 'string';
}

/** The memory files whose signatures make up the folder's: every file a merge writes there. */
const SIGNED_FILES = [DECISIONS_FILE, REVIEW_FILE, PATTERNS_FILE, ENGINE_FILE, CHECKSUMS_FILE];

/** Inode, size and mtime of the memory files: equal signatures mean nothing was written in between. */
export async function memorySignature(dir: string): Promise<string> {
  return (await Promise.all(SIGNED_FILES.map((f) => signatureOf(join(dir, f))))).join('|');
}

/**
 * The folder's signature after a write, from its signature before (`read`, taken before reading
 * it) and those of the files the write made: what it must be if nobody else wrote meanwhile.
 */
export function signatureAfter(read: string, written: ReadonlyMap<string, string>): string {
  return read
    .split('|')
    .map((s, k) => written.get(SIGNED_FILES[k]) ?? s)
    .join('|');
}

/**
 * `validateAll`: check the registry against its schema even when it is exactly what we last wrote (CI).
 * `memo`: takes the registry files, when they are exactly what this program wrote, as printed
 * pieces (a run that changes a few items then prints only their pieces).
 */
export async function readMemory(dir: string, displayDir: string, validateAll = false, memo?: RegistryPrintMemo): Promise<MemoryState> {
  const diagnostics: Diagnostic[] = [];
  const decisionsText = await readOwnTextIfExists(join(dir, DECISIONS_FILE));
  const reviewText = await readOwnTextIfExists(join(dir, REVIEW_FILE));
  const patternsText = (await readOwnTextIfExists(join(dir, PATTERNS_FILE))) ?? '';
  const trusted = new Set(validateAll ? [] : ((await readOwnTextIfExists(join(dir, CHECKSUMS_FILE))) ?? '').split('\n').filter(Boolean));
  const decisionsHash = decisionsText === null ? null : contentHash(decisionsText);
  const reviewHash = reviewText === null ? null : contentHash(reviewText);
  const decisions: Decision[] = decisionsText === null ? [] : (readJsonFile(join(dir, DECISIONS_FILE), join(displayDir, DECISIONS_FILE), decisionsText, decisionsHash!, 'decisions', trusted) as { decisions: Decision[] }).decisions;
  const engine = (await readOwnTextIfExists(join(dir, ENGINE_FILE)))?.trim() || null;
  const review: ReviewItem[] = reviewText === null ? [] : (readJsonFile(join(dir, REVIEW_FILE), join(displayDir, REVIEW_FILE), reviewText, reviewHash!, 'review-queue', trusted) as { items: ReviewItem[] }).items;
  if (memo && decisionsText !== null && trusted.has(decisionsHash!)) memo.seed(DECISIONS_FILE, 'decisions', decisions, decisionsText, decisionsHash!);
  if (memo && reviewText !== null && trusted.has(reviewHash!)) memo.seed(REVIEW_FILE, 'items', review, reviewText, reviewHash!);

  const patterns: Pattern[] = [];
  let intact = 0;
  let offset = 0;
  const lines = patternsText.split('\n');
  lines.forEach((line, k) => {
    const isLast = k === lines.length - 1;
    const lineLength = Buffer.byteLength(line) + (isLast ? 0 : 1);
    if (line.trim() === '') {
      offset += lineLength;
      if (!isLast) intact = offset;
      return;
    }
    const parsed = parseJson(line);
    // A cheap shape check per line; `extract check` validates every line against the schema.
    const ok = parsed.ok && isPatternShape(parsed.value);
    if (ok) patterns.push(parsed.value as Pattern);
    if (isLast) {
      // No newline after it: a crash cut the append short (or it is whole but unterminated).
      if (!ok) {
        diagnostics.push({ code: 'torn-log', severity: 'warning', file: join(displayDir, PATTERNS_FILE), line: k + 1, column: 1, message: 'incomplete last line (interrupted write) will be removed' });
      } else intact = offset + lineLength;
    } else {
      if (!ok) diagnostics.push({ code: 'bad-log-line', severity: 'warning', file: join(displayDir, PATTERNS_FILE), line: k + 1, column: 1, message: 'line is not a valid pattern; skipped' });
      intact = offset + lineLength;
    }
    offset += lineLength;
  });
  return {
    registry: { engine, decisions, review, patterns },
    patternsIntactLength: intact,
    patternsLength: Buffer.byteLength(patternsText),
    read: { decisions: decisionsHash, review: reviewHash },
    diagnostics,
  };
}

/**
 * Items printed (and written) at a time: printing 100 at a time is as fast as printing 1 000, and a
 * save that changes a few items reprints a few pieces of 100.
 */
const ITEMS_PER_PIECE = 100;

/**
 * What reading and writing the registry files leave for the next write by the same process: the
 * pieces printed (or read), and each file's pieces with their hash, so that a file made of the same
 * pieces is neither printed nor hashed again.
 */
export class RegistryPrintMemo {
  readonly pieces = new PiecesMemo();
  /** Each file's pieces as last hashed, its hash, and the hash's state after each of its first pieces (`states[k]`: after pieces 0..k-1). */
  private readonly hashed = new Map<string, { pieces: readonly string[]; hash: string; states: Hash[] }>();
  /** Each file's pieces of the last print, encoded: kept only by a long-lived caller (see `keepBytes`). */
  private readonly encoded = new Map<string, Map<string, Uint8Array>>();

  /**
   * `keepBytes`: also keep each piece's UTF-8 bytes, so that a file reprinted with a few new pieces
   * is hashed and written without encoding the others again (a daemon saving often). This costs a
   * copy of the registry files in memory, which a one-shot run does not pay.
   */
  constructor(private readonly keepBytes = false) {}

  /** A registry file as read, exactly as this program wrote it: its items' pieces and its hash. */
  seed(name: string, key: string, items: readonly unknown[], text: string, hash: string): void {
    const pieces = this.pieces.seed(1, key, items, ITEMS_PER_PIECE, text);
    if (pieces) this.hashed.set(name, { pieces, hash, states: [] });
  }

  /**
   * The content hash of a file made of `pieces` (`content`: the same, as `contentOf` gave them).
   * The pieces before the first that differs from the last print's hash as they did then: hashing
   * resumes from the state it had after them, so a save that changes an item late in the file
   * hashes little of it.
   */
  hashOf(name: string, pieces: readonly string[], content: readonly Piece[] = pieces): string {
    const last = this.hashed.get(name);
    let same = 0;
    if (last) while (same < pieces.length && same < last.pieces.length && last.pieces[same] === pieces[same]) same++;
    if (last && same === pieces.length && same === last.pieces.length) return last.hash;
    const kept = last?.states ?? [];
    const from = Math.min(same, kept.length - 1);
    const states = from >= 0 ? kept.slice(0, from + 1) : [createHash('sha256')];
    const h = states[states.length - 1].copy();
    for (let k = states.length - 1; k < content.length; k++) {
      h.update(content[k]);
      states.push(h.copy());
    }
    const hash = `sha256:${h.digest('hex')}`;
    this.hashed.set(name, { pieces, hash, states });
    return hash;
  }

  /**
   * What to hash and write for a file's pieces: the pieces themselves, or (keeping bytes) their
   * encodings, those of pieces printed before taken from the last print. Only the last print's are
   * kept, so the memo holds one copy of each file.
   */
  contentOf(name: string, pieces: readonly string[]): readonly Piece[] {
    if (!this.keepBytes) return pieces;
    const before = this.encoded.get(name);
    const now = new Map<string, Uint8Array>();
    for (const p of pieces) now.set(p, before?.get(p) ?? now.get(p) ?? Buffer.from(p, 'utf8'));
    this.encoded.set(name, now);
    return pieces.map((p) => now.get(p)!);
  }
}

/** The registry files' texts, each as pieces with its content hash (see listDocumentPieces). */
function registryDocuments(registry: Registry, memo?: RegistryPrintMemo) {
  const decisions = listDocumentPieces(1, 'decisions', registry.decisions, ITEMS_PER_PIECE, memo?.pieces);
  const review = listDocumentPieces(1, 'items', registry.review, ITEMS_PER_PIECE, memo?.pieces);
  const document = (name: string, pieces: readonly string[]) => {
    const content = memo ? memo.contentOf(name, pieces) : pieces;
    return { content, hash: memo ? memo.hashOf(name, pieces, content) : contentHashOfPieces(pieces) };
  };
  const d = document(DECISIONS_FILE, decisions);
  const r = document(REVIEW_FILE, review);
  return { decisions: d.content, decisionsHash: d.hash, review: r.content, reviewHash: r.hash };
}

/** The memory files `writeMemory` would change (for a dry run), without writing. */
export function memoryChanges(state: MemoryState, registry: Registry, newPatterns: readonly Pattern[]): string[] {
  const docs = registryDocuments(registry);
  // Compared with the hashes of what was just read.
  const out: string[] = [];
  if (state.read.decisions !== docs.decisionsHash) out.push(DECISIONS_FILE);
  if (state.read.review !== docs.reviewHash) out.push(REVIEW_FILE);
  if (newPatterns.length > 0 || state.patternsIntactLength < state.patternsLength) out.push(PATTERNS_FILE);
  return out;
}

export interface MemoryWrite {
  /** The files written, by name. */
  written: string[];
  /** The signature of each file written, by name (see signatureAfter). */
  signatures: Map<string, string>;
  /** The folder as it is now: what reading it again would give (`registry` is the one passed in). */
  after: MemoryState;
}

/**
 * Writes the registry files (atomically, only when changed) and appends the new patterns.
 * `memo`: the pieces printed by earlier writes of the same registry (a long-lived caller's).
 */
export async function writeMemory(dir: string, state: MemoryState, registry: Registry, newPatterns: readonly Pattern[], memo?: RegistryPrintMemo): Promise<MemoryWrite> {
  await fs.mkdir(dir, { recursive: true });
  const written: string[] = [];
  // Hashed and written piece by piece: the registry is never one more string in memory. A file
  // whose hash is the one read is unchanged and is not written again.
  const { decisions, decisionsHash, review, reviewHash } = registryDocuments(registry, memo);
  const signatures = new Map<string, string>();
  // `listed`: reported as written (the engine file and the checksums are bookkeeping).
  const wrote = (name: string, signature: string | null, listed = true) => {
    if (signature === null) return;
    signatures.set(name, signature);
    if (listed) written.push(name);
  };
  // Checksums first: a crash after them leaves a file whose hash is simply not listed (validated next time).
  // None of them is written through a symbolic link (the last argument): one planted in the folder is refused.
  wrote(CHECKSUMS_FILE, await writeIfChanged(join(dir, CHECKSUMS_FILE), `${decisionsHash}\n${reviewHash}\n`, undefined, false), false);
  wrote(DECISIONS_FILE, await writePiecesIfChanged(join(dir, DECISIONS_FILE), decisions, decisionsHash, state.read.decisions, false));
  wrote(REVIEW_FILE, await writePiecesIfChanged(join(dir, REVIEW_FILE), review, reviewHash, state.read.review, false));
  if (registry.engine) wrote(ENGINE_FILE, await writeIfChanged(join(dir, ENGINE_FILE), `${registry.engine}\n`, undefined, false), false);
  const logPath = join(dir, PATTERNS_FILE);
  const torn = state.patternsIntactLength < state.patternsLength;
  let logLength = state.patternsLength;
  if (torn || newPatterns.length > 0) {
    const handle = await openOwn(logPath, fsConstants.O_RDWR | fsConstants.O_CREAT | fsConstants.O_APPEND, 0o666);
    try {
      if (torn) await handle.truncate(state.patternsIntactLength);
      let prefix = '';
      if (state.patternsIntactLength > 0) {
        // Each record starts on its own line, so a torn tail can never swallow the next record.
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, state.patternsIntactLength - 1);
        if (last[0] !== 10) prefix = '\n';
      }
      // A line per pattern, written in chunks: a large batch of patterns is never one string.
      const lines = function* () {
        yield prefix;
        for (const p of newPatterns) yield `${JSON.stringify(p)}\n`;
      };
      logLength = state.patternsIntactLength + (await writeChunks(handle, lines(), state.patternsIntactLength));
      await handle.sync();
      wrote(PATTERNS_FILE, fileSignature(await handle.stat()));
    } catch (err) {
      throw named(err, logPath);
    } finally {
      await handle.close();
    }
  } else {
    // Create the log empty so every run leaves the same three files behind (and, when this run
    // made it, its signature is ours like those of the files it wrote).
    const created = await openOwn(logPath, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o666).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') return null;
      throw err;
    });
    if (created) {
      try {
        wrote(PATTERNS_FILE, fileSignature(await created.stat()), false);
      } finally {
        await created.close();
      }
    }
  }
  const after: MemoryState = {
    registry,
    patternsIntactLength: logLength,
    patternsLength: logLength,
    read: { decisions: decisionsHash, review: reviewHash },
    // A torn tail is cut now; a bad line is skipped, stays in the log, and is reported on every read.
    diagnostics: state.diagnostics.filter((d) => d.code === 'bad-log-line'),
  };
  return { written, signatures, after };
}

/** Each line of patterns.jsonl must parse and satisfy schemas/pattern.schema.json. */
export async function patternLogProblems(dir: string, displayDir: string): Promise<Diagnostic[]> {
  const text = await readOwnTextIfExists(join(dir, PATTERNS_FILE));
  if (text === null) return [];
  const file = join(displayDir, PATTERNS_FILE);
  const out: Diagnostic[] = [];
  const lines = text.split('\n');
  let offset = 0;
  lines.forEach((line, k) => {
    const start = offset;
    offset += line.length + 1;
    if (line.trim() === '') return;
    const parsed = parseJson(line);
    if (!parsed.ok) {
      out.push({ code: 'invalid-json', severity: 'error', file, line: k + 1, column: parsed.column, message: parsed.message });
      return;
    }
    for (const p of schemaProblems('pattern', parsed.value)) {
      const loc = pointerLocation(line, p.pointer);
      out.push({ code: 'schema', severity: 'error', file, pointer: p.pointer, line: k + 1, column: loc?.column ?? locationOf(text, start).column, message: p.message });
    }
  });
  return out;
}
