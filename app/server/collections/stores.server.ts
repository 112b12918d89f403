import type { CollectionName } from "~/collections";
import { companySettings } from "~/collections/company-settings";
import { cookieRegister } from "~/collections/cookie-register";
import * as cookieRegisterModel from "~/models/cookie-register.server";
import { hero } from "~/collections/hero";
import { menuItems } from "~/collections/menu-items";
import { notificationSettings } from "~/collections/notification-settings";
import { operators } from "~/collections/operators";
import * as operatorsModel from "~/models/operators.server";
import { operatorRecord, operatorUpdateRequest } from "~/server/api/operator-resources.server";
import { posts } from "~/collections/posts";
import { products } from "~/collections/products";
import { redirects } from "~/collections/redirects";
import { regulatoryStatus } from "~/collections/regulatory-status";
import { riskWarnings } from "~/collections/risk-warnings";
import * as riskWarningsModel from "~/models/risk-warnings.server";
import * as regulatoryStatusModel from "~/models/regulatory-status.server";
import { roles } from "~/collections/roles";
import { seoSettings } from "~/collections/seo-settings";
import { statistics } from "~/collections/statistics";
import * as companySettingsModel from "~/models/company-settings.server";
import * as heroModel from "~/models/hero.server";
import * as menuItemsModel from "~/models/menu-items.server";
import * as messageSettingsModel from "~/models/message-settings.server";
import * as postsModel from "~/models/posts.server";
import * as productsModel from "~/models/products.server";
import * as redirectsModel from "~/models/redirects.server";
import * as rolesModel from "~/models/roles.server";
import * as seoSettingsModel from "~/models/seo-settings.server";
import * as statisticsModel from "~/models/statistics.server";
import { menuItemSchema } from "~/schemas/menu-item";
import { POST_CATEGORIES } from "~/schemas/post";
import { productSchema } from "~/schemas/product";
import { statisticSchema } from "~/schemas/statistic";
import {
  companySettingsRecord,
  companySettingsRequest,
  cookieRegisterRecord,
  cookieRegisterRequest,
  heroRecord,
  heroRequest,
  menuItemJson,
  productJson,
  productRecord,
  menuItemRecord,
  menuItemRequest,
  menuItemUpdateRequest,
  redirectJson,
  redirectRecord,
  redirectRequest,
  redirectUpdateRequest,
  regulatoryStatusJson,
  regulatoryStatusRecord,
  regulatoryStatusRequest,
  riskWarningsRecord,
  riskWarningsRequest,
  seoSettingsRecord,
  seoSettingsRequest,
  statisticJson,
  statisticRecord,
} from "~/server/api/api-resources.server";
import {
  postAdminJson,
  postAdminPage,
  postAdminRecord,
  postRequest,
  postUpdateRequest,
  roleAdminJson,
  roleAdminPage,
  roleAdminRecord,
  roleRequest,
  roleUpdateRequest,
} from "~/server/api/publishing-resources.server";
import { operatorSchema } from "~/schemas/operator";
import { awaitingApproval, publishesMarkedPromotion } from "~/server/promotions/approvals.server";
import { readPublicationBody } from "~/server/api/publishing-api.server";
import {
  notificationSettingsJson,
  notificationSettingsRecord,
  notificationSettingsRequest,
} from "~/server/api/notification-resources.server";
import {
  formJson,
  publishedSettings,
  recordStore,
  settingsJson,
  settingsStore,
  type CollectionStore,
} from "./store.server";

/**
 * Each collection's store (store.server.ts), by the collection's name: the one place a record type's
 * model is bound. History, the trash, the admin's dialogs and the JSON API find a collection's functions
 * here. Media, messages and legal documents have screens and routes of their own and no store.
 */
