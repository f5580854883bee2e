// `extract report`: the decision log as one self-contained HTML page (inline CSS and script, no
// network). Pure: the same state gives the same bytes. The page is complete without its script
// (every task, decision, chain and review item is in the markup); the script only filters.
import { createHash } from 'node:crypto';
import { plural } from '../core/plural';
import type { TaskView } from '../core/read';
import type { Decision, Message, Pattern, ReviewItem } from '../core/types';

export interface ReportInput {
  decisions: readonly Decision[];
  review: readonly ReviewItem[];
  patterns: readonly Pattern[];
  tasks: readonly TaskView[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string | number | null | undefined): string => String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Time order by instant (offsets differ between authors), then by id; undated last. */
function byTime(a: Decision, b: Decision): number {
  const ta = Date.parse(a.created_at);
  const tb = Date.parse(b.created_at);
  const na = Number.isNaN(ta);
  const nb = Number.isNaN(tb);
  if (na !== nb) return na ? 1 : -1;
  if (!na && ta !== tb) return ta - tb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Supersession chains, each from its oldest decision to the one now in force. */
export function supersessionChains(decisions: readonly Decision[]): Decision[][] {
  const byId = new Map(decisions.map((d) => [d.id, d]));
  const chains: Decision[][] = [];
  for (const d of [...decisions].sort(byTime)) {
    const previous = d.supersedes ? byId.get(d.supersedes) : undefined;
    if (previous && previous.superseded_by === d.id) continue; // not the start of a chain
    if (!d.superseded_by || !byId.has(d.superseded_by)) continue;
    const chain = [d];
    const seen = new Set([d.id]);
    let next = byId.get(d.superseded_by);
    while (next && !seen.has(next.id)) {
      chain.push(next);
      seen.add(next.id);
      next = next.superseded_by ? byId.get(next.superseded_by) : undefined;
    }
    chains.push(chain);
  }
  return chains;
}

function quote(m: Message): string {
  return `<blockquote><cite>[${m.index}] ${esc(m.author || m.role)}${m.ts ? ` · ${esc(m.ts)}` : ''}</cite>${esc(m.text)}</blockquote>`;
}

function list(title: string, items: readonly string[] | undefined): string {
  return items && items.length > 0 ? `<h5>${esc(title)}</h5><ul>${items.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '';
}

const link = (id: string) => `<a href="#${esc(id)}">${esc(id)}</a>`;

function decisionItem(d: Decision, messages: ReadonlyMap<number, Message>, contradictions: readonly Pattern[]): string {
  const flags = d.quality_flags ?? [];
  const sources = (d.source?.messages ?? []).map((i) => messages.get(i)).filter((m): m is Message => m !== undefined);
  const search = [d.id, d.statement, d.topic ?? '', d.context ?? '', ...(d.reasons ?? []), ...(d.alternatives ?? []), ...sources.map((m) => m.text)].join(' ').toLowerCase();
  const marks = [
    ...flags.map((f) => `<span class="flag${f === 'contradicts_correction' ? ' bad' : ''}">${esc(f.replace(/_/g, ' '))}</span>`),
    ...(contradictions.length > 0 ? ['<span class="flag bad">contradiction</span>'] : []),
  ].join('');
  const body = [
    `<p class="meta">${d.topic ? `topic “${esc(d.topic)}” · ` : ''}importance ${esc(d.importance)} · ${esc(d.confidence)} confidence · origin ${esc(d.origin)}</p>`,
    d.supersedes ? `<p class="rel">supersedes ${link(d.supersedes)}</p>` : '',
    d.superseded_by ? `<p class="rel">superseded by ${link(d.superseded_by)}${d.superseded_reason ? `: ${esc(d.superseded_reason)}` : ''}</p>` : '',
    d.duplicate_of ? `<p class="rel">duplicate of ${link(d.duplicate_of)}</p>` : '',
    d.corrects ? `<p class="rel">corrects: “${esc(d.corrects)}”</p>` : '',
    list('Reasons', d.reasons),
    list('Alternatives not chosen', d.alternatives),
    contradictions.length > 0 ? `<h5>Contradictions</h5><ul>${contradictions.map((p) => `<li>${esc(p.id)}: ${esc(p.description)}</li>`).join('')}</ul>` : '',
    `<h5>Said in</h5>${sources.length > 0 ? sources.map(quote).join('') : '<p class="none">no source messages in the task file</p>'}`,
  ].join('');
  return (
    `<li class="decision ${esc(d.status)}" id="${esc(d.id)}" data-task="${esc(d.task_id)}" data-type="${esc(d.type)}" data-status="${esc(d.status)}" data-search="${esc(search)}">` +
    `<details><summary><time>${esc(d.created_at)}</time> <span class="badge t-${esc(d.type)}">${esc(d.type.replace(/_/g, ' '))}</span> <span class="badge s-${esc(d.status)}">${esc(d.status)}</span> ` +
    `<b class="id">${esc(d.id)}</b> <span class="statement">${esc(d.statement)}</span>${marks}</summary><div class="body">${body}</div></details></li>`
  );
}

function reviewEntry(r: ReviewItem, messages: ReadonlyMap<number, Message>): string {
  const quoted = r.messages.map((i) => messages.get(i)).filter((m): m is Message => m !== undefined);
  return (
    `<li class="review" id="${esc(r.id)}" data-task="${esc(r.task_id)}"><details><summary><b class="id">${esc(r.id)}</b> ${esc(r.task_id)} · importance ${esc(r.importance)} · ${esc(r.candidate.type)}: <span class="statement">${esc(r.candidate.statement)}</span></summary>` +
    `<div class="body"><p class="meta">topic “${esc(r.topic)}”</p>${quoted.map(quote).join('')}</div></details></li>`
  );
}

const CSS = `
:root{--fg:#1d232b;--muted:#5c6672;--line:#d9dee4;--bg:#f6f7f9;--card:#fff;--accent:#2457c5;--bad:#b3261e;--warn:#8a5a00}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{position:sticky;top:0;z-index:1;background:var(--card);border-bottom:1px solid var(--line);padding:12px 24px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}h3{font-size:15px;margin:0 0 6px}h5{font-size:12px;margin:10px 0 4px;text-transform:uppercase;color:var(--muted)}
.summary{margin:0 0 8px;color:var(--muted)}.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
select,input{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:4px;background:#fff}input[type=search]{min-width:260px}
#shown{color:var(--muted)}main{padding:0 24px 32px;max-width:1200px}
.task,.chain-list,.review-list{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:12px 16px;margin:0 0 12px}
ol,ul{margin:0;padding-left:20px}.timeline{list-style:none;padding:0}.decision{border-left:3px solid var(--accent);margin:6px 0;padding:2px 8px}
.decision.superseded{border-left-color:var(--muted);opacity:.8}.decision.superseded .statement{text-decoration:line-through}.decision.archived{border-left-color:var(--line);opacity:.7}
summary{cursor:pointer}time,.meta,.none,cite{color:var(--muted);font-size:12px}.id{font-family:ui-monospace,Menlo,monospace;font-size:12px}
.badge{display:inline-block;font-size:11px;padding:0 6px;border-radius:9px;background:#e8edf5;color:#23406f}.badge.s-active{background:#e3f3e6;color:#1f6b31}.badge.s-superseded,.badge.s-archived{background:#eee;color:#555}
.flag{display:inline-block;margin-left:6px;font-size:11px;padding:0 6px;border-radius:9px;background:#fff3d6;color:var(--warn)}.flag.bad{background:#fde3e1;color:var(--bad)}
blockquote{margin:6px 0;padding:4px 10px;border-left:3px solid var(--line);background:var(--bg);white-space:pre-wrap}cite{display:block;font-style:normal}
.chain{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:6px 0;list-style:none}.node{display:inline-block;max-width:340px;padding:4px 8px;border:1px solid var(--line);border-radius:4px;text-decoration:none;color:inherit;background:var(--bg)}
.node.active{border-color:var(--accent)}.node.superseded{color:var(--muted)}.arrow{color:var(--muted);font-size:16px}
[hidden]{display:none!important}
`;

const SCRIPT = `
(function(){
  var $=function(id){return document.getElementById(id)};
  var items=Array.prototype.slice.call(document.querySelectorAll('li.decision'));
  var tasks=Array.prototype.slice.call(document.querySelectorAll('article.task'));
  var reviews=Array.prototype.slice.call(document.querySelectorAll('li.review'));
  function apply(){
    var task=$('f-task').value,type=$('f-type').value,status=$('f-status').value,q=$('f-search').value.trim().toLowerCase();
    var words=q?q.split(/\\s+/):[];var filtering=Boolean(type||status||q);var shown=0;
    items.forEach(function(li){
      var ok=(!task||li.getAttribute('data-task')===task)&&(!type||li.getAttribute('data-type')===type)&&(!status||li.getAttribute('data-status')===status);
      var text=li.getAttribute('data-search');
      for(var i=0;ok&&i<words.length;i++)if(text.indexOf(words[i])<0)ok=false;
      li.hidden=!ok;if(ok)shown++;
    });
    tasks.forEach(function(a){a.hidden=(task&&a.getAttribute('data-task')!==task)||(filtering&&!a.querySelector('li.decision:not([hidden])'))});
    reviews.forEach(function(li){li.hidden=Boolean(task)&&li.getAttribute('data-task')!==task});
    $('shown').textContent=shown+' of '+items.length+' decisions shown';
  }
  ['f-task','f-type','f-status'].forEach(function(id){$(id).addEventListener('change',apply)});
  $('f-search').addEventListener('input',apply);
  window.addEventListener('hashchange',function(){var el=document.getElementById(location.hash.slice(1));var d=el&&el.querySelector('details');if(d)d.open=true});
  apply();
})();
`;

/** CSP source for an inline element's exact text: only that script or style runs, nothing injected beside it. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page runs its own script and style and nothing else: no inline code but these two, no network. */
const CSP = `default-src 'none'; style-src ${hashSource(CSS)}; script-src ${hashSource(SCRIPT)}; img-src data:`;

function options(values: readonly string[]): string {
  return values.map((v) => `<option value="${esc(v)}">${esc(v.replace(/_/g, ' '))}</option>`).join('');
}

export function renderReport(input: ReportInput): string {
  const decisions = [...input.decisions].sort(byTime);
  const taskIds: string[] = input.tasks.map((t) => t.id);
  for (const d of decisions) if (!taskIds.includes(d.task_id)) taskIds.push(d.task_id);
  const views = new Map(input.tasks.map((t) => [t.id, t]));
  const messagesOf = (id: string) => new Map((views.get(id)?.messages ?? []).map((m) => [m.index, m]));
  const contradictions = input.patterns.filter((p) => p.type === 'contradiction');
  const contradictionsOf = (d: Decision) => contradictions.filter((p) => p.extracted_decision === d.id || p.contradicts?.includes(d.id));
  const pending = input.review.filter((r) => r.status === 'pending').sort((a, b) => b.importance - a.importance || (a.id < b.id ? -1 : 1));
  const count = (status: string) => decisions.filter((d) => d.status === status).length;
  const marked = decisions.filter((d) => (d.quality_flags?.length ?? 0) > 0 || contradictionsOf(d).length > 0).length;
  const chains = supersessionChains(decisions);
  const types = [...new Set(decisions.map((d) => d.type))].sort();
  const statuses = [...new Set(decisions.map((d) => d.status))].sort();

  const taskSections = taskIds.map((id) => {
    const view = views.get(id);
    const mine = decisions.filter((d) => d.task_id === id);
    const messages = messagesOf(id);
    const head = `<h3>${esc(id)}${view?.title ? ` — ${esc(view.title)}` : ''}</h3><p class="meta">${view?.status ? `${esc(view.status)} · ` : ''}${plural(mine.length, 'decision')} · ${plural(view?.messages.length ?? 0, 'message')}</p>`;
    const body = mine.length > 0 ? `<ol class="timeline">${mine.map((d) => decisionItem(d, messages, contradictionsOf(d))).join('')}</ol>` : '<p class="none">no decisions</p>';
    return `<article class="task" id="task-${esc(id)}" data-task="${esc(id)}">${head}${body}</article>`;
  });
  const chainList = chains.length > 0
    ? `<ol class="chain-list">${chains.map((c) => `<li class="chain">${c.map((d) => `<a class="node ${esc(d.status)}" href="#${esc(d.id)}" title="${esc(d.statement)}"><b class="id">${esc(d.id)}</b> ${esc(d.task_id)}<br>${esc(d.statement.length > 90 ? `${d.statement.slice(0, 89)}…` : d.statement)}</a>`).join('<span class="arrow" aria-label="superseded by">→</span>')}</li>`).join('')}</ol>`
    : '<p class="none">no decision has been superseded</p>';
  const reviewList = pending.length > 0 ? `<ol class="review-list">${pending.map((r) => reviewEntry(r, messagesOf(r.task_id))).join('')}</ol>` : '<p class="none">nothing pending</p>';

  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    `<title>Decision log</title><style>${CSS}</style></head><body>`,
    '<header><h1>Decision log</h1>',
    `<p class="summary" id="summary">${plural(decisions.length, 'decision')} (${count('active')} active, ${count('superseded')} superseded, ${count('archived')} archived) in ${plural(taskIds.length, 'task')} · ${plural(chains.length, 'supersession chain')} · ${marked} flagged · ${pending.length} pending review</p>`,
    '<div class="filters">',
    `<label>Task <select id="f-task"><option value="">all</option>${options(taskIds)}</select></label>`,
    `<label>Type <select id="f-type"><option value="">all</option>${options(types)}</select></label>`,
    `<label>Status <select id="f-status"><option value="">all</option>${options(statuses)}</select></label>`,
    '<input id="f-search" type="search" placeholder="Search statements, topics, sources" aria-label="Search">',
    `<span id="shown">${decisions.length} of ${decisions.length} decisions shown</span></div></header><main>`,
    `<section id="chains"><h2>Supersession chains (old → new)</h2>${chainList}</section>`,
    `<section id="review"><h2>Review queue (${pending.length} pending)</h2>${reviewList}</section>`,
    `<section id="tasks"><h2>Tasks</h2>${taskSections.join('')}</section>`,
    `</main><script>${SCRIPT}</script></body></html>`,
    '',
  ].join('\n');
}
