import fs from "node:fs";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINGER_BYTES, MEDIA_UPLOAD_LIMIT } from "~/server/http/body-limit.server";
import type { mediaRecord } from "~/server/api/media-resources.server";
import { INTAKE_MESSAGES } from "~/server/media/image-intake.server";
import type { CookieJar } from "../helpers/cookie-jar";
import { signInOverHttp } from "../helpers/http-sign-in";
import { startServer, type RunningServer } from "../helpers/server-process";

/**
 * Uploads at the edges of what the library takes, through the production server as an operator's client
 * sends them: images taller than an encoder can write (a long infographic), and bodies over the upload
 * limit, which are read to their end (up to a bound) so that the client reads the answer, not a reset.
 */

type MediaJson = ReturnType<typeof mediaRecord.parse>;

const MB = 1024 * 1024;
const AVIF_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

let server: RunningServer;
let jar: CookieJar;

/**
 * The most a loopback connection's kernel buffers can hold (the receiver's and the sender's maxima; Linux
 * grows a fast reader's receive buffer up to tcp_rmem's maximum, 32 MB here): what a client may have
 * written past the point where the server stopped reading. 16 MB where the kernel does not say.
 */
const SOCKET_BUFFERS = (() => {
  const max = (file: string) => {
    try {
      return Number(fs.readFileSync(file, "utf8").trim().split(/\s+/).pop());
    } catch {
      return Number.NaN;
    }
  };
  const total = max("/proc/sys/net/ipv4/tcp_rmem") + max("/proc/sys/net/ipv4/tcp_wmem");
  return Number.isFinite(total) ? total : 16 * 1024 * 1024;
})();
let site: string;

beforeAll(async () => {
  // Encoding tall images takes seconds on a loaded machine: the request deadline is not what is tested here.
  server = await startServer({ REQUEST_DEADLINE_SECONDS: "120" });
  site = `http://localhost:${server.port}`;
  jar = await signInOverHttp(site);
});
afterAll(async () => {
  await server?.stop();
});

function form(file: Buffer, alt: string, name = "infographic.jpg", type = "image/jpeg"): FormData {
  const data = new FormData();
  data.append("alt", alt);
  data.append("file", new Blob([new Uint8Array(file)], { type }), name);
  return data;
}

/** A flat JPEG of this shape (quick to make and to encode). */
const tallJpeg = (width: number, height: number, background = "#0f766e") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function stillAnswers() {
  expect(server.process.exitCode, server.output()).toBeNull();
  expect((await fetch(`${site}/healthz`)).status).toBe(200);
}

describe("an image taller than WebP and AVIF can be", { timeout: 60_000 }, () => {
  it("is stored through the API and served in the formats that can hold it, and the server keeps answering", async () => {
    const response = await jar.fetch(`${site}/api/admin/media`, {
      method: "POST",
      headers: { Origin: site },
      body: form(await tallJpeg(800, 17_000), "A long infographic"),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const image = (await response.json()) as MediaJson;
    expect(image.variants.map(({ width, height, format }) => `${width}×${height} ${format}`)).toEqual([
      "480×10200 avif",
      "480×10200 jpeg",
      "480×10200 webp",
      "800×17000 jpeg",
    ]);
    await stillAnswers();

    const hash = image.url.split("/")[2];
    const full = await fetch(`${site}/media/${hash}/800`, { headers: { Accept: AVIF_ACCEPT } });
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).height).toBe(17_000);
    const narrow = await fetch(`${site}/media/${hash}/480`, { headers: { Accept: AVIF_ACCEPT } });
    expect(narrow.headers.get("content-type")).toBe("image/avif");
    expect((await fetch(`${site}/media/${hash}/800.webp`)).status).toBe(404);
    await stillAnswers();
  });

  it("is stored from the library's form posted without JavaScript", async () => {
    const response = await jar.fetch(`${site}/admin/media`, {
      method: "POST",
      headers: { Origin: site },
      body: form(await tallJpeg(700, 18_000, "#123456"), "A full-page screenshot"),
      redirect: "manual",
    });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/media");
    const library = await jar.fetch(`${site}/admin/media`);
    expect(await library.text()).toContain("A full-page screenshot");
    await stillAnswers();
  });
});

