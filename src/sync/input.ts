/**
 * What a business system may sync (seed 004 §1–2: 业务事实只从系统同步): facts keyed like memories,
 * each with when the system observed it, validated whole before anything is written. Texts are
 * redacted here, at the boundary, as the write graph redacts messages: no raw phone number or
 * card reaches a checkpoint, a node or the store.
 */
import { z } from "zod";
import { InvalidInputError, zodProblem } from "../errors.js";
import { redactText, sensitivityOf } from "../redact.js";
import { BusinessKeySchema, type Sensitivity } from "../schema.js";
import { DAY_MS } from "../time.js";

/** Not from a seed: a user's facts from one system in one call; larger loads are several calls. */
export const MAX_SYNC_FACTS = 10_000;
/**
 * How far past the clock an observation may lie, as for messages (src/messages.ts): a fact dated
 * next year would make every real update of its key look stale until then.
 */
const MAX_FUTURE_MS = DAY_MS;
/** How many problems one refusal lists (a file of 5,000 bad lines does not make a 5,000-line message). */
const MAX_LISTED_PROBLEMS = 20;

export const SYNC_MODES = ["upsert", "snapshot"] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

const isoTime = z.iso.datetime({ offset: true });
/** An ISO-8601 time with an offset, or a Date; stored as UTC ISO. */
const time = z
  .union([isoTime, z.date().refine((date) => !Number.isNaN(date.getTime()), "must be a valid Date")])
  .transform((value) => new Date(value).toISOString());

/**
 * One fact as a system sends it.
 * @example
 * const shipped: SyncFactInput = {
 *   key: "order.a1029.status",
 *   content: "订单 A1029 已发货",
 *   value: "shipped",
 *   reference: "ERP-88",
 *   observedAt: "2026-03-01T09:00:00Z",
 * };
 * const retired: SyncFactInput = { key: "order.a1029.status", retire: true, observedAt: "2026-04-01T09:00:00Z" };
 */
export const SyncFactSchema = z
  .object({
    /**
     * The fact's identity: a new value under the same key is its next version. The system's own
     * spelling, kept and compared exactly (`order.A1001.status` is not `order.a1001.status`):
     * see BusinessKeySchema.
     */
    key: BusinessKeySchema,
    /** The sentence recall injects; required unless `retire`. */
    content: z.string().trim().min(1).max(2000).optional(),
    /** The bare value (`"shipped"`, `3`, `true`); with `content`, what makes two syncs the same fact. */
    value: z.union([z.string().max(500), z.number().finite(), z.boolean()]).optional(),
    /** The system's own reference: an order number, a contract id, a revision. */
    reference: z.string().trim().min(1).max(200).optional(),
    /** When the system observed it; an observation older than the active version changes nothing. */
    observedAt: time,
    /** When it stops holding; recall drops it then and maintenance archives it. */
    expiresAt: time.optional(),
    /** The system no longer reports the fact: the active version is archived. */
    retire: z.boolean().optional(),
  })
  .strict()
  .superRefine((fact, ctx) => {
    if (!fact.retire && fact.content === undefined)
      ctx.addIssue({ code: "custom", path: ["content"], message: "is required unless retire is true" });
    if (fact.expiresAt !== undefined && Date.parse(fact.expiresAt) <= Date.parse(fact.observedAt))
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "must be after observedAt" });
  });
export type SyncFactInput = z.input<typeof SyncFactSchema>;

/** A validated, redacted fact, in the order it is applied. */
export interface SyncFact {
  key: string;
  /** Absent only on a retirement. */
  content?: string;
  value?: string | number | boolean;
  reference?: string;
  /** UTC ISO. */
  observedAt: string;
  expiresAt?: string;
  retire: boolean;
  /** Of what redaction found in its texts. */
  sensitivity: Sensitivity;
  /** Where it came from, for messages: `facts.3`, `line 4`. */
  where: string;
}

/** A system's name as records and history keep it: `crm`, `erp-prod`, `salesforce.eu`. */
export const SystemNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "must be 1–64 letters, digits, '_', '.' or '-'");

/** Validate a system name. @throws {InvalidInputError} */
export function parseSystem(system: unknown): string {
  const parsed = SystemNameSchema.safeParse(system);
  if (parsed.success) return parsed.data;
  throw new InvalidInputError(`Invalid sync system: ${zodProblem(parsed.error, "system").text}.`, {
    field: "system",
  });
}

/** Validate a sync mode (absent: upsert). @throws {InvalidInputError} */
export function parseMode(mode: unknown): SyncMode {
  if (mode === undefined || mode === null) return "upsert";
  if ((SYNC_MODES as readonly unknown[]).includes(mode)) return mode as SyncMode;
  throw new InvalidInputError(`Invalid sync mode ${JSON.stringify(mode)}: expected "upsert" or "snapshot".`, {
    field: "mode",
  });
}

/**
 * Validate the facts of one sync call: every one of them, so a refusal lists what to fix and
 * nothing is written.
 * @throws {InvalidInputError} naming each bad fact (`facts.3.observedAt`).
 * @example
 * parseSyncFacts([{ key: "contract.acme.status", content: "与 Acme 的合同已签署", observedAt: "2026-03-01T09:00:00Z" }]);
 */
