// Conditional GET (RFC 9110 §13): the If-None-Match check of answers that carry an ETag (EndpointDef.etag).

/**
 * If-None-Match against the answer's ETag (RFC 9110 §13.1.2): "*" or any listed tag equal to it, compared weakly (a
 * W/ prefix on either side is ignored).
 */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const own = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const raw of ifNoneMatch.split(",")) {
    const t = raw.trim();
    if (t === "*" || (t.startsWith("W/") ? t.slice(2) : t) === own) return true;
  }
  return false;
}
