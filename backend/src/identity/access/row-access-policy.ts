import type { Filter } from '@cans/storage/read-store/read-store.port';

/**
 * THE row-access policy: who may see and who may edit a record owned by a case worker (an assessment, later
 * anything else with an owner). One pure function decides for one record (decideRowAccess); the same rules,
 * as an AccessScope, filter lists (scopeAllows / accessScopeFilter). RowAccessService loads the facts from the
 * read models. Feature privileges (Assessment_Edit, …) are checked separately, by the route.
 *
 * Rules, strongest first (see docs/permissions.md):
 *  1. the administrator (user 1) sees and edits everything;
 *  2. the owner sees and edits their records;
 *  3. a user the record is shared with sees and edits it;
 *  4. the owner's supervisors, all the way up the supervisor tree, see and edit it;
 *  5. a temporary access assignment (Assign Access) from the owner lets the delegate see and edit the owner's
 *     records created on its days and after it was made (never the caseload that existed when it was made);
 *  6. 'Report to Parent Group': when the owner's group reports to its parent group, the parent group's members
 *     see the record (and edit it with Manage_Parent_Case); this continues up while each group reports to its parent;
 *  7. Case_Monitor sees (read-only) every record of the monitor's agency, or of every agency when the monitor
 *     has none (a state-level monitor);
 *  8. API clients read everything (the data feed); they never edit;
 *  otherwise nothing.
 */

export type AccessReason =
  | 'administrator'
  | 'owner'
  | 'shared'
  | 'supervisor'
  | 'temporary-access'
  | 'parent-group'
  | 'agency-monitor'
  | 'state-monitor'
  | 'api-client'
  | 'none';

export interface AccessDecision {
  view: boolean;
  edit: boolean;
  reason: AccessReason;
}

/** The acting principal (AuthenticatedUser fits). */
export interface AccessActor {
  id: string;
  kind: 'user' | 'api-client';
  isAdministrator: boolean;
  privileges: readonly string[];
  groupId: string | null;
  agencyId: string | null;
}

/** What the policy needs to know about a record. */
export interface GuardedRecord {
  /** The case worker who owns it. */
  ownerId: string;
  /** Users it was shared with. */
  sharedWith?: readonly string[];
  agencyId?: string | null;
  /** ISO time the record was created; temporary access covers records created in its date range. */
  createdAt?: string | null;
}

export interface GroupLink {
  id: string;
  parentGroupId: string | null;
  reportsToParent: boolean;
}

/** Facts about the record's owner, from the read models. */
export interface OwnerFacts {
  /** The owner's supervisors, nearest first. */
  supervisorChain: readonly string[];
  /** The owner's group, then its ancestors, nearest first. */
  groupChain: readonly GroupLink[];
  /** Temporary access assignments from the owner to the actor. */
  assignmentsToActor: ReadonlyArray<TemporaryAccess>;
}

/** A temporary access assignment as the policy reads it. */
export interface TemporaryAccess {
  /** yyyy-MM-dd, inclusive. */
  startsOn: string;
  /** yyyy-MM-dd, inclusive. */
  endsOn: string;
  /** ISO time the assignment was made (its event's recordedAt, the same clock as the records' createdAt). */
  assignedAt: string;
}

const decision = (view: boolean, edit: boolean, reason: AccessReason): AccessDecision => ({ view, edit, reason });
export const NO_ACCESS: AccessDecision = decision(false, false, 'none');

/** True when one of the groups the owner's group reports to (transitively) is the actor's group. */
export function reportsUpTo(groupChain: readonly GroupLink[], actorGroupId: string | null): boolean {
  if (!actorGroupId) return false;
  for (const group of groupChain) {
    if (!group.reportsToParent || !group.parentGroupId) return false;
    if (group.parentGroupId === actorGroupId) return true;
  }
  return false;
}

/**
 * Rule 5: the record was created on one of the assignment's days, and not before the assignment was made. Assign
 * Access hands over the assessments one creates from then on ("New Assessments To"), not the existing caseload —
 * also when the assignment starts today.
 */
export function coversCreation(assignment: TemporaryAccess, createdAt: string | null | undefined): boolean {
  if (!createdAt) return false;
  const day = createdAt.slice(0, 10);
  return assignment.startsOn <= day && day <= assignment.endsOn && createdAt >= assignment.assignedAt;
}

/**
 * Whether the actor sees every record (rules 1, 7 without an agency, 8): the administrator, a state-level
 * Case_Monitor (no agency) and API clients. The user-management policy asks it too: only such a user may hand
 * out an API user, which sees every record.
 */
export function seesEveryRecord(actor: Pick<AccessActor, 'kind' | 'isAdministrator' | 'privileges' | 'agencyId'>): boolean {
  return actor.kind === 'api-client' || actor.isAdministrator || (actor.privileges.includes('Case_Monitor') && !actor.agencyId);
}

