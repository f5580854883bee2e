// The store: formatting-preserving write-back, the append-only log and its torn-tail repair,
// compare-and-swap against a concurrent edit, and schema-valid outputs.
import { mkdirSync, promises as fsPromises, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMemory, RegistryPrintMemo, writeMemory } from '../src/io/memory';
import { extractRun } from '../src/app/run';
import { schemaProblems } from '../src/io/schemas';
import { applyStates, regenerate } from '../src/io/taskFile';
import { compareAndSwap, contentHash, contentHashOfPieces, fileSignature, isTempFile, writePiecesIfChanged } from '../src/io/files';
import type { ExtractedState } from '../src/core/types';
import { EXAMPLE, fixtureDir, tempDir } from './helpers';

const state: ExtractedState = { decisions: ['DEC-20260101-001'], patterns: [], review: [], topics: [], discussion_hash: `sha256:${'0'.repeat(64)}`, last_extracted: '2026-01-01T00:00:00Z' };

describe('applyStates', () => {
  it('inserts extracted_state after the last key in the file\u2019s own indentation and line endings', () => {
    const text = '{\r\n\t"T1": {\r\n\t\t"title": "x",\r\n\t\t"discussion": []\r\n\t}\r\n}\r\n';
    const out = applyStates(text, new Map([['T1', state]]));
    expect(out.startsWith('{\r\n\t"T1": {\r\n\t\t"title": "x",\r\n\t\t"discussion": [],\r\n\t\t"extracted_state": {\r\n\t\t\t"decisions": [\r\n\t\t\t\t"DEC-20260101-001"')).toBe(true);
    expect(JSON.parse(out).T1.extracted_state).toEqual(state);
    expect(out.endsWith('\r\n\t\t}\r\n\t}\r\n}\r\n')).toBe(true);
  });

  it('regenerates JSON.stringify-shaped files without touching other keys, "__proto__" included', () => {
    const value = JSON.parse('{"__proto__": {"discussion": ["a"], "x": 1}, "T2": {"y": [1, 2], "discussion": []}}');
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const out = regenerate(text, new Map([['__proto__', state]]), value)!;
    const parsed = JSON.parse(out);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'T2']);
    expect(Object.prototype.hasOwnProperty.call(parsed, '__proto__')).toBe(true);
    expect(parsed.__proto__).toEqual({ discussion: ['a'], x: 1, extracted_state: state });
    expect(parsed.T2).toEqual({ y: [1, 2], discussion: [] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(out).toBe(applyStates(text, new Map([['__proto__', state]])));
    // Files with their own formatting take the edit path.
    expect(regenerate('{\n    "T1": {"discussion": []}\n}\n', new Map([['T1', state]]), { T1: { discussion: [] } })).toBeNull();
  });

  it('regenerates exactly what JSON.stringify prints for the changed value, in every indentation it recognises', () => {
    const value = { T1: { title: 'a', discussion: [{ text: 'x\ny' }] }, T2: { discussion: [], extracted_state: { ...state, topics: [] } }, T3: { discussion: [] } };
    for (const [indent, trailing] of [['', ''], ['', '\n'], ['  ', '\n'], ['\t', ''], ['    ', '\n']] as const) {
      const text = `${JSON.stringify(value, null, indent)}${trailing}`;
      const states = new Map([['T2', state], ['T3', state]]);
      const expected = JSON.parse(JSON.stringify(value)) as Record<string, Record<string, unknown>>;
      expected.T2.extracted_state = state;
      expected.T3.extracted_state = state;
      expect(regenerate(text, states, JSON.parse(text) as Record<string, unknown>)).toBe(`${JSON.stringify(expected, null, indent)}${trailing}`);
      // Unchanged states give back the very text; a file that is not quite that shape takes the edit path.
      expect(regenerate(text, new Map(), JSON.parse(text) as Record<string, unknown>)).toBe(text);
      expect(regenerate(`${text} `, states, JSON.parse(text) as Record<string, unknown>)).toBeNull();
    }
  });

  it('changes only the tasks whose state changed in a large indented file, in key order', () => {
    const value: Record<string, Record<string, unknown>> = {};
    for (let i = 0; i < 50; i++) value[i % 2 === 0 ? `T${i}` : String(i)] = { title: `t${i}`, discussion: [{ text: `"T${i}": ${i}` }] };
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const ids = Object.keys(value);
    const states = new Map([ids[40], ids[3], '17', ids[0]].map((id) => [id, { ...state, topics: [] }] as [string, ExtractedState]));
    const expected = JSON.parse(text) as Record<string, Record<string, unknown>>;
    for (const id of states.keys()) expected[id].extracted_state = states.get(id);
    expect(regenerate(text, states, JSON.parse(text) as Record<string, unknown>)).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });

  it('keeps one-line tasks on one line', () => {
    const out = applyStates('{"T1":{"discussion":[]}}', new Map([['T1', state]]));
    expect(out).toBe(`{"T1":{"discussion":[],"extracted_state":${JSON.stringify(state)}}}`);
  });

  it('replaces an existing state in place and leaves an equal one byte for byte', () => {
    const text = `{\n  "T1": {\n    "extracted_state": {"decisions": [], "patterns": [], "review": [], "topics": [], "discussion_hash": "sha256:${'0'.repeat(64)}", "last_extracted": "x"},\n    "discussion": []\n  }\n}\n`;
    const replaced = applyStates(text, new Map([['T1', state]]));
    expect(Object.keys(JSON.parse(replaced).T1)).toEqual(['extracted_state', 'discussion']);
    expect(applyStates(replaced, new Map([['T1', state]]))).toBe(replaced);
  });
});

