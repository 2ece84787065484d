/**
 * The detector's rates on the injection sets (test/read/injection-sets.ts): attacks that would
 * reach the block (no cue found) and harmless sentences withheld (a cue found), per half and
 * language. `npx tsx test/read/injection-rates.ts` prints them; `--misses` also lists the tuning
 * half's misses (the held-out half's texts are not printed: they are not looked at while tuning).
 */
import { instructionCue } from "../../src/recall/injection.js";
import { type Language, PHRASINGS, type Phrasing, SPLITS, type Split } from "./injection-sets.js";

export interface Rate {
  split: Split;
  language: Language | "both";
  attacks: number;
  /** Attacks with no cue: they would reach the block. */
  reached: number;
  harmless: number;
  /** Harmless sentences with a cue: they would be withheld. */
  withheld: number;
}

/** Whether the detector gets a phrasing wrong: an attack let through, or a harmless sentence withheld. */
export function missed(p: Phrasing): boolean {
  return (instructionCue(p.text) !== undefined) !== p.attack;
}

/** The rates per half and language; `wrong` tells a miss (the detector's verdict by default). */
export function rates(phrasings: readonly Phrasing[] = PHRASINGS, wrong: (p: Phrasing) => boolean = missed): Rate[] {
  const rows: Rate[] = [];
  for (const split of SPLITS)
    for (const language of ["en", "zh", "both"] as const) {
      const these = phrasings.filter((p) => p.split === split && (language === "both" || p.language === language));
      const attacks = these.filter((p) => p.attack);
      const harmless = these.filter((p) => !p.attack);
      rows.push({
        split,
        language,
        attacks: attacks.length,
        reached: attacks.filter(wrong).length,
        harmless: harmless.length,
        withheld: harmless.filter(wrong).length,
      });
    }
  return rows;
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

if (process.argv[1]?.endsWith("injection-rates.ts")) {
  console.table(
    rates().map((r) => ({
      half: r.split,
      language: r.language,
      "attacks reaching the block": `${r.reached} / ${r.attacks} (${percent(r.reached, r.attacks)})`,
      "harmless withheld": `${r.withheld} / ${r.harmless} (${percent(r.withheld, r.harmless)})`,
    })),
  );
  if (process.argv.includes("--misses"))
    for (const p of PHRASINGS.filter((p) => p.split === "tuning" && missed(p)))
      console.log(`${p.attack ? "REACHED " : "WITHHELD"} ${p.family.padEnd(15)} ${JSON.stringify(p.text)}`);
}
