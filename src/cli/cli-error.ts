/** The CLI's own errors: a message for the operator and the exit code to leave with. */

/** Exit code for a usage error (unknown command or option, missing argument). */
export const USAGE = 2;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