export const STORES = {
  "hero-content": awaitingApproval(
    "hero-content",
    publishedSettings(hero, heroModel.heroStoreFunctions, [heroRequest, heroRecord], {
      notFound: "Hero content not found",
      read: "The home page's hero",
      update: "Update the hero",
    }),
  ),
  statistics: awaitingApproval(
    "statistics",
    recordStore(statistics, {
      get: statisticsModel.getStatistic,
      list: statisticsModel.listStatistics,
      nextDisplayOrder: statisticsModel.nextStatisticOrder,
      create: statisticsModel.createStatistic,
      update: statisticsModel.updateStatistic,
      remove: statisticsModel.deleteStatistic,
      restoreVersion: statisticsModel.restoreStatisticVersion,
      restoreFromTrash: statisticsModel.restoreStatisticFromTrash,
      label: (row) => `${row.value} ${row.label}`,
      json: formJson(statisticSchema, "Statistic not found", {
        record: statisticRecord,
        toJson: statisticJson,
        published: { summary: "Statistics in display order", read: statisticsModel.listStatistics },
      }),
    }),
  ),
  products: awaitingApproval(
    "products",
    recordStore(products, {
      get: productsModel.getProduct,
      list: productsModel.listProducts,
      nextDisplayOrder: productsModel.nextProductOrder,
      create: productsModel.createProduct,
      update: productsModel.updateProduct,
      remove: productsModel.deleteProduct,
      restoreVersion: productsModel.restoreProductVersion,
      restoreFromTrash: productsModel.restoreProductFromTrash,
      label: (row) => row.name,
      json: formJson(productSchema, "Product not found", {
        record: productRecord,
        toJson: productJson,
        published: { summary: "Products in display order", read: productsModel.listProducts },
      }),
    }),
  ),
  "menu-items": recordStore(menuItems, {
    get: menuItemsModel.getMenuItem,
    list: menuItemsModel.listMenuItems,
    nextDisplayOrder: menuItemsModel.nextMenuItemOrder,
    create: menuItemsModel.createMenuItem,
    update: menuItemsModel.updateMenuItem,
    remove: menuItemsModel.deleteMenuItem,
    restoreVersion: menuItemsModel.restoreMenuItemVersion,
    restoreFromTrash: menuItemsModel.restoreMenuItemFromTrash,
    label: (row) => row.label,
    dependents: (row) => menuItemsModel.countMenuDescendants(row.id),
    json: formJson(menuItemSchema, "Menu item not found", {
      record: menuItemRecord,
      toJson: menuItemJson,
      create: menuItemRequest,
      update: menuItemUpdateRequest,
      // SPEC 3: the API's parentId is a string; the table keeps a number.
      values: (values) => ({
        ...values,
        parentId: values.parentId === null || values.parentId === undefined ? null : String(values.parentId),
      }),
    }),
  }),
  // A post or role waits only when it publishes one marked as a financial promotion (a new product update is).
  posts: awaitingApproval(
    "posts",
    recordStore(posts, {
      get: postsModel.getPost,
      create: postsModel.createPost,
      update: postsModel.updatePost,
      remove: postsModel.deletePost,
      restoreVersion: postsModel.restorePostVersion,
      restoreFromTrash: postsModel.restorePostFromTrash,
      label: (row) => row.title,
      json: {
        notFound: "Post not found",
        record: postAdminRecord,
        toJson: postAdminJson,
        create: postRequest,
        update: postUpdateRequest,
        readable: true,
        readBody: readPublicationBody,
        paged: {
          summary: "Every post, any status, most recently changed first, 25 a page",
          page: postAdminPage,
          filters: [
            {
              name: "state",
              values: ["draft", "scheduled", "published"],
              description: "Only posts in this state.",
            },
            { name: "category", values: POST_CATEGORIES, description: "Only posts of this category." },
          ],
          list: (query) => postsModel.listPosts(query as postsModel.PostFilter),
        },
        summaries: {
          create: "Create a post (a draft, published now, or scheduled by publishAt)",
          read: "A post, any status",
          update: "Update a post (a new slug of a published post redirects the old address, 301)",
        },
      },
    }),
    publishesMarkedPromotion((values) => values.category === "product_update"),
  ),
  roles: awaitingApproval(
    "roles",
    recordStore(roles, {
      get: rolesModel.getRole,
      create: rolesModel.createRole,
      update: rolesModel.updateRole,
      remove: rolesModel.deleteRole,
      restoreVersion: rolesModel.restoreRoleVersion,
      restoreFromTrash: rolesModel.restoreRoleFromTrash,
      label: (row) => row.title,
      json: {
        notFound: "Role not found",
        record: roleAdminRecord,
        toJson: roleAdminJson,
        create: roleRequest,
        update: roleUpdateRequest,
        readable: true,
        readBody: readPublicationBody,
        paged: {
          summary: "Every role, any status, in display order, 25 a page",
          page: roleAdminPage,
          filters: [
            {
              name: "state",
              values: ["draft", "scheduled", "published", "closed"],
              description: "Only roles in this state.",
            },
          ],
          list: (query) => rolesModel.listRoles(query as Parameters<typeof rolesModel.listRoles>[0]),
        },
        summaries: { read: "A role, any status" },
      },
    }),
    publishesMarkedPromotion(() => false),
  ),
  "seo-settings": publishedSettings(
    seoSettings,
    seoSettingsModel.seoSettingsStoreFunctions,
    [seoSettingsRequest, seoSettingsRecord],
    {
      notFound: "SEO settings not found",
      read: "SEO and analytics settings",
      update: "Update SEO and analytics settings",
    },
  ),
  "company-settings": publishedSettings(
    companySettings,
    companySettingsModel.companySettingsStoreFunctions,
    [companySettingsRequest, companySettingsRecord],
    {
      notFound: "Company settings not found",
      read: "Company settings",
      update: "Update company settings",
    },
  ),
  // Issue 37: the firm's status and the prescribed warnings are shown beside every promotion; with approval
  // on, a change to either waits for an approver like the hero (decision 0028).
  "regulatory-status": awaitingApproval(
    "regulatory-status",
    settingsStore(regulatoryStatus, {
      read: regulatoryStatusModel.readRegulatoryStatus,
      update: regulatoryStatusModel.updateRegulatoryStatus,
      restoreVersion: regulatoryStatusModel.restoreRegulatoryStatusVersion,
      json: settingsJson(regulatoryStatusRequest, regulatoryStatusRecord, "Regulatory status not found", {
        toJson: regulatoryStatusJson as (record: object) => unknown,
        published: {
          summary: "The firm's legal and regulatory status, with the disclosure in effect now",
          read: regulatoryStatusModel.getRegulatoryStatus,
        },
        summaries: { update: "Replace the regulatory status (admins)" },
        descriptions: {
          update:
            'Refused (400) when a free text uses "FCA" in place of "Financial Conduct Authority", an FRN is not 6 or 7 digits, or a status lacks what it needs (a principal and its FRN; the firm\'s own FRN). `scheduledStatus` with `takesEffectAt` takes effect by itself at that time (while approval is required, only once approved).',
        },
      }),
    }),
  ),
  "risk-warnings": awaitingApproval(
    "risk-warnings",
    publishedSettings(
      riskWarnings,
      riskWarningsModel.riskWarningsStoreFunctions,
      [riskWarningsRequest, riskWarningsRecord],
      {
        notFound: "Risk warnings not found",
        read: "The prescribed risk warnings, one per high-risk class (rmmi, cryptoasset)",
        update: "Replace both risk warnings (admins)",
      },
    ),
  ),
  "cookie-register": publishedSettings(
    cookieRegister,
    {
      get: cookieRegisterModel.getCookieRegister,
      read: cookieRegisterModel.readCookieRegister,
      update: cookieRegisterModel.updateCookieRegister,
      restoreVersion: cookieRegisterModel.restoreCookieRegisterVersion,
    },
    [cookieRegisterRequest, cookieRegisterRecord],
    {
      notFound: "Cookie register not found",
      read: "The cookie register: every cookie and storage item the site sets",
      update: "Replace the cookie register",
    },
  ),
  "notification-settings": settingsStore(notificationSettings, {
    read: messageSettingsModel.readMessageSettings,
    update: messageSettingsModel.updateNotificationRouting,
    restoreVersion: messageSettingsModel.restoreMessageSettingsVersion,
    json: settingsJson(
      notificationSettingsRequest,
      notificationSettingsRecord,
      "Notification settings not found",
      {
        toJson: notificationSettingsJson,
        readable: true,
        summaries: {
          read: "Who is e-mailed about a new message",
          update: "Change who is e-mailed about a new message",
        },
        descriptions: {
          update:
            "Replaces the routing: `defaultRecipients` (at least one address) are told of every message whose subject has no recipients of its own; `routes` gives a preset subject its own recipients (a subject left out, or with none, goes to the defaults). Addresses are lowercased and each kept once. With `version`, a change made since is not overwritten (409).",
        },
      },
    ),
  }),
  operators: recordStore(operators, {
    get: operatorsModel.getOperator,
    list: operatorsModel.listOperators,
    create: operatorsModel.createOperator,
    update: operatorsModel.updateOperator,
    remove: operatorsModel.removeOperator,
    restoreVersion: operatorsModel.restoreOperatorVersion,
    restoreFromTrash: null,
    label: (row) => `${row.name} <${row.email}>`,
    json: formJson(operatorSchema, "Operator not found", {
      record: operatorRecord,
      update: operatorUpdateRequest,
      listed: true,
      deleteConflicts: true,
      readable: true,
      summaries: {
        list: "Every operator, by name",
        create: "Add an operator",
        update: "Change an operator's name or role",
        delete: "Remove an operator",
      },
      descriptions: {
        create:
          "The address is the one they sign in with at the identity provider. An address removed before comes back with its history.",
        update:
          "Refused (400, under `role`) for the caller's own role and for the last admin. A narrower role applies to their open sessions at once.",
        delete:
          "They can no longer sign in and their sessions end at once. Refused (409) for the last admin and for the caller.",
      },
    }),
  }),
  redirects: recordStore(redirects, {
    get: redirectsModel.getRedirect,
    list: redirectsModel.allRedirects,
    create: redirectsModel.createRedirect,
    update: redirectsModel.updateRedirect,
    remove: redirectsModel.deleteRedirect,
    restoreVersion: redirectsModel.restoreRedirectVersion,
    restoreFromTrash: redirectsModel.restoreRedirectFromTrash,
    label: (row) => row.from,
    json: {
      notFound: "Redirect not found",
      record: redirectRecord,
      toJson: redirectJson,
      create: redirectRequest,
      update: redirectUpdateRequest,
      listed: true,
      summaries: {
        list: "Every redirect rule, by from",
        create: "Create a redirect rule (or a 410 for a removed page)",
        update: "Update a redirect rule",
        delete: "Delete a redirect rule",
      },
    },
  }),
} satisfies Partial<Record<CollectionName, CollectionStore>>;
