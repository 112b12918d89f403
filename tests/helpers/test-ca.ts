import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TestCertificates {
  dir: string;
  /** The test CA's certificate: give it to a client as NODE_EXTRA_CA_CERTS. */
  caFile: string;
  certFile: string;
  keyFile: string;
}

/**
 * A throwaway certificate authority and a certificate it signed for localhost and 127.0.0.1, made with
 * openssl, so a server under test can be reached over TLS the way a deployed one is.
 */
export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kestrel-tls-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
  openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Kestrel test CA", "-keyout", file("ca.key"), "-out", file("ca.pem"));
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", file("server.key"), "-out", file("server.csr"));
  fs.writeFileSync(file("ext.cnf"), "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n");
  openssl("x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-CAcreateserial", "-days", "2", "-extfile", file("ext.cnf"), "-out", file("server.pem"));
  return { dir, caFile: file("ca.pem"), certFile: file("server.pem"), keyFile: file("server.key") };
}
