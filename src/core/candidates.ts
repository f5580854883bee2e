// Every decisive clause of a discussion as a candidate decision: a person's decision, rule,
// preference or request, the content of a correction, a choice among offered options, and an
// agent's proposal that a person accepts. The statement is the clause itself without its cue or
// framing; reasons and alternatives are split off. Who decides matters: an agent proposes, a
// person decides; an agent's plan that nobody accepted, and its restatements, decide nothing.
import {
  ADDRESSED_NAME,
  announced,
  contentStart,
  findAct,
  hasAct,
  normalForm,
  onlyAct,
  splitClauses,
  splitSentences,
  withoutConnective,
  type CompiledStatementLexicon,
  type SentenceAct,
} from './sentenceActs';
import { actFeatures, clausePositionFeatures, dialogueView, lengthFeature, speakerFeatures, valueFeatures, type DialogueView } from './clauseFeatures';
import { escapeRegex } from './phrases';
import { afterAddressee, bracketSpans, namesNoun, partsBetween, contentToken, contentTokens, eitherOrSides, contentWordCount, endsSentence, isContentWord, isQuestion, lastQuestion, nameWords, outsideQuotes, writableName, quotedSpans, sharedCount, wordCount, words, type ContentWords, type Span, type Stems } from './text';
import { appendAll } from './lists';
import { recentAgentMessage } from './detect';
import type { CandidateTuning, DecisionType, Detection, Message, SentenceCandidate, Strength } from './types';
import { type CandidateInput, isPerson, sentencesAt, sarcasticAt, tokenSetAt, NO_TOKENS, whenWord } from './candidateInput';
import { NUMBER, closingQuestionNumbers, correctsValue, type Measure, measures, numberKey, sameMeasure, sameNumber, numbersOf, writtenNumbers } from './measures';
import { LABEL_MAX_WORDS, afterShortLabel, bareToken, classify, decisive, verbless, docOf, pluralSubject, HAS_NUMBER, COMPUTED, trimEnd, sentenceCase, shape, namesNoObject } from './clauseText';
import { BARE_KEY, isSide, itemOfLine, pickedOption, pickedStatement, withoutCourtesy, withoutAcceptance, afterAcceptance, itemByKey, listedItems, offeredKeys, BULLET, proposedPoints, asksToChoose, recommendedOption, acceptance, restAcceptance, restAccepting, restAcceptanceSpan, sidePicked, inlineItems, labelledProposal, offeredSteps, saysOnlyYes, questionsBefore, withPronounObject, proposalCue, withoutQuestionTag, asksByKeys, thingLabel, isPersonName, restatesShorter } from './proposals';

export function sentenceCandidates(input: CandidateInput): SentenceCandidate[] {
  const { messages } = input;
  const out: SentenceCandidate[] = [];
  // A correction made of cue alone ("That's not right.") carries its content in the same
  // person's next message.
  const correcting = messages.map((_, p) => input.verdict[p] === 'correction');
  const facts = taskFacts(input);
  for (let p = 0; p < messages.length; p++) {
    const m = messages[p];
    if (!isPerson(m)) continue;
    const found = withWhoAnswered(input, p, personCandidates(input, p, correcting[p], facts), facts.people);
    if (correcting[p] && found.length === 0 && p + 1 < messages.length && messages[p + 1].author === m.author) correcting[p + 1] = true;
    appendAll(out, withContext(input, found));
  }
  for (const c of acceptedProposals(input, facts)) {
    // An agent restating what a person just decided is the same decision: merge the sources.
    // A person's correction of part of the proposal that comes after it ("Yes to both, but
    // the Plus tier is 22 EUR") amends it: both stand.
    // A plain clause of the person's ("For the summer fair, just text the helpers from my
    // number.") is what an agent takes on when it opens by saying so ("Got it — from now on
    // I'll text the helpers from your number."): the person's decision, settled as an accepted
    // proposal is, not a second one in the agent's words.
    const agentTakesOn = opensTakingOn(input, c.p);
    const takenOn = (x: SentenceCandidate) => agentTakesOn && x.hint === null && x.p < c.p;
    // ("Shall I draft the renewal letter?" — "Yes, and send it to Derek.": a step with another verb
    // shares the offer's words only where its "it" was read as the offer's thing; as said, it is a
    // step of its own, and the offer it accepts stands beside it.)
    const { offerPronoun } = input.lexicon.words.statements;
    const borrowed = (x: SentenceCandidate) => x.said !== undefined && offerPronoun.test(x.said) && !offerPronoun.test(x.statement);
    const saidLike = (x: SentenceCandidate) => (borrowed(x) && contentTokens(x.statement, input.stems)[0] !== contentTokens(c.statement, input.stems)[0] ? x.said! : x.statement);
    const same = out.find((x) => (x.hint !== null || takenOn(x)) && !(x.strength === 'correction' && x.p > c.p) && Math.abs(x.p - c.p) <= input.tuning.restatementReach && restates(input, saidLike(x), c.statement) && !(c.p > x.p && !readsBack(input, x.statement, c.statement)));
    if (same) {
      if (takenOn(same)) settleAs(same, c);
      same.sources = uniqueSorted([...same.sources, ...c.sources]);
      // "Yes, 9:00." taking up "Shall we open the shop at 9:00 on Saturdays?" says only the value:
      // the proposal says what it is the value of.
      // So does "Yes, close the gap." taking up "Shall I close the gap in the Tuesday rota with
      // Anna from 14:00?": every word of it is the proposal's, which says what gap.
      if (c.p < same.p && !same.amended && (saysOnlyValues(input, same.statement) || saysLessThan(input, same.statement, c.statement))) same.statement = c.statement;
      // "Please shorten the backup rotation." read back as "I'll change the backup rotation from
      // 10 to 4 weeks." and accepted: the values the agent's read-back gives are what was settled.
      else if (c.p > same.p && madeConcrete(input, same.statement, c.statement)) same.statement = c.statement;
    } else out.push(c);
  }
  return out.sort((a, b) => a.p - b.p || 0);
}

/**
 * Whether a person's statement repeats the step of the proposal it takes up and says less: it
 * opens with the step's verb and every content word of it is the proposal's ("Close the gap." of
 * "Close the gap in the Tuesday rota with Anna from 14:00."). "Sharding and caching yes." names
 * the parts it takes, and is kept as said.
 */
function saysLessThan(input: CandidateInput, said: string, proposal: string): boolean {
  // (A proposal that puts up a choice or several things says more than the one the person names:
  // "… or wait a week", "20 boxes of gloves and 10 boxes of masks" — "Yes, order the gloves.")
  if (input.lexicon.words.statements.itemJoinerWord.test(proposal) || /,\s/u.test(proposal)) return false;
  return contentTokens(said, input.stems)[0] === contentTokens(proposal, input.stems)[0] && restatesShorter(said, proposal, input.stems);
}

/**
 * Whether an agent's read-back makes a person's request concrete: the request names no value, the
 * read-back gives one and repeats every word of the request but its verb ("Please shorten the
 * backup rotation." → "Change the backup rotation from 10 to 4 weeks.").
 */
function madeConcrete(input: CandidateInput, request: string, readBack: string): boolean {
  if (numbersOf(request).length > 0 || numbersOf(readBack).length === 0) return false;
  const lower = normalForm(request);
  if (!hasAct(input.lexicon, 'request', lower) && !hasAct(input.lexicon, 'directive', lower)) return false;
  const theirs = new Set(contentTokens(readBack, input.stems));
  const mine = contentTokens(request, input.stems);
  return mine.length >= 2 && mine.filter((t) => !theirs.has(t)).length <= 1;
}

/** Whether the agent's message at `a` opens by taking on what was said ("Understood — …", "Noted: …"). */
function opensTakingOn(input: CandidateInput, a: number): boolean {
  return input.messages[a].role === 'bot' && findAct(input.lexicon, 'acknowledgement', normalForm(input.messages[a].text))?.start === 0;
}

/** A plain clause the agent took on and a person then accepted is settled as the accepted proposal is: its cue and strength. */
function settleAs(clause: SentenceCandidate, accepted: SentenceCandidate): void {
  clause.hint = accepted.hint;
  clause.type = accepted.type;
  clause.strength = 'accepted';
  clause.features = clause.features.map((f) => (f === 'hint:none' ? `hint:${accepted.hint ?? 'none'}` : f === 'strength:none' ? 'strength:accepted' : f));
}

/**
 * What the rest of the dialogue makes of each clause of one person's message: whether another
 * clause of the message carries a decisive cue (a plain clause beside it is usually its reason),
 * and whether the agent's next message or a later person's message takes up its words (an agent
 * restating a clause in its next step took it as settled).
 */
function withContext(input: CandidateInput, found: SentenceCandidate[]): SentenceCandidate[] {
  const cued = found.filter((c) => c.hint !== null && c.cue !== 'clause');
  // What the agent's next message takes up is credited to the clause it takes up most, not to
  // every clause of the message (a decision's reasons share its message, not its echo).
  const taken = found.map((c) => agentEcho(input, c));
  const most = Math.max(0, ...taken);
  let afterCued = false;
  return found.map((c, k) => {
    const extra: string[] = [];
    if (cued.length > 0 && c.hint === null) extra.push('sibling:cued-clause');
    if (afterCued) extra.push('sibling:after-cued');
    afterCued ||= c.hint !== null;
    if (found.length > 1 && most > 0) extra.push(taken[k] === most ? 'sibling:most-echoed' : 'sibling:less-echoed');
    extra.push(...echoFeatures(input, c));
    return extra.length > 0 ? { ...c, features: [...c.features, ...extra] } : c;
  });
}

/** The share of a clause's words the agent's next message (within two messages) repeats. */
function agentEcho(input: CandidateInput, c: SentenceCandidate): number {
  const next = nextWhere(input.messages, c.p, 2, (m) => m.role === 'bot');
  if (next < 0) return 0;
  const mine = new Set(contentTokens(c.said ?? c.statement, input.stems));
  if (mine.size === 0) return 0;
  return sharedCount(mine, tokenSetAt(input, next)) / mine.size;
}

/** How much of a clause the agent's next message, and the next person's message, repeat. */
function echoFeatures(input: CandidateInput, c: SentenceCandidate): string[] {
  const { messages } = input;
  const mine = new Set(contentTokens(c.said ?? c.statement, input.stems));
  if (mine.size === 0) return [];
  const share = (q: number) => sharedCount(mine, tokenSetAt(input, q)) / mine.size;
  const out: string[] = [];
  const agentNext = nextWhere(messages, c.p, 2, (m) => m.role === 'bot');
  if (agentNext >= 0) {
    const s = share(agentNext);
    if (s >= 0.5) out.push('next:agent-restates');
    else if (s >= 0.25) out.push('next:agent-echoes');
  }
  const agentLater = nextWhere(messages, c.p + 2, 4, (m, q) => m.role === 'bot' && share(q) >= 0.5);
  if (agentLater >= 0) out.push('later:agent-restates');
  const personNext = nextWhere(messages, c.p, 3, (m) => m.role !== 'bot' && m.author !== messages[c.p].author);
  if (personNext >= 0 && share(personNext) >= 0.34) out.push('next:person-echoes');
  return out;
}

/** The first position after `p`, at most `reach` further, whose message satisfies `test` (-1: none). */
function nextWhere(messages: readonly Message[], p: number, reach: number, test: (m: Message, q: number) => boolean): number {
  for (let q = p + 1; q < messages.length && q <= p + reach; q++) if (test(messages[q], q)) return q;
  return -1;
}

/** What every candidate of a discussion reads of the whole of it, worked out once. */
interface TaskFacts {
  view: DialogueView;
  /** No agent message asks or proposes anything (a status note and the replies to it). */
  nothingOffered: boolean;
  /** The people who speak in it, by name as written, keyed lowercased (and by first name, where only one person has it). */
  people: ReadonlyMap<string, string>;
  /** Every speaker's name, agents' included, lowercased. */
  speakers: ReadonlySet<string>;
  /** The people and every other speaker (agents too), keyed lowercased: whom a question may address but is never about. */
  speaking: ReadonlyMap<string, string>;
  /** Any of their names in a text (global), or null when no one has a name to find. */
  peopleNamed: RegExp | null;
  /** For each message: an agent's that asks, proposes or lays out options (see offers). */
  offered: readonly boolean[];
  /** For each message: an agent's that lists keyed options ("1. …", "- **B:** …"). */
  lists: readonly boolean[];
  /** For each message: the content words of an agent's sentences that set alternatives against each other with "or" (empty for a person's). */
  alternatives: ReadonlyArray<ReadonlySet<string>>;
  /** For each message: it sets out alternatives, in a list line by line or a sentence with "or" (an agent's or a person's). */
  setsOut: readonly boolean[];
  /** For each message: the content words of what an agent's message puts up to pick (see pickableTokens; empty for a person's). */
  pickable: ReadonlyArray<ReadonlySet<string>>;
  /** For each message: the nearest earlier agent message that lists keyed options, however far back (-1: none); a key named later picks from it. */
  keyedListBefore: readonly number[];
  /** For each message: the points of an agent's proposal listed after "Proposal:" (see proposedPoints; empty for a person's). */
  points: ReadonlyArray<readonly string[]>;
  /** Each number the discussion writes, and the position of the first message that writes it. */
  firstSaid: ReadonlyMap<string, number>;
}

/**
 * What an agent's message puts up to pick. A question leans on what the message says around it
 * ("Acme is 42k, Borg 45k. Which one?"), as does a request for the person's word ("Let me know.",
 * "Let me know which one.") and a proposal of a choice ("Monday is full. I suggest Tuesday.
 * Wednesday also works.", "Suggestion: …"): such a message, and one that lists keyed options, puts
 * up all it says. One that only offers to do more ("I can break the numbers down by segment if
 * that helps.") puts up that offer, its alternatives joined by "or" and the items of a list it lays
 * out line by line, not the report around them: "So much for Monday." after a report of the Monday
 * sends picks nothing. Where nothing offers and nothing is set out (no "or", no list), the whole
 * message is what a reply may pick from.
 */
function pickableTokens(input: CandidateInput, q: number): ReadonlySet<string> {
  const lex = input.lexicon;
  const { disjunction, choiceQuestion } = lex.words.statements;
  const sentences = sentencesAt(input, q);
  const lowers = sentences.map((s) => normalForm(s.text));
  const asks = (s: Span, k: number) => (isQuestion(s.text) && !quotesItsQuestion(s.text)) || words(s.text).some((w) => choiceQuestion.test(w)) || hasAct(lex, 'feedback-request', lowers[k]);
  const offersWork = lowers.map((l) => hasAct(lex, 'offer', l));
  const proposesChoice = (l: string, k: number) => !offersWork[k] && (hasAct(lex, 'proposal', l) || hasAct(lex, 'hypothetical', l) || findAct(lex, 'option-intro', l)?.start === 0 || findAct(lex, 'proposal-label', l)?.start === 0);
  if (sentences.some(asks) || lowers.some(proposesChoice)) return tokenSetAt(input, q);
  const offering = sentences.map((s, k) => offersWork[k] || disjunction.test(s.text));
  const items = lineItems(input.messages[q].text);
  if (!offering.includes(true) && items.length < 2) return tokenSetAt(input, q);
  const picked = sentences.filter((_, k) => offering[k]).map((s) => s.text);
  return new Set([...picked, ...(items.length >= 2 ? items : [])].flatMap((text) => contentTokens(text, input.stems)));
}

/** "Jonas, please update …" to "Jonas Pfeiffer": a person's first name is theirs too, where no one else of the discussion has it. */
function addFirstNames(people: Map<string, string>): void {
  const byFirst = new Map<string, string[]>();
  for (const [key, name] of people) {
    const first = key.split(/\s+/)[0];
    if (first !== key) byFirst.set(first, [...(byFirst.get(first) ?? []), name]);
  }
  for (const [first, named] of byFirst) if (named.length === 1 && !people.has(first)) people.set(first, named[0]);
}

