/**
 * The optional model layer of extraction (seed 001 §5.2): one call per batch of messages, asking
 * for structured JSON validated by zod. Models with native structured output get
 * `withStructuredOutput`; others get JSON mode (fences stripped, JSON.parse, zod). Either way a
 * bad reply earns exactly one repair retry (in JSON mode) that quotes the error, and a second
 * failure is returned as a recorded failure, never thrown: the rule results stand on their own.
 *
 * The model never sets the scope (the schema has no such field and unknown fields are
 * stripped), never emits `business_fact` (seed 004: only system_sync may), and what it reads
 * has already been redacted; its output is redacted again in case it reconstructs a secret.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { zodProblem } from "../../errors.js";
import type { ChatMessage } from "../../messages.js";
import { redactText, sensitivityOf } from "../../redact.js";
import { MemoryKeySchema, type SourceType } from "../../schema.js";
import { detectLanguage } from "../../text/tokenizer.js";
import { AGENT_MAX_CONFIDENCE } from "../scoring.js";
import { keyFor, retrievalHintsFor, segmentOf, speakerKey } from "./keys.js";
import type { DraftCandidate } from "./merge.js";
import { importanceOf } from "./rules.js";

/**
 * One memory as the model proposes it. `lenient` is how replies are validated (missing optional
 * fields allowed); the strict form, with every field present and nullable and no bounds, is what
 * goes to `withStructuredOutput`, because strict providers reject optional properties.
 */
function memorySchema(lenient: boolean) {
  const maybe = <T extends z.ZodType>(type: T) => (lenient ? type.nullish() : type.nullable());
  return z.object({
    kind: z.enum(["preference", "fact", "episode", "procedure", "todo"]),
    key: lenient ? z.string().min(1).max(128) : z.string(),
    content: lenient ? z.string().trim().min(1).max(2000) : z.string(),
    value: maybe(z.union([z.string(), z.number(), z.boolean()])),
    positive: maybe(z.boolean()),
    confidence: lenient ? z.number().min(0).max(1) : z.number(),
    messageIds: maybe(z.array(z.string())),
    stated: maybe(z.boolean()),
    transient: maybe(z.boolean()),
    expiresAt: maybe(z.string()),
    retrievalHints: maybe(z.array(z.string())),
    facts: maybe(
      lenient
        ? z
            .array(
              z.object({
                subject: z.string().trim().max(200),
                predicate: z.string().trim().max(64),
                object: z.string().trim().max(200),
              }),
            )
            .max(16)
        : z.array(z.object({ subject: z.string(), predicate: z.string(), object: z.string() })),
    ),
  });
}

/** Validates a reply. Unknown fields (a `scope`, a `userId`) are stripped, never read. */
export const ModelExtractionSchema = z.object({ memories: z.array(memorySchema(true)).max(50) });
/** Sent to `withStructuredOutput`. */
export const ModelExtractionRequestSchema = z.object({ memories: z.array(memorySchema(false)) });
export type ModelExtraction = z.infer<typeof ModelExtractionSchema>;

export interface ModelFailure {
  stage: "model";
  error: string;
  raw?: string;
}

export interface ModelExtractionResult {
  candidates: DraftCandidate[];
  failures: ModelFailure[];
  /** Model invocations attempted: 1, or 2 after a repair retry (or a fallback to JSON mode). */
  calls: number;
}

// Enough of a bad reply to debug it in a trace, not a whole runaway generation.
const MAX_RAW_CHARS = 4000;
const ISO_TIME = z.iso.datetime({ offset: true });

