// The form of the service's prefixed ids (server/ids.ts makes them): prefix, "_", then 20 characters of lower-case
// base32 without i, l, o and u. Shared so a page can tell an id no record can have without asking the service.
export const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
export const ID_CHARS = 20;

const BODY = new RegExp(`^[${ID_ALPHABET}]{${ID_CHARS}}$`);

/** Whether `id` has the form of an id made with `prefix` (not whether such a record exists). */
export function isIdOf(prefix: string, id: string): boolean {
  return id.startsWith(`${prefix}_`) && BODY.test(id.slice(prefix.length + 1));
}
