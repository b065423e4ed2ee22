import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { isIdOf } from "@/lib/ids";
import { serverRead } from "@/lib/server-api";
import { CharacterView } from "./character-view";

/**
 * Whether the service knows this character, asked without a key (the owner's key stays in the browser): a missing
 * character is 404 to every caller, one that exists answers 401 to a keyless read. One read per request.
 */
const isMissing = cache(async (id: string) => {
  if (!isIdOf("chr", id)) return true;
  const read = await serverRead(`/api/characters/${encodeURIComponent(id)}`);
  return read !== null && !read.ok && read.notFound;
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const id = decodeURIComponent((await params).id);
  return { title: (await isMissing(id)) ? "Page not found — svc" : `Character ${id} — svc` };
}

export default async function CharacterPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  // An id the service does not know is the app's not-found page with HTTP 404, as for an opportunity.
  if (await isMissing(id)) notFound();
  return (
    <section>
      <h1>Character auto-yield</h1>
      <CharacterView id={id} />
    </section>
  );
}
