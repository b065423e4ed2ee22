import { notFound } from "next/navigation";
import type { StrategyDetail } from "@/lib/api";
import { serverApi } from "@/lib/server-api";
import { OpportunityDetail } from "./_components/detail";

export default async function OpportunityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  const id = decodeURIComponent(raw);
  // An id the service does not know is the app's not-found page with HTTP 404, never a page with a form.
  const read = await serverApi<StrategyDetail>(`/svc/strategies/${encodeURIComponent(id)}`);
  if (read && !read.ok && read.notFound) notFound();
  return <OpportunityDetail id={id} />;
}
