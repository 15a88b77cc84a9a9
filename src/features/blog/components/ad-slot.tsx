import { useEffect } from "react";
import { env } from "@/config/env";

const SCRIPT_ID = "adsbygoogle-js";

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

function loadAdSense(client: string) {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement("script");
  script.id = SCRIPT_ID;
  script.async = true;
  script.crossOrigin = "anonymous";
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
  document.head.appendChild(script);
}

/**
 * The blog's ad slot: rendered only when the build has an AdSense publisher id (VITE_ADSENSE_CLIENT);
 * otherwise nothing at all (no placeholder text for the public).
 */
export function AdSlot({ client = env.ADSENSE_CLIENT }: { client?: string }) {
  useEffect(() => {
    if (!client) return;
    loadAdSense(client);
    try {
      (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    } catch (error) {
      console.warn("광고를 불러오지 못했습니다.", error);
    }
  }, [client]);

  if (!client) return null;
  return (
    <aside className="my-10 min-h-28" aria-label="광고" data-testid="ad-slot">
      <ins className="adsbygoogle block" data-ad-client={client} data-ad-format="auto" data-full-width-responsive="true" />
    </aside>
  );
}
