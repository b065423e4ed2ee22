import { Suspense } from "react";
import { PortfolioView } from "./_components/portfolio";

export const metadata = { title: "Portfolio — svc" };

export default function PortfolioPage() {
  return (
    <section>
      <h1>Portfolio</h1>
      <Suspense>
        <PortfolioView />
      </Suspense>
    </section>
  );
}
