/** Child groups: the assessments of one child (PID) and which is the latest; every other one is "old data". */
import type { ProjectionView } from '../../engine/projection';
import { moveCountersAfterBatch } from './counters';
import {
  ASSESSMENT_CHILDREN_COLLECTION,
  ASSESSMENT_LIST_COLLECTION,
  AssessmentChildDocument,
  AssessmentListDocument,
  ChildGroupMember,
  childKeyOf,
  isLaterThan,
} from './documents';
import { trackDueIndex } from './due-dates';
import { withDerived } from './rows';

const memberOf = (row: AssessmentListDocument): ChildGroupMember => ({
  id: row.id,
  dateOfAssessment: row.dateOfAssessment,
  createdAt: row.createdAt,
});

function latestOf(members: readonly ChildGroupMember[]): string | null {
  let latest: ChildGroupMember | null = null;
  for (const m of members) if (!latest || isLaterThan(m, latest)) latest = m;
  return latest?.id ?? null;
}

/**
 * Moves the row between child groups when its PID, date of assessment or existence changed, and returns the
 * row's own hasLaterAssessment. Other members whose flag changes are rewritten here.
 */
export async function regroup(
  view: ProjectionView,
  before: AssessmentListDocument | null,
  after: AssessmentListDocument | null,
): Promise<boolean> {
  const beforeKey = before && before.cin ? childKeyOf(before.cin) : null;
  const afterKey = after && after.cin ? childKeyOf(after.cin) : null;
  const moved = beforeKey !== afterKey || before?.dateOfAssessment !== after?.dateOfAssessment;
  const self = after ?? before;
  if (!self) return false;
  if (!moved) {
    if (!afterKey) return false;
    const group = await view.get<AssessmentChildDocument>(ASSESSMENT_CHILDREN_COLLECTION, afterKey, { readOnly: true });
    return group ? group.latestId !== self.id : false;
  }
  const touched = new Set([beforeKey, afterKey].filter((k): k is string => k !== null));
  let ownFlag = false;
  for (const key of touched) {
    // Read-only: the group is rewritten as a copy with new members.
    const group = (await view.get<AssessmentChildDocument>(ASSESSMENT_CHILDREN_COLLECTION, key, { readOnly: true })) ?? {
      id: key,
      cin: after?.cin ?? before?.cin ?? key,
      members: [],
      latestId: null,
    };
    const members = group.members.filter((m) => m.id !== self.id);
    if (key === afterKey && after) members.push(memberOf(after));
    const latestId = latestOf(members);
    if (members.length === 0) view.delete(ASSESSMENT_CHILDREN_COLLECTION, key);
    else
      view.upsert(ASSESSMENT_CHILDREN_COLLECTION, { ...group, cin: key === afterKey && after ? after.cin : group.cin, members, latestId });
    await reflagOthers(view, members, self.id, latestId);
    if (key === afterKey) ownFlag = latestId !== self.id;
  }
  return ownFlag;
}

/** Every other member's flag is "not the latest"; rewrites those whose flag changed. */
async function reflagOthers(
  view: ProjectionView,
  members: readonly ChildGroupMember[],
  selfId: string,
  latestId: string | null,
): Promise<void> {
  for (const member of members) {
    if (member.id === selfId) continue;
    const other = await view.get<AssessmentListDocument>(ASSESSMENT_LIST_COLLECTION, member.id, { readOnly: true });
    if (!other) continue;
    const hasLater = latestId !== member.id;
    if (other.hasLaterAssessment !== hasLater) {
      const updated = await withDerived(view, { ...other, hasLaterAssessment: hasLater });
      view.upsert(ASSESSMENT_LIST_COLLECTION, updated);
      await trackDueIndex(view, other, updated);
      // Its due date (and so its due-day counter) goes or comes back with the flag.
      moveCountersAfterBatch(view, other.id, other);
    }
  }
}