export const EXTRACTION_INSTRUCTIONS =
  `You extract long-term memories about the user from a conversation.
Reply with only a JSON object {"memories": [...]}; use an empty list when nothing is worth keeping. Each memory has:
- kind: "preference" | "fact" | "episode" | "procedure" | "todo"
- key: a dotted lowercase semantic key such as "food.cilantro", "communication.channel", "team.size", "project.codename"; ` +
  `a memory about someone or something else starts with them: "colleague.anna.location", "sister.job", "project.atlas.database"
- content: ONE atomic fact in third person, in the language of its message ("用户不吃香菜" / "The user does not eat cilantro"); ` +
  `name the speaker when messages carry a name; write relative dates as absolute dates using the message time
- value: the bare value behind the key ("Boston", "12", "short"), or null; one key holds one value at a time
- positive: false for negations (does not, never, 不)
- confidence: 0 to 1
- messageIds: the ids of the messages it comes from
- stated: true only when the user said it in so many words, false when you inferred it
- transient: true when it only holds for the current task ("for now", "这次")
- expiresAt: an ISO-8601 due time for todos, else null
- retrievalHints: up to 5 other words someone might search with, including translations
- facts: the relations the memory states between named things, as [{"subject", "predicate", "object"}] with the names as written ("user" for the user) ` +
  `and a predicate from leads, member_of, uses, lives_in, works_at, reports_to, for_client, status, same_as, funded_by, published_by, located_in, ` +
  `relation (another lowercase_word when none fits), e.g. {"subject": "Ilsa", "predicate": "leads", "object": "Atlas"}; else null
Skip greetings, thanks, questions, small talk and requests about the current task. ` +
  `Do not turn the assistant's own words into memories unless the user confirmed them. ` +
  `Bracketed placeholders such as [PHONE] or [EMAIL] stand for redacted data: keep them as they are and never guess what they hid. ` +
  `Never output user ids, tenant ids or scopes.`;

/** The one prompt of a batch: instructions, then every user and assistant message with id, role, speaker and time. */
export function buildExtractionPrompt(messages: readonly ChatMessage[]): BaseMessage[] {
  const lines = messages
    .filter((m) => m.role === "user" || m.role === "assistant")
    .map((m) => `[${m.id}] ${m.role}${m.name ? ` (${m.name})` : ""} at ${m.at}: ${m.content}`);
  return [new SystemMessage(EXTRACTION_INSTRUCTIONS), new HumanMessage(`Conversation:\n${lines.join("\n")}`)];
}

interface Attempt {
  parsed?: ModelExtraction;
  error?: string;
  raw?: string;
  /** The error was about the reply's shape, so a repair retry can help. */
  repairable: boolean;
}

type Invoke = (prompt: BaseMessage[]) => Promise<unknown>;

/**
 * Run the model layer over one batch. Never throws: failures come back in `failures`.
 * @example
 * import { ChatOpenAI } from "@langchain/openai";
 * declare const messages: ChatMessage[];
 * const { candidates, failures } = await extractWithModel(messages, new ChatOpenAI({ model: "gpt-4o-mini" }));
 */
export async function extractWithModel(
  messages: readonly ChatMessage[],
  model: BaseChatModel,
  options: { now?: () => Date; config?: RunnableConfig } = {},
): Promise<ModelExtractionResult> {
  const prompt = buildExtractionPrompt(messages);
  // Tagged nostream: when the write graph runs inside an agent, extraction JSON must not show up
  // in the agent's "messages" stream as if it were the agent talking.
  const config: RunnableConfig = {
    ...options.config,
    runName: "memory_extract",
    tags: [...(options.config?.tags ?? []), "langsmith:nostream"],
  };
  const structured = structuredInvoker(model, config);
  const json: Invoke = async (p) => model.invoke(p, config);
  const invoke = structured ?? json;
  let calls = 0;
  try {
    calls++;
    let attempt = await tryInvoke(invoke, prompt);
    if (attempt.error !== undefined && invoke !== json && isUnsupported(attempt.error)) {
      // The model claims structured output but cannot do it: JSON mode from a clean start.
      calls++;
      attempt = await tryInvoke(json, prompt);
    }
    if (attempt.error !== undefined && attempt.repairable) {
      // The repair goes through JSON mode whatever the first channel was: there the raw reply is
      // visible (it goes into the failure record) and code fences are tolerated.
      calls++;
      attempt = await tryInvoke(json, repairPrompt(prompt, attempt));
    }
    if (attempt.parsed) return { candidates: toCandidates(attempt.parsed, messages, options.now), failures: [], calls };
    return { candidates: [], failures: [failure(attempt.error ?? "no output", attempt.raw)], calls };
  } catch (error) {
    return { candidates: [], failures: [failure(messageOf(error))], calls };
  }
}

function structuredInvoker(model: BaseChatModel, config: RunnableConfig): Invoke | undefined {
  if (typeof model.withStructuredOutput !== "function") return undefined;
  try {
    const runnable = model.withStructuredOutput(ModelExtractionRequestSchema, {
      name: "extract_memories",
      includeRaw: true,
    });
    return async (p) => runnable.invoke(p, config);
  } catch {
    return undefined; // e.g. "Chat model must implement .bindTools()": JSON mode instead.
  }
}

