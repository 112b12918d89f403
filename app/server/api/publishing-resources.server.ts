import { z } from "zod";
import type {
  LegalDocumentDraft,
  LegalDocumentVersion,
  LegalVersionSummary,
} from "~/models/legal-documents.server";
import { postPath, type Post } from "~/models/posts.server";
import { publicationState } from "~/models/publication.server";
import { rolePath, type Role } from "~/models/roles.server";
import { now } from "~/models/clock.server";
import {
  legalDocumentSchema,
  LEGAL_DOCUMENT_KEYS,
  LEGAL_DOCUMENT_PATHS,
  type LegalDocumentKey,
} from "~/schemas/legal-document";
import { POST_CATEGORIES, postSchema } from "~/schemas/post";
import { optionalTime, PUBLICATION_STATUSES } from "~/schemas/publication";
import { closesAfterPublish, EMPLOYMENT_TYPES, roleSchema } from "~/schemas/role";
import { idNumber, isoTime, named, pageSchema } from "~/server/api/openapi-operations.server";
import { getConfig } from "~/server/config.server";
import { londonIsoDate } from "~/utils/london-time";

/**
 * What the publishing API (news posts, open roles, legal documents) accepts and answers. The request
 * bodies are the editors' schemas (app/schemas/post.ts, role.ts, legal-document.ts), strict, with `version`
 * on updates only; the OpenAPI document is generated from these, as for the other records
 * (api-resources.server.ts).
 */

/**
 * A publication time from JSON: an ISO 8601 time with its zone (a zone-less "2026-12-01T09:30" is read as
 * London time, as the editor's field is). Described as such, since its parsed value (a Date) has no JSON Schema.
 */
const publicationTime = (description: string) =>
  optionalTime.meta({ type: ["string", "null"], format: "date-time", description });

const publishAt = publicationTime(
  "When visitors see it: an ISO 8601 time with zone. Missing or null with status published means now; a future time schedules it.",
);

const { version: _postVersion, ...postFields } = postSchema.in.shape;
const postShape = { ...postFields, publishAt };

/** POST /api/admin/posts. A missing or blank slug is made from the title. */
export const postRequest = named(z.strictObject(postShape), "PostInput");
/** PUT /api/admin/posts/{id}: the whole post (as the editor saves it), with the optional `version`. */
export const postUpdateRequest = named(
  z.strictObject({ ...postShape, version: postSchema.in.shape.version }),
  "PostUpdate",
);

const { version: _roleVersion, ...roleFields } = roleSchema.in.shape;
const roleShape = {
  ...roleFields,
  publishAt,
  closesAt: publicationTime(
    "Optional: after this ISO 8601 time the role leaves the site by itself. Must be after publishAt.",
  ),
};

export const roleRequest = named(z.strictObject(roleShape).superRefine(closesAfterPublish), "RoleInput");
export const roleUpdateRequest = named(
  z.strictObject({ ...roleShape, version: roleSchema.in.shape.version }).superRefine(closesAfterPublish),
  "RoleUpdate",
);

/** PUT /api/admin/legal-documents/{key}: a new version. */
export const legalDocumentRequest = named(z.strictObject(legalDocumentSchema.shape), "LegalDocumentInput");

// Records, as answered.
const isoDate = z.iso.date();
const absoluteUrl = z.url().meta({ description: "The public page's absolute address" });
/** The fields a post's and a role's admin records end with: the promotion mark, the version, the creation. */
const adminRecordEnding = {
  financialPromotion: z.boolean().meta({
    description: "Marked as a financial promotion: publishing it waits for approval while approval is on",
  }),
  version: z.number().int().min(0),
  createdAt: isoTime,
};
export const postRecord = named(
  z.object({
    id: idNumber,
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    body: z.string().meta({ description: "Markdown" }),
    category: z.enum(POST_CATEGORIES),
    publishedAt: isoTime,
    updatedAt: isoTime,
    authorName: z.string(),
    url: absoluteUrl,
  }),
  "Post",
);

export const postAdminRecord = named(
  postRecord.extend({
    status: z.enum(PUBLICATION_STATUSES),
    state: z.enum(["draft", "scheduled", "published"]).meta({
      description: "Where it stands now: a published post whose time has not come is scheduled",
    }),
    publishAt: isoTime.nullable().meta({ description: "The time asked for, if any" }),
    publishedAt: isoTime.nullable().meta({ description: "When visitors see it from; null while a draft" }),
    coverImageId: idNumber
      .nullable()
      .meta({ description: "The cover image: an image in the media library, or null for none" }),
    ...adminRecordEnding,
  }),
  "PostAdmin",
);

export const postPage = pageSchema(postRecord, "PostPage", "One page of live posts, newest first, 10 a page");
export const postAdminPage = pageSchema(
  postAdminRecord,
  "PostAdminPage",
  "One page of posts of any status, most recently changed first, 25 a page",
);

export const roleRecord = named(
  z.object({
    id: idNumber,
    slug: z.string(),
    title: z.string(),
    team: z.string(),
    location: z.string(),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    summary: z.string(),
    body: z.string().meta({ description: "Markdown" }),
    publishedAt: isoTime,
    closesAt: isoTime.nullable(),
    updatedAt: isoTime,
    url: absoluteUrl,
  }),
  "Role",
);

export const roleAdminRecord = named(
  roleRecord.extend({
    status: z.enum(PUBLICATION_STATUSES),
    state: z.enum(["draft", "scheduled", "published", "closed"]),
    publishAt: isoTime.nullable(),
    publishedAt: isoTime.nullable(),
    displayOrder: z.number().int().min(0),
    ...adminRecordEnding,
  }),
  "RoleAdmin",
);

export const roleAdminPage = pageSchema(
  roleAdminRecord,
  "RoleAdminPage",
  "One page of roles of any status, in display order, 25 a page",
);

