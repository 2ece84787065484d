/**
 * The one shape every data set of `npm run eval` is turned into, so that one protocol
 * (test/eval/protocol.ts) runs every system on every set: users, each with sessions (one
 * `remember` call each) and probe questions whose evidence is a list of message ids; optionally
 * the planted facts and noise of the write-side annotation.
 */

export interface EvalMessage {
  /** Unique within the set when the set can tell users apart by ids (see {@link EvalSet.uniqueIds}). */
  id: string;
  role: "user" | "assistant";
  content: string;
  /** Message time; relative dates resolve against it. */
  at?: string;
  /** The speaker, when several people talk. */
  name?: string;
}

export interface EvalSession {
  /** Passed to `remember` as `sessionId`; batches of one session share it. */
  id: string;
  /** When the session took place: the clock of a `session`-clocked set is set from it. */
  at: string;
  messages: EvalMessage[];
}

export type ProbeKind = "user" | "assistant";

export interface EvalProbe {
  query: string;
  /** Message ids whose turns answer the question. */
  evidence: string[];
  /** Message ids of an outdated value that must not be recalled without the current one above it. */
  stale?: string[];
  /** Where the evidence lies: the user's words or the companion's. */
  kind: ProbeKind;
  /** A finer label for the report (a fixture's question category). */
  category?: string;
}

export interface PlantedFact {
  messageId: string;
  keywords: string[];
  /** True when a later statement replaced it: stored counts even if it is no longer active. */
  replaced: boolean;
}

export interface EvalUser {
  /** Scope user id; also the owner named in pollution checks. */
  id: string;
  language: "zh" | "en";
  sessions: EvalSession[];
  probes: EvalProbe[];
  facts?: PlantedFact[];
  /** Message ids that should leave no active memory about the user. */
  noise?: string[];
}

export interface EvalSet {
  /** Stable key in the JSON report and chart file names. */
  id: string;
  /** Row label of the table. */
  label: string;
  users: EvalUser[];
  /**
   * `wall`: the facade keeps the real clock. `session`: the clock stands one day after the
   * session being written, and one day after the user's last session while their questions are
   * asked (a live assistant; dated plans have not expired yet).
   */
  clock: "wall" | "session";
  /** Message ids are unique across users, so a recalled id names its owner. */
  uniqueIds: boolean;
}

/** Map every message id to its owner, when ids are unique across the set. */
export function ownersOf(set: EvalSet): Map<string, string> {
  const owners = new Map<string, string>();
  if (!set.uniqueIds) return owners;
  for (const user of set.users)
    for (const session of user.sessions) for (const message of session.messages) owners.set(message.id, user.id);
  return owners;
}

/** A quick slice: the first `perLanguage` users of each language. */
export function sliceUsers(set: EvalSet, perLanguage: number): EvalSet {
  const taken = { zh: 0, en: 0 };
  const users = set.users.filter((user) => taken[user.language]++ < perLanguage);
  return { ...set, users };
}
