import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";

export interface RawResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", " (Set-Cookie kept apart in setCookies). */
  headers: Record<string, string>;
  setCookies: string[];
  /** The body as sent (gzip decoded when Content-Encoding says so; de-chunked). */
  body: string;
  /** The bytes of the body on the wire, after de-chunking and before decoding. */
  rawBodyLength: number;
  /** The socket was closed by the server after this response. */
  closed: boolean;
}

/**
 * One HTTP/1.1 request written byte for byte on a fresh socket: what `fetch` cannot send (any Host, a
 * space before "=" in a cookie, malformed targets). `lines` are the request line and headers; the
 * function adds the blank line and the body.
 */
export function rawRequest(
  port: number,
  lines: string[],
  options: { body?: string | Buffer; method?: string; timeoutMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const isHead = (options.method ?? lines[0]!.split(" ")[0]) === "HEAD";
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${options.timeoutMs ?? 15_000} ms:\n${Buffer.concat(chunks).toString("latin1")}`));
    }, options.timeoutMs ?? 15_000);

    const tryParse = (final: boolean): RawResponse | null => {
      const data = Buffer.concat(chunks);
      const end = data.indexOf("\r\n\r\n");
      if (end === -1) return null;
      const head = data.subarray(0, end).toString("latin1").split("\r\n");
      const status = Number(head[0]!.split(" ")[1]);
      const headers: Record<string, string> = {};
      const setCookies: string[] = [];
      for (const line of head.slice(1)) {
        const at = line.indexOf(":");
        const name = line.slice(0, at).trim().toLowerCase();
        const value = line.slice(at + 1).trim();
        if (name === "set-cookie") setCookies.push(value);
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      let rest = data.subarray(end + 4);
      let body: Buffer;
      if (isHead || status === 304 || status === 204) {
        body = Buffer.alloc(0);
      } else if (headers["transfer-encoding"]?.includes("chunked")) {
        const parts: Buffer[] = [];
        for (;;) {
          const lineEnd = rest.indexOf("\r\n");
          if (lineEnd === -1) return null;
          const size = Number.parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
          if (size === 0) break;
          if (rest.length < lineEnd + 2 + size + 2) return null;
          parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
          rest = rest.subarray(lineEnd + 2 + size + 2);
        }
        body = Buffer.concat(parts);
      } else if (headers["content-length"] !== undefined) {
        const length = Number(headers["content-length"]);
        if (rest.length < length) return null;
        body = rest.subarray(0, length);
      } else {
        if (!final) return null;
        body = rest;
      }
      const decoded = headers["content-encoding"] === "gzip" ? zlib.gunzipSync(body) : body;
      return { status, headers, setCookies, body: decoded.toString("utf8"), rawBodyLength: body.length, closed };
    };

    const finish = (final: boolean) => {
      const parsed = tryParse(final);
      if (!parsed) return;
      clearTimeout(timer);
      // Give the server a moment to close, so `closed` can be observed.
      setTimeout(() => {
        parsed.closed = closed || socket.destroyed;
        socket.destroy();
        resolve(parsed);
      }, 30);
    };
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      finish(false);
    });
    socket.on("end", () => {
      closed = true;
      finish(true);
    });
    socket.on("close", () => {
      closed = true;
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("connect", () => {
      const body = options.body === undefined ? Buffer.alloc(0) : Buffer.from(options.body);
      socket.write(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body]));
    });
  });
}

/** A GET (or another method) with these headers besides Host and Connection: close. */
export function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> {
  const lines = [`${method} ${path} HTTP/1.1`];
  if (!Object.keys(headers).some((name) => name.toLowerCase() === "host")) lines.push(`Host: localhost:${port}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push("Connection: close");
  return rawRequest(port, lines, { method });
}

/** The page with its per-response nonce taken out, to compare two answers. */
export function withoutNonces(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/'nonce-[^']*'/g, "'nonce-'");
}

/**
 * Sends a body of `total` bytes in 16 KB chunks (Transfer-Encoding: chunked, so no length is declared);
 * resolves with the status and how much had been sent when the server answered.
 */
export function sendChunked(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; total: number; intervalMs?: number },
): Promise<{ status: number; sentWhenAnswered: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request(
      { host: "127.0.0.1", port, method: request.method, path: request.path, headers: { ...request.headers, "transfer-encoding": "chunked" } },
      (res) => {
        resolve({ status: res.statusCode ?? 0, sentWhenAnswered: sent });
        res.resume();
        req.destroy();
      },
    );
    req.on("error", () => {});
    const chunk = Buffer.alloc(16 * 1024, "a");
    const pump = () => {
      if (sent >= request.total || req.destroyed) return;
      sent += chunk.length;
      req.write(chunk);
      setTimeout(pump, request.intervalMs ?? 2);
    };
    pump();
    setTimeout(() => reject(new Error("no answer")), 20_000).unref();
  });
}
