// A partial update writes and audits only what the input really changes, so an audit entry never records
// a change that did not happen.

/** The fields whose values differ, as the before and after halves of an audit entry. */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T>; changed: boolean } {
  const changedBefore: Partial<T> = {};
  const changedAfter: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changedBefore[key] = before[key];
    changedAfter[key] = after[key];
  }
  return { before: changedBefore, after: changedAfter, changed: Object.keys(changedAfter).length > 0 };
}
