import type { ColumnType, Generated } from 'kysely';

// Column types shared by the row types of every feature (the files beside this one). Enum columns
// carry their closed set of values (shared/constants.ts), so rows read back typed.
// Conventions shared by both engines: dates are ISO 8601 UTC text; yes/no flags are 'yes'|'no' text;
// booleans are 0/1 integers; JSON is text.

export type Id = Generated<number>;
export type Counter = ColumnType<number, number | undefined, number>;
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
export type ReactionCounters = {
  like_count: Counter;
  haha_count: Counter;
  love_count: Counter;
  wow_count: Counter;
  sad_count: Counter;
  angry_count: Counter;
};