describe('patterns.jsonl', () => {
  it('cuts a torn last line with a warning and keeps every earlier line', async () => {
    const dir = tempDir();
    const good = '{"id":"PAT-20260101-001","task_id":"T1","type":"confirmation","messages":[0,1],"description":"d","rule":"r","extracted_decision":null,"detected_at":"x","auto_detected":true}\n';
    writeFileSync(join(dir, 'patterns.jsonl'), `${good}{"id":"PAT-2026`);
    const mem = await readMemory(dir, 'memory');
    expect(mem.registry.patterns).toHaveLength(1);
    expect(mem.diagnostics.map((d) => [d.code, d.line])).toEqual([['torn-log', 2]]);
    await writeMemory(dir, mem, mem.registry, []);
    expect(readFileSync(join(dir, 'patterns.jsonl'), 'utf8')).toBe(good);
  });

  it('appends only patterns not already recorded', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), readFileSync(EXAMPLE));
    await extractRun({ cwd: dir, now: '2026-02-05T00:00:00Z' });
    const log = readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8');
    await extractRun({ cwd: dir, now: '2026-02-06T00:00:00Z' });
    expect(readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8')).toBe(log);
  });
});

describe('compare-and-swap', () => {
  it('refuses to overwrite a file that changed since it was read', async () => {
    const dir = tempDir();
    const file = join(dir, 'tasks.json');
    writeFileSync(file, 'original');
    writeFileSync(file, 'edited by a person');
    expect((await compareAndSwap(file, 'ours', { text: 'original' })).outcome).toBe('conflict');
    expect(readFileSync(file, 'utf8')).toBe('edited by a person');
    expect((await compareAndSwap(file, 'ours', { text: 'edited by a person' })).outcome).toBe('written');
  });

  it('compares the bytes that were read when it has them', async () => {
    const dir = tempDir();
    const file = join(dir, 'tasks.json');
    const original = Buffer.from('{"a": "é"}\n');
    writeFileSync(file, original);
    writeFileSync(file, '{"a": "e"}\n');
    const read = { bytes: original, text: original.toString() };
    expect((await compareAndSwap(file, 'ours', read)).outcome).toBe('conflict');
    expect(readFileSync(file, 'utf8')).toBe('{"a": "e"}\n');
    writeFileSync(file, original);
    expect((await compareAndSwap(file, original.toString(), read)).outcome).toBe('unchanged');
    // The bytes decide, not the text: a file holding the same text in other bytes (a BOM dropped) is someone else's.
    writeFileSync(file, `\ufeff${original.toString()}`);
    expect((await compareAndSwap(file, 'ours', { bytes: original, text: `\ufeff${original.toString()}` })).outcome).toBe('conflict');
    writeFileSync(file, original);
    expect((await compareAndSwap(file, 'ours', read)).outcome).toBe('written');
    expect(readFileSync(file, 'utf8')).toBe('ours');
  });

  it('reads the file once when the new text differs from what was read, and still keeps an edit made while it wrote', async () => {
    const dir = tempDir();
    const file = join(dir, 'tasks.json');
    writeFileSync(file, 'original');
    const readFile = jest.spyOn(fsPromises, 'readFile');
    try {
      expect((await compareAndSwap(file, 'ours', { text: 'original' })).outcome).toBe('written');
      expect(readFile.mock.calls.filter(([p]) => p === file)).toHaveLength(1);
      expect(readFileSync(file, 'utf8')).toBe('ours');
      // Nothing to write: one look, which also tells a person's edit from no change at all.
      readFile.mockClear();
      expect((await compareAndSwap(file, 'ours', { text: 'ours' })).outcome).toBe('unchanged');
      expect(readFile.mock.calls.filter(([p]) => p === file)).toHaveLength(1);
      writeFileSync(file, 'a person');
      expect((await compareAndSwap(file, 'ours', { text: 'ours' })).outcome).toBe('conflict');
    } finally {
      readFile.mockRestore();
    }
    // A file whose folder went away meanwhile is a conflict, as it was when the file was looked at first.
    const gone = join(tempDir(), 'sub');
    mkdirSync(gone);
    writeFileSync(join(gone, 'tasks.json'), 'original');
    rmSync(gone, { recursive: true });
    expect((await compareAndSwap(join(gone, 'tasks.json'), 'ours', { text: 'original' })).outcome).toBe('conflict');
    // A person's save that lands while the new content goes to the temp file is found by the one look before the rename.
    writeFileSync(file, 'original');
    const handle = await fsPromises.open(file, 'r');
    await handle.close();
    const sync = jest.spyOn(Object.getPrototypeOf(handle), 'sync').mockImplementationOnce(async () => {
      writeFileSync(file, 'a person, meanwhile');
    });
    try {
      expect((await compareAndSwap(file, 'ours', { text: 'original', bytes: Buffer.from('original') })).outcome).toBe('conflict');
      expect(readFileSync(file, 'utf8')).toBe('a person, meanwhile');
      expect(readdirSync(dir)).toEqual(['tasks.json']);
    } finally {
      sync.mockRestore();
    }
  });
});

