/** Rows of the `items` table and their conversion to LangGraph `Item`s. */
import type { Item } from "@langchain/langgraph-checkpoint";
import { decodeNamespace } from "./namespace.js";

export interface ItemRow {
  id: number;
  path: string;
  key: string;
  value: string;
  created_at: number;
  updated_at: number;
}

/** `parsed`: the value when the caller already parsed it (a filter check), so it is parsed once. */
export function toItem(row: ItemRow, parsed?: Record<string, unknown>): Item {
  return {
    namespace: decodeNamespace(row.path),
    key: row.key,
    value: parsed ?? (JSON.parse(row.value) as Record<string, unknown>),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
