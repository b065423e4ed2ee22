import { ApiReference } from "./api-reference";

export const metadata = { title: "API reference — svc" };

export default function DocsPage() {
  return (
    <section>
      <h1>API reference</h1>
      <p className="lead">
        Generated from the live OpenAPI 3.1 document at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>. Open an
        operation and send it to this server with “Test Request”; owner routes need your key (X-API-Key) under
        Authentication.
      </p>
      <ApiReference />
    </section>
  );
}
