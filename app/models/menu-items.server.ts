import { and, eq } from "drizzle-orm";
import { menuItems } from "~db/schema";
import { MENU_TYPE_LABELS, type MenuItemInput, type MenuType } from "~/schemas/menu-item";
import type { Actor } from "./actor";
import { cached } from "./content-cache.server";
import { recordModel, type Tx } from "./versioned-records.server";

export type MenuItemRow = typeof menuItems.$inferSelect;

/** The stored parentId is a number; SPEC's API and forms carry it as a string. */
type MenuItemValues = Omit<MenuItemInput, "parentId"> & { parentId: number | null };

const model = recordModel<MenuItemRow, MenuItemValues>({
  table: menuItems,
  entity: "menu item",
  collection: "menu-items",
  dependents: (tx, item) => descendants(tx, item.id),
  describe: (m) => String(m.label),
  async check(tx, input, id) {
    if (input.parentId === null) return null;
    if (input.parentId === id) return { field: "parentId", message: "A menu item cannot be its own parent" };
    const [parent] = await tx
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(and(eq(menuItems.id, input.parentId), eq(menuItems.menuType, input.menuType)));
    if (!parent) {
      return { field: "parentId", message: `Parent ID must name an existing ${MENU_TYPE_LABELS[input.menuType]} menu item` };
    }
    const loop = id === null ? null : await ancestorLoop(tx, input.parentId, id);
    return loop
      ? { field: "parentId", message: `Parent ID ${input.parentId} would make a loop: "${loop}" is already nested under this menu item` }
      : null;
  },
});

/**
 * Walks up from `parentId`: if it meets `id`, making `parentId` the parent would close a loop, and the
 * answer is the label of the item under `id` that leads back to it. Stops at the top or after enough steps
 * to have seen every item of any real menu.
 */
async function ancestorLoop(tx: Tx, parentId: number, id: number): Promise<string | null> {
  const rows = await tx.select({ id: menuItems.id, parentId: menuItems.parentId, label: menuItems.label }).from(menuItems);
  const byId = new Map(rows.map((row) => [row.id, row]));
  let current = byId.get(parentId);
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    if (current.parentId === id) return current.label;
    seen.add(current.id);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return null;
}

/** The items nested under a menu item, at any depth, parents before their children. */
async function descendants(tx: Tx, id: number): Promise<MenuItemRow[]> {
  const rows = await tx.select().from(menuItems);
  const found: MenuItemRow[] = [];
  const seen = new Set([id]);
  for (let level = [id]; level.length > 0; ) {
    const next = rows.filter((row) => row.parentId !== null && level.includes(row.parentId) && !seen.has(row.id));
    for (const row of next) seen.add(row.id);
    found.push(...next);
    level = next.map((row) => row.id);
  }
  return found;
}

/** How many items are nested under a menu item (its delete takes them to the trash too). */
export async function countMenuDescendants(id: number): Promise<number> {
  const rows = await listMenuItems();
  let count = 0;
  for (let level = [id]; level.length > 0; ) {
    const next = rows.filter((row) => row.parentId !== null && level.includes(row.parentId)).map((row) => row.id);
    count += next.length;
    level = next;
  }
  return count;
}

function toValues(input: MenuItemInput): MenuItemValues {
  return { ...input, parentId: input.parentId === null ? null : Number(input.parentId) };
}

export const getMenuItem = model.get;
export const countMenuItems = model.total;
export const nextMenuItemOrder = model.nextDisplayOrder;
export const deleteMenuItem = model.remove;
export const restoreMenuItemVersion = model.restoreVersion;
export const restoreMenuItemFromTrash = model.restoreFromTrash;
export function createMenuItem(input: MenuItemInput, actor: Actor) {
  return model.create(toValues(input), actor);
}

export function updateMenuItem(id: number, input: MenuItemInput, actor: Actor, expectedVersion?: number) {
  return model.update(id, toValues(input), actor, expectedVersion);
}

/** Every menu item in display order, served from the content cache. */
export function listMenuItems(): Promise<MenuItemRow[]> {
  return cached("menu-items", model.list);
}

/** What visitors see: the active items of one menu, in display order. */
export async function listActiveMenu(menuType: MenuType): Promise<MenuItemRow[]> {
  return (await listMenuItems()).filter((item) => item.menuType === menuType && item.isActive);
}
