/**
 * The shapes of the LoCoMo-style conversation fixtures: dated sessions of alternating turns with
 * dialogue ids like "D1:3" (session 1, turn 3), and questions whose evidence is a few turns.
 */

export type QuestionCategory = "single-hop" | "temporal" | "multi-hop" | "paraphrase";

export interface EvalTurn {
  /** Dialogue id, "D<session>:<turn>". */
  id: string;
  speaker: string;
  text: string;
}

export interface EvalSession {
  /** When the session took place (relative dates resolve against it). */
  at: string;
  turns: EvalTurn[];
}

export interface EvalQuestion {
  question: string;
  category: QuestionCategory;
  /** Dialogue ids whose turns hold the answer. */
  evidence: string[];
}

export interface EvalConversation {
  id: string;
  speakers: [string, string];
  sessions: EvalSession[];
  questions: EvalQuestion[];
}

/** Turns alternate between the two speakers, first speaker first (or `first` when given). */
export function session(n: number, at: string, speakers: [string, string], texts: string[], first = 0): EvalSession {
  return {
    at,
    turns: texts.map((text, i) => ({ id: `D${n}:${i + 1}`, speaker: speakers[(i + first) % 2]!, text })),
  };
}
