/**
 * The part of oidc-provider 9 that the local identity provider uses (the package ships no types; this
 * avoids adding @types/oidc-provider for a development-only tool).
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface ClaimsResult {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): ClaimsResult | Promise<ClaimsResult>;
  }

  export interface Grant {
    readonly accountId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    status: number;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: InteractionResults;
      provider: Provider;
    };
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  export interface Configuration {
    clients: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: {
      keys: string[];
      long?: { httpOnly: boolean; sameSite: "lax" | "strict" | "none"; path?: string };
      short?: { httpOnly: boolean; sameSite: "lax" | "strict" | "none"; path?: string };
    };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: Interaction) => string };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => void | Promise<void>;
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly Grant: GrantConstructor;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResults): Promise<void>;
    on(event: "server_error", listener: (ctx: KoaContextWithOIDC, error: Error) => void): this;
  }
}
