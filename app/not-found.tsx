// The app's not-found page (HTTP 404): any unknown address, and opportunity ids the service does not know.
import type { Metadata } from "next";
import Link from "next/link";
import { RequestedPath } from "@/components/requested-path";

export const metadata: Metadata = { title: "Page not found — svc" };

export default function NotFound() {
  return (
    <section data-testid="not-found">
      <h1>Page not found</h1>
      <p>
        Nothing is at <RequestedPath />. The address may be mistyped, or the opportunity may no longer be listed.
      </p>
      <p>
        <Link href="/">Back to the opportunities</Link>
      </p>
    </section>
  );
}
