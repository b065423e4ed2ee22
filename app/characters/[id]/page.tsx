import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isIdOf } from "@/lib/ids";
import { CharacterView } from "./character-view";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const id = decodeURIComponent((await params).id);
  return { title: isIdOf("chr", id) ? `Character ${id} — svc` : "Page not found — svc" };
}

export default async function CharacterPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  // Character reads need the owner's or agent's key, which this server render does not have (it stays in the browser);
  // an id no character can have is known without one: the app's not-found page with HTTP 404, as for an opportunity.
  if (!isIdOf("chr", id)) notFound();
  return (
    <section>
      <h1>Character auto-yield</h1>
      <CharacterView id={id} />
    </section>
  );
}