function taskFacts(input: CandidateInput): TaskFacts {
  const { messages, lexicon } = input;
  const offered = messages.map((x, q) => x.role === 'bot' && offers(lexicon, x.text, sentencesAt(input, q)));
  const nothingOffered = !offered.includes(true);
  const people = new Map<string, string>();
  for (const m of messages) if (m.role !== 'bot' && m.author.trim()) people.set(m.author.trim().toLowerCase(), m.author.trim());
  const names = [...people.values()].filter((n) => n.length >= 2).map(escapeRegex);
  addFirstNames(people);
  const peopleNamed = names.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])@?(?:${names.join('|')})(?![\\p{L}\\p{N}])`, 'giu') : null;
  const lists = messages.map((x) => x.role === 'bot' && offeredKeys(lexicon, x.text).length >= 2);
  // "TAP at 06:10 …, or 11:40 …": the words a short reply may pick among.
  const alternatives = messages.map((x, q) => (x.role === 'bot' ? new Set(sentencesAt(input, q).filter((s) => lexicon.words.statements.disjunction.test(s.text)).flatMap((s) => contentTokens(s.text, input.stems))) : NO_TOKENS));
  const points = messages.map((x) => (x.role === 'bot' ? proposedPoints(lexicon, input.tuning, x.text) : []));
  const setsOut = messages.map((x, q) => lineItems(x.text).length >= 2 || sentencesAt(input, q).some((s) => lexicon.words.statements.disjunction.test(s.text)));
  const pickable = messages.map((x, q) => (x.role !== 'bot' ? NO_TOKENS : lists[q] ? tokenSetAt(input, q) : pickableTokens(input, q)));
  const keyedListBefore = messages.map(() => -1);
  for (let q = 1; q < messages.length; q++) keyedListBefore[q] = lists[q - 1] ? q - 1 : keyedListBefore[q - 1];
  const firstSaid = new Map<string, number>();
  for (let q = 0; q < messages.length; q++) for (const n of numbersOf(messages[q].text)) if (!firstSaid.has(n)) firstSaid.set(n, q);
  const speakers = new Set(messages.map((m) => m.author.trim().toLowerCase()));
  // (No one who speaks in the discussion, agents too, is a question's subject.)
  const speaking = new Map([...people, ...[...speakers].map((name) => [name, name] as const)]);
  return { view: dialogueView(messages, input.answered, input.verdict, lexicon), nothingOffered, people, speakers, speaking, peopleNamed, offered, lists, alternatives, setsOut, pickable, keyedListBefore, points, firstSaid };
}

/** What every clause of one person's message is read against: who spoke before it and what they offered. */
interface MessageScene {
  p: number;
  /** The message it answers (-1: none), and whether that is an agent's. */
  a: number;
  answersAgent: boolean;
  /** Whether the message it answers is a person's question for a number ("How many vans does Brandl need?"): a number then answers that, not the agent's options (a letter key still picks one, and so does a number answering "Which one?"). */
  answersQuestion: boolean;
  /** The nearest earlier agent message within reach (-1: none). */
  agent: number;
  /** The words of the agent's message and of the one answered. */
  agentTokens: ReadonlySet<string>;
  /** The words of what the agent's message puts up to pick (see pickableTokens). */
  pickTokens: ReadonlySet<string>;
  answeredTokens: ReadonlySet<string>;
  /** The features every candidate of the message shares: who says it, where, in answer to what, and what the message is (with sarcasm in it, a correction). */
  said: string[];
  /** The words of the messages just before it that open a choice (an agent's offer, alternatives set out, anyone's question): what a short clause may name to settle it (worked out on first use). */
  openedBefore: () => ReadonlySet<string>;
  /** The agent's message offers something (asks, proposes, lists options): a short reply naming part of it may pick it. */
  agentOffers: boolean;
  /** The message it answers is an agent's that offers something. */
  answeredOffers: boolean;
  /** Every speaker's name, agents' included, lowercased (see TaskFacts). */
  speakers: ReadonlySet<string>;
  /** The people and every other speaker (agents too), keyed lowercased: whom a question may address but is never about. */
  speaking: ReadonlyMap<string, string>;
  /** The content words of the agent's sentences that join alternatives with "or": what a short reply may pick among. */
  alternativeTokens: ReadonlySet<string>;
  /** The last message within the same reach that lays out alternatives, in a list or with "or" (an agent's or a person's), or -1. */
  alternativesAt: number;
  /** The agent's last message that listed options, a little further back than reach (see listedBefore), or -1. */
  listedBefore: number;
  /** The agent's last message that listed keyed options, however far back, or -1. */
  keyedListAt: number;
  /** The agent's last proposal of points ("Proposal:" and a bulleted list) within the same reach, or null: a reply may accept some of them by name. */
  proposed: { at: number; points: readonly string[] } | null;
  /** Whether a clause stands in a sarcastic sentence of the message (see sarcasticSentences). */
  sarcastic: (clause: Span) => boolean;
  /** The people who speak in the discussion (see TaskFacts.people). */
  people: ReadonlyMap<string, string>;
  correcting: boolean;
  /** "No." turning down the agent's question opens the message. */
  rejectsOffer: boolean;
  /** Whether a text writes a number no message before this one wrote. */
  givesNewNumber: (text: string) => boolean;
}

/** What the clauses read so far make of the next one, as a message is read clause by clause. */
interface ClauseWalk {
  /** The message's last clause that is a question (-1: none; found on first use, once per message). */
  lastQuestion?: number;
  /** "Right, here's where I land." / "Decision: …" announce decisions; a bare "Both." accepts what follows. */
  carried: 'announced' | 'accepted' | null;
  /** Inside someone else's reported decision, until a conclusion of our own. */
  reporting: boolean;
  /** The clause that gave the last candidate (a clause stating its own decision needs no other). */
  stated: number;
  seenContent: boolean;
  /** A clause before this one gave a candidate: what the agent asked is answered. */
  answered: boolean;
  /** A clause before this one stated the corrected fact of a correcting message. */
  corrected?: boolean;
  /** The clause of a correcting message that only said what is not ("It's not 200A."), for the fact the next clause may state; `stated` once it did. */
  ruledOut?: { k: number; body: string; stated?: true };
  /** The last clause that only assents ("Ja,", "OK."), whatever it answers (undefined: none). */
  assentedAt?: number;
}

/** One clause of a person's message being read: its text without framing, and what its cues made of it so far. */
interface ClauseReading {
  k: number;
  clause: Span;
  body: string;
  lower: string;
  words: number;
  firstContent: boolean;
  /** Part-of-speech tagging is the costly check: at most once per clause, and only when asked. */
  verbless: () => boolean;
  flags: string[];
  text: string;
  act: SentenceAct | null;
  type: DecisionType | null;
  strength: Strength;
  label: 'decision' | 'rule' | null;
  reports: boolean;
  /** The clause just before it only assents ("Ja, 2pm the day before."). */
  afterAssent: boolean;
  /** Why, where reading the clause set it apart from what it decides (a reason after a pick). */
  reasons?: string[];
}

function personCandidates(input: CandidateInput, p: number, correcting: boolean, facts: TaskFacts): SentenceCandidate[] {
  const { messages, lexicon } = input;
  const spoken = messageScene(input, p, correcting, facts);
  const out: SentenceCandidate[] = [];
  // "2. If the crew can't load them by noon …" answering a numbered list picks item 2; "72. Suppliers
  // need time …" answering "48 or 72 hours before?" picks 72 hours.
  // ("ok. B. back to 15 …": the key may follow a sentence that only accepts a choice asked for.)
  const leadAt = keyAfterAssent(input, p, spoken.agent >= 0 ? spoken.agent : spoken.listedBefore);
  const leadText = messages[p].text.slice(leadAt);
  const lead = LEADING_OPTION.exec(leadText) ?? LEADING_CLOSED_KEY.exec(leadText);
  // ("How many vans does Brandl need?" — "2, maybe 3.": a number answering a colleague's
  // question answers it, whatever options the agent put up before.)
  // (Spans are the message's own offsets, also after a leading option key.)
  const afterLead = (from: number) => splitSentences(messages[p].text.slice(from), lexicon.words.statements).map((s) => ({ ...s, start: s.start + from, end: s.end + from }));
  let leadEnd = lead ? leadAt + lead[0].length : 0;
  // (The list a key picks from: the agent's last message, or, where people alone have talked the
  // options over since and none of them put up keys of their own, one a little further back; see
  // listedBefore.)
  const from = spoken.agent >= 0 ? spoken.agent : spoken.listedBefore >= 0 && !keyedSince(input, spoken.listedBefore, p) ? spoken.listedBefore : -1;
  if (lead && from >= 0 && !(spoken.answersQuestion && NUMBER_KEY.test(lead[1]))) {
    // ("B then, but only if they can deliver before 9.": the condition, its own sentence, goes
    // with the pick; the sentences after it are read as said.)
    const first = afterLead(leadEnd)[0];
    const { condition, why } = first ? leadCondition(lexicon, lead[0], first.text) : { condition: '', why: [] };
    // (An amendment that replaces one part of an option listing several is a decision of its own.)
    const plain = condition ? pickedOption(lexicon, lead[1], messages[from].text) : null;
    const parted = plain ? amendedParts(input, plain, condition) : null;
    const option = parted?.option ?? pickedOption(lexicon, lead[1], messages[from].text, condition) ?? valueOfChoice(input, lead[1], sentencesAt(input, from));
    const picked = (statement: string, reasons: string[]) => make(p, withValueHolder(input, from, statement), 'decision', 'accepted', from, true, reasons, [], 'selection', [...spoken.said, 'origin:selection', 'strength:accepted', 'hint:decision', ...valueFeatures(statement)]);
    if (option) out.push(parted ? { ...picked(option, []), amended: true } : picked(option, why));
    if (parted) out.push(picked(parted.amendment, why));
    if (option && condition && first) leadEnd = first.end;
  }
  const clauses = withStressJoined(input, p, lead && out.length ? afterLead(leadEnd) : sentencesAt(input, p)).flatMap((s) => splitClauses(lexicon, s));
  const scene: MessageScene = { ...spoken, rejectsOffer: refusesOffer(input, spoken, clauses) };
  const walk: ClauseWalk = { carried: null, reporting: false, stated: -1, seenContent: false, answered: false };
  let lastStated = -1;
  let ruledOutMade: readonly SentenceCandidate[] = [];
  // (A clause's content starts past its framing, and past a name addressed without a comma:
  // "Derek tell Hartwell." reads "tell Hartwell"; withAddressee puts that name back before the step.)
  const starts = clauses.map((clause) => optionKept(input, scene, clause.text, contentStart(lexicon, clause.text)));
  const bareNames = clauses.map((clause, k) => namedBeforeStep(input, scene, clause.text.slice(starts[k])));
  const bodies = clauses.map((clause, k) => clause.text.slice(starts[k] + (bareNames[k]?.[0].length ?? 0)).trim());
  const judgedValues = bodies.map((body, k) => valueOfJudged(input, clauses, k, body));
  const asked = questionsBefore(input, p);
  // ("The old contract is in the drawer. Scan it …": a clause after one of the person's own that
  // names something has its "it" there, not in what the message before ends on.)
  const askedOnly = () => ({ ...asked(), closing: [] });
  for (let k = 0; k < clauses.length; k++) {
    // "… 14 days for the first reminder is too long. make it 7": the judgement is why the new
    // value is set, no candidate of its own.
    if (judgedValues.some((v) => v?.judged === k)) continue;
    if (takenBack(input, clauses, k) || leadsIntoQuestion(input, p, clauses, k)) continue;
    const { made, consumed } = clauseCandidates(input, scene, walk, clauses, k, bodies[k], judgedValues[k]);
    const named = made.map((c) => withSpeakerNamed(input, facts, messages[p].author, withAddressee(facts, messages[p].author, clauses[k].text, bareNames[k], withPronounObject(input, clauses.slice(0, k).some((x) => contentWordCount(x.text, input.stems) >= 2) ? askedOnly : asked, withSubjectOfPronoun(input, k > 0 ? bodies[k - 1] : null, withUnitOfBareNumber(input, scene, c))))));
    const scoped = named.length === 1 && lastStated === k - 1 ? banOfInstruction(input, out[out.length - 1], named[0]) : null;
    if (scoped) out[out.length - 1] = scoped;
    else appendAll(out, named);
    if (made.length > 0) lastStated = k + consumed;
    if (walk.ruledOut?.k === k) ruledOutMade = named;
    walk.answered ||= made.length > 0;
    k += consumed;
  }
  // "It's not 200A single phase. They've got a 400 amp service.": in a correction, a statement of
  // what is not only rules out the agent's wrong fact, which the decision keeps as what it
  // corrects; where the clause after it stated the right fact, that clause is the correction's
  // statement and the ruling-out is none of its own.
  const kept = walk.ruledOut?.stated ? out.filter((c) => !ruledOutMade.includes(c)) : out;
  return withRejectedOptions(input, scene, kept);
}

/**
 * Whether the clause after a ruling-out states the fact it leaves open: the next clause, on the
 * same thing ("It's not 200A single phase. They've got a 400 amp 3-phase service."), not another
 * fact ("The room doesn't hold 40. The caterer is Anna Roth.") nor where the fact stands or who
 * sent what ("It's in the garage.", "Sam sent the quote on Monday.").
 */
function factAfterRuledOut(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, r: ClauseReading): boolean {
  return !walk.ruledOut || (r.k === walk.ruledOut.k + 1 && statesSameThing(input, scene, walk.ruledOut.body, r.body));
}

/**
 * Whether two clauses share a content word, a part of a hyphenated one too ("single phase" /
 * "3-phase"), or give numbers of one measure ("a 2019" / "the 2017"; a bare number is of a bare
 * one only). A ruling-out that names only whom or what the agent said ("It's not Anna Roth.")
 * leaves the fact to a clause on what the agent's message is about, or one that names someone
 * new ("Ben Kraus caters this year."), in the present.
 */
function statesSameThing(input: CandidateInput, scene: MessageScene, ruledOut: string, fact: string): boolean {
  const tokens = (text: string) => contentTokens(text.replace(/(?<=\p{L}|\d)-(?=\p{L})/gu, ' '), input.stems);
  // (A clause that says the ruled-out value or name again says why it is wrong: "It's not EUR 45.
  // EUR 45 is the student rate.", "It's not Anna Roth. Anna Roth is on holiday.")
  const ruledNumbers = numbersOf(ruledOut);
  const ruledNames = new Set(nameWords(ruledOut).flatMap((w) => tokens(w)));
  if (numbersOf(fact).some((n) => ruledNumbers.includes(n)) || nameWords(fact).some((w) => tokens(w).some((t) => ruledNames.has(t)))) return false;
  const theirs = new Set(tokens(ruledOut));
  const mine = tokens(fact);
  if (mine.some((t) => theirs.has(t))) return true;
  const named = ruledNames;
  // (What someone did, "Sam sent the menu on Monday.", what someone might know, or what "she",
  // the one ruled out, does, is no fact of whom it is.)
  const lower = normalForm(fact);
  const aside = docOf(fact).has('#PastTense') || NOT_A_FACT_OF_WHOM.some((act) => hasAct(input.lexicon, act, lower));
  if (theirs.size > 0 && [...theirs].every((t) => named.has(t)) && !aside) {
    const newName = nameWords(fact).some((w) => tokens(w).some((t) => !scene.agentTokens.has(t)));
    if (newName || mine.some((t) => scene.agentTokens.has(t))) return true;
  }
  const bare = (m: Measure) => m.unit === '' && m.slot === null && m.slotBefore === null;
  const was = measures(ruledOut, input.unitSlot);
  return measures(fact, input.unitSlot).some((m) => was.some((w) => sameMeasure(m, w) && (!bare(m) || bare(w))));
}

/** The acts of a clause that says no fact of whom a ruled-out name stood for: a guess, a supposition, a pronoun for the one ruled out. */
const NOT_A_FACT_OF_WHOM: readonly SentenceAct[] = ['modal', 'hedge', 'hypothetical', 'opinion', 'third-party'];

/** A negated statement that sets no value against the one it rules out ("It's not 200A.", not "Wednesday, not Thursday."). */
function rulesOutOnly(input: CandidateInput, p: number, text: string): boolean {
  return input.negated?.(normalForm(text)) === true && !input.contrastsStated?.(p, text);
}

/** The most content words besides its cues that a sentence stressing the one before it may have: its scope ("Standing rule, every trip."). */
const STRESS_SCOPE_WORDS = 2;

/** The most cues a sentence that stresses another is read for. */
const STRESS_MAX_CUES = 3;

/**
 * "We pay the weekend surcharge. Always." / "No silent edits. Ever." / "… over £1000 without me.
 * Standing rule, every trip.": a sentence that says only that the one before it holds always or
 * without exception (a rule's cue, no verb, a word or two of scope) is part of it, and the
 * statement is the two together; alone, it would be a rule of nothing and leave the one it
 * stresses without its cue.
 */
function withStressJoined(input: CandidateInput, p: number, sentences: readonly Span[]): Span[] {
  const text = input.messages[p].text;
  const out: Span[] = [];
  const joined = new Set<Span>();
  for (const s of sentences) {
    const before = out.at(-1);
    // (One line to the next, a list's items, and a sentence already joined stay apart.)
    const apart = before === undefined || joined.has(before) || /\n/u.test(text.slice(before.start, s.start));
    const cue = apart ? null : stressOf(input, before, s);
    if (before !== undefined && cue !== null && !asksTwice(input, p)) {
      out[out.length - 1] = { start: before.start, end: s.end, text: joinedSentences(text.slice(before.start, s.end), s.start - before.start, cue.opensWithCue) };
      joined.add(out[out.length - 1]);
    } else out.push(s);
  }
  return out;
}

/**
 * Whether the agent's message a person's message p answers asks two questions or more: "Should I
 * renew the licence? And can interns install software?" — "Renew it. Never." answers each.
 */
function asksTwice(input: CandidateInput, p: number): boolean {
  const agent = recentAgentMessage(input.messages, p, input.tuning.agentReach);
  return agent >= 0 && sentencesAt(input, agent).filter((x) => isQuestion(x.text)).length > 1;
}

/** Two sentences as one, the second at `at`: the stop between them a comma, its first letter lowercased ("…in hand. No exceptions." → "…in hand, no exceptions."), each character where it was. */
function joinedSentences(text: string, at: number, lowered: boolean): string {
  const head = text.slice(0, at).replace(/[.!](?=\s*$)/u, ',');
  // (Only the cue's own word is lowercased: "Turnschuhe only." keeps its noun as written.)
  return `${head}${lowered ? text.slice(at).replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase()) : text.slice(at)}`;
}

/**
 * Where sentence `s` only stresses the statement `before` it (see withStressJoined), whether its
 * first word is a cue's ("Always.", not "Turnschuhe only."); null where it does not.
 */
function stressOf(input: CandidateInput, before: Span, s: Span): { opensWithCue: boolean } | null {
  const { lexicon } = input;
  if (isQuestion(before.text) || isQuestion(s.text) || contentWordCount(before.text, input.stems) < 2) return null;
  // (A sentence that ends on a reason or on more than one stop is left as said: the cue would
  // join the reason, "… because the drivers asked for it. Always.")
  if (!/[^.!?…][.!]\s*$/u.test(before.text) || hasAct(lexicon, 'reason', normalForm(before.text))) return null;
  // (Every cue is taken out, each character where it was: "Standing rule, every trip." has two.)
  let rest = normalForm(s.text);
  let opensWithCue = false;
  for (let n = 0; n < STRESS_MAX_CUES; n++) {
    const cue = findAct(lexicon, 'rule', rest);
    if (cue === null) break;
    // (A cue with its subject, "we don't", opens a statement of its own: "We don't skimp on gloves.")
    if (docOf(rest.slice(cue.start, cue.end)).has('#Pronoun')) return null;
    opensWithCue ||= rest.slice(0, cue.start).trim() === '';
    rest = `${rest.slice(0, cue.start)}${' '.repeat(cue.end - cue.start)}${rest.slice(cue.end)}`;
  }
  // (What the sentence says besides its cues is nothing, or the scope of the stress, opened by a
  // word that says how far it reaches: "every trip", "not even temps", "on every budget". Any
  // other word makes it a statement of its own: "Payroll never.", "Today only.", "As always.",
  // "Worst supplier ever.")
  if (rest === normalForm(s.text)) return null;
  const said = rest.replace(/^[\s,;:–—-]+/u, '').replace(/[\s.!,;]+$/u, '');
  if (said === '') return { opensWithCue };
  return lexicon.words.statements.stressScope.test(said) && contentWordCount(said, input.stems) <= STRESS_SCOPE_WORDS && verbless(said) ? { opensWithCue } : null;
}

/**
 * "Use 72 from now on for all Alder units" after "… says 72 hours for non-emergency entry": a
 * number the statement gives without a unit takes the one unit its own message gives that same
 * number ("Use 72 hours from now on …"), so that it reads on its own and compares with other
 * values of its slot. A number given in two units, or in none, stays as it is; another speaker's
 * unit may be of another language or another thing, and is not taken.
 */
function withUnitOfBareNumber(input: CandidateInput, scene: Pick<MessageScene, 'p'>, c: SentenceCandidate): SentenceCandidate {
  const unitSlot = input.unitSlot;
  if (!unitSlot || !HAS_NUMBER.test(c.statement)) return c;
  const context = input.messages[scene.p].text;
  let statement = c.statement;
  for (const m of [...c.statement.matchAll(BARE_NUMBER)].reverse()) {
    const number = m[1];
    // (A word of its own after it, "72 bags", says what it counts; a unit after it, "28 m", is
    // its unit already.)
    const next = /^\s+([\p{L}']+)/u.exec(c.statement.slice(m.index! + m[0].length))?.[1];
    if (next !== undefined && (contentToken(next.toLowerCase(), input.stems) !== null || unitSlot(next.toLowerCase()) !== null)) continue;
    const units = new Set(measures(context, unitSlot).filter((x) => x.number === number && x.slot !== null && x.slot !== 'time' && x.slot !== 'date').map((x) => x.unit));
    if (units.size !== 1) continue;
    const at = m.index! + m[0].length;
    const unit = [...units][0];
    statement = `${statement.slice(0, at)}${/^\p{L}/u.test(unit) ? ' ' : ''}${unit}${statement.slice(at)}`;
  }
  return statement === c.statement ? c : { ...c, statement, said: c.said ?? c.statement };
}

/**
 * A number written alone: not part of a word, a time, a date, an amount or a range ("72 from now on",
 * "Make it 500."; see withUnitOfBareNumber, which also asks that no word of its own follows it).
 */
const BARE_NUMBER = /(?<![\p{L}\p{N}.,:/€$£#-])(\d+(?:[.,]\d+)?)(?![\p{L}\p{N}%€$£:/-]|[.,]\d|\s*[%€$£])/gu;

/**
 * "Question for the group — should we release the hospital C questions too?": a clause with no cue
 * of its own, that a dash or a colon joins to a question right after it, leads into the question;
 * it states nothing. ("Let's go with B — can you book it?" decides before it asks.)
 */
function leadsIntoQuestion(input: CandidateInput, p: number, clauses: readonly Span[], k: number): boolean {
  const next = clauses[k + 1];
  if (!next || !isQuestion(next.text) || decisive(input.lexicon, normalForm(clauses[k].text))) return false;
  // (The mark may open the next clause: "— should we …?".)
  const between = input.messages[p].text.slice(clauses[k].end, next.start) + (/^[^\p{L}\p{N}]*/u.exec(next.text)?.[0] ?? '');
  return /^\s*(?:[—–:]|\s-)\s*$/u.test(between);
}

/**
 * "Sure, let's reprint 1,200 postcards over ten euros. No, leave the postcards as they are.": a
 * sentence its speaker answers at once with a bare refusal ("No,", "Nein.") is taken back, said in
 * jest or corrected on the spot; what follows the refusal is what they hold to. ("No exceptions."
 * is a ban, no refusal: the refusal stands apart by its comma or stop.)
 */
function takenBack(input: CandidateInput, clauses: readonly Span[], k: number): boolean {
  const next = clauses[k + 1];
  if (!next || !/[.!]['"’”)]?\s*$/u.test(clauses[k].text)) return false;
  const lower = normalForm(next.text);
  const refusal = findAct(input.lexicon, 'rejection', lower);
  return refusal?.start === 0 && /^\s*[,.!]/u.test(lower.slice(refusal.end));
}

/**
 * "Tell the franchise owners that gift cards aren't in the first release but are planned for autumn. No dates, please.":
 * a ban of a word or two right after an instruction says how to carry it out; alone ("No dates.")
 * it says nothing a reader could place. It joins the instruction, whose weighing stays that of
 * its own words. (After a decision, "No automatic retries." is a rule of its own.)
 */
function banOfInstruction(input: CandidateInput, instruction: SentenceCandidate | undefined, ban: SentenceCandidate): SentenceCandidate | null {
  const { lexicon } = input;
  if (!instruction || instruction.p !== ban.p || !INSTRUCTION_OPENINGS.some((f) => instruction.features.includes(f))) return null;
  if (wordCount(ban.statement) > BAN_OF_INSTRUCTION_WORDS || findAct(lexicon, 'prohibition-start', normalForm(ban.statement))?.start !== 0) return null;
  const how = trimEnd(ban.statement);
  return { ...instruction, statement: `${trimEnd(instruction.statement)}, ${how.charAt(0).toLowerCase()}${how.slice(1)}.`, said: instruction.said ?? instruction.statement };
}

/** How an instruction opens: telling or asking someone to do something. */
const INSTRUCTION_OPENINGS = ['act:directive@start', 'act:request@start'] as const;

/** The most words of a ban that says how to carry out the instruction before it. */
const BAN_OF_INSTRUCTION_WORDS = 3;

/**
 * "Not the Munich courts. Arbitration in Vienna.": beside a pick of one of the agent's options, a
 * short clause that only rules out another is what the pick was chosen over, not a decision of its
 * own.
 */
function withRejectedOptions(input: CandidateInput, scene: MessageScene, made: SentenceCandidate[]): SentenceCandidate[] {
  const pick = made.find((c) => c.features.includes('origin:selection'));
  if (!pick || scene.agent < 0) return made;
  const picked = new Set(contentTokens(pick.statement, input.stems));
  const options = made.map((c) => (c === pick ? null : ruledOutOption(input, scene, c.statement, picked)));
  if (options.every((o) => o === null)) return made;
  pick.alternatives = unique([...options.filter((o): o is string => o !== null), ...pick.alternatives]);
  return made.filter((_, k) => options[k] === null);
}

/**
 * "Not the Munich courts." → "the Munich courts": a short clause that opens by rejecting a thing
 * ("not", "nicht"; a ban, "No weekend deployments.", is a rule of its own) and then names only
 * words of the agent's message, none of them the pick's; else null.
 */
function ruledOutOption(input: CandidateInput, scene: MessageScene, statement: string, picked: ReadonlySet<string>): string | null {
  const rejected = rejectionOpening(input.lexicon, normalForm(statement));
  if (rejected === 0 || wordCount(statement) > input.tuning.selectionMaxWords) return null;
  const option = trimEnd(statement.slice(rejected).trim());
  const named = contentTokens(option, input.stems);
  return named.length > 0 && named.every((t) => scene.agentTokens.has(t) && !picked.has(t)) ? option : null;
}

/**
 * Where the thing a clause rejects begins ("Then not the food truck." → "the food truck"), after any words
 * that may open a sentence; 0 when the clause does not open by rejecting a thing.
 */
function rejectionOpening(lex: CompiledStatementLexicon, lower: string): number {
  const lead = lex.words.cues.leadingFiller.exec(lower)?.[0].length ?? 0;
  const hit = lex.words.statements.optionRejection.exec(lower.slice(lead));
  return hit ? lead + hit[0].length : 0;
}

/** What a clause that opens by rejecting a thing says after it ("Not the barn, book the garden." → "book the garden."), or null. */
function afterRejection(input: CandidateInput, body: string): string | null {
  const at = rejectionOpening(input.lexicon, normalForm(body));
  const comma = at === 0 ? -1 : body.indexOf(', ', at);
  const rest = comma < 0 ? '' : body.slice(comma + 2).trim();
  // ("Not the weekend, please." chooses nothing after it.)
  return contentWordCount(rest, input.stems) > 0 ? rest : null;
}

function messageScene(input: CandidateInput, p: number, correcting: boolean, facts: TaskFacts): Omit<MessageScene, 'rejectsOffer'> {
  const { messages, answered } = input;
  const m = messages[p];
  const a = answered[p];
  const answersAgent = a >= 0 && messages[a].role === 'bot';
  const agent = recentAgentMessage(messages, p, input.tuning.agentReach);
  const agentTokens = agent >= 0 ? tokenSetAt(input, agent) : NO_TOKENS;
  const answeredTokens = a < 0 ? NO_TOKENS : a === agent ? agentTokens : tokenSetAt(input, a);
  const said = speakerFeatures(facts.view, p);
  if (agent >= 0) said.push('dialogue:agent-spoke');
  if (agent >= 0 && addresses(messages[agent].text, m.author)) said.push('speaker:asked-by-agent');
  const agentOffers = agent >= 0 && facts.offered[agent];
  const answeredOffers = answersAgent && facts.offered[a];
  if (agentOffers) said.push('dialogue:agent-offers');
  // A discussion in which no agent asks or proposes anything rarely settles anything.
  if (facts.nothingOffered) said.push('dialogue:nothing-offered');
  const ironic = sarcasticAt(input, p);
  if (ironic.length > 0) said.push('message:sarcasm');
  const sarcastic = (clause: Span) => ironic.some((s) => clause.start >= s.start && clause.start < s.end);
  if (correcting) said.push('form:correcting');
  let before: Set<string> | undefined;
  const openedBefore = () => {
    if (before) return before;
    before = new Set<string>();
    for (let q = Math.max(0, p - 2 * input.tuning.agentReach); q < p; q++) if (opensChoice(input, facts, q)) for (const t of tokenSetAt(input, q)) before.add(t);
    return before;
  };
  const listed = listedBefore(input, facts, p, agent);
  let alternativesAt = -1;
  for (let q = p - 1; q >= 0 && p - q <= 2 * input.tuning.agentReach && alternativesAt < 0; q--) if (facts.setsOut[q]) alternativesAt = q;
  const alternativeTokens = agent >= 0 ? facts.alternatives[agent] : NO_TOKENS;
  const givesNewNumber = (text: string) => numbersOf(text).some((n) => !((facts.firstSaid.get(n) ?? p) < p));
  const answersQuestion = a >= 0 && input.messages[a].role !== 'bot' && isQuestion(input.messages[a].text) && input.lexicon.words.quantityQuestion.test(input.messages[a].text);
  return { p, a, answersAgent, answersQuestion, agent, agentTokens, pickTokens: agent >= 0 ? facts.pickable[agent] : NO_TOKENS, answeredTokens, said, openedBefore, sarcastic, people: facts.people, speakers: facts.speakers, speaking: facts.speaking, correcting, agentOffers, answeredOffers, alternativeTokens, alternativesAt, listedBefore: listed, keyedListAt: facts.keyedListBefore[p], proposed: proposedBefore(input, facts, p), givesNewNumber };
}

/** "No." (a bare refusal) opening a reply to the agent's question turns down what it offered. */
function refusesOffer(input: CandidateInput, scene: Omit<MessageScene, 'rejectsOffer'>, clauses: readonly Span[]): boolean {
  if (!scene.answersAgent || clauses.length === 0 || !isQuestion(input.messages[scene.a].text)) return false;
  return hasAct(input.lexicon, 'rejection', normalForm(clauses[0].text)) && wordCount(clauses[0].text) <= 2;
}

/**
 * "Mira, tell the front office …", "Tobi, can you have the floor plan ready by Thursday?": a person's
 * step for another person of the discussion names who takes it, as a request without the comma
 * does ("Tobi: have the floor plan ready by Thursday."). An agent addressed is left out, as is a name
 * that never spoke ("Monday, …" is no one) and the speaker's own.
 */
function withAddressee(facts: TaskFacts, speaker: string, clauseText: string, bareName: RegExpExecArray | null, c: SentenceCandidate): SentenceCandidate {
  // "Ines, you take the invoices." and "Mira, you're taking the Friday shift" give a step; "Ines,
  // you're excused from the rota …" says how things are.
  const step = c.type === 'action_item' || STEP_OPENINGS.some((f) => c.features.includes(f)) || /^you(?![\p{L}]|['’]re\s+(?!\p{L}+ing\b)|\s+are\s+(?!\p{L}+ing\b))/iu.test(c.statement);
  // (`bareName`: the name the clause's content opens with, addressed without a comma; see namedBeforeStep.)
  const comma = step ? OPENING_NAME.exec(clauseText) : null;
  const opening = step ? comma ?? bareName : null;
  const key = opening?.[1].toLowerCase() ?? '';
  const person = facts.people.get(key);
  if (!opening || person === undefined || person.toLowerCase() === speaker.trim().toLowerCase() || new RegExp(`^${escapeRegex(key)}(?![\\p{L}\\p{N}])`, 'iu').test(c.statement)) return c;
  // The statement's first word as the sentence wrote it ("can you have …" → "have").
  const word = /^[\p{L}']+/u.exec(c.statement)?.[0] ?? '';
  const said = word ? new RegExp(`(?<![\\p{L}])${escapeRegex(word)}(?![\\p{L}])`, 'iu').exec(comma ? clauseText.slice(comma[0].length) : clauseText)?.[0] : undefined;
  const name = /^\p{Ll}/u.test(person) ? person.charAt(0).toUpperCase() + person.slice(1) : person;
  return { ...c, statement: `${name}: ${said ?? word}${c.statement.slice(word.length)}` };
}

/**
 * "… a refund signed off by me or Karim", said by Nadia: read later in the log, the statement names
 * her ("signed off by Nadia or Karim", "across Bernd's desk"), and so does one where she is the
 * subject of a modal or of "be" and "have" ("I'll cover Mondays too" → "Lena will cover
 * Mondays too", "I'm not running another launch like that" → "Katrin is not running …") or
 * beside another person's name ("whatever Nadia or I sign off" → "Nadia or Karim sign off"). A
 * statement where "I" stands before any other verb ("I need the tile samples") keeps the
 * speaker's own words, as does one by a speaker known only by a handle.
 */
function withSpeakerNamed(input: CandidateInput, facts: TaskFacts, speaker: string, c: SentenceCandidate): SentenceCandidate {
  const name = writableName(speaker);
  const self = input.lexicon.words.statements.speakerSelf;
  if (!name) return c;
  if (!FIRST_PERSON.test(c.statement) && c.statement.search(self) < 0) return underSpeakerName(input, name, c);
  const quoted = quotedSpans(c.statement);
  const inQuote = (at: number) => quoted.some(([from, to]) => at >= from && at < to);
  const subject = c.statement
    .replace(COORDINATED_I, (said: string, other: string, at: number) => (inQuote(at) || !facts.people.has(other.toLowerCase()) ? said : `${other}${said.slice(other.length).replace(/I$/u, name)}`))
    .replace(FIRST_PERSON_FORMS, (said: string, short: string | undefined, verb: string | undefined, at: number) =>
      inQuote(at) ? said : `${name} ${THIRD_PERSON[(short ?? verb ?? '').toLowerCase()] ?? (verb ?? '')}`,
    );
  const statement = subject.replace(self, (said: string, lead: string | undefined, at: number) => (inQuote(at) ? said : lead ? `${lead} ${name}` : `${name}'s`));
  // (A speaker named in one place and "I" or "me" in another reads as two people.)
  const unquoted = outsideQuotes(statement);
  if (statement === c.statement || FIRST_PERSON.test(unquoted) || SPEAKER_LEFT.test(unquoted)) return c;
  return { ...c, statement, said: c.said ?? c.statement };
}

/**
 * "Mach ich bis Mitte Mai.", "Entwurf bis 13. an mich.", "Lo preparo yo.": a statement in the
 * speaker's own German or Spanish words is read under the speaker's name ("Lukas: Mach ich bis
 * Mitte Mai."), its verbs as they were said. One that opens with a name already says whose it is.
 */
function underSpeakerName(input: CandidateInput, name: string, c: SentenceCandidate): SentenceCandidate {
  const unquoted = outsideQuotes(c.statement);
  if (!input.lexicon.words.statements.speakerWord.test(unquoted) || NAMED_OPENING.test(c.statement)) return c;
  return { ...c, statement: `${name}: ${c.statement}`, said: c.said ?? c.statement };
}

/** "Lea: …": a statement that opens with whose it is. */
const NAMED_OPENING = /^\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)?:\s/u;

/** "I", "I'll", "I'm": the speaker as the subject of a statement. */
const FIRST_PERSON = /(?<![\p{L}])I(?:['’](?:ll|m|ve|d))?(?![\p{L}'’])/u;

