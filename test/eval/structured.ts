/**
 * The structured-question dialogs of eval/structured (see its README): the format of
 * eval/dialogs plus a `class` on every question (`multi-hop`, `temporal`, `condition`), which
 * becomes the probe's `category`. Message ids are `<dialog>:s<session>.<turn>` as in the dialogs
 * set; dialog ids carry an `sx-` prefix so they never collide with it.
 */
import fs from "node:fs";
import { z } from "zod";
import { type Dialog, dialogUser, parseDialog } from "./dialogs.js";
import type { EvalSet, EvalUser } from "./sets.js";

export const STRUCTURED_DIR = new URL("../../eval/structured/", import.meta.url);

export const QUESTION_CLASSES = ["multi-hop", "temporal", "condition"] as const;
export type QuestionClass = (typeof QUESTION_CLASSES)[number];

/** What this set adds to a dialog file; the rest is checked by {@link parseDialog}. */
const AdditionsSchema = z.object({
  id: z.string().regex(/^sx-(zh|en)-\d\d$/),
  questions: z.array(z.object({ class: z.enum(QUESTION_CLASSES) }).loose()).min(1),
});

export interface StructuredDialog {
  dialog: Dialog;
  classes: QuestionClass[];
}

/** Read and validate one structured dialog file. */
export function parseStructured(json: unknown, file = "(structured dialog)"): StructuredDialog {
  const additions = AdditionsSchema.safeParse(json);
  if (!additions.success) throw new Error(`${file}: ${z.prettifyError(additions.error)}`);
  const { id, questions } = additions.data;
  const classes = questions.map((q) => q.class);
  // parseDialog knows ids of the form `zh-01` and questions without a class: hand it those, then
  // put the real id back so that message ids carry the `sx-` prefix.
  const plain = {
    ...(json as Record<string, unknown>),
    id: id.slice("sx-".length),
    questions: questions.map(({ class: _class, ...q }) => q),
  };
  const dialog = parseDialog(plain, file);
  if (dialog.language !== id.slice(3, 5)) throw new Error(`${file}: id ${id} and language ${dialog.language} differ`);
  return { dialog: { ...dialog, id }, classes };
}

/** Every structured dialog file, sorted by id. */
export function loadStructured(dir: URL = STRUCTURED_DIR): StructuredDialog[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => parseStructured(JSON.parse(fs.readFileSync(new URL(name, dir), "utf8")), name));
}

/** One structured dialog as one user of the set, each probe labelled with its question's class. */
export function structuredUser({ dialog, classes }: StructuredDialog): EvalUser {
  const user = dialogUser(dialog);
  return { ...user, probes: user.probes.map((probe, i) => ({ ...probe, category: classes[i] })) };
}

export function structuredSet(dir?: URL): EvalSet {
  return {
    id: "structured",
    label: "Own structured questions (zh + en)",
    users: loadStructured(dir).map(structuredUser),
    clock: "session",
    uniqueIds: true,
  };
}
