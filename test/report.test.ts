// The report page as markup: chains drawn old → new, flags and contradictions marked, text
// escaped, nothing fetched from the network, and the same state gives the same bytes.
import type { TaskView } from '../src/core/read';
import type { Decision, Pattern } from '../src/core/types';
import { renderReport, supersessionChains } from '../src/report/html';
import { cli, fixtureDir } from './helpers';

function decision(id: string, over: Partial<Decision> = {}): Decision {
  return {
    id, task_id: 'T1', statement: `statement of ${id}`, type: 'decision', confidence: 'medium',
    source: { messages: [0], summary: '' }, topic: 'queue', importance: 25, context: '', alternatives: [], reasons: [],
    bridge: { structure: '', function: '', tolerance: [], enforcement: [], prevention: [] }, bridge_auto: true, downstream: [],
    quality_flags: [], origin: 'auto', created_at: '2026-01-01T10:00:00Z', supersedes: null, superseded_by: null, status: 'active',
    corrects: null, duplicate_of: null, ...over,
  } as Decision;
}

const task: TaskView = { id: 'T1', title: 'Queue <choice>', status: 'open', state: null, messages: [{ index: 0, author: 'ann', role: 'human', text: 'Use <b>Redis</b> & "fast"', ts: '2026-01-01T10:00:00Z' }] };

describe('renderReport', () => {
  // Written in a later timezone but said earlier: time order is by instant.
  const a = decision('DEC-20260101-001', { created_at: '2026-01-01T12:00:00+05:00', status: 'superseded', superseded_by: 'DEC-20260101-002', superseded_reason: 'a new time: 08:00 → <17:00>' });
  const b = decision('DEC-20260101-002', { created_at: '2026-01-01T09:00:00Z', status: 'superseded', supersedes: a.id, superseded_by: 'DEC-20260101-003' });
  const c = decision('DEC-20260101-003', { created_at: '2026-01-02T09:00:00Z', supersedes: b.id, quality_flags: ['contradicts_correction'], reasons: ['it is <simpler>'], alternatives: ['Kafka'] });
  const lone = decision('DEC-20260101-004', { task_id: 'T9', created_at: '2026-01-03T09:00:00Z', quality_flags: ['naked_statement'] });
  const contradiction: Pattern = { id: 'PAT-20260101-001', task_id: 'T1', type: 'contradiction', messages: [0], description: 'A draft contradicts a decision.', rule: 'evolve/contradiction', extracted_decision: null, detected_at: '2026-01-03T09:00:00Z', auto_detected: true, contradicts: [lone.id] };
  const input = { decisions: [c, lone, b, a], review: [], patterns: [contradiction], tasks: [task] };

  it('draws each supersession chain once, from the oldest to the one in force', () => {
    expect(supersessionChains(input.decisions).map((ch) => ch.map((d) => d.id))).toEqual([[a.id, b.id, c.id]]);
    const html = renderReport(input);
    const chain = /<li class="chain">(.*?)<\/li>/.exec(html)![1];
    expect([...chain.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])).toEqual([a.id, b.id, c.id]);
    expect(chain.split('→').length).toBe(3);
  });

  it('lists every task (also one known only from the registry) with its decisions in time order', () => {
    const html = renderReport(input);
    expect([...html.matchAll(/<article class="task" id="task-([^"]+)"/g)].map((m) => m[1])).toEqual(['T1', 'T9']);
    expect([...html.matchAll(/<li class="decision [a-z]+" id="([^"]+)"/g)].map((m) => m[1])).toEqual([a.id, b.id, c.id, lone.id]);
    expect(html).toContain('4 decisions (2 active, 2 superseded, 0 archived) in 2 tasks · 1 supersession chain · 2 flagged · 0 pending review');
  });

  it('marks quality flags and contradictions, and shows reasons, alternatives and quoted sources', () => {
    const html = renderReport(input);
    const item = (id: string) => new RegExp(`<li class="decision [a-z]+" id="${id}".*?</details></li>`).exec(html)![0];
    expect(item(c.id)).toContain('<span class="flag bad">contradicts correction</span>');
    // What replaced a decision changes, said on the link.
    expect(item(a.id)).toContain('superseded by <a href="#DEC-20260101-002">DEC-20260101-002</a>: a new time: 08:00 → &lt;17:00&gt;</p>');
    expect(item(c.id)).toContain('<h5>Reasons</h5><ul><li>it is &lt;simpler&gt;</li></ul>');
    expect(item(c.id)).toContain('<h5>Alternatives not chosen</h5><ul><li>Kafka</li></ul>');
    expect(item(c.id)).toContain('<blockquote><cite>[0] ann · 2026-01-01T10:00:00Z</cite>Use &lt;b&gt;Redis&lt;/b&gt; &amp; &quot;fast&quot;</blockquote>');
    expect(item(lone.id)).toContain('<span class="flag">naked statement</span><span class="flag bad">contradiction</span>');
    expect(html).toContain('<h3>T1 — Queue &lt;choice&gt;</h3>');
    expect(html).not.toContain('<b>Redis</b>');
  });

  it('is self-contained: no URL to fetch, inline style and script only', () => {
    const html = renderReport(input);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<link|<script src|@import|url\(/);
    expect(html).toContain("default-src 'none'");
  });
});

describe('extract report', () => {
  it('prints the page, or writes it with --out; the same state gives the same bytes', async () => {
    const dir = fixtureDir('example');
    expect((await cli(['run', '--now', '2026-02-10T00:00:00Z'], dir)).status).toBe(0);
    const printed = await cli(['report'], dir);
    expect(printed.status).toBe(0);
    expect(printed.stdout.startsWith('<!doctype html>')).toBe(true);
    const again = await cli(['report'], dir);
    expect(again.stdout).toBe(printed.stdout);
    expect(await cli(['report', '--out', 'log.html'], dir)).toMatchObject({ status: 0, stdout: 'extract report: wrote log.html\n', stderr: '' });
    expect(require('node:fs').readFileSync(require('node:path').join(dir, 'log.html'), 'utf8')).toBe(printed.stdout);
    expect((await cli(['report', '--out', 'log.html'], dir)).stdout).toBe('extract report: unchanged log.html\n');
  });
});
