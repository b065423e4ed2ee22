import { CharacterView } from "./character-view";

export const metadata = { title: "Character — svc" };

export default async function CharacterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <section>
      <h1>Character auto-yield</h1>
      <CharacterView id={decodeURIComponent(id)} />
    </section>
  );
}
