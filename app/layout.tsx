import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { Nav } from "@/components/nav";
import { ThemeToggle } from "@/components/theme-toggle";
import { THEME_SCRIPT } from "@/lib/theme";
import { ConnectButton } from "@/components/wallet/connect-button";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  // Each page sets its own "<page> — svc" title; this one is only the fallback.
  title: "svc — stablecoin yield routing",
  description: "Compare stablecoin yield opportunities and sign deposit, withdraw, swap and bridge plans in your own wallet.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // This request's nonce (proxy.ts): reading it renders every page per request, as a nonce must be new each time.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script that applies the saved theme before paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <Providers>
          <a href="#content" className="skip-link">
            Skip to content
          </a>
          <header className="site-header">
            <Link href="/" className="brand">
              svc
            </Link>
            <Nav />
            <div className="header-actions">
              <ThemeToggle />
              <ConnectButton />
            </div>
          </header>
          <main id="content">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
