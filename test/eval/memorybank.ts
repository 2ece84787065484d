/**
 * The MemoryBank development split (eval/memorybank-dev, MIT) as an {@link EvalSet}, by the
 * protocol of its README: one scope per user, one session per date with the day's turns as
 * `"<date>#<i>q"` (the user) and `"<date>#<i>r"` (the companion) at 10:00 UTC + i minutes (the
 * reply 30 s later), one probe per annotated question; `unanswerable` questions are skipped.
 */
import fs from "node:fs";
import { z } from "zod";
import type { EvalSet, EvalUser } from "./sets.js";

export const MEMORYBANK_DIR = new URL("../../eval/memorybank-dev/", import.meta.url);

const ConversationsSchema = z.object({
  conversations: z.array(
    z.object({
      user: z.string().min(1),
      history: z.record(z.string(), z.array(z.object({ query: z.string(), response: z.string() }))),
    }),
  ),
});
const EvidenceSchema = z.object({
  items: z.array(
    z.object({
      lang: z.enum(["cn", "en"]),
      user: z.string(),
      question: z.string().min(1),
      evidence: z.array(z.string()),
      kind: z.enum(["user", "assistant", "unanswerable"]),
    }),
  ),
});

/**
 * A question that names a calendar date ("在5月2号…", "On May 4th, …") is reported as its own
 * class, `date-conditioned`: its answer depends on the day, not on similar words. Decided by
 * this pattern, not by the product's own date reader, so the class does not move with it.
 */
const NAMES_A_DATE =
  /\d{1,2}\s{0,1}月\s{0,1}\d{1,2}\s{0,1}[日号]|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s{1,2}\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s{1,2}of\s{1,2}(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/u;

const read = (dir: URL, name: string): unknown => JSON.parse(fs.readFileSync(new URL(name, dir), "utf8"));
const MINUTE_MS = 60_000;

export function memoryBankSet(dir: URL = MEMORYBANK_DIR): EvalSet {
  const { items } = EvidenceSchema.parse(read(dir, "evidence.json"));
  const users: EvalUser[] = [];
  for (const lang of ["cn", "en"] as const) {
    const { conversations } = ConversationsSchema.parse(read(dir, `conversations.${lang}.json`));
    for (const conversation of conversations) {
      const sessions = Object.keys(conversation.history)
        .sort()
        .filter((date) => conversation.history[date]!.length > 0)
        .map((date) => {
          const base = Date.parse(`${date}T10:00:00Z`);
          const messages = conversation.history[date]!.flatMap((turn, i) => [
            {
              id: `${date}#${i}q`,
              role: "user" as const,
              content: turn.query,
              at: new Date(base + i * MINUTE_MS).toISOString(),
            },
            {
              id: `${date}#${i}r`,
              role: "assistant" as const,
              content: turn.response,
              at: new Date(base + i * MINUTE_MS + 30_000).toISOString(),
            },
          ]);
          return { id: date, at: new Date(base).toISOString(), messages };
        });
      const probes = items
        .filter((item) => item.lang === lang && item.user === conversation.user && item.kind !== "unanswerable")
        .filter((item) => item.evidence.length > 0)
        .map((item) => ({
          query: item.question,
          evidence: item.evidence,
          kind: item.kind as "user" | "assistant",
          ...(NAMES_A_DATE.test(item.question) ? { category: "date-conditioned" } : {}),
        }));
      users.push({
        // Scope ids may not contain '.', ':' or NUL; the two languages' users stay apart.
        id: `${lang}-${conversation.user.replace(/[\s.:]+/g, "_")}`,
        language: lang === "cn" ? "zh" : "en",
        sessions,
        probes,
      });
    }
  }
  return { id: "memorybank", label: "MemoryBank dev split (zh + en)", users, clock: "wall", uniqueIds: false };
}