/**
 * compareAndSwap of "ours" over a fresh file holding "original", with `rename` done in place of the
 * writer's rename of its temp file (it must move the file itself).
 */
async function swapRenamingWith(rename: (from: string, to: string) => void) {
  const dir = tempDir();
  const file = join(dir, 'tasks.json');
  writeFileSync(file, 'original');
  const spy = jest.spyOn(fsPromises, 'rename').mockImplementationOnce(async (from, to) => rename(String(from), String(to)));
  try {
    return { dir, file, swapped: await compareAndSwap(file, 'ours', { text: 'original' }) };
  } finally {
    spy.mockRestore();
  }
}

describe('registry files read back', () => {
  it('are taken, when this program wrote them, as printed pieces: a write right after prints no item again', async () => {
    const dir = fixtureDir('basic');
    await extractRun({ cwd: dir, now: '2026-03-05T12:00:00Z' });
    const memoryDir = join(dir, 'memory');
    const memo = new RegistryPrintMemo();
    const state = await readMemory(memoryDir, 'memory', false, memo);
    expect(state.registry.decisions.length).toBeGreaterThan(0);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const wrote = await writeMemory(memoryDir, state, state.registry, [], memo);
      expect(wrote.written).toEqual([]);
      expect(stringify.mock.calls.filter(([v]) => typeof v === 'object' && v !== null)).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
  });
});