/** "I'll", "I will", "I'm", "I can't" …: the speaker as the subject of a modal or of "be" or "have" (group 1: a contraction, group 2: the word after "I"). */
const FIRST_PERSON_FORMS = /(?<![\p{L}])I(?:['’](ll|m|ve|d)|\s+(will|would|can't|can’t|cannot|can|could|couldn't|couldn’t|should|shouldn't|shouldn’t|must|may|might|won't|won’t|wouldn't|wouldn’t|am|have|was))(?![\p{L}'’])/gu;

/** "Sofia or I approve", "Tom and I": "I" beside another person's name (group 1, one of the discussion's people), a subject the verb already agrees with in the plural. */
const COORDINATED_I = /(?<![\p{L}])(\p{Lu}[\p{Ll}'’-]+)\s+(?:and|or)\s+I(?![\p{L}'’])/gu;

/** "me", "my", "mine", "myself": the speaker, wherever the rewrite above leaves them. */
const SPEAKER_LEFT = /(?<![\p{L}])(?:me|my|mine|myself)(?![\p{L}'’])/iu;

/** The third person of each form after "I" that changes ("I'm" → "is"); the others stay as they are. */
const THIRD_PERSON: Readonly<Record<string, string>> = { ll: 'will', m: 'is', ve: 'has', d: 'would', am: 'is', have: 'has' };

/**
 * "Derek tell Hartwell.", "Priya get Demir's price before friday.", "Roy - no more overtime …":
 * chat leaves out the comma after a name addressed, or puts a dash. A person of the discussion
 * named first, then a step for them (opensStepFor), is addressed; the match is the name and what
 * parts it from the step. A name the verb agrees with ("Derek tells them") is the subject, and no
 * step follows it.
 */
function namedBeforeStep(input: CandidateInput, { people, speakers }: Pick<MessageScene, 'people' | 'speakers'>, text: string): RegExpExecArray | null {
  // ("booking-agent fix the website.": an agent of the discussion, a speaker who is none of its
  // people, addressed by its name.)
  const agent = OPENING_AGENT_NAME.exec(text);
  const name = agent?.[1].toLowerCase() ?? '';
  if (agent !== null && speakers.has(name) && !people.has(name)) return opensStepFor(input, text.slice(agent[0].length)) ? agent : null;
  const m = BARE_OPENING_NAME.exec(text);
  if (m === null || !people.has(m[1].toLowerCase()) || isCommonWordName(input, m[1])) return null;
  return opensStepFor(input, text.slice(m[0].length)) ? m : null;
}

/**
 * Whether what follows a name addressed gives that person a step: "you …", a directive, a request,
 * a ban ("Roy - no more overtime …"), or an imperative as the tagger reads it. A refusal ("Derek —
 * no, I'm not hiring …") turns them down.
 */
function opensStepFor(input: CandidateInput, rest: string): boolean {
  const lower = normalForm(rest);
  const refusal = findAct(input.lexicon, 'rejection', lower);
  if (refusal?.start === 0 && /^\s*(?:[,.!;:—–-]|$)/u.test(lower.slice(refusal.end))) return false;
  return STEP_ACTS.some((act) => findAct(input.lexicon, act, lower)?.start === 0) || opensWithImperative(input, rest);
}

/**
 * Whether a person's name is also a word that opens a sentence of its own, so that without a comma
 * it names no one: a function word or a verb ("Will you call Hartwell?", "Hope you can call"), a
 * month or a weekday ("May").
 */
function isCommonWordName(input: CandidateInput, name: string): boolean {
  const word = name.toLowerCase();
  return input.lexicon.words.stopwords.has(word) || isValueWord(input, word) || docOf(word).has('(#Verb|#Modal|#Auxiliary)');
}

/** A name such as agents bear ("booking-agent", "ci_bot", "@ops-agent") opening a clause, a word after it. */
const OPENING_AGENT_NAME = /^\s*@?(\p{L}[\p{L}\p{N}]*(?:[-_][\p{L}\p{N}]+)+)(?:\s+[-–—])?\s+(?=\p{L})/u;

/** A word that may be a name, then a space or a dash: what namedBeforeStep reads ("Roy - no more overtime …"). */
const BARE_OPENING_NAME = /^\s*([\p{L}][\p{L}'’]{1,30})(?:\s+[-–—])?\s+(?=\p{L})/u;

/** "Lea, tell …": the name a clause opens with, addressed. */
const OPENING_NAME = new RegExp(`^\\s*${ADDRESSED_NAME},\\s+`, 'u');

/** "…Metal, ": a name before a comma that ends the framing stripped from a clause. */
const CLOSING_NAME = new RegExp(`(?<![\\p{L}\\p{N}])${ADDRESSED_NAME},\\s*$`, 'u');

/** How a step opens: telling, asking or forbidding someone something. */
const STEP_OPENINGS = ['act:directive@start', 'act:request@start', 'act:prohibition-start@start'] as const;

/**
 * The candidates of clause k of a person's message (none, one, or two for a pair of values), and
 * how many clauses after it its statement took in ("Both. Reminders max 3 …").
 */
function clauseCandidates(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, clauses: readonly Span[], k: number, said: string, judged: JudgedValue | null): { made: SentenceCandidate[]; consumed: number } {
  // (A bare number after a value judged too much is of that value's thing; the judgement is why.)
  const out = candidatesOfClause(input, scene, walk, clauses, k, judged?.text ?? said);
  if (judged) {
    const why = trimEnd(clauses[judged.judged].text.slice(contentStart(input.lexicon, clauses[judged.judged].text)).trim());
    for (const c of out.made) c.reasons = unique([why, ...c.reasons]);
  }
  return out;
}

/** The candidates of clause k as `body` says it (see clauseCandidates). */
function candidatesOfClause(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, clauses: readonly Span[], k: number, body: string): { made: SentenceCandidate[]; consumed: number } {
  const none = { made: [], consumed: 0 };
  const { lexicon } = input;
  const clause = clauses[k];
  if (body.length === 0) {
    framingOnly(input, scene, walk, clause);
    if (findAct(lexicon, 'acceptance', normalForm(clause.text))?.start === 0) walk.assentedAt = k;
    return none;
  }
  // A bare option key answering a list ("OK, A.", "Yes, B.") picks that option, though a key
  // alone is no content word.
  const picked = optionPicked(input, scene, walk, clauses, k, body);
  if (picked.length > 0) return withNextCondition(input, scene, clauses, k, picked);
  // "On the plan: yes to the tile floor, the oak shelves and the Friday delivery.": the points named are accepted.
  const points = scene.proposed ? pointsNamed(input, scene.proposed.points, body) : [];
  if (points.length > 0) {
    const r = readClause(input, scene, walk, clauses, k, body);
    return { made: points.map((point) => make(scene.p, point, 'decision', 'accepted', scene.proposed!.at, true, [], [], 'selection', [...r.flags, 'origin:selection', 'strength:accepted', 'hint:decision'])), consumed: 0 };
  }
  // ("🌮 x2 please" says how many, not of what; "x86." to "x86 or arm64?" names an option.)
  if (onlyMultipliers(body, input.stems) && !selects(body, scene.agentTokens, input.stems) && !selects(body, scene.answeredTokens, input.stems)) return none;
  // ("Make it 8." sets a value with no content word of its own.)
  if (ownContent(clause, body, correctionCues(input, scene.p), input.messages[scene.p].text, input.stems) === 0 && !instructsValue(input, normalForm(body))) return none;
  const r = readClause(input, scene, walk, clauses, k, body);
  if (isQuestion(body) || asksUnmarked(input, scene, body, clause.text)) {
    const request = scene.p > 0 ? requestItem(lexicon, body) : null;
    return request ? { made: [make(scene.p, request, 'action_item', 'explicit', scene.a, scene.answersAgent, [], [], 'request', [...r.flags, 'origin:request', 'hint:action_item'])], consumed: 0 } : none;
  }
  // "Fine, go with that - one tweak." / "That line is fine.": an acceptance says nothing of its own;
  // answering the agent, it makes the clause after it ("Both. Reminders max 3 …") what is accepted.
  const accepting = findAct(lexicon, 'acceptance', r.lower);
  if (accepting && accepting.start === 0 && acceptsOnly(input, body.slice(accepting.end))) {
    walk.assentedAt = k;
    // (Said to a person's news, "good stuff." accepts nothing: "Good stuff. Brass monkeys out
    // there this morning." A person's question or proposal, "Mona, ok for you?", it answers.)
    if (scene.agent >= 0 && (scene.a === scene.agent ? scene.agentOffers : scene.a >= 0 && offers(lexicon, input.messages[scene.a].text, sentencesAt(input, scene.a)))) walk.carried = 'accepted';
    return none;
  }
  // ("Rest wie vorgeschlagen." accepts what the agent put up but for what the message changes:
  // the proposal's points are its decisions, see acceptedProposals; the clause states nothing.)
  const rest = findAct(lexicon, 'rest-acceptance', r.lower);
  if (rest && rest.start === 0 && contentWordCount(body.slice(rest.end), input.stems) === 0 && !givesValue(input, body.slice(rest.end))) return none;
  const aside = asideOrReport(input, scene, walk, r);
  ownCue(input, scene, r);
  settleByDialogue(input, scene, walk, r);
  // (A value set against one stated before still corrects it when passed on by the way or read
  // out of a report: "Fee's £34/hr btw, not 38.", "The letter says 10 till 1, not 10 till 2."; one
  // only supposed, in sarcasm, a guess or a supposition, corrects nothing.)
  const corrects = r.act === VALUE_CORRECTION && !supposes(input, scene, r);
  if ((aside || (walk.reporting && !r.label)) && !corrects) r.type = null;
  // ("Oh great. Another bus. 🙃" names an option and picks nothing, as it confirms nothing.)
  const made: string | null = r.act;
  if (scene.sarcastic(r.clause) && (made === 'selection' || made === 'accepted-answer' || made === SETTLED_VALUE)) r.act = null;
  markOrigin(r);
  if (!r.type) return { made: plainCandidate(input, scene, r), consumed: 0 };
  return statedCandidates(input, scene, walk, clauses, r);
}

/** The most words of a statement read for whether it names anything at all. */
const NAMELESS_MAX_WORDS = 3;

/**
 * Whether a short statement names no thing, value or person a reader could place: "Even better.",
 * "Modest as ever.", "Go on then.", "Paid only.". A number, a value word ("Monthly it is."), a name
 * or an abbreviation past its first word ("Per DocuSign.", "We target AA."), a noun as the tagger
 * reads it ("Same box then.", "Joost.") or a word of the message it answers or of the agent's last
 * ("Cash only." after "cash or card?", "Email it is.": the tagger may read either as a verb) is one.
 */
function namesNothing(input: CandidateInput, scene: MessageScene, statement: string): boolean {
  const said = words(statement);
  if (said.length > NAMELESS_MAX_WORDS || givesValue(input, statement)) return false;
  if (selects(statement, scene.agentTokens, input.stems) || selects(statement, scene.answeredTokens, input.stems)) return false;
  if (nameWords(statement).length > 0 || /(?<![\p{L}])\p{Lu}{2,}(?![\p{L}])/u.test(statement)) return false;
  return !docOf(statement).has('(#Noun && !#Pronoun)');
}

/** Whether every content word of a text is a multiplier ("x2", "3x", "×4"). */
function onlyMultipliers(text: string, stems: Stems): boolean {
  const tokens = contentTokens(text, stems);
  return tokens.length > 0 && tokens.every((t) => MULTIPLIER.test(t));
}

const MULTIPLIER = /^(?:[x×]\d{1,3}|\d{1,3}[x×])$/u;

/** What follows an acceptance adds nothing of its own: under two content words and no value ("ok 7 then" sets 7, "ship it on Friday" sets Friday). */
function acceptsOnly(input: CandidateInput, rest: string): boolean {
  return contentWordCount(rest, input.stems) < 2 && !givesValue(input, rest);
}

/**
 * Whether a clause is an instruction that sets a value: it opens with an imperative and gives a
 * value ("Cap it at 8.", "Make it 8.", "Ship it on Friday."), where the verb is its cue and no
 * other word says what. "Draft it." and "5 stays." set nothing a reader could place.
 */
function instructsValue(input: CandidateInput, lower: string): boolean {
  return findAct(input.lexicon, 'directive', lower)?.start === 0 && givesValue(input, lower);
}

/**
 * Whether a text gives a value: a number, written in digits or as a word, or a word that is a
 * value by itself (a weekday, a month). "Cap it at 8." and "Make it Tuesday." say what they set,
 * where "Send it to her." says nothing a reader could place.
 */
function givesValue(input: CandidateInput, text: string): boolean {
  return /\p{N}/u.test(text) || words(text).some((w) => isValueWord(input, w));
}

/** Whether a word is a weekday or a month ("Thursday", "jueves", "June"): a name of a day, which picks and keeps its capital. */
function isDayOrMonth(input: CandidateInput, word: string): boolean {
  const slot = input.valueSlot?.(word.toLowerCase());
  return slot === 'weekday' || slot === 'month';
}

/** A word that is a value by itself: a weekday or a month (the subject lexicon's slot words), or a number written as a word. */
function isValueWord(input: CandidateInput, word: string): boolean {
  return slotOfWord(input.valueSlot, word) || input.numberWord?.(word.toLowerCase()) === true;
}

/**
 * A clause naming one of the options a list offered, by its key, value or name, with the
 * condition the person adds to it: the pick. The list may stand a little further back than the
 * agent's last message.
 */
function optionPicked(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, clauses: readonly Span[], k: number, clauseBody: string): SentenceCandidate[] {
  if (isQuestion(clauseBody) || (scene.answersQuestion && NUMBER_KEY.test(clauseBody))) return [];
  // "About the fee: C." / "As for the fee, B.": the topic named first, the pick after it.
  const body = afterTopic(input.lexicon, clauseBody);
  const pick = (offered: string) => {
    const several = optionsByKeys(input.lexicon, body, offered);
    if (several.length > 0) return several;
    const one = clausePick(input, body === clauseBody ? clauses[k].text : body, body, offered);
    return one ? [one] : [];
  };
  const latest = scene.agent >= 0 ? pick(input.messages[scene.agent].text) : [];
  const value = latest.length === 0 && scene.agent >= 0 ? valueOfChoice(input, body, sentencesAt(input, scene.agent)) : null;
  const fromLatest = value ? [value] : latest;
  const listed = fromLatest.length === 0 && scene.listedBefore >= 0 && scene.listedBefore !== scene.agent ? pick(input.messages[scene.listedBefore].text) : [];
  const options = fromLatest.length > 0 ? fromLatest : listed;
  if (options.length === 0) return [];
  const r = readClause(input, scene, walk, clauses, k, body);
  const from = fromLatest.length > 0 ? scene.agent : scene.listedBefore;
  return options.map((option) => make(scene.p, withValueHolder(input, from, option), 'decision', 'accepted', from, true, [], [], 'selection', [...r.flags, 'origin:selection', 'strength:accepted', 'hint:decision']));
}

/** What follows the colon or comma of a clause that opens by naming its topic ("About the fee: C." → "C."), else the clause. */
function afterTopic(lex: CompiledStatementLexicon, body: string): string {
  if (findAct(lex, 'topic-intro', normalForm(body))?.start !== 0) return body;
  const mark = /[:,]\s*/.exec(body);
  return mark ? body.slice(mark.index + mark[0].length).trim() || body : body;
}

/**
 * "A and C." / "A y C" / "1 + 3": several options of one list picked by their keys, each its own
 * decision; none unless every word of the reply is a key or a joining word ("A or C" asks, it
 * picks nothing).
 */
function optionsByKeys(lex: CompiledStatementLexicon, body: string, offered: string): string[] {
  const ref = withoutCourtesy(lex, normalForm(body).replace(/[.!]+$/, '').trim());
  const words = ref.split(/\s*[,+&]\s*|\s+/).filter(Boolean);
  const joins = (w: string) => lex.words.statements.itemJoiner.test(w) && !lex.words.statements.disjunction.test(w);
  const keys = words.filter((w) => !joins(w)).map((w) => BARE_KEY.exec(w)?.[1]);
  if (keys.length < 2 || (keys.length === words.length && !/[,+&]/.test(ref))) return [];
  if (!keys.every((key): key is string => key !== undefined)) return [];
  const picked = [...new Set(keys)].map((key) => pickedOption(lex, key, offered));
  return picked.every((x): x is string => x !== null) ? picked : [];
}

/**
 * "48." answering "Should the reminder go out 24 or 48 hours before?": the value of the agent's
 * last question's alternatives the reply gives, with the unit and the words that follow them
 * ("48 hours before."); null when the reply is no bare value or the question offers no such choice.
 */
function valueOfChoice(input: CandidateInput, body: string, agentSentences: readonly Span[]): string | null {
  const value = /^(\d{1,3}(?:[.,]\d{3})+|\d{1,5}(?:[.,:]\d{1,2})?)$/.exec(normalForm(body).replace(/[.!]+$/, '').trim())?.[1];
  if (!value) return null;
  const asked = lastQuestion(agentSentences);
  const question = asked ? asked.text.replace(/\?\s*$/, '') : '';
  for (const m of question.matchAll(VALUE_PAIR)) {
    if (!input.lexicon.words.statements.disjunction.test(m[3]) || (value !== m[1] && value !== m[4])) continue;
    // "24 or 48 hours before" and "24 hours or 48 hours before": the unit is the one after either
    // number, and it must be a unit ("Is 9 or 12 better?" gives none: "12." alone says nothing).
    const unit = [m[5], m[2]].map((u) => (u ?? '').trim()).find((u) => u && input.unitSlot?.(u.toLowerCase()));
    if (!unit) continue;
    const rest = question.slice(m.index! + m[0].length).split(/[,;:]/)[0].trim().split(/\s+/).slice(0, 4).join(' ');
    return `${sentenceCase(trimEnd([value, unit, rest].filter(Boolean).join(' ')))}.`;
  }
  return valueInAlternatives(input, value, agentSentences);
}

/**
 * "16." answering "Options: hold at 18, meet at 16, or accept 15.": the one alternative of the
 * agent's last sentence of alternatives that names the number, when two or more name numbers.
 */
function valueInAlternatives(input: CandidateInput, value: string, agentSentences: readonly Span[]): string | null {
  const offering = offeringSentence(input, agentSentences, true);
  const asked = offering !== null && isQuestion(offering.text);
  const parts = alternativesOf(input, offering);
  // (However either writes it: "2000." picks "2,000 copies at £0.11 each".)
  const key = numberKey(value);
  const numbered = parts.filter((x) => /\d/.test(x));
  const naming = numbered.filter((x) => key !== null && writtenNumbers(x).has(key));
  // (The first alternative of a question carries the question's own words, "Should I print 2,000";
  // a bare number of one says nothing the question does not frame better: "Budget tiers: 2,000.")
  if (asked && (naming[0] === parts[0] || !/\p{L}/u.test(naming[0] ?? ''))) return null;
  // Each alternative says what is done with its number, in a word or a second value ("Is 9 or 12
  // better?" offers bare numbers; "2,000 copies at £0.11 each or 5,000 at £0.07" does not).
  if (numbered.some((x) => contentWordCount(x, input.lexicon.words) < 1 && writtenNumbers(x).size < 2)) return null;
  return numbered.length >= 2 && naming.length === 1 ? `${sentenceCase(trimEnd(naming[0].trim()))}.` : null;
}

/**
 * "The deposit." answering "… two ways: ask Vogt to hold the price, or sign the contract with
 * a deposit that …": the one alternative that holds every content word of the short reply and says
 * more than it, as the agent said it; null when none or several do.
 */
function alternativeNamed(input: CandidateInput, reply: string, agentSentences: readonly Span[]): string | null {
  const wanted = contentTokens(reply, input.stems);
  // (A bare number is `valueOfChoice`'s to read.)
  if (wanted.length === 0 || wanted.length > 2 || !wanted.some((w) => /\p{L}/u.test(w))) return null;
  // (Alternatives asked in a question are framed by it: "Do we keep 5 samples …, or keep 3?")
  const offering = offeringSentence(input, agentSentences);
  if (!offering || isQuestion(offering.text)) return null;
  return partNamed(input, reply, alternativesOf(input, offering));
}

/**
 * The alternative of message q that a short pick names: the name of one item of a list it lays
 * out line by line ("Vogt then." → "Schreinerei Vogt.", not the item's figures), or else one
 * alternative of its sentence with "or" ("Then Linen." → "120 g Linen White at the old price.").
 */
function pickedAlternative(input: CandidateInput, reply: string, q: number): string | null {
  const items = lineItems(input.messages[q].text);
  if (items.length >= 2) {
    const item = partNamed(input, reply, items);
    const name = item === null ? '' : itemName(item);
    return contentWordCount(name, input.stems) > contentWordCount(reply, input.stems) ? `${name}.` : null;
  }
  const offering = offeringSentence(input, sentencesAt(input, q));
  const m = input.messages[q];
  return offering && !isQuestion(offering.text) ? partNamed(input, reply, alternativesOf(input, offering, m.role === 'bot' ? '' : writableName(m.author))) : null;
}

/** What a list item is called: the words before its first colon, comma, semicolon or dash ("Epson WF-4830, inkjet, 249 EUR; …"). */
function itemName(item: string): string {
  return trimEnd(item.split(/:\s|,\s|;\s|\s[–—-]\s/u)[0].trim());
}

/** The one part the reply names, in full, or null (see alternativeNamed). */
function partNamed(input: CandidateInput, reply: string, parts: readonly string[]): string | null {
  const wanted = contentTokens(reply, input.stems);
  if (wanted.length === 0 || wanted.length > 2 || !wanted.some((w) => /\p{L}/u.test(w))) return null;
  // Each alternative a phrase of its own ("Options: 9, or 12." offers bare numbers).
  if (parts.some((part) => contentWordCount(part, input.stems) < 2)) return null;
  // ("2 years." names no alternative of "show 3 years …, or show 2": its number must be there too.)
  const numbers = numbersOf(reply);
  const naming = parts.filter((part) => {
    const words = contentTokens(part, input.stems);
    const partNumbers = numbersOf(part);
    return wanted.every((w) => words.includes(w)) && numbers.every((n) => partNumbers.includes(n)) && words.length >= wanted.length + 2;
  });
  return naming.length === 1 ? `${sentenceCase(trimEnd(naming[0].trim()))}.` : null;
}

/**
 * The agent's last sentence that offers a choice; none when a question follows it (the reply
 * answers the question: "… or Friday at 9. How many guests?").
 */
function offeringSentence(input: CandidateInput, agentSentences: readonly Span[], choosing = false): Span | null {
  const { disjunction, choiceQuestion } = input.lexicon.words.statements;
  const at = agentSentences.map((s) => disjunction.test(s.text)).lastIndexOf(true);
  // (`choosing`: a question that only asks to choose frames nothing of its own, "… 2,000 copies at
  // £0.11 each or 5,000 at £0.07. Which?", for a reply that names its option by a number.)
  const framing = (s: Span) => isQuestion(s.text) && !(choosing && words(s.text).some((w) => choiceQuestion.test(w)));
  return at < 0 || agentSentences.slice(at + 1).some(framing) ? null : agentSentences[at];
}

/**
 * The alternatives a sentence offers, after any label, without asides in brackets and without
 * the speaker's own offer to do one: an agent's "I can send a reminder to the non-openers or wait
 * a week." offers "send a reminder to the non-openers" (picked, it is the step, not something the
 * person who picks it said they can do); a person's (`offeredBy`, their name) "I can drive the van
 * on Friday, or we take the train." offers "Jonas: drive the van on Friday", which says who drives.
 * A person known only by a handle (null) is not written into a statement: their offer stays as said.
 */
function alternativesOf(input: CandidateInput, offering: Span | null, offeredBy: string | null = ''): string[] {
  if (!offering) return [];
  const { disjunction, eitherWord } = input.lexicon.words.statements;
  const plain = offering.text.replace(/^[^:]*:\s*/, '').replace(/\s*\([^()]*\)/g, '').replace(/[.?!]+$/, '');
  // ("135 needs either the Wintergarten extension or 5 guests …": the first alternative opens after "either".)
  const either = eitherWord.exec(plain);
  const text = either && disjunction.test(plain.slice(either.index)) ? plain.slice(either.index + either[0].length) : plain;
  // (A comma between digits is a thousands separator: "2,000 copies … or 5,000 …".)
  const parts = text.split(new RegExp(`\\s*(?:;|(?<!\\d),|,(?!\\d))\\s*(?:${disjunction.source}\\s+)?|\\s+${disjunction.source}\\s+`, 'u')).filter((x): x is string => typeof x === 'string' && /[\p{L}\p{N}]/u.test(x));
  if (offeredBy === null) return parts;
  return parts.map((part) => {
    const step = withoutOwnOffer(input, part);
    return step !== part && offeredBy ? `${offeredBy}: ${step}` : step;
  });
}

/** "I can send a reminder" → "send a reminder": an alternative without the offer that opens it (the agent's "I can", "I'd", "ich kann"). */
function withoutOwnOffer(input: CandidateInput, part: string): string {
  const lower = normalForm(part);
  for (const act of ['offer', 'would-step'] as const) {
    const hit = findAct(input.lexicon, act, lower);
    if (hit?.start === 0 && !hit.gap && contentWordCount(part.slice(hit.end), input.stems) > 0) return part.slice(hit.end).trim();
  }
  return part;
}

/** Message q opens a choice a short reply may settle: an agent's offer, alternatives set out, or a question. */
function opensChoice(input: CandidateInput, facts: TaskFacts, q: number): boolean {
  return facts.offered[q] || facts.setsOut[q] || isQuestion(input.messages[q].text);
}

/** The items of a list a message lays out line by line ("- Schreinerei Vogt: …", "2. Epson Color …"), without bullets, keys or bold. */
function lineItems(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const item = itemOfLine(line)?.text ?? BULLET.exec(line)?.[1];
    return item ? [item.replace(/\*\*|__/g, '').trim()] : [];
  });
}

/** A reply this short may stand for the alternative it names. */
const SHORT_PICK_WORDS = 3;

/** Two numbers joined by one word, each with an optional unit: "24 or 48 hours", "24 hours or 48 hours". */
const VALUE_PAIR = /(?<![\d.,:])(\d{1,4}(?:[.,:]\d{1,2})?)(\s+\p{L}+)?\s+(\p{L}+)\s+(\d{1,4}(?:[.,:]\d{1,2})?)(?![\d.,:])(\s+\p{L}+)?/gu;

/**
 * The points of a proposal that a reply accepts by naming them ("yes to the tile floor, the
 * oak shelves and the Friday delivery" → the three points that say so), in the proposal's order;
 * none unless it opens with an acceptance (after a short label) and every item it names is one
 * point's alone.
 */
function pointsNamed(input: CandidateInput, points: readonly string[], body: string): string[] {
  const { lexicon } = input;
  const text = afterShortLabel(body, 4);
  const yes = findAct(lexicon, 'acceptance', normalForm(text));
  if (!yes || yes.start !== 0) return [];
  const items = text.slice(yes.end).split(/[,;]/).flatMap((piece) => piece.split(lexicon.words.statements.itemJoinerWord)).filter((item) => contentWordCount(item, input.stems) > 0);
  if (items.length === 0) return [];
  const tokens = points.map((point) => contentTokens(point, input.stems));
  const chosen = new Set<number>();
  for (const item of items) {
    const k = namedPoint(contentTokens(item, input.stems), tokens);
    if (k < 0) return [];
    chosen.add(k);
  }
  return [...chosen].sort((x, y) => x - y).map((k) => points[k]);
}

/**
 * The point an item names: the one sharing most of its words; among equals, the one that names
 * them first ("the Friday delivery" is "Delivery: Friday mornings, all crates in one van …", not "…
 * the driver brings a signed note with every Friday delivery"). -1 when it shares none.
 */
function namedPoint(item: readonly string[], points: ReadonlyArray<readonly string[]>): number {
  let best = -1;
  let bestShared = 0;
  let bestAt = Infinity;
  points.forEach((point, k) => {
    const at = point.findIndex((t) => item.includes(t));
    const shared = item.filter((t) => point.includes(t)).length;
    if (shared > bestShared || (shared === bestShared && shared > 0 && at < bestAt)) [best, bestShared, bestAt] = [k, shared, at];
  });
  return best;
}

/** The agent's last message within reach that proposed points ("Proposal:" and a bulleted list), with them, or null. */
function proposedBefore(input: CandidateInput, facts: TaskFacts, p: number): { at: number; points: readonly string[] } | null {
  for (let q = p - 1; q >= 0 && p - q <= 2 * input.tuning.agentReach; q--) if (facts.points[q].length > 0) return { at: q, points: facts.points[q] };
  return null;
}

/** Whether a clause of the reply at h picks one of the options `offered` lists. */
function picksFrom(input: CandidateInput, h: number, offered: string): boolean {
  const { lexicon } = input;
  for (const s of sentencesAt(input, h)) {
    for (const c of splitClauses(lexicon, s)) {
      if (isQuestion(c.text)) continue;
      const body = c.text.slice(contentStart(lexicon, c.text)).trim();
      if (clausePick(input, c.text, body, offered) !== null || optionsByKeys(lexicon, body, offered).length > 0) return true;
    }
  }
  return false;
}

/**
 * The option of `offered` a clause picks, read from its content (`body`) and, failing that, from
 * the clause as said: "B, passt." — a key before a comma reads like a name addressed.
 */
function clausePick(input: CandidateInput, clause: string, body: string, offered: string): string | null {
  const said = clause.trim();
  return (body ? pickFrom(input, said, body, wordCount(body), offered) : null) ?? (said !== body && KEY_BEFORE_COMMA.test(said) ? pickFrom(input, said, said, wordCount(said), offered) : null);
}

/** "B, …" / "(2), …": an option key that the addressee reading ("Jonas, …") would strip. */
const KEY_BEFORE_COMMA = /^(\(?(?:[0-9]{1,2}|[a-h])\)?)\s*,/i;

/** The option of `offered` the clause picks by its key, value or name, with any condition the person adds, or null. */
function pickFrom(input: CandidateInput, clause: string, body: string, words: number, offered: string): string | null {
  return (words <= input.tuning.selectionMaxWords ? pickedOption(input.lexicon, body, offered) ?? itemBySameValue(input, body, offered) : null) ?? qualifiedPick(input.lexicon, clause, offered) ?? keyPicked(input.lexicon, clause, offered) ?? ordinalPicked(input, clause, offered);
}

/**
 * "Proposal 1, definitely." / "Option B." opens with a key named by its label: it picks one of
 * something, whatever the message it answers lists, and accepts none of it whole.
 */
function opensWithLabelledKey(input: CandidateInput, h: number): boolean {
  const lead = leadingKey(input.lexicon, normalForm(sentencesAt(input, h)[0]?.text ?? ''));
  return lead !== null && lead.labelled && BARE_KEY.test(lead.key);
}

/**
 * The word a lowercased clause opens with, after an option's label when one opens it ("option 2
 * …", "propuesta B …"), and where that word ends; null for a label alone. An article alone ("the
 * 2", "la B") is no label.
 */
function leadingKey(lex: CompiledStatementLexicon, lower: string): { key: string; labelled: boolean; end: number } | null {
  const label = findAct(lex, 'option-reference', lower);
  const labelled = label?.start === 0 && !/^(?:the|la|die)$/u.test(lower.slice(0, label.end).trim());
  const from = labelled ? label!.end : 0;
  const m = /^\s*([^\s,.!;:]+)/u.exec(lower.slice(from));
  return m ? { key: m[1], labelled, end: from + m[0].length } : null;
}

/**
 * "Nos quedamos con el jueves." answering "1) Studio A, Tuesdays 7–9 2) Workshop hall, Thursdays
 * 7–9": a reply that says nothing but one day or month (beside the words that choose, an article,
 * a courtesy), in any language or form ("jueves", "Thursdays"), picks the one listed option on
 * that day. Two options on that day (a short form, "Wed 6-8", counts) name none; "Not Thursday.",
 * "I'm away on Thursdays." say something else of the day.
 */
function itemBySameValue(input: CandidateInput, body: string, offered: string): string | null {
  const { lexicon } = input;
  // (A day or a month names an option; "monthly" in "Monthly by default" says how, of any option.)
  const dayOrMonth = (w: string) => isDayOrMonth(input, w);
  const ref = withoutAcceptance(lexicon, withoutCourtesy(lexicon, normalForm(body).replace(/[.!,;:]+$/, '').trim())).replace(lexicon.words.statements.choice, '');
  if (input.negated?.(ref)) return null;
  const said = words(ref);
  const days = said.filter(dayOrMonth);
  if (days.length !== 1 || said.some((w) => !dayOrMonth(w) && contentToken(w, input.stems) !== null)) return null;
  const day = input.wordValue?.(days[0].toLowerCase());
  const naming = listedItems(lexicon, offered).filter((item) => words(item.option).some((w) => (input.rangeValue ?? input.wordValue)?.(w.toLowerCase()) === day));
  return day && naming.length === 1 ? pickedStatement(naming[0]) : null;
}

/**
 * "The second." / "2nd one, mornings are full anyway" / "ok, lo segundo": an option picked by its
 * place in the list, said before any comma (what follows is why). The place is the order the
 * options are listed in, whatever their keys.
 */
function ordinalPicked(input: CandidateInput, clause: string, offered: string): string | null {
  const { lexicon } = input;
  const said = normalForm(clause).trim();
  const at = afterAcceptance(lexicon, said);
  const rest = at === null ? said : said.slice(at);
  const head = rest.split(/[,;:.!?]/)[0];
  // ("Die zweite.": the article of an option reference is no content, in any language.)
  const article = findAct(lexicon, 'option-reference', head.trimStart());
  // ("Die zweite geht nicht.", "The second not.": a place named to rule it out picks nothing.)
  if (input.negated?.(head)) return null;
  const opening = head.match(/[\p{L}\p{N}]+/u)?.[0];
  const tokens = (article?.start === 0 ? head.trimStart().slice(article.end) : head).match(/[\p{L}\p{N}]+/gu) ?? [];
  // (An ordinal may be a stopword itself: "the first".)
  const content = tokens.filter((w) => !lexicon.words.stopwords.has(w) || input.ordinal?.(w) != null);
  if (content.length !== 1) return null;
  // A spelled ordinal that opens a sentence going on after a comma counts points ("First, we need
  // the numbers"); after an article ("the first", "lo segundo") or said alone it picks.
  const spelled = !/\d/.test(content[0]);
  if (spelled && opening === content[0] && /[\p{L}\p{N}]/u.test(rest.slice(head.length))) return null;
  const place = input.ordinal?.(content[0]) ?? null;
  const key = place === null ? undefined : offeredKeys(lexicon, offered)[place - 1];
  return key === undefined ? null : pickedOption(lexicon, key, offered);
}

/** "B, la acústica es buenísima": a key before a comma picks its option; what follows, no condition on it (see qualifiedPick), is why. */
function keyPicked(lex: CompiledStatementLexicon, clause: string, offered: string): string | null {
  const key = KEY_BEFORE_COMMA.exec(clause.trim());
  return key ? pickedOption(lex, key[1], offered) : null;
}

/** The correction cues of message p: a clause made of one says nothing of its own. */
function correctionCues(input: CandidateInput, p: number): Detection[] {
  return input.detections[p].filter((d) => d.kind === 'correction');
}

/** A clause that is framing alone ("Decision:", "Both.") tells what the clauses after it are. */
function framingOnly(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, clause: Span): void {
  const { lexicon } = input;
  if (announced(lexicon, clause.text)) walk.carried = 'announced';
  // "Both." answering the agent's options accepts them; what follows says what that means.
  else if (scene.agent >= 0 && scene.a === scene.agent && scene.agentOffers && findAct(lexicon, 'acceptance', normalForm(clause.text))?.start === 0) walk.carried = 'accepted';
}

/**
 * Where a clause's content starts, but for an alternative the agent offered that reads like a name
 * addressed ("Metal, because they ride in the rain all winter." answering "Metal pads or resin?"):
 * that is the pick, not whom it speaks to.
 */
function optionKept(input: CandidateInput, scene: MessageScene, text: string, start: number): number {
  if (start > 0 && keyBeforeComma(input, scene, text)) return 0;
  if (start === 0) return start;
  const addressed = CLOSING_NAME.exec(text.slice(0, start));
  if (!addressed) return start;
  const named = contentTokens(addressed[1], input.stems);
  const person = scene.speaking.has(addressed[1].toLowerCase());
  // (A name the agent's options give that is no one's, neither of the discussion nor a person's
  // name, is no one addressed: "Aquatrace, start 13 April." picks Aquatrace. "Lena, book the
  // flights yourself." addresses Lena, and "Second-best, I'll take it." only echoes a word.)
  if (named.length === 1 && !person && scene.agent >= 0 && !scene.alternativeTokens.has(named[0]) && scene.pickTokens.has(named[0]) && namedIn(input.messages[scene.agent].text, addressed[1]) && !isPersonName(addressed[1])) return addressed.index + (addressed[0].startsWith('@') ? 1 : 0);
  // ("Mei, set up a booking calendar first" after "…, Mei signs. Place the order today?": a
  // person of the discussion named before a step is whoever is to take it, not a pick. One the
  // question itself asks about, before a step that only points back at what it asks, "Should Priya
  // or Derek take the van?" — "Derek, take it.", is the pick. An option no one of the discussion
  // goes by is the pick whatever follows it: "Aquatrace, start 13 April.")
  if (named.length !== 1 || !scene.alternativeTokens.has(named[0])) return start;
  if (person && givesStep(input, scene, text) && !(askedAbout(input, scene, named[0]) && namesNoObject(input.lexicon, text.slice(start)))) return start;
  return addressed.index + (addressed[0].startsWith('@') ? 1 : 0);
}

/** Whether a text gives a word as a name, each of its parts ("Hydro-Flow") capitalised where no sentence opens. */
function namedIn(text: string, word: string): boolean {
  const names = new Set(nameWords(text).map((x) => x.toLowerCase().replace(/['’]s$/u, '')));
  return word.split('-').every((part) => names.has(part.toLowerCase()));
}

/** Whether the agent's last question names a word (a person it asks about). */
function askedAbout(input: CandidateInput, scene: MessageScene, token: string): boolean {
  return contentTokens(lastQuestion(sentencesAt(input, scene.agent))?.text ?? '', input.stems).includes(token);
}

/**
 * "B, der Fahrer hat eh einen Schlüssel": a key before a comma that names an option of the lists
 * a pick reads (the agent's last message, or the list a little further back; see optionPicked) is
 * the pick, not a name addressed.
 */
function keyBeforeComma(input: CandidateInput, scene: MessageScene, text: string): boolean {
  const key = KEY_BEFORE_COMMA.exec(text.trimStart());
  return key !== null && [scene.agent, scene.listedBefore].some((q) => q >= 0 && pickedOption(input.lexicon, key[1], input.messages[q].text) !== null);
}

/** The clause with the features every candidate of it is weighed by, before its cues are read. */
function readClause(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, clauses: readonly Span[], k: number, body: string): ClauseReading {
  const { lexicon } = input;
  const lower = normalForm(body);
  const words = wordCount(body);
  const firstContent = !walk.seenContent;
  walk.seenContent = true;
  let verbs: boolean | undefined;
  const flags: string[] = [...scene.said, ...actFeatures(lexicon, lower), ...valueFeatures(body), lengthFeature(words), ...clausePositionFeatures(k, clauses.length)];
  if (input.negated?.(lower)) flags.push('form:negated');
  // ("Then not the food truck. Which of the other two?": what the message still asks is not settled.)
  walk.lastQuestion ??= clauses.map((c) => isQuestion(c.text)).lastIndexOf(true);
  if (walk.lastQuestion > k) flags.push('clause:question-after');
  return { k, clause: clauses[k], body, lower, words, firstContent, verbless: () => (verbs ??= verbless(body)), flags, text: body, act: null, type: null, strength: 'explicit', label: null, reports: false, afterAssent: walk.assentedAt === k - 1 };
}

/**
 * "unrelated: is the printer on 2 jammed again or did someone fix it": a question without its
 * mark (the words that open one, replies.json), after a label of a word or two at most.
 */
function asksUnmarked(input: CandidateInput, scene: MessageScene, body: string, said: string): boolean {
  const { questionOpening, questionWord } = input.lexicon.words;
  // (Also after the name of whom it asks, as said: "@stock-agent which suppliers are left …".)
  const asked = afterAddressee(said, (name) => scene.speakers.has(name) || scene.people.has(name), questionWord);
  return questionOpening.test(afterShortLabel(body, LABEL_MAX_WORDS)) || (asked !== said && questionOpening.test(asked));
}

/**
 * "Brightwell wrote: they've decided to shut the depot … No pickups that week." — what follows a
 * reported decision in the same message reports it too, until a conclusion of our own. Reported
 * words, news passed on by the way ("FYI", "übrigens"), what would follow ("36 would triple the
 * cost"), sarcasm, postponements, musings, opinions and the small talk a clause opens with once
 * its framing is stripped ("Talk to you tomorrow then.", "Thanks all, …") give a clause no type of
 * its own (their cue reads as nothing decided); it stays a candidate, and the scorer weighs their
 * act classes with the rest. Returns whether the clause is such an aside.
 */
function asideOrReport(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, r: ClauseReading): boolean {
  const { lexicon } = input;
  const { lower, body, words, flags } = r;
  const aside = supposes(input, scene, r) || hasAct(lexicon, 'aside', lower) || smallTalkOnly(lexicon, lower) || thanksByName(input, scene, r.clause.text);
  if (hasAct(lexicon, 'reported', withoutExplanation(lexicon, input.stems, lower))) walk.reporting = true;
  else if (walk.reporting && (findAct(lexicon, 'conclusion', normalForm(r.clause.text))?.start === 0 || announced(lexicon, r.clause.text))) walk.reporting = false;
  if (walk.reporting) flags.push('form:in-report');
  if (words <= 4 && r.verbless()) flags.push('form:verbless');
  if (walk.carried === 'accepted') flags.push('form:after-acceptance');
  if (scene.agent >= 0 && selects(body, scene.agentTokens, input.stems)) flags.push('form:shares-agent-words');
  return aside;
}

/**
 * Whether a clause says what it says without holding to it: in sarcasm, as a musing, for later,
 * as what would follow, under a supposition or as an opinion ("If they recount, it'd be 92%, not
 * 85."). Said by the way ("btw") or read out of a report, a clause still holds to what it says.
 */
function supposes(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  const { lexicon } = input;
  const { lower } = r;
  return scene.sarcastic(r.clause) || muses(lexicon, lower) || hasAct(lexicon, 'postponement', lower) || hasAct(lexicon, 'consequence', lower) || (hasAct(lexicon, 'hypothetical', lower) && !plansUnderCondition(lexicon, lower)) || hasAct(lexicon, 'opinion', lower);
}

/**
 * "Probably Friday, let's be honest.", "Maybe Sunday 3 am is the magic slot.": a clause that opens
 * with a hedge muses; what it names is not settled, and a reason after it ("Wahrscheinlich
 * Donnerstag, der Kran kommt erst Mittwoch.") does not settle it. Not when a decisive statement
 * of its own follows the hedged part after a comma ("…, wir nehmen Freitag."), nor a label
 * with its value ("Igual para todos: 45 € la hora."), a request ("Could you prepare the
 * contract?") or a plan under a condition ("Probably if it rains we move into the hall.").
 */
function muses(lex: CompiledStatementLexicon, lower: string): boolean {
  const hedge = findAct(lex, 'hedge', lower);
  if (hedge?.start !== 0 || hasAct(lex, 'request', lower) || plansUnderCondition(lex, lower) || hasAct(lex, 'hypothetical', lower.slice(hedge.end).trimStart())) return false;
  // ("Igual para todos: 45 € la hora.": a label and its value.)
  if (/:\s/.test(lower)) return false;
  const after = /[,;]\s(.*)$/su.exec(lower)?.[1] ?? '';
  return !(decisive(lex, after) && contentWordCount(after, lex.words) >= 2);
}

/** A plan after a condition ("If Hermes loses another parcel, we switch."), not a report after one ("If I remember right, we paid 3,200 last year."). */
function plansUnderCondition(lex: CompiledStatementLexicon, lower: string): boolean {
  return hasAct(lex, 'contingency', lower) && !hasAct(lex, 'past', lower);
}

/**
 * The clause opens with small talk and says nothing decisive after it: "Talk to you tomorrow then." and
 * "Thanks all, and Ruth, thanks for the brownies." are chat; "Good morning, we send it at
 * 07:00 from next week." decides.
 */
function smallTalkOnly(lex: CompiledStatementLexicon, lower: string): boolean {
  const chat = findAct(lex, 'smalltalk', lower);
  if (chat === null || chat.start !== 0) return false;
  const rest = lower.slice(chat.end);
  return contentWordCount(rest, lex.words) < 2 || classify(lex, rest.replace(/^[\s,;:!.-]+/, '')) === null;
}

/**
 * "And thanks, Herr Okafor!", "¡Y gracias, Lucía!": thanks said to someone by name, past a joining
 * word; the name is whom it thanks, not a choice. Read on the clause as written, before its
 * courtesy is stripped. A name the message answered offers is picked: "Great, Kraus then."
 */
function thanksByName(input: CandidateInput, scene: MessageScene, clause: string): boolean {
  const lex = input.lexicon;
  const said = withoutConnective(lex, normalForm(clause).replace(/^[^\p{L}\p{N}]+/u, '')).replace(/^[^\p{L}\p{N}]+/u, '');
  const chat = findAct(lex, 'smalltalk', said);
  if (chat === null || chat.start !== 0) return false;
  const rest = said.slice(chat.end);
  const named = words(rest).filter((w) => isContentWord(w, lex.words));
  const names = new Set(nameWords(clause).map((w) => w.toLowerCase()));
  return named.length > 0 && named.every((w) => names.has(w)) && !selects(rest, scene.agentTokens, input.stems) && !selects(rest, scene.answeredTokens, input.stems);
}

/** What the clause's own cues make of it: its act, a label announcing it, a conclusion. */
function ownCue(input: CandidateInput, scene: MessageScene, r: ClauseReading): void {
  const { lexicon } = input;
  const { lower, body, words } = r;
  r.act = classify(lexicon, lower);
  if (r.act === 'contingency' && !plansUnderCondition(lexicon, lower)) r.act = null;
  // "Not the barn, book the garden.": what is chosen instead says what the clause does; "Not the
  // gym, please." asks for nothing but to set the gym aside.
  const rejects = (r.act === null || r.act === 'request') && rejectionOpening(lexicon, lower) > 0;
  const instead = rejects ? afterRejection(input, body) : null;
  if (rejects) r.act = instead === null ? null : classify(lexicon, normalForm(instead));
  // "Rent the big marquee for the whole run." commands with a verb no cue lists, as does "ok
  // sell the 82" past the word that accepts.
  if (!r.act && (opensWithImperative(input, instead ?? body) || (instead === null && opensWithImperativePastVerdict(input, body)))) {
    r.act = 'imperative' as SentenceAct;
    r.flags.push('act:imperative');
  }
  // "For readability I'll just bump the font to 15px." — a person's own step that sets a
  // value decides it ("I'll check with them" sets nothing, and nor does "I'll just savour the 310
  // for a bit.": a number said before in the discussion is one it refers back to; nor does what
  // one cannot do, "Yo no puedo a las 5:45": a reason, not a step).
  if (!r.act && hasAct(lexicon, 'offer', lower) && HAS_NUMBER.test(body) && !isQuestion(body) && !input.negated?.(lower) && scene.givesNewNumber(body)) r.act = 'decision';
  // "I'll pick them up.", "I'll tell Greta and Omar today.": any other step a person takes on
  // is an action item of theirs. A promise is weaker evidence than a request, and how firm one it
  // is ("I'll be on Zoom" promises nothing) is the scorer's to weigh.
  if (!r.act && !isQuestion(body) && takesStep(input, body)) {
    r.act = 'offer';
    r.strength = 'weak';
  }
  r.type = r.act ? (TYPE_OF_ACT[r.act] ?? null) : null;
  // "Decision: …" / "As a rule: …" announce what follows.
  r.label = announced(lexicon, r.clause.text);
  if (r.label) r.flags.push(r.label === 'rule' ? 'form:announced-rule' : 'form:announced');
  if (r.label === 'rule') r.type = 'constraint';
  else if (r.label === 'decision' && (!r.type || r.type === 'action_item')) r.type = 'decision';
  if (r.label) r.act ??= 'announcement';
  // "Then the deadline is 16:00." concludes: a decision; so does a short one naming a value, a
  // thing by its name ("Dann per Einschreiben.") or an option the agent offered ("Then Linen.").
  // ("Then nothing." names none of them; "Then not the food truck." sets one aside.)
  if (!r.type && findAct(lexicon, 'conclusion', normalForm(r.clause.text))?.start === 0 && rejectionOpening(lexicon, lower) === 0 && (HAS_NUMBER.test(body) || !r.verbless() || nameWords(body).length > 0 || (scene.agent >= 0 && selects(body, scene.agentTokens, input.stems)))) {
    r.type = 'decision';
    r.act = 'conclusion';
  }
  // "Cold storage then." names an option offered just before; "Best season so far then." names
  // nothing offered or asked before it (a report's "last year" opens no choice): a short verbless
  // remark decides nothing. (A conclusion has shown what it names above. A clause that opens with
  // its decision cue opens with the verb: "Mantenemos las facturas antiguas." has one the
  // tagger, which reads English, does not see.)
  // ("Tuesdays then." after a report that named Tuesday and Thursday picks a value named just
  // before it, as a pick among options does.)
  if (r.type === 'decision' && !r.label && r.act !== 'conclusion' && words <= input.tuning.ellipticSubjectMaxWords && !HAS_NUMBER.test(body) && findAct(lexicon, 'decision', lower)?.start !== 0 && !selects(body, scene.openedBefore(), input.stems) && !namesValueSaidBefore(input, scene, body) && r.verbless()) r.type = null;
  // A pick that closes the choice ("Cold storage then.", "Then Linen.") stands for the
  // alternative it names, as a short selection does.
  if (r.type === 'decision' && (r.act === 'decision' || r.act === 'conclusion') && words <= SHORT_PICK_WORDS && scene.alternativesAt >= 0) r.text = pickedAlternative(input, body, scene.alternativesAt) ?? r.text;
}

/**
 * What the dialogue around the clause makes of it: an opening request, an explanation or report,
 * a pick among the agent's options, a correction, what an earlier clause announced or accepted,
 * a topic label, the reason after a refusal, a value changed from the agent's.
 */
function settleByDialogue(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, r: ClauseReading): void {
  const { lexicon } = input;
  const { lower, body, words } = r;
  const p = scene.p;
  // "Fine by me: weekly invoices by default" accepts what follows the colon.
  const accepted = findAct(lexicon, 'acceptance', lower);
  if (!r.type && accepted && accepted.start === 0 && /^\s*:/.test(lower.slice(accepted.end))) {
    r.text = body.slice(accepted.end).replace(/^\s*:\s*/, '');
    if (contentWordCount(r.text, input.stems) >= 2) r.type = 'decision';
  }
  if (r.type === 'action_item' && hasAct(lexicon, 'rule', lower)) r.type = 'constraint';
  // The task's opening request is what the task is, not a decision about it.
  if (r.type === 'action_item' && p === 0) r.type = null;
  // "It's 300 cheaper …" / "They …" explains; only a changed value makes it a statement. The
  // reason a clause gives is not its mood: "From now on nobody deploys on a Friday, since
  // rollbacks cost us twice last month." rules, in the present. A clause a rule's label announces
  // ("New rule: orders above 1,500 come to me first.") is a rule ("Fine by me: it's 300
  // cheaper anyway." still explains).
  const main = withoutReason(lexicon, lower);
  if (r.type && r.label !== 'rule' && hasAct(lexicon, 'explanation', main)) r.type = null;
  // "We moved it in March and nobody told the drivers." reports; it rules nothing.
  // (Before a colon: "… unless something forces a reset: a leak, a lost laptop" lists cases.)
  r.reports = reportsPast(lexicon, input.stems, withoutExplanation(lexicon, input.stems, withoutReason(lexicon, normalForm(body.split(': ')[0]))));
  if (r.type && r.type !== 'decision' && !r.label && r.reports) r.type = null;
  // The task's opening message says what the task is; its instructions are the task itself.
  // Only a decision stated outright there (a change from now on, a move) is one.
  if (p === 0 && r.type && r.type !== 'decision' && !r.label && !hasAct(lexicon, 'decision', lower)) r.type = null;
  // "40 + ~6 = 46, so they're pricier" works a sum out: a reason, no decision.
  if (COMPUTED.test(body) && !r.label) {
    r.type = null;
    return;
  }
  // "Change of plan everyone." says that what is said beside it changes a plan, not what: it is
  // no decision of its own, and a plain statement after it is one ("… Saturday May 9, 2 to 5.").
  if (input.onlyAnnouncesChange?.(r.clause.text)) {
    r.type = null;
    walk.carried = 'announced';
    return;
  }
  // "2 is not happening lol" after the agent's options 1) to 3) rules option 2 out: it neither
  // corrects a fact nor decides anything; the pick, if any, is elsewhere.
  if (rulesOutListedOption(input, scene, r) || refusesListedKey(input, scene, r)) {
    r.type = null;
    return;
  }
  pickOrCorrect(input, scene, walk, r);
  // (Only the clause right after a ruling-out may state the fact it leaves open; what follows says why.)
  if (walk.ruledOut && r.k > walk.ruledOut.k) walk.corrected = true;
  // After "here's where I land." or "Decision:", and after a bare acceptance of the agent's
  // proposal, a plain statement is the decision; one that only turns a value down ("But 25% up
  // front is too much") sets none.
  if (!r.type && walk.carried && !r.reports && !hasAct(lexicon, 'explanation', lower) && !onlyJudges(lexicon, lower) && contentWordCount(body, input.stems) >= 2) {
    r.type = 'decision';
    r.strength = walk.carried === 'accepted' ? 'accepted' : 'explicit';
    r.act = walk.carried === 'accepted' ? ('accepted-answer' as SentenceAct) : 'announcement';
  }
  // "Then we drop the weekly check-ins. Interns keep their mentor until …": what follows a
  // conclusion spells it out.
  if (r.label || findAct(lexicon, 'conclusion', normalForm(r.clause.text))?.start === 0) walk.carried = 'announced';
  // "sops it is" answering the agent's options picks one of them: settled by the person.
  if (r.type === 'decision' && r.strength === 'explicit' && scene.answeredOffers && words <= input.tuning.selectionMaxWords && selects(body, scene.answeredTokens, input.stems)) {
    r.strength = 'accepted';
  }
  // "Members: free entry before 18:00 …" answering the agent's figures for members: a
  // topic label the agent's message names, then what holds for it.
  if (!r.type && scene.agent >= 0 && topicLabelled(lexicon, body, scene.agentTokens, input.stems)) {
    r.type = 'decision';
    r.act = 'announcement';
  }
  // "No. The survey is yearly." turning down an agent's offer: the reason given is what holds.
  if (!r.type && r.k > 0 && scene.rejectsOffer && contentWordCount(body, input.stems) >= 2) {
    r.type = 'decision';
    r.act = 'rejection' as SentenceAct;
  }
  changedValue(input, scene, r);
}

/**
 * Whether a clause opens with the key of an option the agent listed ("3", "B", "Option 2") and
 * negates what it says of it ("2 is not happening", "B won't work"): that option is ruled out.
 */
function rulesOutListedOption(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  const lead = scene.keyedListAt < 0 ? null : leadingKey(input.lexicon, r.lower);
  if (!lead) return false;
  const { key, labelled, end } = lead;
  const said = /^(?:\s+[^\s,.!;:]+){1,3}/u.exec(r.lower.slice(end))?.[0] ?? '';
  // (What the clause says of the option is its next words, a verb "to be" or one negated by
  // "-n't" among them: "2 slides max, the client doesn't read slide 3" negates something else, "A
  // only if we hear nothing by May" picks A, "1 no matter what it costs" insists on 1.)
  const { statements } = input.lexicon.words;
  const verb = words(said).some((w) => statements.singularCopula.test(w) || statements.pluralCopula.test(w) || /n[’']t$/iu.test(w));
  if (!BARE_KEY.test(key) || !verb || !input.negated?.(said.trim())) return false;
  // ("Option 2 isn't perfect but let's do it.", "2 ist nicht schlecht, nehmen wir.": what the
  // message says after the clause takes the option after all.)
  const message = `${r.lower.slice(end + said.length)} ${normalForm(input.messages[scene.p].text.slice(r.clause.end))}`.trim();
  if (hasAct(input.lexicon, 'acceptance', message) || hasAct(input.lexicon, 'decision', message) || statements.choice.test(message)) return false;
  return (labelled || /\d/.test(key) || /^[A-H]\b/.test(r.body.trim())) && itemByKey(input.lexicon, input.messages[scene.keyedListAt].text, key.replace(/[()]/g, '')) !== null;
}

/**
 * "Not C. we still owe them a bag from the summer.", "Not B, they were late twice last spring.": a
 * clause that opens by negating the key of an option the agent listed, the key standing alone,
 * turns that option down, and what follows says why. It is no rule; the pick, if any, is
 * elsewhere ("Not A, B then." picks B).
 */
function refusesListedKey(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  if (scene.keyedListAt < 0) return false;
  const m = NEGATED_KEY.exec(r.lower);
  if (!m || !input.lexicon.words.cues.negator.test(m[1])) return false;
  const rest = r.lower.slice(m[0].length).replace(/^[\s.,;:!-]+/u, '');
  // (What follows may pick another option, "No B, mejor A." (a key written as one, a capital or a
  // number alone, not the article "a" nor "3 weeks"), or set a rule of its own, "Not A, freelancers
  // always need sign-off from finance.", "Not C, suppliers with an open complaint don't get new
  // orders.": then the clause says more than why.)
  if (namesOtherKey(input, r.body.slice(m[0].length)) || SAYS_MORE.some((act) => hasAct(input.lexicon, act, rest)) || input.lexicon.words.statements.choice.test(rest)) return false;
  if (input.negated?.(rest) && !hasAct(input.lexicon, 'past', rest)) return false;
  return itemByKey(input.lexicon, input.messages[scene.keyedListAt].text, m[2]) !== null;
}

/** The acts that make what follows a turned-down option more than the reason for it. */
const SAYS_MORE: readonly SentenceAct[] = ['acceptance', 'decision', 'rule', 'prohibition-start', 'directive', 'request', 'preference', 'proposal'];

/** Whether a text names an option's key standing alone, a capital or a number with a mark, the end or a word of courtesy after it ("… mejor A.", "A please"). */
function namesOtherKey(input: CandidateInput, text: string): boolean {
  for (const m of text.matchAll(KEY_WRITTEN)) {
    const after = text.slice(m.index! + m[0].length);
    if (/^\s*(?:[.,;:!?]|$)/u.test(after) || findAct(input.lexicon, 'politeness', normalForm(after.trimStart()))?.start === 0) return true;
  }
  return false;
}

/** An option's key as written: a capital A to H or a number, standing alone. */
const KEY_WRITTEN = /(?<![\p{L}\p{N}])\(?(?:[A-H]|[0-9]{1,2})\)?(?![\p{L}\p{N}])/gu;

/** A negator, then an option's key standing alone ("not c.", "nicht b,", "no 2 -"; "no 2-3 weeks" names no key). */
const NEGATED_KEY = /^\s*(\p{L}+)\s+\(?([0-9]{1,2}|[a-h])\)?(?=\s*(?:[.,;:!]|$)|\s+-)/u;

/** A person naming one of the agent's options picks it; in a correction, a decision is a rule. */
function pickOrCorrect(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, r: ClauseReading): void {
  const { lexicon } = input;
  // "Tuesday 9 is fine." answering the agent's "Tuesday 09:00 or Wednesday 15:00" picks an option;
  // "told you the ring road is fine" after the agent's report of a run via the ring road picks nothing, as
  // nothing was offered.
  if (r.type === 'preference' && !scene.correcting && scene.agent >= 0 && offeredToPick(input, scene, r.body) && r.words <= input.tuning.selectionMaxWords && selects(withoutCue(lexicon, r.body), scene.agentTokens, input.stems)) {
    r.type = 'decision';
    r.strength = 'accepted';
    r.act = 'selection' as SentenceAct;
  }
  if (scene.correcting && r.type) {
    // (A clause that says what holds states the corrected fact; one that rules the wrong one out,
    // "We can't use the Kulturhaus", leaves the fact to the statement after it.)
    if (!input.negated?.(r.lower)) walk.corrected = true;
    r.strength = 'correction';
    if (r.type === 'decision' || r.type === 'constraint') r.type = 'constraint';
  } else if (scene.correcting && !r.type && !r.reports && !walk.corrected && factAfterRuledOut(input, scene, walk, r) && !onlyJudges(lexicon, r.lower) && (statesWhatIs(input, r) || restatesWithValue(input, scene, r) || namesSomeoneNew(input, scene, r) || saysOtherValue(input, scene, r) || givesAskedValueAnew(input, scene, r))) {
    // "No, we can't use the Kulturhaus. It's the town library this time." — in a correction, a
    // plain statement of what something is states the corrected fact; so does one that puts a
    // name the agent did not give in its place ("Lotte Berg does our catering, book her."). One
    // that tells what happened ("Dr. Haller moved her clinic hours last spring.") says why, and so
    // does a plain statement after the corrected fact: "… has to be kept 2 years. It's in the
    // HACCP plan, section 4." cites where the fact stands. A statement of what is not ("It's not
    // 200A single phase.") rules the wrong fact out and leaves the right one to the clause after it
    // ("They've got a 400 amp service."), as a rule's refusal does above.
    r.type = 'constraint';
    r.strength = 'correction';
    r.act = VALUE_CORRECTION;
    const rulesOut = rulesOutOnly(input, scene.p, r.body);
    if (rulesOut && !walk.ruledOut) walk.ruledOut = { k: r.k, body: r.body };
    else {
      if (walk.ruledOut && !rulesOut) walk.ruledOut.stated = true;
      walk.corrected = true;
    }
  } else if (!r.type && scene.agent >= 0 && pickWithReason(input, scene, r)) {
    // (See pickWithReason: the pick is the decision, the clause after its comma why.)
  } else if ((!r.type || r.act === 'request') && scene.agent >= 0 && namesOption(input, scene, r)) {
    // ("Mitte, please." asks for nothing but the option it names.)
    // A person naming one of the options the agent offered accepts that option; a short reply
    // that names one of its alternatives stands for all of it ("The deposit." → "Sign the contract
    // with a deposit that …").
    r.type = 'decision';
    r.strength = 'accepted';
    r.act = 'selection' as SentenceAct;
    if (r.words <= SHORT_PICK_WORDS) r.text = alternativeNamed(input, r.body, sentencesAt(input, scene.agent)) ?? echoedAlternative(input, scene, r.body) ?? r.text;
  } else if (!r.type && scene.agent >= 0) {
    // "It was your condition and I own the budget: Acme, with a late penalty." — after a colon
    // that ends a sentence of its own (not a label, "Signing: in person"), the option named is the
    // pick; what stands before it is why.
    const colon = r.body.lastIndexOf(': ');
    const tail = colon < 0 ? '' : r.body.slice(colon + 2).trim();
    // (Cheapest first: the tagger reads the sentence before the colon only for a short named option.)
    const words = wordCount(tail);
    if (tail && words <= input.tuning.selectionMaxWords && namesOption(input, scene, partOf(r, tail)) && !verbless(r.body.slice(0, colon))) {
      r.text = tail;
      r.type = 'decision';
      r.strength = 'accepted';
      r.act = 'selection' as SentenceAct;
    }
  }
}

/**
 * "pickup, the driver checks the crates on the spot" answering "… at order or at
 * pickup?", "Basel, nobody wants to fly to Hamburg for a meeting": a short pick of one of the
 * agent's options, then a comma and a clause of its own (a verb and at least three words) that says why. The pick is the
 * decision, with what the question asked about; the clause after the comma is its reason.
 */
function pickWithReason(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  const comma = r.body.indexOf(', ');
  // (A reason said as one, "…, because we already pay for it", is namesOption's to set apart.)
  if (comma < 0 || (findAct(input.lexicon, 'reason', r.lower)?.start ?? 0) > 0) return false;
  const head = r.body.slice(0, comma).trim();
  const tail = r.body.slice(comma + 2).trim();
  const words = wordCount(head);
  // ("10 characters minimum, and staff change them every 60 days" adds a second statement: a
  // clause joined by "and", "but", "und" or "y" is no reason.)
  if (words === 0 || words > SHORT_PICK_WORDS || wordCount(tail) < 3 || isQuestion(tail) || findAct(input.lexicon, 'connective', normalForm(tail))?.start === 0 || verbless(tail)) return false;
  // (The pick names only what the agent offered: "crop nothing, ask the parents" says more.)
  if (!contentTokens(head, input.stems).every((t) => scene.agentTokens.has(t))) return false;
  // (A verb that opens one alternative, "absorb, it's 12 euros", keeps the reply as said: see
  // echoedAlternative.)
  if (echoedAlternative(input, scene, head) !== null || !namesOption(input, scene, partOf(r, head))) return false;
  const { values, why } = moreValues(input, head, tail);
  const picked = alternativeNamed(input, head, sentencesAt(input, scene.agent)) ?? `${sentenceCase(trimEnd(head))}.`;
  r.text = values === '' ? picked : `${trimEnd(picked)}${values}.`;
  r.reasons = why === '' ? [] : [trimEnd(why)];
  r.type = 'decision';
  r.strength = 'accepted';
  r.act = 'selection' as SentenceAct;
  return true;
}

/**
 * "2 on days, 1 on the evening shift, that's where we're short": after a pick that opens with a
 * number, the parts that open with one too are more of the pick ("2 on days, 1 on the evening
 * shift"), not its reason; the reason is what follows them.
 */
function moreValues(input: CandidateInput, head: string, tail: string): { values: string; why: string } {
  // (The parts have the pick's shape, a number and the same word after it, "1 on …" after "2 on
  // …", and no verb: "€450, €600 is more than finance approved" gives one value and why.)
  const shape = wordAfterNumber(head);
  const none = { values: '', why: tail };
  if (shape === undefined) return none;
  let values = '';
  let why = tail;
  for (;;) {
    const comma = why.indexOf(', ');
    const part = comma < 0 ? why : why.slice(0, comma);
    if (wordAfterNumber(part) !== shape || !verbless(part)) break;
    values += `, ${trimEnd(part)}`;
    why = comma < 0 ? '' : why.slice(comma + 2).trim();
  }
  // (What is left must still read as a reason, a clause of three words or more with a verb;
  // otherwise the reply is read as before.)
  if (values === '' || (why !== '' && (wordCount(why) < 3 || isQuestion(why) || findAct(input.lexicon, 'connective', normalForm(why))?.start === 0 || verbless(why)))) return none;
  return { values, why };
}

/** The word after the number a text opens with ("2 on days" → "on"), lower case, if a word follows. */
function wordAfterNumber(text: string): string | undefined {
  return /^\W*\d+\s+(\p{L}+)\s/u.exec(text)?.[1]?.toLowerCase();
}

/** The reading of a part of a clause (what follows its colon, the pick before its comma), to ask of the part what is asked of a clause. */
function partOf(r: ClauseReading, part: string): ClauseReading {
  return { ...r, body: part, lower: normalForm(part), words: wordCount(part), verbless: () => verbless(part) };
}

/** Whether the agent's message put up something a reply can pick: an offer or proposal, or alternatives the reply names. */
function offeredToPick(input: CandidateInput, scene: MessageScene, body: string): boolean {
  return scene.agentOffers || selects(body, scene.alternativeTokens, input.stems);
}

/** "It's the town library.", "Das ist die alte Druckerei.": a statement of what something is, with content of its own. */
function statesWhatIs(input: CandidateInput, r: ClauseReading): boolean {
  return input.lexicon.words.statements.factCopula.test(r.lower) && !isQuestion(r.body) && contentWordCount(r.body, input.stems) >= 2;
}

/**
 * "No! It's the 21st." after "AGM: Friday 14 March, 8pm": a sentence that says what something is
 * (statesWhatIs's opening) with one value, of a kind the agent's message gave another value of,
 * states the corrected value; what "it" is comes from the agent's message.
 */
function saysOtherValue(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  if (scene.agent < 0 || isQuestion(r.body) || !input.lexicon.words.statements.factCopula.test(r.lower)) return false;
  const mine = measures(r.body, input.unitSlot);
  if (mine.length !== 1) return false;
  const theirs = measures(input.messages[scene.agent].text, input.unitSlot);
  // (A day written as an ordinal, "the 21st", is of the kind of a day written with its month,
  // before it or after it: "14 March", "June 15".)
  const day = (m: Measure) => input.unitSlot?.(m.unit) === 'date' || m.slotBefore === 'date' || (input.ordinal?.(`${m.number}${m.unit}`) ?? null) !== null;
  const kin = (n: Measure) => (day(mine[0]) ? day(n) : sameMeasure(mine[0], n));
  const of = theirs.filter(kin);
  // (A bare number, "It's 120.", is of the agent's one number only; beside several it is of none.)
  const bare = mine[0].unit === '' && mine[0].slot === null && mine[0].slotBefore === null;
  return of.length > 0 && (!bare || of.length === 1) && !of.some((n) => sameNumber(n.number) === sameNumber(mine[0].number));
}

/**
 * "No, 14 like everyone else." after "Payment terms net 30?": the first clause of a correction that
 * opens with another number of the kind the agent's closing question put up states the corrected
 * value, though it names nothing the question named.
 */
function givesAskedValueAnew(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  if (!r.firstContent || scene.a < 0 || scene.a !== scene.agent || isQuestion(r.body) || !answersAskedValue(input, scene.a, r.body)) return false;
  // (Only another number: "Wednesdays are bad now" after "… stay on Wednesday nights?" names the value asked about.)
  const asked = closingQuestionNumbers(sentencesAt(input, scene.a));
  return numbersOf(words(r.body)[0]).some((n) => !asked.includes(n));
}

/** "Free shipping starts at 40 EUR, not 50.": a statement about what the agent said (it shares its words) that carries a value. */
function restatesWithValue(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  return scene.agent >= 0 && HAS_NUMBER.test(r.body) && !isQuestion(r.body) && !hasAct(input.lexicon, 'hypothetical', r.lower) && contentWordCount(r.body, input.stems) >= 2 && selects(r.body, scene.agentTokens, input.stems);
}

/**
 * A statement naming a person, place or firm the agent's message did not name ("I'm coaching the
 * trainee, Nils Ahrens."); a report of what happened ("We moved it in March") states none.
 */
function namesSomeoneNew(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  if (scene.agent < 0 || r.reports || isQuestion(r.body) || contentWordCount(r.body, input.stems) < 2) return false;
  return nameWords(r.body).some((name) => {
    const token = contentToken(name.toLowerCase(), input.stems);
    return token !== null && !scene.agentTokens.has(token);
  });
}

/**
 * The clause, without the reason it gives ("The storage box, because we pay for it already."), is
 * a short verbless name of something the agent offered. Naming part of a report ("310 signups
 * …" — "310! Last year we had 120.") picks nothing.
 */
function namesOption(input: CandidateInput, scene: MessageScene, r: ClauseReading): boolean {
  if (!offeredToPick(input, scene, r.body)) return false;
  // "Then not the food truck." names an option to set it aside; "Not the Hamburg office, the one in
  // Basel." names the pick after it.
  if (rejectionOpening(input.lexicon, r.lower) > 0) {
    const instead = afterRejection(input, r.body);
    return instead !== null && namesOption(input, scene, partOf(r, instead));
  }
  // "About the fee..." names the topic of what follows, not the option it shares a word with
  // ("About the fee: 25 euros." still picks, after its colon).
  if (findAct(input.lexicon, 'topic-intro', r.lower)?.start === 0 && !/[:,]/.test(r.body)) return false;
  const main = withoutReason(input.lexicon, r.lower);
  const whole = main.length === r.lower.length;
  const named = whole ? r.body : r.body.slice(0, main.length).replace(/[\s,;:–—-]+$/u, '');
  if (wordCount(named) > input.tuning.selectionMaxWords || !selects(named, scene.pickTokens, input.stems)) return false;
  // A name is verbless ("Mitte, please."); a verb names the alternative it opens ("crop").
  return (whole ? r.verbless() : verbless(named)) || echoedAlternative(input, scene, named) !== null || saysOnlyOptionWords(input, scene, named);
}

/**
 * "samples board" answering "physical samples board or slides only?", "Wintergarten." answering
 * "… either the Wintergarten extension or 5 guests at a lounge table. Which do you prefer?": a
 * reply whose every word is the agent's, and every content word stands on one side of an either/or
 * question of the agent or is a name the agent wrote, names that option, however the tagger reads a word it does not know
 * ("Wintergarten" as a participle, "samples" as a verb).
 */
function saysOnlyOptionWords(input: CandidateInput, scene: MessageScene, named: string): boolean {
  const mine = contentTokens(named, input.stems);
  if (mine.length === 0 || scene.agent < 0) return false;
  // (Every word, function words too, is the agent's: "I like The Art of Self-Defense." says who likes what.)
  const theirs = new Set(words(input.messages[scene.agent].text));
  if (!words(named).every((w) => theirs.has(w))) return false;
  const { disjunction } = input.lexicon.words.statements;
  const sides = sentencesAt(input, scene.agent).flatMap((s) => eitherOrSides(s.text, disjunction, input.stems) ?? []);
  if (isSide(sides, mine)) return true;
  const names = new Set(sentencesAt(input, scene.agent).flatMap((s) => nameWords(s.text)).flatMap((w) => contentTokens(w, input.stems)));
  return mine.every((t) => names.has(t));
}

/**
 * "crop" answering "Options: crop them out, or use the team photo from March.", "absorb, it's 12
 * euros" answering "Charge it to the client or absorb it?": a reply that opens with a word or two
 * before any mark, the first of them the word that opens one alternative of the agent's choice and
 * no word of any other, picks that alternative, as the agent worded it. (A verb names its alternative as well as
 * a noun does; the verbless check of `namesOption` would refuse it.)
 */
function echoedAlternative(input: CandidateInput, scene: MessageScene, body: string): string | null {
  if (scene.agent < 0) return null;
  const lead = body.split(/[,;:.!?–—]/u)[0];
  const said = words(lead).map((w) => contentToken(w, input.stems) ?? w.toLowerCase());
  // (The word opens the reply: "I like After the Wedding" says what someone likes. A value, "2pm",
  // is read as the value of what the question names.)
  if (said.length === 0 || said.length > 2 || !/^\p{L}+$/u.test(said[0]) || contentToken(words(lead)[0], input.stems) === null) return null;
  const parts = alternativesOf(input, offeringSentence(input, sentencesAt(input, scene.agent)));
  if (parts.length < 2) return null;
  const wordsOf = (part: string) => words(part).map((w) => contentToken(w, input.stems) ?? w.toLowerCase());
  // Every word of the reply is the alternative's ("crop March", "crop nothing", "charge me" say more).
  const opening = parts.filter((part) => wordsOf(part)[0] === said[0] && said.every((w) => wordsOf(part).includes(w)));
  const naming = parts.filter((part) => said.some((w) => wordsOf(part).includes(w)));
  return opening.length === 1 && naming.length === 1 ? `${sentenceCase(trimEnd(opening[0].trim()))}.` : null;
}

/** A value different from the one the agent just gave corrects it; a new value for what the agent put a number on sets it. */
function changedValue(input: CandidateInput, scene: MessageScene, r: ClauseReading): void {
  const { lexicon, messages } = input;
  const { a, agent, p } = scene;
  if (onlyJudges(lexicon, r.lower)) return;
  // A person stating a different value for what the agent just said ("Last pickup day for
  // Austria is the 11th." after "… 12 December for Austria") corrects it without a cue word; one
  // proposing a value ("For audit logs I'd propose 18 months.") or announcing a new one ("ab sofort
  // Freigabe ab €400, nicht €600.") puts it up for a decision or decides, and
  // one drawing a conclusion from it ("Then the jar costs 4.10 EUR." after "That adds 0.25 EUR
  // per jar in cost.") or announcing a change ("Planänderung: …") decides.
  if (r.firstContent && !scene.correcting && !r.label && findAct(lexicon, 'conclusion', normalForm(r.clause.text))?.start !== 0 && r.type !== 'action_item' && !proposes(lexicon, r.lower) && !input.announcesChange?.(r.body) && a === p - 1 && scene.answersAgent && wordCount(valueStretch(r.body)) <= input.tuning.valueCorrectionMaxWords && !asksForNewValue(input, a, r.body) && correctsValue(r.body, messages[a].text, stated(input, a), input.stems, input.unitSlot)) {
    r.type = 'constraint';
    r.strength = 'correction';
    r.act = VALUE_CORRECTION;
  }
  // "40 not 60 for the kids one" after "cap 60 as for the others", "the strongroom is at 92% not
  // 85" after a colleague's reply to the agent's 85 %: a clause that sets a value against a
  // number said before, which it rules out, corrects what was said, wherever it stands in the
  // reply and whoever said it; so does an instruction that does ("Hold 36, not 34" after "for 34
  // singers").
  if ((!r.type || r.type === 'decision' || r.type === 'action_item') && !r.label && !proposes(lexicon, r.lower) && !input.announcesChange?.(r.body) && input.contrastsStated?.(p, r.body)) {
    r.type = 'constraint';
    r.strength = 'correction';
    r.act = VALUE_CORRECTION;
  }
  // A new value for something the agent put a number on ("8 hours minimum") sets it; one
  // a person gives of their own ("My build box does the end-to-end run in like 20.") reports, as
  // does one passed on by the way or told of the past ("for the record: bookings +12% vs last
  // season"), and one proposed ("For audit logs I'd propose 18 months.") is put up for a decision.
  // The two numbers must measure the same thing in the same unit: a figure of another kind beside
  // one of the agent's words ("NZ is 4% of Monday orders") is a fact the person reports.
  if (!r.type && !r.reports && !hasAct(lexicon, 'explanation', r.lower) && !hasAct(lexicon, 'aside', r.lower) && !hasAct(lexicon, 'past', r.lower) && !proposes(lexicon, r.lower) && findAct(lexicon, 'i-subject', r.lower)?.start !== 0 && agent >= 0 && correctsValue(r.body, messages[agent].text, sentencesAt(input, agent), input.stems, input.unitSlot, true)) {
    r.type = 'decision';
    r.strength = 'weak';
    r.act = 'new-value' as SentenceAct;
  }
  // "12:30." answering "Last bookable slot 12:45?", "Mittwoch 10 Uhr." answering "… Wednesday
  // 12:00 for the Thursday departure?": a reply that opens with a value of the kind the agent's
  // question just put up gives that value, though it names nothing of what the value is of (the
  // question does). A value said later in the reply, or of another kind ("3 vans." after "Start at
  // 6:00?"), answers nothing.
  if (!r.type && r.firstContent && !r.reports && !scene.correcting && !r.label && a === p - 1 && scene.answersAgent && !isQuestion(r.body) && !proposes(lexicon, r.lower) && !hasAct(lexicon, 'hypothetical', r.lower) && !input.negated?.(r.lower) && answersAskedValue(input, a, r.body)) {
    r.type = 'decision';
    r.strength = 'weak';
    r.act = 'new-value' as SentenceAct;
  }
  // "ok 60" after a colleague's "I'd go 60", "fine 34" after "34 is the max we can seat": an
  // acceptance that opens the clause and gives the value another person just put up settles it,
  // as accepting an agent's proposal does.
  const settled = !r.type && !r.reports && !isQuestion(r.body) ? colleaguesValueSettled(input, p, r) : null;
  if (settled) {
    // (The acceptance says that it is settled; the value says what.)
    r.text = settled;
    r.type = 'decision';
    r.strength = 'accepted';
    r.act = SETTLED_VALUE;
  }
}

/**
 * Whether a verbless, unnegated clause follows an acceptance said apart from it: framing the
 * clause was read without, "Ja, 2pm the day before.", or a clause of its own, "OK. 2pm the day
 * before.". (What else it may say is saysOnlyWhatWasPut's to weigh: "OK, 60 is a lot for the
 * small clients." settles nothing.)
 */
function assentsApart(input: CandidateInput, r: ClauseReading): boolean {
  const framing = r.clause.text.trim();
  const apart = r.afterAssent || (r.body !== framing && afterAcceptance(input.lexicon, normalForm(framing)) !== null);
  return apart && r.verbless() && !input.negated?.(r.lower);
}

/** How far back a value a colleague put up may stand for an acceptance to settle it (messages). */
const SETTLED_VALUE_REACH = 3;

/**
 * Whether message a closes with a question that asks for a value to change ("With the quiz capped
 * at 60 the room could hit 85. Lower the quiz cap?", "Shall I raise the deposit?") of what the
 * reply's clause `body` speaks of ("cap the quiz at 50"): another value in reply answers it rather
 * than correcting what the message stated. "Shall I make the booking?" asks for no value of "the
 * deposit is 150 EUR".
 */
function asksForNewValue(input: CandidateInput, a: number, body: string): boolean {
  const question = lastQuestion(sentencesAt(input, a));
  if (question === undefined) return false;
  const verbs = words(question.text).filter((w) => input.lexicon.words.statements.valueVerb.test(w));
  if (verbs.length === 0) return false;
  const changed = new Set(verbs.flatMap((w) => contentToken(w, input.stems) ?? []));
  const said = new Set(contentTokens(body, input.stems));
  return contentTokens(question.text, input.stems).some((t) => !changed.has(t) && said.has(t));
}

/** How a clause that settles a colleague's value became a decision (see colleaguesValueSettled). */
const SETTLED_VALUE = 'settled-value' as SentenceAct;
// What a correction's statement of the corrected fact is made as.
const VALUE_CORRECTION = 'value-correction' as SentenceAct;

/**
 * What the clause settles, when it opens with an acceptance ("ok 60", "fine 60 from April"), or
 * follows one said apart from it (see assentsApart), and gives a number another person said in
 * the messages just before (and no agent since): the words after the acceptance. Else null.
 */
function colleaguesValueSettled(input: CandidateInput, p: number, r: ClauseReading): string | null {
  const opens = afterAcceptance(input.lexicon, r.lower);
  const at = opens ?? (assentsApart(input, r) ? 0 : null);
  if (at === null) return null;
  const rest = r.body.slice(at);
  const given = numbersOf(rest);
  if (given.length === 0 || wordCount(valueStretch(rest)) > input.tuning.valueCorrectionMaxWords) return null;
  const speaker = input.messages[p].author;
  for (let q = p - 1; q >= 0 && p - q <= SETTLED_VALUE_REACH; q--) {
    const m = input.messages[q];
    if (m.role === 'bot') return null;
    if (m.author !== speaker && numbersOf(m.text).some((n) => given.includes(n))) return opens !== null || saysOnlyWhatWasPut(input, rest, q) ? rest : null;
  }
  return null;
}

/**
 * Whether a value's clause says nothing beyond the value but what message q put up: its other
 * words are values, units, bounds, words of q or its speaker's name ("2pm the day before" after
 * "orders by 2pm the day before"), not a remark on the value ("60 scares off small clients").
 */
function saysOnlyWhatWasPut(input: CandidateInput, clause: string, q: number): boolean {
  // (Its speaker is named as others name them: "me" in "plus Helen and me" is "Gareth".)
  const put = new Set([...tokenSetAt(input, q), ...contentTokens(input.messages[q].author, input.stems)]);
  const own = words(clause).filter((w) => !/\d/.test(w) && !isValueWord(input, w) && !input.unitSlot?.(w.toLowerCase()) && !input.boundWord?.(w.toLowerCase()));
  const tokens = own.flatMap((w) => contentToken(w.toLowerCase(), input.stems) ?? []);
  return tokens.every((t) => put.has(t));
}

/**
 * Whether a clause opens with a value of a kind the last question of message a puts up: a clock
 * time for a clock time, a weekday for a weekday, a duration for a duration; a bare number for
 * the one number the question gives.
 */
function answersAskedValue(input: CandidateInput, a: number, body: string): boolean {
  const question = lastQuestion(sentencesAt(input, a));
  const first = words(body)[0];
  if (!question || first === undefined || !(HAS_NUMBER.test(first) || input.valueSlot?.(first.toLowerCase()) != null)) return false;
  const said = valueStretch(body);
  if (wordCount(said) > input.tuning.valueCorrectionMaxWords) return false;
  const mine = kindsOf(input, said);
  const asked = kindsOf(input, question.text);
  if (mine.some((k) => k !== 'number' && asked.includes(k))) return true;
  if (mine.length === 1 && mine[0] === 'number' && asked.length === 1) return true;
  // A short question that asks when by its words ("When should this start?", "Launch date?") is
  // answered by a date, a weekday or a time, though it puts up none.
  return asksWhen(input, question.text) && mine.some((k) => WHEN_KINDS.includes(k));
}

/**
 * How many words at most a question that asks when may have: a short one names what it asks the
 * day of ("When should the new fee start?"); a longer one, "When should I send them to the
 * client?", leaves the day answering it without a thing to be the day of.
 */
const WHEN_QUESTION_MAX_WORDS = 6;

/** Whether a question asks when something is to be, in a few words: "When should this start?", "Launch date?", not "When did the leak start?". */
function asksWhen(input: CandidateInput, question: string): boolean {
  const { words: lexWords } = input.lexicon;
  if (wordCount(question) > WHEN_QUESTION_MAX_WORDS || question.includes(',')) return false;
  return lexWords.whenQuestion.test(question) || lexWords.dateNoun.test(question);
}

/** The kinds of value that say when: a date, a weekday, a month, a clock time. */
const WHEN_KINDS: readonly string[] = ['date', 'weekday', 'time', 'month'];

/** Whether a clause's values are among those the last question of message a offers to choose from ("… or move it to Tuesday?" — "Tuesday."). */
function picksAskedValue(input: CandidateInput, a: number, clause: string): boolean {
  const question = lastQuestion(sentencesAt(input, a))!.text;
  if (!input.lexicon.words.statements.disjunction.test(question)) return false;
  const offered = new Set(words(question).map((w) => w.toLowerCase()));
  return words(clause).filter((w) => HAS_NUMBER.test(w) || input.valueSlot?.(w.toLowerCase()) != null).every((w) => offered.has(w.toLowerCase()));
}

/** The kinds of the values a text gives: its numbers' (valueKinds) and its words' that are values by themselves ("Mittwoch" → weekday). */
function kindsOf(input: CandidateInput, text: string): string[] {
  return [...valueKinds(input, text), ...words(text).flatMap((w) => input.valueSlot?.(w.toLowerCase()) ?? [])];
}

/**
 * The sentences of message a that state rather than ask: "- order quantity: 420 portions. Shall I
 * cancel the old order?" states 420, and "460 portions!" in reply corrects it; a value the
 * question itself puts up ("Do we stay at 420 portions?") is answered, not corrected, and so are
 * the values of a message that asks to choose ("… 42 minutes, or 19 on a 16-core one. Which should
 * I pick?"): they are options.
 */
function stated(input: CandidateInput, a: number): Span[] {
  const sentences = sentencesAt(input, a);
  const asked = lastQuestion(sentences);
  if (asked && input.lexicon.words.statements.choiceQuestion.test(asked.text)) return [];
  // ("Day passes are 12 EUR as well, correct?" states its value as plainly as a sentence without
  // the tag: what is put up for a yes is stated.)
  return sentences.flatMap((s) => {
    if (!isQuestion(s.text)) return [s];
    const asked = trimEnd(s.text.trim().replace(/\?+\s*$/, ''));
    const content = withoutQuestionTag(input.lexicon, asked);
    return content === asked ? [] : [{ ...s, text: content }];
  });
}

/**
 * "500 ms is far too slow", "Three reports a week is too much": a clause that turns a
 * value down sets none. A number after the judgement may be the new one ("7 days is too short,
 * make it 30 days"), unless it is an estimate ("the proxy adds maybe 20 ms").
 */
function onlyJudges(lexicon: CompiledStatementLexicon, lower: string): boolean {
  const judged = findAct(lexicon, 'excess', lower);
  if (!judged) return false;
  const after = lower.slice(judged.end);
  return !(HAS_NUMBER.test(after) && !hasAct(lexicon, 'hedge', after));
}

/**
 * The stretch of a clause that carries its first number, up to the comma or dash after it: "Pale
 * went up to £6.20 in January, you've got the old price" is a value said in seven words, with a
 * remark after it. (The limit on a cue-less correction's length keeps a number said in passing in
 * a long sentence from correcting anything.)
 */
function valueStretch(body: string): string {
  const at = body.search(/\d/);
  if (at < 0) return body;
  const end = body.slice(at).search(/,\s|\s[–—-]\s|;\s/);
  return end < 0 ? body : body.slice(0, at + end);
}

/** A clause that puts something up for a decision ("I'd propose 18 months"), not an offer to do it. */
function proposes(lexicon: CompiledStatementLexicon, lower: string): boolean {
  return hasAct(lexicon, 'proposal', lower) && !hasAct(lexicon, 'offer', lower);
}

/** The features that say how the clause became a candidate, its hint and strength. */
function markOrigin(r: ClauseReading): void {
  const made: string | null = r.act;
  if (made === 'selection' || made === 'accepted-answer' || made === SETTLED_VALUE) r.flags.push('origin:selection');
  else if (made === 'new-value' || made === 'value-correction' || made === 'rejection') r.flags.push(`form:${made}`);
  if (r.act === 'announcement' && !r.label) r.flags.push('form:topic-label');
  r.flags.push(`hint:${r.type ?? 'none'}`, `strength:${r.type ? r.strength : 'none'}`);
}

/**
 * A clause with no decisive cue is a candidate all the same ("English is enough.", "Cap it at
 * 2,500 words."): the scorer decides, on its features, whether it settles anything.
 */
function plainCandidate(input: CandidateInput, scene: MessageScene, r: ClauseReading): SentenceCandidate[] {
  // Irony is meant by nobody ("Oh great. Another bus. 🙃"): nothing in it is weighed as a decision.
  // (Nor is a sum worked out, "40 + ~6 = 46, so they're pricier": a reason.)
  if (scene.sarcastic(r.clause) || contentWordCount(r.body, input.stems) < 1 || COMPUTED.test(r.body)) return [];
  const plain = shape(input.lexicon, input.tuning, r.body);
  if (contentWordCount(plain.statement, input.stems) < 1) return [];
  return [make(scene.p, plain.statement, 'decision', 'explicit', scene.agent >= 0 ? scene.agent : scene.a, scene.answersAgent || scene.agent >= 0, plain.reasons, plain.alternatives, 'clause', [...r.flags, 'origin:clause'], null)];
}

/** The decision a cued clause states, with the clause after it when it names the choice only, and its subject when it is elliptic. */
function statedCandidates(input: CandidateInput, scene: MessageScene, walk: ClauseWalk, clauses: readonly Span[], r: ClauseReading): { made: SentenceCandidate[]; consumed: number } {
  const { lexicon } = input;
  const { k } = r;
  const type = r.type!;
  // "Both." / "Cold storage then." name the choice; the clause after it says what it means, or why
  // ("The Epson. I'm not paying 90 euros extra for the Canon badge.").
  // (A colleague's value settled, "ok poster 72h ahead", says all it decides, and so does a value
  // corrected, "It's the 21st.": what follows it, "We moved it because of the show", is why.)
  const after = r.act !== SETTLED_VALUE && r.act !== VALUE_CORRECTION && r.words <= input.tuning.ellipticMaxWords ? afterChoice(input, scene, clauses, k) : null;
  const consumed = after ? 1 : 0;
  let text = after?.as === 'statement' ? spelledJoin(r.text, after.text) : r.text;
  // "But the login bug won't keep until the next sprint - ship it as a patch this week.":
  // a directive on "it" keeps the clause of the same sentence that says what it is.
  // (Its position is read after the clause it took in, if any.)
  const at = k + consumed;
  if (r.act === 'directive' && at > 0 && findAct(lexicon, 'back-reference', r.lower)?.start === 0 && walk.stated !== at - 1 && !/[.!?]['"’”]?\s*$/u.test(clauses[at - 1].text)) {
    const before = trimEnd(clauses[at - 1].text.slice(contentStart(lexicon, clauses[at - 1].text)));
    if (contentWordCount(before, input.stems) >= 2) text = `${before} - ${text}`;
  }
  const shaped = shape(lexicon, input.tuning, text);
  const { alternatives } = shaped;
  const decided = withoutPurpose(lexicon, withoutLeadIn(lexicon, shaped.statement));
  const statement = withKeysSpelled(input, scene, decided.statement);
  const reasons = [...(r.reasons ?? []), ...shaped.reasons, ...decided.reasons, ...(after?.as === 'reason' ? [trimEnd(after.text)] : [])];
  // A statement says what: words of its own besides the cue, or the value an instruction sets
  // ("Publish." and "Send it to her." say nothing a reader could act on without the discussion;
  // "Cap it at 8." does).
  // ("4.80 it is." says what once the question it answers gives its subject: "Sourdough loaf: 4.80 it is.")
  // (A rule announced as one, "Rule for the team: no deploys on Fridays.", holds on its own: it is
  // no answer to the question the agent asked last.)
  const subjectSaid = r.label === 'rule' ? statement : withQuestionSubject(input, scene, type, statement, !walk.answered);
  // (An imperative's verb is its cue: "Draft it." says no more than "Publish." does.)
  const what = r.act === 'imperative' ? subjectSaid.replace(/^\S+\s*/u, '') : subjectSaid;
  const instruction = r.act === 'imperative' || findAct(lexicon, 'directive', r.lower)?.start === 0;
  if (contentWordCount(withoutCue(lexicon, what), input.stems) < 1 && !(instruction && givesValue(input, what))) return { made: [], consumed };
  // ("Even better.", "Modest as ever.", "Go on then." name no thing, value or person at all.)
  if (namesNothing(input, scene, subjectSaid)) return { made: [], consumed };
  // "10 % on the kayaks and the set at 149, go." sets two values in one verbless clause: two decisions.
  const pair = type === 'decision' ? valuePair(lexicon, input.tuning, subjectSaid, input.boundWord) : null;
  const made = (pair ?? [subjectSaid]).map((one) => make(scene.p, one, type, r.strength, scene.agent >= 0 ? scene.agent : scene.a, scene.answersAgent || scene.agent >= 0, reasons, alternatives, r.act!, [...r.flags, 'origin:clause']));
  // (The option names spelled out beside their keys are the tool's words, not the discussion's, and
  // the purpose moved to the reasons is the person's.)
  if (statement !== shaped.statement && made.length === 1) made[0].said = r.label === 'rule' ? shaped.statement : withQuestionSubject(input, scene, type, shaped.statement, !walk.answered);
  walk.stated = at;
  return { made, consumed };
}

/**
 * "We go with B for the night run" after "- **B:** nightly batch window 01:00–03:00 UTC,
 * …": an option picked by its key inside a longer sentence gets the option's name beside the key,
 * so the decision reads without the list ("We go with B (nightly batch window 01:00–03:00
 * UTC) for the night run"). A number is a key only after its label ("option 2"), a letter only
 * as a capital ("go with a smaller window" picks nothing).
 */
function withKeysSpelled(input: CandidateInput, scene: MessageScene, statement: string): string {
  if (scene.keyedListAt < 0) return statement;
  const { lexicon } = input;
  const offered = input.messages[scene.keyedListAt].text;
  let said: ReadonlySet<string> | undefined;
  return statement.replace(lexicon.words.statements.keyedChoice, (whole: string, label: string | undefined, key: string) => {
    if (!(label ? /^[0-9a-h]+$/i : /^[A-H]$/).test(key)) return whole;
    const item = itemByKey(lexicon, offered, key.toLowerCase());
    const name = item ? asWritten(offered, itemName(item.option)) : '';
    const words = contentTokens(name, input.stems);
    said ??= new Set(contentTokens(statement, input.stems));
    // (A name of many words is a description, and one the sentence already says needs no repeat.)
    if (words.length === 0 || wordCount(name) > SPELLED_KEY_WORDS || words.every((w) => said!.has(w))) return whole;
    return `${whole} (${name})`;
  });
}

/** The most words of an option's name set beside its key. */
const SPELLED_KEY_WORDS = 8;

/** `text` in the case `source` writes it (a list item's name is sentence-cased as an option; inside a sentence it is not). */
function asWritten(source: string, text: string): string {
  const at = source.toLowerCase().indexOf(text.toLowerCase());
  return at < 0 ? text : source.slice(at, at + text.length);
}

/**
 * "Kurze Info zum Archiv, die Steuerberaterin hat sich gemeldet: Belege müssen wir 10 Jahre
 * aufheben." — a lead-in of several words before a colon that decides nothing itself, before a
 * clause that decides: the decision is what follows it. A short label names the subject ("Room
 * rate: wir nehmen 120"), and a lead-in before a list of what it names ("For Monday I need the
 * flooring options: oak against vinyl") is needed by what follows; both stay.
 */
function withoutLeadIn(lex: CompiledStatementLexicon, statement: string): string {
  const colon = statement.indexOf(': ');
  if (colon < 0 || wordCount(statement.slice(0, colon)) < LEAD_IN_WORDS) return statement;
  const rest = statement.slice(colon + 2);
  return !decisive(lex, normalForm(statement.slice(0, colon))) && decisive(lex, normalForm(rest)) ? sentenceCase(rest) : statement;
}

/** The fewest words of a lead-in before a colon (fewer make a label). */
const LEAD_IN_WORDS = 4;

/**
 * "Keep 'maxSnapshots' at 7 so we can restore any day of the week." → the decision
 * before "so", and what it is for as its reason. Only after a clause that decides: after a plain
 * statement "so" draws the decision ("The gym opens at 6 now, so evenings are free
 * again").
 */
function withoutPurpose(lex: CompiledStatementLexicon, statement: string): { statement: string; reasons: string[] } {
  const purpose = findAct(lex, 'purpose', normalForm(statement));
  if (!purpose) return { statement, reasons: [] };
  const before = statement.slice(0, purpose.start);
  const why = trimEnd(statement.slice(purpose.end));
  if (wordCount(before) < 3 || !why || !decisive(lex, normalForm(before))) return { statement, reasons: [] };
  return { statement: `${sentenceCase(trimEnd(before))}.`, reasons: [why] };
}

/**
 * The clause after a short clause k that chose: one that spells out what was chosen (a plain
 * statement with no act of its own), or the speaker's own refusal, which says why ("The Epson.
 * I'm not paying 90 euros extra for the Canon badge."); null for anything else.
 */
function afterChoice(input: CandidateInput, scene: MessageScene, clauses: readonly Span[], k: number): { text: string; as: 'statement' | 'reason' } | null {
  const { lexicon } = input;
  // ("12 is fine. B, der Fahrer hat eh einen Schlüssel." picks an option of its own.)
  if (k + 1 >= clauses.length || keyBeforeComma(input, scene, clauses[k + 1].text)) return null;
  // ("Minimum 25 €. Express +50%." names a thing and gives it a measured value: it says all it
  // decides. "640!", "Route 3 then." and "Both." name a choice only.)
  if (namesThingAndMeasure(input, clauses[k].text)) return null;
  // ("12:30. We need time to clean up." answering "Last bookable slot 12:45?" gives the value
  // asked for: what follows says why, or something new. A value picked from the question's
  // choice, "Tuesday. Same drill, 19:00 file." after "keep Thursday, or move it to Tuesday?", may
  // be spelled out.)
  if (scene.answersAgent && scene.a === scene.p - 1 && answersAskedValue(input, scene.a, clauses[k].text) && !picksAskedValue(input, scene.a, clauses[k].text)) return null;
  // ("Friday it is. Pieter, you take the call." gives a person a step of their own; "Friday.
  // Pieter, the 17:00 slot, every week." spells out the choice to him. "250 it is. I'll let the
  // shift leads know at the briefing." is the speaker's own step.)
  if (givesStep(input, scene, clauses[k + 1].text) || takesStep(input, clauses[k + 1].text)) return null;
  const next = clauses[k + 1].text.slice(contentStart(lexicon, clauses[k + 1].text)).trim();
  const nextLower = normalForm(next);
  const ownAct = classify(lexicon, nextLower) !== null || announced(lexicon, clauses[k + 1].text) !== null;
  // A condition ("The deposit. If Vogt doesn't accept that, we talk again.") says what happens
  // otherwise, not what was chosen.
  const supposes = lexicon.words.cues.supposing.test(nextLower);
  // ("Blind yes. Recount threshold 1%, not 2." sets a second value against the one it replaces: a
  // decision of its own, not what the first one chose.)
  if (findAct(lexicon, 'contrast', nextLower) !== null && HAS_NUMBER.test(next)) return null;
  if (!next || ownAct || supposes || isQuestion(next) || hasAct(lexicon, 'smalltalk', nextLower) || hasAct(lexicon, 'explanation', nextLower) || hasAct(lexicon, 'opinion', nextLower) || hasAct(lexicon, 'aside', normalForm(clauses[k + 1].text)) || findAct(lexicon, 'reason', nextLower)?.start === 0) return null;
  const refuses = findAct(lexicon, 'i-subject', nextLower)?.start === 0 && input.negated?.(nextLower) === true;
  // ("Include it. Last time the client organised the skip it sat in the street for 3 weeks.": what
  // happened before says why; it spells out nothing chosen.)
  return { text: next, as: refuses || findAct(lexicon, 'past', nextLower)?.start === 0 ? 'reason' : 'statement' };
}

/** Whether a clause is its speaker's own step to come ("I'll let the shift leads know at the briefing.", "Ich rufe sie morgen an" read as the lexicon reads a first person's future), not a refusal. */
function takesStep(input: CandidateInput, clause: string): boolean {
  const lower = normalForm(clause.slice(contentStart(input.lexicon, clause)).trim());
  return findAct(input.lexicon, 'i-subject', lower)?.start === 0 && (hasAct(input.lexicon, 'future', lower) || hasAct(input.lexicon, 'offer', lower)) && input.negated?.(lower) !== true;
}

/** Whether a clause gives a person of the discussion a step: it addresses them, then tells them what to do ("Pieter, you take the call.", "Lena, book the room."). */
function givesStep(input: CandidateInput, scene: MessageScene, clause: string): boolean {
  const opening = OPENING_NAME.exec(clause) ?? namedBeforeStep(input, scene, clause);
  return opening !== null && scene.people.has(opening[1].toLowerCase()) && opensStepFor(input, clause.slice(opening[0].length));
}

/** How a step given to someone opens, as the lexicon reads it: "you …", an imperative, a request, a ban. */
const STEP_ACTS = ['you-subject', 'directive', 'request', 'prohibition-start'] as const;

/** Whether a clause names a thing beside a value in a unit ("Minimum 25 €.", "Start 11 July."), not a bare number or a unit alone ("Route 3", "48 Stunden"). */
function namesThingAndMeasure(input: CandidateInput, clause: string): boolean {
  if (!valueKinds(input, clause).some((kind) => kind !== 'number')) return false;
  return words(clause).some((w) => !HAS_NUMBER.test(w) && contentToken(w, input.stems) !== null && input.valueSlot?.(w.toLowerCase()) == null && input.unitSlot?.(w.toLowerCase()) == null);
}

/**
 * The choice and the clause that spells it out, as they were said: a sentence that ended ("Both.
 * We run the pilot in Hamburg.", "310! Last year we had 120.") keeps its stop, for a colon would
 * make the second sentence a statement about the first; a clause cut at a comma or dash gets one.
 */
function spelledJoin(choice: string, next: string): string {
  const said = choice.trim();
  return endsSentence(said) ? `${said} ${sentenceCase(next)}` : `${trimEnd(said)}: ${next}`;
}

/**
 * "Read-only for now." answering "should interns be able to edit, or is it read-only?"
 * says what about? The question's subject: "Interns: read-only for now."
 */
function withQuestionSubject(input: CandidateInput, scene: MessageScene, type: DecisionType, statement: string, answering: boolean): string {
  // (A statement that already opens with what it is about has a label's colon; a clock time's,
  // "12:30.", is none.)
  if (wordCount(statement) > input.tuning.ellipticSubjectMaxWords || LABEL_COLON.test(statement)) return statement;
  // ("include it" answering "Include it in Bauer's scope or have the Hoffmanns arrange it?" is a
  // step, and the side of the question it picks says on what.)
  // (A step of the reply's own takes the side only when it says nothing else: see pickedStep.)
  const step = answering && scene.agent >= 0 && scene.a === scene.agent ? pickedStep(input, scene.agent, statement, type === 'action_item') : null;
  if (step !== null) return step;
  if (type === 'action_item') return statement;
  const valueOnly = saysOnlyValues(input, statement);
  // The question is answered by the message's first clause that decides ("Yes, Kaya."; "Good
  // point." before it decides nothing); a clause after it says something new ("And always cc Mr
  // Polat."), unless it is a bare value, which is of what was asked wherever it stands.
  if (!answering && !valueOnly) return statement;
  // Once a person has answered the agent, the next person answers them ("Kein Alter ist eh
  // AGG-Pflicht." after "Ohne Foto."), not the agent's question.
  if (!valueOnly && scene.a !== scene.agent) return statement;
  // The subject of the question asked in message `at`. (No one who speaks in the discussion is a
  // question's subject: "Shelf, how busy were the Thursday evenings?" asks the agent Shelf.)
  const askedIn = (at: number) => ({ at, subject: questionSubject(input.lexicon, sentencesAt(input, at), statement, input.stems, scene.speaking, valueOnly, (w) => isValueWord(input, w), (w) => slotOfWord(input.unitSlot, w)) });
  // (A bare value is of the thing the agent's message gives a value of the same kind, "Last year
  // the rabies booster was €39." — "€45.", before anything the message asks after it.)
  const holder = valueOnly && scene.agent >= 0 ? valueHolder(input, scene.agent, statement) : null;
  let asked = holder ? { at: scene.agent, subject: holder } : scene.agent >= 0 ? askedIn(scene.agent) : null;
  // (The label of the agent's line that put the value up names it more closely than a question
  // asked before that line.)
  const label = !asked?.subject && valueOnly && scene.agent >= 0 ? labelNamingValue(input, scene.agent, statement, scene.people) : null;
  if (label) asked = { at: scene.agent, subject: label };
  const listed = !asked?.subject && valueOnly && scene.agent >= 0 ? listedHolder(input, scene.agent, statement) : null;
  if (listed) asked = { at: scene.agent, subject: listed };
  // ("And the old uploads?" — the agent's two options, asking nothing — "Archive rule, 60 days.":
  // the options answer the person's question, and a pick of one answers it too.)
  if (!asked?.subject && scene.agent > 0 && !lastQuestion(sentencesAt(input, scene.agent)) && isPerson(input.messages[scene.agent - 1]) && selects(statement, scene.alternativeTokens, input.stems)) {
    asked = askedIn(scene.agent - 1);
  }
  if (!asked?.subject && valueOnly) {
    const at = questionBehindValue(input, scene.p, statement);
    if (at !== null) asked = askedIn(at);
  }
  if (!asked?.subject && valueOnly) asked = restatedHolder(input, scene.p, statement);
  const subject = asked?.subject;
  // (A statement that already names the thing, "The call is at 08:30." of the weekly call, needs no
  // label; nor does a subject cut inside a bracket, "hot cross buns (bag" of "(bag of 6, €7.20)",
  // name one whole.)
  if (!asked || !subject || overlap(subject, statement, input.stems) > 0 || !bracketsClosed(subject)) return statement;
  return withLabel(input, subject, statement, input.messages[asked.at].text);
}

/**
 * "Subject: statement": the statement under a label that names what it is about, its first letter
 * in lower case unless it opens with a name as written in `source`, a month or a weekday ("Launch
 * date: June 15.").
 */
function withLabel(input: CandidateInput, subject: string, statement: string, source: string): string {
  const name = namedAsSaid(statement, source) || isDayOrMonth(input, words(statement)[0] ?? '');
  return `${subject.charAt(0).toUpperCase()}${subject.slice(1)}: ${!name && /^\p{Lu}(?:\p{Ll}|\s)/u.test(statement) ? statement.charAt(0).toLowerCase() + statement.slice(1) : statement}`;
}

/**
 * "Should I send a separate change notice to all members, or just include it in the fee letter?"
 * — "Separate notice please.": a short reply that names words of one side of the step the agent
 * offers as a choice, and none of the other, takes that side's step ("Send a separate change
 * notice to all members."). The step is what follows the offer's cue, or the question itself when
 * it opens with a verb, split at its last "or"; the side after it stands alone only when it opens
 * with a verb of its own ("… or keep them on hold until Casa Verde has signed?"). A reply that rules a
 * side out ("Not the big one.") takes none.
 */
function pickedStep(input: CandidateInput, a: number, reply: string, saysOnlyPicked = false): string | null {
  const { lexicon, stems } = input;
  const question = lastQuestion(sentencesAt(input, a));
  const replyLower = normalForm(reply);
  if (!question || rejectionOpening(lexicon, replyLower) > 0 || input.negated?.(replyLower)) return null;
  const text = question.text.replace(/^\s*¿/u, '').replace(/\?+\s*$/u, '');
  const cue = proposalCue(lexicon, normalForm(text));
  if (!cue && !opensWithStep(input, text)) return null;
  const step = trimEnd((cue ? text.slice(cue.end) : text).replace(/^[\s:,]+/u, ''));
  const or = [...step.matchAll(new RegExp(lexicon.words.statements.disjunction.source, 'giu'))].pop();
  if (or?.index === undefined) return null;
  const left = step.slice(0, or.index).replace(/[\s,]+$/u, '');
  const right = step.slice(or.index + or[0].length).trim();
  const leftTokens = new Set(contentTokens(left, stems));
  const rightTokens = new Set(contentTokens(right, stems));
  const said = contentTokens(reply, stems);
  const onLeft = said.filter((t) => leftTokens.has(t) && !rightTokens.has(t));
  const onRight = said.filter((t) => rightTokens.has(t) && !leftTokens.has(t)).length;
  // ("Send it tomorrow." to "Should I send the report, or the draft?": the verb the two sides
  // share, said once before both, picks neither.)
  const leftVerb = contentTokens(left, stems)[0];
  if (onRight === 0 && onLeft.length > 0 && onLeft.every((t) => t === leftVerb) && !opensWithStep(input, right)) return null;
  const picked = onLeft.length > 0 && onRight === 0 ? left : onRight > 0 && onLeft.length === 0 ? right : null;
  if (picked === null || !opensWithStep(input, picked) || contentWordCount(picked, stems) < 2) return null;
  // ("Move it to Tuesday.", "Pay half now." say more than the side they name: they are kept as
  // said. What follows a comma or a dash, "Cancel it, the tailor is ill.", and courtesy, "move it
  // pls", say no more of the step, and nor does an adverb, "Cancel it asap".)
  const pickedTokens = picked === left ? leftTokens : rightTokens;
  if (saysOnlyPicked && !saysNoMoreThan(input, reply, pickedTokens)) return null;
  return `${sentenceCase(picked)}.`;
}

/** Whether the first clause of a step, without its courtesy, says nothing but words of the side it picks, adverbs and interjections ("pls"). */
function saysNoMoreThan(input: CandidateInput, reply: string, side: ReadonlySet<string>): boolean {
  const first = reply.split(/,|\s[-–—]\s/u)[0];
  const plain = withoutCourtesy(input.lexicon, normalForm(first).replace(/[.!]+$/u, '').trim());
  const extra = words(plain).filter((w) => { const t = contentToken(w, input.stems); return t !== null && !side.has(t); });
  return extra.every((w) => !HAS_NUMBER.test(w) && !isValueWord(input, w) && docOf(w).has('^(#Adverb|#Expression)$'));
}

/**
 * A person's message answering the agent's latest message: its first candidate, when it is a bare
 * name answering a question that asks who, takes the question word's place (whoAnswered), however
 * the candidate was read (a plain clause, a cued one, an option picked by its name).
 */
function withWhoAnswered(input: CandidateInput, p: number, found: SentenceCandidate[], people: ReadonlyMap<string, string>): SentenceCandidate[] {
  const agent = recentAgentMessage(input.messages, p, input.tuning.agentReach);
  if (found.length === 0 || agent < 0 || input.answered[p] !== agent) return found;
  const opening = namesOpening(input, p, people);
  const who = whoAnswered(input, agent, opening ?? found[0].statement, people);
  if (who === null) return found;
  const answer = { ...found[0], statement: who.statement };
  // (Read from the opening, the answer to who is to do something is settled as a pick is,
  // whatever the clause after its name was read as: "Marta, since the flag refactor." gives who,
  // and why.)
  if (opening !== null && answer.hint === null && who.asksWhoDoes) settleAs(answer, { ...answer, hint: 'decision', type: 'decision' });
  return [answer, ...found.slice(1)];
}

/**
 * "Marta, since the flag refactor." / "me and Ahmed. Marek stays on van 4": the names a message
 * opens with, before its first mark, with the speaker's own name for "me" ("Luis and Ahmed"):
 * answering a question that asks who, a name before a comma is the answer, not someone addressed
 * (whom reading the clause takes off), and "me" is the speaker. Null when the opening is more
 * than names.
 */
function namesOpening(input: CandidateInput, p: number, people: ReadonlyMap<string, string>): string | null {
  const { selfAnswer, itemJoiner, disjunction } = input.lexicon.words.statements;
  const first = sentencesAt(input, p)[0]?.text ?? '';
  const mark = first.search(/[,.;:!?–—]/u);
  const lead = (mark < 0 ? first : first.slice(0, mark)).trim();
  // What follows the names must stand apart from them: a sentence of its own, a reason ("Marta,
  // since the flag refactor."), or a clause about someone ("Lea, she knows the tone."). A condition
  // ("Anna, sobald die Rechnung da ist.") is part of the answer, which then keeps its words.
  const after = mark < 0 ? '' : first.slice(mark + 1).trim();
  const rest = normalForm(after);
  if (rest && !/^[.!]/u.test(first.slice(mark)) && !['reason', 'explanation', 'third-party'].some((act) => findAct(input.lexicon, act as SentenceAct, rest)?.start === 0)) return null;
  // ("Jonas, I think Marta should do it." addresses Jonas: a clause after the name that is no
  // reason and names another person gives the answer, if any; "Marta, since Jonas is out." answers.)
  const why = ['reason', 'explanation'].some((act) => findAct(input.lexicon, act as SentenceAct, rest)?.start === 0);
  if (findAct(input.lexicon, 'opinion', rest)?.start === 0 || (!why && nameWords(after).some((w) => isPersonName(w, people)))) return null;
  const said = lead.split(/\s+/).filter(Boolean);
  const self = writableName(input.messages[p].author);
  if (said.length === 0 || said.length > WHO_NAME_MAX_WORDS || !said.some((w) => selfAnswer.test(w) || /^\p{Lu}/u.test(w))) return null;
  const named = said.map((w) => (selfAnswer.test(w) && self !== null ? self : w));
  // (Only names and the words that join them, not "or": "me too" or "Ahmed maybe" says more, and
  // "Marta or Jonas" leaves the choice open.)
  const joins = (w: string) => itemJoiner.test(w) && !disjunction.test(w);
  return named.every((w, k) => /^\p{Lu}/u.test(w) || (k > 0 && k < named.length - 1 && joins(w))) ? named.join(' ') : null;
}

/**
 * "Who should get it — Helga or Dr. Winter?" — "Helga.": a bare name answering a question that
 * asks who does something takes the question word's place ("Helga should get it."; "Wer bucht
 * den Saal?" — "Anna." → "Anna bucht den Saal."). The names the question offers after a dash or a
 * colon are left out; the reply must be a name of at most three words.
 */
function whoAnswered(input: CandidateInput, at: number, reply: string, people: ReadonlyMap<string, string>): { statement: string; asksWhoDoes: boolean } | null {
  if (at < 0) return null;
  const question = lastQuestion(sentencesAt(input, at));
  if (!question) return null;
  const asks = input.lexicon.words.statements.subjectQuestion.exec(question.text);
  if (!asks) return null;
  const name = trimEnd(reply);
  const { itemJoiner, disjunction } = input.lexicon.words.statements;
  const said = name.split(/\s+/);
  // (A name: a person of the discussion, one the question offers, or one the tagger knows; "Keine
  // Ahnung." is capitalised and no name. Two joined, "Luis and Ahmed", are names each; "or" joins none.)
  const names = said.filter((w) => !itemJoiner.test(w) || disjunction.test(w));
  const isName = (n: string) => isPersonName(n, people) || addresses(question.text, n);
  if (said.length > WHO_NAME_MAX_WORDS || !names.every((w) => /^\p{Lu}/u.test(w)) || !(isName(name) || (names.length > 1 && names.every(isName)))) return null;
  const rest = trimEnd(question.text.slice(asks[0].length).replace(/\?+\s*$/u, '').split(/\s[—–-]\s|:\s/u)[0]);
  const read = docOf(rest);
  // ("Who should I ask?" asks whom: the one asked is its subject. And a verb that agrees with one
  // person, "Who takes the shift?", does not with two.)
  const subjectAfter = normalForm(rest.split(/\s+/).slice(1).join(' '));
  const asksWhom = ['i-subject', 'we-subject', 'you-subject'].some((act) => findAct(input.lexicon, act as SentenceAct, subjectAfter)?.start === 0);
  if (asksWhom || (names.length > 1 && !read.has('^(#Modal|#Auxiliary)'))) return null;
  // ("Who should get it?" says it in function words alone: two words at least say what is done.)
  if (wordCount(rest) < 2) return null;
  // Whether it asks who is to do something, not who did or is something ("Who approved it?",
  // "Who is blocking the release?").
  const asksWhoDoes = !hasAct(input.lexicon, 'past', normalForm(question.text)) && !read.has('^(#Copula|#PastTense|#Auxiliary #PastTense)');
  return { statement: `${name} ${rest}.`, asksWhoDoes };
}

/** The most words of a name that answers "who". */
const WHO_NAME_MAX_WORDS = 3;

/** Whether a text opens with a step: a directive's verb, or a verb in its base form as the tagger reads it. */
function opensWithStep(input: CandidateInput, text: string): boolean {
  return findAct(input.lexicon, 'directive', normalForm(text))?.start === 0 || opensWithImperative(input, text) || opensWithStepBeforePreposition(text);
}

/**
 * "Remind at 6 weeks as planned, or sooner?": an agent's question that opens with a verb in its base
 * form and a preposition offers that step, as the tagger reads it (English only). Asked only of a
 * question that sets two sides against each other, where a noun the tagger may take for a verb
 * ("Back from …") is not what opens it.
 */
function opensWithStepBeforePreposition(text: string): boolean {
  const first = /^[\p{L}][\p{L}'’-]*\s+[\p{L}]+/u.exec(text.trim())?.[0];
  if (!first || /[^\x00-\x7f]/.test(first)) return false;
  return docOf(first).has('^#Infinitive #Preposition$');
}

/**
 * "Wir nehmen 85." / "300 it is." / "99% under 300 ms.": besides its cue, a statement that says
 * nothing but numbers, with their units. Its speaker may be its subject ("wir"), but what the
 * number is of comes from the question it answers or the line that put the value up.
 */
function saysOnlyValues(input: CandidateInput, statement: string): boolean {
  // (A number of one digit is a value too: "2 years.")
  const said = words(withoutCue(input.lexicon, statement)).filter((w) => HAS_NUMBER.test(w) || contentToken(w, input.stems) !== null);
  return said.length > 0 && said.some((w) => HAS_NUMBER.test(w)) && said.every((w) => HAS_NUMBER.test(w) || input.valueSlot?.(w) != null || input.unitSlot?.(w) != null);
}

/**
 * The question a bare number answers: a question ("Stall fee? Last year's 30 filled up …"),
 * whoever asked it, in the latest message before p that names the number ("At 35 EUR we would
 * clear …") or the message just before that one; else null. A question asked after the number
 * was put up ("Who books the venue?") is about something else, and a request ("Can you list
 * what we keep?") asks for work, not for a value.
 */
function questionBehindValue(input: CandidateInput, p: number, statement: string): number | null {
  const numbers = new Set(numbersOf(statement));
  let named = -1;
  for (let q = p - 1; q >= 0 && p - q <= input.tuning.agentReach && named < 0; q--) if (numbersOf(input.messages[q].text).some((n) => numbers.has(n))) named = q;
  for (let q = named; q >= 0 && named - q <= 1; q--) {
    const asked = lastQuestion(sentencesAt(input, q));
    if (asked) return hasAct(input.lexicon, 'request', normalForm(asked.text)) ? null : q;
  }
  return null;
}

/**
 * "Tuesday 9 is fine." answering "Viewing: the Brenners offered Tuesday 09:00 or Wednesday
 * 15:00.": the label of the line of the agent's message that put the value up (a few content words
 * before a colon), when one line does.
 */
function labelNamingValue(input: CandidateInput, at: number, statement: string, people: ReadonlyMap<string, string>): string | null {
  const numbers = new Set(numbersOf(statement));
  const labels = input.messages[at].text
    .split('\n')
    .map((line) => ({ line, label: /^\s*(?:[-*•]\s+)?(\p{L}[\p{L}\p{N} '’-]{0,30}):\s/u.exec(line) }))
    // (Only the label's own sentence is what it names: "Reply data: 61% of replies arrive between
    // 17:00 and 21:00. I could send at 18:00 instead." labels the replies, not the 18:00 offered.)
    .filter(({ line, label }) => label !== null && numbersOf(labelledSentence(input, line, label[0].length)).some((n) => numbers.has(n)))
    .map(({ label }) => thingLabel(input.lexicon, input.stems, label![1], people))
    .filter((label): label is string => label !== null);
  return labels.length === 1 ? labels[0] : null;
}

/** A line up to the end of the sentence its label opens (sentences as splitSentences reads them: not at an abbreviation). */
function labelledSentence(input: CandidateInput, line: string, from: number): string {
  const first = splitSentences(line.slice(from), input.lexicon.words.statements)[0];
  return first ? line.slice(0, from + first.end) : line;
}

/** Whether a phrase opens the clause as someone addressed: a name, then a comma or a dash ("Tom – could you …", "Thanks Tom – …"). */
function addressedAtStart(clause: string, phrase: string, people: ReadonlyMap<string, string>): boolean {
  const at = clause.indexOf(phrase);
  const before = at < 0 ? '' : clause.slice(0, at).trim();
  return at >= 0 && before.split(/\s+/).filter(Boolean).length <= 1 && /^\s*[,–—-]\s/u.test(clause.slice(at + phrase.length)) && isPersonName(phrase, people);
}

/**
 * "€45." picked or answered after "Last year the rabies booster was €39 incl. exam.": a bare value
 * is a value of the thing that message `at` (the one that put it up) gives a value of the same
 * kind with a verb ("<thing> is/was <value>", "liegt bei"), the run of content words before the
 * verb (at most four, without a word such as "current" that only says which of its values is
 * meant); null when no sentence does.
 */
function valueHolder(input: CandidateInput, at: number, statement: string, picked = false): string | null {
  const kind = valueKinds(input, statement)[0];
  if (kind === undefined) return null;
  // (For an option `picked` from the message's list, another item gives its own thing a value:
  // "A) Katrin at 0.035, Marc stays at 0.025" names no thing "B) 0.03 for both reviewers" is of.)
  const text = input.messages[at].text;
  const inItem = (from: number) => itemOfLine(text.slice(text.lastIndexOf('\n', from) + 1, (text.indexOf('\n', from) + 1 || text.length + 1) - 1)) !== null;
  for (const s of sentencesAt(input, at)) {
    if (picked && inItem(s.start)) continue;
    const thing = holderIn(input, s.text, kind);
    if (thing) return thing;
  }
  return null;
}

/** The thing a sentence gives a value of the kind with a verb, or names after the value it has ("a 3-year warranty"; see valueHolder), or null. */
function holderIn(input: CandidateInput, sentence: string, kind: string): string | null {
  const sw = input.lexicon.words.statements;
  const toks = sentence.split(/\s+/).filter(Boolean);
  for (let v = 0; v < toks.length - 1; v++) {
    const compound = /^\d+(?:[.,]\d+)?-(\p{L}+)$/u.exec(toks[v]);
    if (!compound || input.unitSlot?.(compound[1].toLowerCase()) !== kind) continue;
    const thing = thingAfter(input, toks.slice(v + 1));
    if (thing) return thing;
  }
  for (let i = 1; i < toks.length - 1; i++) {
    if (!sw.valueCopula.test(bareToken(toks[i]))) continue;
    const v = sw.valueLink.test(bareToken(toks[i + 1])) ? i + 2 : i + 1;
    if (!/^[€$£]?\d/.test(toks[v] ?? '')) continue;
    const given = valueKinds(input, toks.slice(v, v + 2).join(' '))[0];
    // (A bare number may drop the currency the thing's value was given in: "50 ok" after "€45".)
    if (!(given === kind || (kind === 'number' && given === 'amount'))) continue;
    const thing = holderWords(input, toks.slice(0, i));
    if (thing) return thing;
  }
  return null;
}

/**
 * "5 bleibt." after "Draft: resin €0.25/ml, standard turnaround 5 working days, …": the thing a
 * list item of message `at` names right before the very number the statement keeps (the one to
 * three content words that open the item, none of them a value); null unless exactly one item has it.
 */
function listedHolder(input: CandidateInput, at: number, statement: string): string | null {
  const things = new Set<string>();
  for (const { toks, v } of itemsWithValue(input.messages[at].text, statement)) {
    const thing = holderWords(input, toks.slice(0, v));
    // (The thing opens the item, after words such as "standard" at most: "… and then 5 more" names none.)
    const before = toks.slice(0, v - (thing ? wordCount(thing) : 0)).map(bareToken);
    if (!thing || !holdsAValue(input, thing)) continue;
    if (before.every((w) => input.lexicon.words.statements.valueQualifier.test(w) || contentToken(w, input.stems) === null)) things.add(thing);
  }
  return things.size === 1 ? [...things][0] : null;
}

/** The items of a message (cut at commas, colons, brackets, lines and spaced dashes) that give a number of the statement, each as its words and where that number stands (never first). */
function itemsWithValue(text: string, statement: string): Array<{ toks: string[]; v: number }> {
  const numbers = new Set(numbersOf(statement));
  const out: Array<{ toks: string[]; v: number }> = [];
  for (const item of text.split(/[,;:\n()]|\s[-–—]\s/)) {
    const toks = item.trim().split(/\s+/).filter(Boolean);
    const v = toks.findIndex((t) => numbersOf(t).some((n) => numbers.has(n)));
    if (v >= 1) out.push({ toks, v });
  }
  return out;
}

/**
 * Whether a run of words before a value names the thing it is of: a word or three that are no
 * values ("the Brenners offered Tuesday 09:00" says who offered what, and names no thing 9 is of).
 */
function holdsAValue(input: CandidateInput, thing: string): boolean {
  return wordCount(thing) <= 3 && !words(thing).some((w) => input.valueSlot?.(w.toLowerCase()) != null);
}

/**
 * "Fine, 450 it is." between people, then the agent: "Updated the packing guide: orders up to 450
 * EUR are approved by the packer": a bare value nobody asked for is of the thing the agent's next
 * message bounds by it ("up to", "over", "ab"), when that message opens by taking it on (an
 * agent's next message that only mentions the value, in options of its own, restates nothing).
 */
function restatedHolder(input: CandidateInput, p: number, statement: string): { at: number; subject: string } | null {
  const at = p + 1;
  if (at >= input.messages.length || !opensTakingOn(input, at)) return null;
  const things = new Set<string>();
  for (const { toks, v } of itemsWithValue(input.messages[at].text, statement)) {
    let end = v;
    while (end > 0 && v - end < 2 && input.lexicon.words.statements.valueBound.test(bareToken(toks[end - 1]))) end--;
    // (Only a bound ties the value to the words before it: "raw events are kept 13 months" gives
    // 13 to no thing named "kept", and a verb before the bound is no thing either.)
    if (end === v) continue;
    const thing = holderWords(input, toks.slice(0, end));
    const last = thing === null ? '' : bareToken(toks[end - 1]);
    if (thing && holdsAValue(input, thing) && !/\p{L}ed$/u.test(last) && !input.lexicon.words.statements.subjectEnder.test(last)) things.add(thing);
  }
  return things.size === 1 ? { at, subject: [...things][0] } : null;
}

/** An option that opens with its value ("€45 (same as the practice on Bergstraße)") with the thing it is a value of before it, where message `at`, which listed it, names one. */
function withValueHolder(input: CandidateInput, at: number, option: string): string {
  if (!/^[€$£]?\d/.test(option) || option.includes(':')) return option;
  const holder = valueHolder(input, at, option, true);
  return holder ? `${sentenceCase(holder)}: ${option}` : option;
}

/** The content words that open `after`, up to a mark or a word that is none (at most three). */
function thingAfter(input: CandidateInput, after: readonly string[]): string | null {
  return contentRun(input, after.slice(0, 3), false);
}

/** The content words that end `before`, back to a mark or a word that is none (at most four). */
function holderWords(input: CandidateInput, before: readonly string[]): string | null {
  return contentRun(input, before.slice(-4).reverse(), true);
}

/**
 * The run of content words `toks` opens with (read from the value outwards), as written: no
 * number, no word such as "current" that only says which value is meant, and no mark between
 * them. `backwards`: the tokens come in reverse order, and a mark ends the token before it.
 */
function contentRun(input: CandidateInput, toks: readonly string[], backwards: boolean): string | null {
  const out: string[] = [];
  for (const t of toks) {
    const word = bareToken(t);
    const marked = /[,;:.!?()]$/.test(t);
    if (!word || /\d/.test(word) || (backwards && marked) || input.lexicon.words.statements.valueQualifier.test(word) || contentToken(word, input.stems) === null) break;
    out.push(backwards ? t.replace(/^[^\p{L}]+/u, '') : t.replace(/[^\p{L}\p{N}'’-]+$/u, ''));
    if (!backwards && marked) break;
  }
  return out.length > 0 ? (backwards ? out.reverse() : out).join(' ') : null;
}

/** The kind of each number a text writes: an amount (a currency before it), a clock time, the slot of the unit after it (amount, percent, duration …), another unit after it, or a plain number. */
function valueKinds(input: CandidateInput, text: string): string[] {
  return measures(text, input.unitSlot).map((m) => {
    // (A currency may stand before the number: "€45", "EUR 45".)
    if (m.slotBefore === 'amount') return 'amount';
    if (/^\d{1,2}:\d{2}$/.test(m.number)) return 'time';
    if (m.slot) return m.slot;
    // ("11.4 m", "8 eps": a unit the lexicon does not know is a kind of its own.)
    return /^\p{L}+$/u.test(m.unit) && !input.stems.stopwords.has(m.unit) ? `unit:${m.unit}` : 'number';
  });
}

/** The statement's first word is a name: the agent wrote it, and only ever capitalised ("Mitte: 420 m² …", "… on Thursday"). */
function namedAsSaid(statement: string, said: string): boolean {
  const first = /^\p{Lu}[\p{L}\p{N}-]*/u.exec(statement)?.[0];
  if (first === undefined) return false;
  const uses = said.match(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(first)}(?![\\p{L}\\p{N}])`, 'giu')) ?? [];
  return uses.length > 0 && uses.every((w) => w.charAt(0) === first.charAt(0));
}

/**
 * Where a message's option key may stand: its start, or, answering a message that asks to choose
 * among its options or recommends one of them (`listed`), after a first sentence that only accepts
 * ("ok. B. back to 15 for standard consults", "Passt. B."); 0 otherwise.
 */
function keyAfterAssent(input: CandidateInput, p: number, listed: number): number {
  const [first, second] = sentencesAt(input, p);
  // (Only after options put up for a choice: a message that asks to choose, or recommends one of
  // them, "I'd suggest A." — "Yes. 1. it is the cheapest" after "Shall I book Sonnenbus?" says yes
  // and then numbers reasons of its own, and "Ok. 2. painting waits until the 20th" after a
  // numbered status report says what to do with a point of it.)
  if (!first || !second || listed < 0) return 0;
  const offered = sentencesAt(input, listed);
  const closing = offered[offered.length - 1];
  const recommends = !(closing && isQuestion(closing.text)) && recommendedOption(input.lexicon, offered, input.messages[listed].text) !== null;
  if (!asksToChoose(input.lexicon, offered) && !recommends) return 0;
  const said = normalForm(first.text);
  const yes = findAct(input.lexicon, 'acceptance', said);
  return yes?.start === 0 && /^[\s.!,;:]*$/u.test(said.slice(yes.end)) ? second.start : 0;
}

/** Whether a message after `from` and before `p` puts up keyed options of its own (a person's "A) theatre rows or B) round tables?"). */
function keyedSince(input: CandidateInput, from: number, p: number): boolean {
  for (let q = from + 1; q < p; q++) if (offeredKeys(input.lexicon, input.messages[q].text).length >= 2) return true;
  return false;
}

/** "3." / "(b)" / "Option 2." opening a message, before the rest of it. */
// A pick that opens with a number ("2, maybe 3.", "(2)").
const NUMBER_KEY = /^\s*(?:option\s+)?\(?\d/i;
const LEADING_OPTION = /^\s*((?:option\s+)?\(?(?:[0-9]{1,2}|[a-h])[.)])(?:\s+|$)/i;
// "B then, 78 a head." / "A yes, cancel the pump we booked.": a key and one word before a comma
// (a pick only when that word closes a choice; see pickedOption).
const LEADING_CLOSED_KEY = /^\s*((?:option\s+)?(?:[0-9]{1,2}|[a-h])\s+\p{L}+)\s*[,;]\s+/iu;

/** Whether a message names the author ("@Dana", "Dana,"), i.e. asks them in particular. */
function addresses(text: string, author: string): boolean {
  const name = author.trim();
  if (name.length < 2) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])@?${escapeRegex(name)}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * The agent's message that listed options a little further back than an agent's message is looked
 * for ("1. … 2. … 3. …", then three people talk it over, then "OK, Roth."), or -1: a reply may
 * still pick one of them by its key, value or name. Not once the agent has asked something newer
 * ("Booked Grillhaus Roth. Where should the van unload?"): the reply answers that — unless that
 * question asks for the choice again by its keys.
 */
function listedBefore(input: CandidateInput, facts: TaskFacts, p: number, agent: number): number {
  for (let q = p - 1; q >= 0 && p - q <= 2 * input.tuning.agentReach; q--) {
    if (!facts.lists[q]) continue;
    // A newer question that asks for the choice again by its keys ("A, B or C for the timing?")
    // leaves the list standing: the keys of the reply are that list's.
    return agent > q && isQuestion(input.messages[agent].text) && !asksByKeys(input.lexicon, sentencesAt(input, agent)) ? -1 : q;
  }
  return -1;
}

/** The statement without the words of its decisive cue (what is left is what it says). */
function withoutCue(lex: CompiledStatementLexicon, statement: string): string {
  let rest = normalForm(statement);
  for (const act of ['directive', 'decision', 'rule', 'prohibition-start', 'preference', 'request'] as const) {
    const hit = findAct(lex, act, rest);
    // The words a cue's "..." spans are what the clause says ("no … ever" around "release on a Friday").
    const kept = hit?.gap ? rest.slice(hit.gap.start, hit.gap.end) : '';
    if (hit) rest = `${rest.slice(0, hit.start)} ${kept} ${rest.slice(hit.end)}`;
  }
  return rest;
}

/**
 * "Anomalies stay in, but each one gets a one-line known cause": a clause whose subject is a plural
 * pronoun (statement-words.json, pluralSubjectPronouns) is about the things the clause before it
 * opened with, and its statement says so: "Anomalies: each one gets a one-line known cause." (A
 * clause before that opens with no plural, or a pronoun, leaves it as said.)
 */
function withSubjectOfPronoun(input: CandidateInput, before: string | null, c: SentenceCandidate): SentenceCandidate {
  if (before === null || !input.lexicon.words.statements.pluralSubjectPronoun.test(c.statement)) return c;
  const things = pluralSubject(before);
  if (things === null) return c;
  return { ...c, statement: withLabel(input, things, c.statement, before), said: c.said ?? c.statement };
}

/** Whether a clause that opens with a verdict ("ok sell the 82") opens with an imperative past it. */
function opensWithImperativePastVerdict(input: CandidateInput, body: string): boolean {
  const past = body.replace(input.lexicon.words.statements.leadingVerdict, '');
  return past !== body && opensWithImperative(input, past);
}

/**
 * An English clause that opens with a verb in its base form and no subject before it ("Rent the
 * big marquee for the whole run.", "Cap it at 2,500 words.") is an imperative, whatever its verb:
 * the directive cues list the common verbs only. The tagger reads the first three words, which
 * decide the mood; answers are memoised by those words, which repeat across a run.
 */
function opensWithImperative(input: CandidateInput, body: string): boolean {
  const first = /^[\p{L}][\p{L}'’-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'’.-]*){0,2}/u.exec(body.trim())?.[0];
  if (!first || /[^\x00-\x7f]/.test(first)) return false;
  const [lead, said = ''] = first.toLowerCase().split(/\s+/);
  const next = said.replace(/[.'’-]+$/u, '');
  if (lead.length < 3) return false;
  // What an imperative acts on opens with a function word or a number ("the", "it", "10", "two"):
  // without one, no tagger is asked ("Bundle size matters", "Guests dislike the surcharge").
  if (!(input.lexicon.words.stopwords.has(next) || /^\d/.test(next) || input.numberWord?.(next) === true)) return false;
  const key = first.toLowerCase();
  const memo = input.imperatives;
  let known = memo?.get(key);
  if (known === undefined) {
    // A verb in its base form, then what it acts on: "Rent the", "Cap it", "Order 10"; not "Back
    // from", "Bundle size matters", "Laminate does look", whose first word the tagger may also
    // read as a verb.
    // A verb that is also a function word ("get a second quote first") acts on a thing
    // or a number, not a person ("let me", "do you"); a verb before a preposition ("Submit on 14
    // April", "Wait for their sign-off") must be one the tagger reads as an imperative.
    // ("See my last message." points back at what was said.)
    const doc = docOf(first);
    known = input.lexicon.words.stopwords.has(lead)
      ? doc.has('^#Imperative (#Determiner|#Value)') && !doc.has('^. #Possessive')
      : doc.has('^(#Imperative|#Infinitive) (#Determiner|#Pronoun|#Value|#Possessive)') || doc.has('^#Imperative #Preposition (#Determiner|#Value|#Possessive|#Date|#Singular|#Plural|#ProperNoun)');
    if (memo && memo.size >= IMPERATIVE_MEMO_SIZE) memo.clear();
    memo?.set(key, known);
  }
  return known;
}

/** Whether every bracket a text opens it also closes, and it closes none it did not open. */
function bracketsClosed(text: string): boolean {
  return bracketSpans(text).length * 2 === (text.match(/[()[\]]/g) ?? []).length;
}

/** Openings remembered per run at most (a bound on memory; the answers repeat, the openings need not). */
const IMPERATIVE_MEMO_SIZE = 10_000;

const TYPE_OF_ACT: Partial<Record<SentenceAct, DecisionType>> = {
  rule: 'constraint',
  'prohibition-start': 'constraint',
  preference: 'preference',
  decision: 'decision',
  contingency: 'decision',
  directive: 'action_item',
  imperative: 'action_item',
  request: 'action_item',
  offer: 'action_item',
};

/** The marks that part a clause's content from what it tells after it ("…, last time they …"). */
const CLAUSE_MARKS = [',', ';', ' – ', ' - ', ' — '] as const;

/**
 * Whether a clause reports what happened rather than setting what holds: it speaks in the past,
 * unless a ban or an instruction of its own comes first, in a part of the sentence the past comes
 * after ("Never send draft numbers round the whole board, last time they ended up in the paper."
 * rules; what happened last time is why). A set phrase before it ("No need, I sent it yesterday.",
 * "Never mind, Tom fixed it.") names nothing to ban, and a ban in the past ("Nothing was changed,
 * we only restarted the pods.") tells what happened.
 */
function reportsPast(lex: CompiledStatementLexicon, stems: Stems, lower: string): boolean {
  const past = findAct(lex, 'past', lower);
  if (!past) return false;
  const cut = Math.max(...CLAUSE_MARKS.map((mark) => lower.lastIndexOf(mark, past.start)));
  if (cut <= 0) return true;
  const first = lower.slice(0, cut);
  if (hasAct(lex, 'past', first)) return true;
  const rules = (['prohibition-start', 'directive'] as const).some((act) => findAct(lex, act, first)?.start === 0);
  return !(rules && contentWordCount(first, stems) >= 2);
}

/**
 * A statement of what something is, up to the explanation it gives after it behind a comma, a
 * semicolon or a dash ("free time is 1 hour not 2, they changed it in the last draft"): what
 * happened, or what others did, told there is why it holds, not what the clause says. (Without a
 * statement of what something is before it, "Grandpa rang, he wants us all for Christmas" tells what
 * happened throughout.)
 */
function withoutExplanation(lex: CompiledStatementLexicon, stems: Stems, lower: string): string {
  for (const mark of CLAUSE_MARKS) {
    for (let cut = lower.indexOf(mark); cut > 0; cut = lower.indexOf(mark, cut + 1)) {
      const first = lower.slice(0, cut);
      const after = lower.slice(cut + mark.length).trimStart();
      if (findAct(lex, 'explanation', after)?.start === 0 && words(first).some((w) => lex.words.statements.valueCopula.test(w)) && contentWordCount(first, stems) >= 2) return first;
    }
  }
  return lower;
}

/** A clause up to the reason it gives after its content ("…, since …", "… because …"). */
function withoutReason(lex: CompiledStatementLexicon, lower: string): string {
  const why = findAct(lex, 'reason', lower);
  return why && why.start > 0 ? lower.slice(0, why.start) : lower;
}

/**
 * Content words of the clause's content (after its framing) outside any correction cue in it:
 * "No, that's wrong." has none of its own, "The Plus tier is 22 EUR, not 24." has several.
 */
function ownContent(clause: Span, body: string, cues: readonly Detection[], text: string, content: ContentWords): number {
  const from = clause.end - body.length;
  const chars = [...text.slice(from, clause.end)];
  let out = '';
  let at = from;
  for (const ch of chars) {
    out += cues.some((d) => at >= d.start && at < d.end) ? ' ' : ch;
    at += ch.length;
  }
  return contentWordCount(out, content);
}

/**
 * The subject of the question an elliptic answer answers: the first noun phrase of the message's
 * last question (after any "One more question:" label) that is no pronoun, without the values it
 * gives; or, when the question opens with a value after a label, the thing the label names. Only
 * when the answer names neither it nor a subject of its own (a pronoun), and the question asks
 * rather than offers. Noun phrases by compromise, on one sentence.
 */
function questionSubject(lex: CompiledStatementLexicon, asked: readonly Span[], answer: string, stems: Stems, people: ReadonlyMap<string, string>, valueOnly = false, valueWord: (word: string) => boolean = () => false, unitWord: (word: string) => boolean = () => false): string | null {
  const question = askingQuestion(lex, asked, valueWord);
  if (!question) return null;
  // "Shall I write it that way in the handbook?" offers a step; "Yes, 10 days for returns."
  // takes it up and says what, and is about what the offer is about, not its first noun.
  if (hasAct(lex, 'proposal', normalForm(question.text))) return null;
  // A question that opens with the step's verb names whom the step is for by name: "Offer Brianna
  // a slot this weekend?" — "sure, sat 10 works" is about the slot, not about Brianna; "Book the
  // coach for 8:00?" — "8:30." is about the coach. ("Start date for Ana?" opens with a noun the
  // tagger may read as a verb: a step's verb acts on a thing, a person or a number, or is joined
  // to another.)
  let stepOffered: boolean | undefined;
  const offersStep = () => (stepOffered ??= docOf(question.text.trim()).has('^#Imperative (#Determiner|#Pronoun|#Value|#Possessive|#Person|#Conjunction)'));
  // An answer to a choice that names none of what it sets against each other is about something
  // else: "Mon/Wed/Fri is fine." after "(A) a paper log, or (B) data loggers?".
  if (lex.words.statements.disjunction.test(question.text) && !sharesWordOrNumber(question.text, answer, stems)) return null;
  const colon = question.text.lastIndexOf(': ');
  const clause = question.text.slice(colon + 1).trim();
  // "Publishing: 7 days ahead ok, or longer?", "Back label ABV: 12.5% vol — correct?": a question
  // that opens with a value after a label asks about the thing the label names.
  const label = colon > 0 && /^\W*\d/u.test(clause) ? thingLabel(lex, stems, question.text.slice(0, colon).trim(), people) : null;
  if (label !== null) return label;
  // "They can't comment." names its own subject, as "Wir behalten die alten Rechnungen." does (the
  // lexicon's persons in three languages; the tagger knows English pronouns only), and as a
  // clause opening with its decision verb does, whose ending says who ("Mantenemos las facturas").
  // An answer that names only a number still needs the question's subject, whoever takes it ("Wir nehmen 85.").
  const lower = normalForm(answer);
  if (!valueOnly && (docOf(answer).has('#Pronoun') || PERSONS.some((act) => hasAct(lex, act, lower)) || findAct(lex, 'decision', lower)?.start === 0)) return null;
  const mine = new Set(contentTokens(answer, stems));
  // (The side of an either/or question the answer leaves is no more what the choice is about than
  // the side it picks: "what counts as 'absent': only sick days, or half days as well?" —
  // "half days too" is about neither.)
  const either = eitherOrSides(question.text, lex.words.statements.disjunction, stems, true) ?? [];
  const picked = sidePicked(either, answer, stems);
  const unpicked = picked < 0 ? [] : either.filter((_, k) => k !== picked);
  // (The "there" of "Is there a time yet?" says only that the thing exists: it is no part of it.)
  for (const phrase of docOf(withSubjectArticle(lex, clause)).remove('#There').nouns().out('array')) {
    // (A number names a value, not a subject; a name with a digit in it, "S3", "IPv4", names one.
    // The words beside the values name what they are of: "Last bookable slot 12:45?".)
    // ("Tom – could you send …": the dash after a name addressed is no part of it.)
    const whole = phrase.replace(/[\s,.;:!?–—-]+$/u, '').trim();
    const np = withoutValues(lex, whole, valueWord, unitWord);
    // ("¿Cuál prefieres?" is read as a noun by a tagger of English: a question word names no subject.)
    if (!np || /[¿¡]/.test(np) || lex.words.statements.choiceQuestion.test(np)) continue;
    const phraseDoc = docOf(np);
    // (What is left once the values are out must still name a thing: "7 days ahead ok" leaves "ahead".)
    if (np !== whole && phraseDoc.has('^(#Adjective|#Adverb|#Preposition)+$')) continue;
    // (Nor does a person addressed, "Carmen, ¿reservo el depósito 4?", or a word that asks for
    // assent, "Einverstanden?".)
    // (Nor a name addressed before a comma or a dash: "Tom – could you send Station's pars by noon?".)
    if (phraseDoc.has('#Pronoun') || people.has(np.toLowerCase()) || addressedAtStart(clause, np, people) || onlyAct(lex, 'acceptance', np)) continue;
    if (/^\p{Lu}/u.test(np) && offersStep()) continue;
    // ("Anything else?" asks for more; a light word like "anything" names no subject.)
    const words = contentTokens(np.split(/\s+/).filter((w) => !lex.words.claims.fillers.has(w.toLowerCase())).join(' '), stems);
    if (words.length === 0 || isSide(unpicked, contentTokens(inWholeWords(clause, np), stems))) continue;
    // ("Lucía works Tuesday, Wednesday and Thursday — so four days a week?": a phrase of values
    // alone names none of the things they are values of.)
    if (onlyValues(np, valueWord, unitWord, (w) => lex.words.claims.fillers.has(w.toLowerCase()) || contentToken(w, stems) === null)) continue;
    // (An answer names the word in a compound it heads too: "Gebühr" in "Die Rücksendegebühr bleibt bei 3,95 €.")
    if (words.some((w) => [...mine].some((x) => namesNoun(w, x)))) return null;
    // (A phrase of determiners alone, "every" of "every 4th dental" once its values are out, names nothing.)
    const named = phraseDoc.not('#Determiner').text().trim();
    if (named === '') continue;
    if (swapsPhrase(lex, clause, np, answer)) return null;
    return withoutAlternative(lex, named, clause);
  }
  return null;
}

/**
 * Whether the answer puts another name after the word that leads the question's name: "Thursday
 * with Hadley" answering "Wednesday with DryRight?" turns the offer down for another, and is not
 * about DryRight ("10am, for the driver's sake" answering "… for the fish delivery?" only says
 * why). (An article leads too many phrases to tell.)
 */
function swapsPhrase(lex: CompiledStatementLexicon, question: string, phrase: string, answer: string): boolean {
  if (!/^\p{Lu}/u.test(phrase)) return false;
  const lead = new RegExp(`(?:^|\\s)(\\p{L}+)\\s+${escapeRegex(phrase)}`, 'iu').exec(question)?.[1];
  const { functionWord, article } = lex.words.statements;
  if (lead === undefined || !functionWord(lead) || article(lead)) return false;
  return new RegExp(`(?:^|\\s)${escapeRegex(lead)}\\s+(?!${escapeRegex(phrase)}(?![\\p{L}\\p{N}]))\\p{Lu}`, 'u').test(answer);
}

/**
 * "Should reviewers be able to comment?" → "Should the reviewers be able to comment?", for the
 * tagger only: after a question's auxiliary it reads a bare plural as a verb ("reviewers",
 * "members") and finds no subject; with an article it reads the noun. A function word there
 * ("Should this …", "Can us …") stays as written.
 */
function withSubjectArticle(lex: CompiledStatementLexicon, question: string): string {
  const m = lex.words.statements.subjectAuxiliary.exec(question);
  return m && !lex.words.stopwords.has(m[2].toLowerCase()) ? `${m[1]}the ${question.slice(m[1].length)}` : question;
}

/** A part of a text widened to the whole words it stands in: a tagger splits "no-shows" and keeps "shows". */
function inWholeWords(text: string, part: string): string {
  const at = text.indexOf(part);
  if (at < 0) return part;
  const before = /[\p{L}\p{N}'-]*$/u.exec(text.slice(0, at))?.[0] ?? '';
  const after = /^[\p{L}\p{N}'-]*/u.exec(text.slice(at + part.length))?.[0] ?? '';
  return `${before}${part}${after}`;
}

/**
 * Whether a phrase is values and nothing else: value words ("Tuesday", "four"), a unit after one
 * or after an article ("four days", "a week"), and words that name nothing. A unit that opens the
 * phrase names what it measures ("Hours 9am–5pm ok?").
 */
function onlyValues(phrase: string, valueWord: (word: string) => boolean, unitWord: (word: string) => boolean, empty: (word: string) => boolean): boolean {
  const toks = phrase.split(/[\s,]+/).filter(Boolean);
  return toks.every((w, k) => valueWord(w) || empty(w) || (k > 0 && unitWord(w)));
}

/**
 * The question a message asks: its last, unless that one only lists the values to choose from
 * after an open question ("When should the works start? Mid-May, during the outdoor season, or
 * September?"), when it is the question just before it. After a yes-or-no question the last one
 * asks of its own ("Do you want the report by email? 10am or 2pm for the review call?").
 */
function askingQuestion(lex: CompiledStatementLexicon, asked: readonly Span[], valueWord: (word: string) => boolean): Span | undefined {
  const question = lastQuestion(asked);
  const k = question ? asked.indexOf(question) : -1;
  if (!question || k < 1 || !isQuestion(asked[k - 1].text) || !lex.words.cues.openQuestion.test(asked[k - 1].text.toLowerCase()) || !lex.words.statements.disjunction.test(question.text)) return question;
  const first = question.text.trim().split(/[\s,]+/)[0] ?? '';
  const opensWithValue = first.split(/[-–]/).some((part) => /^\W*\d/.test(part) || valueWord(part));
  return opensWithValue ? asked[k - 1] : question;
}

/**
 * "Should the purge run daily or monthly?": the tagger's noun phrase "purge run daily" ends in the
 * first of the things the question sets against each other, which the answer ("monthly, first
 * Sunday night") is about, not the subject: the phrase stops before it.
 */
function withoutAlternative(lex: CompiledStatementLexicon, subject: string, question: string): string {
  // (Where the subject stands in the question: "business days" after "calendar days, or" is the
  // second alternative itself, and keeps its words.)
  const lower = question.toLowerCase();
  const words = subject.split(/\s+/);
  let at = lower.indexOf(subject.toLowerCase());
  if (at < 0) return subject;
  for (let i = 0; i < words.length; i++) {
    at = lower.indexOf(words[i].toLowerCase(), at) + words[i].length;
    if (i > 0 && lex.words.statements.disjunction.exec(question.slice(at).replace(/^[\s,]+/, ''))?.index === 0) return words.slice(0, i).join(' ');
  }
  return subject;
}

/**
 * A noun phrase without the values it gives: the words before its next number, without a value
 * word or an "ok" that closes them ("last bookable slot 12:45" → "last bookable slot", "delivery
 * Wednesday 25" → "delivery", "speed 100Mbps" → "speed", "response time 24 hours ok" → "response
 * time"); a number that opens it goes, unless a unit follows, when the phrase names nothing but a
 * value ("4 invigilators" → "invigilators"; "7 days ahead ok" → ""). A name with a digit ("2FA
 * grace period") and a compound ("15-minute bookings") stay; a phrase without a number keeps its
 * words ("Thursday departure").
 */
function withoutValues(lex: CompiledStatementLexicon, phrase: string, valueWord: (word: string) => boolean, unitWord: (word: string) => boolean): string {
  let toks = phrase.split(/\s+/).filter(Boolean);
  if (!STANDALONE_NUMBER.test(phrase)) return withoutClosing(lex, toks, () => false).join(' ');
  if (toks.length > 0 && VALUE_START.test(toks[0])) {
    if (toks.length < 2 || unitWord(toks[1])) return '';
    toks = toks.slice(1);
  }
  const next = toks.findIndex((w, k) => k > 0 && NUMBER_WORD.test(w));
  return withoutClosing(lex, next < 0 ? toks : toks.slice(0, next), valueWord)
    .join(' ')
    .replace(/^[\s,;:–-]+|[\s,;:–-]+$/gu, '');
}

/** The words without the value words and the "ok" or "fine" that close them ("delivery Wednesday", "response time ok"). */
function withoutClosing(lex: CompiledStatementLexicon, toks: readonly string[], valueWord: (word: string) => boolean): string[] {
  const kept = toks.slice();
  while (kept.length > 0 && (valueWord(kept[kept.length - 1]) || (kept.length > 1 && onlyAct(lex, 'acceptance', kept[kept.length - 1])))) kept.pop();
  return kept;
}

/** A word that opens with a value: a number with at most a short lower-case ending or unit ("7", "12:45", "24h", "€5,000"), not a name such as "2FA". */
const VALUE_START = /^[^\p{L}\p{N}]*\d[\d.,:/–-]*[\p{Ll}%€$£°]{0,3}[^\p{L}\p{N}]*$/u;

/** A word that is a number, with whatever unit is written on to it ("100Mbps", "9AM–5PM"), not a compound ("15-minute"). */
const NUMBER_WORD = /^[^\p{L}\p{N}]*\d(?![\d.,:/]*-\p{L})/u;

/** Whether a word, without the marks around it, is one the slot reader knows ("Thursday", "März" as values; "days", "€" as units). */
function slotOfWord(slot: ((word: string) => string | null) | undefined, word: string): boolean {
  const w = word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return w !== '' && slot?.(w) != null;
}

/** A colon that is not inside a number: "Retention: 30 days", not "12:30". */
const LABEL_COLON = /:(?!\d)|(?<!\d):/;

/** Whether two texts share a content word or a number. */
function sharesWordOrNumber(a: string, b: string, stems: Stems): boolean {
  const theirs = new Set(numbersOf(a));
  return overlap(a, b, stems) > 0 || numbersOf(b).some((n) => theirs.has(n));
}

/** The acts that name who speaks or is spoken to: a clause with one names its own subject. */
const PERSONS = ['we-subject', 'i-subject', 'you-subject'] as const;
const STANDALONE_NUMBER = /(?:^|[^\p{L}\d])\d/u;

/** A bare number as the thing of a value judged too much says it (`text`), and the clause that judged it. */
interface JudgedValue {
  text: string;
  judged: number;
}

/** How many clauses back a bare value may stand from the clause that judged the old one. */
const JUDGED_VALUE_REACH = 2;

/**
 * "14 days for the first reminder is too long, half of them forget again by then. make it 7":
 * a clause that gives only a bare number, shortly after a clause of the same message that judges
 * a value too much or too little (one clause may stand between), gives that value's thing the new
 * number ("make it 7 days for the first reminder", "butter 40 is too much. 32" → "butter 32"),
 * `judged` the clause that judged it; null when it is no such clause. A number with a unit of its
 * own ("2 hours is too long. 90 minutes") says what it is itself.
 */
function valueOfJudged(input: CandidateInput, clauses: readonly Span[], k: number, body: string): JudgedValue | null {
  const given = numbersOf(body);
  if (given.length !== 1 || !saysOnlyValues(input, body)) return null;
  // (Nothing but marks after the number: "make it 7", not "90 minutes".)
  if (/\p{L}/u.test(body.slice(body.search(NUMBER)).replace(NUMBER, ''))) return null;
  const { lexicon } = input;
  for (let j = k - 1; j >= 0 && k - j <= JUDGED_VALUE_REACH; j--) {
    const text = clauses[j].text;
    const lower = normalForm(text);
    const judged = lower.length === text.length ? findAct(lexicon, 'excess', lower) : null;
    if (!judged) continue;
    const said = text.slice(contentStart(lexicon, text), judged.start).trim();
    // A label before the thing ("one more thing: 14 days for …") stays before the whole, unless
    // the thing says what it is without it.
    const colon = said.lastIndexOf(': ');
    const thing = colon < 0 ? said : said.slice(colon + 2);
    const label = colon < 0 || contentWordCount(thing, input.stems) >= 2 ? '' : `${said.slice(0, colon)}: `;
    const old = thing.match(NUMBER) ?? [];
    if (old.length !== 1 || sameNumber(old[0]) === given[0] || contentWordCount(thing, input.stems) < 1) return null;
    const number = body.match(NUMBER)![0];
    return { text: `${label}${body.replace(number, thing.replace(old[0], number))}`, judged: j };
  }
  return null;
}

/** "Annual: full refund …": a label of at most three words that the agent's message names, a colon, content. */
function topicLabelled(lex: CompiledStatementLexicon, body: string, theirs: ReadonlySet<string>, stems: Stems): boolean {
  const m = /^([^,.;:!?()]{1,30}):\s+(\S.*)$/u.exec(body);
  if (!m || wordCount(m[1]) > 3 || contentWordCount(m[2], stems) < 2) return false;
  // "News from Kraus: they've run short of the 100 g Favini." — what follows the label explains or
  // reports what others do (it opens with "it's", "they're"); what holds for a topic states itself.
  const after = normalForm(m[2]);
  if (findAct(lex, 'explanation', after)?.start === 0 || findAct(lex, 'third-party', after)?.start === 0) return false;
  return contentTokens(m[1], stems).some((t) => theirs.has(t));
}

/**
 * Two verbless parts, each with a value of its own, joined by one "and", or by a comma where each
 * part names its thing before its value ("nexgard 15, bravecto 8"): what each part sets.
 */
function valuePair(lex: CompiledStatementLexicon, t: CandidateTuning, statement: string, boundWord: (word: string) => boolean = () => false): [string, string] | null {
  const joins = [...statement.matchAll(lex.words.claims.coordinator)];
  const join = joins.length === 1 ? { at: joins[0].index!, length: joins[0][0].length } : joins.length === 0 ? namedValuesJoin(lex, statement, boundWord) : null;
  if (join === null) return null;
  let left = statement.slice(0, join.at);
  let right = statement.slice(join.at + join.length);
  // A closing ", go." accepts; it is not part of the second value.
  const tail = /,\s*([^,]{1,12})$/.exec(trimEnd(right));
  if (tail && (findAct(lex, 'acceptance', normalForm(tail[1]))?.start === 0 || hasAct(lex, 'decision', normalForm(tail[1])))) right = trimEnd(right).slice(0, tail.index);
  left = trimEnd(left);
  right = trimEnd(right);
  // (Each part names what its value is of: "20 and 22" are two values of one thing, said together.)
  const valued = (x: string) => HAS_NUMBER.test(x) && contentWordCount(x.replace(NUMBER, ' '), lex.words) >= 1 && verbless(x);
  if (!valued(left) || !valued(right)) return null;
  return [shape(lex, t, left).statement, shape(lex, t, right).statement];
}

/**
 * The one comma between two parts that each name a thing and then give its value ("nexgard 15,
 * bravecto 8", "Kuba 8-15:30, Aoife 9-13"), or null: a date's month ("12 June, 14:00"), a limit
 * ("max 15, min 8": two limits of one thing) or a part that opens with its value ("10 on the
 * kayaks, 20 on the paddles") is no such list.
 */
function namedValuesJoin(lex: CompiledStatementLexicon, statement: string, boundWord: (word: string) => boolean): { at: number; length: number } | null {
  const commas = [...statement.matchAll(/,\s+/g)];
  if (commas.length !== 1) return null;
  const parts = [statement.slice(0, commas[0].index), statement.slice(commas[0].index! + commas[0][0].length)];
  // ("Ok 30 in week 1, then 20 till May" gives one thing's values in turn: no word that may open
  // any sentence, "ok", "then", names a thing.)
  const named = (part: string) => {
    const m = /^([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,2})\s+\d/u.exec(part.trim());
    return m !== null && !m[1].split(/\s+/).some((w) => lex.words.statements.monthName.test(w) || lex.words.cues.leadingFiller.exec(w)?.[0].length === w.length || boundWord(w.toLowerCase()));
  };
  return parts.every(named) ? { at: commas[0].index!, length: commas[0][0].length } : null;
}

/** The sentence's question mark stands inside a quote ('A customer wrote: "Why so slow?"'): it asks nothing of its own. */
function quotesItsQuestion(sentence: string): boolean {
  const mark = sentence.lastIndexOf('?');
  return quotedSpans(sentence).some(([from, to]) => mark > from && mark < to);
}

/** A message that asks, proposes or lays out options ("We could …", "Mona, ok for you?") a bare "Both." or "Ja, einverstanden." can accept. */
function offers(lex: CompiledStatementLexicon, text: string, sentences: readonly Span[]): boolean {
  const lower = normalForm(text);
  // A question of its own anywhere in it counts: agents often ask and then add a note ("Who
  // signs off large orders? The holdups were all waiting on Timo."). One it quotes ('A customer
  // wrote: "Why so slow?"') asks nothing.
  // A label that opens a proposal ("Suggestion: keep the 8-hour minimum …") offers what follows it.
  return isQuestion(text) || sentences.some((s) => isQuestion(s.text) && !quotesItsQuestion(s.text)) || hasAct(lex, 'proposal', lower) || hasAct(lex, 'hypothetical', lower) || sentences.some((s) => findAct(lex, 'option-intro', normalForm(s.text))?.start === 0 || findAct(lex, 'proposal-label', normalForm(s.text))?.start === 0);
}

/**
 * Whether a short clause names a value word (a weekday, a month) that one of the messages just
 * before it names too: the value was put up there, though no one offered it as a choice.
 */
function namesValueSaidBefore(input: CandidateInput, scene: MessageScene, body: string): boolean {
  const named = words(body).filter((w) => slotOfWord(input.valueSlot, w));
  if (named.length === 0) return false;
  const values = named.flatMap((w) => contentToken(w.toLowerCase(), input.stems) ?? []);
  // (In whichever language it was put up: "Viernes mejor." — "Friday then, same time.")
  const meant = new Set(named.flatMap((w) => input.wordValue?.(w.toLowerCase()) ?? []));
  for (let q = Math.max(0, scene.p - input.tuning.agentReach); q < scene.p; q++) {
    const said = tokenSetAt(input, q);
    if (values.some((t) => said.has(t))) return true;
    if (meant.size > 0 && words(input.messages[q].text).some((w) => meant.has(input.wordValue?.(w.toLowerCase()) ?? ''))) return true;
  }
  return false;
}

/** A short reply that names something the agent's message offered (a shared content word or number): `theirs`, its content tokens. */
function selects(body: string, theirs: ReadonlySet<string>, stems: Stems): boolean {
  return contentTokens(body, stems).some((t) => theirs.has(t));
}

/**
 * The condition a reply adds after its pick ("but only if they can deliver before 9"), or '' when
 * what follows says something else. A condition says something with two words of content, or with
 * a value: "but only 2,500".
 */
function conditionOf(lex: CompiledStatementLexicon, rest: string): string {
  const said = trimEnd(rest);
  return lex.words.statements.pickQualifier.test(said) && (contentWordCount(said, lex.words) >= 2 || HAS_NUMBER.test(said)) ? said : '';
}

/**
 * The condition a person adds to the option their message opens by picking: the rest of the
 * sentence after "B then, …", or, after a key that stands alone ("B."), the next sentence when
 * it opens by amending the pick ("B. but review at 0.025 not 0.03, margins are thin enough as it
 * is"). Such a sentence's first clause is the condition and what follows it says why, so the
 * decision states the option as amended ("…, but review at 0.025 not 0.03") and not the option
 * as the agent offered it.
 */
function leadCondition(lex: CompiledStatementLexicon, lead: string, next: string): { condition: string; why: string[] } {
  if (/[,;]\s*$/.test(lead)) return { condition: conditionOf(lex, next), why: [] };
  return amendment(lex, next);
}

/**
 * "Go with B, but U12 start 17:45, Javi's right about the traffic.": the clause after a pick, in
 * the same sentence, that opens by amending it (see amendment) is the pick's condition, and what
 * follows the condition says why; the pick is then stated as amended.
 */
function withNextCondition(input: CandidateInput, scene: MessageScene, clauses: readonly Span[], k: number, picked: SentenceCandidate[]): { made: SentenceCandidate[]; consumed: number } {
  const next = clauses[k + 1];
  if (picked.length !== 1 || !next || /[.!?]['"’”]?\s*$/u.test(clauses[k].text)) return { made: picked, consumed: 0 };
  // (The word that joins the two clauses, ", but", is the one that amends.)
  const joiner = input.messages[scene.p].text.slice(clauses[k].end, next.start).replace(/^[\s,;]+/u, '');
  const { condition, why } = amendment(input.lexicon, `${joiner}${next.text}`);
  const [pick] = picked;
  if (!condition || isQuestion(next.text) || !amends(input, condition)) return { made: picked, consumed: 0 };
  const parted = amendedParts(input, pick.statement, condition);
  if (parted) return { made: [{ ...pick, statement: parted.option, amended: true }, { ...pick, statement: parted.amendment, reasons: unique([...pick.reasons, ...why]) }], consumed: 1 };
  return { made: [{ ...pick, statement: `${trimEnd(pick.statement)}, ${condition}.`, reasons: unique([...pick.reasons, ...why]) }], consumed: 1 };
}

/**
 * "B. but 5 rotating menus not 4" after "B) $18/head - adds a hot grain bowl option; 4 rotating
 * menus": an amendment that swaps the one value of one part of an option listing several settles
 * that value, a decision of its own, and the option holds without the part it replaces: "$18/head
 * - adds a hot grain bowl option." and "5 rotating menus not 4." — each states what the person
 * settled, and neither the value they had just changed. Only a plain swap is read so: the
 * amendment rules out one number right after its negator ("not 4"), gives another, and names the
 * thing of the one part that holds that number and no other value. Anything else (a condition,
 * "but response within 2h on weekends"; another detail of the same thing; a part that holds a day
 * or a second value beside the one swapped; an amendment that names no thing, "6 not 4") leaves
 * the option stated as amended: nothing the person kept is dropped. Null then.
 */
function amendedParts(input: CandidateInput, option: string, condition: string): { option: string; amendment: string } | null {
  const said = trimEnd(condition.replace(/^\S+\s*/u, ''));
  const numbersIn = (text: string) => [...text.matchAll(/\d+(?:[.,]\d+)?/g)];
  const { negator } = input.lexicon.words.cues;
  // (A number right after a negator, "not 4", "nicht 22", is the value the amendment rules out.)
  const ruledOut = numbersIn(said).filter((m) => {
    const before = /([\p{L}']+)[\s€$£]*$/u.exec(said.slice(0, m.index))?.[1];
    return before !== undefined && negator.test(before);
  });
  if (ruledOut.length !== 1 || numbersIn(said).length !== 2) return null;
  const label = /^([^:\d]{1,40}):\s+/u.exec(option);
  const body = trimEnd(label ? option.slice(label[0].length) : option);
  const parts = listParts(body);
  if (parts.length < 2) return null;
  const out = ruledOut[0][0];
  const holding = parts.filter((part) => numbersIn(part).some((m) => m[0] === out));
  if (holding.length !== 1) return null;
  const [replaced] = holding;
  // (The part holds the swapped value alone: no other number, no day or month word.)
  if (numbersIn(replaced).length !== 1 || words(replaced).some((w) => input.valueSlot?.(w.toLowerCase()))) return null;
  const subject = (text: string) => new Set(contentTokens(text, input.stems).filter((w) => !/\d/.test(w) && !input.unitSlot?.(w) && !input.valueSlot?.(w)));
  const thing = subject(replaced);
  if (![...subject(said)].some((w) => thing.has(w))) return null;
  const kept = parts.filter((part) => part !== replaced).join(', ');
  return { option: `${label ? label[0] : ''}${kept.replace(/^\p{Ll}/u, (c) => (label ? c : c.toUpperCase()))}.`, amendment: `${sentenceCase(said)}.` };
}

/** The parts of a list written inline, between semicolons, commas or a spaced "+" (none inside brackets). */
function listParts(text: string): string[] {
  return partsBetween(text, /\s*(?:[;,]|\s\+)\s+/g).filter((x) => x.length > 0);
}

/**
 * Whether a condition amends the option picked: it has no act of its own (an opinion, "but
 * honestly A would have been cheaper"), and gives a value ("but U12 start 17:45") or says its
 * qualification without a verb ("but without the waiver"); a clause of its own, "but Javi needs to
 * confirm the coach", is a step apart.
 */
function amends(input: CandidateInput, condition: string): boolean {
  const { lexicon } = input;
  const said = condition.replace(/^\S+\s*/u, '');
  const lower = normalForm(said);
  if (classify(lexicon, lower) !== null || hasAct(lexicon, 'opinion', lower) || hasAct(lexicon, 'hypothetical', lower)) return false;
  return HAS_NUMBER.test(said) || verbless(said);
}

/**
 * A text that opens by amending a pick ("but review at 0.025 not 0.03, margins are thin enough as
 * it is"): its first clause is the condition, lowercased to follow the option, and the rest is why;
 * no condition when it opens otherwise.
 */
function amendment(lex: CompiledStatementLexicon, next: string): { condition: string; why: string[] } {
  const text = next.trim();
  if (!lex.words.statements.pickAmendment.test(text)) return { condition: '', why: [] };
  // (The amending word opens a clause after the option's comma: "…, aber nicht ab 22 Uhr".)
  const lowered = (condition: string) => condition.replace(/^\p{Lu}/u, (c) => c.toLowerCase());
  // (A contrast after a comma is still the condition: "Aber Übergabe im Depot, nicht am Telefon".)
  const marks = [...text.matchAll(/\s*[,;:–—]\s+/gu)];
  const mark = marks.find((m) => !contrastAt(lex, text, m.index));
  // (A first clause that says no condition, "Pero Daniel, llámalos hoy …", opens something else.)
  const clause = conditionOf(lex, mark ? text.slice(0, mark.index) : text);
  if (!clause) return { condition: '', why: [] };
  const why = mark ? trimEnd(text.slice(mark.index + mark[0].length)) : '';
  return { condition: lowered(clause), why: why ? [why] : [] };
}

/** Whether a contrast ("…, not Redis", "…, nicht am Telefon") opens at the mark at `at` of a text: its first word negates. */
function contrastAt(lex: CompiledStatementLexicon, text: string, at: number): boolean {
  const first = /^[\s,;:–—]*([\p{L}'’]+)/u.exec(text.slice(at))?.[1] ?? '';
  return first !== '' && lex.words.cues.negator.test(first);
}

/**
 * "A, but without the waiver." / "2, as long as it ships by Friday." / "B but only for two years":
 * an option picked by its key (or, before a comma, its name), with the condition the person adds.
 */
function qualifiedPick(lex: CompiledStatementLexicon, clause: string, offered: string): string | null {
  // (A bare key ends the pick, comma or not; a name only before a comma, as it may run on into
  // the condition.)
  const first = /^\S+?(?=,|\s|$)/.exec(clause)?.[0] ?? '';
  const end = BARE_KEY.test(first.toLowerCase()) ? first.length : clause.indexOf(',');
  if (end < 0 || end >= clause.length) return null;
  const qualification = conditionOf(lex, clause.slice(end + 1).trim());
  return qualification ? pickedOption(lex, clause.slice(0, end), offered, qualification) : null;
}

/**
 * "Tobi, can you have the floor plan ready by Thursday?" → "Tobi: have the floor plan ready by Thursday." A
 * request for information ("can you summarise …") is no action item.
 */
function requestItem(lex: CompiledStatementLexicon, body: string): string | null {
  const lower = normalForm(body);
  const req = findAct(lex, 'request', lower);
  if (!req || hasAct(lex, 'information-request', lower)) return null;
  const task = body.slice(req.end).replace(/^[\s,]+/, '').replace(/[?\s]+$/, '');
  if (contentWordCount(task, lex.words) < 2) return null;
  const before = body.slice(0, req.start).replace(/[\s,]+$/, '');
  const owner = /^[\p{Lu}][\p{L}-]{1,30}$/u.test(before) ? `${before}: ` : '';
  return `${owner}${task}.`.replace(/^./, (c) => c.toUpperCase());
}

function make(
  p: number,
  statement: string,
  type: DecisionType,
  strength: Strength,
  answered: number,
  answersAgent: boolean,
  reasons: string[],
  alternatives: string[],
  cue: string,
  features: string[],
  hint: DecisionType | null = type,
): SentenceCandidate {
  // The agent's question or options the person answers is where the decision was raised.
  const sources = answersAgent && answered >= 0 ? [answered, p] : [p];
  return { p, statement, type, strength, sources, reasons, alternatives, cue, hint, features: unique(features) };
}

function unique(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

/**
 * An agent's proposal ("Shall I pause the ads for those regions?", "I'll cancel the old
 * plan and sign the new contract.", "I propose: …") that the person it answers accepts
 * ("Yes, do both.", "👍", "Approved.") is a decision with the proposal's content.
 */
function acceptedProposals(input: CandidateInput, facts: TaskFacts): SentenceCandidate[] {
  const { messages } = input;
  const out: SentenceCandidate[] = [];
  for (let a = 0; a < messages.length; a++) {
    if (messages[a].role !== 'bot') continue;
    const whole = acceptance(input, a);
    const h = whole >= 0 ? whole : restAcceptance(input, a);
    if (h < 0) continue;
    // ("Eingang bis 12 Uhr zählt als Tag 0. Rest wie vorgeschlagen.": all but what it takes up;
    // "Point 2 no. Rest as proposed.": a point turned down by its number or in other words is
    // not told apart, so nothing is accepted.)
    if (whole >= 0 && !acceptsRest(input, h)) {
      out.push(...proposalCandidates(input, facts, a, h));
      continue;
    }
    // (What was said besides the acceptance, with its nouns, read once for every point.)
    const said = besidesRestAcceptance(input, a, h).map((text) => ({ text, nouns: nounsOf(input, text) }));
    if (settlesUnnamed(input, nounsOf(input, messages[a].text), said)) continue;
    const own = new Set(said.flatMap((x) => [...x.nouns]));
    out.push(...proposalCandidates(input, facts, a, h).flatMap((c) => pointsApart(input, c)).filter((c) => !takenUp(input, own, c.statement)));
  }
  return out.map((c) => ({ ...c, statement: addressedByName(input, facts, c.statement, c.sources[0], c.sources[1]) }));
}

/**
 * Whether a person's message that accepts the rest of a proposal, or a colleague's message between
 * the proposal and it, says something of its own on this point of it: a noun of the point (no
 * number, no unit: "day 0" is not about "7 working days") among the nouns of what they say besides
 * the acceptance (`own`).
 * That point is theirs to settle, not accepted as put ("VMK takes 8 days. Rest is fine.", "Kai: the
 * skip needs a permit. — Ida: Rest is fine.").
 */
function takenUp(input: CandidateInput, own: ReadonlySet<string>, point: string): boolean {
  return [...nounsOf(input, point)].some((t) => naming(own, t));
}

/**
 * Whether words said name the noun `t`: the same word, or the head of a compound it ends with
 * ("Gebühr" names the "Ausfallgebühr", "Reinigung" the "Endreinigung").
 */
function naming(said: ReadonlySet<string>, t: string): boolean {
  if (said.has(t)) return true;
  for (const w of said) if (namesNoun(w, t)) return true;
  return false;
}

/**
 * A proposal's statement that holds several points parted by semicolons ("Print 500 new menu
 * cards; offer a free dessert …; extend Friday hours to 23:00."), as one candidate a point: a reply
 * that accepts the rest takes some of them, not the sentence whole.
 */
function pointsApart(input: CandidateInput, c: SentenceCandidate): SentenceCandidate[] {
  const parts = c.statement.split(/;\s+/u).map((part) => trimEnd(part));
  if (parts.length < 2 || parts.some((part) => contentWordCount(part, input.stems) < 2)) return [c];
  return parts.map((part) => ({ ...c, statement: `${sentenceCase(part)}.` }));
}

/** The content tokens of the nouns of a text, numbers and units left out. */
function nounsOf(input: CandidateInput, text: string): Set<string> {
  // (The parts of a compound each name a thing: "Gratis-Dessert" names a dessert.)
  return new Set(docOf(text).nouns().out('array').flatMap((np) => words(np).flatMap((w) => w.split('-')).filter((w) => !HAS_NUMBER.test(w) && !input.unitSlot?.(bareToken(w).toLowerCase())).flatMap((w) => contentTokens(w, input.stems))));
}

/** What people said from agent message a to person's message h, that message without the words that accept the rest. */
function besidesRestAcceptance(input: CandidateInput, a: number, h: number): string[] {
  const out: string[] = [];
  for (let m = a + 1; m < h; m++) if (isPerson(input.messages[m])) out.push(input.messages[m].text);
  for (const s of sentencesAt(input, h)) {
    // (The span is of the sentence's normal form, which may differ in length from the text.)
    const rest = restAcceptanceSpan(input.lexicon, s.text);
    const said = rest && normalForm(s.text).length !== s.text.length ? normalForm(s.text) : s.text;
    out.push(rest ? `${said.slice(0, rest.start)} ${said.slice(rest.end)}` : s.text);
  }
  return out;
}

/**
 * Whether what people said from agent message a to the reply h that accepts its rest (`said`,
 * each with its nouns) settles a point without naming it by a noun of the proposal (`proposed`):
 * turns something down ("No freebies this time."), points at a point by its place ("Drop #2.",
 * "Den dritten Punkt streichen."), or gives a bare number ("300 is enough."). Which point is meant is not told apart, so nothing of the
 * proposal is accepted; a point such words name is left out by `takenUp`.
 */
function settlesUnnamed(input: CandidateInput, proposed: ReadonlySet<string>, said: ReadonlyArray<{ text: string; nouns: ReadonlySet<string> }>): boolean {
  return said.some(({ text, nouns }) => {
    const lower = normalForm(text);
    if (namesPointByPlace(input, lower)) return true;
    if ([...nouns].some((t) => naming(proposed, t))) return false;
    // (A negator among the last words turns the item before it down: "Point 2 no.", "Das Feuerwerk nicht.")
    const refuses = input.negated?.(lower) === true || hasAct(input.lexicon, 'rejection', lower) || hasAct(input.lexicon, 'prohibition-start', lower) || input.lexicon.words.cues.negator.test(lower.replace(/[\s.!?…]+$/u, ''));
    return refuses || (HAS_NUMBER.test(text) && contentWordCount(text.replace(/\d[\d.,:]*/gu, ' '), input.stems) <= 1);
  });
}

/**
 * Whether a text names a point by its place rather than by what it is: "#2", "point 3", "el punto
 * cuatro", "the second one", "den dritten Punkt", "drop the third." ("a second firing" counts a
 * thing, it points at no point).
 */
function namesPointByPlace(input: CandidateInput, lower: string): boolean {
  if (/#\s?\d/u.test(lower)) return true;
  const ws = words(lower).map(bareToken);
  const pointNouns = input.lexicon.words.statements.pointNouns;
  return ws.some((w, k) => {
    const next = ws[k + 1];
    const place = (x: string | undefined) => x !== undefined && (/^\d+$/u.test(x) || input.numberWord?.(x) === true || input.ordinal?.(x) != null);
    if (pointNouns.has(w) && place(next)) return true;
    return input.ordinal?.(w) != null && (next === undefined || pointNouns.has(next));
  });
}

/** Whether person's message h accepts only the rest of a proposal: one of its sentences says so. */
function acceptsRest(input: CandidateInput, h: number): boolean {
  return sentencesAt(input, h).some((s) => restAccepting(input.lexicon, s.text));
}

/** The decisions agent message a puts up that person's message h accepts. */
function proposalCandidates(input: CandidateInput, facts: TaskFacts, a: number, h: number): SentenceCandidate[] {
  const { messages, lexicon } = input;
  const out: SentenceCandidate[] = [];
  const valueWord = whenWord(input);
  // "Option b." / "Passt. B." picks one item of the list: that pick is the person's own
  // candidate, and the other items are not accepted with it.
  if (picksFrom(input, h, messages[a].text) || opensWithLabelledKey(input, h)) return out;
  const base = proposalFeatures(input, a, h, facts.view.owner);
  const featuresOf = (statement: string, kind: string) => [...base, `proposal:${kind}`, ...statementFeatures(lexicon, statement)];
  // "Two options …: A) …, B) … Which one?" — "ok do it": a bare yes to a choice accepts the
  // option the agent recommended, and none when it recommended none (never all of them).
  if (facts.lists[a] && asksToChoose(lexicon, sentencesAt(input, a))) {
    const recommended = recommendedOption(lexicon, sentencesAt(input, a), messages[a].text);
    if (recommended) out.push({ p: a, statement: recommended, type: 'decision', strength: 'accepted', sources: [a, h], reasons: [], alternatives: [], cue: 'accepted-proposal', hint: 'decision', features: featuresOf(recommended, 'recommended') });
    return out;
  }
  // "Proposal:" followed by a bulleted list: each point is accepted as its own decision.
  const points = facts.points[a];
  for (const point of points) out.push({ p: a, statement: point, type: 'decision', strength: 'accepted', sources: [a, h], reasons: [], alternatives: [], cue: 'accepted-proposal', hint: 'decision', features: featuresOf(point, 'points') });
  if (points.length > 0) return out;
  // "(a) two tiers …, and (c) a clear price for Premium …": each lettered item is accepted.
  const inline = inlineItems(lexicon, input.tuning, messages[a].text);
  for (const statement of inline) out.push({ p: a, statement, type: 'decision', strength: 'accepted', sources: [a, h], reasons: [], alternatives: [], cue: 'accepted-proposal', hint: 'decision', features: featuresOf(statement, 'items') });
  if (inline.length > 0) return out;
  const labelled = labelledProposal(lexicon, input.tuning, sentencesAt(input, a), (text) => opensWithImperative(input, text));
  for (const l of labelled) out.push({ p: a, statement: l.statement, type: l.type, strength: 'accepted', sources: [a, h], reasons: l.reasons, alternatives: l.alternatives, cue: 'accepted-proposal', hint: l.type, features: featuresOf(l.statement, 'labelled') });
  if (labelled.length > 0) return out;
  // A statement put with a tag ("…, correct?") is taken by a bare yes alone: "ok 15 in March,
  // then 8 till June" answers it with values of the person's own.
  const steps = offeredSteps(lexicon, input.tuning, sentencesAt(input, a), input.stems, valueWord, input.unitSlot).filter((x) => !x.tagged || saysOnlyYes(input, h, x.statement));
  for (const proposal of steps) {
    // (A yes to several steps says how of none of them in particular.)
    const statement = steps.length === 1 ? withHowSaid(input, h, proposal.statement) : proposal.statement;
    out.push({ p: a, statement, type: proposal.type, strength: 'accepted', sources: [a, h], reasons: [], alternatives: [], cue: 'accepted-proposal', hint: proposal.type, features: featuresOf(statement, 'step') });
  }
  return out;
}

/**
 * "Order Lintner?" — "yes, in the sage green fabric": what a person says after a yes, in the same
 * sentence and without a verb or an act of its own, is how the step is to be done, and the decision
 * is the step with it ("Order Lintner, in the sage green fabric."). A clause with a verb ("yes, but
 * I call them first", "yes, and ping me") is a step apart and ends what is added; a value that
 * replaces one of the step's ("Yes, 5 minutes." to "3 minutes") corrects it; words the step says
 * already, and courtesy ("yes pls"), add nothing.
 */
function withHowSaid(input: CandidateInput, h: number, statement: string): string {
  const first = sentencesAt(input, h)[0];
  if (first === undefined || isQuestion(first.text)) return statement;
  const lower = normalForm(first.text);
  const at = afterAcceptance(input.lexicon, lower);
  if (at === null) return statement;
  // (Where a clause of its own opens, "Sí, y pon a Mei en copia", nothing after it is added.)
  const opens = findAct(input.lexicon, 'clause-break', lower)?.start ?? lower.length;
  if (opens <= at) return statement;
  const added = qualificationOf(input, first.text.slice(at, opens));
  // (A word of content or none after a yes is courtesy or emphasis more often than how: "yes,
  // obviously", "yes 100%", "yes, in principle"; how names a thing: "in the sage green fabric".
  // An adverb, a pronoun or a possessive says how the person feels about it: "yes, finally some
  // good news", "yes, my bad for the delay", "yes, 4 weeks ago already".)
  const doc = docOf(added);
  if (contentWordCount(added, input.stems) < QUALIFICATION_MIN_WORDS || !doc.has('#Noun') || doc.has('(#Adverb|#Pronoun|#Possessive)')) return statement;
  const said = new Set(contentTokens(statement, input.stems));
  if (contentTokens(added, input.stems).every((t) => said.has(t))) return statement;
  if (correctsValue(added, statement, [{ start: 0, end: statement.length, text: statement }], input.stems, input.unitSlot)) return statement;
  return `${trimEnd(statement)}, ${trimEnd(added)}.`;
}

/** The fewest content words what follows a yes needs to say how a step is done. */
const QUALIFICATION_MIN_WORDS = 2;

/**
 * Acts that say something else than how a step is done: courtesy, small talk, an opinion or a
 * hedge ("yes, all good", "yes, good morning", "sí, por supuesto", "yes, long overdue").
 */
const NOT_HOW: readonly SentenceAct[] = ['politeness', 'smalltalk', 'acknowledgement', 'opinion', 'hypothetical', 'hedge', 'provisional', 'past', 'reason', 'explanation', 'sarcasm', 'aside', 'recall'];

/** The parts of a text, split at its commas, up to the first that has a verb, an act or a courtesy of its own ("page 3, 60 lines, and tell Jonas" → "page 3, 60 lines"). */
function qualificationOf(input: CandidateInput, text: string): string {
  const { lexicon } = input;
  const parts: string[] = [];
  for (const part of text.split(/\s*[,;:]\s+/u)) {
    const lower = normalForm(part).trim();
    if (lower === '' || contentWordCount(part, input.stems) === 0 || /[@:;)(]/u.test(part)) break;
    if (classify(lexicon, lower) !== null || findAct(lexicon, 'acceptance', lower)?.start === 0 || NOT_HOW.some((act) => hasAct(lexicon, act, lower))) break;
    if (!verbless(part)) break;
    parts.push(part.trim());
  }
  return parts.join(', ');
}

/**
 * The agent's "you" is the person who accepted its proposal: recorded as a decision, "Draft a
 * note to flat 3 for you to sign." reads "… for Jana to sign." ("your address": "Jana's
 * address"). A "you" that acts ("unless you object") is left as it was said, and so is every
 * "you" of a proposal that names another person of the discussion (it may be theirs).
 */
function addressedByName(input: CandidateInput, facts: TaskFacts, statement: string, a: number, h: number): string {
  const { messages, lexicon } = input;
  const author = messages[h].author.trim();
  // A handle ("kim@example.com", "ops_lead") is no name to write into a sentence.
  const name = writableName(author);
  if (!name || statement.search(lexicon.words.statements.addressed) < 0) return statement;
  for (const m of facts.peopleNamed ? messages[a].text.matchAll(facts.peopleNamed) : []) if (m[0].replace(/^@/, '').toLowerCase() !== author.toLowerCase()) return statement;
  // Words the agent quotes ("end with 'Thank you for your understanding'") stay as written.
  const quoted = quotedSpans(statement);
  return statement.replace(lexicon.words.statements.addressed, (said: string, lead: string | undefined, at: number) =>
    quoted.some(([from, to]) => at >= from && at < to) ? said : lead ? `${lead} ${name}` : `${name}'s`,
  );
}

/** What an accepted proposal is weighed by: an agent's, accepted by whom and how soon. */
function proposalFeatures(input: CandidateInput, a: number, h: number, owner: string | undefined): string[] {
  const { messages } = input;
  const out = ['speaker:agent', 'origin:accepted-proposal', messages[h].author === owner ? 'accepted-by:owner' : 'accepted-by:other-person'];
  out.push(h === a + 1 ? 'accepted:next-message' : 'accepted:later');
  if (isQuestion(messages[a].text)) out.push('proposal:asks');
  const first = sentencesAt(input, h)[0];
  if (first && contentWordCount(first.text, input.stems) <= 1 && sentencesAt(input, h).length === 1) out.push('accepted:bare');
  return out;
}

/** The form and values of a statement itself (an agent's proposal is judged by what it proposes). */
function statementFeatures(lex: CompiledStatementLexicon, statement: string): string[] {
  return [...actFeatures(lex, normalForm(statement)), ...valueFeatures(statement), lengthFeature(wordCount(statement))];
}

function overlap(a: string, b: string, stems: Stems): number {
  const x = new Set(contentTokens(a, stems));
  const y = new Set(contentTokens(b, stems));
  if (x.size === 0 || y.size === 0) return 0;
  return sharedCount(y, x) / Math.min(x.size, y.size);
}

/**
 * Whether one text says what the other does: most of the shorter one's content words (the
 * tuning's share), and two of them at least, unless the one they share is a value ("ok monday is
 * fine" taking up "Hold it until Monday?") or the shorter text has no other ("9:00"). "Release on
 * approval." and "Pause the 4.2 phased release" share the word "release" and say two things.
 */
function restates(input: CandidateInput, a: string, b: string): boolean {
  if (overlap(a, b, input.stems) < input.tuning.restatementOverlap) return false;
  const theirs = new Set(contentTokens(b, input.stems));
  const sharedWords = words(a).filter((w) => theirs.has(contentToken(w, input.stems) ?? ''));
  const shared = new Set(sharedWords.map((w) => contentToken(w, input.stems)));
  const shorter = Math.min(new Set(contentTokens(a, input.stems)).size, theirs.size);
  return shared.size >= 2 || shorter <= 1 || sharedWords.some((w) => HAS_NUMBER.test(w) || isValueWord(input, w));
}

/**
 * Whether an agent's proposal made after a person's statement reads that statement back: it gives
 * every number the statement settled ("I can move all service reminders in the calendar to
 * 10 days ahead" after "10 days then."), or a quarter of its words at least are the statement's
 * ("(3) business TMs kept while the client is active plus 36 months" after "business TMs: while
 * the client is active + 3 years"). "I could also hold 4 slots per day for the next 3 weeks" after
 * "21 days then." shares a word, gives none of its numbers, and proposes something new; so does
 * "Shall I send the brief to Jonas tonight and cc Katrin and Marc?" after "Katrin does the DE
 * review, Marc the FR.", which shares only the names of the people: a new step for the same people.
 */
function readsBack(input: CandidateInput, settled: string, proposal: string): boolean {
  const { stems } = input;
  const numbers = numbersOf(settled);
  const proposed = new Set(numbersOf(proposal));
  if (numbers.length > 0 && numbers.every((n) => proposed.has(n))) return true;
  // (A statement's numbers are what a read-back repeats: "Shall I switch this morning's vaccination
  // appointments to the prep-room fridge?" after "The vaccine fridge is at 9 degrees." gives none.)
  if (numbers.length > 0 && !numbers.some((n) => proposed.has(n))) return false;
  const theirs = new Set(contentTokens(proposal, stems));
  const shared = new Set(contentTokens(settled, stems).filter((t) => theirs.has(t)));
  // (A weekday or a month is a value, not a person: "Anna takes Friday." is read back by "Shall I put Anna on the Friday rota?".)
  const names = new Set(contentTokens([...nameWords(settled), ...nameWords(proposal)].filter((w) => !isValueWord(input, w)).join(' '), stems));
  if (shared.size > 0 && [...shared].every((t) => names.has(t))) return false;
  return theirs.size > 0 && shared.size * 4 >= theirs.size;
}

function uniqueSorted(xs: number[]): number[] {
  return [...new Set(xs)].sort((a, b) => a - b);
}