async function tryInvoke(invoke: Invoke, prompt: BaseMessage[]): Promise<Attempt> {
  let output: unknown;
  try {
    output = await invoke(prompt);
  } catch (error) {
    const repairable =
      error instanceof SyntaxError || (error instanceof Error && error.name === "OutputParserException");
    return { error: messageOf(error), repairable };
  }
  let raw: string | undefined;
  let value: unknown = output;
  if (isMessage(output)) {
    raw = messageText(output);
    try {
      value = JSON.parse(stripFences(raw));
    } catch (error) {
      return { error: `reply is not JSON: ${messageOf(error)}`, raw: truncate(raw), repairable: true };
    }
  } else if (output !== null && typeof output === "object" && "raw" in output && "parsed" in output) {
    // withStructuredOutput(..., { includeRaw: true }): parsed is null when the provider's parser failed.
    raw = isMessage(output.raw) ? messageText(output.raw) : undefined;
    value = output.parsed;
    if (value === null && raw !== undefined) {
      try {
        value = JSON.parse(stripFences(raw));
      } catch {
        return { error: "reply could not be parsed as the requested structure", raw: truncate(raw), repairable: true };
      }
    }
  }
  const result = ModelExtractionSchema.safeParse(value);
  if (!result.success) {
    return {
      error: `reply failed validation: ${zodProblem(result.error, "(root)").text}`,
      raw: truncate(raw ?? safeStringify(value)),
      repairable: true,
    };
  }
  return { parsed: result.data, repairable: false };
}

function repairPrompt(prompt: BaseMessage[], attempt: Attempt): BaseMessage[] {
  const conversation = String(prompt[1]!.content);
  const previous = attempt.raw ? `\nYour previous reply was:\n${attempt.raw}` : "";
  return [
    prompt[0]!,
    new HumanMessage(
      `${conversation}\n\nYour previous reply could not be used: ${attempt.error}.${previous}\n` +
        `Reply again with only the corrected JSON object {"memories": [...]}: no prose, no code fences.`,
    ),
  ];
}

function toCandidates(
  extraction: ModelExtraction,
  messages: readonly ChatMessage[],
  now?: () => Date,
): DraftCandidate[] {
  const byId = new Map(messages.filter((m) => m.role === "user" || m.role === "assistant").map((m) => [m.id, m]));
  const userIds = [...byId.values()].filter((m) => m.role === "user").map((m) => m.id);
  const candidates: DraftCandidate[] = [];
  for (const memory of extraction.memories) {
    const cited = (memory.messageIds ?? []).filter((id) => byId.has(id));
    const fromUser = cited.some((id) => byId.get(id)!.role === "user");
    // Seed 004 §2: only the user's own words are explicit; an unattributed memory is an inference.
    const sourceType: SourceType =
      cited.length === 0
        ? "inferred"
        : !fromUser
          ? "agent_generated"
          : memory.stated === true && cited.every((id) => byId.get(id)!.role === "user")
            ? "explicit"
            : "inferred";
    const messageIds = cited.length > 0 ? cited : userIds;
    if (messageIds.length === 0) continue;
    const content = redactText(memory.content);
    const value = typeof memory.value === "string" ? redactText(memory.value) : undefined;
    const language = detectLanguage(content.text);
    const times = messageIds
      .map((id) => byId.get(id)?.at)
      .filter((t): t is string => t !== undefined)
      .sort();
    const hints = [
      ...(memory.retrievalHints ?? []).map((h) => redactText(h.trim()).text),
      ...retrievalHintsFor(content.text, language),
    ];
    // Keyed by whom it is about, as the rules' are (keys.ts); the model's own dimension stands.
    const keyed = keyFor(
      {
        kind: memory.kind,
        key: normalizeKey(memory.key, memory.kind, content.text),
        source: content.text,
        ...(memory.value !== undefined && memory.value !== null ? { value: memory.value } : {}),
      },
      { dimensions: false },
    );
    const candidate: DraftCandidate = {
      kind: memory.kind,
      key: keyed.key,
      content: content.text,
      language,
      positive: memory.positive ?? true,
      sourceType,
      messageIds,
      observedAt: times[times.length - 1] ?? (now ?? (() => new Date()))().toISOString(),
      confidence:
        sourceType === "agent_generated" ? Math.min(memory.confidence, AGENT_MAX_CONFIDENCE) : memory.confidence,
      importance: importanceOf(memory.kind, false, false),
      sensitivity: sensitivityOf([...content.findings, ...(value?.findings ?? [])].map((f) => f.type)),
      retrievalHints: [...new Set(hints)].filter((h) => h.length > 0 && h.length <= 200).slice(0, 8),
      extractor: "model",
    };
    if (memory.value !== undefined && memory.value !== null) candidate.value = value ? value.text : memory.value;
    else if (keyed.value !== undefined) candidate.value = keyed.value;
    if (memory.expiresAt && ISO_TIME.safeParse(memory.expiresAt).success) candidate.expiresAt = memory.expiresAt;
    if (memory.transient) candidate.signals = { transient: true };
    // The model's relations, redacted like the content; none for what only the assistant said
    // (the rules skip the assistant's sentences too).
    const facts = sourceType === "agent_generated" ? [] : factsOf(memory.facts ?? []);
    if (facts.length > 0) candidate.facts = facts;
    // One named speaker behind it: whose statement it is (see MemoryCandidate.speaker, speakerKey).
    const speakers = [
      ...new Set(messageIds.map((id) => byId.get(id)?.name).filter((n): n is string => n !== undefined)),
    ];
    if (speakers.length === 1) {
      candidate.speaker = speakers[0]!;
      candidate.key = speakerKey(candidate.key, speakers[0]!);
    }
    candidates.push(candidate);
  }
  return candidates;
}

