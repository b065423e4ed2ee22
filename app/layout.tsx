import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "svc — stablecoin yield routing",
  description: "Compare stablecoin yield opportunities and sign deposit, withdraw, swap and bridge plans in your own wallet.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <a href="/" className="brand">
            svc
          </a>
          <nav aria-label="Main">
            <a href="/">Opportunities</a>
            <a href="/portfolio">Portfolio</a>
            <a href="/autopilot">Autopilot</a>
            <a href="/settings/webhooks">Webhooks</a>
            <a href="/docs">API</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