export const legalDocumentRecord = named(
  z.object({
    key: z.enum(LEGAL_DOCUMENT_KEYS),
    title: z.string(),
    version: z.number().int().min(1),
    body: z.string().meta({ description: "Markdown" }),
    effectiveDate: isoDate,
    changeSummary: z.string(),
    url: absoluteUrl,
  }),
  "LegalDocument",
);

export const legalVersionSummary = named(
  z.object({
    version: z.number().int().min(1),
    effectiveDate: isoDate,
    changeSummary: z.string(),
  }),
  "LegalDocumentVersionSummary",
);

export const legalVersionRecord = named(
  legalDocumentRecord.extend({
    inEffect: z.boolean().meta({ description: "False until its effective date (London) has come" }),
    createdAt: isoTime,
  }),
  "LegalDocumentVersion",
);

export const legalDocumentAdmin = named(
  z.object({
    key: z.enum(LEGAL_DOCUMENT_KEYS),
    title: z.string(),
    currentVersion: z.number().int().min(1).meta({ description: "The version visitors read today" }),
    url: absoluteUrl,
    versions: z
      .array(legalVersionSummary.extend({ inEffect: z.boolean(), createdAt: isoTime }))
      .meta({ description: "Every version, newest first, including those not yet in effect" }),
  }),
  "LegalDocumentAdmin",
);

const absolute = (path: string) => new URL(path, getConfig().publicUrl.origin).toString();
const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A live post, as visitors may read it. */
export function postJson(p: Post): z.output<typeof postRecord> {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    body: p.body,
    category: p.category,
    publishedAt: iso(p.publishedAt ?? p.updatedAt),
    updatedAt: iso(p.updatedAt),
    authorName: p.authorName,
    url: absolute(postPath(p.slug)),
  };
}

export function postAdminJson(p: Post): z.output<typeof postAdminRecord> {
  const state = publicationState(p);
  return {
    ...postJson(p),
    status: p.status,
    state: state === "closed" ? "published" : state,
    publishAt: isoOrNull(p.publishAt),
    publishedAt: isoOrNull(p.publishedAt),
    coverImageId: p.coverImageId,
    financialPromotion: p.financialPromotion,
    version: p.version,
    createdAt: iso(p.createdAt),
  };
}

export function roleJson(r: Role): z.output<typeof roleRecord> {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    team: r.team,
    location: r.location,
    employmentType: r.employmentType,
    summary: r.summary,
    body: r.body,
    publishedAt: iso(r.publishedAt ?? r.updatedAt),
    closesAt: isoOrNull(r.closesAt),
    updatedAt: iso(r.updatedAt),
    url: absolute(rolePath(r.slug)),
  };
}

export function roleAdminJson(r: Role): z.output<typeof roleAdminRecord> {
  return {
    ...roleJson(r),
    status: r.status,
    state: publicationState(r),
    publishAt: isoOrNull(r.publishAt),
    publishedAt: isoOrNull(r.publishedAt),
    displayOrder: r.displayOrder,
    financialPromotion: r.financialPromotion,
    version: r.version,
    createdAt: iso(r.createdAt),
  };
}

const inEffect = (effectiveDate: string) => effectiveDate <= londonIsoDate(now());

export function legalDocumentJson(d: LegalDocumentVersion): z.output<typeof legalDocumentRecord> {
  return {
    key: d.key,
    title: d.title,
    version: d.version,
    body: d.body,
    effectiveDate: d.effectiveDate,
    changeSummary: d.changeSummary,
    url: absolute(LEGAL_DOCUMENT_PATHS[d.key]),
  };
}

export function legalVersionJson(d: LegalDocumentVersion): z.output<typeof legalVersionRecord> {
  return { ...legalDocumentJson(d), inEffect: inEffect(d.effectiveDate), createdAt: iso(d.createdAt) };
}

export function legalSummaryJson(v: LegalVersionSummary): z.output<typeof legalVersionSummary> {
  return { version: v.version, effectiveDate: v.effectiveDate, changeSummary: v.changeSummary };
}

export function legalDocumentAdminJson(
  key: LegalDocumentKey,
  current: LegalDocumentVersion,
  history: LegalVersionSummary[],
): z.output<typeof legalDocumentAdmin> {
  return {
    key,
    title: current.title,
    currentVersion: current.version,
    url: absolute(LEGAL_DOCUMENT_PATHS[key]),
    versions: history.map((v) => ({
      ...legalSummaryJson(v),
      inEffect: inEffect(v.effectiveDate),
      createdAt: iso(v.createdAt),
    })),
  };
}

export const legalDraftRecord = named(
  z.object({
    key: z.enum(LEGAL_DOCUMENT_KEYS),
    version: z.number().int().min(1).meta({ description: "The number it will have once published" }),
    body: z.string().meta({ description: "Markdown" }),
    effectiveDate: isoDate,
    changeSummary: z.string(),
    savedBy: z.string(),
    updatedAt: isoTime,
  }),
  "LegalDocumentDraft",
);

/** POST /api/admin/legal-documents/{key}/draft/publish: the number the client expects it to get (optional). */
export const legalDraftPublishRequest = named(
  z.strictObject({
    version: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional()
      .meta({
        description: "Refuse (409) unless the draft becomes this version: another was published meanwhile",
      }),
  }),
  "LegalDocumentDraftPublish",
);

export function legalDraftJson(d: LegalDocumentDraft, version: number): z.output<typeof legalDraftRecord> {
  return {
    key: d.key,
    version,
    body: d.body,
    effectiveDate: d.effectiveDate,
    changeSummary: d.changeSummary,
    savedBy: d.actorEmail,
    updatedAt: iso(d.updatedAt),
  };
}
