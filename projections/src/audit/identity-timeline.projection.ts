import {
  ACCESS_ASSIGNMENT_EVENT_TYPES,
  AccessAssignmentEvent,
  AccessAssignmentEvents,
} from '@cans/domain/identity/access-assignment.events';
import { API_USER_EVENT_TYPES, ApiUserEvent, ApiUserEvents } from '@cans/domain/identity/api-user.events';
import { USER_EVENT_TYPES, UserEvent, UserEvents } from '@cans/domain/identity/user.events';
import { USER_GROUP_EVENT_TYPES, UserGroupEvent, UserGroupEvents } from '@cans/domain/identity/user-group.events';
import { defineEventProjection, ProjectionView } from '../engine/projection';

export const TIMELINE_USERS_COLLECTION = 'identity_timeline_users';
export const TIMELINE_GROUPS_COLLECTION = 'identity_timeline_groups';
export const TIMELINE_API_USERS_COLLECTION = 'identity_timeline_api_users';
export const TIMELINE_ASSIGNMENTS_COLLECTION = 'identity_timeline_assignments';

/** A state of a user from `from` (recordedAt of the event that made it) until the next version. */
export interface UserVersion {
  from: string;
  name: string;
  status: number;
  userGroupId: string;
  supervisorId: string | null;
  agencyId: string | null;
  /** yyyy-MM-dd, inclusive; null: never expires. */
  expirationDate: string | null;
  deleted: boolean;
}

export interface GroupVersion {
  from: string;
  name: string;
  parentGroupId: string | null;
  reportsToParent: boolean;
  privileges: string[];
  deleted: boolean;
}

export interface ApiUserVersion {
  from: string;
  name: string;
  deleted: boolean;
}

/** Every version of one user, group or API user, oldest first; `since` is the first version's `from`. */
export interface TimelineDocument<TVersion> {
  id: string;
  since: string;
  versions: TVersion[];
  [field: string]: unknown;
}

export type UserTimelineDocument = TimelineDocument<UserVersion>;
export type GroupTimelineDocument = TimelineDocument<GroupVersion>;
export type ApiUserTimelineDocument = TimelineDocument<ApiUserVersion>;

/** A temporary access assignment, kept after it was revoked: it counts from assignedAt until revokedAt. */
export interface AssignmentTimelineDocument {
  id: string;
  ownerId: string;
  delegateId: string;
  startsOn: string;
  endsOn: string;
  assignedAt: string;
  revokedAt: string | null;
  [field: string]: unknown;
}

const sameVersion = (a: object, b: object): boolean => JSON.stringify({ ...a, from: '' }) === JSON.stringify({ ...b, from: '' });

/**
 * Appends the version `next(last)` (last: the newest version, null for a new document) unless it changes nothing the
 * timeline keeps (an e-mail change, say); next returning null appends nothing.
 */
async function addVersion<TVersion extends { from: string }>(
  view: ProjectionView,
  collection: string,
  id: string,
  next: (last: TVersion | null) => TVersion | null,
): Promise<void> {
  const document = await view.get<TimelineDocument<TVersion>>(collection, id, { readOnly: true });
  const last = document?.versions[document.versions.length - 1] ?? null;
  const version = next(last);
  if (!version || (last && sameVersion(last, version))) return;
  view.upsert(collection, {
    id,
    since: document?.since ?? version.from,
    versions: [...(document?.versions ?? []), version],
  } satisfies TimelineDocument<TVersion>);
}

type TimelineEvent = UserEvent | UserGroupEvent | ApiUserEvent | AccessAssignmentEvent;

/**
 * The identity as it stood at any past moment, for "who could see this record on date X" (audit): per user, group
 * and API user the list of its versions (only what row access and the answer's names need), and every temporary
 * access assignment with when it was made and revoked. "As at X" is one find per collection (since ≤ X) and, per
 * document, the last version from ≤ X (identity-timeline.queries.ts). Deleted records stay, with a deleted version.
 */
