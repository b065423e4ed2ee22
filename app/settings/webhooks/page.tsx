import { WebhooksView } from "./webhooks-view";

export const metadata = { title: "Webhooks — svc" };

export default function WebhooksPage() {
  return (
    <section>
      <h1>Webhooks</h1>
      <p className="lead">
        Signed deliveries of deposit, withdraw, harvest, bridge, position and APY events. Each delivery carries
        <code> X-SVC-Signature: t=…,v1=…</code>, an HMAC-SHA256 over <code>&lt;t&gt;.&lt;raw body&gt;</code> with the
        subscription’s key.
      </p>
      <WebhooksView />
    </section>
  );
}
