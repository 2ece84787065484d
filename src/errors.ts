/**
 * The one error catalogue of langgraph-memory.
 *
 * Every error the library throws on purpose is a {@link MemoryError} with a stable `code`
 * from {@link ErrorCode}. Messages say what was expected and what was received.
 * Namespace errors additionally extend LangGraph's own `InvalidNamespaceError`, so code
 * written against `BaseStore` keeps catching what it already catches.
 */
import { InvalidNamespaceError as LangGraphInvalidNamespaceError } from "@langchain/langgraph-checkpoint";

export const ErrorCode = {
  /** A namespace or namespace prefix broke LangGraph's rules (empty label, `.`, `:`, NUL, ...). */
  INVALID_NAMESPACE: "INVALID_NAMESPACE",
  /** A stored value is not a plain JSON object (functions, BigInt, cycles, NaN, class instances). */
  INVALID_VALUE: "INVALID_VALUE",
  /** A stored value is larger than the store's `maxValueBytes`. */
  VALUE_TOO_LARGE: "VALUE_TOO_LARGE",
  /** An embedding did not have the configured number of dimensions. */
  DIMENSION_MISMATCH: "DIMENSION_MISMATCH",
  /** An embedding held NaN, Infinity or only zeros. */
  INVALID_VECTOR: "INVALID_VECTOR",
  /** A store operation was malformed (unknown shape, bad limit/offset, bad filter operator). */
  INVALID_OPERATION: "INVALID_OPERATION",
  /** The store was used after `stop()`. */
  STORE_CLOSED: "STORE_CLOSED",
  /** Another live process holds the store directory. */
  STORE_LOCKED: "STORE_LOCKED",
  /**
   * Another process held a user's memory (PostgreSQL scope lock) longer than the store waits
   * (`lockTimeoutMs`): nothing was written; retry.
   */
  SCOPE_BUSY: "SCOPE_BUSY",
  /** The store directory could not be opened or its files are unreadable. */
  STORE_CORRUPT: "STORE_CORRUPT",
  /** A memory record failed schema validation. */
  INVALID_RECORD: "INVALID_RECORD",
  /** Options passed to a factory or constructor were invalid. */
  INVALID_CONFIG: "INVALID_CONFIG",
  /** Input handed to a graph or the facade was invalid (no messages, unknown role, too large). */
  INVALID_INPUT: "INVALID_INPUT",
  /** A model call failed or its output could not be validated, even after a repair retry. */
  MODEL_OUTPUT: "MODEL_OUTPUT",
  /** A record, pending conflict or trace that was asked for does not exist in this scope. */
  NOT_FOUND: "NOT_FOUND",
  /** A session or task id that another scope owns (a thread is never shared between users). */
  THREAD_OWNED: "THREAD_OWNED",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Base class of every deliberate error in langgraph-memory. */
export class MemoryError extends Error {
  readonly code: ErrorCode;
  /** Structured detail (field path, expected, received) for programs; the message is for people. */
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MemoryError";
    this.code = code;
    this.details = details;
  }
}

/** A namespace broke LangGraph's rules. Also an instance of LangGraph's `InvalidNamespaceError`. */
export class InvalidNamespaceError extends LangGraphInvalidNamespaceError {
  readonly code = ErrorCode.INVALID_NAMESPACE;
  constructor(message: string) {
    super(message);
    this.name = "InvalidNamespaceError";
  }
}

export class InvalidValueError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(ErrorCode.INVALID_VALUE, message, details);
    this.name = "InvalidValueError";
  }
}

export class ValueTooLargeError extends MemoryError {
  constructor(bytes: number, limit: number, details?: Record<string, unknown>) {
    super(
      ErrorCode.VALUE_TOO_LARGE,
      `Value is ${bytes} bytes of JSON; the store accepts at most ${limit} (option maxValueBytes).`,
      { bytes, limit, ...details },
    );
    this.name = "ValueTooLargeError";
  }
}

export class DimensionMismatchError extends MemoryError {
  constructor(expected: number, received: number, details?: Record<string, unknown>) {
    super(
      ErrorCode.DIMENSION_MISMATCH,
      `Embedding has ${received} dimensions; the index was configured with dims=${expected}.`,
      { expected, received, ...details },
    );
    this.name = "DimensionMismatchError";
  }
}

export class InvalidVectorError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(ErrorCode.INVALID_VECTOR, message, details);
    this.name = "InvalidVectorError";
  }
}

export class InvalidOperationError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(ErrorCode.INVALID_OPERATION, message, details);
    this.name = "InvalidOperationError";
  }
}

export class StoreClosedError extends MemoryError {
  constructor() {
    super(ErrorCode.STORE_CLOSED, "The store has been stopped; create a new one (or call start()) to use it again.");
    this.name = "StoreClosedError";
  }
}

