"use client";
// Main navigation with the current page marked for assistive technology.
import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/", label: "Opportunities" },
  { href: "/portfolio", label: "Portfolio" },
  { href: "/swap", label: "Swap & bridge" },
  { href: "/autopilot", label: "Autopilot" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/docs", label: "API" },
];

export function Nav() {
  const path = usePathname();
  return (
    <nav aria-label="Main" className="main-nav">
      {LINKS.map((l) => {
        const current = l.href === "/" ? path === "/" : path.startsWith(l.href);
        return (
          <Link key={l.href} href={l.href} aria-current={current ? "page" : undefined}>
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
