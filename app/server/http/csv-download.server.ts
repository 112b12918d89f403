/** A CSV file the browser saves as `{name}-{today}.csv` (UTC date), never cached and never sniffed. */
export function csvDownload(body: BodyInit, name: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