describe("a body over the upload limit", { timeout: 60_000 }, () => {
  it("is read on after the 413, so fetch receives the answer (not EPIPE)", async () => {
    const response = await jar.fetch(`${site}/api/admin/media`, {
      method: "POST",
      headers: { Origin: site },
      body: form(Buffer.concat([await tallJpeg(64, 64), Buffer.alloc(11 * MB, 7)]), "Too big"),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: `Request body too large: the limit is ${MEDIA_UPLOAD_LIMIT / 1024} KB`,
    });
    await stillAnswers();
  });

  it("is read to its end for anyone signed out too, who is answered with the site's 64 KB limit", async () => {
    const response = await fetch(`${site}/api/admin/media`, {
      method: "POST",
      body: form(Buffer.alloc(11 * MB, 7), "Not an operator"),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body too large: the limit is 64 KB" });
  });

  it("without JavaScript, draws the media screen again with the message under the file field and the alt text kept", async () => {
    const response = await jar.fetch(`${site}/admin/media`, {
      method: "POST",
      headers: { Origin: site, Accept: "text/html" },
      body: form(
        Buffer.concat([await tallJpeg(64, 64), Buffer.alloc(11 * MB, 7)]),
        "Our team at the 2026 summit",
        "summit.jpg",
      ),
    });
    expect(response.status).toBe(413);
    const page = await response.text();
    expect(page).toContain("<h1");
    expect(page).toMatch(/<h1[^>]*>Media<\/h1>/);
    expect(page).toMatch(
      new RegExp(`id="[^"]*file[^"]*"[^>]*>${INTAKE_MESSAGES.tooLarge.replace(/\./g, "\\.")}<`),
    );
    expect(page).toMatch(/<input[^>]*name="alt"[^>]*value="Our team at the 2026 summit"/);
    await stillAnswers();
  });

  it.each([
    ["the API", "/api/admin/media", 0],
    ["the library's form", "/admin/media", 0],
    // A client too busy to read while it sends: it reads only once it has sent 4 MB past the bound.
    ["the API, to a client slow to read", "/api/admin/media", 4 * MB],
    ["the library's form, to a client slow to read", "/admin/media", 4 * MB],
  ])(
    "through %s, is cut off once the server has read the linger bound, with the 413 sent",
    // A raw socket racing the server's half-close: on a loaded CI machine the 413 has been seen to lose the
    // race now and then (this session's note); tried again rather than hidden.
    { retry: 2 },
    async (_, path, readsAfter) => {
      const socket = net.connect(server.port, "127.0.0.1");
      const received: Buffer[] = [];
      let sent = 0;
      const closed = new Promise<void>((resolve) => {
        socket.on("close", () => resolve());
        socket.on("error", () => undefined);
      });
      socket.on("data", (chunk) => received.push(chunk));
      if (readsAfter) socket.pause();
      await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
      socket.write(
        [
          `POST ${path} HTTP/1.1`,
          `Host: localhost:${server.port}`,
          "Content-Type: multipart/form-data; boundary=endless",
          "Transfer-Encoding: chunked",
          `Cookie: ${jar.header(site)}`,
          `Origin: ${site}`,
          "",
          "",
        ].join("\r\n"),
      );
      const chunk = Buffer.concat([
        Buffer.from("10000\r\n"),
        Buffer.alloc(0x10000, "a"),
        Buffer.from("\r\n"),
      ]);
      // A client that never stops: it writes whenever the socket takes more, until the server closes it.
      const pump = () => {
        while (!socket.destroyed && socket.writable) {
          sent += 0x10000;
          if (socket.isPaused() && sent > MEDIA_UPLOAD_LIMIT + LINGER_BYTES + readsAfter) socket.resume();
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
      };
      pump();
      await closed;
      const answer = Buffer.concat(received).toString("latin1");
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain(`Request body too large: the limit is ${MEDIA_UPLOAD_LIMIT / 1024} KB`);
      expect(sent).toBeGreaterThan(MEDIA_UPLOAD_LIMIT + LINGER_BYTES);
      // What the socket buffers held when the server stopped reading, and no more.
      expect(sent).toBeLessThan(MEDIA_UPLOAD_LIMIT + LINGER_BYTES + SOCKET_BUFFERS + readsAfter + MB);
      await stillAnswers();
    },
  );
});
