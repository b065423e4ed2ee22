import { OpportunityDetail } from "./_components/detail";

export default async function OpportunityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OpportunityDetail id={decodeURIComponent(id)} />;
}