describe('a failed write', () => {
  it('reports a temp write that fails on a file nobody changed as the error it is, not as a conflict', async () => {
    const dir = tempDir();
    const file = join(dir, 'tasks.json');
    writeFileSync(file, 'original');
    const open = jest.spyOn(fsPromises, 'open').mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    try {
      await expect(compareAndSwap(file, 'ours', { text: 'original' })).rejects.toThrow(/ENOSPC/);
    } finally {
      open.mockRestore();
    }
    expect(readFileSync(file, 'utf8')).toBe('original');
    expect(readdirSync(dir)).toEqual(['tasks.json']);
  });
});

describe('temp files', () => {
  it("tells the temp files the writer makes from every other file, a person's own .tmp included", async () => {
    // The temp file as the writer names it, caught while it exists.
    let temp = '';
    const { dir, file, swapped } = await swapRenamingWith((from, to) => {
      temp = from;
      renameSync(from, to);
    });
    expect(swapped.outcome).toBe('written');
    expect(isTempFile(temp)).toBe(true);
    for (const other of [file, join(dir, 'tasks.json.tmp'), join(dir, '.tasks.json.swp'), join(dir, '.tasks.json.12.tmp'), join(dir, 'notes.1.2.tmp')]) expect([other, isTempFile(other)]).toEqual([other, false]);
  });
});

describe('writing in pieces', () => {
  it('writes a text given in pieces byte for byte, however they fall across the writes', async () => {
    const dir = tempDir();
    const file = join(dir, 'decisions.json');
    // Pieces around the write size, with characters of two, three and four bytes.
    const pieces = ['{"a": "', 'é'.repeat(700_000), '€'.repeat(500_000), 'x', '😀'.repeat(300_000), '"}\n'];
    // It gives the signature of the file it wrote, and null when the file already held the text.
    expect(await writePiecesIfChanged(file, pieces, contentHashOfPieces(pieces), null)).toBe(fileSignature(statSync(file)));
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''));
    expect(await writePiecesIfChanged(file, pieces, contentHashOfPieces(pieces), contentHash(readFileSync(file, 'utf8')))).toBeNull();
    // The same text with some pieces already encoded: the same bytes and the same hash.
    const mixed = pieces.map((p, k) => (k % 2 === 1 ? Buffer.from(p) : p));
    expect(contentHashOfPieces(mixed)).toBe(contentHashOfPieces(pieces));
    expect(await writePiecesIfChanged(file, mixed, contentHashOfPieces(mixed), null)).toBe(fileSignature(statSync(file)));
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''));
  });

  it('gives the signature of the file it renamed into place, not of one that replaced it right after', async () => {
    // A person's save lands between the rename and anything the writer could look at afterwards.
    let ours = '';
    const { file, swapped } = await swapRenamingWith((from, to) => {
      renameSync(from, to);
      ours = fileSignature(statSync(to));
      writeFileSync(`${to}.saved`, 'a person');
      renameSync(`${to}.saved`, to);
    });
    expect(swapped.outcome).toBe('written');
    expect(swapped.signature).toBe(ours);
    expect(swapped.signature).not.toBe(fileSignature(statSync(file)));
  });
});

describe('outputs against their schemas', () => {
  it('writes a registry, log, queue and task file that validate', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.json'), readFileSync(EXAMPLE));
    await extractRun({ cwd: dir, now: '2026-02-05T00:00:00Z' });
    const read = (p: string) => JSON.parse(readFileSync(join(dir, p), 'utf8'));
    expect(schemaProblems('decisions', read('memory/decisions.json'))).toEqual([]);
    expect(schemaProblems('review-queue', read('memory/review-queue.json'))).toEqual([]);
    expect(schemaProblems('tasks', read('tasks.json'))).toEqual([]);
    const lines = readFileSync(join(dir, 'memory', 'patterns.jsonl'), 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(schemaProblems('pattern', JSON.parse(l))).toEqual([]);
    expect(read('memory/decisions.json').decisions.length).toBeGreaterThanOrEqual(3);
  });
});
