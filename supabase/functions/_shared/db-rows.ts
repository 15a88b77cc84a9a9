// Row types of the `public` tables, from the generated database.types.ts (`npm run gen:types`).
import type { Database, Tables } from "./database.types.ts";

export type PublicTable = keyof Database["public"]["Tables"];

/**
 * A row of public.<T> as postgres.js returns it: the columns in D (timestamps) arrive as Date
 * (the generated types say string, the JSON shape).
 */
export type DbRow<T extends PublicTable, D extends keyof Tables<T> = never> = Omit<Tables<T>, D> & {
  [K in D]: Date | string | (null extends Tables<T>[K] ? null : never);
};
