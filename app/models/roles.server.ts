import { asc, count, eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { roles } from "~db/schema";
import { ROLE_MESSAGES, type RoleInput } from "~/schemas/role";
import { pageWindow, type PageOf } from "~/utils/pagination";
import { now } from "./clock.server";
import { cached } from "./content-cache.server";
import { deleteRecordPreviewLinks, endPreviewLinksOnceLive } from "./preview-links.server";
import { liveCondition, publicationColumns, slugTaken, stateCondition, watchSchedule, type PublicationState } from "./publication.server";
import { bodyMediaSizes } from "./rendered-bodies.server";
import { getConfig } from "~/server/config.server";
import { renderOffThread } from "~/server/site/render-off-thread.server";
import { previewedBySlug } from "./promotion-preview.server";
import { recordModel } from "./versioned-records.server";

export type Role = typeof roles.$inferSelect;
export type RoleWrite = Omit<RoleInput, "version">;

export const ADMIN_ROLES_PAGE_SIZE = 25;
export const rolePath = (slug: string) => `/careers/${slug}`;

const model = recordModel<Role, RoleWrite>({
  table: roles,
  entity: "role",
  collection: "roles",
  describe: (role) => String(role.title),
  orderBy: [roles.displayOrder, roles.id],
  check: async (tx, input, id) => {
    const taken = await slugTaken(tx, roles, input.slug, id);
    return taken ? { field: "slug", message: ROLE_MESSAGES.slugTaken(input.slug) } : null;
  },
  stored: (input, before) => ({ ...input, ...publicationColumns(input, before) }),
  // The Markdown is rendered here, once per write, so that a view never renders it.
  derived: {
    columns: ["bodyHtml", "cardHtml", "bodyText", "searchExcerpt", "renderedWith"],
    from: async (values, tx) =>
      renderOffThread(
        "role",
        values as Pick<Role, "slug" | "title" | "team" | "location" | "summary" | "body">,
        getConfig().publicUrl.origin,
        await bodyMediaSizes(String(values.body ?? ""), tx),
      ),
  },
  afterWrite: (tx, role, _actor, before) => endPreviewLinksOnceLive(tx, "role", role, before),
  afterDelete: (tx, role) => deleteRecordPreviewLinks(tx, "role", role.id),
});

export const getRole = model.get;
export const createRole = model.create;
export const updateRole = model.update;
export const deleteRole = model.remove;
export const restoreRoleVersion = model.restoreVersion;
export const restoreRoleFromTrash = model.restoreFromTrash;
export const nextRoleOrder = model.nextDisplayOrder;

/** Any role by its slug, whatever its status: an operator's preview. */
export async function getRoleBySlug(slug: string): Promise<Role | null> {
  const [role] = await getDb().select().from(roles).where(eq(roles.slug, slug));
  return role ?? null;
}

/** The admin list, in display order, filtered by state. */
export async function listRoles(filter: { state?: PublicationState | null; page?: number } = {}): Promise<PageOf<Role>> {
  const where = stateCondition(roles, filter.state, now());
  const [counted] = await getDb().select({ n: count() }).from(roles).where(where);
  const total = Number(counted?.n ?? 0);
  const window = pageWindow(total, filter.page ?? 1, ADMIN_ROLES_PAGE_SIZE);
  const items = await getDb().select().from(roles).where(where).orderBy(asc(roles.displayOrder), asc(roles.id)).limit(window.limit).offset(window.offset);
  return { items, total, page: window.page, pageCount: window.pageCount };
}

/** The roles visitors see on /careers, in display order; a closed role has left by itself. */
export function liveRoles(): Promise<Role[]> {
  return cached("roles:live", async () => {
    await watchSchedule();
    return getDb().select().from(roles).where(liveCondition(roles, now())).orderBy(asc(roles.displayOrder), asc(roles.id));
  });
}

/** A live role by slug, or null (a draft, a scheduled or closed role and an unknown slug look the same). */
export async function liveRole(slug: string): Promise<Role | null> {
  return previewedBySlug("roles", slug, (await liveRoles()).find((role) => role.slug === slug) ?? null);
}

/** Live roles, newest first: GET /api/roles. */
export async function liveRolesNewestFirst(): Promise<Role[]> {
  return [...(await liveRoles())].sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id);
}

