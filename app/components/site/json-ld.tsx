import { useNonce } from "~/utils/nonce";
import { serializeJsonLd } from "~/utils/seo";

/** Structured data for search engines, with the response's CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
