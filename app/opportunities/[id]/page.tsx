import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { StrategyDetail } from "@/lib/api";
import { chainShortName } from "@/lib/format";
import { serverApi } from "@/lib/server-api";
import { OpportunityDetail } from "./_components/detail";

/** One read per request, shared by the title and the page. */
const readStrategy = cache((id: string) => serverApi<StrategyDetail>(`/svc/strategies/${encodeURIComponent(id)}`));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const read = await readStrategy(decodeURIComponent((await params).id));
  if (read?.ok) {
    const s = read.body.strategy;
    return { title: s.kind === "strategy" ? `${s.name} — svc` : `${s.name} on ${chainShortName(s.chain)} — svc` };
  }
  return { title: read && !read.ok && read.notFound ? "Page not found — svc" : "Opportunity — svc" };
}

export default async function OpportunityPage({ params }: { params: Promise<{ id: string }> }) {
  const id = decodeURIComponent((await params).id);
  // An id the service does not know is the app's not-found page with HTTP 404, never a page with a form.
  const read = await readStrategy(id);
  if (read && !read.ok && read.notFound) notFound();
  return <OpportunityDetail id={id} />;
}
