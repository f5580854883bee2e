'use strict';
// A generated task file: `tasks` tasks of `messages` messages each, a person and an agent taking
// turns over a few subjects (corrections, confirmations, questions, decisions), the same text for
// the same arguments. The bench measures on it; tests run and check it.
// Deterministic PRNG (mulberry32): the same corpus every time.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = ['the release notes', 'the staging deploy', 'the council results', 'the billing export', 'the onboarding doc', 'the job queue', 'the nightly build report', 'the API rate limit', 'the search index', 'the audit log'];
const PLACES = ['the discussion array', 'Telegram', 'the wiki', 'the shared drive', 'the task board', 'email'];
const HUMAN = [
  (s, p) => `Please prepare ${s} and put it in ${p} when it is done.`,
  (s, p) => `No, that's wrong. ${s[0].toUpperCase()}${s.slice(1)} must go in ${p}, not anywhere else.`,
  () => 'Yes, that is right.',
  () => 'ok',
  (s) => `When is ${s} due this week?`,
  (s, p) => `Let's go with ${p} for ${s}.`,
  (s) => `I don't think so, ${s} still has open issues we should look at first.`,
  (s) => `Can you update ${s} by Friday?`,
  () => 'Thanks, looks good.',
  (s) => `Why did you not check ${s} before sending it?`,
];
const BOT = [
  (s, p) => `I have prepared ${s} and posted it to ${p} so that everyone can see it.`,
  (s, p) => `Shall I move ${s} to ${p}?`,
  (s) => `${s[0].toUpperCase()}${s.slice(1)} is scheduled for Thursday at 14:00 UTC, after the freeze.`,
  (s) => `Understood. I will update ${s} and link it from the task. Is that correct?`,
  (s) => `There are two options for ${s}: keep the current setup or move to the new service.`,
  () => 'Done.',
];

function corpus(tasks, messages, seed) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const out = {};
  for (let t = 0; t < tasks; t++) {
    const discussion = [];
    const day = String(1 + (t % 28)).padStart(2, '0');
    for (let m = 0; m < messages; m++) {
      const human = m % 2 === 0;
      const s = pick(SUBJECTS);
      const p = pick(PLACES);
      discussion.push({ author: human ? 'maria' : 'tong-bot', role: human ? 'human' : 'assistant', text: (human ? pick(HUMAN) : pick(BOT))(s, p), ts: `2026-02-${day}T${String(8 + (m % 10)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00Z` });
    }
    out[`T${String(t).padStart(5, '0')}`] = { title: `Task ${t}`, status: 'open', discussion };
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

module.exports = { corpus, rng };
