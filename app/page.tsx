import type { Metadata } from "next";
import { OpportunitiesView } from "./_components/opportunities";

export const metadata: Metadata = { title: "Opportunities — svc" };

export default function HomePage() {
  return (
    <section>
      <h1>Stablecoin yield opportunities</h1>
      <p className="lead">
        Live APY, TVL and readiness for every stablecoin venue on the four chains, with where each number came from and
        when. A missing number is shown as “—” with the reason, never as 0.
      </p>
      <OpportunitiesView />
    </section>
  );
}
