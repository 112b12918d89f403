/**
 * The body of a form post, or a 4xx answer thrown for Remix to render: 415 when it is not a form
 * (JSON, plain text, no content type), 400 when a form body cannot be read (a broken multipart body).
 * Every action reads its form through this, so a malformed post is never a 500.
 */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export async function readFormData(request: Request): Promise<FormData> {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) {
    throw new Response("Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
      statusText: "Unsupported Media Type",
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", {
      status: 400,
      statusText: "Bad Request",
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