export function decideRowAccess(actor: AccessActor, record: GuardedRecord, facts: OwnerFacts): AccessDecision {
  if (actor.kind === 'api-client') return decision(true, false, 'api-client');
  if (actor.isAdministrator) return decision(true, true, 'administrator');
  if (record.ownerId === actor.id) return decision(true, true, 'owner');
  if (record.sharedWith?.includes(actor.id)) return decision(true, true, 'shared');
  if (facts.supervisorChain.includes(actor.id)) return decision(true, true, 'supervisor');
  if (facts.assignmentsToActor.some((a) => coversCreation(a, record.createdAt))) return decision(true, true, 'temporary-access');
  if (reportsUpTo(facts.groupChain, actor.groupId)) return decision(true, actor.privileges.includes('Manage_Parent_Case'), 'parent-group');
  if (actor.privileges.includes('Case_Monitor')) {
    if (!actor.agencyId) return decision(true, false, 'state-monitor');
    if (record.agencyId && record.agencyId === actor.agencyId) return decision(true, false, 'agency-monitor');
  }
  return NO_ACCESS;
}

/**
 * Everything an actor may see, as sets a list query can filter on. Built once per request by RowAccessService;
 * scopeAllows(scope, record) gives the same answer as decideRowAccess for that record.
 */
export interface AccessScope {
  actorId: string;
  /** Administrator, state-level monitor, API client: no restriction. */
  everything: boolean;
  /** Whether "everything" includes editing (administrator only). */
  editEverything: boolean;
  /** Why everything is visible (administrator, state-monitor, api-client). */
  everythingReason: AccessReason | null;
  /** Owners whose records the actor may edit: self and all supervisees below. */
  editableOwnerIds: string[];
  /** Owners whose records the actor may only see (parent-group members without Manage_Parent_Case). */
  viewableOwnerIds: string[];
  /** Agencies whose records the actor may see (Case_Monitor). */
  agencyIds: string[];
  /** Temporary access to owners' records created in a date range, after the assignment was made (view and edit). */
  temporary: Array<TemporaryAccess & { ownerId: string }>;
}

export function scopeAllows(scope: AccessScope, record: GuardedRecord): AccessDecision {
  if (scope.everything && scope.editEverything) return decision(true, true, 'administrator');
  if (record.ownerId === scope.actorId) return decision(true, true, 'owner');
  if (record.sharedWith?.includes(scope.actorId)) return decision(true, true, 'shared');
  if (scope.editableOwnerIds.includes(record.ownerId)) return decision(true, true, 'supervisor');
  if (scope.temporary.some((t) => t.ownerId === record.ownerId && coversCreation(t, record.createdAt)))
    return decision(true, true, 'temporary-access');
  if (scope.viewableOwnerIds.includes(record.ownerId)) return decision(true, false, 'parent-group');
  if (scope.everything) return decision(true, false, scope.everythingReason ?? 'state-monitor');
  if (record.agencyId && scope.agencyIds.includes(record.agencyId)) return decision(true, false, 'agency-monitor');
  return NO_ACCESS;
}

/** Field names of a feature's read model, for accessScopeFilter. */
export interface ScopedFields {
  ownerId: string;
  /** A string field holding "|id1|id2|" (the sharedWith ids between bars), so "shared with me" is a $contains. */
  sharedWithKey?: string;
  agencyId?: string;
  /** An ISO date-time or yyyy-MM-dd field. */
  createdAt?: string;
}

type ScopeFilter = Filter;

/**
 * A read-store filter for "records this actor may see" (or may edit, with mode 'edit'). Combine it with the
 * list's own filter using $and.
 */
export function accessScopeFilter(scope: AccessScope, fields: ScopedFields, mode: 'view' | 'edit' = 'view'): ScopeFilter {
  if (scope.everything && (mode === 'view' || scope.editEverything)) return {};
  const owners = new Set([scope.actorId, ...scope.editableOwnerIds, ...(mode === 'view' ? scope.viewableOwnerIds : [])]);
  const anyOf: ScopeFilter[] = [{ [fields.ownerId]: { $in: [...owners] } }];
  if (fields.sharedWithKey) anyOf.push({ [fields.sharedWithKey]: { $contains: `|${scope.actorId}|` } });
  if (fields.createdAt) {
    for (const t of scope.temporary) {
      // The later of the first day and the moment it was made (ISO strings order as times; a day before its times).
      const from = t.assignedAt > t.startsOn ? t.assignedAt : t.startsOn;
      anyOf.push({ $and: [{ [fields.ownerId]: t.ownerId }, { [fields.createdAt]: { $gte: from, $lt: dayAfter(t.endsOn) } }] });
    }
  }
  if (mode === 'view' && fields.agencyId && scope.agencyIds.length) anyOf.push({ [fields.agencyId]: { $in: scope.agencyIds } });
  return { $or: anyOf };
}

/** "2025-07-14" → "2025-07-15": the exclusive upper bound of an inclusive day range. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