export const identityTimelineProjection = defineEventProjection<TimelineEvent>({
  name: 'identity-timeline',
  version: 1,
  collections: [
    { name: TIMELINE_USERS_COLLECTION, indexes: ['since'] },
    { name: TIMELINE_GROUPS_COLLECTION, indexes: ['since'] },
    { name: TIMELINE_API_USERS_COLLECTION, indexes: ['since'] },
    { name: TIMELINE_ASSIGNMENTS_COLLECTION, indexes: ['ownerId', 'assignedAt'] },
  ],
  eventTypes: [...USER_EVENT_TYPES, ...USER_GROUP_EVENT_TYPES, ...API_USER_EVENT_TYPES, ...ACCESS_ASSIGNMENT_EVENT_TYPES],
  async apply(event, view) {
    const from = event.recordedAt;
    const user = (id: string, next: (last: UserVersion | null) => UserVersion | null) =>
      addVersion<UserVersion>(view, TIMELINE_USERS_COLLECTION, id, next);
    switch (event.type) {
      case UserEvents.Created:
      case UserEvents.Updated: {
        const data = event.data;
        // An update of a user the timeline never saw created is ignored, as the users read model does.
        await user(data.userId, (last) =>
          !last && event.type === UserEvents.Updated
            ? null
            : {
                from,
                name: `${data.firstName} ${data.lastName}`.trim(),
                status: data.status,
                userGroupId: data.userGroupId,
                supervisorId: data.supervisorId,
                agencyId: data.agencyId,
                expirationDate: data.expirationDate,
                deleted: false,
              },
        );
        break;
      }
      case UserEvents.ProfileUpdated: {
        const data = event.data;
        await user(data.userId, (last) => last && { ...last, from, name: `${data.firstName} ${data.lastName}`.trim() });
        break;
      }
      case UserEvents.Approved:
        await user(event.data.userId, (last) => last && { ...last, from, status: 1 });
        break;
      case UserEvents.Deleted: {
        const data = event.data;
        // The deleted user's supervisees report to the successor from this moment on.
        for (const superviseeId of data.reassignedSuperviseeIds)
          await user(superviseeId, (last) => last && { ...last, from, supervisorId: data.successorUserId });
        await user(data.userId, (last) => last && { ...last, from, deleted: true });
        break;
      }
      case UserGroupEvents.Created:
      case UserGroupEvents.Updated: {
        const data = event.data;
        await addVersion<GroupVersion>(view, TIMELINE_GROUPS_COLLECTION, data.groupId, () => ({
          from,
          name: data.name,
          parentGroupId: data.parentGroupId,
          reportsToParent: data.reportsToParent,
          privileges: [...data.privileges],
          deleted: false,
        }));
        break;
      }
      case UserGroupEvents.Deleted:
        await addVersion<GroupVersion>(
          view,
          TIMELINE_GROUPS_COLLECTION,
          event.data.groupId,
          (last) => last && { ...last, from, deleted: true },
        );
        break;
      case ApiUserEvents.Created:
      case ApiUserEvents.Updated: {
        const data = event.data;
        await addVersion<ApiUserVersion>(view, TIMELINE_API_USERS_COLLECTION, data.apiUserId, () => ({
          from,
          name: data.username,
          deleted: false,
        }));
        break;
      }
      case ApiUserEvents.Deleted:
        await addVersion<ApiUserVersion>(
          view,
          TIMELINE_API_USERS_COLLECTION,
          event.data.apiUserId,
          (last) => last && { ...last, from, deleted: true },
        );
        break;
      case AccessAssignmentEvents.Assigned: {
        const data = event.data;
        view.upsert(TIMELINE_ASSIGNMENTS_COLLECTION, {
          id: data.assignmentId,
          ownerId: data.ownerId,
          delegateId: data.delegateId,
          startsOn: data.startsOn,
          endsOn: data.endsOn,
          assignedAt: from,
          revokedAt: null,
        } satisfies AssignmentTimelineDocument);
        break;
      }
      case AccessAssignmentEvents.Revoked:
        view.patch(TIMELINE_ASSIGNMENTS_COLLECTION, event.data.assignmentId, { revokedAt: from });
        break;
    }
  },
});
