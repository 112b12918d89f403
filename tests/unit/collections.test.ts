import { describe, expect, it } from "vitest";
import { TRASH_COLLECTIONS } from "~db/schema";
import { COLLECTIONS, TRASHABLE_COLLECTIONS, VERSIONED_COLLECTIONS } from "~/collections";
import { ADMIN_SCREENS } from "~/utils/admin-screens";

describe("the collections", () => {
  it("each have their own name, admin section and audit entity", () => {
    for (const key of ["name", "section", "entity"] as const) {
      const values = COLLECTIONS.map((collection) => collection[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it("that declare themselves trashable are exactly those the trash table takes", () => {
    expect(TRASHABLE_COLLECTIONS.map((collection) => collection.name).sort()).toEqual(
      [...TRASH_COLLECTIONS].sort(),
    );
  });

  it("keep versions of everything that can be restored from the trash, each with an API schema", () => {
    for (const collection of TRASHABLE_COLLECTIONS) expect(VERSIONED_COLLECTIONS).toContain(collection);
    for (const collection of TRASHABLE_COLLECTIONS)
      expect(collection.history.api.schema).toMatch(/^[A-Z]\w+$/);
  });

  it("give the sidebar a screen each, between the dashboard and the sessions and trash, in their own order", () => {
    const sections = COLLECTIONS.filter((collection) => collection.screen).map(
      (collection) => `/admin/${collection.section}`,
    );
    expect(ADMIN_SCREENS.map((screen) => screen.href)).toEqual([
      "/admin",
      ...sections,
      "/admin/approvals",
      "/admin/promotions",
      "/admin/consent",
      "/admin/waitlist",
      "/admin/sessions",
      "/admin/trash",
    ]);
  });
});