export class StoreLockedError extends MemoryError {
  constructor(dir: string) {
    super(
      ErrorCode.STORE_LOCKED,
      `Store directory ${dir} is in use by another process or another open store; one may open a directory at a time.`,
      { dir },
    );
    this.name = "StoreLockedError";
  }
}

/**
 * A user's scope lock (PostgresStore, shared by every process on the database) stayed taken
 * longer than the store waits for it. The task did not run, so nothing was written.
 */
export class ScopeBusyError extends MemoryError {
  constructor(scope: string, waitedMs: number) {
    super(
      ErrorCode.SCOPE_BUSY,
      `Another process has held this user's memory for over ${waitedMs} ms (scope lock ` +
        `${JSON.stringify(scope)}); nothing was written. Retry, or raise the store's lockTimeoutMs.`,
      { scope, waitedMs },
    );
    this.name = "ScopeBusyError";
  }
}

export class StoreCorruptError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>, cause?: unknown) {
    super(ErrorCode.STORE_CORRUPT, message, details, { cause });
    this.name = "StoreCorruptError";
  }
}

export class InvalidRecordError extends MemoryError {
  /** Dotted path of the first offending field, e.g. `source.type`. */
  readonly field: string;
  constructor(field: string, message: string, details?: Record<string, unknown>) {
    super(ErrorCode.INVALID_RECORD, message, { field, ...details });
    this.name = "InvalidRecordError";
    this.field = field;
  }
}

export class InvalidConfigError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(ErrorCode.INVALID_CONFIG, message, details);
    this.name = "InvalidConfigError";
  }
}

export class InvalidInputError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(ErrorCode.INVALID_INPUT, message, details);
    this.name = "InvalidInputError";
  }
}

export class ModelOutputError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>, cause?: unknown) {
    super(ErrorCode.MODEL_OUTPUT, message, details, { cause });
    this.name = "ModelOutputError";
  }
}

export class NotFoundError extends MemoryError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(ErrorCode.NOT_FOUND, message, details);
    this.name = "NotFoundError";
  }
}

/**
 * A session or task id that belongs to another scope: one user can neither resume nor claim
 * another user's thread. The message never names the owner.
 */
export class ThreadOwnedError extends MemoryError {
  constructor(kind: "session" | "task", id: string) {
    super(
      ErrorCode.THREAD_OWNED,
      `The ${kind} id ${JSON.stringify(id)} belongs to another user; a user can only use their own ${kind}s. ${
        kind === "task" ? "Start a task without taskId to get a new id." : "Open a session with a new id."
      }`,
      { kind, id },
    );
    this.name = "ThreadOwnedError";
  }
}

/** True for any deliberate langgraph-memory error, including namespace errors. */
export function isMemoryError(error: unknown): error is MemoryError | InvalidNamespaceError {
  return error instanceof MemoryError || error instanceof InvalidNamespaceError;
}

/** What a failed zod parse says, ready for a message: where, what, and every issue for `details`. */
export interface ZodProblem {
  /** Dotted path of the first issue (`weights.novelty`), or the root label. */
  field: string;
  /** `field 'weights.novelty' Too big: expected number to be <=1` */
  text: string;
  issues: Array<{ path: string; message: string }>;
}

/**
 * The one way a zod failure becomes part of an error message.
 * @param root how to name the whole value when the first issue has no path (`(options)`).
 * @example
 * import { z } from "zod";
 * declare const input: unknown;
 * const parsed = z.object({ maxTokens: z.number().int().positive() }).strict().safeParse(input);
 * if (!parsed.success) {
 *   const problem = zodProblem(parsed.error, "(budgets)");
 *   throw new InvalidConfigError(`Invalid budgets: ${problem.text}.`, { field: problem.field });
 * }
 */
export function zodProblem(
  error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> },
  root: string,
): ZodProblem {
  const pathOf = (path: PropertyKey[]): string => path.map(String).join(".");
  const first = error.issues[0];
  const field = (first && pathOf(first.path)) || root;
  return {
    field,
    text: `field '${field}' ${first?.message ?? "is invalid"}`,
    issues: error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message })),
  };
}

/** A zod schema as {@link parseInput} needs it (errors.ts does not import zod). */
interface SafeParser<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * Validate one argument of a facade call.
 * @param expected the shape the call takes, for the message: `{ reason? }`.
 * @throws {InvalidInputError} saying which call, what it takes and the first problem.
 * @example
 * import { z } from "zod";
 * declare const options: { reason?: string } | undefined;
 * const DeleteOptionsSchema = z.object({ reason: z.string().max(500).optional() }).strict();
 * const { reason } = parseInput(DeleteOptionsSchema, options ?? {}, "delete", "{ reason? }");
 */
export function parseInput<T>(schema: SafeParser<T>, value: unknown, call: string, expected: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, text } = zodProblem(parsed.error, "(input)");
  throw new InvalidInputError(`${call}() takes ${expected}: ${text}.`, { field });
}
