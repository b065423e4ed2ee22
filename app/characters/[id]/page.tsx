import type { Metadata } from "next";
import { CharacterView } from "./character-view";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Character ${decodeURIComponent(id)} — svc` };
}

export default async function CharacterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <section>
      <h1>Character auto-yield</h1>
      <CharacterView id={decodeURIComponent(id)} />
    </section>
  );
}
