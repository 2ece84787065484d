/**
 * One process per store directory: the HNSW graphs live in memory and are written back on
 * flush, so two writers would overwrite each other's files. A lock left by a killed process
 * (its pid no longer alive) is taken over.
 */
import fs from "node:fs";
import path from "node:path";
import { StoreLockedError } from "../errors.js";

const heldHere = new Set<string>();

export function acquireLock(dir: string): void {
  const file = path.join(dir, "LOCK");
  if (heldHere.has(dir)) throw new StoreLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      heldHere.add(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new StoreLockedError(dir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new StoreLockedError(dir, -1);
}

export function releaseLock(dir: string): void {
  if (!heldHere.delete(dir)) return;
  fs.rmSync(path.join(dir, "LOCK"), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
