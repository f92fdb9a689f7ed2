/**
 * Permission maps and the one check the whole product uses (spec 1 section 6, spec 2 section 6). Zod-free, so the
 * web app's entry chunk can import it.
 */
export type PermissionMap = Record<string, string[]>;
export type Requirement = PermissionMap;

/** Passes if any required resource shares at least one action with what the map grants for that resource. */
export function hasPermission(granted: PermissionMap | null | undefined, required: Requirement): boolean {
  if (!granted) return false;
  return Object.entries(required).some(([resource, actions]) => {
    const allowed = granted[resource];
    return !!allowed && actions.some((action) => allowed.includes(action));
  });
}

/** A tenant-level check: the user's role and the tenant must both grant it. */
export function hasTenantPermission(role: PermissionMap | null | undefined, tenant: PermissionMap | null | undefined, required: Requirement) {
  return hasPermission(role, required) && hasPermission(tenant, required);
}

export const CRUD = ['view', 'create', 'edit', 'delete'] as const;

/** The admin settings flags of spec 2 section 6, each with view, create, edit and delete. */
export const adminSettingResources = [
  'flexiblePlans',
  'subscriptionPlans',
  'groups',
  'studentRates',
  'tutorRates',
  'pricingTemplates',
  'roles',
  'tutorRoles',
  'invoices',
  'metaTags',
  'redirections',
  'sitemap',
  'adjustments',
  'transactionLogs',
  'paymentHistory',
  'tutorSorting',
  'callLogs',
] as const;

/** The further flag groups of spec 2 section 6, with the actions each takes. */
export const adminFlagGroups = {
  adminUsers: [...CRUD, 'logInAsUser', 'resendPassword'],
  billing: ['view', 'customerPortalView'],
  manualAdjustments: ['view', 'create'],
  headerContents: ['view', 'edit'],
  trialClasses: [...CRUD],
  penaltyWaivers: ['view', 'appealRequest', 'create', 'respond'],
  adminCourse: [...CRUD],
  courseChat: ['view'],
  adminCourseChat: ['view'],
  usage: ['view'],
  quizzes: [...CRUD],
  submissions: [...CRUD, 'aiAnswer', 'manualAnswer'],
  /** Topics and sub topics with their content (spec 3 §6: admin sub topic and topic calls). */
  adminContent: [...CRUD],
  /** The question bank; approving is its own action so an author need not approve their own questions. */
  questionBank: [...CRUD, 'approve'],
  /** Past-paper catalogues (spec 3 §3, catalogues A–H, issue 33): reading the imported list, and uploading one. */
  pastPapers: ['view', 'import'],
  /** The lesson ledger (issue 30): history rows and their pay, requests to change lessons, pay runs, the policy. */
  lessonHistory: ['view', 'edit', 'export'],
  meetingRequests: ['view', 'respond'],
  payRuns: ['view', 'create'],
  cancellationPolicy: ['view', 'edit'],
  /** The white label (issue 32): the tenant's name, colours, icon, contacts, landing words and mail sender. */
  branding: ['view', 'edit'],
  /** The audit log (issue 32): who did what to whom; it names people and reasons, so it is its own flag. */
  auditLog: ['view'],
  /**
   * "My performance" (spec 3 §6, issue 33): learners' progress. The tenant must grant it for anyone to read progress;
   * an admin's role must too, to read any learner's. Learners, parents and tutors need no role: their own rules apply.
   */
  myPerformance: ['view'],
  /**
   * "Quiz" (spec 3 §6, issue 33): learners' quiz records as admins see them (a learner's attempted quizzes). The
   * question bank, quizzes and submissions keep their own groups.
   */
  quiz: ['view'],
  /**
   * "Resources" (spec 3 §6): each action is one learner resource an admin may look into: lesson whiteboards, lesson
   * sessions, bookmarks, progress, premium (upgrades) and usage.
   */
  resources: ['whiteboard', 'sessions', 'bookmarks', 'progress', 'premium', 'usage'],
} as const satisfies Record<string, readonly string[]>;

export type AdminResource = (typeof adminSettingResources)[number] | keyof typeof adminFlagGroups;

/** Every resource and action an admin role can hold: the roles editor shows exactly these. */
export const adminPermissionCatalogue: Record<AdminResource, readonly string[]> = {
  ...(Object.fromEntries(adminSettingResources.map((r) => [r, CRUD])) as Record<(typeof adminSettingResources)[number], typeof CRUD>),
  ...adminFlagGroups,
};

/** The full map, for the built-in Admin role. */
export const fullAdminPermissions: PermissionMap = Object.fromEntries(
  Object.entries(adminPermissionCatalogue).map(([resource, actions]) => [resource, [...actions]]),
);

/** Course-level actions a tutor role grants (spec 1 section 6). */
export const courseRoleCatalogue = {
  COURSE: ['view', 'edit'],
  SECTION: ['create', 'edit', 'delete'],
  TEAMS: ['create', 'edit', 'delete'],
  ZOOM: ['create', 'edit', 'delete'],
  RESOURCE: ['create'],
} as const satisfies Record<string, readonly string[]>;

export const DEFAULT_TUTOR_ROLE = 'Editor';

export const editorTutorPermissions: PermissionMap = Object.fromEntries(
  Object.entries(courseRoleCatalogue).map(([resource, actions]) => [resource, [...actions]]),
);

/** What a tenant-level check would let through: each role action the tenant also grants. */
export function effectivePermissions(role: PermissionMap | null | undefined, tenant: PermissionMap | null | undefined): PermissionMap {
  const result: PermissionMap = {};
  for (const [resource, actions] of Object.entries(role ?? {})) {
    const allowed = actions.filter((action) => tenant?.[resource]?.includes(action));
    if (allowed.length > 0) result[resource] = allowed;
  }
  return result;
}

/** The first `resource` whose wanted actions are not all held, so nobody can hand out more than they hold. */
export function firstUnheldResource(wanted: PermissionMap, held: PermissionMap | null | undefined): string | null {
  for (const [resource, actions] of Object.entries(wanted)) {
    if (!actions.every((action) => held?.[resource]?.includes(action))) return resource;
  }
  return null;
}
