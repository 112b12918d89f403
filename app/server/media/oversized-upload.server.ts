import { unstable_parseMultipartFormData } from "@remix-run/node";
import type { BodyResult, OverLimitReader } from "~/server/http/body-limit.server";
import { MEDIA_MAX_BYTES } from "./image-intake.server";

/** The text fields of an upload form together (the alt text, the form's intent): the site's usual body limit. */
const FIELDS_MAX_BYTES = 64 * 1024;

/**
 * An upload form that passed the media routes' body limit (a photo of 25 MB sent without JavaScript): its
 * fields are read on as the body arrives and each file is kept to its first MEDIA_MAX_BYTES + 1 bytes, the
 * rest thrown away. The form that reaches the route is the operator's own, but for that cut: the intake
 * refuses the file as too large ("This file is too large: the limit is 10 MB."), so the media screen is
 * drawn again with that message under the file field and the alt text as typed, and the API answers the
 * 413 it gives a file of 10 MB and one byte. A body that is not a form, or not one that can be read,
 * is the bare 413.
 */
export function readOversizedUpload(contentType: string | undefined) {
  return (received: Buffer[]): OverLimitReader => {
    let source!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        source = controller;
        for (const chunk of received) controller.enqueue(chunk);
      },
    });
    received.length = 0;
    const request = new Request("http://upload.invalid/", {
      method: "POST",
      headers: { "Content-Type": contentType ?? "" },
      body,
      duplex: "half",
    } as RequestInit);
    let fieldBytes = 0;
    const parsed = unstable_parseMultipartFormData(request, async ({ filename, contentType: type, data }) => {
      const kept: Uint8Array<ArrayBuffer>[] = [];
      let keptBytes = 0;
      const room =
        filename === undefined
          ? () => FIELDS_MAX_BYTES - fieldBytes - keptBytes
          : () => MEDIA_MAX_BYTES + 1 - keptBytes;
      for await (const chunk of data) {
        const take = Math.max(0, Math.min(chunk.length, room()));
        if (take > 0) kept.push(chunk.subarray(0, take) as Uint8Array<ArrayBuffer>);
        keptBytes += take;
      }
      if (filename !== undefined) return new File(kept, filename, { type });
      fieldBytes += keptBytes;
      return Buffer.concat(kept).toString("utf8");
    });
    // Whatever happens to the form, a failure here is answered by `end`, never left unhandled.
    parsed.catch(() => undefined);
    return {
      push: (chunk) => source.enqueue(chunk),
      abort: () => source.error(new Error("The upload stopped")),
      async end(): Promise<BodyResult> {
        source.close();
        let form: FormData;
        try {
          form = await parsed;
        } catch {
          return { ok: false, reason: "too_large", rest: "read" };
        }
        const encoded = new Response(form);
        return {
          ok: true,
          body: Buffer.from(await encoded.arrayBuffer()),
          contentType: encoded.headers.get("Content-Type") ?? undefined,
        };
      },
    };
  };
}
