/**
 * The one protocol of `npm run eval`, whatever the system: every user's sessions are written
 * first (one `remember` per session, all users in one store), then every probe is one recall
 * of `RECALL_LIMIT` items, so that a question may meet any other user's data. What comes back is
 * kept raw; test/eval/metrics.ts turns it into figures.
 */
import type { EvalProbe, EvalSet, EvalUser } from "./sets.js";
import type { EvalSystem, Kept, Recalled } from "./systems.js";

export const RECALL_LIMIT = 10;
const DAY_MS = 86_400_000;

/** The clock a system reads (`undefined`: the real time). The protocol moves it. */
export interface EvalClock {
  current?: number;
}
export const clockFn = (clock: EvalClock) => (): Date => new Date(clock.current ?? Date.now());

export interface ProbeRun {
  user: EvalUser;
  probe: EvalProbe;
  recalled: Recalled[];
}

export interface SetRun {
  set: EvalSet;
  system: string;
  probes: ProbeRun[];
  /** Everything the system kept, per user id. */
  kept: Map<string, Kept[]>;
  seconds: number;
}

export interface RunOptions {
  clock?: EvalClock;
  /** A line per user, for long runs (stderr). */
  progress?: (line: string) => void;
}

const lastSession = (user: EvalUser): number => Math.max(...user.sessions.map((s) => Date.parse(s.at)));

export async function runSet(system: EvalSystem, set: EvalSet, options: RunOptions = {}): Promise<SetRun> {
  const started = performance.now();
  const clock = options.clock ?? {};
  const at = (ms: number | undefined) => {
    clock.current = set.clock === "session" ? ms : undefined;
  };
  let done = 0;
  for (const user of set.users) {
    for (const session of user.sessions) {
      at(Date.parse(session.at) + DAY_MS);
      await system.remember(user, session, session.messages);
    }
    done += 1;
    options.progress?.(`${system.name} · ${set.id}: wrote ${done}/${set.users.length} users`);
  }
  const probes: ProbeRun[] = [];
  const kept = new Map<string, Kept[]>();
  for (const user of set.users) {
    at(lastSession(user) + DAY_MS);
    for (const probe of user.probes)
      probes.push({ user, probe, recalled: await system.recall(user, probe.query, RECALL_LIMIT) });
    kept.set(user.id, await system.kept(user));
  }
  at(undefined);
  options.progress?.(`${system.name} · ${set.id}: ${probes.length} questions asked`);
  return { set, system: system.name, probes, kept, seconds: (performance.now() - started) / 1000 };
}