export function parseSyncFacts(facts: unknown, now: () => Date = () => new Date()): SyncFact[] {
  if (!Array.isArray(facts)) {
    throw new InvalidInputError(`sync() expects an array of facts; received ${describe(facts)}.`, { field: "facts" });
  }
  return validateAll(
    facts.map((fact, i) => ({ input: fact, where: `facts.${i}` })),
    "facts",
    now,
  );
}

/**
 * Read a JSON Lines text of facts (one JSON object a line; blank lines skipped), every line
 * validated and every problem named by its line, and return them as `sync()` takes them.
 * @throws {InvalidInputError} listing the bad lines.
 * @example
 * import fs from "node:fs";
 * import type { Memory } from "../memory.js";
 * declare const memory: Memory;
 * const scope = { userId: "u1" };
 * const facts = parseFactLines(fs.readFileSync("facts.jsonl", "utf8"));
 * await memory.sync(scope, facts, { system: "erp" });
 */
export function parseFactLines(text: string, now: () => Date = () => new Date()): SyncFactInput[] {
  const entries: Array<{ input: unknown; where: string }> = [];
  const problems: Problem[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line.length === 0) return;
    const where = `line ${i + 1}`;
    try {
      entries.push({ input: JSON.parse(line), where });
    } catch (error) {
      problems.push({ field: where, text: `${where}: not JSON (${(error as Error).message})` });
    }
  });
  if (problems.length > 0) throw refusal("facts file", problems);
  validateAll(entries, "facts file", now);
  return entries.map((entry) => entry.input as SyncFactInput);
}

function validateAll(
  entries: ReadonlyArray<{ input: unknown; where: string }>,
  what: string,
  now: () => Date,
): SyncFact[] {
  if (entries.length > MAX_SYNC_FACTS) {
    throw new InvalidInputError(
      `A sync takes at most ${MAX_SYNC_FACTS} facts; received ${entries.length}. Split the load into several calls (a snapshot must fit one).`,
      { field: "facts", limit: MAX_SYNC_FACTS, received: entries.length },
    );
  }
  const facts: SyncFact[] = [];
  const problems: Problem[] = [];
  for (const { input, where } of entries) {
    const parsed = SyncFactSchema.safeParse(input);
    if (parsed.success) facts.push(redacted(parsed.data, where));
    else {
      // An issue of the whole fact (an unknown field) has no path: it is named by where it is.
      const { field, text } = zodProblem(parsed.error, where);
      const whole = field === where;
      problems.push({
        field: whole ? where : `${where}.${field}`,
        text: `${where}: ${whole ? parsed.error.issues[0]!.message : text}`,
      });
    }
  }
  const latest = now().getTime() + MAX_FUTURE_MS;
  for (const fact of facts) {
    if (Date.parse(fact.observedAt) > latest)
      problems.push({
        field: `${fact.where}.observedAt`,
        text: `${fact.where}: field 'observedAt' lies in the future (${fact.observedAt}, more than a day past now)`,
      });
  }
  problems.push(...sameTimeTwice(facts));
  if (problems.length > 0) throw refusal(what, problems);
  // Versions are applied in the order the system observed them.
  return facts.sort((a, b) => Date.parse(a.observedAt) - Date.parse(b.observedAt));
}

/** Two values of one key observed at the same instant: which one holds is undecidable. */
function sameTimeTwice(facts: readonly SyncFact[]): Problem[] {
  const seen = new Map<string, SyncFact>();
  const problems: Problem[] = [];
  for (const fact of facts) {
    const id = `${fact.key}@${Date.parse(fact.observedAt)}`;
    const first = seen.get(id);
    if (!first) seen.set(id, fact);
    else
      problems.push({
        field: `${fact.where}.observedAt`,
        text: `${fact.where}: key '${fact.key}' is also observed at ${fact.observedAt} in ${first.where}`,
      });
  }
  return problems;
}

function redacted(fact: z.output<typeof SyncFactSchema>, where: string): SyncFact {
  const texts = [fact.content, typeof fact.value === "string" ? fact.value : undefined, fact.reference];
  const results = texts.map((text) => (text === undefined ? undefined : redactText(text)));
  const [content, value, reference] = results;
  return {
    key: fact.key,
    ...(content ? { content: content.text } : {}),
    ...(fact.value !== undefined ? { value: value ? value.text : fact.value } : {}),
    ...(reference ? { reference: reference.text } : {}),
    observedAt: fact.observedAt,
    ...(fact.expiresAt ? { expiresAt: fact.expiresAt } : {}),
    retire: fact.retire ?? false,
    sensitivity: sensitivityOf(results.flatMap((r) => r?.findings.map((f) => f.type) ?? [])),
    where,
  };
}

/** One thing wrong with the input: `field` for programs (`facts.3.observedAt`), `text` for people. */
interface Problem {
  field: string;
  text: string;
}

function refusal(what: string, problems: readonly Problem[]): InvalidInputError {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const more = problems.length - listed.length;
  const lines = listed.map((p) => p.text).join("\n  ");
  return new InvalidInputError(
    `Invalid sync ${what}, nothing written (${problems.length} ` +
      `problem${problems.length === 1 ? "" : "s"}):\n  ` +
      `${lines}${more > 0 ? `\n  … and ${more} more` : ""}\nExpected one { key, content, value?, ` +
      `reference?, observedAt, expiresAt?, retire? } per fact.`,
    { field: listed[0]!.field, problems: listed },
  );
}

function describe(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}
