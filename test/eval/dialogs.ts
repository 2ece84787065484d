/**
 * The bilingual multi-session dialogs of eval/dialogs (see its README): validated with zod and
 * turned into an {@link EvalSet} whose message ids are `<dialog>:s<session>.<turn>`.
 */
import fs from "node:fs";
import { z } from "zod";
import { createRng } from "../bench/fixtures.js";
import type { EvalMessage, EvalSet, EvalUser, PlantedFact } from "./sets.js";

export const DIALOGS_DIR = new URL("../../eval/dialogs/", import.meta.url);

const FACT_TYPES = ["fact", "preference", "pet", "project", "plan", "convention", "relationship", "change"] as const;
const NOISE_TYPES = [
  "greeting",
  "chatter",
  "joke",
  "transient",
  "question",
  "hypothetical",
  "assistant-claim",
  "assistant-suggestion",
] as const;

const TurnSchema = z
  .object({
    u: z.string().min(1).optional(),
    a: z.string().min(1).optional(),
    fact: z.enum(FACT_TYPES).optional(),
    noise: z.enum(NOISE_TYPES).optional(),
    ref: z.string().min(1).optional(),
    keywords: z.array(z.string().min(1)).min(1).optional(),
    replaces: z.string().min(1).optional(),
  })
  .strict()
  .refine((t) => (t.u === undefined) !== (t.a === undefined), "a turn is either { u } or { a }")
  .refine((t) => !(t.fact && t.noise), "a turn is a fact or noise, not both")
  .refine((t) => !t.fact || (t.u !== undefined && t.ref !== undefined && t.keywords !== undefined), {
    message: "a fact is a user turn with a ref and keywords",
  })
  .refine((t) => (t.fact === "change") === (t.replaces !== undefined), "a change, and only a change, replaces a fact");

const DialogSchema = z
  .object({
    id: z.string().regex(/^(zh|en)-\d\d$/),
    language: z.enum(["zh", "en"]),
    about: z.string().min(1),
    sessions: z
      .array(z.object({ at: z.iso.datetime({ offset: true }), turns: z.array(TurnSchema).min(1) }).strict())
      .min(2),
    questions: z
      .array(
        z
          .object({
            q: z.string().min(1),
            evidence: z.array(z.string().min(1)).min(1),
            stale: z.array(z.string().min(1)).optional(),
            kind: z.enum(["user", "assistant"]),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();
export type Dialog = z.infer<typeof DialogSchema>;

/** Read and validate one dialog file; every ref a question or change names must exist. */
export function parseDialog(json: unknown, file = "(dialog)"): Dialog {
  const parsed = DialogSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  const dialog = parsed.data;
  const refs = new Set<string>();
  for (const session of dialog.sessions)
    for (const turn of session.turns) {
      if (turn.ref && refs.has(turn.ref)) throw new Error(`${file}: ref "${turn.ref}" is used twice`);
      if (turn.ref) refs.add(turn.ref);
    }
  const named = [
    ...dialog.sessions.flatMap((s) => s.turns.flatMap((t) => (t.replaces ? [t.replaces] : []))),
    ...dialog.questions.flatMap((q) => [...q.evidence, ...(q.stale ?? [])]),
  ];
  for (const ref of named) if (!refs.has(ref)) throw new Error(`${file}: ref "${ref}" names no turn`);
  return dialog;
}

/** Every dialog file, sorted by id. */
export function loadDialogs(dir: URL = DIALOGS_DIR): Dialog[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => parseDialog(JSON.parse(fs.readFileSync(new URL(name, dir), "utf8")), name));
}

/** One dialog as one user of the set. */
export function dialogUser(dialog: Dialog): EvalUser {
  const idOf = new Map<string, string>();
  const facts: PlantedFact[] = [];
  const noise: string[] = [];
  const replaced = new Set(dialog.sessions.flatMap((s) => s.turns.flatMap((t) => (t.replaces ? [t.replaces] : []))));
  const sessions = dialog.sessions.map((session, s) => {
    const messages: EvalMessage[] = session.turns.map((turn, t) => {
      const id = `${dialog.id}:s${s + 1}.${t + 1}`;
      if (turn.ref) idOf.set(turn.ref, id);
      if (turn.fact)
        facts.push({ messageId: id, keywords: turn.keywords ?? [], replaced: replaced.has(turn.ref ?? "") });
      if (turn.noise) noise.push(id);
      return turn.u !== undefined
        ? { id, role: "user", content: turn.u, at: session.at }
        : { id, role: "assistant", content: turn.a!, at: session.at };
    });
    return { id: `${dialog.id}:s${s + 1}`, at: session.at, messages };
  });
  const ids = (refs: readonly string[]) => refs.map((ref) => idOf.get(ref)!);
  return {
    id: dialog.id,
    language: dialog.language,
    sessions,
    facts,
    noise,
    probes: dialog.questions.map((q) => ({
      query: q.q,
      evidence: ids(q.evidence),
      ...(q.stale ? { stale: ids(q.stale) } : {}),
      kind: q.kind,
    })),
  };
}

/**
 * The two halves of the dialogs: `tuning` may be read while changing the code, `held-out` is only
 * measured, and the CI floors stand on it. Each language's dialogs are shuffled by a seeded
 * generator and split in two, the held-out half taking the odd one.
 */
export type DialogHalf = "tuning" | "held-out";
const SPLIT_SEED = 25;

export function dialogHalf(dialogs: readonly Dialog[], half: DialogHalf, seed = SPLIT_SEED): Dialog[] {
  const rand = createRng(seed);
  const out: Dialog[] = [];
  for (const language of ["zh", "en"] as const) {
    const shuffled = dialogs.filter((d) => d.language === language);
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const tuning = Math.floor(shuffled.length / 2);
    out.push(...(half === "tuning" ? shuffled.slice(0, tuning) : shuffled.slice(tuning)));
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** All dialogs, or one half of them, as an eval set. */
export function dialogSet(half?: DialogHalf, dialogs: readonly Dialog[] = loadDialogs()): EvalSet {
  const chosen = half ? dialogHalf(dialogs, half) : dialogs;
  return {
    id: half ? `dialogs-${half}` : "dialogs",
    label: half ? `Own dialogs, ${half === "tuning" ? "tuning" : "held-out"} half (zh + en)` : "Own dialogs (zh + en)",
    users: chosen.map(dialogUser),
    clock: "session",
    uniqueIds: true,
  };
}
