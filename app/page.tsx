export default function HomePage() {
  return (
    <section>
      <h1>Stablecoin yield opportunities</h1>
      <p>
        Live APY, TVL and readiness for every stablecoin venue on the four chains. Numbers come from the upstream with
        their time; a missing number is shown as “—”, never as 0.
      </p>
      <p>
        The API is described at <a href="/docs">/docs</a> (OpenAPI 3.1 at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>).
      </p>
    </section>
  );
}
