/**
 * Embedding checks at the store boundary: the right length, finite, not all zeros; stored
 * as unit-length Float32Array so cosine similarity is a dot product.
 */
import { DimensionMismatchError, InvalidVectorError } from "../errors.js";

export function toUnitVector(vector: unknown, dims: number, what: string): Float32Array {
  if (!Array.isArray(vector) && !(vector instanceof Float32Array) && !(vector instanceof Float64Array)) {
    throw new InvalidVectorError(`Embedding of ${what} is not an array of numbers (received ${typeof vector}).`);
  }
  if (vector.length !== dims) throw new DimensionMismatchError(dims, vector.length, { what });
  const out = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i += 1) {
    const x = vector[i];
    if (typeof x !== "number" || !Number.isFinite(x)) {
      throw new InvalidVectorError(
        `Embedding of ${what} has ${String(x)} at position ${i}; every component must be a finite number.`,
        {
          what,
          position: i,
        },
      );
    }
    out[i] = x;
    norm += x * x;
  }
  if (norm === 0)
    throw new InvalidVectorError(`Embedding of ${what} is all zeros; it has no direction to compare.`, { what });
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i += 1) out[i]! *= scale;
  return out;
}

/** Cosine similarity of two vectors of any scale; 0 when either is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
