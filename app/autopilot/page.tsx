import { AutopilotView } from "./autopilot-view";

export const metadata = { title: "Autopilot — svc" };

export default function AutopilotPage() {
  return (
    <section>
      <h1>Autopilot</h1>
      <p className="lead">
        The featured strategy re-ranks monthly to the best 30-day APY on the same chain, and switches only when the
        challenger is at least 7 percentage points better. It never moves money across chains by itself.
      </p>
      <AutopilotView />
    </section>
  );
}