const PREDICATE = /^[a-z][a-z_]{0,63}$/u;

/** Usable relations of a reply: named ends, a predicate word, redacted names, at most eight. */
function factsOf(facts: ReadonlyArray<{ subject: string; predicate: string; object: string }>) {
  const out: Array<{ subject: string; predicate: string; object: string }> = [];
  for (const f of facts) {
    const predicate = f.predicate
      .trim()
      .toLowerCase()
      .replace(/\s{1,8}/gu, "_");
    const subject = redactText(f.subject.trim()).text;
    const object = redactText(f.object.trim()).text;
    if (subject && object && PREDICATE.test(predicate)) out.push({ subject, predicate, object });
    if (out.length >= 8) break;
  }
  return out;
}

/** The model's key if it is a valid dotted key once lowercased, else `<kind>.<topic of the content>`. */
function normalizeKey(key: string, kind: string, content: string): string {
  const cleaned = key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace(/[^a-z0-9_.]/g, "")
    .replace(/\.{2,}/g, ".")
    .replace(/^\.|\.$/g, "");
  return MemoryKeySchema.safeParse(cleaned).success ? cleaned : `${kind}.${segmentOf(content)}`;
}

function isMessage(value: unknown): value is BaseMessage {
  return (
    value !== null &&
    typeof value === "object" &&
    "content" in value &&
    typeof (value as { getType?: unknown }).getType === "function"
  );
}

function messageText(message: BaseMessage): string {
  const toolArgs = (message as { tool_calls?: Array<{ args?: unknown }> }).tool_calls?.[0]?.args;
  if (toolArgs !== undefined && (typeof message.content !== "string" || message.content.length === 0))
    return safeStringify(toolArgs);
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((b) => (typeof b === "string" ? b : "text" in b && typeof b.text === "string" ? b.text : ""))
    .join("");
}

/** ```json … ``` fences and prose around the outermost object are dropped. */
export function stripFences(text: string): string {
  const open = text.indexOf("```");
  const close = open >= 0 ? text.indexOf("```", open + 3) : -1;
  const body = (close > open ? text.slice(open + 3, close).replace(/^json\b/i, "") : text).trim();
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  return start >= 0 && end > start ? body.slice(start, end + 1) : body;
}

function isUnsupported(error: string): boolean {
  return /not (?:yet )?implemented|not supported|does not support|bindTools|withStructuredOutput/i.test(error);
}

/** Raw replies go into traces, so they are redacted like everything else. */
function failure(error: string, raw?: string): ModelFailure {
  return raw === undefined ? { stage: "model", error } : { stage: "model", error, raw: redactText(raw).text };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function truncate(text: string): string {
  return text.length > MAX_RAW_CHARS ? `${text.slice(0, MAX_RAW_CHARS)}…` : text;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
