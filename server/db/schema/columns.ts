// Shared column helpers for the one-file-per-table schema.
import { numeric, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow();

/** An amount in integer micros (or base units), exact: numeric(78, 0) read as bigint; signed where the column allows. */
export const micros = () => numeric({ precision: 78, scale: 0, mode: "bigint" });
