import { BridgeForm, SwapForm } from "./_components/forms";

export const metadata = { title: "Swap & bridge — svc" };

export default function SwapPage() {
  return (
    <section>
      <h1>Swap and bridge</h1>
      <p className="lead">
        Plans are prepared by the service and signed in your wallet; nothing moves until you sign. Cross-chain moves
        happen only through an explicit bridge plan.
      </p>
      <div className="grid-2">
        <SwapForm />
        <BridgeForm />
      </div>
    </section>
  );
}
