import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Moderator Console", template: "%s · Moderator Console" },
  description: "Look up chat users, edit conversation tags, block users and audit every action.",
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

/**
 * Every page is rendered per request, the not-found and error pages included: Next.js gives its
 * scripts the request's CSP nonce (from proxy.ts) only then; a prerendered page's scripts have none
 * and would be blocked, so the page would never hydrate.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
